import CYLLottieAnimator
import Testing

/// The corpus's `security_tests/` and the limits that keep a machine from running away: names
/// that resolve to nothing and structures that could never settle are refused at load, each
/// with the JSON path of the offending value; a machine that still keeps moving without time
/// passing is stopped at a bound.
///
/// dotlottie-rs's `tests/state_machine_security.rs` refuses compare_to, event_guards,
/// guardless_transitions and multi_global too, drops the `@bogus` input, and stops
/// infinite_loop.json once its rating is set to 3. Here infinite_loop.json's cycle of guardless
/// transitions is refused at load instead; its behaviour is checked on a copy whose two guardless
/// transitions get a guard that always holds, which the parser cannot tell from a real one.
@Suite struct StateMachineCorpusSecurityTests {
    /// A user input named with the runtime's `@` prefix is left out, with a note; the runtime's
    /// own `@elapsedTime` still reads.
    @Test func atPrefixedInputIsDropped() throws {
        guard let d = try SMCorpus.definition("security_tests/at_prefixed_user_input.json") else { return }
        #expect(d.inputs.isEmpty)
        #expect(d.notes.contains { $0.contains("\"@bogus\" is left out") })
        var e = StateMachineEngine(d, animations: ["main": SMCorpus.starRating], initialAnimation: "main")
        e.start()
        #expect(e.currentState == "only")
        #expect(e.numeric("@bogus") == nil && e.numeric("@elapsedTime") == 0)
        let accepted = e.setNumeric("@bogus", 1)
        #expect(!accepted)
    }

    /// Guards naming inputs that are not declared: refused at the operand or the input name.
    @Test func unknownNamesAreRefusedWhereTheyAre() throws {
        guard let compare = try SMCorpus.refusal("security_tests/compare_to.json"),
              let event = try SMCorpus.refusal("security_tests/event_guards.json") else { return }
        #expect(compare.contains("states[0].transitions[0].guards[0].compareTo") && compare.contains("no input named \"ATriggerName\""), "\(compare)")
        #expect(event.contains("states[0].transitions[0].guards[0].inputName") && event.contains("no input named \"DoesntExist\""), "\(event)")
    }

    /// Three guardless transitions from one state (which would it take?), and two global states.
    @Test func ambiguousStructuresAreRefused() throws {
        guard let guardless = try SMCorpus.refusal("security_tests/guardless_transitions.json"),
              let multi = try SMCorpus.refusal("security_tests/multi_global.json") else { return }
        #expect(guardless.contains("states[0].transitions") && guardless.contains("\"global\" has 3 transitions without guards"), "\(guardless)")
        #expect(multi.contains("states[1]") && multi.contains("a second global state"), "\(multi)")
    }

    /// star_2 and star_3 pass each other back for ever without guards: refused, naming the cycle.
    @Test func guardlessCycleIsRefused() throws {
        guard let loop = try SMCorpus.refusal("security_tests/infinite_loop.json") else { return }
        #expect(loop.contains("states[2].transitions") && loop.contains("\"star_2\" → \"star_3\" lead back to \"star_2\""), "\(loop)")
    }

    /// infinite_loop.json with guards that always hold on star_2 ⇄ star_3: it loads; a rating of
    /// 3 tweens to star_3 (2 s), and as the tween lands the machine starts passing between the
    /// two states, until the revisit bound stops it with an InfiniteLoop error. A rating of 4
    /// goes elsewhere and is left running.
    @Test func endlessPassingStopsAtTheBound() throws {
        guard let bytes = try SMCorpus.bytes("security_tests/infinite_loop.json") else { return }
        let always = #""guards": [{"type": "Numeric", "conditionType": "GreaterThanOrEqual", "inputName": "Progress", "compareTo": 0}]"#
        let text = String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: #""guards": []"#, with: always)
        #expect(text.components(separatedBy: always).count == 3)
        let d = try StateMachineDefinition.parse(bytes: Array(text.utf8), file: "infinite_loop_guarded.json")
        func machine() -> StateMachineEngine {
            var e = StateMachineEngine(d, animations: ["main": SMCorpus.smileySlider], initialAnimation: "main")
            e.start()
            _ = e.drainEvents()
            return e
        }

        var e = machine()
        #expect(e.currentState == "star_1")
        e.setNumeric("rating", 3)
        #expect(e.status == .tweening && e.currentState == "star_1")
        e.advance(seconds: 2.5)
        let events = e.drainEvents()
        #expect(e.status == .stopped)
        #expect(events.last == .error("InfiniteLoop"))
        #expect(["star_2", "star_3"].contains(e.currentState))
        // It went round several times, and not without end: the bound is 20 revisits.
        #expect(events.transitionCount > 10 && events.transitionCount < 100, "\(events.transitionCount) transitions")

        var calm = machine()
        calm.setNumeric("rating", 4)
        #expect(calm.currentState == "star_4" && calm.status == .running)
        calm.advance(seconds: 2.5)
        #expect(calm.currentState == "star_4" && calm.status == .running)
    }
}
