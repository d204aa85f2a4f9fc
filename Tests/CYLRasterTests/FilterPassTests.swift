import CYLGeometry
@testable import CYLRaster
import Testing

/// libpag's filter pass (`ContentSnapshot.Grid.filterPass`) and the spread of its drop shadows
/// (`DropShadow.SpreadShape.sampledRing`): expectations worked out by hand.
@Suite struct FilterPassTests {
    @Test func theScaleRoundsUpToATwentieth() {
        #expect(ContentSnapshot.filterPassScale(0.2) == 0.2, "0.2 is 4/20 already (single precision says so too)")
        #expect(ContentSnapshot.filterPassScale(0.2 + 1e-12) == 0.2, "a double's last bits do not push it up")
        #expect(ContentSnapshot.filterPassScale(256.0 / 1920) == 0.15)
        #expect(ContentSnapshot.filterPassScale(0.21) == 0.25)
        #expect(ContentSnapshot.filterPassScale(1) == 1)
        #expect(ContentSnapshot.filterPassScale(0.001) == 0.05, "never below a twentieth")
    }

    /// Bounds (4, −81)–(196, 10) at 0.2 (assets/text1.pag's text): whole units already, scaled to
    /// (0.8, −16.2)–(39.2, 2), rounded out to (0, −17)–(40, 2): a 40 × 19 bitmap whose pixel
    /// (0, 0) is the content's (0, −85).
    @Test func theBitmapIsTheBoundsRoundedOutThenScaledAndRoundedOut() throws {
        let snapshot = ContentSnapshot(grid: .filterPass(bounds: Rect(minX: 4, minY: -81, maxX: 196, maxY: 10)))
        let m = Transform(a: 0.2, b: 0, c: 0, d: 0.2, tx: 127.2, ty: 145.9)
        let (toBitmap, w, h) = try #require(snapshot.bitmapMapping(bounds: Rect(minX: 4, minY: -81, maxX: 196, maxY: 10), m))
        #expect(w == 40 && h == 19)
        let corner = toBitmap.apply(Point(0, -85))
        #expect(abs(corner.x) < 1e-9 && abs(corner.y) < 1e-9, "\(corner)")
        let far = toBitmap.apply(Point(200, 10))
        #expect(abs(far.x - 40) < 1e-9 && abs(far.y - 19) < 1e-9, "\(far)")
    }

    /// An image layer's filter pass is drawn at no more than its pixels' scale: a 100 x 50 image
    /// shown at 2.5x has a 100 x 50 bitmap with a limit of 1, 250 x 125 without.
    @Test func theScaleLimitCapsTheBitmap() throws {
        let m = Transform.scale(2.5, 2.5), bounds = Rect(x: 0, y: 0, width: 100, height: 50)
        let limited = ContentSnapshot(grid: .filterPass(bounds: bounds, scaleLimit: 1))
        let (_, w, h) = try #require(limited.bitmapMapping(bounds: bounds, m))
        #expect(w == 100 && h == 50)
        let free = ContentSnapshot(grid: .filterPass(bounds: bounds))
        let (_, fw, fh) = try #require(free.bitmapMapping(bounds: bounds, m))
        #expect(fw == 250 && fh == 125)
    }

    /// A ring of radius 3 about each pixel reaches a lone covered pixel from the four pixels 3
    /// away along the axes (the samples at 0°, 90°, 180° fall on texel centres), but not from its
    /// neighbours: every sample of theirs lies farther than 2.3 pixels from it, where no bilinear
    /// footprint reaches. The filter draws a stroke, not a disc.
    @Test func aRingReachesALonePixelFromItsRadiusNotFromInside() {
        var mask = Mask(width: 21, height: 21)
        mask[10, 10] = 90
        var scratch: [UInt8] = []
        mask.ringDilate(radius: 3, thick: false, in: IntRect(x: 0, y: 0, width: 21, height: 21), scratch: &scratch)
        #expect(mask[10, 10] == 255, "covered at all: solid")
        for (x, y) in [(7, 10), (13, 10), (10, 7), (10, 13)] { #expect(mask[x, y] == 255, "(\(x), \(y))") }
        for (x, y) in [(11, 10), (9, 10), (10, 11), (10, 9), (6, 10), (14, 10)] { #expect(mask[x, y] == 0, "(\(x), \(y))") }
        #expect(mask.bytes.allSatisfy { $0 == 0 || $0 == 255 }, "hard-edged")
    }

    /// A 5 × 5 square (pixels 5...9) grown by a ring of 2: along its middle row the ring's 180°
    /// sample reaches it from pixel 11 (11 − 2 = 9) but no sample does from 12 (the nearest, at
    /// 12 − 1.85, weighs pixels 10 and 11). At the corner, the 135° sample from (11, 11) lands on
    /// (9.59, 9.59), weighing pixel (9, 9); from (12, 12) nothing reaches.
    @Test func aRingGrowsASquareByItsRadius() {
        var mask = Mask(width: 20, height: 20)
        mask.fill(200, in: IntRect(x: 5, y: 5, width: 5, height: 5))
        var scratch: [UInt8] = []
        mask.ringDilate(radius: 2, thick: false, in: IntRect(x: 0, y: 0, width: 20, height: 20), scratch: &scratch)
        for x in 0..<20 { #expect(mask[x, 7] == ((3...11).contains(x) ? 255 : 0), "(\(x), 7): \(mask[x, 7])") }
        #expect(mask[11, 11] == 255)
        #expect(mask[12, 12] == 0)
    }

    /// On scattered pixels, at radii with fractions and with the second ring, the dilation is its
    /// definition evaluated pixel by pixel: covered, or some sample's bilinear footprint (the
    /// pixels with a weight above zero) holds a covered pixel. Only `rect` changes.
    @Test(arguments: [(2.0, false), (3.4, false), (3.4, true), (6.7, true)])
    func aRingDilationIsItsDefinition(_ radius: Double, _ thick: Bool) {
        var mask = Mask(width: 31, height: 23)
        var seed: UInt32 = 12345
        for i in mask.bytes.indices {
            seed = seed &* 1_103_515_245 &+ 12345
            if seed >> 27 == 0 { mask.bytes[i] = UInt8(truncatingIfNeeded: seed >> 8) | 1 }
        }
        let before = mask
        let rect = IntRect(x: 3, y: 2, width: 24, height: 17)
        var scratch: [UInt8] = []
        mask.ringDilate(radius: radius, thick: thick, in: rect, scratch: &scratch)
        func covered(_ x: Int, _ y: Int) -> Bool { x >= 0 && y >= 0 && x < 31 && y < 23 && before[x, y] != 0 }
        for y in 0..<23 {
            for x in 0..<31 {
                guard (rect.x..<rect.maxX).contains(x), (rect.y..<rect.maxY).contains(y) else {
                    #expect(mask[x, y] == before[x, y], "outside the rectangle (\(x), \(y))")
                    continue
                }
                var hit = covered(x, y)
                for o in Mask.ringOffsets(radius: radius, thick: thick) where !hit {
                    let sx = Double(x) + o.x, sy = Double(y) + o.y  // the sample, in texel-centre units
                    let ix = Int(sx.rounded(.down)), iy = Int(sy.rounded(.down))
                    for (px, py) in [(ix, iy), (ix + 1, iy), (ix, iy + 1), (ix + 1, iy + 1)] {
                        let wx = px == ix ? 1 - (sx - Double(ix)) : sx - Double(ix)
                        let wy = py == iy ? 1 - (sy - Double(iy)) : sy - Double(iy)
                        if wx > 0, wy > 0, covered(px, py) { hit = true }
                    }
                }
                #expect(mask[x, y] == (hit ? 255 : 0), "(\(x), \(y))")
            }
        }
    }

    /// A square at (4.5, 4.5) with a hard-edged shadow (spread 2 by the ring, no blur) under it.
    /// Through the filter pass the shadow is made on the bitmap's grid and then moved half a pixel
    /// with the square: its outer edge is half-covered. Made where the layer already is, as
    /// effects otherwise are, it keeps the ring's hard edge: only the square's own edges are
    /// partly covered.
    @Test func theFilterPassShadowsTheBitmapBeforeItIsResampled() throws {
        func render(filterPass: Bool) throws -> Pixmap {
            var list = DisplayList()
            list.reset(width: 24, height: 24)
            list.beginGroup(transform: .translation(4.5, 4.5))
            if filterPass { list.setSnapshot(ContentSnapshot(grid: .filterPass(bounds: Rect(x: 0, y: 0, width: 6, height: 6)))) }
            let path = list.makePath { $0.append(.rect(Rect(x: 0, y: 0, width: 6, height: 6))) }!
            list.addFill(path: path, transform: .identity, paint: .solid(Color(1, 1, 1)))
            list.addEffect(.dropShadow(DropShadow(color: Color(0, 0, 0), offset: .zero, sigma: 0, spread: 2, placement: .exact,
                                                  spreadShape: .sampledRing(thick: false))))
            list.endGroup()
            var target = try Pixmap(width: 24, height: 24)
            try DisplayListRenderer().render(list, into: &target)
            return target
        }
        let resampled = try render(filterPass: true), straight = try render(filterPass: false)
        // Row 7 crosses the square (x 4.5...10.5) and its shadow. Straight, the layer is the
        // square drawn at 4.5 (pixels 4 and 10 half covered), grown: whole pixels 2...12.
        for x in 0..<24 {
            let a = straight[x, 7].a
            #expect(a == ((2...12).contains(x) ? 255 : 0), "straight (\(x), 7): \(a)")
        }
        // Through the bitmap: the square on whole texels 0...5, shadowed over texels −2...7, then
        // moved by 4.5 onto 2.5...12.5: pixels 3...11 whole, 2 and 12 half.
        for x in 3...11 { #expect(resampled[x, 7].a == 255, "resampled (\(x), 7): \(resampled[x, 7].a)") }
        for x in [2, 12] { #expect(abs(Int(resampled[x, 7].a) - 128) <= 2, "resampled (\(x), 7): \(resampled[x, 7].a)") }
        #expect(resampled[1, 7].a == 0 && resampled[13, 7].a == 0)
    }
}
