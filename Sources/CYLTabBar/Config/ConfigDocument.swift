import Foundation
import CYLDocuments
import CYLTimeline

/// A configuration file read into its tree, with its skins: what every skin's
/// `TabBarConfiguration` is resolved from.
final class ConfigDocument: Sendable {
    let name: String
    /// What relative paths in it are resolved against.
    let base: String
    let format: StructuredFormat
    let root: StructuredNode
    let options: ConfigOptions
    let skins: SkinSet

    init(root: StructuredNode, name: String, base: String, format: StructuredFormat, options: ConfigOptions) throws(ConfigError) {
        guard root.members != nil else {
            throw ConfigError(file: name, .wrongType, location: SourceLocation(root.position),
                              "a tab-bar configuration is a map with a \"\(ConfigKey.items)\" list; found \(root.value.typeDescription)")
        }
        self.root = root
        self.name = name
        self.base = base
        self.format = format
        self.options = options
        skins = try SkinSet(root, file: name)
    }

    /// The bar in skin `theme` (nil: the default skin); `chosen` says it was asked for.
    func configuration(theme: String?, chosen: Bool) throws(ConfigError) -> TabBarConfiguration {
        let chain = try skins.chain(for: theme)
        var parser = ConfigParser(document: self, chain: chain)
        var config = try parser.configuration()
        config.theme = chain.current?.name
        config.themeWasChosen = chosen
        config.themes = skins.skins.map(\.name)
        config.darkTheme = skins.darkName
        config.defaultTheme = skins.defaultSkin?.name
        return config
    }
}

extension TabBarConfiguration {
    /// Reads the configuration file at `url` (a file URL), in the skin, platform and app version
    /// `options` name. Relative paths in it are resolved against its directory.
    public init(contentsOf url: URL, options: ConfigOptions = ConfigOptions()) throws(ConfigError) {
        guard url.isFileURL else {
            throw ConfigError(file: url.absoluteString, .unreadable, "only local files can be read; download the configuration first")
        }
        self = try Self.load(path: url.path, options: options)
    }

    /// Reads the configuration file at `path`; see `init(contentsOf:options:)`.
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
                                  "the configuration file is larger than the limit of \(options.maxBytes) bytes for a tab-bar configuration (\(Limit.maxFileBytes))")
            }
            throw ConfigError(file: path, .unreadable, error.message)
        }
        return try parse(bytes, name: path, baseDirectory: FilePath.parentDirectory(of: path), options: options)
    }

    /// Parses a configuration in any of its formats (the content decides; the extension of `name`,
    /// or `fileExtension`, breaks ties). `baseDirectory` is what relative paths are resolved against.
    public static func parse(_ bytes: [UInt8], name: String, baseDirectory: String, fileExtension: String? = nil,
                             options: ConfigOptions = ConfigOptions()) throws(ConfigError) -> TabBarConfiguration {
        guard bytes.count <= options.maxBytes else {
            throw ConfigError(file: name, .tooLarge,
                              "the configuration is \(bytes.count) bytes, more than the limit of \(options.maxBytes) for a tab-bar configuration (\(Limit.maxFileBytes))")
        }
        let ext = fileExtension ?? Self.fileExtension(of: name)
        let root: StructuredNode, format: StructuredFormat
        do {
            (root, format) = try StructuredDocument.read(bytes, name: name, fileExtension: ext,
                                                         limits: StructuredLimits(maxDepth: options.maxJSONDepth, maxValues: options.maxValues))
        } catch {
            throw ConfigError(file: name, error.kind == .unsupported ? .unsupported : .syntax, location: error.position.map(SourceLocation.init) ?? SourceLocation(), error.message)
        }
        let document = try ConfigDocument(root: root, name: name, base: baseDirectory, format: format, options: options)
        return try document.configuration(theme: options.theme, chosen: options.theme != nil)
    }

    static func fileExtension(of name: String) -> String? {
        let last = FilePath.lastComponent(of: name)
        guard let dot = last.lastIndex(of: "."), dot != last.startIndex else { return nil }
        return String(last[last.index(after: dot)...])
    }

    /// Extensions that always mean a configuration (a `.json` file may be a Lottie animation).
    static let configurationExtensions: Set<String> = ["yaml", "yml", "plist", "jsonc", "json5"]

    /// Whether the file at `path` is a tab-bar configuration rather than an animation: a property
    /// list, a `.yaml`/`.yml`/`.plist`/`.jsonc`/`.json5` file, or text mentioning
    /// `tabBarItemsAttributes`. Reads at most 64 KiB.
    public static func looksLikeConfiguration(path: String, maxBytes: Int = ConfigOptions().maxBytes) -> Bool {
        guard !FileCheck.isDirectory(path), let f = fopen(path, "rb") else { return false }
        defer { fclose(f) }
        if let ext = fileExtension(of: path)?.lowercased(), configurationExtensions.contains(ext) { return true }
        var buf = [UInt8](repeating: 0, count: min(maxBytes, 1 << 16))
        let n = fread(&buf, 1, buf.count, f)
        guard n > 0 else { return false }
        let head = Array(buf[..<n])
        if head.starts(with: PropertyListBinaryReader.magic) { return true }
        let text = String(decoding: head, as: UTF8.self)
        if text.drop(while: { $0.isWhitespace || $0 == "\u{FEFF}" }).hasPrefix("<") { return text.contains("<plist") }
        return !head.contains(0) && text.contains(ConfigKey.items)
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

    /// `home.json` for the file name `home_dark.json`, `frames` for `frames_dark`; nil for a name
    /// that is not a dark variant's.
    public static func lightName(ofDark name: String) -> String? {
        let stem: Substring, ext: Substring
        if let dot = name.lastIndex(of: "."), dot != name.startIndex { stem = name[..<dot]; ext = name[dot...] } else { stem = name[...]; ext = "" }
        guard stem.hasSuffix("_dark"), stem.count > 5 else { return nil }
        return String(stem.dropLast(5)) + ext
    }

    /// The conventional dark file for `path` when it exists.
    public static func existingDarkPath(for path: String) -> String? {
        let dark = darkPath(for: path)
        return FileCheck.exists(dark) ? dark : nil
    }
}
