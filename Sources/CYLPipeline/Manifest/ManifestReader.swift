import CYLDocuments
import CYLConvert
import CYLTabBar
import CYLTimeline

/// Why a manifest cannot be read: the file, the place, the problem.
public struct ManifestError: Error, Sendable, CustomStringConvertible {
    public var file: String
    public var message: String
    public init(file: String, _ message: String) {
        self.file = file
        self.message = message
    }
    public var description: String { "\(file): \(message)" }
}

extension BuildManifest {
    /// Largest manifest read (64 MiB: a 100 000-output build writes about 60 MB).
    public static let maxBytes = 64 << 20

    /// Reads the manifest at `path`; nil when there is none.
    public static func read(path: String) throws(ManifestError) -> BuildManifest? {
        guard let st = FileSystem.status(path) else { return nil }
        guard !st.isDirectory else { throw ManifestError(file: path, "is a directory, not a manifest") }
        guard st.size <= maxBytes else { throw ManifestError(file: path, "is \(st.size) bytes, more than the \(maxBytes) a manifest may have") }
        guard let bytes = FileSystem.read(path) else { throw ManifestError(file: path, "cannot be read") }
        return try parse(bytes, name: path)
    }

    /// Parses manifest JSON.
    public static func parse(_ bytes: [UInt8], name: String) throws(ManifestError) -> BuildManifest {
        do throws(JSONError) {
            let root = try JSONDocument.parseElement(bytes, name: name, maxBytes: maxBytes)
            let version = try root.member("manifestVersion").int()
            guard version == formatVersion else {
                throw root.error("manifest version \(version); this cylanim reads version \(formatVersion)")
            }
            var shard: Shard?
            if let s = root["shard"], !s.isNull {
                let index = try s.member("index").int(), count = try s.member("count").int()
                guard count >= 1, (0..<count).contains(index) else { throw s.error("shard \(index)/\(count) is not a shard") }
                shard = Shard(index: index, count: count)
            }
            var manifest = BuildManifest(toolVersion: try root.member("toolVersion").string(),
                                         pipeline: try root.member("pipeline").string(), shard: shard,
                                         plannedJobs: try root.member("plannedJobs").int(),
                                         planDigest: try root.member("planDigest").string(), entries: [])
            manifest.elapsedMilliseconds = try root.optionalDouble("elapsedMs") ?? 0
            manifest.entries = try root.member("outputs").array().map { (e) throws(JSONError) in try ManifestEntry(e) }
            manifest.undeclared = try (root["undeclared"]?.array() ?? []).map { (e) throws(JSONError) in try ManifestEntry(e) }
            return manifest
        } catch {
            throw ManifestError(file: name, error.location.isEmpty ? error.message : "\(error.location): \(error.message)")
        }
    }

    /// The entries of a journal (one JSON object per line); a line cut short by an interruption
    /// ends the list. A journal larger than a manifest may be is ignored (its jobs run again).
    public static func readJournal(path: String) -> [ManifestEntry] {
        guard let st = FileSystem.status(path), !st.isDirectory, st.size <= maxBytes, let bytes = FileSystem.read(path) else { return [] }
        var out: [ManifestEntry] = []
        for line in bytes.split(separator: UInt8(ascii: "\n")) {
            guard let root = try? JSONDocument.parseElement(Array(line), name: path),
                  let entry = try? ManifestEntry(root) else { break }
            out.append(entry)
        }
        return out
    }
}

extension ManifestEntry {
    /// Reads one entry written by `json`.
    init(_ e: JSONElement) throws(JSONError) {
        let statusText = try e.member("status").string()
        guard let status = Status(rawValue: statusText) else { throw e.error("unknown status \"\(statusText)\"") }
        // The names `json` writes (the raw values, never `--format`'s aliases such as "png").
        let formatElement = try e.member("format"), formatText = try formatElement.string()
        guard let format = OutputFormat(rawValue: formatText) else {
            throw formatElement.error("unknown format \"\(formatText)\"; a manifest names gif, apng, webp, png-sequence, tgs or lottie")
        }
        let appearanceElement = try e.member("appearance"), appearanceText = try appearanceElement.string()
        guard let appearance = Appearance(rawValue: appearanceText) else {
            throw appearanceElement.error("unknown appearance \"\(appearanceText)\"; expected light or dark")
        }
        self.init(output: try e.member("output").string(), input: try e.member("input").string(),
                  inputSHA256: try e.member("inputSha256").string(), format: format,
                  scale: try e.member("scale").double(), appearance: appearance,
                  settings: JSONOutput(try e.member("settings")), buildKey: try e.member("buildKey").string())
        self.status = status
        darkInput = try e.optionalString("darkInput")
        darkInputSHA256 = try e.optionalString("darkInputSha256")
        timeMilliseconds = try e.optionalDouble("timeMs") ?? 0
        if status == .failed {
            error = try e.optionalString("error")
            return
        }
        sha256 = try e.member("sha256").string()
        bytes = try e.member("bytes").int()
        frames = try e.member("frames").int()
        durationMilliseconds = try e.member("durationMs").double()
        if let list = e["files"] {
            files = try list.array().map { (f) throws(JSONError) in
                File(path: try f.member("path").string(), sha256: try f.member("sha256").string(), bytes: try f.member("bytes").int())
            }
        } else {
            files = [File(path: output, sha256: sha256, bytes: bytes)]
        }
        for f in files where f.path.hasPrefix("/") || f.path.split(separator: "/").contains("..") {
            throw e.error("output file \"\(f.path)\" is outside the output directory")
        }
    }
}

extension JSONOutput {
    /// A parsed JSON value as a value to write again.
    init(_ e: JSONElement) {
        self.init(node: e.node)
    }

    init(node: JSONNode) {
        switch node.value {
        case .null: self = .null
        case .bool(let b): self = .bool(b)
        case .number(let d): self = .double(d)
        case .string(let s): self = .string(s)
        case .array(let items): self = .array(items.map { JSONOutput(node: $0) })
        case .object(let members): self = .object(members.map { ($0.key, JSONOutput(node: $0.value)) })
        }
    }
}
