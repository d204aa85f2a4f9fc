import Testing
import CYLDocuments

/// `TextEscaping`: the HTML and JSON escapers every page and document the tool writes goes through.
struct TextEscapingTests {
    @Test func htmlEscapesTheFiveCharactersThatEndTextOrAnAttribute() {
        #expect(TextEscaping.html(#"<a href="x" title='y'>&amp;</a>"#)
                == "&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;amp;&lt;/a&gt;")
        #expect(TextEscaping.html("héllo 🙂 world") == "héllo 🙂 world")
        #expect(TextEscaping.html("") == "")
    }

    @Test func jsonStringWritesEveryEscapeTheFormatRequires() {
        #expect(TextEscaping.jsonString("a\"b\\c") == #""a\"b\\c""#)
        #expect(TextEscaping.jsonString("\n\r\t") == #""\n\r\t""#)
        #expect(TextEscaping.jsonString("\u{0}\u{1F}\u{7F}") == "\"\\u0000\\u001f\u{7F}\"")   // DEL needs no escape in JSON
        #expect(TextEscaping.jsonString("\u{2028}\u{2029}") == #""\u2028\u2029""#)           // line ends in ES5 JavaScript
        #expect(TextEscaping.jsonString("é🙂") == "\"é🙂\"")
    }

    /// Independent check: our own bounded JSON reader reads every written literal back as the
    /// text it came from, for every code point below 0x3000 and a few beyond.
    @Test func everyLiteralReadsBackAsItsText() throws {
        var scalars = (0..<0x3000).compactMap(Unicode.Scalar.init)
        scalars += ["\u{FEFF}", "\u{FFFD}", "\u{1F642}", "\u{10FFFF}"]
        for chunk in stride(from: 0, to: scalars.count, by: 64) {
            var text = ""
            text.unicodeScalars.append(contentsOf: scalars[chunk..<min(chunk + 64, scalars.count)])
            let literal = TextEscaping.jsonString(text)
            let read = try JSONDocument.parse(Array("[\(literal)]".utf8), name: "literal")
            #expect(read[0]?.asString == text, "chunk at U+\(String(chunk, radix: 16))")
        }
    }
}
