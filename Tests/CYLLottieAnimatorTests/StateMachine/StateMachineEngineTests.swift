import CYLDocuments
import CYLLottieAnimator
import Foundation
import Testing

/// The state-machine engine on machines written here, each built to show one rule; the corpus's
/// 58 definitions are driven by the `StateMachineCorpus…Tests` suites (see `StateMachineCorpusCoverageTests`).
@Suite struct StateMachineEngineTests {
    static func machine(_ json: String, file: String = "s/test.json") throws -> StateMachineDefinition {
        try StateMachineDefinition.parse(bytes: Array(json.utf8), file: file)
    }

    static func loadError(_ json: String) -> String {
        do { _ = try machine(json); return "" } catch { return "\(error)" }
    }

    /// A 60-frame animation at 30 fps with two markers.
    static let icon = StateMachineAnimation(frameCount: 60, frameRate: 30,
                                            markers: [StateMachineMarker(name: "in", start: 0, duration: 29),
                                                      StateMachineMarker(name: "out", start: 30, duration: 29)])

    /// A tab's selected switch (the corpus's toggle.json shape): a pointer-down toggles a
    /// boolean; one state plays forward, the other in reverse.
    static let toggle = """
    {"initial": "rest", "inputs": [{"type": "Boolean", "name": "on", "value": false}],
     "interactions": [{"type": "PointerDown", "actions": [{"type": "Toggle", "inputName": "on"}]}],
     "states": [
      {"name": "rest", "type": "PlaybackState", "animation": "",
       "transitions": [{"type": "Transition", "toState": "fwd", "guards": [{"type": "Boolean", "conditionType": "Equal", "inputName": "on", "compareTo": true}]}]},
      {"name": "fwd", "type": "PlaybackState", "animation": "", "autoplay": true,
       "transitions": [{"type": "Transition", "toState": "back", "guards": [{"type": "Boolean", "conditionType": "Equal", "inputName": "on", "compareTo": false}]}]},
      {"name": "back", "type": "PlaybackState", "animation": "", "autoplay": true, "mode": "Reverse",
       "transitions": [{"type": "Transition", "toState": "fwd", "guards": [{"type": "Boolean", "conditionType": "Equal", "inputName": "on", "compareTo": true}]}]}]}
    """

    @Test func toggleSwitchPlaysForwardThenBack() throws {
        var e = StateMachineEngine(try Self.machine(Self.toggle), animations: ["icon": Self.icon], initialAnimation: "icon")
        e.start()
        #expect(e.currentState == "rest")
        #expect(e.playhead.status == .stopped && e.playhead.frame == 0)
        e.post(.pointerDown(x: 1, y: 1))
        #expect(e.currentState == "fwd" && e.boolean("on") == true)
        // 1 s at 30 fps: 30 frames forward.
        e.advance(seconds: 1)
        #expect(e.playhead.frame == 30)
        e.advance(seconds: 2)
        #expect(e.playhead.frame == 59 && e.playhead.status == .stopped)
        e.post(.pointerDown(x: 1, y: 1))
        #expect(e.currentState == "back" && e.boolean("on") == false)
        e.advance(seconds: 0.5)
        #expect(e.playhead.frame == 44)
        e.advance(seconds: 5)
        #expect(e.playhead.frame == 0)
        let events = e.drainEvents()
        #expect(events.contains(.transition(from: "fwd", to: "back")))
        #expect(events.contains(.booleanChanged("on", old: true, new: false)))
    }

    @Test func markersPlayTheirRange() throws {
        let json = """
        {"initial": "a", "inputs": [], "states": [{"name": "a", "type": "PlaybackState", "animation": "", "segment": "out", "autoplay": true, "transitions": []}]}
        """
        var e = StateMachineEngine(try Self.machine(json), animations: ["icon": Self.icon], initialAnimation: "icon")
        e.start()
        #expect(e.playhead.frame == 30)
        e.advance(seconds: 10)
        #expect(e.playhead.frame == 59)
    }

    @Test func onCompleteMovesOn() throws {
        let json = """
        {"initial": "a", "inputs": [{"type": "Event", "name": "done"}],
         "interactions": [{"type": "OnComplete", "stateName": "a", "actions": [{"type": "Fire", "inputName": "done"}]}],
         "states": [{"name": "a", "type": "PlaybackState", "animation": "", "autoplay": true,
                     "transitions": [{"type": "Transition", "toState": "b", "guards": [{"type": "Event", "inputName": "done"}]}]},
                    {"name": "b", "type": "PlaybackState", "animation": "", "transitions": []}]}
        """
        var e = StateMachineEngine(try Self.machine(json), animations: ["icon": Self.icon], initialAnimation: "icon")
        e.start()
        e.advance(seconds: 1)
        #expect(e.currentState == "a")
        e.advance(seconds: 1.5)
        #expect(e.currentState == "b")
    }

    /// Entry actions that keep re-enabling the way back: the machine moves for ever without time
    /// passing, and the revisit bound stops it with an InfiniteLoop error.
    @Test func endlessMovementStopsAtTheBound() throws {
        let json = """
        {"initial": "a", "inputs": [{"type": "Boolean", "name": "x", "value": false}],
         "states": [
          {"name": "a", "type": "PlaybackState", "animation": "", "entryActions": [{"type": "SetBoolean", "inputName": "x", "value": true}],
           "transitions": [{"type": "Transition", "toState": "b", "guards": [{"type": "Boolean", "conditionType": "Equal", "inputName": "x", "compareTo": true}]}]},
          {"name": "b", "type": "PlaybackState", "animation": "", "entryActions": [{"type": "SetBoolean", "inputName": "x", "value": false}],
           "transitions": [{"type": "Transition", "toState": "a", "guards": [{"type": "Boolean", "conditionType": "Equal", "inputName": "x", "compareTo": false}]}]}]}
        """
        func run(limit: Int) throws -> (StateMachineEngine, transitions: Int) {
            var e = StateMachineEngine(try Self.machine(json), animations: ["icon": Self.icon], initialAnimation: "icon", cycleLimit: limit)
            e.start()
            let events = e.drainEvents()
            #expect(e.status == .stopped)
            #expect(events.last == .error("InfiniteLoop"))
            return (e, events.filter { if case .transition = $0 { return true }; return false }.count)
        }
        var (e, five) = try run(limit: 5)
        let (_, ten) = try run(limit: 10)
        // The bound ended it: twice the bound, about twice the transitions (a revisit is counted
        // every few transitions), not a run that went on regardless.
        #expect(five > 5 && ten > five && ten <= 4 * 10)
        // Stopped: inputs no longer move it.
        let state = e.currentState
        e.setBoolean("x", !(e.boolean("x") ?? false))
        #expect(e.currentState == state)
    }

    @Test func malformedMachinesNameThePlace() {
        let unknownTarget = Self.loadError("""
        {"initial": "a", "states": [{"name": "a", "type": "PlaybackState", "animation": "", "transitions": [{"type": "Transition", "toState": "nowhere"}]}]}
        """)
        #expect(unknownTarget.contains("states[0].transitions[0].toState") && unknownTarget.contains("no state named \"nowhere\""))
        let unknownInitial = Self.loadError("""
        {"initial": "z", "states": [{"name": "a", "type": "PlaybackState", "animation": "", "transitions": []}]}
        """)
        #expect(unknownInitial.contains("initial") && unknownInitial.contains("no state named \"z\""))
        let unknownInput = Self.loadError("""
        {"initial": "a", "inputs": [{"type": "Numeric", "name": "n", "value": 0}], "states": [{"name": "a", "type": "PlaybackState", "animation": "",
         "transitions": [{"type": "Transition", "toState": "a", "guards": [{"type": "Boolean", "conditionType": "Equal", "inputName": "flag", "compareTo": true}]}]}]}
        """)
        #expect(unknownInput.contains("states[0].transitions[0].guards[0].inputName") && unknownInput.contains("no input named \"flag\""))
        let wrongKind = Self.loadError("""
        {"initial": "a", "inputs": [{"type": "Numeric", "name": "n", "value": 0}],
         "interactions": [{"type": "PointerDown", "actions": [{"type": "Toggle", "inputName": "n"}]}],
         "states": [{"name": "a", "type": "PlaybackState", "animation": "", "transitions": []}]}
        """)
        #expect(wrongKind.contains("interactions[0].actions[0].inputName") && wrongKind.contains("is Numeric; this needs a Boolean input"))
        let cycle = Self.loadError("""
        {"initial": "a", "states": [{"name": "a", "type": "PlaybackState", "animation": "", "transitions": [{"type": "Transition", "toState": "b"}]},
                                    {"name": "b", "type": "PlaybackState", "animation": "", "transitions": [{"type": "Transition", "toState": "a", "guards": []}]}]}
        """)
        #expect(cycle.contains("states[0].transitions") && cycle.contains("\"a\" → \"b\" lead back to \"a\""))
        let duplicate = Self.loadError("""
        {"initial": "a", "states": [{"name": "a", "type": "PlaybackState", "animation": "", "transitions": []},
                                    {"name": "a", "type": "GlobalState", "transitions": []}]}
        """)
        #expect(duplicate.contains("states[1].name") && duplicate.contains("a second state named \"a\""))
        let badType = Self.loadError("""
        {"initial": "a", "states": [{"name": "a", "type": "Dance", "animation": "", "transitions": []}]}
        """)
        #expect(badType.contains("states[0].type") && badType.contains("unknown state type \"Dance\""))
        #expect(Self.loadError("[1, 2]").contains("a state machine is an object"))
    }

    /// A global state's transition is taken from every state, but not into the state the machine is in.
    @Test func globalStateTransitionsFromAnywhere() throws {
        let json = """
        {"initial": "g", "inputs": [{"type": "Numeric", "name": "n", "value": 0}],
         "states": [{"name": "g", "type": "GlobalState", "transitions": [
                        {"type": "Transition", "toState": "one", "guards": [{"type": "Numeric", "conditionType": "Equal", "inputName": "n", "compareTo": 1}]},
                        {"type": "Transition", "toState": "two", "guards": [{"type": "Numeric", "conditionType": "GreaterThanOrEqual", "inputName": "n", "compareTo": "$limit"}]}]},
                    {"name": "one", "type": "PlaybackState", "animation": "", "transitions": []},
                    {"name": "two", "type": "PlaybackState", "animation": "", "transitions": []}]}
        """
        // "$limit" names no input: refused at load, as the runtime refuses it.
        #expect(Self.loadError(json).contains("no input named \"limit\""))
        let fixed = json.replacingOccurrences(of: "\"value\": 0}]", with: "\"value\": 0}, {\"type\": \"Numeric\", \"name\": \"limit\", \"value\": 2}]")
        var e = StateMachineEngine(try Self.machine(fixed), animations: ["icon": Self.icon], initialAnimation: "icon")
        e.start()
        #expect(e.currentState == "g")
        e.setNumeric("n", 1)
        #expect(e.currentState == "one")
        e.setNumeric("n", 5)
        #expect(e.currentState == "two")
        e.setNumeric("limit", 9)
        e.setNumeric("n", 1)
        #expect(e.currentState == "one")
    }

    /// Every definition of the corpus is read; the ones refused are refused for the reason named.
    @Test func corpusDefinitionsLoad() throws {
        guard LottieCorpus.require() else { return }
        let root = LottieCorpus.root.appendingPathComponent("dotlottie/statemachines")
        let files = (FileManager.default.enumerator(atPath: root.path)?.compactMap { $0 as? String } ?? []).filter { $0.hasSuffix(".json") }.sorted()
        #expect(files.count == 58)
        var refused: [String: String] = [:]
        for f in files {
            let bytes = try [UInt8](Data(contentsOf: root.appendingPathComponent(f)))
            do { _ = try StateMachineDefinition.parse(bytes: bytes, file: f) } catch { refused[f] = error.description }
        }
        // Five are refused by the official runtime too (its security checks and its parser);
        // five more load there and misbehave quietly (a transition to a missing state, guards on
        // an undeclared or wrongly typed input, two states that pass each other back for ever).
        let expected = [
            "bool_guard.json": "$ (1:1, byte 0): this is the pre-release state-machine layout",
            "security_tests/compare_to.json": "guards[0].compareTo (17:28, byte 390): no input named \"ATriggerName\"",
            "security_tests/event_guards.json": "guards[0].inputName (15:28, byte 306): no input named \"DoesntExist\"",
            "security_tests/guardless_transitions.json": "states[0].transitions (8:22, byte 142): state \"global\" has 3 transitions without guards",
            "security_tests/multi_global.json": "states[1] (70:5, byte 1357): a second global state",
            "interaction_tests/interaction_array.json": "states[0].transitions[0].toState: no state named \"explosion\"",
            "sanity_tests/test_entry_action_global_ignored_if_non_valid.json": "states[3].transitions[1].guards[0].inputName (96:42, byte 2849): no input named \"b_exited\"",
            "sanity_tests/test_exit_action_global_ignored_if_non_valid.json": "states[3].transitions[1].guards[0].inputName (96:42, byte 2847): no input named \"b_exited\"",
            "sanity_tests/test_get_all_inputs.json": "guards[0].inputName (112:42, byte 3323): input \"b_exited\" is String; this needs a Boolean input",
            "security_tests/infinite_loop.json": "states[2].transitions: the transitions without guards from \"star_2\" → \"star_3\" lead back to \"star_2\"",
        ]
        #expect(Set(refused.keys) == Set(expected.keys))
        for (f, why) in expected {
            #expect(refused[f]?.hasPrefix(f + ":") == true && refused[f]?.contains(why) == true, "\(f): \(refused[f] ?? "loaded")")
        }
    }
}
