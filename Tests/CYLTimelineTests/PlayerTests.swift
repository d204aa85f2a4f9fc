import Testing
@testable import CYLTimeline

/// One test per playback rule of DESIGN.md §4, driven by explicit times (a fake clock): 10 frames
/// of 0.1 s each, so frame = floor(elapsed * 10) while playing.
struct PlayerTests {
    static let tenFrames = [Duration](repeating: .milliseconds(100), count: 10)

    func player(_ policy: PlaybackPolicy, speed: Double = 1) throws -> Player {
        try Player(frameDurations: Self.tenFrames, policy: policy, speed: speed)
    }

    @Test func playOnceOnSelectPlaysThenHoldsLastFrame() throws {
        var p = try player(.playOnceOnSelect)
        #expect(p.frameIndex(at: .seconds(5)) == 0, "an unselected tab rests on frame 0")
        p.select(at: .seconds(10))
        #expect(p.frameIndex(at: .seconds(10)) == 0)
        #expect(p.frameIndex(at: .seconds(10.05)) == 0)
        #expect(p.frameIndex(at: .seconds(10.35)) == 3)
        #expect(p.frameIndex(at: .seconds(10.95)) == 9)
        #expect(p.frameIndex(at: .seconds(11.0)) == 9, "holds the last frame at the end")
        #expect(p.frameIndex(at: .seconds(60)) == 9, "and keeps holding while selected")
        #expect(!p.isAnimating)
    }

    @Test func resetOnDeselectShowsFrameZero() throws {
        var p = try player(.playOnceOnSelect)
        p.select(at: .zero)
        #expect(p.frameIndex(at: .seconds(0.5)) == 5)
        p.deselect(at: .seconds(0.5))
        #expect(p.frameIndex(at: .seconds(0.6)) == 0)
        #expect(p.frameIndex(at: .seconds(3)) == 0, "stays on the resting icon")
        // Also after a finished play.
        p.select(at: .seconds(4))
        #expect(p.frameIndex(at: .seconds(6)) == 9)
        p.deselect(at: .seconds(6))
        #expect(p.frameIndex(at: .seconds(6.01)) == 0)
    }

    @Test func replayOnReselect() throws {
        var p = try player(.playOnceOnSelect)
        p.select(at: .zero)
        #expect(p.frameIndex(at: .seconds(2)) == 9)
        p.select(at: .seconds(2))  // tap the selected tab again
        #expect(p.frameIndex(at: .seconds(2)) == 0)
        #expect(p.frameIndex(at: .seconds(2.45)) == 4)
        // Reselect in the middle of a play restarts it too.
        p.select(at: .seconds(2.5))
        #expect(p.frameIndex(at: .seconds(2.5)) == 0)
        #expect(p.frameIndex(at: .seconds(2.75)) == 2)
    }

    /// The launch tab (the library's #389): last frame, held, no events; a tap replays from 0.
    @Test func launchShowsTheLastFrameWithoutPlaying() throws {
        for policy in [PlaybackPolicy.playOnceOnSelect, .loopsWhenUnselected] {
            var p = try player(policy)
            p.launch(at: .zero)
            #expect(p.frameIndex(at: .zero) == 9, "\(policy)")
            #expect(p.frameIndex(at: .seconds(30)) == 9, "\(policy): held while selected")
            #expect(p.isSelected && !p.isAnimating)
            #expect(p.takeEvents().isEmpty, "\(policy): no animationDidStart at launch")
            p.select(at: .seconds(30))   // tapping the launch tab again
            #expect(p.frameIndex(at: .seconds(30)) == 0 && p.frameIndex(at: .seconds(30.45)) == 4)
            #expect(p.takeEvents() == [.didStart(at: .seconds(30))])
            p.deselect(at: .seconds(31))
            _ = p.takeEvents()
            #expect(p.frameIndex(at: .seconds(31.25)) == (policy == .playOnceOnSelect ? 0 : 2), "\(policy): deselected as usual")
        }
        // A loop already running when the launch comes later is cut short and says so.
        var late = try player(.loopsWhenUnselected)
        late.launch(at: .seconds(2))
        #expect(late.takeEvents() == [.didStart(at: .zero), .didFinish(at: .seconds(2), completed: false)])
        // A plain image's loop ignores selection, launch included.
        var loop = try player(.loop)
        loop.launch(at: .zero)
        #expect(loop.frameIndex(at: .seconds(0.45)) == 4 && loop.takeEvents() == [.didStart(at: .zero)])
    }

    @Test func loopsWhenUnselectedLoopsThenPlaysOnceOnSelect() throws {
        var p = try player(.loopsWhenUnselected)
        #expect(p.frameIndex(at: .seconds(0.25)) == 2)
        #expect(p.frameIndex(at: .seconds(1.25)) == 2, "wraps after one pass")
        #expect(p.frameIndex(at: .seconds(7.95)) == 9)
        p.select(at: .seconds(8))
        #expect(p.frameIndex(at: .seconds(8.3)) == 3)
        #expect(p.frameIndex(at: .seconds(9.5)) == 9, "plays once on select and holds")
        p.deselect(at: .seconds(10))
        #expect(p.frameIndex(at: .seconds(10.15)) == 1, "loops again from frame 0 once deselected")
        #expect(p.frameIndex(at: .seconds(11.15)) == 1)
    }

    @Test func loopPolicyLoopsWhateverTheSelection() throws {
        var p = try player(.loop)
        #expect(p.frameIndex(at: .seconds(0.45)) == 4)
        p.select(at: .seconds(1))
        #expect(p.frameIndex(at: .seconds(1.45)) == 4, "selection neither restarts nor stops it")
        p.select(at: .seconds(1.5))
        #expect(p.frameIndex(at: .seconds(1.65)) == 6)
        p.deselect(at: .seconds(2))
        #expect(p.frameIndex(at: .seconds(2.35)) == 3)
        #expect(p.frameIndex(at: .seconds(100.05)) == 0)
        #expect(p.isAnimating)
    }

    @Test func speedMultipliesTheRate() throws {
        var half = try player(.playOnceOnSelect, speed: 0.5)
        half.select(at: .zero)
        #expect(half.frameIndex(at: .seconds(0.5)) == 2, "0.5 s at half speed is 0.25 s of animation")
        #expect(half.frameIndex(at: .seconds(1.95)) == 9)
        #expect(half.passDuration == .seconds(2))
        var double = try player(.playOnceOnSelect, speed: 2)
        double.select(at: .zero)
        #expect(double.frameIndex(at: .seconds(0.25)) == 5)
        #expect(double.frameIndex(at: .seconds(0.5)) == 9)
        #expect(double.takeEvents().last == .didFinish(at: .seconds(0.5), completed: true))
    }

    @Test(arguments: [0.0, -1.0, .nan, .infinity])
    func speedAtOrBelowZeroIsAnError(_ speed: Double) {
        #expect(throws: PlayerError.self) { _ = try Player(frameDurations: Self.tenFrames, policy: .loop, speed: speed) }
    }

    @Test func emptyTimelineIsAnError() {
        #expect(throws: PlayerError.noFrames) { _ = try Player(frameDurations: [], policy: .loop) }
    }

    @Test func eventsReportStartAndFinish() throws {
        var p = try player(.playOnceOnSelect)
        #expect(p.takeEvents().isEmpty, "nothing plays until selected")
        p.select(at: .seconds(1))
        #expect(p.takeEvents() == [.didStart(at: .seconds(1))])
        _ = p.frameIndex(at: .seconds(1.5))
        #expect(p.takeEvents().isEmpty)
        _ = p.frameIndex(at: .seconds(3))
        #expect(p.takeEvents() == [.didFinish(at: .seconds(2), completed: true)], "finish is stamped at the real end")
        _ = p.frameIndex(at: .seconds(4))
        #expect(p.takeEvents().isEmpty, "finish is reported once")
        // Cut short by a reselect, then by a deselect.
        p.select(at: .seconds(5))
        p.select(at: .seconds(5.5))
        p.deselect(at: .seconds(5.7))
        #expect(p.takeEvents() == [
            .didStart(at: .seconds(5)),
            .didFinish(at: .seconds(5.5), completed: false), .didStart(at: .seconds(5.5)),
            .didFinish(at: .seconds(5.7), completed: false),
        ])
    }

    @Test func darkVariantAndTabConfigRulesAreOutOfThisModule() {
        // The dark-variant row of §4 is a rendering choice (a second file or colour overrides) made
        // by the facade, not a timing rule; the player has nothing to do for it. This test pins the
        // policy list so a new rule is a conscious addition.
        #expect(PlaybackPolicy.allCases == [.playOnceOnSelect, .loopsWhenUnselected, .loop])
    }

    @Test func unevenFrameDurations() throws {
        // GIF-style delays: 0.5 s, 0.1 s, 1 s.
        var p = try Player(frameDurations: [.milliseconds(500), .milliseconds(100), .seconds(1)], policy: .loop)
        #expect(p.frameIndex(at: .seconds(0.49)) == 0)
        #expect(p.frameIndex(at: .seconds(0.5)) == 1)
        #expect(p.frameIndex(at: .seconds(0.61)) == 2)
        #expect(p.frameIndex(at: .seconds(1.6 + 0.2)) == 0)
    }
}
