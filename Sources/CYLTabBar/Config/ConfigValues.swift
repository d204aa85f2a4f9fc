import CYLDocuments
import CYLRaster
import CYLTimeline

/// A value with skin references followed: the value itself, and the reference it came through.
struct ConfigValue {
    var node: StructuredNode
    /// `@accent in skin "night"` when the file wrote a reference.
    var via: String?
}

// Typed reading of values. Every reader follows `"@name"` references first, so a skin can supply
// any value; errors point at the value that is wrong (in the skin, for a reference) and name it.
extension ConfigParser {
    func fail(_ kind: ConfigError.Kind, _ at: SourcePosition?, via: String? = nil, tab: TabItem?, key: String?, _ message: String) -> ConfigError {
        var e = ConfigError(file: document.name, kind, tab: tab?.index, identifier: tab?.identifier ?? tab?.title, key: key,
                            location: at.map(SourceLocation.init) ?? SourceLocation(), message)
        e.reference = via
        return e
    }

    func fail(_ kind: ConfigError.Kind, _ v: ConfigValue, tab: TabItem?, key: String?, _ message: String) -> ConfigError {
        fail(kind, v.node.position, via: v.via, tab: tab, key: key, message)
    }

    func wrongType(_ v: ConfigValue, expected: String, tab: TabItem?, key: String, hint: String = "") -> ConfigError {
        fail(.wrongType, v, tab: tab, key: key, "expected \(expected), found \(v.node.value.typeDescription)\(hint)")
    }

    /// Follows `"@name"` through the skin chain (a skin's value may itself be a reference; at most
    /// 8 steps, no cycles); `"@@text"` is the text `@text`. Every value is read through here, so
    /// this is where text holding NUL is refused: titles, fonts, identifiers, themes and markers go
    /// on to C (fontconfig, the file system), where a string ends at NUL, so "Avenir\u0000x"
    /// would quietly name Avenir. No value needs one.
    func resolve(_ node: StructuredNode, tab: TabItem?, key: String) throws(ConfigError) -> ConfigValue {
        let v = try follow(node, tab: tab, key: key)
        if case .string(let s) = v.node.value, s.contains("\0") { throw fail(.invalidValue, v, tab: tab, key: key, Self.nulMessage) }
        return v
    }

    /// `resolve` without the NUL check.
    private func follow(_ node: StructuredNode, tab: TabItem?, key: String) throws(ConfigError) -> ConfigValue {
        var current = ConfigValue(node: node, via: nil)
        var seen: [String] = []
        while case .string(let s) = current.node.value, s.hasPrefix("@") {
            if s.hasPrefix("@@") {
                current.node.value = .string(String(s.dropFirst()))
                return current
            }
            let name = String(s.dropFirst())
            guard !name.isEmpty else { throw fail(.invalidValue, current, tab: tab, key: key, "\"@\" names no skin value; write \"@name\", or \"@@\" for text starting with @") }
            guard !seen.contains(name), seen.count < 8 else {
                throw fail(.theme, current, tab: tab, key: key, "the skin references \(seen.map { "@\($0.escapingForMessage)" }.joined(separator: " → ")) → @\(name.escapingForMessage) go round in a circle")
            }
            seen.append(name)
            guard let (value, skin) = chain.value(name) else {
                let n = name.escapingForMessage
                let why = chain.skins.isEmpty ? "refers to a skin value, but the file defines no skins (\(ConfigKey.themes))"
                    : "no skin defines \"\(n)\" (\(chain.searched))"
                throw fail(.theme, current, tab: tab, key: key, "\"@\(n)\": \(why); write \"@@\(n)\" for text starting with @")
            }
            current = ConfigValue(node: value, via: "@\(seen[0].escapingForMessage) in skin \"\(skin.escapingForMessage)\"")
        }
        return current
    }

    func string(_ node: StructuredNode, tab: TabItem?, key: String) throws(ConfigError) -> String {
        let v = try resolve(node, tab: tab, key: key)
        guard let s = v.node.string else {
            let hint = v.node.number != nil || v.node.bool != nil ? " (write text in quotes)" : ""
            throw wrongType(v, expected: "a string", tab: tab, key: key, hint: document.format == .json ? "" : hint)
        }
        return s
    }

    /// Why a text holding U+0000 is refused.
    static let nulMessage = "the text holds the character U+0000 (NUL), which no value may contain"

    func number(_ node: StructuredNode, tab: TabItem?, key: String) throws(ConfigError) -> (Double, ConfigValue) {
        let v = try resolve(node, tab: tab, key: key)
        guard let d = v.node.number else { throw wrongType(v, expected: "a number", tab: tab, key: key) }
        return (d, v)
    }

    func bool(_ node: StructuredNode, tab: TabItem?, key: String) throws(ConfigError) -> Bool {
        let v = try resolve(node, tab: tab, key: key)
        guard let b = v.node.bool else {
            if let s = v.node.string, ["yes", "no", "on", "off", "y", "n", "true", "false"].contains(s.lowercased()) {
                let how = document.format == .yaml ? ": YAML 1.2 reads \(s) as text" : ", without quotes"
                throw fail(.wrongType, v, tab: tab, key: key, "expected a boolean, found the text \"\(s.escapingForMessage)\" (write true or false\(how))")
            }
            throw wrongType(v, expected: "a boolean", tab: tab, key: key)
        }
        return b
    }

    func color(_ node: StructuredNode, tab: TabItem?, key: String) throws(ConfigError) -> RGBA8 {
        let v = try resolve(node, tab: tab, key: key)
        guard let s = v.node.string else { throw wrongType(v, expected: "a colour such as \"#007aff\"", tab: tab, key: key) }
        guard let c = RGBA8(parsing: s) else {
            throw fail(.invalidValue, v, tab: tab, key: key, "\"\(s.escapingForMessage)\" is not a colour; write #rgb, #rrggbb, #rrggbbaa or a name such as white")
        }
        return c
    }

    func map(_ node: StructuredNode, tab: TabItem?, key: String, expected: String) throws(ConfigError) -> (members: [StructuredMember], value: ConfigValue) {
        let v = try resolve(node, tab: tab, key: key)
        guard let m = v.node.members else { throw wrongType(v, expected: expected, tab: tab, key: key) }
        return (m, v)
    }


    // MARK: Files and URLs

    /// A local file named by a path or a URL, resolved against the configuration's directory and
    /// checked to exist (when `check`). URL keys (`isURL`) take `file://` URLs and relative URLs,
    /// percent-escapes decoded; path keys take paths (and `file://` URLs). `http(s)` is refused.
    func file(_ node: StructuredNode, tab: TabItem?, key: String, isURL: Bool, directoryAllowed: Bool, check: Bool) throws(ConfigError) -> String {
        let v = try resolve(node, tab: tab, key: key)
        guard var text = v.node.string else { throw wrongType(v, expected: isURL ? "a URL" : "a path", tab: tab, key: key) }
        guard !text.isEmpty else { throw fail(.invalidValue, v, tab: tab, key: key, isURL ? "the URL is empty" : "the path is empty") }
        let shown = text.escapingForMessage
        if let scheme = Self.scheme(of: text) {
            switch scheme {
            case "file":
                var rest = Substring(text.dropFirst(5))
                if rest.hasPrefix("//localhost/") { rest = rest.dropFirst(11) } else if rest.hasPrefix("//") { rest = rest.dropFirst(2) }
                guard rest.hasPrefix("/") || !text.hasPrefix("file://") else {
                    throw fail(.invalidValue, v, tab: tab, key: key, "\"\(shown)\" names another host; a file URL is file:///path/to/file")
                }
                guard let decoded = Self.percentDecoded(String(rest)) else {
                    throw fail(.invalidValue, v, tab: tab, key: key, "\"\(shown)\" has a broken %-escape")
                }
                text = decoded
            case "http", "https":
                throw fail(.invalidValue, v, tab: tab, key: key, "\"\(shown)\" is on the network; download it first: this tool reads no network")
            default:
                throw fail(.invalidValue, v, tab: tab, key: key, "\"\(shown)\" uses the \(scheme): scheme; only local files (paths, relative or file:// URLs) can be previewed")
            }
        } else if isURL {
            guard let decoded = Self.percentDecoded(text) else { throw fail(.invalidValue, v, tab: tab, key: key, "\"\(shown)\" has a broken %-escape") }
            text = decoded
        }
        guard !text.contains("\0") else { throw fail(.invalidValue, v, tab: tab, key: key, "the path contains a NUL character") }
        let resolved = text.hasPrefix("/") || document.base == "." ? text : document.base + "/" + text
        guard check && document.options.checkFiles else { return resolved }
        guard FileCheck.exists(resolved) else {
            throw fail(.missingFile, v, tab: tab, key: key,
                       "no such file '\(text.escapingForMessage)'" + (resolved == text ? "" : " (looked for \(resolved.escapingForMessage); paths are relative to the configuration file)"))
        }
        if FileCheck.isDirectory(resolved) && !directoryAllowed {
            throw fail(.missingFile, v, tab: tab, key: key, "'\(text.escapingForMessage)' is a directory; an image is a PNG file")
        }
        guard FileCheck.isReadable(resolved) else {
            throw fail(.missingFile, v, tab: tab, key: key, "'\(text.escapingForMessage)' cannot be read (permission denied)")
        }
        return resolved
    }

    /// The URL scheme `text` starts with (`https`), lowercased; nil for a path. One letter before
    /// the colon is a Windows drive, not a scheme.
    static func scheme(of text: String) -> String? {
        guard let colon = text.firstIndex(of: ":") else { return nil }
        let s = text[..<colon]
        guard s.count > 1, let first = s.first, first.isASCII, first.isLetter,
              s.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == ".") }) else { return nil }
        return s.lowercased()
    }

    /// `%20` → space; nil for a `%` not followed by two hexadecimal digits or bytes that are not UTF-8.
    static func percentDecoded(_ text: String) -> String? {
        guard text.contains("%") else { return text }
        var out: [UInt8] = []
        let u = Array(text.utf8)
        var i = 0
        while i < u.count {
            if u[i] == 0x25 {
                guard i + 2 < u.count, let v = UInt8(String(decoding: u[(i + 1)...(i + 2)], as: UTF8.self), radix: 16) else { return nil }
                out.append(v)
                i += 3
            } else {
                out.append(u[i])
                i += 1
            }
        }
        return String(validating: out, as: UTF8.self)
    }

    // MARK: Fonts, platforms, versions

    /// A title font: `"PingFangSC-Medium 11"` (name, then size in points), a bare name (10 pt), a
    /// number (the system font at that size) or `{"name": ..., "size": ...}`.
    func font(_ node: StructuredNode, tab: TabItem?, key: String) throws(ConfigError) -> TitleFont {
        let v = try resolve(node, tab: tab, key: key)
        func size(_ d: Double, _ at: ConfigValue) throws(ConfigError) -> Double {
            guard d >= 1, d <= 100 else { throw fail(.invalidValue, at, tab: tab, key: key, "a title font's size is 1-100 points (got \(d.compactText))") }
            return d
        }
        switch v.node.value {
        case .number(let d):
            return TitleFont(name: nil, size: try size(d, v))
        case .string(let s):
            var words = s.split(separator: " ").map(String.init)
            guard !words.isEmpty else { throw fail(.invalidValue, v, tab: tab, key: key, "the font is empty; write a name and a size, e.g. \"PingFangSC-Medium 11\"") }
            var points = TitleFont.system.size
            if words.count > 1, let d = Double(words.last!) { points = try size(d, v); words.removeLast() }
            let name = words.joined(separator: " ")
            return TitleFont(name: Self.systemFontNames.contains(name.lowercased()) ? nil : name, size: points)
        case .object(let members):
            var font = TitleFont.system
            for m in members {
                switch m.key {
                case "name":
                    let n = try string(m.value, tab: tab, key: "\(key).name")
                    font.name = Self.systemFontNames.contains(n.lowercased()) ? nil : n
                case "size":
                    let (d, at) = try number(m.value, tab: tab, key: "\(key).size")
                    font.size = try size(d, at)
                default:
                    throw fail(.invalidValue, m.keyPosition, via: v.via, tab: tab, key: key, "a font map has \"name\" and \"size\"; found \"\(m.key.escapingForMessage)\"")
                }
            }
            return font
        default:
            throw wrongType(v, expected: "a font such as \"PingFangSC-Medium 11\"", tab: tab, key: key)
        }
    }

    /// Names that mean the platform's own UI font.
    static let systemFontNames: Set<String> = ["system", ".sfui-regular", "systemfont"]

    /// `"ios"`, or a list `["ios", "android"]`.
    func platforms(_ node: StructuredNode, tab: TabItem?, key: String) throws(ConfigError) -> [TabPlatform] {
        let v = try resolve(node, tab: tab, key: key)
        let items: [StructuredNode]
        switch v.node.value {
        case .string: items = [v.node]
        case .array(let a): items = a
        default: throw wrongType(v, expected: "a platform or a list of platforms (ios, android)", tab: tab, key: key)
        }
        guard !items.isEmpty else { throw fail(.invalidValue, v, tab: tab, key: key, "the list of platforms is empty; leave the key out to show the tab everywhere") }
        var out: [TabPlatform] = []
        for item in items {
            let name = try string(item, tab: tab, key: key)
            guard let p = TabPlatform(name: name) else {
                let iv = try resolve(item, tab: tab, key: key)
                var message = "unknown platform \"\(name.escapingForMessage)\"; the platforms are ios and android"
                if let guess = Suggestion.closest(to: name.lowercased(), among: TabPlatform.allCases.map(\.rawValue)) { message += " (did you mean \"\(guess)\"?)" }
                throw fail(.invalidValue, iv, tab: tab, key: key, message)
            }
            if !out.contains(p) { out.append(p) }
        }
        return out
    }

    func version(_ node: StructuredNode, tab: TabItem?, key: String) throws(ConfigError) -> AppVersion {
        let v = try resolve(node, tab: tab, key: key)
        if let d = v.node.number {
            throw fail(.wrongType, v, tab: tab, key: key,
                       "expected a version in quotes such as \"5.2.0\", found the number \(d.compactText) (a number drops trailing zeros: 5.10 reads as 5.1)")
        }
        guard let s = v.node.string else { throw wrongType(v, expected: "a version such as \"5.2.0\"", tab: tab, key: key) }
        guard let version = AppVersion(s) else {
            throw fail(.invalidValue, v, tab: tab, key: key, "\"\(s.escapingForMessage)\" is not a version; write up to four numbers separated by dots, e.g. \"5.2.0\"")
        }
        return version
    }

    // MARK: Dark colours and animation options

    func darkColors(_ node: StructuredNode, tab: TabItem) throws(ConfigError) -> [ColorOverride] {
        let key = ConfigKey.lottieDarkColors
        let (members, _) = try map(node, tab: tab, key: key, expected: "a map of keypath → colour, e.g. {\"**.Fill 1\": \"#ffffff\"}")
        var out: [ColorOverride] = []
        for m in members {
            let keypath = m.key
            // A layer name cannot hold NUL either: such a keypath would match nothing, silently.
            guard !keypath.contains("\0") else {
                throw fail(.invalidValue, m.keyPosition, tab: tab, key: key, "keypath \"\(keypath.escapingForMessage)\": \(Self.nulMessage)")
            }
            let names = keypath.split(separator: ".", omittingEmptySubsequences: false)
            guard !keypath.isEmpty, !names.contains(where: \.isEmpty) else {
                throw fail(.invalidValue, m.keyPosition, tab: tab, key: key,
                           "keypath \"\(keypath.escapingForMessage)\" has an empty name; write names joined by '.', with * for one name and ** for any number")
            }
            out.append(ColorOverride(keypath: keypath, color: try color(m.value, tab: tab, key: "\(key).\(keypath.escapingForMessage)")))
        }
        return out
    }

    mutating func animationOptions(_ node: StructuredNode, tab: TabItem) throws(ConfigError) -> TabItem.AnimationOptions {
        let key = ConfigKey.animationOptions
        let (members, _) = try map(node, tab: tab, key: key,
                                   expected: "a map such as {\"artboard\": \"Icon\", \"stateMachine\": \"State Machine 1\"}")
        var o = TabItem.AnimationOptions()
        for m in members {
            let k = "\(key).\(m.key.escapingForMessage)"
            switch m.key {
            case ConfigKey.Option.artboard: o.artboard = try nonEmpty(m.value, tab: tab, key: k)
            case ConfigKey.Option.stateMachine: o.stateMachine = try nonEmpty(m.value, tab: tab, key: k)
            case ConfigKey.Option.selectionInput: o.selectionInput = try nonEmpty(m.value, tab: tab, key: k)
            case ConfigKey.Option.animation: o.animation = try nonEmpty(m.value, tab: tab, key: k)
            case ConfigKey.Option.marker: o.marker = try nonEmpty(m.value, tab: tab, key: k)
            case ConfigKey.Option.darkTheme: o.darkTheme = try nonEmpty(m.value, tab: tab, key: k)
            case ConfigKey.Option.loop: o.loop = try bool(m.value, tab: tab, key: k)
            case ConfigKey.Option.speed:
                let (s, at) = try number(m.value, tab: tab, key: k)
                guard s >= 0.01, s <= 100 else { throw fail(.invalidValue, at, tab: tab, key: k, "a tab's speed is from 0.01 to 100 (got \(s.compactText))") }
                o.speed = s
            default:
                warnings.append(unknownKey(m, among: ConfigKey.Option.all, tab: tab, inside: key))
            }
        }
        return o
    }

    func nonEmpty(_ node: StructuredNode, tab: TabItem?, key: String) throws(ConfigError) -> String {
        let s = try string(node, tab: tab, key: key)
        guard !s.isEmpty else { throw fail(.invalidValue, try resolve(node, tab: tab, key: key), tab: tab, key: key, "the name is empty") }
        return s
    }

    // MARK: Warnings

    func unknownKey(_ m: StructuredMember, among known: [String], tab: TabItem?, inside: String? = nil) -> Diagnostic {
        let at = m.keyPosition.description + (tab.map { " \($0.label)" } ?? "")
        let shownKey = (inside.map { "\($0)." } ?? "") + m.key
        // No key is longer than 64 characters; guessing for a megabyte-long one would take seconds.
        guard m.key.count <= 64 else { return Diagnostic(.warning, at: at, "unknown key \"\(shownKey.prefix(64).description.escapingForMessage)...\" ignored") }
        var message = "unknown key \"\(shownKey.escapingForMessage)\" ignored"
        if let guess = Suggestion.closest(to: m.key, among: known) { message += "; did you mean \"\(guess)\"?" }
        return Diagnostic(.warning, at: at, message)
    }

    /// Members of a map, a key written twice reported once with where its other value is; the
    /// later value is the one read.
    mutating func members(_ members: [StructuredMember], tab: TabItem?) -> [StructuredMember] {
        var lastIndex: [String: Int] = [:]
        for (i, m) in members.enumerated() { lastIndex[m.key] = i }
        var out: [StructuredMember] = []
        for (i, m) in members.enumerated() {
            if lastIndex[m.key] == i { out.append(m); continue }
            let later = members[lastIndex[m.key]!]
            warnings.append(Diagnostic(.warning, at: m.keyPosition.description + (tab.map { " \($0.label)" } ?? ""),
                                       "key \"\(m.key.escapingForMessage)\" is written again at \(later.keyPosition); the later value is used"))
        }
        return out
    }
}

/// Did-you-mean guesses for misspelt names (configuration keys, pipeline keys and placeholders).
public enum Suggestion {
    /// The closest of `known` to `name` (ignoring case) within an edit distance that looks like a typo.
    public static func closest(to name: String, among known: [String]) -> String? {
        guard name.count <= 64 else { return nil }
        let best = known.map { ($0, editDistance(name.lowercased(), $0.lowercased())) }.min { $0.1 < $1.1 }
        guard let (guess, d) = best, d > 0 || guess != name, d <= max(2, name.count / 4) else { return nil }
        return guess
    }

    static func editDistance(_ a: String, _ b: String) -> Int {
        let x = Array(a), y = Array(b)
        if x.isEmpty { return y.count }
        if y.isEmpty { return x.count }
        var previous = Array(0...y.count)
        for i in 1...x.count {
            var current = [i] + [Int](repeating: 0, count: y.count)
            for j in 1...y.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (x[i - 1] == y[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return previous[y.count]
    }
}
