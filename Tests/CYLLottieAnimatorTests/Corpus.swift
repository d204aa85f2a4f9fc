import CYLRaster
import Foundation
import Testing

/// Finds `../shared/corpus` next to the package (located from this source file).
enum LottieCorpus {
    static let repo: URL = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let root: URL = repo.deletingLastPathComponent().appendingPathComponent("shared/corpus")

    static var allowMissing: Bool { ProcessInfo.processInfo.environment["CYL_ALLOW_MISSING_CORPUS"] == "1" }
    static var isPresent: Bool { FileManager.default.fileExists(atPath: root.appendingPathComponent("MANIFEST.tsv").path) }

    /// Fails the calling test loudly when the corpus is missing, unless CYL_ALLOW_MISSING_CORPUS=1.
    static func require() -> Bool {
        if isPresent { return true }
        if allowMissing {
            print("warning: the shared corpus is missing at \(root.path); skipped (CYL_ALLOW_MISSING_CORPUS=1)")
            return false
        }
        Issue.record("the shared corpus is missing at \(root.path); set CYL_ALLOW_MISSING_CORPUS=1 to skip")
        return false
    }

    struct Entry: Sendable, CustomStringConvertible {
        var file: String      // lottie/rlottie/heart.json
        var category: String
        var features: String
        var stem: String { String(file.dropLast(file.hasSuffix(".json") ? 5 : 4)) }
        var description: String { file }
    }

    /// The Lottie entries of MANIFEST.tsv (empty when the corpus is absent).
    static let entries: [Entry] = {
        guard let text = try? String(contentsOf: root.appendingPathComponent("MANIFEST.tsv"), encoding: .utf8) else { return [] }
        var out: [Entry] = []
        for line in text.split(separator: "\n").dropFirst() {
            let f = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard f.count >= 15, f[1] == "lottie" else { continue }
            out.append(Entry(file: f[0], category: f[2], features: f[14]))
        }
        return out
    }()

    static func bytes(_ relative: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: root.appendingPathComponent(relative)))
    }
}
