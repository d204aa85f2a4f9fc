import CYLDocuments
import CYLRaster
import CYLTimeline

/// Turns a configuration's tree into a typed `TabBarConfiguration` for one skin chain: the only
/// code that sees configuration keys. Filters tabs by platform and app version, follows skin
/// references, and collects warnings (unknown keys with a guess, keys written twice, deprecated
/// spellings) without stopping.
struct ConfigParser {
    let document: ConfigDocument
    let chain: SkinChain
    var warnings: [Diagnostic] = []

    init(document: ConfigDocument, chain: SkinChain) {
        self.document = document
        self.chain = chain
    }

    var options: ConfigOptions { document.options }

    mutating func configuration() throws(ConfigError) -> TabBarConfiguration {
        let root = document.root
        var config = TabBarConfiguration(file: document.name, document: document)
        guard let itemsNode = root[ConfigKey.items] else {
            throw fail(.missing, root.position, tab: nil, key: ConfigKey.items,
                       "missing: a tab-bar configuration lists its tabs in a \"\(ConfigKey.items)\" list")
        }
        let itemsValue = try resolve(itemsNode, tab: nil, key: ConfigKey.items)
        guard let items = itemsValue.node.array else { throw wrongType(itemsValue, expected: "a list", tab: nil, key: ConfigKey.items) }
        guard !items.isEmpty else { throw fail(.invalidValue, itemsValue, tab: nil, key: ConfigKey.items, "the tab bar has no tabs; give at least one") }
        guard items.count <= options.maxTabs else {
            throw fail(.invalidValue, itemsValue, tab: nil, key: ConfigKey.items, "\(items.count) tabs is more than the \(options.maxTabs) a preview draws")
        }
        for m in members(root.members ?? [], tab: nil) {
            switch m.key {
            case ConfigKey.items, ConfigKey.themes, ConfigKey.darkTheme: continue
            case _ where ConfigKey.barSettings.contains(m.key): try barSetting(m.key, m.value, into: &config, fromSkin: false)
            default: warnings.append(unknownKey(m, among: ConfigKey.topLevel + ConfigKey.perTab, tab: nil))
            }
        }
        try applySkin(to: &config)
        var shown: [TabItem] = []
        var identifiers: [String: Int] = [:]
        for (i, element) in items.enumerated() {
            let (tab, skipped) = try self.tab(element, index: i)
            if let skipped { config.skippedTabs.append(skipped); continue }
            if let id = tab.identifier {
                if let other = identifiers[id] {
                    throw fail(.invalidValue, element[ConfigKey.identifier]?.position ?? element.position, tab: tab, key: ConfigKey.identifier,
                               "the identifier is also used by tab \(other); identifiers must be unique")
                }
                identifiers[id] = i
            }
            shown.append(tab)
        }
        guard !shown.isEmpty else {
            throw fail(.invalidValue, itemsValue, tab: nil, key: ConfigKey.items,
                       "every tab is skipped for \(filterDescription): " + config.skippedTabs.map(\.description).joined(separator: "; "))
        }
        config.tabs = shown
        warnings += config.skippedTabs.map { Diagnostic(.note, at: TabItem.label(index: $0.index, identifier: $0.identifier), "skipped: \($0.reasonText)") }
        config.warnings = warnings
        return config
    }

    var filterDescription: String {
        options.platform.rawValue + (options.appVersion.map { " app version \($0)" } ?? "")
    }

    /// One bar setting, from the top level or a skin. A skin's colours style both appearances
    /// (a skin says "the bar is red"), except the dark forms, which style dark only.
    mutating func barSetting(_ key: String, _ node: StructuredNode, into config: inout TabBarConfiguration, fromSkin: Bool) throws(ConfigError) {
        switch key {
        case ConfigKey.speed:
            let (v, at) = try number(node, tab: nil, key: key)
            guard v >= Player.speedRange.lowerBound, v <= 100 else {
                throw fail(.invalidValue, at, tab: nil, key: key, "the animation speed must be from \(Player.speedRange.lowerBound) to 100 (got \(v.compactText))")
            }
            config.speed = v
        case ConfigKey.iconSize:
            let (v, at) = try number(node, tab: nil, key: key)
            guard v >= 4, v <= 256 else { throw fail(.invalidValue, at, tab: nil, key: key, "the icon size must be 4-256 points (got \(v.compactText))") }
            config.iconSize = v
        case ConfigKey.scale:
            let (v, at) = try number(node, tab: nil, key: key)
            guard v == v.rounded(), v >= 1, v <= 4 else { throw fail(.invalidValue, at, tab: nil, key: key, "the scale must be 1, 2, 3 or 4 (got \(v.compactText))") }
            config.scale = Int(v)
        case ConfigKey.backgroundColor:
            let c = try color(node, tab: nil, key: key)
            config.light.background = c
            if fromSkin { config.dark.background = c }
        case ConfigKey.tintColor:
            let c = try color(node, tab: nil, key: key)
            config.light.tint = c
            if fromSkin { config.dark.tint = c }
        case ConfigKey.unselectedTintColor:
            let c = try color(node, tab: nil, key: key)
            config.light.unselectedTint = c
            if fromSkin { config.dark.unselectedTint = c }
        case ConfigKey.darkBackgroundColor: config.dark.background = try color(node, tab: nil, key: key)
        case ConfigKey.darkTintColor: config.dark.tint = try color(node, tab: nil, key: key)
        case ConfigKey.darkUnselectedTintColor: config.dark.unselectedTint = try color(node, tab: nil, key: key)
        case ConfigKey.launchAnimates: config.launchAnimates = try bool(node, tab: nil, key: key)
        default: break
        }
    }

    /// The skin chain's reserved names: bar settings, light forms before dark ones.
    mutating func applySkin(to config: inout TabBarConfiguration) throws(ConfigError) {
        let darkForms = [ConfigKey.darkBackgroundColor, ConfigKey.darkTintColor, ConfigKey.darkUnselectedTintColor]
        for key in ConfigKey.barSettings.filter({ !darkForms.contains($0) }) + darkForms {
            guard let (node, _) = chain.value(key) else { continue }
            try barSetting(key, node, into: &config, fromSkin: true)
        }
    }
}
