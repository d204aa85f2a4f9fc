import CYLScript
import Testing

/// Scripts written to keep the engine busy in native code, where the step budget hardly counts:
/// each stops with `.cpuTime` soon after its deadline, or is refused outright. The step budget is
/// set far out of reach (10^12) so only the deadline can stop them.
struct HostileScriptTests {
    /// CPU time each script may use before its deadline.
    static let budget: UInt64 = 50_000_000   // 50 ms
    /// How far past the deadline a script may get: the promise is "about one native call", and the
    /// slowest call here is about 0.1 s in a debug build. Generous on purpose (CPU time, not wall
    /// time, so a loaded machine does not move it): without the checks these run for minutes or
    /// hours, which is what this bound tells apart.
    static let overshootBound: UInt64 = 3_000_000_000   // 3 s

    static let loops: [(name: String, source: String)] = [
        ("repeat", "function () { for (;;) 'ab'.repeat(2000000); }"),
        ("concat", "function () { var s = 'x'.repeat(500000); for (;;) s.concat(s, s); }"),
        ("split and join", "function () { var s = 'x,'.repeat(40000); for (;;) s.split(',').join(';'); }"),
        ("replace", "function () { var s = 'ab'.repeat(500000); for (;;) s.replace('b', 'c'); }"),
        ("sort", "function () { var a = []; for (var i = 0; i < 99999; i++) a.push((i * 7919) % 100003); for (;;) a.slice().sort(); }"),
        ("sort with a comparator", "function () { var a = []; for (var i = 0; i < 99999; i++) a.push(i % 1000); for (;;) a.slice().sort(function (x, y) { return y - x; }); }"),
        ("splice", "function () { var a = []; for (var i = 0; i < 99999; i++) a.push(i); for (;;) { a.splice(0, 0, 1); a.splice(0, 1); } }"),
        ("map at the cap", "function () { var a = []; for (var i = 0; i < 100000; i++) a.push(i); for (;;) a.map(Math.sqrt); }"),
        ("array indexOf", "function () { var a = []; for (var i = 0; i < 100000; i++) a.push(i); for (;;) a.indexOf(-1); }"),
        ("JSON round trip", "function () { var o = []; for (var i = 0; i < 20000; i++) o.push({k: i, s: 'v' + i}); for (;;) JSON.parse(JSON.stringify(o)); }"),
        ("caught errors", "function () { for (;;) { try { 'ab'.repeat(2000000); } catch (e) {} } }"),
        ("new code", "function () { for (var i = 0;; i++) new Function('x', 'return x + ' + i + ' + ' + '1 + '.repeat(2000) + '1')(i); }"),
        ("eval", "function () { for (var i = 0;; i++) eval('[' + '0,'.repeat(20000) + i + ']'); }"),
        ("number conversion", "function () { for (var i = 0;; i++) (i / 7).toFixed(20) + (i * 1e300).toString(36); }"),
        // FuzzExpression's first finding (choices 01 05 02 00 03 02 00 03): one native call, a sort
        // of 99 999 holes, ran most of a second here and over 10 s under AddressSanitizer.
        ("one long sort", "function () { for (;;) new Array(99999).sort(); }"),
        ("one long sort, caught", "function () { for (;;) { try { new Array(99999).sort(); } catch (e) {} } }"),
    ]

    @Test(arguments: loops.map(\.name))
    func aLoopOfNativeCallsStopsAtTheDeadline(name: String) throws {
        let source = try #require(Self.loops.first { $0.name == name }).source
        let e = try ScriptEngine(maxMemory: 32 << 20, maxSteps: 1_000_000_000_000)
        let f = try e.compile(function: source)
        let start = ScriptEngine.threadCPUTime
        e.deadline = start + Self.budget
        do {
            _ = try e.call(f, [])
            Issue.record("\(name): an endless loop returned")
        } catch {
            #expect(error.kind == .cpuTime, "\(name): \(error)")
        }
        let used = ScriptEngine.threadCPUTime - start
        #expect(used >= Self.budget, "\(name): stopped before its deadline")
        #expect(used < Self.budget + Self.overshootBound, "\(name): \(used / 1_000_000) ms of CPU")
        // The engine runs on: a later call within its deadline is unaffected.
        e.deadline = ScriptEngine.threadCPUTime + 60_000_000_000
        #expect(try e.evaluate("'still ' + 'alive'") == .string("still alive"))
    }

    /// A search whose every position compares a long pattern is one native call that no deadline
    /// can interrupt; it is refused before it starts, with a message saying why.
    @Test(arguments: ["indexOf", "lastIndexOf", "includes", "split", "replace"])
    func longStringSearchesAreRefused(method: String) throws {
        let e = try ScriptEngine(maxMemory: 32 << 20, maxSteps: 1_000_000_000_000)
        let f = try e.compile(function: "function () { var s = 'a'.repeat(4000000); return s.\(method)('a'.repeat(2000000) + 'b'); }")
        do {
            _ = try e.call(f, [])
            Issue.record("\(method) of a 2 M-character pattern in a 4 M-character string ran")
        } catch {
            #expect(error.kind == .thrown)
            #expect(error.message.contains("string searches in expressions compare at most 4194304 characters (4000000 x 2000001)"), "\(error.message)")
        }
        // Ordinary searches still work.
        #expect(try e.evaluate("'tab bar'.\(method)('bar')") != .undefined)
        #expect(try e.evaluate("'a,b'.split(',').length") == .number(2))
        #expect(try e.evaluate("'a-b'.replace('-', '+')") == .string("a+b"))
    }

    /// What scripts must not reach: the engine's own extensions, a module loader, the host's globals.
    @Test func theHostIsOutOfReach() throws {
        let e = try ScriptEngine(maxMemory: 8 << 20, maxSteps: 1_000_000)
        for name in ["Duktape", "require", "process", "Buffer", "Proxy", "Reflect", "performance", "print", "alert"] {
            #expect(try e.evaluate("typeof \(name)") == .string("undefined"), "\(name)")
        }
        #expect(try e.evaluate("typeof __host") == .string("function"))   // the one door, answered by `host`
        #expect(throws: ScriptError.self) { try e.evaluate("__host('read', '/etc/passwd')") }
    }

    /// Getters that throw and deep recursion fail as script errors, quickly.
    @Test func throwingGettersAndDeepRecursionAreErrors() throws {
        let e = try ScriptEngine(maxMemory: 8 << 20, maxSteps: 10_000_000)
        let getter = try e.compile(function: "function () { var o = {}; Object.defineProperty(o, 'x', { get: function () { throw new Error('no'); } }); return o.x; }")
        do { _ = try e.call(getter, []); Issue.record("the getter returned") } catch { #expect(error.kind == .thrown && error.message.contains("no")) }
        let recursion = try e.compile(function: "function () { function f(n) { return f(n + 1) + 1; } return f(0); }")
        do { _ = try e.call(recursion, []); Issue.record("endless recursion returned") } catch { #expect(error.kind == .thrown) }
    }
}
