import Testing
@testable import CYLScript

@Suite struct ScriptEngineTests {
    func engine(memory: Int = 8 << 20, steps: Int = 5_000_000) throws -> ScriptEngine {
        try ScriptEngine(maxMemory: memory, maxSteps: steps)
    }

    @Test func evaluatesAndCallsCompiledFunctions() throws {
        let e = try engine()
        try e.evaluate("var base = 40;")
        let f = try e.compile(function: "function (a, b) { return base + a * b; }")
        #expect(try e.call(f, [.number(1), .number(2)]) == .number(42))
        // The same function is called again without compiling.
        #expect(try e.call(f, [.number(3), .number(4)]) == .number(52))
    }

    /// A program compiled by one engine runs in another from its bytecode with global code's
    /// meaning: its `var`s and function declarations become globals there (the expression prelude
    /// relies on it), and its value comes back.
    @Test func programBytecodeRunsInAnotherEngine() throws {
        let first = try engine()
        let source = "var counter = 40; function bump(n) { counter += n; return counter; } var Box = function (v) { this.v = v; };"
            + " Box.prototype.twice = function () { return this.v * 2; }; 'defined'"
        let (value, bytecode) = try first.evaluateKeepingBytecode(source, name: "library")
        #expect(value == .string("defined"))
        #expect(bytecode.count > 0)
        let second = try engine()
        #expect(try second.evaluate(bytecode) == .string("defined"))
        #expect(try second.evaluate("bump(2) + new Box(5).twice()") == .number(52))
        // Each engine has its own globals: the first one's counter did not move.
        #expect(try first.evaluate("counter") == .number(40))
        // A program that throws while compiling gives no bytecode.
        #expect(throws: ScriptError.self) { try first.evaluateKeepingBytecode("var = ;") }
    }

    @Test func valuesRoundTrip() throws {
        let e = try engine()
        let f = try e.compile(function: "function (x) { return x; }")
        let v: ScriptValue = .object(["v": .array([.numbers([1, 2]), .numbers([3.5, -4])]), "c": .bool(true),
                                      "s": .string("héllo"), "n": .null])
        #expect(try e.call(f, [v]) == v)
        // Functions do not cross; undefined stays undefined.
        let g = try e.compile(function: "function () { return [function(){}, undefined]; }")
        #expect(try e.call(g, []) == .array([.undefined, .undefined]))
    }

    @Test func scriptErrorsCarryTheirMessage() throws {
        let e = try engine()
        let f = try e.compile(function: "function () { return noSuchThing + 1; }")
        #expect(throws: ScriptError.self) { try e.call(f, []) }
        do { _ = try e.call(f, []) } catch {
            #expect(error.kind == .thrown)
            #expect(error.message.contains("noSuchThing"))
        }
        #expect(throws: ScriptError.self) { try e.compile(function: "function ( {") }
        // The engine still works after errors.
        #expect(try e.evaluate("1 + 1") == .number(2))
    }

    @Test func anEndlessLoopStopsAtTheStepBudget() throws {
        let e = try engine(steps: 2_000_000)
        let f = try e.compile(function: "function () { for (;;) {} }")
        do {
            _ = try e.call(f, [])
            Issue.record("an endless loop returned")
        } catch {
            #expect(error.kind == .timeout)
        }
        // A catch in the script cannot swallow the timeout.
        let g = try e.compile(function: "function () { try { while (true) {} } catch (x) { return 'caught'; } }")
        do { _ = try e.call(g, []); Issue.record("caught the timeout") } catch { #expect(error.kind == .timeout) }
        // The budget is per call: short calls afterwards run.
        let h = try e.compile(function: "function () { var s = 0; for (var i = 0; i < 1000; i++) s += i; return s; }")
        #expect(try e.call(h, []) == .number(499_500))
    }

    /// `stepsRun` counts over calls: 200 calls of 10 000 loop rounds (each round at least three
    /// bytecode steps: add, increment, compare-and-jump) pass at least 6 000 000 steps, though no
    /// single call comes near its own budget.
    @Test func stepsRunAddsUpOverShortCalls() throws {
        let e = try engine()
        let before = e.stepsRun
        #expect(before < 100_000)   // only the hardening script has run
        let f = try e.compile(function: "function () { var s = 0; for (var i = 0; i < 10000; i++) s += i; return s; }")
        for _ in 0..<200 { #expect(try e.call(f, []) == .number(49_995_000)) }
        #expect(e.stepsRun - before >= 6_000_000)
    }

    /// The step budget is exact: a call that runs S steps (as `stepsRun` counts them) runs within a
    /// budget of S and stops within S - 1, whatever else the engine checks between steps.
    @Test func theStepBudgetIsExact() throws {
        let source = "function () { var s = 0; for (var i = 0; i < 12345; i++) s += i % 7; return s; }"
        let probe = try engine(steps: 100_000_000)
        let f = try probe.compile(function: source)
        let before = probe.stepsRun
        let expected = try probe.call(f, [])
        let steps = probe.stepsRun - before
        #expect(steps > 3 * 12_345)
        for deadline: UInt64? in [nil, ScriptEngine.threadCPUTime + 60_000_000_000] {
            let enough = try engine(steps: steps), short = try engine(steps: steps - 1)
            enough.deadline = deadline
            short.deadline = deadline
            #expect(try enough.call(try enough.compile(function: source), []) == expected)
            #expect(throws: ScriptError.self) { try short.call(try short.compile(function: source), []) }
            do { _ = try short.call(try short.compile(function: source), []) } catch { #expect(error.kind == .timeout) }
        }
    }

    @Test func memoryStaysUnderTheCap() throws {
        let cap = 4 << 20
        let e = try engine(memory: cap, steps: 200_000_000)
        let f = try e.compile(function: "function () { var a = []; for (;;) a.push('xxxxxxxxxxxxxxxx' + a.length); }")
        do { _ = try e.call(f, []); Issue.record("unbounded growth returned") } catch {
            #expect(error.kind == .memory)
        }
        #expect(e.bytesInUse <= cap)
        #expect(try e.evaluate("'still ' + 'alive'") == .string("still alive"))
    }

    @Test func deepRecursionIsAnError() throws {
        let e = try engine(steps: 100_000_000)
        let f = try e.compile(function: "function () { function r(n) { return r(n + 1) + 1; } return r(0); }")
        do { _ = try e.call(f, []); Issue.record("infinite recursion returned") } catch {
            #expect(error.kind == .thrown || error.kind == .memory)
        }
        let deep = String(repeating: "(", count: 5000) + "1" + String(repeating: ")", count: 5000)
        #expect(throws: ScriptError.self) { try e.evaluate(deep) }
    }

    @Test func regularExpressionsAreNotAvailable() throws {
        let e = try engine()
        #expect(throws: ScriptError.self) { try e.evaluate("/(a+)+$/.test('aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa!')") }
    }

    @Test func nativeLoopsOverHugeArraysAreRefused() throws {
        let e = try engine()
        for source in ["var a = []; a.length = 4e9; a.indexOf(1)",
                       "Array.prototype.lastIndexOf.call({ length: 4e9 }, 1)",
                       "var a = [1]; a.length = 4e9; a.unshift(0)",
                       "var a = []; a.length = 4e9; String(a)",
                       "Array.prototype.reverse.call({ length: 4e9 })"] {
            do { _ = try e.evaluate(source); Issue.record("accepted: \(source)") } catch {
                #expect(error.kind == .thrown, "\(source): \(error)")
            }
        }
        // Ordinary use still works, generic calls on array-likes included.
        #expect(try e.evaluate("[3, 1, 2].sort().map(function (x) { return x * 2; }).join('-')") == .string("2-4-6"))
        #expect(try e.evaluate("Array.prototype.slice.call({ length: 2, 0: 'a', 1: 'b' }).join('')") == .string("ab"))
        #expect(try e.evaluate("typeof Duktape") == .string("undefined"))
    }

    @Test func hostCallsAndNestedCalls() throws {
        let e = try engine()
        let twice = try e.compile(function: "function (x) { return x * 2; }")
        e.host = { [unowned e] args in
            guard let op = args.first?.string else { throw ScriptError(.thrown, "no op") }
            switch op {
            case "sum": return .number(args.dropFirst().compactMap(\.number).reduce(0, +))
            case "twice": return try e.call(twice, [args[1]])  // back into the engine from a host call
            default: throw ScriptError(.thrown, "unknown op \(op)")
            }
        }
        let f = try e.compile(function: "function () { return __host('sum', 1, 2, 3) + __host('twice', 10); }")
        #expect(try e.call(f, []) == .number(26))
        let g = try e.compile(function: "function () { try { __host('nope'); } catch (x) { return String(x.message); } }")
        #expect(try e.call(g, []) == .string("unknown op nope"))
    }

    @Test func selfReferenceThroughTheHostIsBounded() throws {
        let e = try engine()
        var f = ScriptFunction(slot: -1)
        e.host = { [unowned e] _ in try e.call(f, []) }
        f = try e.compile(function: "function () { return __host() + 1; }")
        do { _ = try e.call(f, []); Issue.record("endless self reference returned") } catch {
            #expect(error.kind == .tooDeep || error.kind == .thrown)
        }
        #expect(try e.evaluate("2") == .number(2))
    }

    @Test func enginesAreIndependent() throws {
        let a = try engine(), b = try engine()
        try a.evaluate("var shared = 1;")
        #expect(try b.evaluate("typeof shared") == .string("undefined"))
    }
}
