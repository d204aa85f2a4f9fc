/// A dotLottie file (`.lottie`): a zip holding `manifest.json`, `animations/<id>.json` and images.
/// This reads the manifest and hands out an animation's JSON; the Lottie back-end renders it.
public struct DotLottieFile: Sendable {
    public let archive: ZipArchive
    /// Animation ids in manifest order (or the archive's `animations/*.json` when there is no manifest).
    public let animationIDs: [String]
    private let maxEntryBytes: Int

    /// Reads the archive and its manifest; entries over `maxEntryBytes` are refused when read.
    public init(bytes: [UInt8], name: String, maxEntryBytes: Int) throws(ZipError) {
        archive = try ZipArchive(bytes: bytes, name: name)
        self.maxEntryBytes = maxEntryBytes
        var ids: [String] = []
        if archive.entry(named: "manifest.json") != nil {
            let manifest = try archive.read(named: "manifest.json", maxBytes: maxEntryBytes)
            let root: JSONNode
            do { root = try JSONDocument.parse(manifest, name: "\(name):manifest.json") } catch {
                throw ZipError(name: name, .corrupt, "manifest.json: \(error.message)")
            }
            for a in root["animations"]?.asArray ?? [] {
                if let id = a["id"]?.asString { ids.append(id) }
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
        for candidate in ["animations/\(chosen).json", "a/\(chosen).json", "\(chosen).json"] where archive.entry(named: candidate) != nil {
            return try archive.read(named: candidate, maxBytes: maxEntryBytes)
        }
        throw ZipError(name: archive.name, .missingEntry, "the manifest lists '\(chosen)' but there is no animations/\(chosen).json")
    }
}
