/// Writes a dotLottie version 2 file: `manifest.json`, the animations as `a/<id>.json`, image
/// files as `i/<name>`, themes as `t/<id>.json` and state machines as `s/<id>.json`, in one zip (what `DotLottieFile` and
/// dotlottie-rs read). Entries are written in a fixed order with the zip writer's fixed date, so
/// the same content always gives the same bytes.
public struct DotLottieWriter: Sendable {
    /// One named entry's content.
    public struct Entry: Sendable {
        public var id: String
        public var bytes: [UInt8]
        public init(id: String, bytes: [UInt8]) { self.id = id; self.bytes = bytes }
    }

    /// The manifest's `generator`.
    public var generator: String
    /// Animations in manifest order; `id` names `a/<id>.json`.
    public var animations: [Entry]
    /// Image files; `id` is the file name under `i/`.
    public var images: [Entry]
    /// Themes; `id` names `t/<id>.json` and is listed in the manifest's `themes`.
    public var themes: [Entry]
    /// State machines; `id` names `s/<id>.json` and is listed in the manifest's `stateMachines`.
    public var stateMachines: [Entry]

    public init(generator: String, animations: [Entry], images: [Entry] = [], themes: [Entry] = [], stateMachines: [Entry] = []) {
        self.generator = generator
        self.animations = animations
        self.images = images
        self.themes = themes
        self.stateMachines = stateMachines
    }

    /// The manifest: `version` "2", `generator`, `animations: [{id}]` and, when there are themes,
    /// `themes: [{id}]` (every theme then applies to every animation, dotlottie-rs's rule), and
    /// `stateMachines: [{id}]` when there are some.
    public var manifest: [UInt8] {
        func node(_ v: JSONValue) -> JSONNode { JSONNode(value: v, offset: 0) }
        func ids(_ entries: [Entry]) -> JSONNode {
            node(.array(entries.map { node(.object([(key: "id", value: node(.string($0.id)))])) }))
        }
        var members: [(key: String, value: JSONNode)] = [
            ("version", node(.string("2"))), ("generator", node(.string(generator))), ("animations", ids(animations)),
        ]
        if !themes.isEmpty { members.append(("themes", ids(themes))) }
        if !stateMachines.isEmpty { members.append(("stateMachines", ids(stateMachines))) }
        return JSONWriter.bytes(node(.object(members)))
    }

    /// The whole file. Images are stored (they are compressed already); JSON is deflated.
    public func bytes() -> [UInt8] {
        let json = [(name: "manifest.json", bytes: manifest)]
            + animations.map { (name: "a/\($0.id).json", bytes: $0.bytes) }
            + themes.map { (name: DotLottieFile.themeEntry($0.id), bytes: $0.bytes) }
            + stateMachines.map { (name: DotLottieFile.stateMachineEntry($0.id), bytes: $0.bytes) }
        return ZipWriter.archive(json + images.map { (name: "i/\($0.id)", bytes: $0.bytes) },
                                 deflate: { !$0.hasPrefix("i/") })
    }

    /// `text` made safe as an entry id: letters, digits, `-`, `_` and `.` kept, anything else
    /// `_` (a path separator or a space in an id would make an entry name players disagree on);
    /// "animation" when nothing is left.
    public static func id(from text: String) -> String {
        let kept = String(text.map { $0.isASCII && ($0.isLetter || $0.isNumber || "-_.".contains($0)) ? $0 : "_" })
        return kept.isEmpty || kept.allSatisfy({ $0 == "." }) ? "animation" : kept
    }
}
