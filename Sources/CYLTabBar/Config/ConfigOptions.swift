import CYLTimeline

/// How a configuration file is read: its bounds, and which skin, platform and app version the
/// bar is shown for.
public struct ConfigOptions: Sendable {
    /// Largest configuration file read, in bytes (default 1 MiB: a real one is a few kilobytes).
    public var maxBytes: Int = 1 << 20
    /// Deepest nesting of maps and lists accepted (a configuration needs 5 levels).
    public var maxJSONDepth: Int = Limits.defaultMaxJSONDepth
    /// Most values in the file, a YAML alias or a shared plist object counted at every use
    /// (default 100 000; a real configuration has a few hundred).
    public var maxValues: Int = 100_000
    /// Most tabs (UIKit shows five and moves the rest to "More"; the preview draws up to 16).
    public var maxTabs: Int = 16
    /// Check that referenced files exist (tests of pure parsing may turn it off).
    public var checkFiles = true
    /// The skin to show (`CYLTabBarControllerThemes`); nil: the skin named `default`, else the first.
    public var theme: String?
    /// The platform tabs are filtered for (`CYLTabBarItemPlatforms`); CYLTabBarController is an
    /// iOS library, so iOS unless told otherwise.
    public var platform: TabPlatform = .ios
    /// The app version tabs are filtered for (`CYLTabBarItemMinimumAppVersion`); nil shows every
    /// tab whatever its minimum.
    public var appVersion: AppVersion?

    public init() {}
}

/// A platform a tab is shown on (`CYLTabBarItemPlatforms`).
public enum TabPlatform: String, Sendable, Equatable, CaseIterable {
    case ios
    case android

    /// Reads `ios`, `iOS`, `android`, `Android`.
    public init?(name: String) {
        guard let p = TabPlatform(rawValue: name.lowercased()) else { return nil }
        self = p
    }
}

/// A dotted app version (`5.2.0`), compared number by number with missing numbers as 0
/// (`5.2` = `5.2.0` < `5.10`).
public struct AppVersion: Sendable, Equatable, Comparable, CustomStringConvertible {
    public let components: [Int]

    /// Reads 1 to 4 whole numbers separated by dots, each 0-999999; nil for anything else.
    public init?(_ text: String) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...4).contains(parts.count) else { return nil }
        var out: [Int] = []
        for p in parts {
            guard !p.isEmpty, p.count <= 6, p.allSatisfy({ $0.isASCII && $0.isNumber }), let n = Int(p) else { return nil }
            out.append(n)
        }
        components = out
    }

    public var description: String { components.map(String.init).joined(separator: ".") }

    public static func < (a: AppVersion, b: AppVersion) -> Bool {
        for k in 0..<max(a.components.count, b.components.count) {
            let x = k < a.components.count ? a.components[k] : 0, y = k < b.components.count ? b.components[k] : 0
            if x != y { return x < y }
        }
        return false
    }

    public static func == (a: AppVersion, b: AppVersion) -> Bool { !(a < b) && !(b < a) }
}

/// A tab the filters left out of the bar, and why (the library's `cyl_skippedTabs`).
public struct SkippedTab: Sendable, Equatable, CustomStringConvertible {
    public enum Reason: Sendable, Equatable {
        /// `CYLTabBarItemPlatforms` does not list the platform previewed.
        case platform(shownOn: [TabPlatform], previewing: TabPlatform)
        /// `CYLTabBarItemMinimumAppVersion` is above the app version previewed.
        case appVersion(minimum: AppVersion, previewing: AppVersion)
    }

    /// Position in `tabBarItemsAttributes` (0-based).
    public var index: Int
    public var identifier: String?
    public var reason: Reason

    public init(index: Int, identifier: String?, reason: Reason) {
        self.index = index
        self.identifier = identifier
        self.reason = reason
    }

    /// "only on android (previewing ios)".
    public var reasonText: String {
        switch reason {
        case .platform(let shown, let previewing):
            return "only on \(shown.map(\.rawValue).joined(separator: ", ")) (previewing \(previewing.rawValue))"
        case .appVersion(let minimum, let previewing):
            return "needs app version \(minimum) or later (previewing \(previewing))"
        }
    }

    /// `tab 3 "vip": skipped: needs app version 5.3.0 or later (previewing 5.2.0)`.
    public var description: String { "\(TabItem.label(index: index, identifier: identifier)): skipped: \(reasonText)" }
}
