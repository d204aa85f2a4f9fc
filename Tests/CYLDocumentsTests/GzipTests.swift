import CYLDocuments
import Foundation
import Testing

@Suite struct GzipTests {
    /// "hello hello hello\n" compressed by `gzip -n`.
    static let hello: [UInt8] = [
        0x1f, 0x8b, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x03, 0xcb, 0x48, 0xcd, 0xc9, 0xc9, 0x57,
        0xc8, 0x40, 0x90, 0x5c, 0x00, 0x3b, 0x7c, 0x8a, 0xdf, 0x12, 0x00, 0x00, 0x00,
    ]

    @Test func inflatesGzip() throws {
        #expect(Gzip.isGzip(Self.hello))
        let out = try Gzip.inflate(Self.hello, name: "t.gz", maxBytes: 1000)
        #expect(String(decoding: out, as: UTF8.self) == "hello hello hello\n")
    }

    @Test func concatenatedMembers() throws {
        let out = try Gzip.inflate(Self.hello + Self.hello, name: "t.gz", maxBytes: 1000)
        #expect(out.count == 36)
    }

    @Test func refusesOversizedOutput() {
        #expect(throws: GzipError.self) { try Gzip.inflate(Self.hello, name: "t.gz", maxBytes: 5) }
        do { _ = try Gzip.inflate(Self.hello, name: "t.gz", maxBytes: 5) } catch {
            #expect(error.kind == .tooLarge(limit: 5))
        }
    }

    @Test func truncatedAndCorrupt() {
        do { _ = try Gzip.inflate(Array(Self.hello.prefix(15)), name: "t.gz", maxBytes: 1000); Issue.record("no error") } catch {
            #expect(error.kind == .truncated)
        }
        var bad = Self.hello
        bad[12] ^= 0xff
        #expect(throws: GzipError.self) { try Gzip.inflate(bad, name: "t.gz", maxBytes: 1000) }
        #expect(throws: GzipError.self) { try Gzip.inflate(Array("{\"v\":1}".utf8), name: "t.json", maxBytes: 1000) }
    }
}
