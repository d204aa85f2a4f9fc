import CYLImageCodecs
import CYLRaster
import Testing

@Suite struct APNGTests {
    let red = RGBA8(220, 30, 40, 255)

    @Test(arguments: [1, 6])
    func roundTripWithExactDelays(level: Int) throws {
        var frames = (0..<5).map { Frames.square(20, 12, at: $0 * 3, 2, color: RGBA8(200, 30, 40, 180)) }
        frames.append(Frames.ramp(20, 12, color: red))
        let e = try APNGEncoder(width: 20, height: 12, options: APNGEncodeOptions(compressionLevel: level, plays: 0))
        for f in frames { try e.add(f, duration: .seconds(1.0 / 30)) }
        let bytes = try e.finish()
        let (chunks, crcOK) = PNGChunks.read(bytes)
        #expect(crcOK)
        #expect(chunks.first?.type == "IHDR" && chunks.last?.type == "IEND")
        #expect(chunks.map(\.type).firstIndex(of: "acTL")! < chunks.map(\.type).firstIndex(of: "IDAT")!)
        let (decoded, plays) = try PNGChunks.decodeAPNG(bytes)
        #expect(plays == 0)
        #expect(decoded.count == 6)
        for (f, d) in zip(frames, decoded) {
            #expect(f.straightRGBA() == d.0.straightRGBA())
            #expect(d.1 == 1.0 / 30)  // delay_num/delay_den = 1/30 exactly
        }
        // Frame 0 is the default image: libpng alone decodes it.
        #expect(try PNGCodec.decode(bytes, name: "a.png").straightRGBA() == frames[0].straightRGBA())
        // Sequence numbers run 0, 1, 2, ... over fcTL and fdAT.
        var seq: [Int] = []
        for c in chunks where c.type == "fcTL" || c.type == "fdAT" { seq.append(PNGChunks.be32(c.data, 0)) }
        #expect(seq == Array(0..<seq.count))
    }

    /// Deflated frames over 1 MiB are written as several IDAT or fdAT chunks of at most 1 MiB of
    /// data, numbered on from the fcTL before them, and read back whole. Noise at level 0 (stored
    /// blocks) makes each of two 600x600 frames about 1.4 MB.
    @Test func framesOverAMebibyteSplitIntoNumberedChunks() throws {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func noise() throws -> Pixmap {
            var p = try Pixmap(width: 600, height: 600)
            for y in 0..<600 { for x in 0..<600 {
                state = state &* 6364136223846793005 &+ 1442695040888963407
                p[x, y] = RGBA8(UInt8(truncatingIfNeeded: state >> 56), UInt8(truncatingIfNeeded: state >> 48),
                                UInt8(truncatingIfNeeded: state >> 40), 255)
            } }
            return p
        }
        let frames = [try noise(), try noise()]
        let e = try APNGEncoder(width: 600, height: 600, options: APNGEncodeOptions(compressionLevel: 0))
        for f in frames { try e.add(f, duration: .milliseconds(40)) }
        let bytes = try e.finish()
        let (chunks, crcOK) = PNGChunks.read(bytes)
        #expect(crcOK)
        #expect(chunks.map(\.type) == ["IHDR", "acTL", "fcTL", "IDAT", "IDAT", "fcTL", "fdAT", "fdAT", "IEND"])
        #expect(chunks.allSatisfy { $0.data.count <= (1 << 20) + 4 })
        #expect(PNGChunks.be32(chunks[1].data, 0) == 2)  // acTL num_frames
        var seq: [Int] = []
        for c in chunks where c.type == "fcTL" || c.type == "fdAT" { seq.append(PNGChunks.be32(c.data, 0)) }
        #expect(seq == [0, 1, 2, 3])
        let (decoded, _) = try PNGChunks.decodeAPNG(bytes)
        #expect(decoded.map { $0.0.straightRGBA() } == frames.map { $0.straightRGBA() })
        #expect(decoded.map(\.1) == [0.04, 0.04])
    }

    @Test func unchangedFramesMergeAndOneFrameIsPlainPNG() throws {
        let a = Frames.square(8, 8, at: 0, 0, color: red), b = Frames.square(8, 8, at: 4, 4, color: red)
        let e = try APNGEncoder(width: 8, height: 8, options: APNGEncodeOptions(plays: 2))
        try e.add(a, duration: .milliseconds(100)); try e.add(a, duration: .milliseconds(50)); try e.add(b, duration: .milliseconds(100))
        let (decoded, plays) = try PNGChunks.decodeAPNG(try e.finish())
        #expect(plays == 2)
        #expect(decoded.map(\.1) == [0.15, 0.1])

        let one = try APNGEncoder(width: 8, height: 8)
        try one.add(a, duration: .milliseconds(100))
        let png = try one.finish()
        #expect(!PNGChunks.read(png).chunks.contains { $0.type == "acTL" || $0.type == "fcTL" })
        #expect(try PNGCodec.decode(png, name: "one.png") == a)
    }

    /// A frame after the first covers just the pixels that changed: pixels changed in the first
    /// and last column (rows 2 and 5 of a 9x7 frame) give a 9x4 rectangle at (0, 2); one pixel
    /// inside, a 1x1 one at it. Both decode back to the frames given.
    @Test func laterFramesCoverTheChangedRectangle() throws {
        let blank = try Pixmap(width: 9, height: 7)
        var edges = blank
        edges[0, 2] = red; edges[8, 5] = RGBA8(0, 0, 100, 100)
        var inner = edges
        inner[4, 3] = red
        let e = try APNGEncoder(width: 9, height: 7)
        for f in [blank, edges, inner] { try e.add(f, duration: .milliseconds(100)) }
        let bytes = try e.finish()
        let controls = PNGChunks.read(bytes).chunks.filter { $0.type == "fcTL" }.map { c in
            (1...4).map { PNGChunks.be32(c.data, 4 * $0) }   // width, height, x offset, y offset
        }
        #expect(controls == [[9, 7, 0, 0], [9, 4, 0, 2], [1, 1, 4, 3]])
        let decoded = try PNGChunks.decodeAPNG(bytes).0.map { $0.0.straightRGBA() }
        #expect(decoded == [blank, edges, inner].map { $0.straightRGBA() })
    }

    @Test func delayFractions() {
        #expect(DelayFraction.approximate(seconds: 1.0 / 30) == (1, 30))
        #expect(DelayFraction.approximate(seconds: 0.04) == (1, 25))
        #expect(DelayFraction.approximate(seconds: 1001.0 / 30000) == (1001, 30000))
        let (n, d) = DelayFraction.approximate(seconds: 0.123456)
        #expect(abs(Double(n) / Double(d) - 0.123456) < 1e-6)
    }
}
