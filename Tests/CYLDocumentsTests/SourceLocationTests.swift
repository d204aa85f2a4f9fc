import Testing
import CYLDocuments

/// `SourceLocation`: one type for where a problem is, printed the way every message prints it.
struct SourceLocationTests {
    static let path = JSONPath([.key("layers"), .index(3), .key("ks"), .key("o")])

    @Test func eachPartAndTheirCombinationsPrintAsMessagesDo() {
        #expect(SourceLocation().description == "")
        #expect(SourceLocation().isEmpty)
        #expect(SourceLocation(line: 3, column: 7).description == "3:7")
        #expect(SourceLocation(line: 3, column: 7, offset: 18).description == "3:7 (byte 18)")
        #expect(SourceLocation.byte(120).description == "byte 120")
        #expect(SourceLocation.path(Self.path).description == "layers[3].ks.o")
        #expect(SourceLocation(path: Self.path, line: 3, column: 14, offset: 40).description == "layers[3].ks.o (3:14, byte 40)")
        #expect(SourceLocation(offset: 1234, frame: 3).description == "frame 3 (byte 1234)")
        #expect(SourceLocation(frame: 0).description == "frame 0")
        #expect(!SourceLocation(frame: 0).isEmpty)
    }

    @Test func aStructuredPositionIsLineAndColumnOrAByteInABinaryDocument() {
        #expect(SourceLocation(SourcePosition(line: 2, column: 5, offset: 30)) == SourceLocation(line: 2, column: 5))
        #expect(SourceLocation(SourcePosition.byte(77)) == .byte(77))
    }

    /// JSON errors carry their place as a `SourceLocation`: path, line, column and byte of the value.
    @Test func jsonErrorsCarryTheirPlaceTyped() throws {
        let doc = try JSONDocument.parseElement(Array("{\"a\": [1, \"x\"]}".utf8), name: "t.json")
        let e = try #require(throws: JSONError.self) { try doc["a"]?[1]?.double() }
        #expect(e.location == SourceLocation(path: JSONPath([.key("a"), .index(1)]), line: 1, column: 11, offset: 10))
        let syntax = try #require(throws: JSONError.self) { try JSONDocument.parse(Array("{\n  \"a\" 1}".utf8), name: "t.json") }
        #expect(syntax.location.path == nil && syntax.location.line == 2)
    }
}
