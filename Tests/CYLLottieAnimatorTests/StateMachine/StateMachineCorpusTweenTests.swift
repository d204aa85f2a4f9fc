import CYLLottieAnimator
import Testing

/// The corpus's tweened transitions (smileys.json, tween_*.json, traffic_lights.json): a
/// `Tweened` transition between states of one animation moves the pose to the target's first
/// frame over its duration, and only then enters the target. Played over smiley-slider.lottie
/// (329 frames at 30 fps) as dotlottie-rs's `tests/state_machine.rs` does; the facts for
/// tween_redirection, tween_reverse_segment and tween_no_segment's tweening are from there. The
/// frames the tweens land on, smileys.json's and tween_no_segment.json's behaviour past the
/// tween, and traffic_lights.json (whose animation is made up, `SMCorpus.trafficLights`) are
/// derived by hand.
@Suite struct StateMachineCorpusTweenTests {
    static func started(_ file: String) throws -> StateMachineEngine? {
        try SMCorpus.started(file, SMCorpus.smileySlider, hitTest: SMCorpus.faceHit)
    }

    /// Ratings 1 to 3 tween (2 s), 4 and 5 do not; a tap on a face sets its rating.
    @Test func smileysTweenThenEnter() throws {
        guard var e = try Self.started("smileys.json") else { return }
        #expect(e.currentState == "star_1" && e.playhead.frame == 10)
        e.setNumeric("rating", 2)
        #expect(e.status == .tweening && e.playhead.status == .tweening && e.currentState == "star_1")
        e.advance(seconds: 2.5)
        #expect(e.currentState == "star_2" && e.status == .running && e.playhead.frame == 65)
        #expect(e.drainEvents().customEvents == ["WOOHOO STAR 2"])

        let wink = SMCorpus.faceAt("wink")
        e.post(.pointerDown(x: wink.x, y: wink.y))
        #expect(e.currentState == "star_4" && e.status == .running && e.playhead.frame == 212)

        let mourn = SMCorpus.faceAt("mourn")
        e.post(.pointerDown(x: mourn.x, y: mourn.y))
        #expect(e.status == .tweening && e.currentState == "star_4")
        e.advance(seconds: 1)
        // Half way in time, on the way from 212 down to 147.
        #expect(e.playhead.frame > 147 && e.playhead.frame < 212 && e.currentState == "star_4")
        e.advance(seconds: 1.5)
        #expect(e.currentState == "star_3" && e.playhead.frame == 147)
    }

    /// The target plays no segment: the tween still runs, towards the animation's first frame.
    @Test func tweenToAStateWithoutASegment() throws {
        guard var e = try Self.started("tween_no_segment.json") else { return }
        #expect(e.currentState == "segment_state" && e.playhead.frame == 10)
        e.setNumeric("trigger", 1)
        #expect(e.status == .tweening && e.playhead.status == .tweening)
        #expect(e.currentState == "segment_state")
        e.advance(seconds: 1)
        #expect(e.currentState == "segment_state" && e.playhead.frame > 0 && e.playhead.frame < 10)
        e.advance(seconds: 1.5)
        #expect(e.currentState == "no_segment_state" && e.status == .running && e.playhead.frame == 0)
    }

    /// A reverse state's tween lands where it starts playing: its segment's end (sad: 65 + 65),
    /// or without a segment the last frame (328). The tween lasts a millisecond.
    @Test func tweenToReverseStates() throws {
        guard var e = try Self.started("tween_reverse_segment.json") else { return }
        #expect(e.currentState == "forward_state")
        e.setNumeric("trigger", 1)
        #expect(e.status == .tweening && e.playhead.status == .tweening && e.currentState == "forward_state")
        e.advance(seconds: 0.01)
        #expect(e.currentState == "reverse_state" && e.status == .running)
        #expect(e.playhead.frame == 130 && e.playhead.mode == .reverse)

        guard var n = try Self.started("tween_reverse_segment.json") else { return }
        n.setNumeric("trigger", 2)
        #expect(n.status == .tweening && n.playhead.status == .tweening && n.currentState == "forward_state")
        n.advance(seconds: 0.01)
        #expect(n.currentState == "reverse_no_segment_state" && n.status == .running)
        #expect(n.playhead.frame == 328)
    }

    /// An input changed mid-tween is evaluated: a tweened transition retargets the tween, and
    /// the state given up on is never entered.
    @Test func tweenRetargetsMidway() throws {
        guard var e = try Self.started("tween_redirection.json") else { return }
        #expect(e.currentState == "star_1")
        e.setNumeric("rating", 2)
        #expect(e.status == .tweening && e.currentState == "star_1")
        e.advance(seconds: 0.5)
        #expect(e.status == .tweening)
        let accepted = e.setNumeric("rating", 3)
        #expect(accepted)
        #expect(e.status == .tweening && e.currentState == "star_1")
        e.advance(seconds: 2.5)
        #expect(e.currentState == "star_3" && e.status == .running)
        let events = e.drainEvents()
        #expect(events.entered == ["star_3"] && events.customEvents == ["entered_star_3"])
    }

    /// An instant transition mid-tween cancels the tween and enters its state at once.
    @Test func instantTransitionInterruptsATween() throws {
        guard var e = try Self.started("tween_redirection.json") else { return }
        e.setNumeric("rating", 2)
        #expect(e.status == .tweening)
        e.advance(seconds: 0.5)
        e.setNumeric("rating", 5)
        #expect(e.currentState == "star_5" && e.status == .running)
        #expect(e.playhead.status != .tweening && e.playhead.frame == 263)
        let entered = e.drainEvents().entered
        #expect(entered.contains("star_5") && !entered.contains("star_2"))
    }

    @Test func chainedRetargetsLandOnTheLast() throws {
        guard var e = try Self.started("tween_redirection.json") else { return }
        e.setNumeric("rating", 2)
        e.advance(seconds: 0.4)
        e.setNumeric("rating", 3)
        e.advance(seconds: 0.4)
        e.setNumeric("rating", 4)
        #expect(e.status == .tweening)
        e.advance(seconds: 2.5)
        #expect(e.currentState == "star_4" && e.status == .running && e.playhead.frame == 212)
        #expect(e.drainEvents().entered == ["star_4"])
    }

    /// Each light loops; every loop counts, and the count (reset as a light comes on) moves to
    /// the next light after 3 loops of green, 3 of yellow, 13 of red, each move a 3 s tween.
    @Test func trafficLightsCycle() throws {
        guard var e = try SMCorpus.started("traffic_lights.json", SMCorpus.trafficLights) else { return }
        #expect(e.currentState == "Green" && e.numeric("lightCount") == 0 && e.playhead.frame == 30)
        var entries: [(state: String, at: Double)] = []
        var t = 0.0
        var tweenedWhileGreen = false
        let step = 0.05
        while t < 30 && entries.count < 3 {
            e.advance(seconds: step)
            t += step
            if e.currentState == "Green" && e.status == .tweening { tweenedWhileGreen = true }
            for s in e.drainEvents().entered {
                entries.append((s, t))
                #expect(e.numeric("lightCount") == 0, "\(s) entered with count \(String(describing: e.numeric("lightCount")))")
            }
        }
        #expect(entries.map(\.state) == ["Yellow", "Red", "Green"])
        #expect(tweenedWhileGreen)
        guard entries.count == 3 else { return }
        // Green: 3 loops of 1 s, then 3 s of tween.
        #expect(abs(entries[0].at - 6) < 0.5, "Yellow at \(entries[0].at)")
        // Yellow: 3 loops of 29 frames, then the tween.
        #expect(abs(entries[1].at - entries[0].at - (3 * 29.0 / 30 + 3)) < 0.5, "Red at \(entries[1].at)")
        // Red: 13 loops, then the tween.
        #expect(abs(entries[2].at - entries[1].at - 16) < 1, "Green again at \(entries[2].at)")
    }
}
