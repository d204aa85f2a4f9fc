#if FUZZING
/// Builds JavaScript from a stream of choices (the fuzzer's bytes): every byte picks a production,
/// so a mutated input is another well-formed program, and the engine, not the parser, is fuzzed.
/// The grammar leans on what is expensive in native code: sizes at and around the array cap
/// (100 000) and the string-search cap, strings built by repeat/concat/join, sorts, splices, JSON,
/// eval and new Function, endless loops, try/catch around all of them, and recursion.
struct ExpressionGrammar {
    private let choices: [UInt8]
    private var at = 0
    private var depth = 0
    private var variables = 1   // v0 always exists

    init(choices: [UInt8]) { self.choices = choices }

    /// The next choice in 0..<n (0 once the input runs out, which ends every list).
    private mutating func pick(_ n: Int) -> Int {
        guard at < choices.count, n > 0 else { return 0 }
        defer { at += 1 }
        return Int(choices[at]) % n
    }

    private mutating func one(_ options: [String]) -> String { options[pick(options.count)] }

    static let sizes = ["0", "1", "7", "255", "1000", "99999", "100000", "100001", "2000000", "4194304", "1e9", "-1", "NaN", "Infinity"]

    /// A program: a few statements, then `result` (which reads `v0`).
    mutating func program(result: String) -> String {
        variables = 1
        var out = "var v0 = \(expression());\n"
        for _ in 0..<(1 + pick(6)) { out += statement() + "\n" }
        return out + result + ";"
    }

    mutating func statement() -> String {
        depth += 1
        defer { depth -= 1 }
        if depth > 4 { return "v0 = \(expression());" }
        switch pick(10) {
        case 0: let v = "v\(variables)"; variables += 1; return "var \(v) = \(expression());"
        case 1: return "for (var i\(depth) = 0; i\(depth) < \(one(Self.sizes)); i\(depth)++) { \(statement()) }"
        case 2: return "while (\(one(["true", "v0", "v0 !== 0", "typeof v0 !== 'undefined'"]))) { \(statement()) }"
        case 3: return "try { \(statement()) } catch (e) { \(statement()) }"
        case 4: return "function f\(depth)(a) { \(statement()) return \(one(["a", "f\(depth)(a)", "f\(depth)(a + 1) + 1", "a + a"])); } v0 = f\(depth)(\(expression()));"
        case 5: return "v0 = \(expression());"
        case 6: return "Object.defineProperty(this, 'g\(depth)', { get: function () { \(statement()) return v0; }, configurable: true }); v0 = g\(depth);"
        case 7: return "do { \(statement()) } while (\(one(["false", "true", "v0"])));"
        case 8: return "\(variable()).length = \(one(Self.sizes));"
        default: return "\(expression());"
        }
    }

    private mutating func variable() -> String { "v\(pick(variables))" }

    mutating func expression() -> String {
        depth += 1
        defer { depth -= 1 }
        if depth > 6 { return one(["v0", "1", "'x'", "[]", "value", "time"]) }
        switch pick(12) {
        case 0: return stringExpression()
        case 1: return arrayExpression()
        case 2: return "JSON.parse(JSON.stringify(\(expression())))"
        case 3: return "eval(\(stringExpression()))"
        case 4: return "new Function('a', \(stringExpression()))(\(expression()))"
        case 5: return one(["value", "time", "thisComp.layer(1).transform.position", "wiggle(\(one(Self.sizes)), 10)",
                            "loopOut()", "thisLayer.content('Box').size", "linear(time, 0, 1, 0, \(one(Self.sizes)))",
                            "effect('x')('y')", "thisComp.layer(\(one(Self.sizes)))", "require('fs')", "Duktape", "__host(1)"])
        case 6: return "(\(expression()) + \(expression()))"
        case 7: return "\(variable())[\(one(["0", "'length'", "'constructor'", "'__proto__'", "'toString'"]))]"
        case 8: return "/(a+)+b/.test(\(stringExpression()))"
        case 9: return "Math.\(one(["sqrt", "sin", "max", "min", "pow", "random"]))(\(expression()), \(expression()))"
        case 10: return one(Self.sizes)
        default: return variable()
        }
    }

    mutating func stringExpression() -> String {
        depth += 1
        defer { depth -= 1 }
        if depth > 6 { return "'ab'" }
        let s = stringExpression0()
        switch pick(8) {
        case 0: return "\(s).repeat(\(one(Self.sizes)))"
        case 1: return "\(s).split(\(one(["''", "','", "'a'", "\(s)"]))).join(\(one(["''", "';'", "\(s)"])))"
        case 2: return "\(s).replace(\(stringExpression0()), \(one(["'c'", "function () { return v0; }", "'$&$&'"])))"
        case 3: return "String(\(s).indexOf(\(stringExpression0())))"
        case 4: return "\(s).concat(\(s), \(s))"
        case 5: return "\(s).slice(\(one(Self.sizes)))"
        case 6: return "String(\(expression()))"
        default: return s
        }
    }

    private mutating func stringExpression0() -> String {
        one(["'ab'", "'x,'", "''", "'a'.repeat(\(one(Self.sizes)))", "String(v0)", "'return a'", "'[' + '0,'.repeat(\(one(Self.sizes))) + '0]'"])
    }

    mutating func arrayExpression() -> String {
        depth += 1
        defer { depth -= 1 }
        if depth > 6 { return "[1, 2]" }
        let a = one(["[]", "[3, 1, 2]", "new Array(\(one(Self.sizes)))", "Array.apply(null, new Array(\(one(Self.sizes))))",
                     "\(variable())", "(function () { var r = []; for (var k = 0; k < \(one(Self.sizes)); k++) r.push(k); return r; })()"])
        switch pick(9) {
        case 0: return "\(a).sort()"
        case 1: return "\(a).sort(function (x, y) { return \(one(["x - y", "y - x", "0", "1", "v0"])); })"
        case 2: return "\(a).map(function (v) { return \(expression()); })"
        case 3: return "\(a).slice(\(one(Self.sizes)))"
        case 4: return "\(a).splice(\(one(Self.sizes)), \(one(Self.sizes)), \(expression()))"
        case 5: return "\(a).concat(\(a), \(a))"
        case 6: return "\(a).join(\(stringExpression0()))"
        case 7: return "\(a).indexOf(\(expression()))"
        default: return a
        }
    }
}
#endif
