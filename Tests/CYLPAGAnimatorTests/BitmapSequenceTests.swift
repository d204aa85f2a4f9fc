import CYLImageCodecs
import CYLPAGAnimator
import CYLRaster
import CYLTimeline
import Testing

/// Bitmap compositions: frames of WebP patches, each written over the frame before.
@Suite struct PAGBitmapSequenceTests {
    static func webp(_ w: Int, _ h: Int, _ color: RGBA8) throws -> [UInt8] {
        var p = try Pixmap(width: w, height: h)
        p.fill(color)
        return try WebPImageEncoder.encodeLossless(p)
    }

    static func pixel(_ p: Pixmap, _ x: Int, _ y: Int) -> RGBA8 {
        p.withUnsafeBytes { b in let i = (y * p.width + x) * 4; return RGBA8(b[i], b[i + 1], b[i + 2], b[i + 3]) }
    }

    @Test func patchesReplaceThePixelsOfTheFrameBefore() throws {
        let red = RGBA8(255, 0, 0, 255), blue = RGBA8(0, 0, 255, 255), clear = RGBA8(0, 0, 0, 0)
        // Frame 0: all red. Frame 1: a transparent 10 x 10 patch at (5, 5). Frame 2: nothing new.
        // Frame 3: a blue 4 x 4 patch at (0, 0).
        let bytes = PAGWriter.file([
            PAGWriter.bitmapComposition(id: 2, width: 20, height: 20, frames: [
                [(0, 0, try Self.webp(20, 20, red))], [(5, 5, try Self.webp(10, 10, clear))], [], [(0, 0, try Self.webp(4, 4, blue))],
            ]),
            PAGWriter.composition(id: 1, width: 20, height: 20, frames: 4, layers: [
                PAGWriter.layer(type: 6, id: 3, frames: 4, [PAGWriter.compositionReference(2)]),
            ]),
        ])
        let t = try PAGDocument(bytes: bytes, name: "bitmap.pag").timeline()
        // Drawn at the pixel size: each frame's pixels are the composed frame's.
        func frame(_ n: Int) throws -> Pixmap { try t.render(frame: n, size: PixelSize(20, 20)) }
        #expect(Self.pixel(try frame(0), 10, 10) == red)
        #expect(Self.pixel(try frame(1), 10, 10) == clear)   // replaced, not composited over
        #expect(Self.pixel(try frame(1), 2, 2) == red)
        #expect(Self.pixel(try frame(2), 10, 10) == clear)   // an empty frame keeps the last
        let last = try frame(3)
        #expect(Self.pixel(last, 1, 1) == blue && Self.pixel(last, 10, 10) == clear && Self.pixel(last, 15, 2) == red)
        // Going back composes again from the keyframe.
        #expect(Self.pixel(try frame(0), 10, 10) == red)
    }

    /// A layer that starts a sequence composition before its time shows the last frame once the
    /// sequence has ended, as libpag does (`Sequence::toSequenceFrame` holds it): a 2-frame
    /// sequence started 10 frames early (a start time of -10, two's complement as PAG writes it)
    /// shows its second frame at every root frame.
    @Test func aSequencePastItsEndHoldsTheLastFrame() throws {
        let red = RGBA8(255, 0, 0, 255), green = RGBA8(0, 255, 0, 255)
        let bytes = PAGWriter.file([
            PAGWriter.bitmapComposition(id: 2, width: 4, height: 4, frames: [[(0, 0, try Self.webp(4, 4, red))],
                                                                             [(0, 0, try Self.webp(4, 4, green))]]),
            PAGWriter.composition(id: 1, width: 4, height: 4, frames: 3, layers: [
                PAGWriter.layer(type: 6, id: 3, frames: 3, [PAGWriter.compositionReference(2, start: UInt64(bitPattern: -10))]),
            ]),
        ])
        let t = try PAGDocument(bytes: bytes, name: "held.pag").timeline()
        for n in 0..<3 { #expect(Self.pixel(try t.render(frame: n, size: PixelSize(4, 4)), 2, 2) == green, "frame \(n)") }
    }

    /// A 20 fps sequence in a 30 fps composition: root frame n is sequence time n × 2/3, which
    /// libpag rounds to a whole frame (`PreComposeLayer::getCompositionFrame`): frames 0, 1, 2,
    /// 3, 4 show sequence frames 0, 1, 1, 2, 3 (round of 0, 0.67, 1.33, 2, 2.67), where cutting
    /// the fraction off would show 0, 0, 1, 2, 2.
    @Test func aSequenceOfAnotherRateShowsTheNearestFrame() throws {
        let colors = [RGBA8(255, 0, 0, 255), RGBA8(0, 255, 0, 255), RGBA8(0, 0, 255, 255), RGBA8(255, 255, 255, 255)]
        let bytes = PAGWriter.file([
            PAGWriter.bitmapComposition(id: 2, width: 4, height: 4, frames: try colors.map { [(0, 0, try Self.webp(4, 4, $0))] }, fps: 20),
            PAGWriter.composition(id: 1, width: 4, height: 4, frames: 6, fps: 30, layers: [
                PAGWriter.layer(type: 6, id: 3, frames: 6, [PAGWriter.compositionReference(2)]),
            ]),
        ])
        let t = try PAGDocument(bytes: bytes, name: "rates.pag").timeline()
        let shown = try (0..<5).map { Self.pixel(try t.render(frame: $0, size: PixelSize(4, 4)), 2, 2) }
        #expect(shown == [colors[0], colors[1], colors[1], colors[2], colors[3]])
    }
}
