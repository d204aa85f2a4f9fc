import Testing
import CYLRaster
@testable import CYLTimeline

/// `FrameClock`: the one time → frame index lookup that timelines, players and previews share.
struct FrameClockTests {
    static let durations: [Duration] = [.milliseconds(100), .milliseconds(250), .milliseconds(50), .milliseconds(600)]

    @Test func startsAndLookups() {
        let clock = FrameClock(frameDurations: Self.durations)
        #expect(clock.frameCount == 4)
        #expect(clock.duration == .milliseconds(1000))
        #expect((0..<4).map(clock.startTime(ofFrame:)) == [.zero, .milliseconds(100), .milliseconds(350), .milliseconds(400)])
        #expect(clock.frameIndex(at: .milliseconds(-5)) == 0)
        #expect(clock.frameIndex(at: .milliseconds(99)) == 0)
        #expect(clock.frameIndex(at: .milliseconds(100)) == 1, "a frame shows from its own start")
        #expect(clock.frameIndex(at: .milliseconds(399)) == 2)
        #expect(clock.frameIndex(at: .milliseconds(5000)) == 3, "clamped to the last frame")
        #expect(clock.loopingFrameIndex(at: .milliseconds(1100)) == 1)
        #expect(clock.loopingFrameIndex(at: .milliseconds(3399)) == 2)
        #expect(clock.loopingFrameIndex(at: .milliseconds(-1)) == 0)
        #expect(FrameClock(frameDurations: [.zero]).loopingFrameIndex(at: .seconds(3)) == 0)
        // A rate's frame i starts at exactly i / fps, not at a sum of rounded 1/fps steps.
        let rate = FrameClock(timing: .fps(30), frameCount: 90)
        #expect(rate.startTime(ofFrame: 30) == .seconds(1) && rate.duration == .seconds(3))
        #expect(rate.frameIndex(at: .seconds(Double(45) / 30)) == 45)
    }

    /// A player reads the frame index from its timeline's own clock, so `Player.frameIndex(at:)`
    /// during a play and `FrameTimeline.frameIndex(at:)` agree at every time.
    @Test func playerAndTimelineShareOneClock() throws {
        for timing in [FrameTiming.durations(Self.durations), .fps(24)] {
            let t = FrameTimeline(format: "test", file: "t", canvasSize: PixelSize(1, 1), frameCount: 4, timing: timing, source: GreySource())
            var once = try Player(timeline: t, policy: .playOnceOnSelect)
            var loop = try Player(timeline: t, policy: .loop)
            #expect(once.clock == t.clock && loop.clock == t.clock)
            once.select(at: .seconds(10))
            for ms in stride(from: 0, to: Int(t.duration.seconds * 1000), by: 7) {
                let time = Duration.milliseconds(ms)
                #expect(once.frameIndex(at: .seconds(10) + time) == t.frameIndex(at: time), "\(timing) at \(ms) ms")
                #expect(loop.frameIndex(at: t.duration * 3 + time) == t.frameIndex(at: time), "\(timing) at \(ms) ms, 4th pass")
            }
        }
    }
}
