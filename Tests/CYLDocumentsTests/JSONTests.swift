import CYLTestSupport
import CYLDocuments
import Testing

@Suite struct JSONTests {
    func parse(_ s: String, maxDepth: Int = JSONDocument.defaultMaxDepth) throws(JSONError) -> JSONNode {
        try JSONDocument.parse(Array(s.utf8), name: "t.json", maxDepth: maxDepth)
    }

    func expectError(_ s: String, maxDepth: Int = JSONDocument.defaultMaxDepth, sourceLocation: Testing.SourceLocation = #_sourceLocation,
                     _ check: (JSONError) -> Bool) {
        do {
            _ = try parse(s, maxDepth: maxDepth)
            Issue.record("expected a JSONError for \(s.prefix(40))", sourceLocation: sourceLocation)
        } catch {
            #expect(check(error), "unexpected error: \(error)", sourceLocation: sourceLocation)
        }
    }

    @Test func valuesAndOffsets() throws {
        let text = #"{"a": [1, -2.5e3, true, null], "b": {"c": "x\u00e9\n"}, "d": false}"#
        let root = try parse(text)
        let bytes = Array(text.utf8)
        #expect(root.offset == 0)
        let a = try #require(root["a"])
        #expect(a.offset == 6)
        #expect(a[0]?.asDouble == 1 && a[0]?.offset == 7)
        #expect(a[1]?.asDouble == -2500 && a[1]?.offset == 10)
        #expect(a[2]?.asBool == true && a[3]?.isNull == true)
        #expect(bytes[a[3]!.offset] == UInt8(ascii: "n"))
        let c = try #require(root["b"]?["c"])
        #expect(c.asString == "x\u{e9}\n")
        #expect(bytes[c.offset] == UInt8(ascii: "\""))
        #expect(root["d"]?.asBool == false)
        // Object keeps file order.
        #expect(root.asObject?.map(\.key) == ["a", "b", "d"])
        // Every offset points at the first byte of its value.
        func walk(_ n: JSONNode) {
            let first = bytes[n.offset]
            switch n.value {
            case .null: #expect(first == UInt8(ascii: "n"))
            case .bool: #expect(first == UInt8(ascii: "t") || first == UInt8(ascii: "f"))
            case .number: #expect(first == UInt8(ascii: "-") || (first >= 0x30 && first <= 0x39))
            case .string: #expect(first == UInt8(ascii: "\""))
            case let .array(items): #expect(first == UInt8(ascii: "[")); items.forEach(walk)
            case let .object(m): #expect(first == UInt8(ascii: "{")); m.forEach { walk($0.value) }
            }
        }
        walk(root)
    }

    @Test func scalarRootsWhitespaceAndBOM() throws {
        #expect(try parse("  42 \n").asDouble == 42)
        #expect(try parse("  42 \n").offset == 2)
        #expect(try parse("null").isNull)
        #expect(try parse("\"s\"").asString == "s")
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("[1]".utf8)
        let n = try JSONDocument.parse(bom, name: "bom.json")
        #expect(n.offset == 3 && n[0]?.offset == 4)
    }

    @Test func stringsWithTrickyContent() throws {
        let root = try parse(#"["a\"]b", "{[,]}", "\ud83d\ude00", {"k\"ey": [ ]}, "", []]"#)
        #expect(root[0]?.asString == "a\"]b")
        #expect(root[1]?.asString == "{[,]}")
        #expect(root[2]?.asString == "\u{1F600}")
        #expect(root[3]?["k\"ey"]?.asArray?.isEmpty == true)
        #expect(root[4]?.asString == "")
        #expect(root[5]?.offset == 55)
    }

    @Test func duplicateKeysKeepFirstPositionLastValue() throws {
        let text = #"{"a": 1, "b": [2, 3], "a": {"x": [4]}, "c": 5}"#
        let root = try parse(text)
        let obj = try #require(root.asObject)
        #expect(obj.map(\.key) == ["a", "b", "c"])
        let a = try #require(root["a"])
        #expect(a["x"]?[0]?.asDouble == 4)
        #expect(a.offset == 27)
        #expect(root["c"]?.asDouble == 5 && root["c"]?.offset == 44)
        // Escaped spelling of the same key is the same key.
        let e = try parse(#"{"ab": 1, "a\u0062": 2}"#)
        #expect(e.asObject?.count == 1 && e["ab"]?.asDouble == 2)
    }

    @Test func syntaxErrorsHaveOffsetAndLineColumn() {
        expectError("{\n  \"a\": 1,\n  \"b\" 2\n}") { e in
            e.kind == .syntax && e.line == 3 && e.column == 7 && e.offset == 18 && e.message.contains("'2'")
                && e.description.hasPrefix("t.json:3:7 (byte 18): ")
        }
        expectError("[1, 2") { $0.kind == .syntax && $0.offset == 5 }
        expectError("") { $0.kind == .syntax && $0.message.contains("empty") }
        expectError("[1] x") { $0.kind == .syntax && $0.offset == 4 }
    }

    @Test func strictModeRejects() {
        for bad in ["[1, 2,]", "{\"a\": 1,}", "// c\n[1]", "[1 /* c */]", "['a']", "{a: 1}", "[01]", "[.5]",
                    "[1.]", "[\"tab\there\"]", "[True]", "[+1]", "[0x10]"] {
            expectError(bad) { $0.kind == .syntax || $0.kind == .nonFiniteNumber }
        }
    }

    @Test func nanAndInfinityRejected() {
        for bad in ["[NaN]", "[Infinity]", "[-Infinity]", "{\"a\": nan}", "[-NaN]", "[infinity]", "NaN"] {
            expectError(bad) { e in e.kind == .nonFiniteNumber || e.kind == .syntax }
        }
        expectError("[1e400]") { $0.kind == .nonFiniteNumber }
    }

    @Test func invalidUTF8Rejected() {
        do {
            _ = try JSONDocument.parse([0x5B, 0x22, 0xC3, 0x28, 0x22, 0x5D], name: "u.json")
            Issue.record("expected an error")
        } catch {
            #expect(error.kind == .syntax)
        }
    }

    @Test func depthLimit() throws {
        let ok = String(repeating: "[", count: 64) + String(repeating: "]", count: 64)
        #expect(throws: Never.self) { try parse(ok) }
        let deep = String(repeating: "[", count: 65) + String(repeating: "]", count: 65)
        expectError(deep) { $0.kind == .depthLimit(limit: 64) && $0.description.contains("64") && $0.description.contains("Limits.maxJSONDepth") }
        #expect(throws: Never.self) { try parse(deep, maxDepth: 100) }
    }

    @Test func veryDeepNestingErrorsWithoutCrash() {
        let deep = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        expectError(deep) { $0.kind == .depthLimit(limit: 64) }
        let deepObj = String(repeating: "{\"a\":", count: 10_000) + "1" + String(repeating: "}", count: 10_000)
        expectError(deepObj, maxDepth: 1_000_000) { $0.kind == .depthLimit(limit: JSONDocument.hardMaxDepth) }
        let unclosed = String(repeating: "[", count: 100_000)
        expectError(unclosed) { $0.kind == .depthLimit(limit: 64) }
    }

    @Test func bigNumbers() throws {
        let root = try parse("[9007199254740993, 18446744073709551615, 123456789012345678901234567890, -9223372036854775808, 1e308, 5e-324, 0.1]")
        #expect(root[0]?.asDouble == 9007199254740992)
        #expect(root[1]?.asDouble == 18446744073709551615.0)
        #expect(root[2]?.asDouble == 1.2345678901234568e29)
        #expect(root[3]?.asDouble == -9223372036854775808.0)
        #expect(root[4]?.asDouble == 1e308)
        #expect(root[5]?.asDouble == Double.leastNonzeroMagnitude, "5e-324 is the smallest subnormal")
        #expect(root[6]?.asDouble == 0.1)
    }

    @Test func typedAccessErrorsNameThePath() throws {
        let text = "{\"layers\": [{\"ks\": {\"o\": \"x\"}}, {}],\n \"fr\": 30, \"w\": 1.5}"
        let root = try JSONDocument.parseElement(Array(text.utf8), name: "icon.json")
        #expect(try root.member("fr").int() == 30)
        #expect(try root.member("layers").element(0).member("ks").member("o").string() == "x")
        do {
            _ = try root.member("layers").element(0).member("ks").member("o").double()
            Issue.record("expected an error")
        } catch {
            #expect(error.kind == .wrongType(expected: "a number", found: "a string"))
            #expect(error.path?.description == "layers[0].ks.o")
            #expect(error.description == "icon.json:layers[0].ks.o (1:26, byte 25): expected a number, found a string")
        }
        #expect { try root.member("layers").element(1).member("ks") } throws: { e in
            (e as? JSONError)?.kind == .missingKey("ks") && "\(e)".contains("layers[1]")
        }
        #expect { try root.member("layers").element(5) } throws: { e in
            (e as? JSONError)?.kind == .indexOutOfRange(index: 5, count: 2)
        }
        #expect { try root.member("w").int() } throws: { e in "\(e)".contains("whole number") }
        #expect(try root.optionalDouble("missing") == nil)
        #expect(try root.optionalDouble("w") == 1.5)
        #expect(throws: JSONError.self) { try root.optionalString("w") }
        #expect(try root.member("w").lineColumn.line == 2)
        #expect(JSONPath([.key("a.b"), .index(2), .key("c")]).description == "[\"a.b\"][2].c")
        #expect(JSONPath.root.description == "$")
    }

    @Test func fuzzedInputsNeverCrash() {
        var rng = SplitMix(seed: 5)
        let base = Array(#"{"v":"5.7","layers":[{"ty":4,"ks":{"o":{"a":0,"k":100},"p":{"a":1,"k":[{"t":0,"s":[1,2]}]}},"nm":"a\"b"}],"x":[true,false,null,-1.5e-3]}"#.utf8)
        let alphabet = Array("{}[],:\"\\ 0123456789.eE-+tfnulNaI/*".utf8)
        for _ in 0..<3000 {
            var b = base
            for _ in 0..<(1 + Int(rng.next() % 3)) {
                let i = Int(rng.next() % UInt64(b.count))
                switch rng.next() % 3 {
                case 0: b[i] = alphabet[Int(rng.next() % UInt64(alphabet.count))]
                case 1: b.remove(at: i)
                default: b.insert(alphabet[Int(rng.next() % UInt64(alphabet.count))], at: i)
                }
            }
            if let n = try? JSONDocument.parse(b, name: "f.json") {
                _ = n.offset
            }
        }
    }
}
