import CYLDocuments
import CYLTimeline

/// Writes a Lottie animation as a dotLottie version 2 file: the JSON becomes `a/<id>.json`, and
/// every image asset, embedded (`data:` URI) or a file beside the animation, becomes an `i/`
/// entry the asset names as `"u":"/i/"`, `"p":"<file>"`, `"e":0` (how dotlottie-js writes them;
/// `DotLottieFile` and dotlottie-rs both find the entry by that name). Everything else in the
/// document is written back unchanged (`JSONWriter` keeps members in order and numbers exact),
/// so the written file draws what the source draws.
struct DotLottieExporter {
    /// The manifest's `generator`.
    static let generator = "cylanim"

    /// The animation's JSON, where it came from (for messages), its id in the file, and where its
    /// image files are read from.
    var json: [UInt8]
    var name: String
    var id: String
    var images: ImageAssetSource
    var limits: Limits
    /// Themes of a `.lottie` input that apply to this animation, written again as they were (their
    /// rules name the document's own slot ids, which are kept).
    var themes: [DotLottieWriter.Entry] = []
    /// State machines of a `.lottie` input that play only this animation, written again as they were.
    var stateMachines: [DotLottieWriter.Entry] = []

    /// The id an animation read from `path` gets: its file name without `.json` or `.tgs`, made
    /// safe as an entry name (dotlottie-js names animations after their files too).
    static func animationID(forFile path: String) -> String {
        var stem = String(path.split(separator: "/").last ?? "")
        for ext in [".json", ".tgs"] where stem.lowercased().hasSuffix(ext) { stem.removeLast(ext.count) }
        return DotLottieWriter.id(from: stem)
    }

    /// The whole `.lottie` file; `darkColors` (possibly empty) or the dark variant file at
    /// `darkVariant` (Lottie JSON of the same structure) become a `dark` theme.
    func export(darkColors: [ColorOverride] = [], darkVariant: String? = nil) throws -> [UInt8] {
        let root = try parse(json, name: name)
        guard root.node.asObject != nil else {
            throw OpenError(file: name, .invalid, "a Lottie animation is a JSON object, found \(root.value.typeDescription)")
        }
        var document = root.node
        var files: [DotLottieWriter.Entry] = []
        try moveImages(root, into: &document, files: &files)
        // A zip without the zip64 extension counts its entries in 16 bits.
        guard files.count <= 65_000 else {
            throw OpenError(file: name, .invalid, "\(files.count) distinct images, more than a .lottie file (a zip) can list; at most 65000")
        }
        var themes = self.themes
        if (darkVariant != nil || !darkColors.isEmpty), themes.contains(where: { $0.id == DarkColorTheme.id }) {
            throw OpenError(file: name, .invalid, "the input already has a theme \"\(DarkColorTheme.id)\"; a dark file or dark colours would replace it, so it is kept and they are refused")
        }
        if let darkVariant {
            guard darkColors.isEmpty else {
                throw OpenError(file: darkVariant, .invalid, "a dark variant file and dark colours were both given; one file has one dark theme")
            }
            let dark = try parse(try InputFile.read(darkVariant, limits: limits), name: darkVariant)
            let theme = try DarkVariantTheme(light: root, lightName: name, dark: dark, darkName: darkVariant)
            theme.addSlotIDs(to: &document)
            themes.append(DotLottieWriter.Entry(id: DarkColorTheme.id, bytes: theme.themeJSON))
        } else if !darkColors.isEmpty {
            let theme = try DarkColorTheme(root: root, name: name, overrides: darkColors, limits: limits)
            theme.addSlotIDs(to: &document)
            themes.append(DotLottieWriter.Entry(id: DarkColorTheme.id, bytes: theme.themeJSON))
        }
        return DotLottieWriter(generator: Self.generator,
                               animations: [DotLottieWriter.Entry(id: id, bytes: JSONWriter.bytes(document))],
                               images: files, themes: themes, stateMachines: stateMachines).bytes()
    }

    /// `bytes` read as JSON within the limits; a reader error becomes an `OpenError` of `name`.
    private func parse(_ bytes: [UInt8], name: String) throws(OpenError) -> JSONElement {
        do {
            return try JSONDocument.parseElement(bytes, name: name, maxDepth: limits.maxJSONDepth,
                                                 maxBytes: limits.maxJSONBytes, maxValues: limits.maxJSONValues)
        } catch {
            throw OpenError(file: name, .invalid, error.message, location: error.location)
        }
    }

    /// Every image asset's pixels moved to an `i/` entry. Identical images share one entry; names
    /// are made unique. An image that cannot be read is an error: the file would lose it.
    private func moveImages(_ root: JSONElement, into document: inout JSONNode, files: inout [DotLottieWriter.Entry]) throws {
        guard let list = root["assets"]?.asArray else { return }
        var byContent: [[UInt8]: String] = [:]
        var names = Set<String>()
        for (index, a) in list.enumerated() {
            guard a["layers"] == nil, let p = a["p"]?.asString else { continue }
            let place = a.path
            let assetID = a["id"]?.asString ?? "image"
            let bytes: [UInt8], original: String
            if p.hasPrefix("data:") {
                guard let comma = p.firstIndex(of: ","), p[..<comma].hasSuffix(";base64"),
                      let decoded = Base64.decode(p[p.index(after: comma)...]) else {
                    throw OpenError(file: name, .invalid, "image asset \"\(assetID)\": the embedded image is not base64 data; it cannot be moved to the file's i/ folder",
                                    location: .path(place))
                }
                bytes = decoded
                original = assetID
            } else {
                let u = a.node["u"]?.asString ?? ""
                switch images.read(folder: u, name: p, limits: limits) {
                case .failure(let e):
                    throw OpenError(file: name, .invalid, "image asset \"\(assetID)\": \(e.location) \(e.message); a .lottie file carries its images, so it cannot be written without this one",
                                    location: .path(place))
                case .success(let found):
                    bytes = found.bytes
                }
                original = String(p.split(separator: "/").last ?? Substring(assetID))
            }
            let file: String
            if let known = byContent[bytes] {
                file = known
            } else {
                file = Self.uniqueName(original, bytes: bytes, taken: &names)
                byContent[bytes] = file
                files.append(DotLottieWriter.Entry(id: file, bytes: bytes))
            }
            document.setMember(at: [.key("assets"), .index(index)], "u", .string("/i/"))
            document.setMember(at: [.key("assets"), .index(index)], "p", .string(file))
            document.setMember(at: [.key("assets"), .index(index)], "e", .number(0))
        }
    }

    /// A safe entry name for an image: its own name's stem, the extension its bytes say (PNG, JPEG,
    /// GIF, WebP; the original's otherwise), `-2`, `-3`… when taken.
    static func uniqueName(_ original: String, bytes: [UInt8], taken: inout Set<String>) -> String {
        var stem = original, ext = ""
        if let dot = original.lastIndex(of: "."), dot != original.startIndex {
            stem = String(original[..<dot])
            ext = String(original[original.index(after: dot)...]).lowercased()
        }
        if let sniffed = sniffedExtension(bytes) { ext = sniffed }
        stem = DotLottieWriter.id(from: stem)
        ext = DotLottieWriter.id(from: ext.isEmpty ? "bin" : ext)
        var candidate = "\(stem).\(ext)", n = 2
        while taken.contains(candidate) { candidate = "\(stem)-\(n).\(ext)"; n += 1 }
        taken.insert(candidate)
        return candidate
    }

    /// The extension the image's signature says, or nil for one we do not recognise.
    static func sniffedExtension(_ b: [UInt8]) -> String? {
        if b.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return "png" }
        if b.starts(with: [0xFF, 0xD8, 0xFF]) { return "jpg" }
        if b.starts(with: Array("GIF8".utf8)) { return "gif" }
        if b.count >= 12, b.starts(with: Array("RIFF".utf8)), Array(b[8..<12]) == Array("WEBP".utf8) { return "webp" }
        return nil
    }
}

extension JSONNode {
    /// One step of a path into a tree: an object member's key or an array index.
    enum Step { case key(String), index(Int) }

    /// Sets member `key` of the object at `path` to `value` (added at the end when absent). A
    /// path that does not lead to an object changes nothing: callers walk paths they just read.
    mutating func setMember(at path: [Step], _ key: String, _ value: JSONValue) {
        guard let first = path.first else {
            guard case .object(var members) = self.value else { return }
            let node = JSONNode(value: value, offset: 0)
            if let i = members.firstIndex(where: { $0.key == key }) { members[i].value = node } else { members.append((key: key, value: node)) }
            self.value = .object(members)
            return
        }
        let rest = Array(path.dropFirst())
        switch (first, self.value) {
        case (.key(let k), .object(var members)):
            guard let i = members.firstIndex(where: { $0.key == k }) else { return }
            self.value = .null  // drop this reference so the child is changed in place, not copied
            members[i].value.setMember(at: rest, key, value)
            self.value = .object(members)
        case (.index(let n), .array(var items)) where items.indices.contains(n):
            self.value = .null
            items[n].setMember(at: rest, key, value)
            self.value = .array(items)
        default:
            return
        }
    }
}
