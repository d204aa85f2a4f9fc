import CYLDocuments
import CYLConvert
import CYLRaster
import CYLTimeline

/// A tab bar as CYLTabBarController's configuration file describes it, resolved for one skin,
/// platform and app version: the tabs shown in order, the ones the filters left out, and the
/// bar's own settings.
///
/// Read one with ``init(contentsOf:options:)`` (JSON, JSONC, JSON5, XML or binary property list,
/// YAML: the content decides) or ``load(path:options:)``; build one for a single animation with
/// ``single(animationPath:loops:)``. Every path in it is already resolved against the
/// configuration file's directory. A configuration read from a file remembers the file's skins:
/// ``resolved(theme:)`` gives the same bar in another skin.
public struct TabBarConfiguration: Sendable {
    /// The file it came from ("" when made in code).
    public var file: String
    /// The format the file was written in; nil when made in code.
    public var format: StructuredFormat?
    /// The tabs shown, in order.
    public var tabs: [TabItem]
    /// Tabs the platform and app-version filters left out, with the reason.
    public var skippedTabs: [SkippedTab] = []
    /// `CYLTabBarControllerTabBarItemAnimationSpeed`: rate multiplier for every tab (> 0).
    public var speed: Double = 1
    /// The icon's box in points (`CYLTabBarItemIconSize`, default 30).
    public var iconSize: Double = 30
    /// Pixels per point for previews (`CYLTabBarScale`, default 2).
    public var scale: Int = 2
    /// `CYLTabBarLaunchAnimates`: whether the tab selected when the bar appears plays its
    /// animation. The library shows it at its last frame without playing (false, the default).
    public var launchAnimates = false
    /// The bar's colours in light and dark appearance (UIKit's unless the file or skin sets them).
    public var light: BarColors = .defaultLight
    public var dark: BarColors = .defaultDark
    /// Unknown keys and other things worth saying that do not stop the preview.
    public var warnings: [Diagnostic] = []
    /// The skin this configuration is resolved with (nil: the file has no skins).
    public var theme: String?
    /// Whether `theme` was asked for (`--theme`), rather than being the file's default skin.
    public var themeWasChosen = false
    /// The skins the file defines (`CYLTabBarControllerThemes`), in the order written.
    public var themes: [String] = []
    /// The skin shown when none is asked for: the one named `default`, else the first written.
    public var defaultTheme: String?
    /// `CYLTabBarControllerDarkThemeIdentifier`: the skin dark appearance uses.
    public var darkTheme: String?
    /// The parsed file, to resolve other skins.
    let document: ConfigDocument?

    /// A configuration made in code, with UIKit's defaults for everything but the tabs.
    public init(file: String, tabs: [TabItem]) {
        self.file = file
        self.tabs = tabs
        document = nil
    }

    init(file: String, document: ConfigDocument) {
        self.file = file
        self.tabs = []
        self.document = document
        format = document.format
    }

    /// The colours of the bar in one appearance.
    public struct BarColors: Sendable, Equatable {
        /// The bar's fill.
        public var background: RGBA8
        /// Selected icon and title tint (`tintColor`).
        public var tint: RGBA8
        /// Unselected icon and title tint (`unselectedItemTintColor`).
        public var unselectedTint: RGBA8
        /// The hairline along the top of the bar.
        public var separator: RGBA8

        /// Colours for one appearance.
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
            paths += [tab.image, tab.selectedImage, tab.darkImage, tab.selectedDarkImage].compactMap { $0 }
        }
        return paths
    }

    /// The same file resolved with the skin `theme` (nil: the default skin), as if asked for.
    /// Throws when the file has no such skin or a reference in it cannot be resolved.
    public func resolved(theme: String?) throws(ConfigError) -> TabBarConfiguration {
        guard let document else {
            if theme == nil { return self }
            throw ConfigError(file: file, .theme, "no skin \"\(theme!)\": this configuration was not read from a file with \(ConfigKey.themes)")
        }
        return try document.configuration(theme: theme, chosen: theme != nil)
    }

    /// The configuration dark appearance shows: the dark skin's when the file names one (as the
    /// library switches to it in dark mode, whatever skin light mode shows); nil when it is this one.
    func darkAppearanceConfiguration() throws(ConfigError) -> TabBarConfiguration? {
        guard let document, let darkTheme, darkTheme != theme else { return nil }
        var dark = try document.configuration(theme: darkTheme, chosen: false)
        dark.iconSize = iconSize
        dark.scale = scale
        return dark
    }
}

/// Light or dark mode.
public enum Appearance: String, Sendable, Equatable, CaseIterable {
    case light, dark
}

/// How a static icon is drawn (UIImage rendering modes as a tab bar applies them).
public enum IconRenderingMode: String, Sendable, Equatable {
    /// The image's alpha is a mask painted with the selected or unselected tint (UIKit's own
    /// default for a tab bar item; opt-in here).
    case template
    /// The image's own colours (`UIImageRenderingModeAlwaysOriginal`): what CYLTabBarController
    /// does with every image its configuration names, and so the default.
    case original
}
