import Foundation
import Testing

/// Finds `../shared/corpus` next to the package (located from this source file), for the codec
/// and document tests that read the real files in it.
public enum SharedCorpus {
    public static let root: URL = {
        // <repo>/Tests/CYLTestSupport/SharedCorpus.swift -> <repo>/../shared/corpus
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("shared/corpus")
    }()

    public static var allowMissing: Bool { ProcessInfo.processInfo.environment["CYL_ALLOW_MISSING_CORPUS"] == "1" }

    public static var isPresent: Bool { FileManager.default.fileExists(atPath: root.appendingPathComponent("gif").path) }

    /// GIF file names in corpus/gif, sorted; empty when the corpus is absent.
    public static let gifNames: [String] = {
        let dir = root.appendingPathComponent("gif")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
        return names.filter { $0.hasSuffix(".gif") }.sorted()
    }()

    public static func bytes(_ url: URL) throws -> [UInt8] { [UInt8](try Data(contentsOf: url)) }
}
