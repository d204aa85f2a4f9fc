import CYLDocuments
import CYLTimeline

// Slots: a property (or an image asset) with `"sid": "name"` takes its value from the root's
// `slots` {"name": {"p": value}}, as lottie-web's slot manager and ThorVG's slot overrides do;
// `--slot name=value` on the command line takes precedence over a dotLottie theme's value
// (`DotLottieTheme`), which takes precedence over the file's.

/// The slot values the parser knows.
struct SlotState {
    /// `--slot` values, in command-line order (a later one for the same id wins).
    var commandLine: [SlotOverride] = []
    /// The file's slots: id → the slot's value element (`slots.<id>.p`).
    var file: [String: JSONElement] = [:]
    /// A dotLottie theme's rules as slot values, by slot id.
    var theme: [String: JSONElement] = [:]
    /// Slot ids some theme of the dotLottie file gives a value: a property naming one without a
    /// value in the file's `slots` is how such files are made, not odd.
    var themed: Set<String> = []
    /// Command-line values by id, and those that are property values as elements.
    var overrides: [String: SlotOverride.Value] = [:]
    var overrideElements: [String: JSONElement] = [:]
    /// Slot ids some property or asset names.
    var used: Set<String> = []
}

/// What an image slot holds: an asset-like object (`u`, `p`), or a file named on the command line.
enum SlotImage {
    case element(JSONElement)
    case file(String)
}

/// Checks `--slot` values before anything is opened, so a malformed one is a usage error.
public enum LottieSlots {
    /// Why a `--slot` value cannot be used.
    public struct ValueError: Error, Sendable, CustomStringConvertible {
        public var message: String
        public var description: String { message }
    }

    /// Throws when `slot` holds JSON that does not parse; numbers, colours and files are checked
    /// when the command-line text is parsed (files when the image is read).
    public static func check(_ slot: SlotOverride, limits: Limits = .standard) throws(ValueError) {
        do { _ = try element(slot, limits: limits) } catch {
            throw ValueError(message: "the JSON value for slot '\(slot.id)' does not parse: \(error.message)")
        }
    }

    /// The JSON element a command-line value stands for: a property object, or for JSON an
    /// object already shaped like a property (`a`/`k`) or an image asset (`p`), else wrapped as
    /// the static value `k`. Nil for a file.
    static func element(_ slot: SlotOverride, limits: Limits) throws(JSONError) -> JSONElement? {
        let text: String
        switch slot.value {
        case .number(let d): text = "{\"a\":0,\"k\":\(d)}"
        case .color(let c):
            text = "{\"a\":0,\"k\":[\(Double(c.r) / 255),\(Double(c.g) / 255),\(Double(c.b) / 255),\(Double(c.a) / 255)]}"
        case .json(let json):
            let parsed = try parse(json, slot.id, limits)
            if parsed["a"] != nil || parsed["k"] != nil || parsed["p"] != nil { return parsed }
            text = "{\"a\":0,\"k\":\(json)}"
        case .file: return nil
        }
        return try parse(text, slot.id, limits)
    }

    private static func parse(_ text: String, _ id: String, _ limits: Limits) throws(JSONError) -> JSONElement {
        try JSONDocument.parseElement(Array(text.utf8), name: "--slot \(id)", maxDepth: limits.maxJSONDepth,
                                      maxBytes: limits.maxJSONBytes, maxValues: limits.maxJSONValues)
    }
}

extension LottieParser {
    /// The most slots read from a file's `slots`; real files have a handful.
    static let maxSlots = 4096

    /// Reads the root's `slots` and the command line's values.
    mutating func readSlots(_ root: JSONElement) {
        if let s = root["slots"] {
            if let members = try? s.object() {
                if members.count > Self.maxSlots {
                    note(s, "\(members.count) slots, more than \(Self.maxSlots); the rest are ignored")
                }
                for m in members.prefix(Self.maxSlots) {
                    if let p = m.value["p"] { slots.file[m.key] = p } else { note(m.value, "slot \"\(m.key)\" has no value \"p\"; ignored") }
                }
            } else {
                note(s, "\"slots\" is not an object; ignored")
            }
        }
        for o in slots.commandLine {
            slots.overrides[o.id] = o.value
            slots.overrideElements[o.id] = nil
            do {
                if let el = try LottieSlots.element(o, limits: limits) { slots.overrideElements[o.id] = el }
            } catch {
                note(nil, "--slot \(o.id): the JSON value does not parse (\(error.message)); ignored", feature: .slots)
                slots.overrides[o.id] = nil
            }
        }
    }

    /// The element a property's value is read from: its slot's value when it names one.
    mutating func slotted(_ el: JSONElement) -> JSONElement {
        guard let sid = el["sid"]?.asString else { return el }
        slots.used.insert(sid)
        if let o = slots.overrideElements[sid] { return o }
        if case .file(let path)? = slots.overrides[sid] {
            note(el["sid"], "--slot \(sid)=\(path): this slot is a property, which takes a number, a colour #rrggbb or JSON, not a file; "
                 + "the file's value is used", feature: .slots)
        }
        if let t = slots.theme[sid] { return t }
        if let f = slots.file[sid] { return f }
        if slots.themed.contains(sid) { return el }
        note(el["sid"], "the property names slot \"\(sid)\", which the file's \"slots\" do not define; its own value is used", feature: .slots)
        return el
    }

    /// What image slot `sid` holds, or nil (with a note) when nothing defines it.
    mutating func slotImage(_ sid: String, at a: JSONElement) -> SlotImage? {
        slots.used.insert(sid)
        if case .file(let path)? = slots.overrides[sid] { return .file(path) }
        if let o = slots.overrideElements[sid] { return .element(o) }
        if let t = slots.theme[sid] { return .element(t) }
        if let f = slots.file[sid] { return .element(f) }
        if slots.themed.contains(sid) { return nil }
        note(a["sid"], "the image asset names slot \"\(sid)\", which the file's \"slots\" do not define; its own image is used", feature: .slots)
        return nil
    }

    /// Warns about `--slot` ids the file has no slot for.
    mutating func reportUnusedSlots() {
        for id in slots.overrides.keys.sorted() where slots.file[id] == nil && !slots.used.contains(id) {
            let known = slots.file.keys.sorted()
            note(nil, "--slot \(id): the file has no slot \"\(id)\"" + (known.isEmpty ? " (it defines no slots)" : " (its slots: \(known.joined(separator: ", ")))"), feature: .slots)
        }
    }
}
