import Foundation
import Testing

/// The CLI stays thin (DESIGN.md §2): a command parses options, calls one library entry point and
/// prints, so no function in tools/cylanim is longer than 60 lines.
struct ThinCLITests {
    static let maxLines = 60

    /// Each function in `source`: its name, first line (1-based) and length in lines, from the
    /// line that declares it to the line of its closing brace. Braces inside string literals
    /// (interpolations included) and comments are not counted.
    static func functions(in source: String) -> [(name: String, line: Int, lines: Int)] {
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false).map(Array.init)
        var found: [(name: String, line: Int, lines: Int)] = []
        var open: [(name: String, line: Int, depth: Int)] = []   // functions whose body is open
        var pendingName: (String, Int)?                          // `func x` seen, its `{` not yet
        var depth = 0
        var scanner = CodeScanner()
        for (n, chars) in lines.enumerated() {
            let code = scanner.code(of: chars)
            if let range = code.range(of: #"\bfunc\s+[A-Za-z_][A-Za-z0-9_]*"#, options: .regularExpression) {
                pendingName = (String(code[range].split(separator: " ").last ?? ""), n + 1)
            }
            for c in code {
                if c == "{" {
                    depth += 1
                    if let (name, line) = pendingName { open.append((name, line, depth)); pendingName = nil }
                } else if c == "}" {
                    if let last = open.last, last.depth == depth {
                        found.append((last.name, last.line, n + 1 - last.line + 1))
                        open.removeLast()
                    }
                    depth -= 1
                }
            }
        }
        return found
    }

    /// Strips string literals and comments from lines, keeping state across lines (multi-line
    /// strings, block comments) and treating `\( ... )` inside a string as code.
    struct CodeScanner {
        enum Mode { case code, string, multiline, blockComment }
        var modes: [Mode] = [.code]
        var parens: [Int] = []   // open parentheses per interpolation level

        mutating func code(of chars: [Character]) -> String {
            var out = ""
            var i = 0
            func at(_ k: Int) -> Character? { k < chars.count ? chars[k] : nil }
            while i < chars.count {
                let c = chars[i]
                switch modes.last! {
                case .code:
                    if c == "/" && at(i + 1) == "/" { return out }
                    if c == "/" && at(i + 1) == "*" { modes.append(.blockComment); i += 2; continue }
                    if c == "\"" && at(i + 1) == "\"" && at(i + 2) == "\"" { modes.append(.multiline); i += 3; continue }
                    if c == "\"" { modes.append(.string); i += 1; continue }
                    if !parens.isEmpty {
                        if c == "(" { parens[parens.count - 1] += 1 }
                        if c == ")" {
                            parens[parens.count - 1] -= 1
                            if parens.last == 0 { parens.removeLast(); modes.removeLast(); i += 1; continue }
                        }
                    }
                    out.append(c)
                case .string, .multiline:
                    if c == "\\" && at(i + 1) == "(" { modes.append(.code); parens.append(1); i += 2; continue }
                    if c == "\\" { i += 2; continue }
                    if modes.last == .string && c == "\"" { modes.removeLast() }
                    if modes.last == .multiline && c == "\"" && at(i + 1) == "\"" && at(i + 2) == "\"" { modes.removeLast(); i += 3; continue }
                case .blockComment:
                    if c == "*" && at(i + 1) == "/" { modes.removeLast(); i += 2; continue }
                }
                i += 1
            }
            return out
        }
    }

    @Test func scannerSeesThroughStringsAndComments() {
        let source = """
        func a() {
            let s = "{ \\("}") {"   // }
            /* { */ let t = \"\"\"
            } {
            \"\"\"
        }
        func b() { if x { y } }
        """
        #expect(Self.functions(in: source).map { "\($0.name) \($0.line) \($0.lines)" } == ["a 1 6", "b 7 1"])
    }

    @Test func noCommandFunctionIsLongerThanSixtyLines() throws {
        let dir = CLI.repo.appendingPathComponent("tools/cylanim")
        let files = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasSuffix(".swift") }.sorted()
        #expect(files.contains("ConvertCommand.swift") && files.contains("PreviewCommand.swift"))
        var measured = 0
        for file in files {
            let source = try String(contentsOf: dir.appendingPathComponent(file), encoding: .utf8)
            for f in Self.functions(in: source) {
                measured += 1
                #expect(f.lines <= Self.maxLines, "\(file):\(f.line): \(f.name) is \(f.lines) lines; move its logic into the library")
            }
        }
        #expect(measured > 30, "the scanner found the CLI's functions")
    }
}
