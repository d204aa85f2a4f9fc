import Foundation
import Testing

/// Finds `../shared/corpus` next to the package (located from this source file).
enum Corpus {
    static let root: URL = {
        // <repo>/Tests/CYLCodecsTests/Corpus.swift -> <repo>/../shared/corpus
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("shared/corpus")
    }()

    static var allowMissing: Bool { ProcessInfo.processInfo.environment["CYL_ALLOW_MISSING_CORPUS"] == "1" }

    static var isPresent: Bool { FileManager.default.fileExists(atPath: root.appendingPathComponent("gif").path) }

    /// GIF file names in corpus/gif, sorted; empty when the corpus is absent.
    static let gifNames: [String] = {
        let dir = root.appendingPathComponent("gif")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
        return names.filter { $0.hasSuffix(".gif") }.sorted()
    }()

    static func bytes(_ url: URL) throws -> [UInt8] { [UInt8](try Data(contentsOf: url)) }
}
