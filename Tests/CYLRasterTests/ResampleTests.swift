import Testing
@testable import CYLRaster

/// Resampling for raster sources: expectations computed by hand from the box and bilinear filters.
struct ResampleTests {
    func image(_ w: Int, _ h: Int, _ color: (Int, Int) -> RGBA8) throws -> Pixmap {
        var p = try Pixmap(width: w, height: h)
        for y in 0..<h { for x in 0..<w { p[x, y] = color(x, y).premultiplied } }
        return p
    }

    @Test func sameSizeIsAnExactCopy() throws {
        let src = try image(7, 5) { x, y in RGBA8(UInt8(x * 30), UInt8(y * 50), 99, UInt8(40 + x * 20)) }
        #expect(try src.fitted(to: PixelSize(7, 5)) == src)
    }

    @Test func halvingAveragesEachTwoByTwoBlock() throws {
        let values: [UInt8] = [0, 40, 200, 255,  80, 120, 10, 30,  255, 255, 0, 0,  255, 255, 0, 100]
        let src = try image(4, 4) { x, y in let v = values[y * 4 + x]; return RGBA8(v, v, v, 255) }
        let out = try src.fitted(to: PixelSize(2, 2))
        func avg(_ a: Int, _ b: Int, _ c: Int, _ d: Int) -> Int {
            (Int(values[a]) + Int(values[b]) + Int(values[c]) + Int(values[d]) + 2) / 4
        }
        #expect(Int(out[0, 0].r) == avg(0, 1, 4, 5))
        #expect(Int(out[1, 0].r) == avg(2, 3, 6, 7))
        #expect(Int(out[0, 1].r) == avg(8, 9, 12, 13))
        #expect(Int(out[1, 1].r) == avg(10, 11, 14, 15))
        #expect(out[1, 1].a == 255)
    }

    @Test func transparentNeighboursAddNoDarkFringe() throws {
        // Opaque red beside fully transparent pixels; a 3:1 reduction mixes them. Averaging straight
        // alpha would give a dark red; premultiplied averaging keeps pure red at partial alpha.
        let src = try image(6, 3) { x, _ in x < 4 ? RGBA8(255, 0, 0, 255) : .transparent }
        let out = try src.fitted(to: PixelSize(2, 1))
        let mixed = out[1, 0].unpremultiplied
        #expect(mixed.a == 85, "one of three columns is opaque: alpha 255/3")
        #expect(mixed.r >= 254 && mixed.g == 0 && mixed.b == 0)
        #expect(out[0, 0] == RGBA8(255, 0, 0, 255))
    }

    @Test func fitAndCentreLeavesProportionalEdges() throws {
        // 100x50 into 81x81: scale 0.81, image rows cover y in [20.25, 60.75].
        let src = try image(100, 50) { _, _ in RGBA8(0, 0, 255, 255) }
        let out = try src.fitted(to: PixelSize(81, 81))
        let place = FitPlacement(source: src.size, target: out.size)
        #expect(place.scale == 0.81 && place.originX == 0 && abs(place.originY - 20.25) < 1e-12)
        for x in [0, 40, 80] {
            #expect(out[x, 19].a == 0)
            #expect(out[x, 20].a == 191, "row 20 is 3/4 covered: 0.75 * 255 = 191.25")
            #expect(out[x, 21].a == 255)
            #expect(out[x, 59].a == 255)
            #expect(out[x, 60].a == 191)
            #expect(out[x, 61].a == 0)
        }
        let total = out.bytes.enumerated().filter { $0.offset % 4 == 3 }.reduce(0) { $0 + Int($1.element) }
        let area = 81.0 * 40.5 * 255
        #expect(abs(Double(total) - area) <= 81 * 2, "alpha sums to the image's scaled area within rounding")
    }

    @Test func doublingInterpolatesBilinearly() throws {
        let a = 40, b = 200
        let src = try image(2, 1) { x, _ in let v = UInt8(x == 0 ? a : b); return RGBA8(v, v, v, 255) }
        let out = try src.fitted(to: PixelSize(4, 2))
        // Destination centres map to source u = -0.25, 0.25, 0.75, 1.25; the ends clamp.
        let expected = [a, (3 * a + b + 2) / 4, (a + 3 * b + 2) / 4, b]
        for y in 0..<2 { for x in 0..<4 { #expect(Int(out[x, y].r) == expected[x], "x=\(x) y=\(y)") } }
    }

    @Test func premultipliedInvariantHolds() throws {
        let src = try image(13, 9) { x, y in RGBA8(255, UInt8(x * 19), UInt8(y * 28), UInt8((x * 37 + y * 11) % 256)) }
        for size in [PixelSize(5, 5), PixelSize(40, 17), PixelSize(13, 30)] {
            let out = try src.fitted(to: size)
            for y in 0..<out.height { for x in 0..<out.width {
                let p = out[x, y]
                #expect(p.r <= p.a && p.g <= p.a && p.b <= p.a)
            } }
        }
    }

    @Test func flattenOntoBackground() throws {
        var p = try image(2, 1) { x, _ in x == 0 ? RGBA8(255, 0, 0, 128) : .transparent }
        p.flatten(onto: .white)
        #expect(p[1, 0] == .white)
        // 50% red over white: r = 128 + 255*127/255 = 255, g = b = 127.
        #expect(p[0, 0] == RGBA8(255, 127, 127, 255))
    }
}
