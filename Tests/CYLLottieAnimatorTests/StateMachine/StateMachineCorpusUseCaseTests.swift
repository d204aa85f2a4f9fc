import CYLLottieAnimator
import Testing

/// The corpus's `normal_usecases/` and the whole machines at its top level (pigeon.json,
/// rating.json, toggle.json): a rating widget, a password, a switch, an exploding pigeon.
/// final_state, password, password_with_events, normal_usecases/rating and toggle follow
/// dotlottie-rs's `tests/state_machine.rs` and `tests/state_machine_actions.rs`
/// (`fire_custom_event`); the pigeons, the top-level rating.json and the toggle's playhead are
/// derived by hand from the definitions and the animations (`SMCorpus`).
@Suite struct StateMachineCorpusUseCaseTests {
    /// The order the runtime reports a start and a rating in: each transition, the state left,
    /// the state entered, then what its entry actions do.
    @Test func ratingReportsTransitionsAndCustomEventsInOrder() throws {
        guard var e = try SMCorpus.unstarted("normal_usecases/rating.json") else { return }
        e.start()
        e.setNumeric("rating", 3)
        #expect(e.currentState == "star_3")
        let seen = e.drainEvents().filter {
            switch $0 {
            case .transition, .stateEntered, .stateExit, .customEvent: return true
            default: return false
            }
        }
        #expect(seen == [
            .transition(from: "", to: "global"), .stateExit(""), .stateEntered("global"),
            .transition(from: "global", to: "star_0"), .stateExit("global"), .stateEntered("star_0"),
            .customEvent("WOOHOO STAR 0"),
            .transition(from: "star_0", to: "star_3"), .stateExit("star_0"), .stateEntered("star_3"),
            .customEvent("WOOHOO STAR 3"),
        ])
    }

    @Test func ratingSetAndRead() throws {
        guard var e = try SMCorpus.started("normal_usecases/rating.json", hitTest: SMCorpus.stars) else { return }
        e.setNumeric("rating", 1)
        #expect(e.currentState == "star_1" && e.numeric("rating") == 1)
        e.setNumeric("rating", 5)
        #expect(e.currentState == "star_5" && e.numeric("rating") == 5)
        // Leaving the widget resets the rating (derived by hand).
        e.post(.pointerExit(x: 0, y: 0))
        #expect(e.currentState == "star_0" && e.numeric("rating") == 0)
    }

    /// star_5 is final: entering it stops the machine, but the evaluation under way still takes
    /// the transition its entry action (rating 1) enables; after that, inputs move nothing.
    @Test func finalStateStopsTheMachine() throws {
        guard var e = try SMCorpus.started("normal_usecases/final_state.json") else { return }
        #expect(e.currentState == "star_0")
        e.setNumeric("rating", 3)
        #expect(e.currentState == "star_3")
        e.setNumeric("rating", 5)
        #expect(e.currentState == "star_1")
        #expect(e.status == .stopped)
        e.setNumeric("rating", 3)
        #expect(e.currentState == "star_1")
    }

    @Test func passwordByString() throws {
        guard var e = try SMCorpus.started("normal_usecases/password.json") else { return }
        #expect(e.currentState == "initial-wait" && e.string("password") == "incorrect")
        e.setString("password", "welcome")
        #expect(e.currentState == "a" && e.string("password") == "welcome")
        #expect(e.playhead.status == .playing && e.playhead.speed == 2 && e.playhead.mode == .forward)
        e.setString("password", "goodbye")
        #expect(e.currentState == "b" && e.string("password") == "goodbye")
        #expect(e.playhead.mode == .reverse)
        // b has no way out.
        e.setString("password", "welcome")
        #expect(e.currentState == "b")
    }

    @Test func passwordByEvents() throws {
        guard var e = try SMCorpus.started("normal_usecases/password_with_events.json") else { return }
        #expect(e.currentState == "initial-wait")
        e.fire("Step")
        #expect(e.currentState == "a")
        e.fire("Step")
        #expect(e.currentState == "b")
        e.fire("Step")
        #expect(e.currentState == "b")
    }

    /// The whole cycle, twice over: a tap explodes the pigeon, the explosion's completion rains
    /// feathers, the feathers' completion restarts. `slow` is the explosion's speed.
    func pigeonCycle(_ file: String, running: String, explosion: String, feathers: String, slow: Double) throws {
        guard var e = try SMCorpus.started(file, SMCorpus.pigeon, id: "pigeon") else { return }
        for _ in 0..<2 {
            #expect(e.currentState == running && e.playhead.marker == "bird")
            // Running loops: a long wait changes nothing.
            e.advance(seconds: 3)
            #expect(e.currentState == running)
            e.post(.pointerDown(x: 50, y: 50))
            #expect(e.currentState == explosion && e.playhead.marker == "explosion")
            // 11 frames at 25 fps.
            let boom = SMCorpus.run(&e, limit: 10) { $0.currentState != explosion }
            #expect(e.currentState == feathers && e.playhead.marker == "feather")
            #expect(boom.map { abs($0 - 0.44 / slow) < 0.05 } == true, "\(file): explosion took \(String(describing: boom))")
            // 77 frames at 25 fps.
            let fall = SMCorpus.run(&e, limit: 10) { $0.currentState != feathers }
            #expect(fall.map { abs($0 - 3.08) < 0.05 } == true, "\(file): feathers took \(String(describing: fall))")
        }
        #expect(e.currentState == running)
    }

    @Test func pigeon() throws {
        try pigeonCycle("pigeon.json", running: "pigeonRunning", explosion: "explosion", feathers: "feathersFalling", slow: 1)
    }

    @Test func explodingPigeon() throws {
        try pigeonCycle("normal_usecases/exploding_pigeon.json", running: "Pigeon Running", explosion: "Explosion",
                        feathers: "Feathers falling", slow: 0.1)
    }

    /// The top-level rating.json: star_1's entry also opens a web page, which is reported, never
    /// opened.
    @Test func ratingReportsItsURL() throws {
        guard var e = try SMCorpus.started("rating.json", hitTest: SMCorpus.stars) else { return }
        #expect(e.currentState == "star_0")
        let p = SMCorpus.starAt(1)
        e.post(.pointerDown(x: p.x, y: p.y))
        #expect(e.currentState == "star_1")
        let events = e.drainEvents()
        #expect(events.customEvents == ["WOOHOO STAR 1"])
        #expect(events.contains(.openURL("https://www.google.com/", target: "_self")))
        let q = SMCorpus.starAt(4)
        e.post(.pointerDown(x: q.x, y: q.y))
        #expect(e.currentState == "star_4" && e.playhead.marker == "star_4")
        #expect(!e.drainEvents().contains { if case .openURL = $0 { return true }; return false })
        e.post(.pointerExit(x: 0, y: 0))
        #expect(e.currentState == "star_0")
    }

    @Test func toggleByInput() throws {
        guard var e = try SMCorpus.started("toggle.json") else { return }
        #expect(e.boolean("OnOffSwitch") == false && e.currentState == "initial-wait")
        e.setBoolean("OnOffSwitch", true)
        #expect(e.currentState == "a" && e.boolean("OnOffSwitch") == true)
        e.setBoolean("OnOffSwitch", false)
        #expect(e.currentState == "b" && e.boolean("OnOffSwitch") == false)
    }

    /// A tap toggles: a plays forward at twice the speed (60 frames a second), b plays back
    /// from where a got to (derived by hand).
    @Test func toggleByTapPlaysForwardAndBack() throws {
        guard var e = try SMCorpus.started("toggle.json") else { return }
        e.post(.pointerDown(x: 1, y: 1))
        #expect(e.currentState == "a")
        e.advance(seconds: 0.5)
        #expect(e.playhead.frame == 30)
        e.post(.pointerDown(x: 1, y: 1))
        #expect(e.currentState == "b" && e.playhead.mode == .reverse)
        e.advance(seconds: 0.25)
        #expect(e.playhead.frame == 15)
        e.post(.pointerDown(x: 1, y: 1))
        #expect(e.currentState == "a")
        #expect(e.drainEvents().entered == ["a", "b", "a"])
    }
}
