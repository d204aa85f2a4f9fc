import CYLDocuments
import CYLGeometry
import CYLRaster
import CYLTimeline

/// Why a Lottie document cannot be opened: the JSON path of the offending value and what is wrong.
public struct LottieError: Error, CustomStringConvertible, Sendable {
    public var file: String
    /// Where in the document (usually a JSON path such as `layers[3].ks.o`); empty for the whole document.
    public var location: SourceLocation
    public var message: String

    public init(file: String, location: SourceLocation = SourceLocation(), _ message: String) {
        self.file = file; self.location = location; self.message = message
    }

    public var description: String { location.isEmpty ? "\(file): \(message)" : "\(file):\(location): \(message)" }
}

/// Reads a Lottie JSON tree into the typed model. The only code that knows Lottie's JSON keys.
/// This file holds the parser's state, diagnostics and lenient scalar readers; the rest is split
/// by concept: `Parser+Document` (the root, assets, images), `Parser+Precomps` (precomp graph and
/// per-override copies), `Parser+Layers` (layers, masks, transforms), `Parser+Shapes` (shape
/// items), `Parser+Properties` (animated values, keyframes, bezier paths), `Parser+Overrides`.
/// Unknown or unsupported things become diagnostics with their JSON path; values of the wrong type
/// where a default makes sense become diagnostics too, so a sloppy file still plays.
struct LottieParser {
    let name: String
    let limits: Limits
    var diagnostics: [Diagnostic] = []
    var counts: [String: Int] = [:]
    var firstIndex: [String: Int] = [:]

    /// Colour overrides, resolved while parsing (nil when there are none).
    let matcher: OverrideMatcher?
    /// The override state of the layer or group whose content is being parsed (nil: recolour nothing).
    var overrideState: OverrideState?
    /// Overrides that recoloured at least one fill, stroke, gradient or solid.
    var usedOverrides: Set<Int> = []
    /// Precomp assets by id, for parsing them again where overrides recolour them.
    var precompElements: [String: JSONElement] = [:]
    /// Precomps parsed for one override state, by asset id and state; their model ids.
    var specialized: [SpecializationKey: String] = [:]
    var specializedPrecomps: [String: CompositionModel] = [:]
    struct SpecializationKey: Hashable { var id: String; var state: OverrideState }
    /// Set while a precomp is parsed again for overrides: its notes were made by the first parse.
    var muted = false
    /// Spatial tangents of the keyframes being read, attached once each segment's end is known.
    var kfsPendingSpatial: [(Int, [Double], [Double])] = []
    /// Expressions found so far and where the parser is (`Parser+Expressions`).
    var expressionState = ExpressionParseState()
    /// Fonts, glyph data and the characters text layers draw (`Parser+Text`).
    var text = TextParseState()
    /// Where image files are read from, and what was read (`Parser+Images`).
    let imageSource: ImageAssetSource?
    var imageState = ImageParseState()
    /// Slot values: the file's `slots`, the command line's `--slot` (`Parser+Slots`).
    var slots = SlotState()

    /// `images`: where image assets that are files are read from (nil: nowhere; they are noted).
    /// `themeSlots`: a dotLottie theme's slot values, below `slots` (the command line's);
    /// `themed`: the slot ids any theme of the file gives a value.
    init(name: String, limits: Limits, colorOverrides: [ColorOverride] = [], slots: [SlotOverride] = [],
         themeSlots: [String: JSONElement] = [:], themed: Set<String> = [], images: ImageAssetSource? = nil) {
        self.name = name
        self.limits = limits
        self.imageSource = images
        self.slots.commandLine = slots
        self.slots.theme = themeSlots
        self.slots.themed = themed
        self.matcher = colorOverrides.isEmpty ? nil : OverrideMatcher(colorOverrides)
    }

    // MARK: Diagnostics

    /// Reports `message` at `el`; messages with the same `key` are reported once with a count later.
    mutating func note(_ el: JSONElement?, _ message: String, key: String? = nil, severity: Diagnostic.Severity = .warning,
                       feature: Diagnostic.Feature? = nil) {
        if muted { return }
        let k = key ?? message
        counts[k, default: 0] += 1
        if counts[k]! > 1 { return }
        firstIndex[k] = diagnostics.count
        diagnostics.append(Diagnostic(severity, at: el.map { "\($0.path)" } ?? "", message, feature: feature))
    }

    func error(_ el: JSONElement, _ message: String) -> LottieError {
        LottieError(file: name, location: .path(el.path), message)
    }

    mutating func finishDiagnostics() {
        for (k, n) in counts where n > 1 {
            if let i = firstIndex[k] { diagnostics[i].message += " (and \(n - 1) more like it)" }
        }
    }

    // MARK: Lenient scalars

    mutating func double(_ el: JSONElement?, _ key: String, _ fallback: Double) -> Double {
        guard let m = el?[key], !m.isNull else { return fallback }
        if let d = m.asDouble { return d }
        if let b = m.asBool { return b ? 1 : 0 }
        if let a = m.asArray, let d = a.first?.asDouble { return d }
        note(m, "expected a number for \"\(key)\", found \(m.typeDescription); using \(fallback)")
        return fallback
    }

    mutating func int(_ el: JSONElement?, _ key: String) -> Int? {
        guard let m = el?[key], !m.isNull else { return nil }
        if let d = m.asDouble, d.isFinite, abs(d) < 1e15 { return Int(d.rounded()) }
        if let b = m.asBool { return b ? 1 : 0 }
        note(m, "expected a number for \"\(key)\", found \(m.typeDescription); ignored")
        return nil
    }

    mutating func bool(_ el: JSONElement?, _ key: String) -> Bool {
        guard let m = el?[key], !m.isNull else { return false }
        if let b = m.asBool { return b }
        if let d = m.asDouble { return d != 0 }
        note(m, "expected a boolean for \"\(key)\", found \(m.typeDescription); using false")
        return false
    }

    func string(_ el: JSONElement?, _ key: String) -> String? { el?[key]?.asString }
}

extension JSONElement {
    /// The member `key`, or the element itself when absent (callers check the type).
    func member2(_ key: String) -> JSONElement { self[key] ?? self }
}
