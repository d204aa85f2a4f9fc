import Foundation
import Testing
import CYLTabBarItemAnimation

/// A scratch directory, removed afterwards, with the repository's samples at hand.
final class Scratch {
    let path: String
    static let repo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path
    static func sample(_ name: String) -> String { "\(repo)/sample-animations/\(name)" }

    init() throws {
        path = NSTemporaryDirectory() + "cyl-pipeline-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }
    deinit { try? FileManager.default.removeItem(atPath: path) }

    @discardableResult
    func write(_ name: String, _ text: String) throws -> String {
        try write(name, Array(text.utf8))
    }

    @discardableResult
    func write(_ name: String, _ bytes: [UInt8]) throws -> String {
        let p = "\(path)/\(name)"
        try FileManager.default.createDirectory(atPath: (p as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(bytes).write(to: URL(fileURLWithPath: p))
        return p
    }

    /// Copies a sample (file or folder) to `name` inside the scratch directory.
    func copy(_ sample: String, to name: String) throws {
        let target = "\(path)/\(name)"
        try FileManager.default.createDirectory(atPath: (target as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Self.sample(sample), toPath: target)
    }

    func read(_ name: String) -> [UInt8]? {
        FileManager.default.contents(atPath: "\(path)/\(name)").map { [UInt8]($0) }
    }

    func exists(_ name: String) -> Bool { FileManager.default.fileExists(atPath: "\(path)/\(name)") }

    /// Every regular file below `dir`, relative to it, sorted.
    func files(under dir: String) -> [String] {
        let root = "\(path)/\(dir)"
        guard let e = FileManager.default.enumerator(atPath: root) else { return [] }
        var out: [String] = []
        while let name = e.nextObject() as? String {
            var isDir: ObjCBool = false
            if FileManager.default.fileExists(atPath: "\(root)/\(name)", isDirectory: &isDir), !isDir.boolValue { out.append(name) }
        }
        return out.sorted()
    }

    /// The modification time of a file, to tell whether a build rewrote it.
    func modified(_ name: String) -> Date? {
        (try? FileManager.default.attributesOfItem(atPath: "\(path)/\(name)"))?[.modificationDate] as? Date
    }
}

/// SHA-256 by the system's `sha256sum`: an implementation independent of CYLPipeline's.
func systemSHA256(_ path: String) throws -> String {
    let p = Process()
    p.executableURL = URL(fileURLWithPath: "/usr/bin/sha256sum")
    p.arguments = [path]
    let out = Pipe()
    p.standardOutput = out
    try p.run()
    let data = out.fileHandleForReading.readDataToEndOfFile()
    p.waitUntilExit()
    return String(String(decoding: data, as: UTF8.self).prefix(64))
}

/// Builds with the standard registry and the test's tool version.
func build(_ pipeline: String, threads: Int = 2, force: Bool = false, prune: Bool = false, shard: Shard? = nil,
           toolVersion: String = "test") throws -> BuildReport {
    var options = BuildOptions(toolVersion: toolVersion)
    options.threads = threads
    options.force = force
    options.prune = prune
    options.shard = shard
    return try PipelineBuilder.build(pipelinePath: pipeline, registry: .standard, options: options)
}
