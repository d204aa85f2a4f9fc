import CYLImageCodecs
import CYLConvert
import CYLRaster
import CYLTimeline

extension TabBarConfiguration {
    /// A one-tab bar showing a single animation (what `cylanim preview icon.json` previews). The
    /// seed's dark-file convention applies: `icon_dark.json` beside `icon.json` is its dark variant.
    public static func single(animationPath: String, loops: Bool = false) -> TabBarConfiguration {
        var tab = TabItem(index: 0)
        var animation = TabItem.Animation(kind: .any, key: "input", path: animationPath)
        if let dark = DarkVariantNaming.existingDarkPath(for: animationPath) {
            animation.darkPath = dark
            animation.darkPathFromConvention = true
        }
        tab.animation = animation
        tab.loopsWhenUnselected = loops
        var config = TabBarConfiguration(file: animationPath, tabs: [tab])
        config.iconSize = 30
        return config
    }
}

extension Pixmap {
    /// Template rendering (UIKit's `UIImageRenderingModeAlwaysTemplate`): this image's alpha as a
    /// mask filled with `color` (straight alpha); the image's own colours are ignored.
    public func templated(with color: RGBA8) -> Pixmap {
        var out = self
        let c = color.premultiplied
        let (w, h, s) = (width, height, stride)
        out.withUnsafeMutableBytes { p in
            for y in 0..<h {
                var i = y * s
                for _ in 0..<w {
                    let a = UInt32(p[i + 3])
                    @inline(__always) func mul(_ v: UInt8) -> UInt8 { let t = UInt32(v) * a + 128; return UInt8((t + (t >> 8)) >> 8) }
                    p[i] = mul(c.r); p[i + 1] = mul(c.g); p[i + 2] = mul(c.b); p[i + 3] = mul(c.a)
                    i += 4
                }
            }
        }
        return out
    }
}

/// A tab-bar configuration with every tab's animation and images opened, ready to draw. Dark
/// appearance shows the dark skin (`CYLTabBarControllerDarkThemeIdentifier`) when the file names
/// one, else the same skin; either way with each tab's dark variants.
public final class TabBar {
    /// What light appearance shows.
    public let configuration: TabBarConfiguration
    /// What dark appearance shows: the dark skin's configuration, or `configuration`.
    public let darkConfiguration: TabBarConfiguration
    /// The tabs shown, opened, in order.
    public let tabs: [OpenedTab]
    /// Notes from opening (dark files found by convention, overrides a raster format ignores,
    /// fonts that are not installed, skipped tabs, ...) after the configuration's own warnings.
    public private(set) var diagnostics: [Diagnostic]
    /// The font file each title font uses (DejaVu Sans for the system font and for fonts that are
    /// not installed).
    let fontFiles: [String: String]

    /// A copy of `bar` with `tabs` in place of its tabs.
    private init(_ bar: TabBar, tabs: [OpenedTab]) {
        configuration = bar.configuration
        darkConfiguration = bar.darkConfiguration
        self.tabs = tabs
        diagnostics = bar.diagnostics
        fontFiles = bar.fontFiles
    }

    /// The same bar with every animation drawn by a worker source, for another thread (see
    /// `FrameTimeline.worker()`); nil when a tab cannot be split (a GIF decodes frame after frame).
    public func worker() -> TabBar? {
        var copies: [OpenedTab] = []
        for tab in tabs {
            guard let copy = tab.worker() else { return nil }
            copies.append(copy)
        }
        return TabBar(self, tabs: copies)
    }

    /// Opens every tab. Errors name the tab and the key of the file that failed. `registry` opens
    /// the animations (`AnimatorRegistry.standard` for every format this package ships); dark colour
    /// overrides and `CYLTabBarAnimationOptions` reach its animators through `OpenOptions`.
    public init(configuration: TabBarConfiguration, options: OpenOptions = OpenOptions(), registry: AnimatorRegistry) throws {
        self.configuration = configuration
        let dark = try configuration.darkAppearanceConfiguration() ?? configuration
        guard dark.tabs.count == configuration.tabs.count else {
            throw ConfigError(file: configuration.file, .theme,
                              "the dark skin \"\(dark.theme ?? "")\" shows \(dark.tabs.count) tabs but skin \"\(configuration.theme ?? "")\" shows \(configuration.tabs.count); skins restyle tabs, they do not add or remove them")
        }
        darkConfiguration = dark
        var notes = configuration.warnings
        for w in dark.warnings where !notes.contains(w) { notes.append(w) }
        let opener = TabOpener(file: configuration.file, options: options, registry: registry)
        var opened: [OpenedTab] = []
        for (i, tab) in configuration.tabs.enumerated() {
            let t = try OpenedTab(tab, dark: dark.tabs[i], opener: opener)
            notes += t.notes.map {
                Diagnostic($0.severity, at: $0.location.isEmpty ? tab.label : "\(tab.label): \($0.location)", $0.message, feature: $0.feature)
            }
            opened.append(t)
        }
        tabs = opened
        let fonts = try TitleFonts.locate(opened.flatMap { [$0.item, $0.darkItem] })
        fontFiles = fonts.files
        diagnostics = notes + fonts.warnings
    }

    /// The configuration `appearance` shows.
    public func configuration(for appearance: Appearance) -> TabBarConfiguration {
        appearance == .dark ? darkConfiguration : configuration
    }

    /// Tabs the platform and app-version filters left out.
    public var skippedTabs: [SkippedTab] { configuration.skippedTabs }

    /// Every file and folder the bar was drawn from: what the configuration names and what each
    /// opened animation reads. Previews refuse to write over them.
    public var inputs: [String] {
        var paths = configuration.referencedPaths
        if darkConfiguration.theme != configuration.theme { paths += darkConfiguration.referencedPaths }
        return paths + tabs.flatMap { tab in [tab.light, tab.dark].flatMap { $0.timeline?.inputs ?? [] } }
    }

    /// The title font files the bar draws with (as fontconfig or the configuration named them).
    public var fontPaths: [String] { fontFiles.values.sorted() }

    /// Finds a tab by 0-based index ("2") or identifier ("home").
    public func tabIndex(named name: String) -> Int? {
        if let i = Int(name), i >= 0, i < tabs.count { return i }
        return tabs.firstIndex { $0.item.identifier == name } ?? tabs.firstIndex { $0.item.title == name }
    }

    /// The font file for `font` (see `fontFiles`).
    func fontFile(_ font: TitleFont?) -> String? { fontFiles[font?.name ?? ""] }
}

/// One tab with its content opened for both appearances.
public final class OpenedTab {
    /// What the tab shows in one appearance.
    public enum Face {
        /// An animation.
        case animation(FrameTimeline)
        /// Static images (already decoded), drawn templated or as-is.
        case images(normal: Pixmap, selected: Pixmap?)
        /// A GIF given as the tab's plain image: loops forever, whatever the selection.
        case loopingImage(FrameTimeline)

        /// The timeline, if the face moves.
        public var timeline: FrameTimeline? {
            switch self {
            case .animation(let t), .loopingImage(let t): return t
            case .images: return nil
            }
        }
    }

    /// The tab as light appearance shows it.
    public let item: TabItem
    /// The tab as dark appearance shows it (the dark skin's, or `item`).
    public let darkItem: TabItem
    /// What light appearance shows.
    public let light: Face
    /// What dark appearance shows (the dark skin's tab, its dark file, theme or colours, or the light face).
    public let dark: Face
    /// Where the dark face's animation comes from (`DarkVariant.choose`); nil for static images
    /// and a GIF given as a plain image.
    public let darkVariant: DarkVariant?
    /// The rule the tab plays by, from its light face.
    public let policy: PlaybackPolicy
    var notes: [Diagnostic] = []
    /// Icons drawn, so a replayed loop or an idle tab costs a copy instead of a render.
    private let cache = FrameImageCache<CacheKey>(maxBytes: OpenedTab.iconCacheBytes)
    /// Pixels of icons each tab keeps: every frame of a 60-frame icon at 81x81 (27 pt at 3x) in
    /// both appearances and selection states is 6.3 MB.
    static let iconCacheBytes = 8 << 20

    private struct CacheKey: Hashable { var frame: Int; var selected: Bool; var dark: Bool; var size: PixelSize; var tint: RGBA8? }

    /// A copy of `tab` showing `light` and `dark` (the same faces drawn by other sources), with an
    /// empty icon cache.
    private init(_ tab: OpenedTab, light: Face, dark: Face) {
        item = tab.item
        darkItem = tab.darkItem
        self.light = light
        self.dark = dark
        darkVariant = tab.darkVariant
        policy = tab.policy
        notes = tab.notes
    }

    /// The same tab drawn by worker sources (`FrameTimeline.worker()`), for another thread; nil
    /// when a face cannot be split (a GIF).
    func worker() -> OpenedTab? {
        func split(_ face: Face) -> Face? {
            switch face {
            case .animation(let t): return t.worker().map { .animation($0) }
            case .loopingImage(let t): return t.worker().map { .loopingImage($0) }
            case .images: return face
            }
        }
        guard let light = split(light), let dark = split(dark) else { return nil }
        return OpenedTab(self, light: light, dark: dark)
    }

    init(_ item: TabItem, dark darkItem: TabItem, opener: TabOpener) throws {
        self.item = item
        self.darkItem = darkItem
        var notes: [Diagnostic] = []
        (light, _) = try opener.face(item, appearance: .light, notes: &notes)
        (dark, darkVariant) = try opener.face(darkItem, appearance: .dark, notes: &notes)
        self.notes = notes
        switch light {
        // An input opened to loop whatever the selection (a GIF given as a plain image) keeps that rule.
        case .animation(let t): policy = t.suggestedPolicy == .loop ? .loop : item.policy
        case .loopingImage: policy = .loop
        case .images: policy = .playOnceOnSelect
        }
    }

    /// What `appearance` shows.
    public func face(_ appearance: Appearance) -> Face { appearance == .dark ? dark : light }
    /// The tab's attributes as `appearance` shows them.
    public func item(for appearance: Appearance) -> TabItem { appearance == .dark ? darkItem : item }

    /// Frames in the light face; 1 for static images.
    public var frameCount: Int { light.timeline?.frameCount ?? 1 }

    /// The light timeline, if the tab moves.
    public var timeline: FrameTimeline? { light.timeline }

    /// Whether the tab shows only still images (no player events).
    public var isStatic: Bool { light.timeline == nil }

    /// The tab's own rate multiplier (`CYLTabBarAnimationOptions` `speed`).
    public var speed: Double { item.animation?.options.speed ?? 1 }

    /// A player following the tab's rule at the bar's `speed` times the tab's own. Static images
    /// get a one-frame player.
    public func makePlayer(speed barSpeed: Double, origin: Duration = .zero) throws -> Player {
        guard let t = light.timeline else { return try Player(frameDurations: [.zero], policy: .playOnceOnSelect, speed: barSpeed, origin: origin) }
        return try Player(timeline: t, policy: policy, speed: barSpeed * speed, origin: origin)
    }

    /// The dark face's frame that shows at the same point of the animation as light frame
    /// `frame` (the same index when both have as many frames), so switching keeps the position.
    public func darkFrame(for frame: Int) -> Int {
        guard let dark = dark.timeline else { return 0 }
        guard let light = light.timeline else { return 0 }
        guard dark.frameCount != light.frameCount else { return frame }
        let t = light.startTime(ofFrame: frame).seconds / max(light.duration.seconds, 1e-9)
        return min(dark.frameCount - 1, max(0, dark.frameIndex(at: .seconds(t * dark.duration.seconds))))
    }

    /// The icon at `size` pixels: light frame `frame` (mapped to the dark face in dark mode),
    /// static images picked by selection and tinted with `tint` when templated.
    public func icon(frame: Int, selected: Bool, appearance: Appearance, size: PixelSize, tint: RGBA8) throws -> Pixmap {
        let isDark = appearance == .dark
        let face = self.face(appearance)
        let templated: Bool
        if case .images = face { templated = item(for: appearance).renderingMode == .template } else { templated = false }
        let key = CacheKey(frame: frame, selected: selected, dark: isDark, size: size, tint: templated ? tint : nil)
        return try cache.image(key) {
            switch face {
            case .animation(let t), .loopingImage(let t):
                return try t.render(frame: isDark ? darkFrame(for: frame) : min(frame, t.frameCount - 1), size: size)
            case .images(let normal, let sel):
                let fitted = try ((selected ? sel : nil) ?? normal).fitted(to: size)
                return templated ? fitted.templated(with: tint) : fitted
            }
        }
    }

    /// Icon lookups answered from the cache and lookups that drew (for tests and `bench`).
    public var iconCacheCounts: (hits: Int, misses: Int) { (cache.hits, cache.misses) }
}
