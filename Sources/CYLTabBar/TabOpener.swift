import CYLImageCodecs
import CYLRaster
import CYLTimeline

/// Opens tabs' files, each file and option set once (a dark skin often reuses the light files).
final class TabOpener {
    let file: String
    let options: OpenOptions
    let registry: AnimatorRegistry
    private var timelines: [String: FrameTimeline] = [:]

    init(file: String, options: OpenOptions, registry: AnimatorRegistry) {
        self.file = file
        // A tab plays what selecting it does (Rive: frame 0 rests, then the selection input is set).
        var options = options
        options.playsSelection = true
        self.options = options
        self.registry = registry
    }

    func failure(_ item: TabItem, _ key: String, _ error: any Error) -> ConfigError {
        if let e = error as? ConfigError { return e }
        return failure(item, key, message: "\(error)")
    }

    func failure(_ item: TabItem, _ key: String, message: String) -> ConfigError {
        ConfigError(file: file, .badAnimation, tab: item.index, identifier: item.identifier ?? item.title, key: key, message)
    }

    /// What `item` shows in `appearance`, and for an animation in dark appearance the variant
    /// `DarkVariant.choose` picked.
    func face(_ item: TabItem, appearance: Appearance, notes: inout [Diagnostic]) throws -> (OpenedTab.Face, DarkVariant?) {
        if let animation = item.animation {
            let (timeline, variant) = try animationTimeline(item, animation, appearance: appearance, notes: &notes)
            return (.animation(timeline), variant)
        }
        guard let imagePath = item.image else {
            throw ConfigError(file: file, .missing, tab: item.index, identifier: item.identifier, "the tab has nothing to show")
        }
        // An animated image (a GIF) given as the tab's plain image loops forever whatever the selection.
        if let probe = try? ContentProbe.read(path: imagePath), probe.starts(with: Array("GIF8".utf8)) {
            return (.loopingImage(try open(imagePath, options, item: item, key: ConfigKey.image)), nil)
        }
        let dark = appearance == .dark
        let normalKey = dark && item.darkImage != nil ? ConfigKey.darkImage : ConfigKey.image
        let normal = try decode(dark ? item.darkImage ?? imagePath : imagePath, item: item, key: normalKey)
        let selectedPath = dark ? item.selectedDarkImage ?? item.selectedImage : item.selectedImage
        let selectedKey = dark && item.selectedDarkImage != nil ? ConfigKey.selectedDarkImage : ConfigKey.selectedImage
        return (.images(normal: normal, selected: try selectedPath.map { path throws in try decode(path, item: item, key: selectedKey) }), nil)
    }

    /// The animation's timeline in `appearance`; in dark, what `DarkVariant.choose` picks (a dark
    /// file, a theme of the file, dark colours, or the light timeline itself) and that choice.
    func animationTimeline(_ item: TabItem, _ animation: TabItem.Animation, appearance: Appearance,
                           notes: inout [Diagnostic]) throws -> (FrameTimeline, DarkVariant?) {
        var o = options
        o.animationID = animation.options.animation ?? options.animationID
        o.artboard = animation.options.artboard ?? options.artboard
        o.stateMachine = animation.options.stateMachine ?? options.stateMachine
        o.selectionInput = animation.options.selectionInput ?? options.selectionInput
        let light = try open(animation.path, o, item: item, key: animation.key)
        guard appearance == .dark else {
            notes += Self.assetWarnings(light, path: animation.path)
            return (light, nil)
        }
        let chosen: (variant: DarkVariant, notes: [Diagnostic])
        do {
            chosen = try DarkVariant.choose(for: animation.path, animation.darkSettings) { registry.themes(forPath: animation.path, options: o) }
        } catch {
            throw ConfigError(file: file, .invalidValue, tab: item.index, identifier: item.identifier ?? item.title,
                              key: ConfigKey.darkThemeOption, error.description)
        }
        let (path, darkOptions) = chosen.variant.opening(animation.path, options: o)
        let dark: FrameTimeline
        switch chosen.variant {
        case .none:
            dark = light
        case .file(let darkPath, let byConvention):
            let key = byConvention ? "\(animation.key) (dark file \(darkPath) by the _dark naming convention)" : animation.darkKey
            dark = try open(path, darkOptions, item: item, key: key)
            notes += Self.assetWarnings(dark, path: darkPath)
            if byConvention { notes.append(Diagnostic(.note, "dark variant \(darkPath) found by the name_dark naming convention")) }
        case .theme(let name, let named):
            let key = named ? ConfigKey.darkThemeOption : "\(animation.key) (its theme \"\(name)\" for dark appearance)"
            dark = try open(path, darkOptions, item: item, key: key)
            // What only the themed open reported (a rule of this theme that is not applied).
            notes += dark.diagnostics.filter { !light.diagnostics.contains($0) }
        case .colors:
            dark = try open(path, darkOptions, item: item, key: ConfigKey.lottieDarkColors)
            if !light.capabilities.supportsColorOverrides {
                notes.append(Diagnostic(.warning, "\(ConfigKey.lottieDarkColors) recolour vector animations; this \(light.format) is shown unchanged in dark mode"))
            }
            // What only the recoloured open reported: overrides that matched nothing.
            notes += dark.diagnostics.filter { !light.diagnostics.contains($0) }
        }
        notes += chosen.notes
        return (dark, chosen.variant)
    }

    /// What went wrong with the image files and slots of the animation at `path`, and content it
    /// does not draw (a missing image draws nothing, which the bar's preview would otherwise
    /// show without a word).
    static func assetWarnings(_ t: FrameTimeline, path: String) -> [Diagnostic] {
        t.diagnostics.filter { $0.severity == .warning && $0.feature?.warnsWhenRendering == true }.map {
            Diagnostic(.warning, at: $0.location, "\(path): \($0.message)", feature: $0.feature)
        }
    }

    /// Opens `path` (once per path and options), cut to the tab's marker when it names one.
    func open(_ path: String, _ o: OpenOptions, item: TabItem, key: String) throws -> FrameTimeline {
        let marker = item.animation?.options.marker
        let cacheKey = [path, o.animationID ?? "", o.artboard ?? "", o.stateMachine ?? "", o.selectionInput ?? "", o.theme ?? "",
                        o.colorOverrides.map { "\($0.keypath)=\($0.color)" }.joined(separator: ","), marker ?? ""].joined(separator: "\u{0}")
        if let hit = timelines[cacheKey] { return hit }
        var t: FrameTimeline
        do { t = try registry.timeline(forPath: path, options: o) } catch let e as OpenError where e.kind == .unknownName {
            throw e  // an option names what the file lacks (--theme): a usage mistake, not the tab's
        } catch { throw failure(item, key, error) }
        if let marker {
            do { t = try t.segment(ofMarker: marker) } catch {
                throw failure(item, "\(ConfigKey.animationOptions).\(ConfigKey.Option.marker)", message: error.message)
            }
        }
        timelines[cacheKey] = t
        return t
    }

    func decode(_ path: String, item: TabItem, key: String) throws -> Pixmap {
        let bytes: [UInt8]
        do { bytes = try InputFile.read(path, limits: options.limits) } catch { throw failure(item, key, error) }
        do { return try PNGCodec.decode(bytes, name: path, maxPixels: options.limits.maxCanvasPixels) } catch { throw failure(item, key, error) }
    }
}
