import CYLLottieAnimator
import Testing

/// The corpus's `guard_tests/`: a global state whose transitions compare one numeric input with
/// each comparison. The first transition in order whose guard holds is taken, and never one into
/// the state the machine is already in. Inputs and expected states: dotlottie-rs's
/// `tests/state_machine_guards.rs`.
@Suite struct StateMachineCorpusGuardTests {
    /// Sets `rating` to each value and returns the state after each.
    static func states(_ file: String, after ratings: [Double]) throws -> (initial: String, states: [String])? {
        guard var e = try SMCorpus.started("guard_tests/\(file)") else { return nil }
        let initial = e.currentState
        return (initial, ratings.map { e.setNumeric("rating", $0); return e.currentState })
    }

    /// The rating starts at 2: "not equal to 2" does not hold until it changes; 5 is caught by
    /// "equal to 5", which comes before "not equal to 2".
    @Test func equalAndNotEqual() throws {
        guard let r = try Self.states("equal_not_equal.json", after: [5]) else { return }
        #expect(r.initial == "global" && r.states == ["star_5"])
        guard let n = try Self.states("equal_not_equal.json", after: [3]) else { return }
        #expect(n.states == ["star_2"])
        guard let one = try Self.states("equal_not_equal.json", after: [1, 2]) else { return }
        // Back to 2: no guard holds, the machine stays where it is.
        #expect(one.states == ["star_1", "star_1"])
    }

    /// "> 2" comes second: 5, 4 and 3 all take it (3's own "equal" comes later), 2 takes nothing.
    @Test func greaterThan() throws {
        guard let r = try Self.states("greater_than.json", after: [5, 4, 3, 1, 2]) else { return }
        #expect(r.initial == "global")
        #expect(r.states == ["star_2", "star_2", "star_2", "star_1", "star_1"])
    }

    @Test func greaterThanOrEqual() throws {
        guard let r = try Self.states("greater_than_equal.json", after: [5, 1, 2]) else { return }
        #expect(r.initial == "global")
        #expect(r.states == ["star_2", "star_1", "star_2"])
    }

    /// The rating starts at 0, below 3: the machine starts in star_3. 3 does not hold "< 3".
    @Test func lessThan() throws {
        guard let r = try Self.states("less_than.json", after: [5, 3, 1]) else { return }
        #expect(r.initial == "star_3")
        #expect(r.states == ["star_5", "star_5", "star_3"])
    }

    @Test func lessThanOrEqual() throws {
        guard let r = try Self.states("less_than_equal.json", after: [5, 3, 5, 1]) else { return }
        #expect(r.initial == "star_3")
        #expect(r.states == ["star_5", "star_3", "star_5", "star_3"])
    }
}
