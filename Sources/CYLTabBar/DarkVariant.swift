import CYLTimeline

/// What an animation shows in dark appearance. `DarkVariant.choose` is the one rule for it:
/// the tab bar (`TabBar`, so `preview`, `review`, `lint` and a live player) and `build`'s dark
/// outputs all ask it, so a file can never look one way in a preview and another in a build.
public enum DarkVariant: Sendable, Equatable {
    /// Nothing for dark: the light animation shows on the dark bar.
    case none
    /// A second file (`CYLTabBarLottieDarkFilePath` / `URL`, a pipeline input's `dark`), or
    /// `name_dark.ext` beside the animation when `byConvention`.
    case file(String, byConvention: Bool)
    /// The animation's own file drawn with one of its themes (a dotLottie theme): the one
    /// `CYLTabBarAnimationOptions` `darkTheme` names when `named`, else the file's theme called
    /// `dark` (`DarkVariant.conventionalTheme`).
    case theme(String, named: Bool)
    /// The animation's own file recoloured: `CYLTabBarLottieDarkColors` (a pipeline input's
    /// `darkColors`).
    case colors([ColorOverride])

    /// The theme a file's dark appearance uses when nothing names one: the obvious name, which
    /// a designer can give a theme without touching any configuration.
    public static let conventionalTheme = "dark"

    /// The path to open for dark appearance and the options to open it with, from the light
    /// animation's `path` and `options`. A dark file is opened with the light options unchanged
    /// (as it always was); a theme replaces the options' theme; colours replace their overrides.
    public func opening(_ path: String, options: OpenOptions) -> (path: String, options: OpenOptions) {
        var o = options
        switch self {
        case .none: return (path, o)
        case .file(let dark, _): return (dark, o)
        case .theme(let name, _): o.theme = name
        case .colors(let overrides): o.colorOverrides = overrides
        }
        return (path, o)
    }

    /// Whether dark appearance differs from light at all.
    public var isNone: Bool { self == .none }
}

/// The dark settings one animation is given, before `DarkVariant.choose` picks what shows.
public struct DarkSettings: Sendable, Equatable {
    /// A second file for dark (given, or found by the `_dark` naming convention).
    public var path: String?
    /// Whether `path` was found by the naming convention rather than given.
    public var pathByConvention = false
    /// Keypath → colour overrides for dark.
    public var colors: [ColorOverride] = []
    /// The theme `CYLTabBarAnimationOptions` `darkTheme` names.
    public var theme: String?

    /// The settings as given; every part optional.
    public init(path: String? = nil, pathByConvention: Bool = false, colors: [ColorOverride] = [], theme: String? = nil) {
        self.path = path
        self.pathByConvention = pathByConvention
        self.colors = colors
        self.theme = theme
    }
}

/// `CYLTabBarAnimationOptions` `darkTheme` names a theme the animation's file does not have.
public struct MissingDarkTheme: Error, Sendable, Equatable, CustomStringConvertible {
    /// The animation's file.
    public var file: String
    /// The theme asked for.
    public var theme: String
    /// The themes the file has for the animation.
    public var themes: [String]

    /// `file` lacks `theme`; it has `themes`.
    public init(file: String, theme: String, themes: [String]) {
        self.file = file
        self.theme = theme
        self.themes = themes
    }

    /// `icons/bell.lottie has no theme "midnight"; its themes: dark, sky`.
    public var description: String {
        "\(file) has no theme \"\(theme.escapingForMessage)\"; "
            + (themes.isEmpty ? "it has no themes" : "its themes: \(themes.map(\.escapingForMessage).joined(separator: ", "))")
    }
}

extension DarkVariant {
    /// The rule, first match wins:
    /// 1. a dark file, given or found as `name_dark.ext` (a whole second animation, preferred to
    ///    colours as this tool always has);
    /// 2. the theme `CYLTabBarAnimationOptions` `darkTheme` names (it must be one of the file's);
    /// 3. `CYLTabBarLottieDarkColors`;
    /// 4. the file's own theme named `dark`;
    /// 5. nothing: the light animation.
    /// What the configuration says for this tab (2, 3) comes before what the file offers by a
    /// name (4), and a theme named on purpose before colours, which recolour keypaths the theme
    /// was made to style. `themes` lists the themes of the light file (asked only when needed).
    /// The diagnostics say what a winner left unused: a warning for a setting given and
    /// ignored, a note for a `dark` theme the file has but does not show.
    public static func choose(for path: String, _ settings: DarkSettings,
                              themes: () -> [String]) throws(MissingDarkTheme) -> (variant: DarkVariant, notes: [Diagnostic]) {
        var notes: [Diagnostic] = []
        func unusedConventionalTheme(_ because: String) {
            if themes().contains(conventionalTheme) {
                notes.append(Diagnostic(.note, "theme \"\(conventionalTheme)\" of \(path) is not shown in dark appearance: \(because)"))
            }
        }
        if let dark = settings.path {
            let instead = "the dark file \(dark) is used instead"
            if !settings.colors.isEmpty { notes.append(Diagnostic(.warning, "\(ConfigKey.lottieDarkColors) ignored: \(instead)")) }
            if let theme = settings.theme {
                notes.append(Diagnostic(.warning, "\(ConfigKey.darkThemeOption) \"\(theme.escapingForMessage)\" ignored: \(instead)"))
            } else {
                unusedConventionalTheme("the dark file \(dark) is")
            }
            return (.file(dark, byConvention: settings.pathByConvention), notes)
        }
        if let theme = settings.theme {
            let available = themes()
            guard available.contains(theme) else { throw MissingDarkTheme(file: path, theme: theme, themes: available) }
            if !settings.colors.isEmpty {
                notes.append(Diagnostic(.warning, "\(ConfigKey.lottieDarkColors) ignored: theme \"\(theme.escapingForMessage)\" (\(ConfigKey.darkThemeOption)) is used instead"))
            }
            return (.theme(theme, named: true), notes)
        }
        if !settings.colors.isEmpty {
            unusedConventionalTheme("\(ConfigKey.lottieDarkColors) recolour the animation instead")
            return (.colors(settings.colors), notes)
        }
        if themes().contains(conventionalTheme) { return (.theme(conventionalTheme, named: false), notes) }
        return (.none, notes)
    }
}
