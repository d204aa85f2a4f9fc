import Testing
import CYLRaster
@testable import CYLTimeline

/// `FrameTimeline.render(frameTime:size:)` on a source without in-between times: the protocol's
/// default draws the frame showing at that time (floor), clamped to the animation.
struct FractionalFrameTimelineTests {
    func timeline(_ source: GreySource, frames: Int = 4) -> FrameTimeline {
        FrameTimeline(format: "test", file: "t", canvasSize: PixelSize(2, 2), frameCount: frames, timing: .fps(10), source: source)
    }

    @Test func rasterSourcesDrawTheFrameShowingAtThatTime() throws {
        let source = GreySource()
        let t = timeline(source)
        #expect(!source.supportsFractionalFrames)
        #expect(try t.render(frameTime: 0, size: PixelSize(2, 2))[0, 0].r == 0)
        #expect(try t.render(frameTime: 1.5, size: PixelSize(2, 2))[0, 0].r == 1)
        #expect(try t.render(frameTime: 2.999, size: PixelSize(2, 2))[0, 0].r == 2)
        #expect(try t.render(frameTime: 4, size: PixelSize(2, 2))[0, 0].r == 3, "the end shows the last frame")
        #expect(source.calls == [0, 1, 2, 3])
    }

    @Test func timesOutsideTheAnimationAreErrors() {
        let t = timeline(GreySource())
        for bad in [-0.5, 4.01, .nan, .infinity] {
            #expect(throws: RenderError.self) { try t.render(frameTime: bad, size: PixelSize(2, 2)) }
        }
    }

    @Test func theDefaultImplementationFloorsAndClampsBelowZero() throws {
        let source = GreySource()
        var p = try Pixmap(width: 1, height: 1)
        try source.render(frameTime: 2.7, into: &p)
        try source.render(frameTime: -3, into: &p)
        #expect(source.calls == [2, 0])
    }
}
