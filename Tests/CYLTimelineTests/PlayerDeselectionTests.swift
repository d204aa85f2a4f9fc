import Testing
import CYLRaster
@testable import CYLTimeline

/// A timeline with a way back (`deselectionStart`, a dotLottie toggle machine's reverse): 10
/// frames of 0.1 s, frames 0-5 are what selecting plays and frames 6-9 what deselecting plays.
struct PlayerDeselectionTests {
    static let tenFrames = [Duration](repeating: .milliseconds(100), count: 10)

    func player(speed: Double = 1) throws -> Player {
        try Player(clock: FrameClock(frameDurations: Self.tenFrames), policy: .playOnceOnSelect,
                   speed: speed, deselectionStart: 6)
    }

    @Test func selectingPlaysTheFramesBeforeTheWayBackAndHolds() throws {
        var p = try player()
        #expect(p.frameCount == 6, "a pass is the selection's frames")
        #expect(p.passDuration == .milliseconds(600))
        #expect(p.frameIndex(at: .seconds(3)) == 0, "unselected rests on frame 0")
        p.select(at: .seconds(1))
        #expect(p.frameIndex(at: .seconds(1.25)) == 2)
        #expect(p.frameIndex(at: .seconds(1.55)) == 5)
        #expect(p.frameIndex(at: .seconds(1.65)) == 5, "holds the selection's last frame, not the way back's")
        #expect(p.frameIndex(at: .seconds(9)) == 5)
    }

    @Test func deselectingPlaysTheWayBackThenRests() throws {
        var p = try player()
        p.select(at: .zero)
        _ = p.frameIndex(at: .seconds(1))
        p.deselect(at: .seconds(2))
        #expect(p.isAnimating)
        #expect(p.frameIndex(at: .seconds(2)) == 6)
        #expect(p.frameIndex(at: .seconds(2.15)) == 7)
        #expect(p.frameIndex(at: .seconds(2.35)) == 9)
        #expect(p.frameIndex(at: .milliseconds(2400)) == 0, "rests on frame 0 when the way back ends")
        #expect(!p.isAnimating)
        #expect(p.takeEvents() == [
            .didStart(at: .zero), .didFinish(at: .milliseconds(600), completed: true),
            .didStart(at: .seconds(2)), .didFinish(at: .milliseconds(2400), completed: true),
        ])
    }

    /// A tap during the way back plays the selection again from frame 0, cutting the way back short.
    @Test func selectingDuringTheWayBackCutsItShort() throws {
        var p = try player()
        p.select(at: .zero)
        p.deselect(at: .seconds(0.3))  // cut short: the way back plays all the same
        #expect(p.frameIndex(at: .seconds(0.35)) == 6)
        p.select(at: .seconds(0.5))
        #expect(p.frameIndex(at: .seconds(0.5)) == 0)
        #expect(p.frameIndex(at: .seconds(0.75)) == 2)
        #expect(p.takeEvents() == [
            .didStart(at: .zero),
            .didFinish(at: .seconds(0.3), completed: false), .didStart(at: .seconds(0.3)),
            .didFinish(at: .seconds(0.5), completed: false), .didStart(at: .seconds(0.5)),
        ])
    }

    @Test func speedAppliesToTheWayBack() throws {
        var p = try player(speed: 2)
        p.launch(at: .zero)
        #expect(p.frameIndex(at: .seconds(1)) == 5, "the launch tab holds the selection's last frame")
        p.deselect(at: .seconds(1))
        #expect(p.frameIndex(at: .seconds(1.1)) == 8)
        #expect(p.frameIndex(at: .milliseconds(1200)) == 0, "0.4 s of way back at speed 2 is 0.2 s")
        #expect(p.takeEvents() == [.didStart(at: .seconds(1)), .didFinish(at: .milliseconds(1200), completed: true)])
    }

    /// A start outside 1..<frameCount is no way back: deselecting rests at once, as without one.
    @Test(arguments: [0, 10, 11, -1])
    func aStartOutsideTheFramesIsIgnored(_ start: Int) throws {
        var p = try Player(clock: FrameClock(frameDurations: Self.tenFrames), policy: .playOnceOnSelect,
                           deselectionStart: start)
        #expect(p.frameCount == 10)
        p.select(at: .zero)
        p.deselect(at: .seconds(2))
        #expect(p.frameIndex(at: .seconds(2.05)) == 0)
    }

    @Test func timelineTextSaysWhatDeselectingPlays() {
        var t = FrameTimeline(format: "test", file: "t", canvasSize: PixelSize(1, 1), frameCount: 10, timing: .fps(10), source: GreySource())
        #expect(t.deselectionText == nil)
        t.deselectionStart = 6
        #expect(t.deselectionText == "deselecting plays frames 6-9, then frame 0")
    }
}
