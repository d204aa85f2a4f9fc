import CYLTestSupport
import CYLImageCodecs
import CYLRaster
import Testing

@Suite struct GIFTests {
    static let palette: [(UInt8, UInt8, UInt8)] = [(0, 0, 0), (255, 0, 0), (0, 255, 0), (0, 0, 255)]

    /// A well-formed 2-frame 8x8 GIF.
    static func simple(frames: Int = 2, trailer: Bool = true) -> [UInt8] {
        var b = GIFBuilder(width: 8, height: 8, globalPalette: palette)
        b.loop(0)
        for f in 0..<frames {
            b.gce(disposal: 1, delay: 5)
            b.image(width: 8, height: 8, indices: [UInt8](repeating: UInt8(1 + f % 3), count: 64))
        }
        if trailer { b.trailer() }
        return b.bytes
    }

    func expectError(_ bytes: [UInt8], limits: GIFLimits = .init(), _ check: (GIFError) -> Bool,
                     sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        do {
            let d = try GIFDecoder(bytes: bytes, name: "t.gif", limits: limits)
            while try d.nextFrame() != nil {}
            Issue.record("expected a GIFError", sourceLocation: sourceLocation)
        } catch {
            #expect(check(error), "unexpected error: \(error)", sourceLocation: sourceLocation)
            #expect(error.description.hasPrefix("t.gif"), sourceLocation: sourceLocation)
        }
    }

    @Test func decodesSimple() throws {
        let d = try GIFDecoder(bytes: Self.simple(), name: "t.gif")
        #expect(d.canvasWidth == 8 && d.canvasHeight == 8)
        let f0 = try #require(try d.nextFrame())
        #expect(f0.image[3, 3] == RGBA8(255, 0, 0, 255))
        #expect(f0.info.delayCentiseconds == 5 && f0.info.disposal == .none)
        let f1 = try #require(try d.nextFrame())
        #expect(f1.image[0, 7] == RGBA8(0, 255, 0, 255))
        #expect(try d.nextFrame() == nil)
        #expect(try d.nextFrame() == nil)
        #expect(d.warnings.isEmpty)
        try d.rewind()
        #expect(try d.nextFrame()?.image == f0.image)
    }

    @Test func scanReportsStructure() throws {
        let info = try GIFInfo.scan(bytes: Self.simple(frames: 3), name: "t.gif")
        #expect(info.frames.count == 3)
        #expect(info.loopCount == 0)
        #expect(info.hasTrailer && info.hasGlobalPalette)
        #expect(info.frames[2].playedDelayCentiseconds == 5)
        var b = GIFBuilder(width: 4, height: 4, globalPalette: Self.palette)
        b.gce(delay: 1)
        b.image(width: 4, height: 4, indices: [UInt8](repeating: 0, count: 16))
        b.trailer()
        let one = try GIFInfo.scan(bytes: b.bytes, name: "t.gif")
        #expect(one.loopCount == nil)
        #expect(one.frames[0].delayCentiseconds == 1 && one.frames[0].playedDelayCentiseconds == 10)
    }

    @Test func emptyFile() {
        expectError([]) { $0.kind == .truncated && $0.description == "t.gif:byte 0: the file is empty" }
    }

    @Test func wrongMagic() {
        expectError(Array("GIF12aXXXXXXXXXXX".utf8)) { $0.kind == .notGIF }
        expectError(Array("\u{89}PNG\r\n\u{1A}\n....".utf8)) { $0.kind == .notGIF }
    }

    @Test func truncatedHeader() {
        let full = Self.simple()
        for n in [3, 6, 9, 12, 20] {
            expectError(Array(full.prefix(n))) { $0.kind == .truncated }
        }
    }

    /// Browsers show what was decoded of a truncated frame; so do we (rows decoded so far, the rest
    /// of the rectangle keeps what was there), with a warning, and the animation ends there.
    /// giflib reads whole sub-blocks, so the rows in a final, cut sub-block are lost (browsers show
    /// them): the only place where we knowingly show less than a browser.
    @Test func truncatedInsideFrame() throws {
        var b = GIFBuilder(width: 16, height: 16, globalPalette: Self.palette)
        b.image(width: 16, height: 16, indices: [UInt8](repeating: 1, count: 256))
        b.trailer()
        // Header 13 + palette 12 + descriptor 10 + code size 1 + block length 1 = 37; then a full
        // 255-byte sub-block (about 14 rows) and a cut second one.
        let cut = Array(b.bytes.prefix(37 + 255 + 10))
        let d = try GIFDecoder(bytes: cut, name: "t.gif")
        let f = try #require(try d.nextFrame())
        #expect(f.image[0, 0] == RGBA8(255, 0, 0, 255))
        #expect(f.image[15, 15] == .transparent)
        #expect(try d.nextFrame() == nil)
        #expect(!d.warnings.isEmpty)
        let info = try GIFInfo.scan(bytes: cut, name: "t.gif")
        #expect(info.frames.count == 1 && !info.hasTrailer && !info.warnings.isEmpty)
        // Cut right after the descriptor, before any pixel: still one (empty) frame.
        let d2 = try GIFDecoder(bytes: Array(b.bytes.prefix(36)), name: "t.gif")
        #expect(try d2.nextFrame()?.image[0, 0] == .transparent)
    }

    @Test func missingTrailerIsAWarning() throws {
        let d = try GIFDecoder(bytes: Self.simple(trailer: false), name: "t.gif")
        var n = 0
        while try d.nextFrame() != nil { n += 1 }
        #expect(n == 2)
        #expect(d.warnings.count == 1)
        #expect(try !GIFInfo.scan(bytes: Self.simple(trailer: false), name: "t.gif").hasTrailer)
    }

    /// A zero-size logical screen takes the first frame's size (what browsers do).
    @Test func zeroSizeScreen() throws {
        var b = GIFBuilder(width: 0, height: 0, globalPalette: Self.palette)
        b.image(width: 3, height: 2, indices: [UInt8](repeating: 2, count: 6))
        b.trailer()
        let d = try GIFDecoder(bytes: b.bytes, name: "t.gif")
        #expect(d.canvasWidth == 3 && d.canvasHeight == 2)
        #expect(try d.nextFrame()?.image[2, 1] == RGBA8(0, 255, 0, 255))

        var e = GIFBuilder(width: 0, height: 0, globalPalette: Self.palette)
        e.image(width: 0, height: 0, indices: [])
        e.trailer()
        expectError(e.bytes) { $0.kind == .emptyCanvas }
    }

    @Test func hugeScreenRejectedBeforeAllocating() {
        var b = GIFBuilder(width: 65535, height: 65535, globalPalette: Self.palette)
        b.image(width: 1, height: 1, indices: [1])
        b.trailer()
        expectError(b.bytes) {
            $0.kind == .canvasTooLarge(width: 65535, height: 65535, limit: GIFLimits.defaultMaxCanvasPixels)
                && $0.description.contains("Limits.maxCanvasPixels")
        }
        #expect(throws: GIFError.self) { try GIFInfo.scan(bytes: b.bytes, name: "t.gif") }
        // A small screen whose first frame is huge grows the canvas: also rejected.
        var c = GIFBuilder(width: 4, height: 4, globalPalette: Self.palette)
        c.rawImage(width: 65535, height: 65535, minCodeSize: 8, data: GIFBuilder.lzw([1]))
        c.trailer()
        expectError(c.bytes) { if case .canvasTooLarge = $0.kind { return true }; return false }
    }

    /// The first frame may grow the canvas; later frames are clipped to it.
    @Test func frameOutsideScreen() throws {
        var b = GIFBuilder(width: 4, height: 4, globalPalette: Self.palette)
        b.image(x: 2, y: 2, width: 4, height: 4, indices: [UInt8](repeating: 1, count: 16))   // grows to 6x6
        b.image(x: 4, y: 4, width: 5, height: 5, indices: [UInt8](repeating: 3, count: 25))   // clipped to 2x2
        b.image(x: 100, y: 100, width: 2, height: 2, indices: [UInt8](repeating: 2, count: 4)) // wholly outside
        b.trailer()
        let d = try GIFDecoder(bytes: b.bytes, name: "t.gif")
        #expect(d.canvasWidth == 6 && d.canvasHeight == 6)
        let f0 = try #require(try d.nextFrame())
        #expect(f0.info.extendsOutsideScreen)
        #expect(f0.image[1, 1] == .transparent && f0.image[5, 5] == RGBA8(255, 0, 0, 255))
        let f1 = try #require(try d.nextFrame())
        #expect(f1.image[5, 5] == RGBA8(0, 0, 255, 255) && f1.image[3, 3] == RGBA8(255, 0, 0, 255))
        let f2 = try #require(try d.nextFrame())
        #expect(f2.image == f1.image)
        #expect(try d.nextFrame() == nil)
    }

    @Test func corruptLZW() {
        var b = GIFBuilder(width: 8, height: 8, globalPalette: Self.palette)
        // Clear, then a code that refers to an entry that does not exist yet.
        b.rawImage(width: 8, height: 8, minCodeSize: 2, data: GIFBuilder.pack([4, 7, 7, 7, 7, 7, 7, 7], bits: 3))
        b.trailer()
        expectError(b.bytes) { $0.kind == .corrupt && $0.frame == 0 && $0.offset != nil }
    }

    /// LZW data that ends (end code) before the last pixel leaves the rest of the frame as it was.
    @Test func shortLZWData() throws {
        var b = GIFBuilder(width: 4, height: 4, globalPalette: Self.palette)
        b.rawImage(width: 4, height: 4, minCodeSize: 8, data: GIFBuilder.lzw([UInt8](repeating: 1, count: 8)))
        b.gce(delay: 7)
        b.image(width: 1, height: 1, indices: [2])
        b.trailer()
        let d = try GIFDecoder(bytes: b.bytes, name: "t.gif")
        let f0 = try #require(try d.nextFrame())
        #expect(f0.image[0, 1] == RGBA8(255, 0, 0, 255) && f0.image[0, 3] == .transparent)
        let f1 = try #require(try d.nextFrame())
        #expect(f1.info.delayCentiseconds == 7 && f1.image[0, 0] == RGBA8(0, 255, 0, 255))
    }

    @Test func tooManyFrames() {
        let bytes = Self.simple(frames: 5)
        expectError(bytes, limits: GIFLimits(maxFrames: 3)) {
            $0.kind == .tooManyFrames(limit: 3) && $0.frame == 3 && $0.description.contains("Limits.maxFrames")
        }
        #expect(throws: GIFError.self) { try GIFInfo.scan(bytes: bytes, name: "t.gif", limits: GIFLimits(maxFrames: 3)) }
    }

    /// Indices past the colour table are opaque black; a frame with no colour table is black.
    @Test func missingAndShortPalettes() throws {
        var b = GIFBuilder(width: 2, height: 1, globalPalette: [(255, 255, 255), (9, 9, 9)])
        b.image(width: 2, height: 1, indices: [0, 200])
        b.trailer()
        let f = try #require(try GIFDecoder(bytes: b.bytes, name: "t.gif").nextFrame())
        #expect(f.image[0, 0] == .white && f.image[1, 0] == .black)

        var n = GIFBuilder(width: 2, height: 1)
        n.image(width: 2, height: 1, indices: [0, 1])
        n.trailer()
        let g = try #require(try GIFDecoder(bytes: n.bytes, name: "t.gif").nextFrame())
        #expect(g.image[0, 0] == .black && g.image[1, 0] == .black)
    }

    @Test func disposalAndTransparency() throws {
        var b = GIFBuilder(width: 4, height: 1, globalPalette: Self.palette)
        b.gce(disposal: 1)
        b.image(width: 4, height: 1, indices: [1, 1, 1, 1])
        b.gce(disposal: 3, transparent: 0)
        b.image(x: 1, width: 2, height: 1, indices: [2, 0])            // previous: restored afterwards
        b.gce(disposal: 2)
        b.image(x: 3, width: 1, height: 1, indices: [3])               // background: cleared afterwards
        b.gce(disposal: 1, transparent: 0)
        b.image(width: 1, height: 1, indices: [0])
        b.trailer()
        let d = try GIFDecoder(bytes: b.bytes, name: "t.gif")
        let red = RGBA8(255, 0, 0, 255), green = RGBA8(0, 255, 0, 255), blue = RGBA8(0, 0, 255, 255)
        func row(_ f: GIFFrame?) -> [RGBA8] { (0..<4).map { f!.image[$0, 0] } }
        #expect(row(try d.nextFrame()) == [red, red, red, red])
        #expect(row(try d.nextFrame()) == [red, green, red, red])
        #expect(row(try d.nextFrame()) == [red, red, red, blue])
        #expect(row(try d.nextFrame()) == [red, red, red, .transparent])
    }

    @Test func interlacedRowsInPlace() throws {
        let h = 11
        // Stored order of an interlaced image: rows 0,8 | 4 | 2,6,10 | 1,3,5,7,9. Row r has index r % 4.
        let order = [0, 8, 4, 2, 6, 10, 1, 3, 5, 7, 9]
        var idx: [UInt8] = []
        for r in order { idx += [UInt8(r % 4), UInt8(r % 4)] }
        var b = GIFBuilder(width: 2, height: h, globalPalette: Self.palette)
        b.image(width: 2, height: h, indices: idx, interlaced: true)
        b.trailer()
        let f = try #require(try GIFDecoder(bytes: b.bytes, name: "t.gif").nextFrame())
        let colours = [RGBA8.black, RGBA8(255, 0, 0, 255), RGBA8(0, 255, 0, 255), RGBA8(0, 0, 255, 255)]
        for r in 0..<h { #expect(f.image[1, r] == colours[r % 4], "row \(r)") }
    }

    @Test func junkAfterFrameEndsWithWarning() throws {
        var bytes = Self.simple(frames: 1, trailer: false)
        bytes += Array("GIF89a".utf8)
        let d = try GIFDecoder(bytes: bytes, name: "t.gif")
        #expect(try d.nextFrame() != nil)
        #expect(try d.nextFrame() == nil)
        #expect(d.warnings.count == 1)
    }

    @Test func noFrames() {
        var b = GIFBuilder(width: 4, height: 4, globalPalette: Self.palette)
        b.trailer()
        expectError(b.bytes) { $0.kind == .noFrames }
    }

    @Test func fuzzedInputsNeverCrash() {
        var rng = SplitMix(seed: 42)
        let base = Self.simple(frames: 3)
        for _ in 0..<2000 {
            var bytes = base
            for _ in 0..<(1 + Int(rng.next() % 4)) {
                let i = 6 + Int(rng.next() % UInt64(bytes.count - 6))
                bytes[i] = UInt8(truncatingIfNeeded: rng.next())
            }
            if rng.next() % 4 == 0 { bytes = Array(bytes.prefix(Int(rng.next() % UInt64(bytes.count)))) }
            if let d = try? GIFDecoder(bytes: bytes, name: "f.gif", limits: GIFLimits(maxCanvasPixels: 1 << 20)) {
                var n = 0
                while n < 10, (try? d.nextFrame()) != nil { n += 1 }
            }
            _ = try? GIFInfo.scan(bytes: bytes, name: "f.gif", limits: GIFLimits(maxCanvasPixels: 1 << 20))
        }
    }
}
