/// A dotLottie file (`.lottie`): a zip holding `manifest.json`, the animations (`a/<id>.json` in
/// version 2, `animations/<id>.json` in version 1), images, and in version 2 themes (`t/<id>.json`).
/// This reads the manifest and hands out entries; the Lottie back-end renders and themes them.
public struct DotLottieFile: Sendable {
    public let archive: ZipArchive
    /// Animation ids in manifest order (or the archive's `animations/*.json` when there is no manifest).
    public let animationIDs: [String]
    /// Theme ids the manifest lists (`themes[].id`), in its order.
    public let themeIDs: [String]
    /// State machine ids the manifest lists (`stateMachines[].id`), in its order.
    public let stateMachineIDs: [String]
    /// Per animation id, the manifest's own `themes` list when it has one.
    let animationThemes: [String: [String]]
    private let maxEntryBytes: Int

    /// Reads the archive and its manifest; entries over `maxEntryBytes` are refused when read.
    public init(bytes: [UInt8], name: String, maxEntryBytes: Int) throws(ZipError) {
        archive = try ZipArchive(bytes: bytes, name: name)
        self.maxEntryBytes = maxEntryBytes
        var ids: [String] = [], themes: [String] = [], machines: [String] = [], perAnimation: [String: [String]] = [:]
        if archive.entry(named: "manifest.json") != nil {
            let manifest = try archive.read(named: "manifest.json", maxBytes: maxEntryBytes)
            let root: JSONNode
            do { root = try JSONDocument.parse(manifest, name: "\(name):manifest.json") } catch {
                throw ZipError(name: name, .corrupt, "manifest.json: \(error.message)")
            }
            for a in root["animations"]?.asArray ?? [] {
                guard let id = a["id"]?.asString else { continue }
                ids.append(id)
                if let list = a["themes"]?.asArray { perAnimation[id] = list.compactMap(\.asString) }
            }
            for t in root["themes"]?.asArray ?? [] {
                if let id = t["id"]?.asString, !themes.contains(id) { themes.append(id) }
            }
            for m in root["stateMachines"]?.asArray ?? [] {
                if let id = m["id"]?.asString, !machines.contains(id) { machines.append(id) }
            }
        }
        if ids.isEmpty {
            ids = archive.entries.map(\.name)
                .filter { $0.hasPrefix("animations/") && $0.hasSuffix(".json") }
                .map { String($0.dropFirst("animations/".count).dropLast(5)) }
        }
        guard !ids.isEmpty else {
            throw ZipError(name: name, .missingEntry, "no animations: manifest.json lists none and there is no animations/*.json")
        }
        animationIDs = ids
        themeIDs = themes
        stateMachineIDs = machines
        animationThemes = perAnimation
    }

    /// Convenience with the limits' maximum file size as the entry bound.
    public init(bytes: [UInt8], name: String, maxBytes: Int) throws(ZipError) {
        try self.init(bytes: bytes, name: name, maxEntryBytes: maxBytes)
    }

    /// The JSON of animation `id` (nil: the manifest's first).
    public func animationJSON(id: String? = nil) throws(ZipError) -> [UInt8] {
        let chosen = id ?? animationIDs[0]
        guard animationIDs.contains(chosen) else {
            throw ZipError(name: archive.name, .missingEntry,
                           "no animation '\(chosen)'; the file has \(animationIDs.map { "'\($0)'" }.joined(separator: ", "))")
        }
        let entry = animationEntry(chosen)
        guard archive.entry(named: entry) != nil else {
            throw ZipError(name: archive.name, .missingEntry, "the manifest lists '\(chosen)' but there is no a/\(chosen).json or animations/\(chosen).json")
        }
        return try archive.read(named: entry, maxBytes: maxEntryBytes)
    }

    /// The entry animation `id` is read from: `animations/<id>.json` (version 1), `a/<id>.json`
    /// (version 2) or `<id>.json`, whichever the archive has (`a/` when none).
    public func animationEntry(_ id: String) -> String {
        ["animations/\(id).json", "a/\(id).json", "\(id).json"].first { archive.entry(named: $0) != nil } ?? "a/\(id).json"
    }

    /// The themes that apply to animation `id`: the manifest animation's own `themes` list when it
    /// has one, otherwise every theme of the manifest (dotlottie-rs's rule).
    public func themeIDs(forAnimation id: String) -> [String] {
        animationThemes[id] ?? themeIDs
    }

    /// The archive entry theme `id` is read from.
    public static func themeEntry(_ id: String) -> String { "t/\(id).json" }

    /// The JSON of theme `id` (`t/<id>.json`).
    public func themeJSON(id: String) throws(ZipError) -> [UInt8] {
        try listed(Self.themeEntry(id), "theme '\(id)'")
    }

    /// The archive entry state machine `id` is read from.
    public static func stateMachineEntry(_ id: String) -> String { "s/\(id).json" }

    /// The JSON of state machine `id` (`s/<id>.json`).
    public func stateMachineJSON(id: String) throws(ZipError) -> [UInt8] {
        try listed(Self.stateMachineEntry(id), "state machine '\(id)'")
    }

    /// An entry the manifest lists (`what`), read within the entry limit.
    private func listed(_ entry: String, _ what: String) throws(ZipError) -> [UInt8] {
        guard archive.entry(named: entry) != nil else {
            throw ZipError(name: archive.name, .missingEntry, "the manifest lists \(what) but there is no \(entry)")
        }
        return try archive.read(named: entry, maxBytes: maxEntryBytes)
    }
}
