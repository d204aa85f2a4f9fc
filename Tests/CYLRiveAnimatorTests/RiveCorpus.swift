import Foundation
import Testing

/// Finds `../shared/corpus/rive` next to the package (located from this source file).
enum RiveCorpus {
    static let repo: URL = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let corpus: URL = repo.deletingLastPathComponent().appendingPathComponent("shared/corpus")
    static let root: URL = corpus.appendingPathComponent("rive")

    static var allowMissing: Bool { ProcessInfo.processInfo.environment["CYL_ALLOW_MISSING_CORPUS"] == "1" }
    static var isPresent: Bool { FileManager.default.fileExists(atPath: root.appendingPathComponent("MANIFEST.tsv").path) }

    /// Fails the calling test loudly when the corpus is missing, unless CYL_ALLOW_MISSING_CORPUS=1.
    static func require() -> Bool {
        if isPresent { return true }
        if allowMissing {
            print("warning: the shared Rive corpus is missing at \(root.path); skipped (CYL_ALLOW_MISSING_CORPUS=1)")
            return false
        }
        Issue.record("the shared Rive corpus is missing at \(root.path); set CYL_ALLOW_MISSING_CORPUS=1 to skip")
        return false
    }

    struct Entry: Sendable, CustomStringConvertible {
        var file: String      // rive/player__Timer.riv
        var tier: String      // core or extended
        var frames: [Int]
        var features: String
        var stem: String { String(file.split(separator: "/").last!.dropLast(4)) }
        var description: String { file }
    }

    /// The entries of `rive/MANIFEST.tsv` (empty when the corpus is absent).
    static let entries: [Entry] = {
        guard let text = try? String(contentsOf: root.appendingPathComponent("MANIFEST.tsv"), encoding: .utf8) else { return [] }
        var out: [Entry] = []
        for line in text.split(separator: "\n").dropFirst() {
            let f = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard f.count >= 10 else { continue }
            out.append(Entry(file: f[0], tier: f[1], frames: f[8].split(separator: ",").compactMap { Int($0) }, features: f[9]))
        }
        return out
    }()

    static func bytes(_ entry: Entry) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: corpus.appendingPathComponent(entry.file)))
    }

    /// What the official runtime reported about the file (`list.json` beside its reference frames).
    static func list(_ entry: Entry) throws -> [String: Any] {
        let url = corpus.appendingPathComponent("reference/rive/\(entry.stem)/list.json")
        return try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any] ?? [:]
    }
}
