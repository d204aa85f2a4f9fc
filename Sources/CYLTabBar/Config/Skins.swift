import CYLDocuments

/// The file's skins (`CYLTabBarControllerThemes`: skin name → map of value names) and which one
/// dark appearance uses (`CYLTabBarControllerDarkThemeIdentifier`).
///
/// A value written `"@name"` anywhere in the configuration is the current skin's `name`, or the
/// default skin's when the current one does not set it (`"@@text"` is the text `@text`). Names
/// that are bar settings (`CYLTabBarBackgroundColor`, ...) style the whole bar without being
/// referenced; per-tab styles (`CYLTabBarItemTitleColor`, ...) apply to every tab that sets none.
struct SkinSet: Sendable {
    struct Skin: Sendable {
        var name: String
        var position: SourcePosition
        var members: [StructuredMember]

        /// The value named `name` (the last one, if written twice).
        func value(_ name: String) -> StructuredNode? { members.last { $0.key == name }?.value }
    }

    var skins: [Skin] = []
    var darkName: String?
    let file: String

    /// The skin shown when none is asked for: the one named `default`, else the first written.
    var defaultSkin: Skin? { skins.first { $0.name == "default" } ?? skins.first }

    init(_ root: StructuredNode, file: String) throws(ConfigError) {
        self.file = file
        func fail(_ kind: ConfigError.Kind, _ at: SourcePosition, key: String, _ message: String) -> ConfigError {
            ConfigError(file: file, kind, key: key, location: SourceLocation(at), message)
        }
        if let themes = root[ConfigKey.themes] {
            guard let members = themes.members else {
                throw fail(.wrongType, themes.position, key: ConfigKey.themes,
                           "expected a map of skin name → map of values, found \(themes.value.typeDescription)")
            }
            for m in members {
                guard let values = m.value.members else {
                    throw fail(.wrongType, m.value.position, key: "\(ConfigKey.themes).\(m.key.escapingForMessage)",
                               "a skin is a map of value names, found \(m.value.value.typeDescription)")
                }
                guard !m.key.isEmpty, !m.key.hasPrefix("@") else {
                    throw fail(.invalidValue, m.keyPosition, key: ConfigKey.themes, "a skin's name is not empty and does not start with @")
                }
                if let earlier = skins.firstIndex(where: { $0.name == m.key }) { skins.remove(at: earlier) }
                skins.append(Skin(name: m.key, position: m.keyPosition, members: values))
            }
        }
        if let dark = root[ConfigKey.darkTheme] {
            guard let name = dark.string else {
                throw fail(.wrongType, dark.position, key: ConfigKey.darkTheme, "expected a skin's name, found \(dark.value.typeDescription)")
            }
            guard skins.contains(where: { $0.name == name }) else {
                throw fail(.theme, dark.position, key: ConfigKey.darkTheme, "no skin \"\(name.escapingForMessage)\" in \(ConfigKey.themes)" + Self.known(skins))
            }
            darkName = name
        }
    }

    static func known(_ skins: [Skin]) -> String {
        skins.isEmpty ? " (the file defines no skins)" : " (skins: \(skins.map { "\"\($0.name.escapingForMessage)\"" }.joined(separator: ", ")))"
    }

    /// The skins a reference looks through for `theme` (nil: the default skin): the skin, then
    /// the default one.
    func chain(for theme: String?) throws(ConfigError) -> SkinChain {
        guard let theme else { return SkinChain(skins: defaultSkin.map { [$0] } ?? []) }
        guard let skin = skins.first(where: { $0.name == theme }) else {
            throw ConfigError(file: file, .theme, "no skin \"\(theme.escapingForMessage)\"" + Self.known(skins))
        }
        var chain = [skin]
        if let d = defaultSkin, d.name != skin.name { chain.append(d) }
        return SkinChain(skins: chain)
    }
}

/// The skins a `"@name"` reference is looked up in, in order.
struct SkinChain: Sendable {
    var skins: [SkinSet.Skin]

    var current: SkinSet.Skin? { skins.first }

    /// The first skin's value named `name`, and the skin's name.
    func value(_ name: String) -> (StructuredNode, String)? {
        for s in skins { if let v = s.value(name) { return (v, s.name) } }
        return nil
    }

    var searched: String { "searched " + skins.map { "\"\($0.name.escapingForMessage)\"" }.joined(separator: ", then ") }
}
