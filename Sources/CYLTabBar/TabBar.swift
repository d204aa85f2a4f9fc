import CYLCodecs
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

/// A tab-bar configuration with every tab's animation and images opened, ready to draw.
public final class TabBar {
    public let configuration: TabBarConfiguration
    public let tabs: [OpenedTab]
    /// Notes from opening (dark files found by convention, overrides a raster format ignores, ...)
    /// after the configuration's own warnings.
    public private(set) var diagnostics: [Diagnostic]

    /// Opens every tab. Errors name the tab and the key of the file that failed. `registry` opens
    /// the animations (`AnimatorRegistry.standard` for every format this package ships); dark colour
    /// overrides reach its animators through `OpenOptions.colorOverrides`.
    public init(configuration: TabBarConfiguration, options: OpenOptions = OpenOptions(), registry: AnimatorRegistry) throws {
        self.configuration = configuration
        var notes = configuration.warnings
        var opened: [OpenedTab] = []
        for tab in configuration.tabs {
            let t = try OpenedTab(tab, file: configuration.file, options: options, registry: registry)
            notes += t.notes.map { Diagnostic($0.severity, at: $0.location.isEmpty ? tab.label : "\(tab.label): \($0.location)", $0.message) }
            opened.append(t)
        }
        tabs = opened
        diagnostics = notes
    }

    /// Every file and folder the bar was drawn from: what the configuration names and what each
    /// opened animation reads. Previews refuse to write over them.
    public var inputs: [String] {
        configuration.referencedPaths + tabs.flatMap { tab -> [String] in
            switch tab.content {
            case .animation(let light, let dark, _): return light.inputs + dark.inputs
            case .loopingImage(let t): return t.inputs
            case .images: return []
            }
        }
    }

    /// Finds a tab by 0-based index ("2") or identifier ("home").
    public func tabIndex(named name: String) -> Int? {
        if let i = Int(name), i >= 0, i < tabs.count { return i }
        return tabs.firstIndex { $0.item.identifier == name } ?? tabs.firstIndex { $0.item.title == name }
    }
}

/// One tab with its content opened.
public final class OpenedTab {
    public enum Content {
        /// An animation with its dark variant (the same timeline when there is none).
        case animation(light: FrameTimeline, dark: FrameTimeline, policy: PlaybackPolicy)
        /// Static images (already decoded), drawn templated or as-is.
        case images(normal: Pixmap, selected: Pixmap?, darkNormal: Pixmap?, darkSelected: Pixmap?)
        /// A GIF given as the tab's plain image: loops forever, whatever the selection.
        case loopingImage(FrameTimeline)
    }

    public let item: TabItem
    public let content: Content
    var notes: [Diagnostic] = []
    private var cache: [CacheKey: Pixmap] = [:]

    private struct CacheKey: Hashable { var frame: Int; var selected: Bool; var dark: Bool; var size: PixelSize; var tint: RGBA8? }

    init(_ item: TabItem, file: String, options: OpenOptions, registry: AnimatorRegistry) throws {
        self.item = item
        // A tab plays what selecting it does (Rive: frame 0 rests, then the selection input is set).
        var options = options
        options.playsSelection = true
        func failure(_ key: String, _ error: any Error) -> ConfigError {
            if let e = error as? ConfigError { return e }
            return ConfigError(file: file, .badAnimation, tab: item.index, identifier: item.identifier ?? item.title, key: key, "\(error)")
        }
        if let animation = item.animation {
            let light: FrameTimeline
            do { light = try registry.timeline(forPath: animation.path, options: options) } catch { throw failure(animation.key, error) }
            var dark = light
            if let darkPath = animation.darkPath {
                do { dark = try registry.timeline(forPath: darkPath, options: options) } catch {
                    throw failure(animation.darkPathFromConvention ? "\(animation.key) (dark file \(darkPath) by the _dark naming convention)" : ConfigKey.lottieDark, error)
                }
                if animation.darkPathFromConvention { notes.append(Diagnostic(.note, "dark variant \(darkPath) found by the name_dark naming convention")) }
                if !animation.darkColors.isEmpty {
                    notes.append(Diagnostic(.warning, "\(ConfigKey.lottieDarkColors) ignored: the dark file \(darkPath) is used instead"))
                }
            } else if !animation.darkColors.isEmpty {
                var darkOptions = options
                darkOptions.colorOverrides = animation.darkColors
                do { dark = try registry.timeline(forPath: animation.path, options: darkOptions) } catch {
                    throw failure(ConfigKey.lottieDarkColors, error)
                }
                if !light.capabilities.supportsColorOverrides {
                    notes.append(Diagnostic(.warning, "\(ConfigKey.lottieDarkColors) recolour vector animations; this \(light.format) is shown unchanged in dark mode"))
                }
                // What only the recoloured open reported: overrides that matched nothing.
                notes += dark.diagnostics.filter { !light.diagnostics.contains($0) }
            }
            // An input opened to loop whatever the selection (a GIF given as a plain image) keeps that rule.
            let policy = light.suggestedPolicy == .loop ? .loop : item.policy
            content = .animation(light: light, dark: dark, policy: policy)
            return
        }
        guard let imagePath = item.image else {
            throw ConfigError(file: file, .missing, tab: item.index, identifier: item.identifier, "the tab has nothing to show")
        }
        func decode(_ path: String?, _ key: String) throws -> Pixmap? {
            guard let path else { return nil }
            let bytes: [UInt8]
            do { bytes = try InputFile.read(path, limits: options.limits) } catch { throw failure(key, error) }
            do { return try PNGCodec.decode(bytes, name: path, maxPixels: options.limits.maxCanvasPixels) } catch { throw failure(key, error) }
        }
        // An animated image (a GIF) given as the tab's plain image loops forever whatever the selection.
        let probe = try? ContentProbe.read(path: imagePath)
        if let probe, probe.starts(with: Array("GIF8".utf8)) {
            do { content = .loopingImage(try registry.timeline(forPath: imagePath, options: options)) }
            catch { throw failure(ConfigKey.image, error) }
            return
        }
        content = .images(normal: try decode(imagePath, ConfigKey.image)!,
                          selected: try decode(item.selectedImage, ConfigKey.selectedImage),
                          darkNormal: try decode(item.darkImage, ConfigKey.darkImage),
                          darkSelected: try decode(item.darkSelectedImage, ConfigKey.darkSelectedImage))
    }

    /// Frames in the (light) animation; 1 for static images.
    public var frameCount: Int {
        switch content {
        case .animation(let light, _, _): return light.frameCount
        case .loopingImage(let t): return t.frameCount
        case .images: return 1
        }
    }

    /// The (light) timeline, if the tab is animated.
    public var timeline: FrameTimeline? {
        switch content {
        case .animation(let light, _, _): return light
        case .loopingImage(let t): return t
        case .images: return nil
        }
    }

    public var policy: PlaybackPolicy {
        switch content {
        case .animation(_, _, let p): return p
        case .loopingImage: return .loop
        case .images: return .playOnceOnSelect
        }
    }

    /// Whether the tab's icon is tinted (static template images).
    public var isTemplated: Bool {
        if case .images = content { return item.renderingMode == .template }
        return false
    }

    /// A player following the tab's rule. Static images get a one-frame player (events still flow).
    public func makePlayer(speed: Double, origin: Duration = .zero) throws -> Player {
        switch content {
        case .animation(let light, _, let policy): return try Player(timeline: light, policy: policy, speed: speed, origin: origin)
        case .loopingImage(let t): return try Player(timeline: t, policy: .loop, speed: speed, origin: origin)
        case .images: return try Player(frameDurations: [.zero], policy: .playOnceOnSelect, speed: speed, origin: origin)
        }
    }

    /// The dark timeline's frame that shows at the same point of the animation as light frame
    /// `frame` (the same index when both have as many frames), so switching keeps the position.
    public func darkFrame(for frame: Int) -> Int {
        guard case .animation(let light, let dark, _) = content, dark.frameCount != light.frameCount else { return frame }
        let t = light.startTime(ofFrame: frame).seconds / max(light.duration.seconds, 1e-9)
        return min(dark.frameCount - 1, max(0, dark.frameIndex(at: .seconds(t * dark.duration.seconds))))
    }

    /// The icon at `size` pixels: light frame `frame` (mapped to the dark variant in dark mode),
    /// static images picked by selection and appearance and tinted with `tint` when templated.
    public func icon(frame: Int, selected: Bool, appearance: Appearance, size: PixelSize, tint: RGBA8) throws -> Pixmap {
        let dark = appearance == .dark
        let key = CacheKey(frame: frame, selected: selected, dark: dark, size: size, tint: isTemplated ? tint : nil)
        if let hit = cache[key] { return hit }
        let image: Pixmap
        switch content {
        case .animation(let light, let darkTimeline, _):
            image = dark ? try darkTimeline.render(frame: darkFrame(for: frame), size: size) : try light.render(frame: frame, size: size)
        case .loopingImage(let t):
            image = try t.render(frame: frame, size: size)
        case .images(let normal, let sel, let darkNormal, let darkSelected):
            let source: Pixmap
            if dark {
                // As an asset catalogue resolves traits: each image falls back to its own light form.
                source = selected ? darkSelected ?? sel ?? darkNormal ?? normal : darkNormal ?? normal
            } else {
                source = (selected ? sel : nil) ?? normal
            }
            let fitted = try source.fitted(to: size)
            image = item.renderingMode == .template ? fitted.templated(with: tint) : fitted
        }
        if cache.count > 512 { cache.removeAll() }
        cache[key] = image
        return image
    }
}
