import CYLLottieAnimator
import Testing

/// The corpus's `elapsed_time_tests/`: the built-in `@elapsedTime` input, the seconds since the
/// machine started, in a guard's input or its operand. Facts from dotlottie-rs's
/// `tests/state_machine_elapsed_time.rs` (its ticks are in milliseconds; here seconds).
@Suite struct StateMachineCorpusElapsedTimeTests {
    @Test func timeAccumulatesOnlyWhileRunningAndRestartsAtStart() throws {
        guard var e = try SMCorpus.unstarted("elapsed_time_tests/no_elapsed_time.json") else { return }
        // Not started: time does not count.
        e.advance(seconds: 1)
        e.advance(seconds: 1)
        #expect(e.numeric("@elapsedTime") == 0)
        e.start()
        #expect(e.numeric("@elapsedTime") == 0)
        e.advance(seconds: 0.5)
        e.advance(seconds: 0.5)
        #expect(abs((e.numeric("@elapsedTime") ?? 0) - 1) < 1e-9)
        e.stop()
        e.advance(seconds: 0.75)
        #expect(abs((e.numeric("@elapsedTime") ?? 0) - 1) < 1e-9)
        e.start()
        #expect(e.numeric("@elapsedTime") == 0)
    }

    /// No guard reads the time: time passing evaluates nothing, so the entry action that
    /// counted the start is not run again.
    @Test func timeAloneDoesNotReenterAState() throws {
        guard var e = try SMCorpus.started("elapsed_time_tests/no_elapsed_time.json") else { return }
        #expect(e.currentState == "idle" && e.numeric("counter") == 1)
        for _ in 0..<50 { e.advance(seconds: 0.016) }
        #expect(e.numeric("counter") == 1)
        #expect(e.drainEvents().entered.isEmpty)
    }

    /// `@elapsedTime > 1`: not at 0.5 s, at 1.2 s.
    @Test func timeoutTransition() throws {
        guard var e = try SMCorpus.started("elapsed_time_tests/timeout_transition.json") else { return }
        #expect(e.currentState == "running")
        e.advance(seconds: 0.5)
        #expect(e.currentState == "running")
        e.advance(seconds: 0.7)
        #expect(e.currentState == "done")
    }

    /// `threshold (0.5) < @elapsedTime`: the time as the operand compared to.
    @Test func elapsedTimeAsTheOperand() throws {
        guard var e = try SMCorpus.started("elapsed_time_tests/compare_to_at_elapsed_time.json") else { return }
        #expect(e.currentState == "waiting")
        e.advance(seconds: 0.3)
        #expect(e.currentState == "waiting")
        e.advance(seconds: 0.4)
        #expect(e.currentState == "after")
        // A bigger threshold, set while waiting, holds the machine longer (derived by hand).
        guard var late = try SMCorpus.started("elapsed_time_tests/compare_to_at_elapsed_time.json") else { return }
        late.setNumeric("threshold", 2)
        late.advance(seconds: 1.5)
        #expect(late.currentState == "waiting")
        late.advance(seconds: 0.6)
        #expect(late.currentState == "after")
    }
}
