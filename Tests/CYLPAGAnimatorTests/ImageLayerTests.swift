import CYLImageCodecs
import CYLPAGAnimator
import CYLRaster
import CYLTimeline
import Testing

/// Image layers: embedded images drawn at 1 / their scale factor, moved by their anchor, as libpag
/// places them (`ImageContentCache`: scale(1 / s), then translate(-anchor)).
@Suite struct PAGImageLayerTests {
    /// A 20 x 10 opaque green PNG.
    static func png() throws -> [UInt8] {
        var p = try Pixmap(width: 20, height: 10)
        p.fill(RGBA8(0, 255, 0, 255))
        return try PNGCodec.encode(p)
    }

    static func file(scale: Float, anchorX: Int32 = 0, anchorY: Int32 = 0) throws -> [UInt8] {
        PAGWriter.file([
            PAGWriter.imageBytes(id: 3, try png(), scale: scale, anchorX: anchorX, anchorY: anchorY),
            PAGWriter.composition(id: 1, width: 100, height: 100, frames: 1, layers: [
                PAGWriter.layer(type: 5, id: 2, frames: 1, [PAGWriter.imageReference(3)]),
            ]),
        ])
    }

    /// The opaque pixels' bounds (x0, y0, x1, y1), exclusive ends.
    static func opaqueBounds(_ p: Pixmap) -> (Int, Int, Int, Int) {
        var x0 = p.width, y0 = p.height, x1 = 0, y1 = 0
        p.withUnsafeBytes { b in
            for y in 0..<p.height {
                for x in 0..<p.width where b[(y * p.width + x) * 4 + 3] == 255 {
                    x0 = min(x0, x); y0 = min(y0, y); x1 = max(x1, x + 1); y1 = max(y1, y + 1)
                }
            }
        }
        return (x0, y0, x1, y1)
    }

    @Test func anImageIsDrawnAtItsPixelSizeOverItsScaleFactor() throws {
        let t1 = try PAGDocument(bytes: try Self.file(scale: 1), name: "image.pag").timeline()
        #expect(Self.opaqueBounds(try t1.render(frame: 0, size: PixelSize(100, 100))) == (0, 0, 20, 10))
        // Exported at 2x: 20 x 10 pixels show as 10 x 5 units.
        let t2 = try PAGDocument(bytes: try Self.file(scale: 2), name: "image.pag").timeline()
        #expect(Self.opaqueBounds(try t2.render(frame: 0, size: PixelSize(100, 100))) == (0, 0, 10, 5))
    }

    @Test func aStrippedImageKeepsItsPlaceThroughItsAnchor() throws {
        let t = try PAGDocument(bytes: try Self.file(scale: 1, anchorX: -30, anchorY: -40), name: "image.pag").timeline()
        #expect(Self.opaqueBounds(try t.render(frame: 0, size: PixelSize(100, 100))) == (30, 40, 50, 50))
    }

    @Test func anImageThatCannotBeDecodedIsAWarningNotAnError() throws {
        let bytes = PAGWriter.file([
            PAGWriter.imageBytes(id: 3, [1, 2, 3, 4, 5]),
            PAGWriter.composition(id: 1, width: 100, height: 100, frames: 1, layers: [
                PAGWriter.layer(type: 5, id: 2, frames: 1, [PAGWriter.imageReference(3)]),
            ]),
        ])
        let t = try PAGDocument(bytes: bytes, name: "image.pag").timeline()
        #expect(t.diagnostics.contains { $0.message.contains("image 3 is not WebP, PNG or JPEG") })
        #expect(Self.opaqueBounds(try t.render(frame: 0, size: PixelSize(100, 100))) == (100, 100, 0, 0))
    }
}
