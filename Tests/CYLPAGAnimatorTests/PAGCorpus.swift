import Foundation
import Testing

/// Finds `../shared/corpus/pag` next to the package (located from this source file).
enum PAGCorpus {
    static let corpus: URL = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shared/corpus")
    static let root: URL = corpus.appendingPathComponent("pag")

    static var allowMissing: Bool { ProcessInfo.processInfo.environment["CYL_ALLOW_MISSING_CORPUS"] == "1" }
    static var isPresent: Bool { FileManager.default.fileExists(atPath: root.appendingPathComponent("MANIFEST.tsv").path) }

    /// Fails the calling test loudly when the corpus is missing, unless CYL_ALLOW_MISSING_CORPUS=1.
    static func require() -> Bool {
        if isPresent { return true }
        if allowMissing {
            print("warning: the shared PAG corpus is missing at \(root.path); skipped (CYL_ALLOW_MISSING_CORPUS=1)")
            return false
        }
        Issue.record("the shared PAG corpus is missing at \(root.path); set CYL_ALLOW_MISSING_CORPUS=1 to skip")
        return false
    }

    struct Entry: Sendable, CustomStringConvertible {
        var file: String      // pag/assets__like.pag
        var tier: String      // core, text, image, bitmap or video
        var width: Int, height: Int
        var fps: Double
        var frameCount: Int
        var frames: [Int]
        var stem: String { String(file.split(separator: "/").last!.dropLast(4)) }
        var description: String { file }
    }

    /// The entries of `pag/MANIFEST.tsv` (its lines end in CR LF; empty when the corpus is absent).
    static let entries: [Entry] = {
        guard let text = try? String(contentsOf: root.appendingPathComponent("MANIFEST.tsv"), encoding: .utf8) else { return [] }
        var out: [Entry] = []
        for line in text.split(whereSeparator: { $0 == "\n" || $0 == "\r\n" }).dropFirst() {
            let f = line.split(separator: "\t", omittingEmptySubsequences: false).map {
                $0.trimmingCharacters(in: .whitespacesAndNewlines)
            }
            guard f.count >= 12 else { continue }
            out.append(Entry(file: f[0], tier: f[1], width: Int(f[7]) ?? 0, height: Int(f[8]) ?? 0, fps: Double(f[9]) ?? 0,
                             frameCount: Int(f[10]) ?? 0, frames: f[11].split(separator: ",").compactMap { Int($0) }))
        }
        return out
    }()

    static func bytes(_ entry: Entry) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: corpus.appendingPathComponent(entry.file)))
    }
}
