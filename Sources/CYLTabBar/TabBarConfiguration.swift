import CYLConvert
import CYLRaster
import CYLTimeline
/// A tab bar as CYLTabBarController's configuration describes it: the tabs in order (the
/// `tabBarItemsAttributes` array, with the seed library's keys) and the bar's own settings.
///
/// Every path is already resolved against the configuration file's directory. Build one with
/// `TabBarConfiguration.load(path:)` or `parse(_:name:baseDirectory:)`, or for a single animation
/// with `single(animationPath:)`.
public struct TabBarConfiguration: Sendable {
    /// The file it came from ("" when made in code).
    public var file: String
    public var tabs: [TabItem]
    /// `CYLTabBarControllerTabBarItemAnimationSpeed`: rate multiplier for every tab (> 0).
    public var speed: Double = 1
    /// The icon's box in points (`CYLTabBarItemIconSize`, default 30).
    public var iconSize: Double = 30
    /// Pixels per point for previews (`CYLTabBarScale`, default 2).
    public var scale: Int = 2
    public var light: BarColors = .defaultLight
    public var dark: BarColors = .defaultDark
    /// Unknown keys and other things worth saying that do not stop the preview.
    public var warnings: [Diagnostic] = []

    public init(file: String, tabs: [TabItem]) {
        self.file = file
        self.tabs = tabs
    }

    /// The colours of the bar in one appearance.
    public struct BarColors: Sendable, Equatable {
        public var background: RGBA8
        /// Selected icon and title tint (`tintColor`).
        public var tint: RGBA8
        /// Unselected icon and title tint (`unselectedItemTintColor`).
        public var unselectedTint: RGBA8
        /// The hairline along the top of the bar.
        public var separator: RGBA8

        public init(background: RGBA8, tint: RGBA8, unselectedTint: RGBA8, separator: RGBA8) {
            self.background = background
            self.tint = tint
            self.unselectedTint = unselectedTint
            self.separator = separator
        }

        /// UIKit's default light tab bar: near-white, system blue, grey.
        public static let defaultLight = BarColors(background: RGBA8(0xF9, 0xF9, 0xF9, 255), tint: RGBA8(0x00, 0x7A, 0xFF, 255),
                                                   unselectedTint: RGBA8(0x99, 0x99, 0x99, 255), separator: RGBA8(0, 0, 0, 0x4D))
        /// UIKit's default dark tab bar.
        public static let defaultDark = BarColors(background: RGBA8(0x16, 0x16, 0x17, 255), tint: RGBA8(0x0A, 0x84, 0xFF, 255),
                                                  unselectedTint: RGBA8(0x8E, 0x8E, 0x93, 255), separator: RGBA8(255, 255, 255, 0x26))
    }

    /// The colours for `appearance`.
    public func colors(_ appearance: Appearance) -> BarColors { appearance == .dark ? dark : light }

    /// Every file the configuration names: itself, and each tab's animation, dark file and images
    /// (paths as resolved). Outputs must never overwrite any of them.
    public var referencedPaths: [String] {
        var paths = file.isEmpty ? [] : [file]
        for tab in tabs {
            if let a = tab.animation { paths.append(a.path); paths += a.darkPath.map { [$0] } ?? [] }
            paths += [tab.image, tab.selectedImage, tab.darkImage, tab.darkSelectedImage].compactMap { $0 }
        }
        return paths
    }
}

/// Light or dark mode.
public enum Appearance: String, Sendable, Equatable, CaseIterable {
    case light, dark
}

/// How a static icon is drawn (UIImage rendering modes as a tab bar applies them).
public enum IconRenderingMode: String, Sendable, Equatable {
    /// The image's alpha is a mask painted with the selected or unselected tint (a tab bar's default).
    case template
    /// The image's own colours (`UIImageRenderingModeAlwaysOriginal`).
    case original
}

/// One tab of the bar.
public struct TabItem: Sendable {
    /// Where the tab's animation comes from.
    public enum AnimationKind: String, Sendable, Equatable {
        /// `CYLTabBarLottieFilePath`.
        case lottie
        /// `CYLTabBarGIFFilePath`: plays once on select like a Lottie.
        case gif
        /// `CYLTabBarAnimationURL`: any registered format.
        case any
    }

    public struct Animation: Sendable, Equatable {
        public var kind: AnimationKind
        /// The configuration key it was given under (for messages).
        public var key: String
        public var path: String
        /// A second file for dark mode: `CYLTabBarLottieDarkFilePath`, or `name_dark.ext` beside
        /// `path` when it exists (the seed's convention).
        public var darkPath: String?
        /// Whether `darkPath` was found by the naming convention rather than given.
        public var darkPathFromConvention = false
        /// `CYLTabBarLottieDarkColors`: keypath → colour overrides for dark mode.
        public var darkColors: [ColorOverride] = []

        public init(kind: AnimationKind, key: String, path: String) {
            self.kind = kind
            self.key = key
            self.path = path
        }
    }

    /// Position in `tabBarItemsAttributes` (0-based).
    public var index: Int
    /// `CYLTabBarItemIdentifier`.
    public var identifier: String?
    /// `CYLTabBarItemTitle`.
    public var title: String?
    /// `CYLTabBarItemImage` and friends: PNG (or GIF, which then loops as a plain image) paths.
    public var image: String?
    public var selectedImage: String?
    public var darkImage: String?
    public var darkSelectedImage: String?
    /// `CYLTabBarItemImageRenderingMode`: template (default) or original.
    public var renderingMode: IconRenderingMode = .template
    public var animation: Animation?
    /// `CYLTabBarLottieLoopsWhenUnselected`.
    public var loopsWhenUnselected = false
    /// `CYLTabBarItemTitleColor` / `CYLTabBarItemSelectedTitleColor` (nil: the bar's tints).
    public var titleColor: RGBA8?
    public var selectedTitleColor: RGBA8?

    public init(index: Int) { self.index = index }

    /// "tab 2 \"home\"": how messages name this tab.
    public var label: String { TabItem.label(index: index, identifier: identifier ?? title) }

    static func label(index: Int, identifier: String?) -> String {
        identifier.map { "tab \(index) \"\($0)\"" } ?? "tab \(index)"
    }

    /// The playback rule this tab follows (DESIGN.md §4).
    public var policy: PlaybackPolicy { loopsWhenUnselected ? .loopsWhenUnselected : .playOnceOnSelect }
}

/// Why a tab-bar configuration cannot be used. Says which file, which tab (index and identifier)
/// and which key, then what is wrong.
public struct ConfigError: Error, Sendable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
        /// Not JSON: syntax, nesting too deep, NaN/Infinity, empty.
        case syntax
        /// The file is larger than the limit for a configuration.
        case tooLarge
        /// A value of the wrong JSON type.
        case wrongType
        /// A value of the right type that is not acceptable (speed ≤ 0, bad colour, ...).
        case invalidValue
        /// A required key is absent, or a tab has nothing to show.
        case missing
        /// A referenced file (animation, image) does not exist or cannot be read.
        case missingFile
        /// A referenced animation exists but could not be opened.
        case badAnimation
        /// The configuration file itself is missing or unreadable.
        case unreadable
    }

    public var file: String
    public var kind: Kind
    /// The tab's position in `tabBarItemsAttributes`, when the problem is in one tab.
    public var tabIndex: Int?
    public var identifier: String?
    /// The key (`CYLTabBarLottieFilePath`), when the problem is one value.
    public var key: String?
    /// JSON location: path, line and column, when known.
    public var location: String?
    public var message: String

    public init(file: String, _ kind: Kind, tab: Int? = nil, identifier: String? = nil, key: String? = nil,
                location: String? = nil, _ message: String) {
        self.file = file
        self.kind = kind
        self.tabIndex = tab
        self.identifier = identifier
        self.key = key
        self.location = location
        self.message = message
    }

    /// `tabbar.json:tabBarItemsAttributes[2] (3:7): tab 2 "home": CYLTabBarLottieFilePath: no such file 'x.json'`.
    public var description: String {
        var out = file
        if let location { out += ":\(location)" }
        out += ": "
        if let tabIndex { out += TabItem.label(index: tabIndex, identifier: identifier) + ": " }
        if let key { out += "\(key): " }
        return out + message
    }
}
