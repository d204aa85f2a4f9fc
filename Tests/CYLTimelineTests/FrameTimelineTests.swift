import Testing
import CYLRaster
@testable import CYLTimeline

/// A source that paints frame i as a solid grey of value i, so tests can see which frame drew.
final class GreySource: FrameSource {
    var calls: [Int] = []
    func render(frame index: Int, into target: inout Pixmap) throws {
        calls.append(index)
        target.fill(RGBA8(UInt8(index), UInt8(index), UInt8(index), 255))
    }
}

struct FrameTimelineTests {
    @Test func fpsTiming() {
        let t = FrameTimeline(format: "test", file: "t", canvasSize: PixelSize(10, 10), frameCount: 30,
                              timing: .fps(30), source: GreySource())
        #expect(abs(t.duration.seconds - 1) < 1e-12)
        #expect(t.frameIndex(at: .zero) == 0)
        #expect(t.frameIndex(at: .seconds(0.1)) == 3, "frame i shows at i / fps, exactly at the boundary")
        #expect(t.frameIndex(at: .seconds(0.999)) == 29)
        #expect(t.frameIndex(at: .seconds(5)) == 29)
        #expect(t.frameIndex(at: .seconds(-1)) == 0)
    }

    @Test func durationTiming() {
        let t = FrameTimeline(format: "test", file: "t", canvasSize: PixelSize(10, 10), frameCount: 3,
                              timing: .durations([.milliseconds(100), .milliseconds(200), .milliseconds(300)]),
                              source: GreySource())
        #expect(t.startTime(ofFrame: 2) == .milliseconds(300))
        #expect(t.duration == .milliseconds(600))
        #expect(t.frameIndex(at: .milliseconds(299)) == 1)
        #expect(t.frameIndex(at: .milliseconds(300)) == 2)
    }

    @Test func renderChecksTheFrameRange() throws {
        let source = GreySource()
        let t = FrameTimeline(format: "test", file: "x.gif", canvasSize: PixelSize(4, 4), frameCount: 3,
                              timing: .fps(10), source: source)
        let image = try t.render(frame: 2, size: PixelSize(2, 2))
        #expect(image[1, 1] == RGBA8(2, 2, 2, 255))
        #expect(throws: RenderError.self) { _ = try t.render(frame: 3, size: PixelSize(2, 2)) }
        #expect(source.calls == [2])
    }
}
