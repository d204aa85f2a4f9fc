import CYLConvert
import CYLRaster
import CYLTimeline

/// A tab bar previewed over time: what an app or a CI script asks of a configuration file.
///
/// ```swift
/// let config = try TabBarConfiguration(contentsOf: URL(fileURLWithPath: "tabbar.yaml"))
/// let preview = try TabBarPreview(configuration: config, registry: .standard,
///                                 script: try PreviewScript(parsing: "select 1; wait 1s"))
/// let image = try preview.render(at: .seconds(0.5), appearance: .dark, theme: "festival")
/// let events = try preview.events()       // animationDidStart / animationDidFinish per tab
/// ```
///
/// Each skin's bar is opened the first time it is asked for and kept. The script runs against the
/// tab-bar rules (DESIGN.md §4); times are from the script's start.
public final class TabBarPreview {
    /// The configuration in its default (or chosen) skin.
    public let configuration: TabBarConfiguration
    /// Opens the tabs' animations.
    public let registry: AnimatorRegistry
    /// Limits and options for opening them.
    public let options: OpenOptions
    /// What happens over time; nil selects every tab in turn.
    public let script: PreviewScript?
    /// Frames per second the script is sampled at.
    public let fps: Double
    /// The tab selected when the bar appears (shown at its last frame without playing, unless the
    /// configuration sets `CYLTabBarLaunchAnimates`).
    public let initialTab: Int
    /// Overrides of every skin's icon size (points) and scale (pixels per point).
    public let iconSize: Double?
    public let scale: Int?
    private var bars: [String: TabBar] = [:]
    private var previews: [String: ScriptedPreview] = [:]

    /// Opens the configuration's bar at once, so that a bad file fails here. `registry` opens the
    /// animations (`AnimatorRegistry.standard` for every format this package ships).
    public init(configuration: TabBarConfiguration, registry: AnimatorRegistry, options: OpenOptions = OpenOptions(),
                script: PreviewScript? = nil, fps: Double = 30, initialTab: Int = 0,
                iconSize: Double? = nil, scale: Int? = nil) throws {
        var config = configuration
        if let iconSize { config.iconSize = iconSize }
        if let scale { config.scale = scale }
        self.configuration = config
        self.registry = registry
        self.options = options
        self.script = script
        self.fps = fps
        self.initialTab = initialTab
        self.iconSize = iconSize
        self.scale = scale
        let bar = try TabBar(configuration: config, options: options, registry: registry)
        bars[""] = bar
        guard initialTab >= 0, initialTab < bar.tabs.count else {
            throw UsageError("Invalid value '\(initialTab)' for '--selected': the tab bar has tabs 0-\(bar.tabs.count - 1).")
        }
    }

    /// The skins the file defines, in the order written.
    public var themes: [String] { configuration.themes }

    /// The opened bar of the configuration's own skin.
    public var bar: TabBar { bars[""]! }

    /// Warnings and notes from reading and opening, before anything is drawn.
    public var diagnostics: [Diagnostic] { bar.diagnostics }

    /// Tabs the platform and app-version filters left out.
    public var skippedTabs: [SkippedTab] { configuration.skippedTabs }

    /// The bar in skin `theme` (nil: the configuration's own), opened once.
    public func bar(theme: String?) throws -> TabBar {
        let key = theme ?? ""
        if let bar = bars[key] { return bar }
        var config = try configuration.resolved(theme: theme)
        if let iconSize { config.iconSize = iconSize }
        if let scale { config.scale = scale }
        let bar = try TabBar(configuration: config, options: options, registry: registry)
        bars[key] = bar
        return bar
    }

    /// The script played on the bar of `theme`, starting in `appearance`.
    public func scriptedPreview(theme: String? = nil, appearance: Appearance = .light) throws -> ScriptedPreview {
        let key = "\(theme ?? "")\u{0}\(appearance.rawValue)"
        if let p = previews[key] { return p }
        let bar = try bar(theme: theme)
        let p = try ScriptedPreview(bar: bar, script: script ?? .eachTabInTurn(bar, launchTab: initialTab), fps: fps, appearance: appearance, initialTab: initialTab)
        previews[key] = p
        return p
    }

    /// The whole bar at `time` into the script, in `appearance` (the script's `appearance`
    /// commands switch it later) and skin `theme`.
    public func render(at time: Duration, appearance: Appearance = .light, theme: String? = nil) throws -> Pixmap {
        let preview = try scriptedPreview(theme: theme, appearance: appearance)
        let renderer = try TabBarRenderer(bar: try bar(theme: theme))
        return try preview.render(frame: preview.frameIndex(at: time), renderer: renderer)
    }

    /// The players' events over the script, in order.
    public func events(theme: String? = nil) throws -> [PreviewEvent] {
        try scriptedPreview(theme: theme).events
    }

    /// A contact sheet of the configuration's bar, or with `allThemes` one group of rows per skin.
    public func contactSheet(options sheetOptions: ContactSheetOptions = ContactSheetOptions(), allThemes: Bool = false,
                             limits: Limits = .standard) throws -> Pixmap {
        guard allThemes else { return try ContactSheet.render(bar, options: sheetOptions, limits: limits) }
        guard !themes.isEmpty else {
            throw UsageError("--all-themes: the configuration defines no skins (\(ConfigKey.themes))")
        }
        var groups: [(title: String?, bar: TabBar)] = []
        for name in themes {
            var title = "skin \"\(name)\""
            if name == configuration.darkTheme { title += " (dark skin)" }
            if name == configuration.defaultTheme { title += " (default)" }
            groups.append((title, try bar(theme: name)))
        }
        return try ContactSheet.render(groups: groups, options: sheetOptions, limits: limits)
    }
}
