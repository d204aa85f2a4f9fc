import CYLLottieAnimator
import Foundation
import Testing

/// Which test drives each of the corpus's 58 state machines, and where its facts come from:
/// `rs` — the events fed and the states and values expected are those of dotlottie-rs's own
/// tests of that file (`tests/state_machine*.rs`); `hand` — it has no behaviour test there (or
/// only a load test), and the events and outcomes were derived by reading the definition;
/// `rs+hand` — dotlottie-rs's facts, extended by hand. Files refused at load say why and where
/// that is checked. The test below keeps the table honest: every file that loads has a row
/// naming a behaviour test, and every refused one is refused.
@Suite struct StateMachineCorpusCoverageTests {
    enum Source: String { case rs, hand, rsHand = "rs+hand", refused }

    static let table: [String: (test: String, source: Source)] = [
        "action_tests/clamp.json": ("StateMachineCorpusActionTests.clampCases", .rs),
        "action_tests/decr_rating.json": ("StateMachineCorpusActionTests.decrementByUnknownInputInputLiteralAndDefault", .rs),
        "action_tests/fire.json": ("StateMachineCorpusActionTests.fireFromAnEntryAction", .rs),
        "action_tests/floor.json": ("StateMachineCorpusActionTests.floorRoundsTowardsMinusInfinity", .rs),
        "action_tests/inc_rating.json": ("StateMachineCorpusActionTests.incrementByDefaultLiteralInputAndUnknownInput", .rs),
        "action_tests/multiply.json": ("StateMachineCorpusActionTests.multiplyByLiteralInputAndUnknownInput", .rs),
        "action_tests/reset.json": ("StateMachineCorpusActionTests.resetPutsTheDeclaredValueBack", .rs),
        "action_tests/set_frame.json": ("StateMachineCorpusActionTests.setFrameFromInputAndLiteral", .rs),
        "action_tests/set_inputs.json": ("StateMachineCorpusActionTests.setBooleanFromAnEventState, .setNumericAndStringFromEntryActions", .rs),
        "action_tests/set_progress.json": ("StateMachineCorpusActionTests.setProgressFromInputAndLiteral", .rs),
        "action_tests/set_random.json": ("StateMachineCorpusActionTests.setRandomRanges, .setRandomIntegerRangeIncludesBothEnds, "
                                         + ".startDrawsTheSameRandomSequenceAgain (hand, from the runtime's start())", .rsHand),
        "action_tests/toggle.json": ("StateMachineCorpusActionTests.toggleFlipsTheSwitchEachStep", .rs),
        "elapsed_time_tests/compare_to_at_elapsed_time.json": ("StateMachineCorpusElapsedTimeTests.elapsedTimeAsTheOperand", .rsHand),
        "elapsed_time_tests/no_elapsed_time.json": ("StateMachineCorpusElapsedTimeTests.timeAccumulatesOnlyWhileRunningAndRestartsAtStart, "
                                                    + ".timeAloneDoesNotReenterAState", .rs),
        "elapsed_time_tests/timeout_transition.json": ("StateMachineCorpusElapsedTimeTests.timeoutTransition", .rs),
        "guard_tests/equal_not_equal.json": ("StateMachineCorpusGuardTests.equalAndNotEqual", .rsHand),
        "guard_tests/greater_than.json": ("StateMachineCorpusGuardTests.greaterThan", .rs),
        "guard_tests/greater_than_equal.json": ("StateMachineCorpusGuardTests.greaterThanOrEqual", .rs),
        "guard_tests/less_than.json": ("StateMachineCorpusGuardTests.lessThan", .rs),
        "guard_tests/less_than_equal.json": ("StateMachineCorpusGuardTests.lessThanOrEqual", .rs),
        "interaction_tests/all_interaction_events.json": ("StateMachineCorpusInteractionTests.everyInteractionType", .rs),
        "interaction_tests/interaction_array.json": ("refused: a transition to the undeclared state \"explosion\" "
                                                     + "(StateMachineEngineTests.corpusDefinitionsLoad)", .refused),
        "interaction_tests/on_complete.json": ("StateMachineCorpusInteractionTests.onCompletePostedByHand, .onCompleteFromPlaying", .rsHand),
        "interaction_tests/on_loop_complete.json": ("StateMachineCorpusInteractionTests.onLoopCompleteCountsLoops", .rsHand),
        "interaction_tests/pigeon_fsm.json": ("StateMachineCorpusInteractionTests.pigeonExplodesThenFeathersFall", .rsHand),
        "interaction_tests/pointer_down.json": ("StateMachineCorpusInteractionTests.pointerDownAnywhere", .rs),
        "interaction_tests/pointer_down_up.json": ("StateMachineCorpusInteractionTests.pointerDownOnLayersAndUpAnywhere", .rsHand),
        "interaction_tests/pointer_enter.json": ("StateMachineCorpusInteractionTests.pointerEnterEachStar, .pointerEnterThroughMoves", .rs),
        "interaction_tests/pointer_exit.json": ("StateMachineCorpusInteractionTests.pointerExitLeavesTheStar, .pointerExitThroughMoves", .rs),
        "interaction_tests/pointer_move.json": ("StateMachineCorpusInteractionTests.pointerMoveCountsUp", .rs),
        "normal_usecases/exploding_pigeon.json": ("StateMachineCorpusUseCaseTests.explodingPigeon", .hand),
        "normal_usecases/final_state.json": ("StateMachineCorpusUseCaseTests.finalStateStopsTheMachine", .rs),
        "normal_usecases/password.json": ("StateMachineCorpusUseCaseTests.passwordByString", .rsHand),
        "normal_usecases/password_with_events.json": ("StateMachineCorpusUseCaseTests.passwordByEvents", .rsHand),
        "normal_usecases/rating.json": ("StateMachineCorpusUseCaseTests.ratingReportsTransitionsAndCustomEventsInOrder, .ratingSetAndRead", .rsHand),
        "pigeon.json": ("StateMachineCorpusUseCaseTests.pigeon", .hand),
        "rating.json": ("StateMachineCorpusUseCaseTests.ratingReportsItsURL", .hand),
        "toggle.json": ("StateMachineCorpusUseCaseTests.toggleByInput, .toggleByTapPlaysForwardAndBack", .rsHand),
        "bool_guard.json": ("refused: the pre-release layout (\"descriptor\", no \"initial\") (StateMachineEngineTests.corpusDefinitionsLoad)", .refused),
        "sanity_tests/test_entry_action_causes_global_to_transition.json": ("StateMachineCorpusSanityTests.entryActionSendsTheGlobalStateOn", .rs),
        "sanity_tests/test_entry_action_global_ignored_if_non_valid.json": ("refused: a guard on the undeclared input \"b_exited\" "
                                                                             + "(StateMachineEngineTests.corpusDefinitionsLoad)", .refused),
        "sanity_tests/test_exit_action_causes_global_to_transition.json": ("StateMachineCorpusSanityTests.exitActionSendsTheGlobalStateBack", .rs),
        "sanity_tests/test_exit_action_global_ignored_if_non_valid.json": ("refused: a guard on the undeclared input \"b_exited\" "
                                                                           + "(StateMachineEngineTests.corpusDefinitionsLoad)", .refused),
        "sanity_tests/test_get_all_inputs.json": ("refused: a Boolean guard on the String input \"b_exited\" "
                                                  + "(StateMachineEngineTests.corpusDefinitionsLoad)", .refused),
        "sanity_tests/test_global_and_guardless.json": ("StateMachineCorpusSanityTests.globalAndGuardless", .rs),
        "sanity_tests/test_guarded_and_guardless.json": ("StateMachineCorpusSanityTests.guardedAndGuardless", .rs),
        "sanity_tests/test_guardless_and_event.json": ("StateMachineCorpusSanityTests.guardlessAndEvent", .rsHand),
        "security_tests/at_prefixed_user_input.json": ("StateMachineCorpusSecurityTests.atPrefixedInputIsDropped", .rs),
        "security_tests/compare_to.json": ("refused (as by dotlottie-rs): StateMachineCorpusSecurityTests.unknownNamesAreRefusedWhereTheyAre", .refused),
        "security_tests/event_guards.json": ("refused (as by dotlottie-rs): StateMachineCorpusSecurityTests.unknownNamesAreRefusedWhereTheyAre", .refused),
        "security_tests/guardless_transitions.json": ("refused (as by dotlottie-rs): StateMachineCorpusSecurityTests.ambiguousStructuresAreRefused", .refused),
        "security_tests/infinite_loop.json": ("refused (dotlottie-rs loads it and stops it running): "
                                              + "StateMachineCorpusSecurityTests.guardlessCycleIsRefused, .endlessPassingStopsAtTheBound", .refused),
        "security_tests/multi_global.json": ("refused (as by dotlottie-rs): StateMachineCorpusSecurityTests.ambiguousStructuresAreRefused", .refused),
        "smileys.json": ("StateMachineCorpusTweenTests.smileysTweenThenEnter", .hand),
        "traffic_lights.json": ("StateMachineCorpusTweenTests.trafficLightsCycle", .hand),
        "tween_no_segment.json": ("StateMachineCorpusTweenTests.tweenToAStateWithoutASegment", .rsHand),
        "tween_redirection.json": ("StateMachineCorpusTweenTests.tweenRetargetsMidway, .instantTransitionInterruptsATween, "
                                   + ".chainedRetargetsLandOnTheLast", .rs),
        "tween_reverse_segment.json": ("StateMachineCorpusTweenTests.tweenToReverseStates", .rsHand),
    ]

    @Test func everyCorpusMachineHasARow() throws {
        guard LottieCorpus.require() else { return }
        let root = LottieCorpus.root.appendingPathComponent(SMCorpus.folder)
        let files = (FileManager.default.enumerator(atPath: root.path)?.compactMap { $0 as? String } ?? []).filter { $0.hasSuffix(".json") }
        #expect(files.count == 58)
        #expect(Set(files) == Set(Self.table.keys))
        var loaded = 0
        for f in files {
            guard let row = Self.table[f], let refusal = try SMCorpus.refusal(f) else { continue }
            if row.source == .refused {
                #expect(!refusal.isEmpty, "\(f) loads but its row says refused")
            } else {
                #expect(refusal.isEmpty, "\(f) is refused: \(refusal)")
                #expect(row.test.hasPrefix("StateMachineCorpus"), "\(f): \(row.test)")
                loaded += 1
            }
        }
        #expect(loaded == 48)
    }
}
