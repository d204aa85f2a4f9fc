import CYLDocuments

/// Why a tab-bar configuration cannot be used. Says which file, where in it (line:column, or a
/// byte offset in a binary property list), which tab (index and identifier) and which key, then
/// what is wrong.
public struct ConfigError: Error, Sendable, CustomStringConvertible {
    /// What went wrong, for exit codes and tests (shared with pipeline files).
    public typealias Kind = SettingsProblem

    /// The configuration file.
    public var file: String
    public var kind: Kind
    /// The tab's position in `tabBarItemsAttributes`, when the problem is in one tab.
    public var tabIndex: Int?
    /// The tab's identifier or title, when the problem is in one tab.
    public var identifier: String?
    /// The key (`CYLTabBarLottieFilePath`), when the problem is one value.
    public var key: String?
    /// The skin reference the value came through (`@accent in skin "night"`), if any.
    public var reference: String?
    /// Where in the file: `3:7`, or `byte 120` in a binary property list; empty when unknown.
    public var location: SourceLocation
    /// What is wrong, and what to do about it.
    public var message: String

    /// An error; see the properties.
    public init(file: String, _ kind: Kind, tab: Int? = nil, identifier: String? = nil, key: String? = nil,
                location: SourceLocation = SourceLocation(), _ message: String) {
        self.file = file
        self.kind = kind
        self.tabIndex = tab
        self.identifier = identifier
        self.key = key
        self.location = location
        self.message = message
    }

    /// `tabbar.json:3:7: tab 2 "home": CYLTabBarLottieFilePath: no such file 'x.json'`.
    public var description: String {
        var out = file
        if !location.isEmpty { out += ":\(location)" }
        out += ": "
        if let tabIndex { out += TabItem.label(index: tabIndex, identifier: identifier) + ": " }
        if let key { out += key + (reference.map { " (\($0))" } ?? "") + ": " }
        return out + message
    }

    func withMessage(_ m: String) -> ConfigError { var e = self; e.message = m; return e }
}
