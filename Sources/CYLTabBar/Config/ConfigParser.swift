import CYLCodecs
#if canImport(Glibc)
import Glibc
#endif
import CYLConvert
import CYLRaster
import CYLTimeline

/// Bounds for reading a configuration file.
public struct ConfigOptions: Sendable {
    /// Largest configuration file read, in bytes (default 1 MiB: a real one is a few kilobytes).
    public var maxBytes: Int = 1 << 20
    /// Deepest JSON nesting accepted (a configuration needs 4 levels).
    public var maxJSONDepth: Int = Limits.defaultMaxJSONDepth
    /// Most tabs (UIKit shows five and moves the rest to "More"; the preview draws up to 16).
    public var maxTabs: Int = 16
    /// Check that referenced files exist (tests of pure parsing may turn it off).
    public var checkFiles = true

    public init() {}
}

/// The configuration keys, as CYLTabBarController spells them (DESIGN.md §4).
public enum ConfigKey {
    public static let items = "tabBarItemsAttributes"
    public static let speed = "CYLTabBarControllerTabBarItemAnimationSpeed"
    public static let iconSize = "CYLTabBarItemIconSize"
    public static let scale = "CYLTabBarScale"
    public static let backgroundColor = "CYLTabBarBackgroundColor"
    public static let tintColor = "CYLTabBarTintColor"
    public static let unselectedTintColor = "CYLTabBarUnselectedTintColor"
    public static let darkBackgroundColor = "CYLTabBarDarkBackgroundColor"
    public static let darkTintColor = "CYLTabBarDarkTintColor"
    public static let darkUnselectedTintColor = "CYLTabBarDarkUnselectedTintColor"

    public static let title = "CYLTabBarItemTitle"
    public static let identifier = "CYLTabBarItemIdentifier"
    public static let image = "CYLTabBarItemImage"
    public static let selectedImage = "CYLTabBarItemSelectedImage"
    public static let darkImage = "CYLTabBarItemDarkImage"
    public static let darkSelectedImage = "CYLTabBarItemDarkSelectedImage"
    public static let renderingMode = "CYLTabBarItemImageRenderingMode"
    public static let lottie = "CYLTabBarLottieFilePath"
    public static let lottieDark = "CYLTabBarLottieDarkFilePath"
    public static let lottieDarkColors = "CYLTabBarLottieDarkColors"
    public static let gif = "CYLTabBarGIFFilePath"
    public static let animationURL = "CYLTabBarAnimationURL"
    public static let loopsWhenUnselected = "CYLTabBarLottieLoopsWhenUnselected"
    public static let titleColor = "CYLTabBarItemTitleColor"
    public static let selectedTitleColor = "CYLTabBarItemSelectedTitleColor"

    static let topLevel: [String] = [items, speed, iconSize, scale, backgroundColor, tintColor, unselectedTintColor,
                                     darkBackgroundColor, darkTintColor, darkUnselectedTintColor]
    static let perTab: [String] = [title, identifier, image, selectedImage, darkImage, darkSelectedImage, renderingMode,
                                   lottie, lottieDark, lottieDarkColors, gif, animationURL, loopsWhenUnselected,
                                   titleColor, selectedTitleColor]
}

/// The seed's naming convention for dark variants: `name.json` → `name_dark.json`.
public enum DarkVariantNaming {
    /// The conventional dark file for `path`: `_dark` before the extension of the last component
    /// (`icons/home.json` → `icons/home_dark.json`, `frames/` → `frames_dark`).
    public static func darkPath(for path: String) -> String {
        var p = Substring(path)
        while p.count > 1 && p.hasSuffix("/") { p = p.dropLast() }
        let nameStart = p.lastIndex(of: "/").map { p.index(after: $0) } ?? p.startIndex
        let name = p[nameStart...]
        if let dot = name.lastIndex(of: "."), dot != name.startIndex {
            return String(p[..<dot]) + "_dark" + String(p[dot...])
        }
        return String(p) + "_dark"
    }

    /// The conventional dark file for `path` when it exists.
    public static func existingDarkPath(for path: String) -> String? {
        let dark = darkPath(for: path)
        return FileCheck.exists(dark) ? dark : nil
    }
}

enum FileCheck {
    static func exists(_ path: String) -> Bool { var st = stat(); return stat(path, &st) == 0 }
    static func isDirectory(_ path: String) -> Bool {
        var st = stat()
        return stat(path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFDIR
    }
    static func isReadable(_ path: String) -> Bool { access(path, R_OK) == 0 }
}

extension TabBarConfiguration {
    /// Whether the file at `path` looks like a tab-bar configuration (a JSON object mentioning
    /// `tabBarItemsAttributes`) rather than an animation. Reads at most `maxBytes`.
    public static func looksLikeConfiguration(path: String, maxBytes: Int = ConfigOptions().maxBytes) -> Bool {
        guard !FileCheck.isDirectory(path), let f = fopen(path, "rb") else { return false }
        defer { fclose(f) }
        var buf = [UInt8](repeating: 0, count: min(maxBytes, 1 << 16))
        let n = fread(&buf, 1, buf.count, f)
        guard n > 0 else { return false }
        let head = buf[..<n]
        guard let first = head.first(where: { $0 != 0x20 && $0 != 0x0A && $0 != 0x0D && $0 != 0x09 && $0 != 0xEF && $0 != 0xBB && $0 != 0xBF }),
              first == UInt8(ascii: "{") else { return false }
        let needle = Array(ConfigKey.items.utf8)
        guard head.count >= needle.count else { return false }
        for i in 0...(head.count - needle.count) where head[i] == needle[0] && Array(head[i..<(i + needle.count)]) == needle {
            return true
        }
        return false
    }

    /// Reads the configuration file at `path`; relative paths in it are resolved against its directory.
    public static func load(path: String, options: ConfigOptions = ConfigOptions()) throws(ConfigError) -> TabBarConfiguration {
        guard FileCheck.exists(path) else { throw ConfigError(file: path, .unreadable, "no such file") }
        guard !FileCheck.isDirectory(path) else { throw ConfigError(file: path, .unreadable, "is a directory, not a configuration file") }
        let bytes: [UInt8]
        do {
            var limits = Limits()
            limits.maxFileBytes = options.maxBytes
            bytes = try InputFile.read(path, limits: limits)
        } catch {
            if error.kind == .invalid {
                throw ConfigError(file: path, .tooLarge,
                                  "the configuration file is larger than the limit of \(options.maxBytes) bytes for a tab-bar configuration (raise it with --max-file-bytes)")
            }
            throw ConfigError(file: path, .unreadable, error.message)
        }
        return try parse(bytes, name: path, baseDirectory: FilePath.parentDirectory(of: path), options: options)
    }

    /// Parses configuration JSON. `baseDirectory` is what relative paths are resolved against.
    public static func parse(_ bytes: [UInt8], name: String, baseDirectory: String,
                             options: ConfigOptions = ConfigOptions()) throws(ConfigError) -> TabBarConfiguration {
        guard bytes.count <= options.maxBytes else {
            throw ConfigError(file: name, .tooLarge,
                              "the configuration is \(bytes.count) bytes, more than the limit of \(options.maxBytes) for a tab-bar configuration (raise it with --max-file-bytes)")
        }
        let root: JSONElement
        do {
            root = try JSONDocument.parseElement(bytes, name: name, maxDepth: options.maxJSONDepth)
        } catch {
            throw ConfigParser(name: name, base: baseDirectory, options: options).wrap(error, tab: nil)
        }
        var parser = ConfigParser(name: name, base: baseDirectory, options: options)
        return try parser.configuration(root)
    }
}

struct ConfigParser {
    let name: String
    let base: String
    let options: ConfigOptions
    var warnings: [Diagnostic] = []

    init(name: String, base: String, options: ConfigOptions) {
        self.name = name
        self.base = base
        self.options = options
    }

    func location(_ e: JSONElement) -> String {
        let lc = e.lineColumn
        return "\(lc.line):\(lc.column)"
    }

    func wrap(_ e: JSONError, tab: TabItem?, key: String? = nil) -> ConfigError {
        let kind: ConfigError.Kind
        switch e.kind {
        case .syntax, .depthLimit, .nonFiniteNumber, .internalError: kind = .syntax
        case .tooLarge: kind = .tooLarge
        case .wrongType: kind = .wrongType
        case .missingKey: kind = .missing
        case .indexOutOfRange, .invalidValue: kind = .invalidValue
        }
        var loc: String?
        if let line = e.line, let column = e.column { loc = "\(line):\(column)" }
        var message = e.message
        if case .nonFiniteNumber = e.kind { message += " (write a finite number)" }
        return ConfigError(file: name, kind, tab: tab?.index, identifier: tab?.identifier ?? tab?.title, key: key,
                           location: loc, message)
    }

    func fail(_ kind: ConfigError.Kind, _ e: JSONElement?, tab: TabItem?, key: String?, _ message: String) -> ConfigError {
        ConfigError(file: name, kind, tab: tab?.index, identifier: tab?.identifier ?? tab?.title, key: key,
                    location: e.map(location), message)
    }

    mutating func configuration(_ root: JSONElement) throws(ConfigError) -> TabBarConfiguration {
        guard let members = try? root.object() else {
            throw fail(.wrongType, root, tab: nil, key: nil,
                       "a tab-bar configuration is a JSON object with a \"\(ConfigKey.items)\" array; found \(root.value.typeDescription)")
        }
        guard let itemsElement = root[ConfigKey.items] else {
            throw fail(.missing, root, tab: nil, key: ConfigKey.items,
                       "missing: a tab-bar configuration lists its tabs in a \"\(ConfigKey.items)\" array")
        }
        let items: [JSONElement]
        do { items = try itemsElement.array() } catch { throw wrap(error, tab: nil, key: ConfigKey.items) }
        guard !items.isEmpty else {
            throw fail(.invalidValue, itemsElement, tab: nil, key: ConfigKey.items, "the tab bar has no tabs; give at least one")
        }
        guard items.count <= options.maxTabs else {
            throw fail(.invalidValue, itemsElement, tab: nil, key: ConfigKey.items,
                       "\(items.count) tabs is more than the \(options.maxTabs) a preview draws")
        }
        var config = TabBarConfiguration(file: name, tabs: [])
        for (key, value) in members {
            switch key {
            case ConfigKey.items: continue
            case ConfigKey.speed:
                let v = try number(value, key: key, tab: nil)
                guard v > 0, v <= 100 else {
                    throw fail(.invalidValue, value, tab: nil, key: key, "the animation speed must be above 0 and at most 100 (got \(format(v)))")
                }
                config.speed = v
            case ConfigKey.iconSize:
                let v = try number(value, key: key, tab: nil)
                guard v >= 4, v <= 256 else {
                    throw fail(.invalidValue, value, tab: nil, key: key, "the icon size must be 4-256 points (got \(format(v)))")
                }
                config.iconSize = v
            case ConfigKey.scale:
                let v = try number(value, key: key, tab: nil)
                guard v == v.rounded(), v >= 1, v <= 4 else {
                    throw fail(.invalidValue, value, tab: nil, key: key, "the scale must be 1, 2, 3 or 4 (got \(format(v)))")
                }
                config.scale = Int(v)
            case ConfigKey.backgroundColor: config.light.background = try color(value, key: key, tab: nil)
            case ConfigKey.tintColor: config.light.tint = try color(value, key: key, tab: nil)
            case ConfigKey.unselectedTintColor: config.light.unselectedTint = try color(value, key: key, tab: nil)
            case ConfigKey.darkBackgroundColor: config.dark.background = try color(value, key: key, tab: nil)
            case ConfigKey.darkTintColor: config.dark.tint = try color(value, key: key, tab: nil)
            case ConfigKey.darkUnselectedTintColor: config.dark.unselectedTint = try color(value, key: key, tab: nil)
            default:
                warnings.append(unknownKey(key, value, among: ConfigKey.topLevel + ConfigKey.perTab, tab: nil))
            }
        }
        var seen: [String: Int] = [:]
        for (i, element) in items.enumerated() {
            let tab = try self.tab(element, index: i)
            if let id = tab.identifier {
                if let other = seen[id] {
                    throw fail(.invalidValue, element[ConfigKey.identifier], tab: tab, key: ConfigKey.identifier,
                               "the identifier is also used by tab \(other); identifiers must be unique")
                }
                seen[id] = i
            }
            config.tabs.append(tab)
        }
        config.warnings = warnings
        return config
    }

    mutating func tab(_ element: JSONElement, index: Int) throws(ConfigError) -> TabItem {
        var tab = TabItem(index: index)
        guard let members = try? element.object() else {
            throw fail(.wrongType, element, tab: tab, key: nil,
                       "each entry of \(ConfigKey.items) is an object of tab attributes; found \(element.value.typeDescription)")
        }
        // Identifier and title first, so that every later message names the tab.
        if let id = element[ConfigKey.identifier] { tab.identifier = try string(id, key: ConfigKey.identifier, tab: tab) }
        if let t = element[ConfigKey.title] { tab.title = try string(t, key: ConfigKey.title, tab: tab) }
        var animationKeys: [(String, JSONElement)] = []
        var darkPathElement: JSONElement?
        var darkColorsElement: JSONElement?
        for (key, value) in members {
            switch key {
            case ConfigKey.identifier, ConfigKey.title: continue
            case ConfigKey.image: tab.image = try path(value, key: key, tab: tab, directoryAllowed: false)
            case ConfigKey.selectedImage: tab.selectedImage = try path(value, key: key, tab: tab, directoryAllowed: false)
            case ConfigKey.darkImage: tab.darkImage = try path(value, key: key, tab: tab, directoryAllowed: false)
            case ConfigKey.darkSelectedImage: tab.darkSelectedImage = try path(value, key: key, tab: tab, directoryAllowed: false)
            case ConfigKey.renderingMode:
                let s = try string(value, key: key, tab: tab)
                guard let mode = IconRenderingMode(rawValue: s.lowercased()) else {
                    throw fail(.invalidValue, value, tab: tab, key: key, "expected \"template\" or \"original\", found \"\(s)\"")
                }
                tab.renderingMode = mode
            case ConfigKey.lottie, ConfigKey.gif, ConfigKey.animationURL:
                animationKeys.append((key, value))
            case ConfigKey.lottieDark: darkPathElement = value
            case ConfigKey.lottieDarkColors: darkColorsElement = value
            case ConfigKey.loopsWhenUnselected:
                do { tab.loopsWhenUnselected = try value.bool() } catch { throw wrap(error, tab: tab, key: key) }
            case ConfigKey.titleColor: tab.titleColor = try color(value, key: key, tab: tab)
            case ConfigKey.selectedTitleColor: tab.selectedTitleColor = try color(value, key: key, tab: tab)
            default:
                warnings.append(unknownKey(key, value, among: ConfigKey.perTab, tab: tab))
            }
        }
        if animationKeys.count > 1 {
            throw fail(.invalidValue, animationKeys[1].1, tab: tab, key: animationKeys[1].0,
                       "a tab has one animation; \(animationKeys[0].0) is given too")
        }
        if let (key, value) = animationKeys.first {
            let kind: TabItem.AnimationKind = key == ConfigKey.lottie ? .lottie : key == ConfigKey.gif ? .gif : .any
            var text = try string(value, key: key, tab: tab)
            if key == ConfigKey.animationURL {
                if text.hasPrefix("file://") { text = String(text.dropFirst(7)) }
                else if let colon = text.firstIndex(of: ":"), text[..<colon].allSatisfy({ $0.isLetter }), text[..<colon].count > 1 {
                    throw fail(.invalidValue, value, tab: tab, key: key,
                               "only local files can be previewed (file:// URLs or paths); download \"\(text)\" first")
                }
            }
            var animation = TabItem.Animation(kind: kind, key: key, path: try resolve(text, value, key: key, tab: tab, directoryAllowed: true))
            if let d = darkPathElement {
                animation.darkPath = try path(d, key: ConfigKey.lottieDark, tab: tab, directoryAllowed: true)
            } else if options.checkFiles, let conventional = DarkVariantNaming.existingDarkPath(for: animation.path) {
                animation.darkPath = conventional
                animation.darkPathFromConvention = true
            }
            if let c = darkColorsElement { animation.darkColors = try darkColors(c, tab: tab) }
            tab.animation = animation
        } else {
            if let d = darkPathElement {
                throw fail(.invalidValue, d, tab: tab, key: ConfigKey.lottieDark,
                           "a dark animation needs a light one: give \(ConfigKey.lottie) too")
            }
            if let c = darkColorsElement {
                throw fail(.invalidValue, c, tab: tab, key: ConfigKey.lottieDarkColors,
                           "dark colours recolour an animation: give \(ConfigKey.lottie) too")
            }
        }
        if tab.animation == nil && tab.image == nil {
            throw fail(.missing, element, tab: tab, key: nil,
                       "the tab has nothing to show: give \(ConfigKey.lottie), \(ConfigKey.gif), \(ConfigKey.animationURL) or \(ConfigKey.image)")
        }
        return tab
    }

    // MARK: Values

    func string(_ e: JSONElement, key: String, tab: TabItem?) throws(ConfigError) -> String {
        do { return try e.string() } catch { throw wrap(error, tab: tab, key: key) }
    }

    func number(_ e: JSONElement, key: String, tab: TabItem?) throws(ConfigError) -> Double {
        do { return try e.double() } catch { throw wrap(error, tab: tab, key: key) }
    }

    func format(_ v: Double) -> String { v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : String(v) }

    func color(_ e: JSONElement, key: String, tab: TabItem?) throws(ConfigError) -> RGBA8 {
        let s = try string(e, key: key, tab: tab)
        guard let c = RGBA8(parsing: s) else {
            throw fail(.invalidValue, e, tab: tab, key: key, "\"\(s)\" is not a colour; write #rgb, #rrggbb, #rrggbbaa or a name such as white")
        }
        return c
    }

    func resolve(_ text: String, _ e: JSONElement, key: String, tab: TabItem?, directoryAllowed: Bool) throws(ConfigError) -> String {
        guard !text.isEmpty else { throw fail(.invalidValue, e, tab: tab, key: key, "the path is empty") }
        let resolved = text.hasPrefix("/") || base == "." ? text : base + "/" + text
        guard options.checkFiles else { return resolved }
        guard FileCheck.exists(resolved) else {
            throw fail(.missingFile, e, tab: tab, key: key,
                       "no such file '\(text)'" + (resolved == text ? "" : " (looked for \(resolved); paths are relative to the configuration file)"))
        }
        if FileCheck.isDirectory(resolved) && !directoryAllowed {
            throw fail(.missingFile, e, tab: tab, key: key, "'\(text)' is a directory; an image is a PNG file")
        }
        guard FileCheck.isReadable(resolved) else {
            throw fail(.missingFile, e, tab: tab, key: key, "'\(text)' cannot be read (permission denied)")
        }
        return resolved
    }

    func path(_ e: JSONElement, key: String, tab: TabItem?, directoryAllowed: Bool) throws(ConfigError) -> String {
        try resolve(try string(e, key: key, tab: tab), e, key: key, tab: tab, directoryAllowed: directoryAllowed)
    }

    func darkColors(_ e: JSONElement, tab: TabItem) throws(ConfigError) -> [ColorOverride] {
        let key = ConfigKey.lottieDarkColors
        let members: [(key: String, value: JSONElement)]
        do { members = try e.object() } catch {
            throw wrap(error, tab: tab, key: key).withMessage(
                "expected an object of keypath → colour, e.g. {\"**.Fill 1\": \"#ffffff\"}; found \(e.value.typeDescription)")
        }
        var out: [ColorOverride] = []
        for (keypath, value) in members {
            let names = keypath.split(separator: ".", omittingEmptySubsequences: false)
            guard !keypath.isEmpty, !names.contains(where: \.isEmpty) else {
                throw fail(.invalidValue, value, tab: tab, key: key,
                           "keypath \"\(keypath)\" has an empty name; write names joined by '.', with * for one name and ** for any number")
            }
            out.append(ColorOverride(keypath: keypath, color: try color(value, key: "\(key).\(keypath)", tab: tab)))
        }
        return out
    }

    func unknownKey(_ key: String, _ value: JSONElement, among known: [String], tab: TabItem?) -> Diagnostic {
        var message = "unknown key \"\(key)\" ignored"
        let best = known.map { ($0, editDistance(key.lowercased(), $0.lowercased())) }.min { $0.1 < $1.1 }
        if let (guess, d) = best, d <= max(2, key.count / 4) { message += "; did you mean \"\(guess)\"?" }
        let whereText = tab.map { "\($0.label)" }
        return Diagnostic(.warning, at: "\(location(value))" + (whereText.map { " \($0)" } ?? ""), message)
    }

    func editDistance(_ a: String, _ b: String) -> Int {
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

extension ConfigError {
    func withMessage(_ m: String) -> ConfigError { var e = self; e.message = m; return e }
}
