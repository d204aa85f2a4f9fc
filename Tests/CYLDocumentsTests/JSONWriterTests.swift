import CYLDocuments
import Testing

@Suite struct JSONWriterTests {
    /// Compact output, members in file order, numbers in their shortest exact form.
    @Test func writesCompactInFileOrder() throws {
        let source = #"{ "z": 1, "a": [true, false, null, 2.5, -0.0, 1e300, 0.1], "m": {"k": "v"} }"#
        let node = try JSONDocument.parse(Array(source.utf8), name: "t.json")
        #expect(JSONWriter.text(node) == #"{"z":1,"a":[true,false,null,2.5,-0,1e+300,0.1],"m":{"k":"v"}}"#)
    }

    /// Escapes and non-ASCII text survive a write and a read; hand-written expected text.
    @Test func escapesStrings() throws {
        let source = #"["quote \" back \\ nl \n tab \t ctl \u0001 é 😀 \u2028"]"#
        let node = try JSONDocument.parse(Array(source.utf8), name: "t.json")
        #expect(JSONWriter.text(node) == "[\"quote \\\" back \\\\ nl \\n tab \\t ctl \\u0001 é 😀 \\u2028\"]")
        let again = try JSONDocument.parse(JSONWriter.bytes(node), name: "again.json")
        #expect(again.value.asStringArray == node.value.asStringArray)
    }

    /// Every Double written reads back as the same Double (bit for bit).
    @Test(arguments: [0.1, 1.0 / 3, 123456789012345.0, 1e15, 1e-300, Double.leastNonzeroMagnitude, -2.75, 1.7976931348623157e308, 0.0])
    func numbersRoundTrip(_ d: Double) throws {
        let node = try JSONDocument.parse(Array(JSONWriter.number(d).utf8), name: "n.json")
        guard case .number(let back) = node.value else { Issue.record("not a number"); return }
        #expect(back.bitPattern == d.bitPattern)
    }
}

private extension JSONValue {
    var asStringArray: [String]? {
        guard case .array(let items) = self else { return nil }
        return items.compactMap { if case .string(let s) = $0.value { return s } else { return nil } }
    }
}
