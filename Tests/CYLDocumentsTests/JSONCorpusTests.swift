import CYLDocuments
import CYLTestSupport
import Foundation
import Testing

/// Every Lottie JSON file in ../shared/corpus parses, and every value's offset points at its first byte.
@Suite struct JSONCorpusTests {
    static let files: [String] = {
        let dir = SharedCorpus.root.appendingPathComponent("lottie")
        guard let e = FileManager.default.enumerator(atPath: dir.path) else { return [] }
        return e.compactMap { $0 as? String }.filter { $0.hasSuffix(".json") }.sorted()
    }()

    @Test func corpusHasLottieFiles() {
        if !SharedCorpus.isPresent && !SharedCorpus.allowMissing {
            Issue.record("Lottie corpus not found at \(SharedCorpus.root.path)/lottie (set CYL_ALLOW_MISSING_CORPUS=1 to skip)")
        }
        if SharedCorpus.isPresent { #expect(Self.files.count >= 90) }
    }

    @Test(arguments: files)
    func parsesWithCorrectOffsets(file: String) throws {
        let bytes = try SharedCorpus.bytes(SharedCorpus.root.appendingPathComponent("lottie/\(file)"))
        let root = try JSONDocument.parse(bytes, name: file)
        var count = 0
        var bad = 0
        func walk(_ n: JSONNode) {
            count += 1
            let first = bytes[n.offset]
            let ok: Bool
            switch n.value {
            case .null: ok = first == UInt8(ascii: "n")
            case .bool: ok = first == UInt8(ascii: "t") || first == UInt8(ascii: "f")
            case .number: ok = first == UInt8(ascii: "-") || (first >= 0x30 && first <= 0x39)
            case .string: ok = first == UInt8(ascii: "\"")
            case let .array(items): ok = first == UInt8(ascii: "["); items.forEach(walk)
            case let .object(m): ok = first == UInt8(ascii: "{"); m.forEach { walk($0.value) }
            }
            if !ok { bad += 1 }
        }
        walk(root)
        #expect(bad == 0, "\(file): \(bad) of \(count) offsets do not point at their value")
        #expect(root["layers"]?.asArray != nil || root["assets"] != nil, "\(file) does not look like Lottie")
    }
}
