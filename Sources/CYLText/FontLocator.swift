import CFontconfig
import Synchronization

/// An installed font file that fontconfig found for a name.
public struct FontMatch: Sendable, Equatable {
    /// The font file.
    public var path: String
    /// Its family name as the font declares it ("DejaVu Sans").
    public var family: String
    /// Its style ("Bold", "Book").
    public var style: String
}

/// Finds installed fonts by the names apps use for them: a PostScript name (`DejaVuSans-Bold`,
/// what iOS's `UIFont(name:size:)` takes), a full name (`DejaVu Sans Bold`) or a family
/// (`DejaVu Sans`, its regular face). Only fonts that really carry the name match: fontconfig's
/// substitutions (any family falls back to some installed font) are not a match, so a caller can
/// say which font it wanted and which one it uses instead.
///
/// Owns one fontconfig configuration (loaded once, destroyed in deinit) and the patterns, object
/// sets and font sets of each lookup. Not thread-safe: one locator per thread.
public final class FontLocator {
    private let config: OpaquePointer

    /// Loads fontconfig's configuration and font list (`fc-cache`'s caches make this quick).
    public init() throws(FontError) {
        guard let c = FcInitLoadConfigAndFonts() else {
            throw FontError(file: "", "fontconfig could not load its configuration; install it with 'apt-get install fontconfig'")
        }
        config = c
    }

    deinit { FcConfigDestroy(config) }

    /// The font named `name`, or nil when no installed font carries that name.
    public func locate(_ name: String) -> FontMatch? {
        let trimmed = name.trimmingSpaces
        guard !trimmed.isEmpty, trimmed.utf8.count < 256 else { return nil }
        for property in [FC_POSTSCRIPT_NAME, FC_FULLNAME, FC_FAMILY] {
            let found = list(property, trimmed)
            // A family names several faces: its upright regular one is meant.
            if let best = found.min(by: { ($0.1, $0.0.path) < ($1.1, $1.0.path) }) { return best.0 }
        }
        return nil
    }

    /// Every face whose `property` equals `value` (fontconfig compares names ignoring case and
    /// spaces), with its distance from the regular upright face.
    private func list(_ property: String, _ value: String) -> [(FontMatch, Int)] {
        guard let pattern = FcPatternCreate() else { return [] }
        defer { FcPatternDestroy(pattern) }
        _ = value.withCString { v in
            v.withMemoryRebound(to: FcChar8.self, capacity: value.utf8.count + 1) { FcPatternAddString(pattern, property, $0) }
        }
        guard let objects = FcObjectSetCreate() else { return [] }
        defer { FcObjectSetDestroy(objects) }
        for o in [FC_FILE, FC_FAMILY, FC_STYLE, FC_WEIGHT, FC_SLANT] { _ = FcObjectSetAdd(objects, o) }
        guard let set = FcFontList(config, pattern, objects) else { return [] }
        defer { FcFontSetDestroy(set) }
        var out: [(FontMatch, Int)] = []
        let n = Int(set.pointee.nfont)
        guard n > 0, let fonts = set.pointee.fonts else { return [] }
        for k in 0..<n {
            guard let font = fonts[k], let file = string(font, FC_FILE) else { continue }
            var weight: Int32 = 80, slant: Int32 = 0
            _ = FcPatternGetInteger(font, FC_WEIGHT, 0, &weight)
            _ = FcPatternGetInteger(font, FC_SLANT, 0, &slant)
            let match = FontMatch(path: file, family: string(font, FC_FAMILY) ?? value, style: string(font, FC_STYLE) ?? "")
            out.append((match, abs(Int(weight) - 80) + Int(slant)))
        }
        return out
    }

    private func string(_ pattern: OpaquePointer, _ property: String) -> String? {
        var out: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(pattern, property, 0, &out) == FcResultMatch, let out else { return nil }
        return String(cString: UnsafeRawPointer(out).assumingMemoryBound(to: CChar.self))
    }
}

/// `FontLocator.locate` with the answers kept for the whole process: a name any caller has looked
/// up before is answered from memory, and fontconfig is loaded (its XML files and caches: dozens of
/// file system calls, 2.4 ms of each open of a Lottie file with text, 35x the JSON parse, when
/// every open loaded it) only for a name never asked before, once per `FontLookup`, which
/// releases it with itself. (Keeping one fontconfig for the process instead left blocks only
/// fontconfig's mapped caches point to, which LeakSanitizer reports as leaks.)
///
/// Use one per task (an open, a tab bar's titles); it is not thread-safe, the kept answers are.
/// Fonts installed while the process runs are seen only under names not asked before.
public final class FontLookup {
    private var locator: Result<FontLocator, FontError>?

    public init() {}

    /// The font named `name`, or nil when no installed font carries it; throws what loading
    /// fontconfig threw when the answer was not known.
    public func locate(_ name: String) throws(FontError) -> FontMatch? {
        if let known = FontAnswers.shared.answer(name) { return known }
        if locator == nil { locator = Result { () throws(FontError) in try FontLocator() } }
        let found = try locator!.get().locate(name)
        FontAnswers.shared.keep(found, for: name)
        return found
    }

    /// Whether this lookup loaded fontconfig (tests read it).
    var loadedFontconfig: Bool { locator != nil }
}

/// The answers every `FontLookup` of the process shares.
final class FontAnswers: Sendable {
    static let shared = FontAnswers()
    private let answers = Mutex<[String: FontMatch?]>([:])

    /// The kept answer for `name`: nil when there is none, .some(nil) when no font carries it.
    func answer(_ name: String) -> FontMatch?? { answers.withLock { $0[name] } }

    func keep(_ match: FontMatch?, for name: String) { answers.withLock { $0[name] = .some(match) } }
}

extension String {
    var trimmingSpaces: String {
        var s = Substring(self)
        while s.first == " " { s = s.dropFirst() }
        while s.last == " " { s = s.dropLast() }
        return String(s)
    }
}
