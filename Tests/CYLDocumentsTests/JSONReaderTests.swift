@testable import CYLDocuments
import Foundation
import Testing

/// The JSON reader that replaced json-c (issue 16: a 32 MiB file of `{}` took 9 GB): the value
/// limit, strings, numbers against the standard library's correctly rounded parser, and
/// line:column lookups.
@Suite struct JSONReaderTests {
    func parse(_ s: String, maxValues: Int = JSONDocument.defaultMaxValues) throws(JSONError) -> JSONNode {
        try JSONDocument.parse(Array(s.utf8), name: "t.json", maxValues: maxValues)
    }

    @Test func valueLimitCountsEveryValue() throws {
        let text = #"{"a": [1, 2, {"b": null}], "c": "x"}"#   // 7 values: {} [] 1 2 {} null "x"
        #expect(throws: Never.self) { try parse(text, maxValues: 7) }
        do {
            _ = try parse(text, maxValues: 6)
            Issue.record("expected an error")
        } catch {
            #expect(error.kind == .tooLarge)
            #expect(error.description == "t.json:1:33 (byte 32): the document has more than 6 values (Limits.maxJSONValues)")
        }
    }

    @Test func stringEscapesAndSurrogates() throws {
        let root = try parse(#"["\"\\\/\b\f\n\r\t", "\u00e9\u4e2d", "\ud83d\ude00", "\ud800x", "\udc00", "a\u0000b"]"#)
        #expect(root[0]?.asString == "\"\\/\u{8}\u{c}\n\r\t")
        #expect(root[1]?.asString == "é中")
        #expect(root[2]?.asString == "😀")
        #expect(root[3]?.asString == "\u{FFFD}x", "a lone high surrogate becomes U+FFFD")
        #expect(root[4]?.asString == "\u{FFFD}")
        #expect(root[5]?.asString?.utf8.count == 3)
        for bad in [#"["\x"]"#, #"["\u12g4"]"#, #"["\u12"]"#] {
            #expect(throws: JSONError.self, "\(bad)") { try parse(bad) }
        }
    }

    /// Malformed UTF-8 is refused where it starts: overlong forms, surrogates, past U+10FFFF,
    /// truncated sequences, stray continuation bytes. Well-formed 2-, 3- and 4-byte forms pass.
    @Test func utf8IsValidated() throws {
        let bad: [[UInt8]] = [[0xC0, 0x80], [0xC1, 0xBF], [0xE0, 0x80, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80],
                              [0xF5, 0x80, 0x80, 0x80], [0xE2, 0x82], [0x80], [0xFF]]
        for seq in bad {
            do {
                _ = try JSONDocument.parse([0x5B, 0x22] + seq + [0x22, 0x5D], name: "u.json")
                Issue.record("accepted \(seq)")
            } catch {
                #expect(error.kind == .syntax && error.offset == 2 && error.message == "invalid UTF-8", "\(seq): \(error)")
            }
        }
        let good: [UInt8] = [0xC3, 0xA9, 0xE2, 0x82, 0xAC, 0xED, 0x9F, 0xBF, 0xF0, 0x9F, 0x98, 0x80, 0xF4, 0x8F, 0xBF, 0xBF]
        let s = try JSONDocument.parse([0x5B, 0x22] + good + [0x22, 0x5D], name: "u.json")[0]?.asString
        #expect(s.map { Array($0.utf8) } == good)
    }

    /// The fast path (a mantissa up to 2^53 in at most 19 digits, powers of ten up to 1e22) and
    /// the fallback must both give exactly the standard library's correctly rounded result.
    @Test func numbersMatchTheStandardLibrary() throws {
        var rng = SystemRandomNumberGenerator()
        var texts = ["0", "-0", "1", "0.1", "0.5", "123.456", "1e22", "1e23", "9007199254740993", "0.000001", "1.7976931348623157e308",
                     "4.9e-324", "2.2250738585072014e-308", "123456789012345.6", "1234567890123456.7", "-0.0e5", "5e-22", "5e-23",
                     "100000000000000000000000", "0.1e-20", "12345678901234567890e-10", "3.0e0", "1E+2", "7e-0",
                     "9007199254740992", "9007199254740992e-3", "9007199254740993e-22", "0.0000000000000000001",
                     "0.00000000000000000001", "1234567890123456789", "18446744073709551615", "18446744073709551617e-2"]
        for _ in 0..<3000 {
            let digits = String((0..<Int.random(in: 1...20, using: &rng)).map { _ in "0123456789".randomElement(using: &rng)! })
            let int = digits.drop { $0 == "0" }
            var t = (int.isEmpty ? "0" : String(int))
            if Bool.random(using: &rng) { t += "." + String((0..<Int.random(in: 1...12, using: &rng)).map { _ in "0123456789".randomElement(using: &rng)! }) }
            if Bool.random(using: &rng) { t += "e\(Int.random(in: -40...40, using: &rng))" }
            if Bool.random(using: &rng) { t = "-" + t }
            texts.append(t)
        }
        let root = try parse("[" + texts.joined(separator: ",") + "]")
        for (i, t) in texts.enumerated() {
            let want = Double(t)!
            let got = try #require(root[i]?.asDouble)
            #expect(got.bitPattern == want.bitPattern, "\(t): \(got) != \(want)")
        }
    }

    /// Line and column come from a per-block line count plus a scan: compare with counting every
    /// byte, at offsets on both sides of block boundaries and in long lines.
    @Test func lineColumnMatchesCountingByHand() throws {
        var text: [UInt8] = [UInt8(ascii: "[")]
        for k in 0..<3000 { text += Array(" \(k),".utf8); if k % 7 == 0 { text.append(0x0A) }; if k % 500 == 0 { text += [UInt8](repeating: 0x20, count: 5000) } }
        text += Array(" 0]".utf8)
        let source = JSONSource(name: "l.json", bytes: text)
        for offset in Array(stride(from: 0, to: text.count, by: 997)) + [4095, 4096, 4097, 8191, 8192, text.count - 1] {
            var line = 1, column = 1
            for b in text[0..<offset] { if b == 0x0A { line += 1; column = 1 } else { column += 1 } }
            let got = source.lineColumn(offset)
            #expect(got.line == line && got.column == column, "offset \(offset): \(got) != (\(line), \(column))")
        }
    }
}
