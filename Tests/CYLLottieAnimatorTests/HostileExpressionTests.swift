@testable import CYLLottieAnimator
import CYLDocuments
import CYLRaster
import CYLScript
import CYLTimeline
import Testing

/// Expressions written to keep `render` busy: loops over native methods that cost far more in C
/// than in steps, code built at run time, searches, recursion, throwing getters, reaching for the
/// host. Each file opens and renders with the property on its keyframes, pixel for pixel the same
/// as the file without the expression, and a warning names the property and the limit. The step
/// budget is set out of reach (10^12) so only CPU time can stop the loops; without the time budget
/// these run for minutes to hours (the shared machine's test timeout would end the run).
struct HostileExpressionTests {
    /// Each body ends by moving the layer to (10, 10): a render that shows it there ran it.
    static let hostile: [(name: String, body: String, limit: Bool)] = [
        ("repeat", "for (;;) 'ab'.repeat(2000000);", true),
        ("concat", "var s = 'x'.repeat(500000); for (;;) s.concat(s, s);", true),
        ("split and join", "var s = 'x,'.repeat(40000); for (;;) s.split(',').join(';');", true),
        ("replace", "var s = 'ab'.repeat(500000); for (;;) s.replace('b', 'c');", true),
        ("sort", "var a = []; for (var i = 0; i < 99999; i++) a.push((i * 7919) % 100003); for (;;) a.slice().sort();", true),
        ("sort with a comparator", "var a = []; for (var i = 0; i < 99999; i++) a.push(i % 977); for (;;) a.slice().sort(function (x, y) { return x - y; });", true),
        ("splice", "var a = []; for (var i = 0; i < 99999; i++) a.push(i); for (;;) { a.splice(50000, 0, 1); a.splice(50000, 1); }", true),
        ("slice and map at the cap", "var a = []; for (var i = 0; i < 100000; i++) a.push(i); for (;;) a.slice(0).map(function (v) { return v + 1; });", true),
        ("JSON round trip", "var o = []; for (var i = 0; i < 20000; i++) o.push({k: i, s: 'v' + i}); for (;;) JSON.parse(JSON.stringify(o));", true),
        ("Function", "for (var i = 0;; i++) new Function('x', 'return x + ' + i + ' + ' + '1 + '.repeat(2000) + '1')(i);", true),
        ("eval", "for (var i = 0;; i++) eval('[' + '0,'.repeat(20000) + i + ']');", true),
        ("caught and retried", "for (;;) { try { 'ab'.repeat(2000000); for (;;) {} } catch (e) {} }", true),
        // FuzzExpression's finding: one native call (a sort of 99 999 holes) that ran on past the deadline.
        ("sort of holes", "new Array(99999).sort(); new Array(99999).sort();", true),
        ("catastrophic regular expression", "/(a+)+b/.test('a'.repeat(40));", false),
        ("long search", "'a'.repeat(4000000).indexOf('a'.repeat(2000000) + 'b');", false),
        ("deep recursion", "function f(n) { return f(n + 1) + 1; } f(0);", false),
        ("throwing getter", "var o = {}; Object.defineProperty(o, 'v', { get: function () { throw new Error('no'); } }); o.v;", false),
        ("require", "require('fs').readFileSync('/etc/passwd');", false),
        ("Duktape", "Duktape.gc(); Duktape.act(-1);", false),
    ]

    /// A 100x100 red square at the keyframed position (50, 50), its position carrying `x`.
    static func file(_ x: String?) -> [UInt8] {
        let expression = x.map { ",\"x\":\(TextEscaping.jsonString($0))" } ?? ""
        return lottie(op: 30, layers: """
        {"ty":4,"ind":1,"nm":"A","ip":0,"op":30,"st":0,"ks":{"p":{"a":0,"k":[50,50,0]\(expression)}},
         "shapes":[{"ty":"rc","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[40,40]},"r":{"a":0,"k":0}},
                   {"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}}]}
        """)
    }

    static var limits: Limits {
        var limits = Limits()
        limits.maxExpressionSteps = 1_000_000_000_000
        return limits
    }

    @Test(arguments: hostile.map(\.name))
    func rendersItsKeyframes(name: String) throws {
        let entry = try #require(Self.hostile.first { $0.name == name })
        let options = OpenOptions(limits: Self.limits)
        let doc = try LottieDocument(bytes: Self.file(entry.body + " [10, 10];"), name: "hostile.json", options: options)
        let plain = try LottieDocument(bytes: Self.file(nil), name: "plain.json", options: options)
        let warning = try #require(doc.diagnostics.first { $0.location == "layers[0].ks.p.x" }, "\(name): \(doc.diagnostics)")
        #expect(warning.message.contains("the keyframed value is used"))
        if entry.limit {
            #expect(warning.feature == .expressionLimit, "\(name): \(warning)")
            #expect(warning.message.contains("100 ms of CPU time for one frame's expressions (Limits.maxExpressionTime)"), "\(name): \(warning)")
        } else {
            #expect(warning.feature == nil, "\(name): \(warning)")
        }
        let timeline = doc.timeline(), expected = plain.timeline()
        for frame in [0, 1, 29] {
            #expect(try timeline.render(frame: frame, size: PixelSize(100, 100)) == (try expected.render(frame: frame, size: PixelSize(100, 100))),
                    "\(name): frame \(frame)")
        }
    }

    /// Control: the same file with a harmless expression moves the square (the comparison above
    /// can fail).
    @Test func aHarmlessExpressionMovesTheSquare() throws {
        let options = OpenOptions(limits: Self.limits)
        let doc = try LottieDocument(bytes: Self.file("[10, 10];"), name: "ok.json", options: options)
        let plain = try LottieDocument(bytes: Self.file(nil), name: "plain.json", options: options)
        #expect(doc.diagnostics.isEmpty)
        #expect(try doc.timeline().render(frame: 0, size: PixelSize(100, 100)) != (try plain.timeline().render(frame: 0, size: PixelSize(100, 100))))
    }

    /// The whole command's budget: an expression of about 35 ms a frame (200 000 loop rounds), each
    /// frame within a generous frame budget, runs on the first frames and is off by the last once
    /// the file's budget is spent (frames drawn in order on one renderer, after the check).
    @Test func theFilesTotalTimeTurnsExpressionsOff() throws {
        let x = "var s = 0; for (var i = 0; i < 200000; i++) s += Math.sqrt(i); s > 0 ? [10, 10] : value;"
        // The budget is ten evaluations of this build (a sanitizer build runs them several times
        // slower and scales limits by ScriptEngine.timeScale): the check (run when the diagnostics
        // are read) plus frame 0 are two, the 31 evaluations up to frame 29 pass it whatever the
        // machine's speed.
        let probe = ScriptEngine.threadCPUTime
        _ = try LottieDocument(bytes: Self.file(x), name: "probe.json", options: OpenOptions(limits: Self.limits)).diagnostics
        let evaluation = ScriptEngine.threadCPUTime - probe
        var limits = Self.limits
        limits.maxExpressionTime = .seconds(3600)
        limits.maxExpressionTotalTime = .nanoseconds(Int64(10 * evaluation / ScriptEngine.timeScale))
        let doc = try LottieDocument(bytes: Self.file(x), name: "slow.json", options: OpenOptions(limits: limits))
        let plain = try LottieDocument(bytes: Self.file(nil), name: "plain.json", options: OpenOptions(limits: limits))
        let moved = try LottieDocument(bytes: Self.file("[10, 10];"), name: "moved.json", options: OpenOptions(limits: limits))
        #expect(doc.diagnostics.isEmpty, "\(doc.diagnostics)")
        let size = PixelSize(100, 100)
        let timeline = doc.timeline()
        #expect(try timeline.render(frame: 0, size: size) == (try moved.timeline().render(frame: 0, size: size)))
        for frame in 1..<29 { _ = try timeline.render(frame: frame, size: size) }
        #expect(doc.expressionTime.isExhausted)
        #expect(try timeline.render(frame: 29, size: size) == (try plain.timeline().render(frame: 29, size: size)))
    }
}
