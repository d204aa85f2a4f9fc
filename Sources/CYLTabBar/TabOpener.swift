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

    /// What `item` shows in `appearance`.
    func face(_ item: TabItem, appearance: Appearance, notes: inout [Diagnostic]) throws -> OpenedTab.Face {
        if let animation = item.animation {
            return .animation(try animationTimeline(item, animation, appearance: appearance, notes: &notes))
        }
        guard let imagePath = item.image else {
            throw ConfigError(file: file, .missing, tab: item.index, identifier: item.identifier, "the tab has nothing to show")
        }
        // An animated image (a GIF) given as the tab's plain image loops forever whatever the selection.
        if let probe = try? ContentProbe.read(path: imagePath), probe.starts(with: Array("GIF8".utf8)) {
            return .loopingImage(try open(imagePath, options, item: item, key: ConfigKey.image))
        }
        let dark = appearance == .dark
        let normalKey = dark && item.darkImage != nil ? ConfigKey.darkImage : ConfigKey.image
        let normal = try decode(dark ? item.darkImage ?? imagePath : imagePath, item: item, key: normalKey)
        let selectedPath = dark ? item.selectedDarkImage ?? item.selectedImage : item.selectedImage
        let selectedKey = dark && item.selectedDarkImage != nil ? ConfigKey.selectedDarkImage : ConfigKey.selectedImage
        return .images(normal: normal, selected: try selectedPath.map { path throws in try decode(path, item: item, key: selectedKey) })
    }

    func animationTimeline(_ item: TabItem, _ animation: TabItem.Animation, appearance: Appearance, notes: inout [Diagnostic]) throws -> FrameTimeline {
        var o = options
        o.animationID = animation.options.animation ?? options.animationID
        o.artboard = animation.options.artboard ?? options.artboard
        o.stateMachine = animation.options.stateMachine ?? options.stateMachine
        o.selectionInput = animation.options.selectionInput ?? options.selectionInput
        let light = try open(animation.path, o, item: item, key: animation.key)
        if appearance == .light { notes += Self.assetWarnings(light, path: animation.path) }
        guard appearance == .dark else { return light }
        if let darkPath = animation.darkPath {
            let key = animation.darkPathFromConvention ? "\(animation.key) (dark file \(darkPath) by the _dark naming convention)" : animation.darkKey
            let dark = try open(darkPath, o, item: item, key: key)
            notes += Self.assetWarnings(dark, path: darkPath)
            if animation.darkPathFromConvention { notes.append(Diagnostic(.note, "dark variant \(darkPath) found by the name_dark naming convention")) }
            if !animation.darkColors.isEmpty {
                notes.append(Diagnostic(.warning, "\(ConfigKey.lottieDarkColors) ignored: the dark file \(darkPath) is used instead"))
            }
            return dark
        }
        guard !animation.darkColors.isEmpty else { return light }
        o.colorOverrides = animation.darkColors
        let dark = try open(animation.path, o, item: item, key: ConfigKey.lottieDarkColors)
        if !light.capabilities.supportsColorOverrides {
            notes.append(Diagnostic(.warning, "\(ConfigKey.lottieDarkColors) recolour vector animations; this \(light.format) is shown unchanged in dark mode"))
        }
        // What only the recoloured open reported: overrides that matched nothing.
        notes += dark.diagnostics.filter { !light.diagnostics.contains($0) }
        return dark
    }

    /// What went wrong with the image files and slots of the animation at `path` (a missing image
    /// draws nothing, which the bar's preview would otherwise show without a word).
    static func assetWarnings(_ t: FrameTimeline, path: String) -> [Diagnostic] {
        t.diagnostics.filter { $0.severity == .warning && $0.feature?.concernsCommandLine == true }.map {
            Diagnostic(.warning, at: $0.location, "\(path): \($0.message)", feature: $0.feature)
        }
    }

    /// Opens `path` (once per path and options), cut to the tab's marker when it names one.
    func open(_ path: String, _ o: OpenOptions, item: TabItem, key: String) throws -> FrameTimeline {
        let marker = item.animation?.options.marker
        let cacheKey = [path, o.animationID ?? "", o.artboard ?? "", o.stateMachine ?? "", o.selectionInput ?? "",
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
