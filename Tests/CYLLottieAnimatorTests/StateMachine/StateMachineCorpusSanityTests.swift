import CYLLottieAnimator
import Testing

/// The corpus's `sanity_tests/`: how guardless transitions, events, and entry and exit actions
/// interleave with the global state's transitions. Inputs and expected states: dotlottie-rs's
/// `tests/state_machine_cases.rs` (played over smiley-slider.lottie there; the animation ids the
/// states name are not in it, so each state keeps the animation shown). Three of the eight are
/// refused at load (a guard on an input not declared, or declared a String where a Boolean is
/// compared), see `StateMachineEngineTests.corpusDefinitionsLoad`.
@Suite struct StateMachineCorpusSanityTests {
    static func started(_ file: String) throws -> StateMachineEngine? {
        try SMCorpus.started("sanity_tests/\(file)", SMCorpus.smileySlider)
    }

    /// Guardless transitions are taken at once, one after another: a → c → d.
    @Test func globalAndGuardless() throws {
        guard var e = try Self.started("test_global_and_guardless.json") else { return }
        #expect(e.currentState == "global")
        e.setNumeric("Rating", 2)
        #expect(e.currentState == "b")
        e.setNumeric("Rating", 1)
        #expect(e.currentState == "d")
        #expect(e.drainEvents().entered == ["b", "a", "c", "d"])
    }

    /// A guarded transition that holds wins over a guardless one listed before it.
    @Test func guardedAndGuardless() throws {
        guard var e = try Self.started("test_guarded_and_guardless.json") else { return }
        #expect(e.currentState == "a")
        // r is 2: b's guard (r = 1) fails, so its guardless way on runs b → c → d.
        e.fire("Step")
        #expect(e.currentState == "d")
        e.setNumeric("r", 1)
        #expect(e.currentState == "a")
        // Now b's guard holds: b → f → g.
        e.fire("Step")
        #expect(e.currentState == "g")
        #expect(e.drainEvents().entered == ["b", "c", "d", "a", "b", "f", "g"])
    }

    /// A state with an event transition and a guardless one: with no event firing, the
    /// guardless one is taken.
    @Test func guardlessAndEvent() throws {
        guard var e = try Self.started("test_guardless_and_event.json") else { return }
        #expect(e.currentState == "global")
        e.setNumeric("Rating", 1)
        #expect(e.currentState == "c")
        e.fire("Step")
        #expect(e.currentState == "c")
    }

    /// An exit action changes an input the global state looks at: the global state is
    /// evaluated again and wins over the transition that was being taken.
    @Test func exitActionSendsTheGlobalStateBack() throws {
        guard var e = try Self.started("test_exit_action_causes_global_to_transition.json") else { return }
        #expect(e.currentState == "Initial")
        e.setNumeric("rating", 1)
        #expect(e.currentState == "a")
        // Leaving a for c toggles a_exited; rating is still 1, so the global state returns to a.
        e.fire("Step")
        #expect(e.currentState == "a")
        #expect(e.boolean("a_exited") == true)
        // With the rating elsewhere, leaving a toggles a_exited to true again and c goes on to d.
        e.setNumeric("rating", 4)
        e.setBoolean("a_exited", false)
        e.fire("Step")
        #expect(e.currentState == "d")
    }

    /// An entry action changes an input the global state looks at: a's entry sets the rating to
    /// 2, and the global state takes the machine to b before a's guardless way to c.
    @Test func entryActionSendsTheGlobalStateOn() throws {
        guard var e = try Self.started("test_entry_action_causes_global_to_transition.json") else { return }
        #expect(e.currentState == "Initial")
        e.setNumeric("rating", 1)
        #expect(e.currentState == "b" && e.numeric("rating") == 2)
        e.setNumeric("rating", 3)
        #expect(e.currentState == "b")
        // c's entry toggles a_exited (its "value" is ignored): true, so c goes on to d.
        e.fire("Step")
        #expect(e.currentState == "d" && e.boolean("a_exited") == true)
    }
}
