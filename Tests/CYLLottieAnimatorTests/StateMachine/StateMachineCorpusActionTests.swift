import CYLLottieAnimator
import Testing

/// The corpus's `action_tests/` machines: each drives one action from a state's entry, behind a
/// global state that moves on a numeric, boolean or string input. The inputs fed and the states
/// and values expected are those of dotlottie-rs's `tests/state_machine_actions.rs`, played over
/// star_rating.lottie (90 frames) as there. Where the runtime's numbers come from its `f32`
/// arithmetic (8.900001), the exact value is checked to within that rounding.
@Suite struct StateMachineCorpusActionTests {
    @Test func incrementByDefaultLiteralInputAndUnknownInput() throws {
        guard var e = try SMCorpus.started("action_tests/inc_rating.json") else { return }
        #expect(e.currentState == "global")
        // star_1's entry adds 1 (no value): the global state moves on to star_2.
        e.setNumeric("rating", 1)
        #expect(e.currentState == "star_2" && e.numeric("rating") == 2)
        // star_3 adds 2.
        e.setNumeric("rating", 3)
        #expect(e.currentState == "star_5" && e.numeric("rating") == 5)
        // star_6 adds "$rating" (itself): 12.
        e.setNumeric("rating", 6)
        #expect(e.currentState == "star_12" && e.numeric("rating") == 12)
        // star_13 adds "$badTriggerName", which names nothing: 1 instead.
        e.setNumeric("rating", 13)
        #expect(e.currentState == "star_14" && e.numeric("rating") == 14)
    }

    @Test func decrementByUnknownInputInputLiteralAndDefault() throws {
        guard var e = try SMCorpus.started("action_tests/decr_rating.json") else { return }
        #expect(e.currentState == "global")
        e.setNumeric("rating", 13)
        #expect(e.currentState == "star_12" && e.numeric("rating") == 12)
        // star_6 takes "$rating" from itself: 0, which no transition wants, so star_6 stays.
        e.setNumeric("rating", 6)
        #expect(e.currentState == "star_6" && e.numeric("rating") == 0)
        e.setNumeric("rating", 3)
        #expect(e.currentState == "star_1" && e.numeric("rating") == 1)
        e.setNumeric("rating", 5)
        #expect(e.currentState == "star_4" && e.numeric("rating") == 4)
    }

    @Test func toggleFlipsTheSwitchEachStep() throws {
        guard var e = try SMCorpus.started("action_tests/toggle.json") else { return }
        // The switch starts false: the global state lands in b.
        #expect(e.currentState == "b" && e.boolean("OnOffSwitch") == false)
        e.fire("Step")
        #expect(e.currentState == "a" && e.boolean("OnOffSwitch") == true)
        e.fire("Step")
        #expect(e.currentState == "b" && e.boolean("OnOffSwitch") == false)
        // The way there went through c, whose entry toggled.
        #expect(e.drainEvents().entered == ["c", "a", "c", "b"])
    }

    @Test func setBooleanFromAnEventState() throws {
        guard var e = try SMCorpus.started("action_tests/set_inputs.json") else { return }
        #expect(e.currentState == "b")
        e.fire("Step")
        #expect(e.currentState == "a" && e.boolean("OnOffSwitch") == true)
    }

    /// e's entry sets the number to 20 and the string to "second": d (20) comes before f
    /// ("second") among the global state's transitions, so d wins.
    @Test func setNumericAndStringFromEntryActions() throws {
        guard var e = try SMCorpus.started("action_tests/set_inputs.json") else { return }
        e.setNumeric("NumericInput", 10)
        #expect(e.currentState == "d")
        #expect(e.numeric("NumericInput") == 20 && e.string("StringInput") == "second")
        #expect(e.drainEvents().entered == ["e", "d"])

        guard var s = try SMCorpus.started("action_tests/set_inputs.json") else { return }
        s.setString("StringInput", "second")
        #expect(s.currentState == "f")
    }

    @Test func fireFromAnEntryAction() throws {
        guard var e = try SMCorpus.started("action_tests/fire.json") else { return }
        #expect(e.currentState == "b")
        // a's entry fires Step, which the global state's first transition waits for.
        e.setBoolean("OnOffSwitch", true)
        #expect(e.currentState == "c")
        let events = e.drainEvents()
        #expect(events.entered == ["a", "c"] && events.contains(.inputFired("Step")))
    }

    @Test func setFrameFromInputAndLiteral() throws {
        guard var e = try SMCorpus.unstarted("action_tests/set_frame.json") else { return }
        #expect(e.playhead.frame == 0)
        e.start()
        #expect(e.currentState == "b" && e.playhead.frame == 35)
        e.setBoolean("OnOffSwitch", true)
        #expect(e.currentState == "a" && e.playhead.frame == 10)
    }

    /// Percent of the last frame (89): 75 % is 66.75, 10 % is 8.9.
    @Test func setProgressFromInputAndLiteral() throws {
        guard var e = try SMCorpus.unstarted("action_tests/set_progress.json") else { return }
        #expect(e.playhead.frame == 0)
        e.start()
        #expect(e.currentState == "b" && e.playhead.frame == 66.75)
        e.setBoolean("OnOffSwitch", true)
        #expect(e.currentState == "a" && abs(e.playhead.frame - 8.9) < 1e-5)
    }

    @Test func resetPutsTheDeclaredValueBack() throws {
        guard var e = try SMCorpus.started("action_tests/reset.json") else { return }
        e.setNumeric("rating", 3)
        #expect(e.currentState == "star_3")
        // star_6 resets the rating to its declared 0: the global state goes to star_0.
        e.setNumeric("rating", 6)
        #expect(e.currentState == "star_0" && e.numeric("rating") == 0)
        #expect(e.drainEvents().entered == ["star_3", "star_6", "star_0"])
    }

    @Test func multiplyByLiteralInputAndUnknownInput() throws {
        guard var e = try SMCorpus.started("action_tests/multiply.json") else { return }
        #expect(e.currentState == "global")
        e.setNumeric("x", 2)
        e.setNumeric("trigger", 1)
        #expect(e.numeric("x") == 6)
        e.setNumeric("x", 4)
        e.setNumeric("trigger", 2)
        #expect(e.numeric("x") == 20)
        // "$nope" names nothing: no change.
        e.setNumeric("x", 7)
        e.setNumeric("trigger", 3)
        #expect(e.numeric("x") == 7 && e.currentState == "mul_bad")
    }

    @Test func floorRoundsTowardsMinusInfinity() throws {
        guard var e = try SMCorpus.started("action_tests/floor.json") else { return }
        e.setNumeric("x", 5.7)
        e.setNumeric("trigger", 1)
        #expect(e.numeric("x") == 5)
        e.setNumeric("x", -1.2)
        e.setNumeric("trigger", 2)
        #expect(e.numeric("x") == -2)
    }

    @Test func clampCases() throws {
        let cases: [(input: Double, trigger: Double, expected: Double)] = [
            (150, 1, 100), // [0, 100] caps high
            (-5, 2, 0), // [0, 100] caps low
            (50, 3, 50), // in range: unchanged
            (-5, 4, 0), // a minimum only
            (150, 5, 100), // a maximum only
            (25, 6, 20), // bounds from inputs: [10, 20]
            (50, 7, 50), // minimum above maximum: nothing
            (50, 8, 50), // no bounds: nothing
        ]
        guard var e = try SMCorpus.started("action_tests/clamp.json") else { return }
        for c in cases {
            e.setNumeric("x", c.input)
            e.setNumeric("trigger", c.trigger)
            #expect(e.numeric("x") == c.expected, "trigger \(c.trigger), x \(c.input)")
        }
        #expect(e.currentState == "clamp_none")
    }

    @Test func setRandomRanges() throws {
        guard var e = try SMCorpus.started("action_tests/set_random.json") else { return }
        e.setSeed(99)
        e.setNumeric("trigger", 1)
        let raw = try #require(e.numeric("x"))
        #expect((0..<1).contains(raw))
        // SetRandom, Multiply 6, Floor, Increment 4: a whole number 4...9.
        e.setNumeric("trigger", 2)
        let dice = try #require(e.numeric("dice"))
        #expect((4...9).contains(dice) && dice.rounded(.down) == dice)
        // Seeded again: the next draw is the first one again.
        e.setSeed(99)
        e.setNumeric("trigger", 3)
        #expect(e.numeric("x2") == raw)
        e.setNumeric("trigger", 5)
        let f = try #require(e.numeric("frange"))
        #expect((10..<20).contains(f))
    }

    /// `integer` draws whole numbers from min to max, both included: over many seeds both ends
    /// come up.
    @Test func setRandomIntegerRangeIncludesBothEnds() throws {
        guard let base = try SMCorpus.started("action_tests/set_random.json") else { return }
        var seen = Set<Double>()
        for seed: UInt64 in 0..<300 {
            var e = base
            e.setSeed(seed)
            e.setNumeric("trigger", 4)
            let v = try #require(e.numeric("irange"))
            #expect((1...6).contains(v) && v.rounded(.down) == v, "seed \(seed): \(v)")
            seen.insert(v)
        }
        #expect(seen == [1, 2, 3, 4, 5, 6])
    }

    /// The runtime puts the generator back to its seed when the machine starts: a machine
    /// started twice draws the same numbers. Here the trigger is still set when the machine
    /// starts again, so the start itself enters roll_raw and draws.
    @Test func startDrawsTheSameRandomSequenceAgain() throws {
        guard var e = try SMCorpus.started("action_tests/set_random.json") else { return }
        e.setSeed(7)
        e.setNumeric("trigger", 1)
        let first = try #require(e.numeric("x"))
        e.setNumeric("trigger", 2)
        let dice = e.numeric("dice")
        e.setNumeric("trigger", 0)
        e.stop()
        e.start()
        e.setNumeric("trigger", 1)
        #expect(e.numeric("x") == first)
        e.setNumeric("trigger", 2)
        #expect(e.numeric("dice") == dice)
        // A start does not reseed from nothing: the seed set is the one it goes back to.
        var other = try #require(try SMCorpus.started("action_tests/set_random.json"))
        other.setNumeric("trigger", 1)
        #expect(other.numeric("x") != first)
    }
}
