import CYLTestSupport
import CYLImageCodecs
import CYLRaster
import Testing

@Suite struct PNGTests {
    static func grid(_ w: Int, _ h: Int, _ f: (Int, Int) -> [Int]) -> [[[Int]]] {
        (0..<h).map { y in (0..<w).map { x in f(x, y) } }
    }

    static func randomStraight(_ w: Int, _ h: Int, seed: UInt64) -> [UInt8] {
        var rng = SplitMix(seed: seed)
        var out = [UInt8](repeating: 0, count: w * h * 4)
        for i in 0..<(w * h) {
            let v = rng.next()
            let alphaChoice = v % 4
            out[4 * i] = UInt8(truncatingIfNeeded: v >> 8)
            out[4 * i + 1] = UInt8(truncatingIfNeeded: v >> 16)
            out[4 * i + 2] = UInt8(truncatingIfNeeded: v >> 24)
            out[4 * i + 3] = alphaChoice == 0 ? 0 : alphaChoice == 1 ? 255 : UInt8(truncatingIfNeeded: v >> 32)
        }
        return out
    }

    @Test(arguments: [(PNGFilter.none, 1), (.adaptive, 1), (.none, 0), (.adaptive, 9)])
    func roundTrip(filter: PNGFilter, level: Int) throws {
        let straight = Self.randomStraight(37, 23, seed: 7)
        let image = try Pixmap(width: 37, height: 23, straightRGBA: straight)
        let png = try PNGCodec.encode(image, compressionLevel: level, filter: filter)
        #expect(try PNGCodec.readSize(png, name: "rt.png") == (37, 23))
        let back = try PNGCodec.decode(png, name: "rt.png")
        #expect(back == image)
        // What is stored is straight alpha with transparent pixels as 0,0,0,0.
        let decodedStraight = try PNGCodec.decode(png, name: "rt.png").straightRGBA()
        #expect(decodedStraight == image.straightRGBA())
    }

    @Test func encodeRejectsBadLevel() throws {
        let image = try Pixmap(width: 2, height: 2)
        #expect(throws: PNGError.self) { try PNGCodec.encode(image, compressionLevel: 12) }
    }

    @Test func paletteWithTRNS() throws {
        var w = TestPNGWriter(width: 4, height: 2, bitDepth: 2, colorType: 3,
                              pixels: Self.grid(4, 2) { x, y in [(x + y) % 4] })
        w.palette = [(255, 0, 0), (0, 255, 0), (0, 0, 255), (200, 100, 50)]
        w.trns = [255, 0, 128]   // entry 3 has no tRNS value: opaque
        let p = try PNGCodec.decode(w.data(), name: "pal.png")
        #expect(p[0, 0] == RGBA8(255, 0, 0, 255))
        #expect(p[1, 0] == .transparent)
        #expect(p[2, 0] == RGBA8(0, 0, 255, 128).premultiplied)
        #expect(p[3, 0] == RGBA8(200, 100, 50, 255))
        #expect(p[0, 1] == .transparent)
    }

    @Test(arguments: [1, 2, 4, 8, 16])
    func grey(bitDepth: Int) throws {
        let maxV = (1 << bitDepth) - 1
        let w = TestPNGWriter(width: 5, height: 3, bitDepth: bitDepth, colorType: 0,
                              pixels: Self.grid(5, 3) { x, _ in [x % 2 == 0 ? 0 : maxV] })
        let p = try PNGCodec.decode(w.data(), name: "grey.png")
        #expect(p[0, 2] == .black)
        #expect(p[1, 2] == .white)
        #expect(p[4, 0] == .black)
    }

    @Test func greyTRNSAnd16BitScaling() throws {
        var w = TestPNGWriter(width: 3, height: 1, bitDepth: 16, colorType: 0,
                              pixels: [[[0x1234], [0xFFFF], [0x8080]]])
        w.trns = [0xFF, 0xFF]   // grey 0xFFFF is transparent
        let p = try PNGCodec.decode(w.data(), name: "g16.png")
        #expect(p[0, 0] == RGBA8(18, 18, 18, 255))     // 0x1234 scaled to 8 bits, rounded
        #expect(p[1, 0] == .transparent)
        #expect(p[2, 0] == RGBA8(128, 128, 128, 255))
    }

    @Test func greyAlphaAndRGBA16() throws {
        let ga = TestPNGWriter(width: 2, height: 1, bitDepth: 8, colorType: 4, pixels: [[[200, 255], [100, 51]]])
        let p = try PNGCodec.decode(ga.data(), name: "ga.png")
        #expect(p[0, 0] == RGBA8(200, 200, 200, 255))
        #expect(p[1, 0] == RGBA8(100, 100, 100, 51).premultiplied)
        let rgba16 = TestPNGWriter(width: 1, height: 1, bitDepth: 16, colorType: 6, pixels: [[[0xFFFF, 0, 0x8080, 0xFFFF]]])
        #expect(try PNGCodec.decode(rgba16.data(), name: "c16.png")[0, 0] == RGBA8(255, 0, 128, 255))
        let rgb = TestPNGWriter(width: 1, height: 1, bitDepth: 8, colorType: 2, pixels: [[[1, 2, 3]]])
        #expect(try PNGCodec.decode(rgb.data(), name: "rgb.png")[0, 0] == RGBA8(1, 2, 3, 255))
    }

    @Test(arguments: [(13, 11), (1, 1), (9, 2), (2, 9)])
    func interlacedEqualsProgressive(w: Int, h: Int) throws {
        var rng = SplitMix(seed: UInt64(w * 100 + h))
        let px = Self.grid(w, h) { _, _ in (0..<4).map { _ in Int(rng.next() % 256) } }
        var a = TestPNGWriter(width: w, height: h, bitDepth: 8, colorType: 6, pixels: px)
        let plain = try PNGCodec.decode(a.data(), name: "p.png")
        a.interlaced = true
        let inter = try PNGCodec.decode(a.data(), name: "i.png")
        #expect(plain == inter)
        #expect(plain[w - 1, h - 1] == RGBA8(UInt8(px[h - 1][w - 1][0]), UInt8(px[h - 1][w - 1][1]),
                                             UInt8(px[h - 1][w - 1][2]), UInt8(px[h - 1][w - 1][3])).premultiplied)
    }

    static var validPNG: [UInt8] {
        TestPNGWriter(width: 8, height: 8, bitDepth: 8, colorType: 6, pixels: grid(8, 8) { x, y in [x * 30, y * 30, 7, 255] }).data()
    }

    @Test func empty() {
        #expect { try PNGCodec.decode([], name: "e.png") } throws: { e in
            (e as? PNGError)?.kind == .truncated && "\(e)" == "e.png:byte 0: the file is empty"
        }
    }

    @Test func wrongMagic() {
        let gif = Array("GIF89a\u{1}\u{0}\u{1}\u{0}".utf8)
        #expect { try PNGCodec.decode(gif, name: "x.png") } throws: { ($0 as? PNGError)?.kind == .notPNG }
        #expect { try PNGCodec.readSize(gif, name: "x.png") } throws: { ($0 as? PNGError)?.kind == .notPNG }
    }

    @Test func truncated() {
        let png = Self.validPNG
        for n in [4, 8, 12, 20, 33, 40, png.count - 30, png.count - 13] {
            #expect(throws: PNGError.self, "cut at \(n)") { try PNGCodec.decode(Array(png.prefix(n)), name: "t.png") }
        }
        // Missing only IEND: the image is complete, so it decodes (browsers show it too).
        #expect(throws: Never.self) { try PNGCodec.decode(Array(png.prefix(png.count - 12)), name: "t.png") }
        #expect { try PNGCodec.decode(Array(png.prefix(20)), name: "t.png") } throws: {
            ($0 as? PNGError)?.kind == .truncated
        }
    }

    @Test func badCRC() {
        var png = Self.validPNG
        png[20] ^= 0x01   // inside IHDR's data
        #expect { try PNGCodec.decode(png, name: "c.png") } throws: { e in
            guard let e = e as? PNGError else { return false }
            return e.kind == .corrupt && e.description.contains("CRC")
        }
        var idat = Self.validPNG
        idat[idat.count - 20] ^= 0x40   // inside IDAT's data
        #expect(throws: PNGError.self) { try PNGCodec.decode(idat, name: "c.png") }
    }

    @Test func hugeDimensions() throws {
        // Header only (no IDAT needed to learn the size): IHDR with a valid CRC.
        let n: [UInt8] = [0x00, 0x01, 0x86, 0xA0]   // 100000
        let header = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + TestPNGWriter.chunk("IHDR", n + n + [8, 6, 0, 0, 0])
        #expect(try PNGCodec.readSize(header, name: "h.png") == (100_000, 100_000))
        #expect { try PNGCodec.decode(header + TestPNGWriter.chunk("IDAT", [0x78, 1, 0]), name: "h.png") } throws: { e in
            (e as? PNGError)?.kind == .tooLarge(width: 100_000, height: 100_000, limit: PNGCodec.defaultMaxPixels)
        }
        let small = Self.validPNG
        #expect { try PNGCodec.decode(small, name: "s.png", maxPixels: 63) } throws: { e in
            if case .tooLarge = (e as? PNGError)?.kind { return true }
            return false
        }
    }

    @Test func fuzzedInputsNeverCrash() {
        var rng = SplitMix(seed: 99)
        let base = Self.validPNG
        for _ in 0..<1000 {
            var bytes = base
            for _ in 0..<(1 + Int(rng.next() % 3)) {
                let i = 8 + Int(rng.next() % UInt64(bytes.count - 8))
                bytes[i] = UInt8(truncatingIfNeeded: rng.next())
            }
            if rng.next() % 4 == 0 { bytes = Array(bytes.prefix(Int(rng.next() % UInt64(bytes.count)))) }
            _ = try? PNGCodec.decode(bytes, name: "f.png", maxPixels: 1 << 20)
            _ = try? PNGCodec.readSize(bytes, name: "f.png")
        }
    }
}

/// Regression (tools/dev/fuzz-cli.sh): `readSize` accepted IHDRs libpng rejects, so `info` on a
/// folder of such frames exited 0.
@Suite struct PNGHeaderValidationTests {
    static func header(depth: UInt8, colorType: UInt8, methods: [UInt8] = [0, 0, 0]) -> [UInt8] {
        let eight: [UInt8] = [0, 0, 0, 8]
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
            + TestPNGWriter.chunk("IHDR", eight + eight + [depth, colorType] + methods)
    }

    @Test(arguments: [(UInt8(7), UInt8(6)), (5, 0), (16, 3), (4, 2), (8, 5), (8, 1)])
    func invalidDepthOrColourType(_ depth: UInt8, _ colorType: UInt8) {
        #expect { try PNGCodec.readSize(Self.header(depth: depth, colorType: colorType), name: "h.png") } throws: { e in
            guard let e = e as? PNGError, e.kind == .corrupt else { return false }
            return e.description.hasPrefix("h.png:byte 2") && e.description.contains("IHDR: invalid")
        }
    }

    @Test func invalidMethods() {
        #expect(throws: PNGError.self) { try PNGCodec.readSize(Self.header(depth: 8, colorType: 6, methods: [0, 0, 2]), name: "h.png") }
        #expect(throws: PNGError.self) { try PNGCodec.readSize(Self.header(depth: 8, colorType: 6, methods: [1, 0, 0]), name: "h.png") }
    }

    @Test(arguments: [(UInt8(1), UInt8(0)), (16, 0), (8, 2), (16, 2), (4, 3), (8, 4), (16, 6)])
    func validCombinations(_ depth: UInt8, _ colorType: UInt8) throws {
        #expect(try PNGCodec.readSize(Self.header(depth: depth, colorType: colorType), name: "h.png") == (8, 8))
        #expect(try PNGCodec.readSize(Self.header(depth: depth, colorType: colorType, methods: [0, 0, 1]), name: "h.png") == (8, 8))
    }
}
