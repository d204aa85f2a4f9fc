import CYLLottieAnimator
import Testing

/// The corpus's `interaction_tests/`: pointer and player events running actions. Events and
/// expected states: dotlottie-rs's `tests/state_machine_interactions.rs` and, for
/// all_interaction_events.json, `tests/state_machine.rs`; pointer_down_up.json's behaviour past
/// its start and the pigeon timings are derived by hand from the definitions and the animation.
/// Pointers land on star_rating.lottie's star layers as the runtime's tests place them
/// (`SMCorpus.stars`). interaction_array.json is refused at load (a transition to a state it
/// lacks), see `StateMachineEngineTests.corpusDefinitionsLoad`.
@Suite struct StateMachineCorpusInteractionTests {
    /// Each pointer event fires its own event, and the global state goes to its state; the
    /// completion of e (its OnComplete) fires f.
    @Test func everyInteractionType() throws {
        guard var e = try SMCorpus.started("interaction_tests/all_interaction_events.json", SMCorpus.pigeon) else { return }
        var states: [String] = []
        for event: StateMachinePointerEvent in [.pointerDown(x: 0, y: 0), .pointerUp(x: 0, y: 0), .pointerMove(x: 0, y: 0),
                                                 .pointerEnter(x: 0, y: 0), .pointerExit(x: 0, y: 0), .complete] {
            e.post(event)
            states.append(e.currentState)
        }
        #expect(states == ["a", "b", "c", "d", "e", "f"])
        // a to c play their markers: c shows the bird.
        #expect(e.playhead.marker == "bird")
    }

    @Test func pointerDownAnywhere() throws {
        guard var e = try SMCorpus.started("interaction_tests/pointer_down.json") else { return }
        #expect(e.currentState == "global")
        e.post(.pointerDown(x: 0, y: 0))
        #expect(e.currentState == "star_4" && e.numeric("rating") == 4)
        #expect(e.playhead.marker == "star_4" && e.playhead.frame == 30)
    }

    /// A pointer-down on a star layer picks that star; a pointer-up anywhere sets 6.
    @Test func pointerDownOnLayersAndUpAnywhere() throws {
        guard var e = try SMCorpus.started("interaction_tests/pointer_down_up.json", hitTest: SMCorpus.stars) else { return }
        #expect(e.currentState == "global")
        let p = SMCorpus.starAt(2)
        e.post(.pointerDown(x: p.x, y: p.y))
        #expect(e.currentState == "star_2")
        e.post(.pointerUp(x: p.x, y: p.y))
        #expect(e.currentState == "star_6" && e.numeric("rating") == 6)
        // Down off every star: nothing runs.
        e.post(.pointerDown(x: 0, y: 0))
        #expect(e.currentState == "star_6" && e.numeric("rating") == 6)
        let q = SMCorpus.starAt(5)
        e.post(.pointerDown(x: q.x, y: q.y))
        #expect(e.currentState == "star_5")
    }

    @Test func pointerEnterEachStar() throws {
        guard var e = try SMCorpus.started("interaction_tests/pointer_enter.json", hitTest: SMCorpus.stars) else { return }
        #expect(e.currentState == "star_0")
        var states: [String] = []
        for k in 1...5 {
            let p = SMCorpus.starAt(k)
            e.post(.pointerEnter(x: p.x, y: p.y))
            states.append(e.currentState)
        }
        #expect(states == ["star_1", "star_2", "star_3", "star_4", "star_5"])
    }

    /// Where only moves are reported, a move onto a layer is entering it.
    @Test func pointerEnterThroughMoves() throws {
        guard var e = try SMCorpus.started("interaction_tests/pointer_enter.json", hitTest: SMCorpus.stars) else { return }
        var states: [String] = []
        for k in 1...5 {
            let p = SMCorpus.starAt(k)
            e.post(.pointerMove(x: p.x, y: p.y))
            states.append(e.currentState)
        }
        #expect(states == ["star_1", "star_2", "star_3", "star_4", "star_5"])
    }

    @Test func pointerExitLeavesTheStar() throws {
        guard var e = try SMCorpus.started("interaction_tests/pointer_exit.json", hitTest: SMCorpus.stars) else { return }
        #expect(e.currentState == "star_0")
        let p = SMCorpus.starAt(1)
        e.post(.pointerEnter(x: p.x, y: p.y))
        #expect(e.currentState == "star_1")
        e.post(.pointerExit(x: 0, y: 0))
        #expect(e.currentState == "star_0")
    }

    /// Moving onto each star and off again: enter, then exit, each time.
    @Test func pointerExitThroughMoves() throws {
        guard var e = try SMCorpus.started("interaction_tests/pointer_exit.json", hitTest: SMCorpus.stars) else { return }
        var states: [String] = []
        for k in 1...5 {
            let p = SMCorpus.starAt(k)
            e.post(.pointerMove(x: p.x, y: p.y))
            states.append(e.currentState)
            e.post(.pointerMove(x: 0, y: 0))
            states.append(e.currentState)
        }
        #expect(states == ["star_1", "star_0", "star_2", "star_0", "star_3", "star_0", "star_4", "star_0", "star_5", "star_0"])
    }

    @Test func pointerMoveCountsUp() throws {
        guard var e = try SMCorpus.started("interaction_tests/pointer_move.json") else { return }
        #expect(e.currentState == "global")
        var states: [String] = []
        for _ in 0..<3 {
            e.post(.pointerMove(x: 0, y: 0))
            states.append(e.currentState)
        }
        #expect(states == ["star_1", "star_2", "star_3"] && e.numeric("rating") == 3)
    }

    /// OnComplete interactions name the state they listen in; "global" counts while the
    /// machine is in its global state.
    @Test func onCompletePostedByHand() throws {
        guard var e = try SMCorpus.started("interaction_tests/on_complete.json") else { return }
        #expect(e.currentState == "global")
        var states: [String] = []
        for _ in 0..<3 {
            e.post(.complete)
            states.append(e.currentState)
        }
        #expect(states == ["star_1", "star_2", "star_3"])
        // The last state listened in is star_3: a fourth completion reaches star_4, where
        // nothing listens, so a fifth changes nothing (derived by hand).
        e.post(.complete)
        #expect(e.currentState == "star_4")
        e.post(.complete)
        #expect(e.currentState == "star_4" && e.numeric("rating") == 4)
    }

    /// star_1 plays its 10 frames at 30 fps and completes: the player's own completion counts.
    @Test func onCompleteFromPlaying() throws {
        guard var e = try SMCorpus.started("interaction_tests/on_complete.json") else { return }
        e.setNumeric("rating", 1)
        #expect(e.currentState == "star_1")
        let t = SMCorpus.run(&e, limit: 2) { $0.currentState != "star_1" }
        #expect(e.currentState == "star_2")
        // 10 frames at 30 fps: a third of a second.
        #expect(t.map { abs($0 - 1.0 / 3) < 0.05 } == true, "took \(String(describing: t))")
    }

    /// The bird loops at 4× speed; each loop counts, and the fourth takes the machine to the
    /// explosion, a final state: the machine stops there.
    @Test func onLoopCompleteCountsLoops() throws {
        guard var e = try SMCorpus.started("interaction_tests/on_loop_complete.json", SMCorpus.pigeon, id: "pigeon") else { return }
        #expect(e.currentState == "pigeonRunning")
        let t = SMCorpus.run(&e, limit: 10) { $0.status == .stopped }
        #expect(e.currentState == "explosion" && e.numeric("loopCount") == 4)
        // A loop is 22 frames at 25 fps × 4: 0.22 s; four of them.
        #expect(t.map { $0 > 0.8 && $0 < 1.0 } == true, "took \(String(describing: t))")
    }

    /// A pointer-down explodes the pigeon; the explosion (11 frames at 25 fps, speed 0.1: 4.4 s)
    /// completes and rains feathers.
    @Test func pigeonExplodesThenFeathersFall() throws {
        guard var e = try SMCorpus.started("interaction_tests/pigeon_fsm.json", SMCorpus.pigeon, id: "pigeon") else { return }
        #expect(e.currentState == "PigeonRunning")
        e.post(.pointerDown(x: 10, y: 10))
        #expect(e.currentState == "Explosion" && e.playhead.marker == "explosion")
        let t = SMCorpus.run(&e, limit: 10) { $0.currentState != "Explosion" }
        #expect(e.currentState == "Feathers falling")
        #expect(t.map { abs($0 - 4.4) < 0.1 } == true, "took \(String(describing: t))")
    }
}
