import CYLPAGAnimator
import CYLRaster
import CYLTimeline
import Testing

/// Hand-built PAG files whose frames are known exactly: where a rectangle lies, how opaque a layer
/// is at a frame, how precompositions place their content.
@Suite struct PAGReaderTests {
    static func timeline(_ bytes: [UInt8]) throws -> FrameTimeline {
        try PAGDocument(bytes: bytes, name: "test.pag").timeline()
    }

    static func pixel(_ p: Pixmap, _ x: Int, _ y: Int) -> (UInt8, UInt8, UInt8, UInt8) {
        p.withUnsafeBytes { b in
            let i = (y * p.width + x) * 4
            return (b[i], b[i + 1], b[i + 2], b[i + 3])
        }
    }

    /// Pixels whose alpha is at least half: a rectangle's area, to within its antialiased edge.
    static func coveredPixels(_ p: Pixmap) -> Int {
        p.withUnsafeBytes { b in
            var n = 0
            var i = 3
            while i < b.count { if b[i] >= 128 { n += 1 }; i += 4 }
            return n
        }
    }

    static let rectangleFile = PAGWriter.file([
        PAGWriter.composition(id: 1, width: 100, height: 100, frames: 10, layers: [
            PAGWriter.layer(type: 4, id: 7, frames: 10, [PAGWriter.rectangle(50, 40, 40, 20), PAGWriter.fill(0, 0, 255)]),
        ]),
    ])

    /// Merge paths clears its group down to the merged path, as libpag's `ApplyMergePaths` does:
    /// the red fill of the square's own group (before the merge) draws nothing, and the blue fill
    /// after it fills the outer square with the inner one excluded (a hole, transparent).
    @Test func mergePathsLeavesOnlyTheMergedPath() throws {
        let bytes = PAGWriter.file([
            PAGWriter.composition(id: 1, width: 100, height: 100, frames: 1, layers: [
                PAGWriter.layer(type: 4, id: 2, frames: 1, [
                    PAGWriter.group([
                        PAGWriter.rectangle(50, 50, 80, 80),
                        PAGWriter.group([PAGWriter.rectangle(50, 50, 20, 20), PAGWriter.fill(255, 0, 0)]),
                        PAGWriter.mergePaths(4),
                        PAGWriter.fill(0, 0, 255),
                    ]),
                ]),
            ]),
        ])
        let p = try Self.timeline(bytes).render(frame: 0, size: PixelSize(100, 100))
        #expect(Self.pixel(p, 50, 50) == (0, 0, 0, 0))  // the hole: no red
        #expect(Self.pixel(p, 20, 50) == (0, 0, 255, 255))
        #expect(Self.pixel(p, 5, 50) == (0, 0, 0, 0))
    }

    @Test func aRectangleIsDrawnWhereItsAttributesPutIt() throws {
        let t = try Self.timeline(Self.rectangleFile)
        #expect(t.format == "PAG")
        #expect(t.frameCount == 10)
        #expect(t.canvasSize == PixelSize(100, 100))
        let p = try t.render(frame: 0, size: PixelSize(100, 100))
        // Centred on (50, 40), 40 x 20: x 30..<70, y 30..<50, on pixel boundaries, so exactly 800.
        #expect(Self.coveredPixels(p) == 800)
        #expect(Self.pixel(p, 50, 40) == (0, 0, 255, 255))
        #expect(Self.pixel(p, 30, 30).3 == 255 && Self.pixel(p, 69, 49).3 == 255)
        #expect(Self.pixel(p, 29, 40).3 == 0 && Self.pixel(p, 70, 40).3 == 0 && Self.pixel(p, 50, 29).3 == 0 && Self.pixel(p, 50, 50).3 == 0)
    }

    @Test func linearOpacityKeyframesInterpolateByFrame() throws {
        let bytes = PAGWriter.file([
            PAGWriter.composition(id: 1, width: 100, height: 100, frames: 11, layers: [
                PAGWriter.layer(type: 4, id: 7, frames: 11, [PAGWriter.opacityRamp(from: 0, to: 255, start: 0, end: 10),
                                                              PAGWriter.rectangle(50, 50, 100, 100), PAGWriter.fill(255, 255, 255)]),
            ]),
        ])
        let t = try Self.timeline(bytes)
        for (frame, expected) in [(0, 0.0), (5, 127.5), (10, 255.0)] {
            let alpha = Double(Self.pixel(try t.render(frame: frame, size: PixelSize(100, 100)), 50, 50).3)
            // One step of 8-bit rounding.
            #expect(abs(alpha - expected) <= 1, "frame \(frame): alpha \(alpha), expected \(expected)")
        }
    }

    @Test func aPrecompositionShowsItsCompositionFromItsStartTime() throws {
        // Composition 2 shows its rectangle only from its frame 3; the root starts it at frame 2, so
        // the rectangle appears at root frame 5.
        let bytes = PAGWriter.file([
            PAGWriter.composition(id: 2, width: 100, height: 100, frames: 10, layers: [
                PAGWriter.layer(type: 4, id: 1, frames: 7, start: 3, [PAGWriter.rectangle(50, 50, 20, 20), PAGWriter.fill(255, 0, 0)]),
            ]),
            PAGWriter.composition(id: 3, width: 100, height: 100, frames: 10, layers: [
                PAGWriter.layer(type: 6, id: 9, frames: 10, [PAGWriter.compositionReference(2, start: 2)]),
            ]),
        ])
        let t = try Self.timeline(bytes)
        #expect(Self.coveredPixels(try t.render(frame: 4, size: PixelSize(100, 100))) == 0)
        #expect(Self.coveredPixels(try t.render(frame: 5, size: PixelSize(100, 100))) == 400)
    }

    @Test func aTrackMatteTakesTheLayerAboveEvenWhenItIsSwitchedOff() throws {
        // The matte (left half) is switched off as exporters leave it; the red square shows only
        // where the matte is.
        let bytes = PAGWriter.file([
            PAGWriter.composition(id: 1, width: 100, height: 100, frames: 1, layers: [
                PAGWriter.layer(type: 4, id: 1, frames: 1, active: false, [PAGWriter.rectangle(25, 50, 50, 100), PAGWriter.fill(0, 0, 0)]),
                PAGWriter.layer(type: 4, id: 2, frames: 1, matte: 1, [PAGWriter.rectangle(50, 50, 100, 100), PAGWriter.fill(255, 0, 0)]),
            ]),
        ])
        let p = try Self.timeline(bytes).render(frame: 0, size: PixelSize(100, 100))
        #expect(Self.coveredPixels(p) == 5000)
        #expect(Self.pixel(p, 10, 50) == (255, 0, 0, 255))
        #expect(Self.pixel(p, 90, 50).3 == 0)
    }

    @Test func infoListsTheCompositionTree() throws {
        let doc = try PAGDocument(bytes: Self.rectangleFile, name: "test.pag")
        let text = "\(doc.contents)"
        #expect(text.contains("vector"))
        #expect(text.contains("shape 7: frames 0-9, 2 shape items"))
    }
}
