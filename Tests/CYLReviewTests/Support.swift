import CYLTabBarItemAnimation
import Foundation
import Testing

/// Paths and scratch space for the review tests.
enum TestFiles {
    static let repo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static func sample(_ name: String) -> String { repo.appendingPathComponent("sample-animations/\(name)").path }
    /// ../shared/corpus beside the repository.
    static let corpus = repo.deletingLastPathComponent().appendingPathComponent("shared/corpus").path
    static var corpusPresent: Bool { FileManager.default.fileExists(atPath: corpus + "/gif") }
    static var allowMissingCorpus: Bool { ProcessInfo.processInfo.environment["CYL_ALLOW_MISSING_CORPUS"] == "1" }
}

/// A directory removed when dropped.
final class Scratch {
    let path: String
    init() throws {
        path = NSTemporaryDirectory() + "cyl-review-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }
    deinit { try? FileManager.default.removeItem(atPath: path) }
    func file(_ name: String) -> String { path + "/" + name }
}

extension Pixmap {
    /// This image over an opaque colour (what a canvas shows after filling its background).
    func over(_ color: RGBA8) throws -> Pixmap {
        var out = try Pixmap(size: size)
        out.fill(color.premultiplied)
        out.composite(self)
        return out
    }
}
