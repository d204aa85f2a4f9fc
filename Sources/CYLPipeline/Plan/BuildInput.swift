import CYLRaster
import CYLTabBar
import CYLTimeline

/// One animation the build reads, with what its outputs are named after and its dark variant.
public struct BuildInput: Sendable, Equatable {
    /// The path opened (resolved against the pipeline's directory).
    public var path: String
    /// The path as the manifest records it: relative to the pipeline's directory when inside it,
    /// so manifests written on different machines agree.
    public var displayPath: String
    /// `{name}`: the file name without extension, or the name the pipeline gives.
    public var name: String
    /// `{dir}`: the folder below the glob's fixed part ("" for a listed file).
    public var directory: String
    /// `{tab}`: the tab's identifier when the input comes from a tab-bar configuration.
    public var tab: String?
    /// The dark variant's file, when there is one.
    public var darkPath: String?
    public var darkDisplayPath: String?
    /// Keypath → colour overrides for dark outputs.
    public var darkColors: [ColorOverride]
    /// The theme of the file dark outputs draw, as a tab-bar configuration names it
    /// (`CYLTabBarAnimationOptions` `darkTheme`).
    public var darkTheme: String?
    /// Where `darkTheme` was given (`tabbar.json: tab 2 "night"`), for messages.
    var darkThemeOrigin: String?
    /// What dark outputs show: `DarkVariant.choose` over the settings above and the file's own
    /// themes, decided when the inputs are expanded.
    public var dark: DarkVariant = .none
    /// Lottie: the folder image files are read from (resolved), when not the animation's own.
    public var assetsDirectory: String?
    /// Lottie: slot values, image files resolved against the pipeline's directory.
    public var slots: [SlotOverride]
    /// The same as written (`id=value`, paths relative to the pipeline): what the settings record.
    public var slotTexts: [String]

    /// Whether dark outputs can be made: a dark file, dark colours or a theme for dark.
    public var hasDarkVariant: Bool { !dark.isNone }

    /// The dark settings as given, for `DarkVariant.choose` (a dark file by convention counts as given).
    var darkSettings: DarkSettings { DarkSettings(path: darkPath, colors: darkColors, theme: darkTheme) }

    public init(path: String, displayPath: String, name: String, directory: String = "", tab: String? = nil,
                darkPath: String? = nil, darkDisplayPath: String? = nil, darkColors: [ColorOverride] = [],
                assetsDirectory: String? = nil, slots: [SlotOverride] = [], slotTexts: [String] = []) {
        self.path = path
        self.displayPath = displayPath
        self.name = name
        self.directory = directory
        self.tab = tab
        self.darkPath = darkPath
        self.darkDisplayPath = darkDisplayPath
        self.darkColors = darkColors
        self.assetsDirectory = assetsDirectory
        self.slots = slots
        self.slotTexts = slotTexts
    }

    /// How the input's light file is opened (a dark output changes it through `DarkVariant.opening`).
    public func openOptions(limits: Limits) -> OpenOptions {
        OpenOptions(limits: limits, assetsDirectory: assetsDirectory, slots: slots)
    }

    /// Files opening the input reads besides it: image slot values (the animation's own images
    /// are found by its back-end).
    public var slotFiles: [String] {
        slots.compactMap { if case .file(let path) = $0.value { return path }; return nil }
    }

    /// `home` for `icons/home.json`, `frames` for `frames/`.
    static func defaultName(of path: String) -> String {
        let last = FilePath.lastComponent(of: path)
        if let dot = last.lastIndex(of: "."), dot != last.startIndex { return String(last[..<dot]) }
        return last
    }
}

extension Pipeline {
    /// The animations the pipeline names, in the order written, each once (by path). Globs
    /// and folders expand to the animations they hold, recognised by `registry` as `lint` and
    /// `review` recognise them (`InputDiscovery`; folders are searched 16 levels deep); a file
    /// named `x_dark.ext` beside an input `x.ext` is that input's dark variant, not an input of
    /// its own; a tab-bar configuration gives every tab's animation with its dark file and
    /// colours. Warnings say what matched nothing and what was left out.
    /// What each input's dark outputs show is decided here (`DarkVariant.choose`), when a target
    /// asks for dark: `registry` lists the themes of each file, read within `limits`.
    public func expandInputs(options: PipelineOptions = PipelineOptions(), registry: AnimatorRegistry,
                             limits: Limits = .standard) throws(PipelineError) -> (inputs: [BuildInput], warnings: [String]) {
        var expander = InputExpander(pipeline: self, limit: options.maxJobs, registry: registry)
        for input in inputs { try expander.add(input) }
        if targets.contains(where: { $0.appearances.contains(.dark) }) { try expander.chooseDarkVariants(registry: registry, limits: limits) }
        return expander.finish()
    }
}

/// Turns pipeline input entries into build inputs.
struct InputExpander {
    let pipeline: Pipeline
    let limit: Int
    var found: [BuildInput] = []
    /// Canonical path → position in `found`: a file named twice (a glob and a tab bar) is one input.
    var seen: [String: Int] = [:]
    var warnings: [String] = []
    /// Never inputs: the pipeline file itself, and whatever lies in the output directory (a
    /// second build must not take the first one's GIFs for inputs).
    let pipelineFile: String?
    let outputDirectory: String?
    /// What globs and folders hold: the same rules as `lint` and `review`.
    let discovery: InputDiscovery

    init(pipeline: Pipeline, limit: Int, registry: AnimatorRegistry) {
        self.pipeline = pipeline
        self.limit = limit
        discovery = InputDiscovery(registry: registry)
        pipelineFile = FileSystem.canonical(pipeline.file)
        outputDirectory = FileSystem.canonical(pipeline.outputDirectory)
    }

    /// Whether a matched file is the pipeline file or something the build wrote.
    func isExcluded(_ canonical: String) -> Bool {
        canonical == pipelineFile || outputDirectory.map { canonical == $0 || canonical.hasPrefix($0 + "/") } == true
    }

    func resolve(_ text: String) -> String {
        text.hasPrefix("/") || pipeline.baseDirectory == "." ? text : pipeline.baseDirectory + "/" + text
    }

    func display(_ path: String) -> String { FileSystem.normalized(FileSystem.relative(path, to: pipeline.baseDirectory)) }

    func error(_ input: PipelineInput, _ kind: PipelineError.Kind, _ message: String) -> PipelineError {
        PipelineError(file: pipeline.file, kind, location: input.location, key: .inputs, message)
    }

    mutating func add(_ input: PipelineInput) throws(PipelineError) {
        switch input.source {
        case .tabBar(let text): try addTabBar(text, input)
        case .path(let text) where Glob.hasWildcards(text):
            let matches = Glob.expand(text, base: pipeline.baseDirectory, limit: limit + 1)
            if matches.isEmpty { warnings.append("\(pipeline.file):\(input.location): \"\(text)\" matches no files") }
            let paths = Set(matches.map(\.path))
            var notAnimations: [String] = []
            for m in matches {
                // `home_dark.json` beside a matched `home.json` is its dark variant.
                if let light = Self.lightPath(ofDark: m.path), paths.contains(light) { continue }
                if isExcluded(FileSystem.canonical(m.path) ?? m.path) { continue }
                switch discovery.kind(of: m.path) {
                case .animation: try addFile(m.path, directory: m.directory, input, darkGiven: nil)
                case .configuration:
                    warnings.append("\(pipeline.file):\(input.location): skipped the tab-bar configuration \(display(m.path)) matched by \"\(text)\"; list it as {\"tabBar\": \"...\"} to build its icons")
                case .folder: continue   // a folder of animations is not one; `**/` reaches inside it
                case .pipeline, .other: notAnimations.append(display(m.path))
                }
            }
            if !notAnimations.isEmpty {
                let shown = notAnimations.prefix(5).joined(separator: ", ") + (notAnimations.count > 5 ? ", ..." : "")
                warnings.append("\(pipeline.file):\(input.location): skipped \(notAnimations.count) file\(notAnimations.count == 1 ? "" : "s") matched by \"\(text)\" that no animator opens: \(shown)")
            }
        case .path(let text):
            let path = resolve(text)
            guard FileSystem.status(path) != nil else {
                throw error(input, .missingFile, "no such file '\(text)'" + (path == text ? "" : " (looked for \(path); paths are relative to the pipeline file)"))
            }
            switch discovery.kind(of: path) {
            case .folder:
                // A folder of animations: each one in it and its subfolders (`{dir}` below it).
                let (found, _) = discovery.search(path)
                for f in found {
                    if f.kind == .configuration {
                        warnings.append("\(pipeline.file):\(input.location): skipped the tab-bar configuration \(display(f.path)) in \"\(text)\"; list it as {\"tabBar\": \"...\"} to build its icons")
                        continue
                    }
                    try addFile(f.path, directory: f.directory, input, darkGiven: nil)
                }
            case .configuration: try addTabBar(text, input)
            case .animation, .pipeline, .other:
                // Opening says what is wrong with a file no animator recognises.
                try addFile(path, directory: "", input, darkGiven: input.darkPath.map(resolve))
            }
        }
    }

    mutating func addFile(_ path: String, directory: String, _ input: PipelineInput, darkGiven: String?) throws(PipelineError) {
        let canonical = FileSystem.canonical(path) ?? path
        if isExcluded(canonical) { return }
        if let known = seen[canonical] {
            merge(into: known, darkPath: darkGiven, darkColors: input.darkColors, tab: nil)
            if input.assets != nil || !input.slots.isEmpty, try lottieOptions(input) != (found[known].assetsDirectory, found[known].slots, found[known].slotTexts) {
                warnings.append("\(pipeline.file):\(input.location): \(found[known].displayPath) is already an input; its first mention's \"assets\" and \"slots\" apply")
            }
            return
        }
        guard found.count < limit else {
            throw error(input, .tooManyJobs, "the inputs expand to more than \(limit) files (raise the limit with --max-jobs)")
        }
        if let darkGiven, !FileSystem.exists(darkGiven) {
            throw error(input, .missingFile, "no such dark file '\(darkGiven)'")
        }
        let dark = darkGiven ?? existingDarkPath(for: path)
        let (assets, slots, slotTexts) = try lottieOptions(input)
        seen[canonical] = found.count
        found.append(BuildInput(path: path, displayPath: display(path), name: input.name ?? BuildInput.defaultName(of: path),
                                directory: directory, darkPath: dark, darkDisplayPath: dark.map(display),
                                darkColors: input.darkColors, assetsDirectory: assets, slots: slots, slotTexts: slotTexts))
    }

    mutating func addTabBar(_ text: String, _ input: PipelineInput) throws(PipelineError) {
        let config: TabBarConfiguration
        do { config = try TabBarConfiguration.load(path: resolve(text)) } catch {
            throw PipelineError(file: pipeline.file, error.kind == .unreadable ? .missingFile : .invalidValue,
                                location: input.location, key: .inputs, "\(error)")
        }
        for w in config.warnings { warnings.append("\(config.file):\(w)") }
        for tab in config.tabs {
            guard let animation = tab.animation else { continue }
            let canonical = FileSystem.canonical(animation.path) ?? animation.path
            let index: Int
            if let known = seen[canonical] {
                merge(into: known, darkPath: animation.darkPath, darkColors: animation.darkColors, tab: tab.identifier)
                index = known
            } else {
                index = found.count
                seen[canonical] = index
                found.append(BuildInput(path: animation.path, displayPath: display(animation.path),
                                        name: BuildInput.defaultName(of: animation.path), tab: tab.identifier,
                                        darkPath: animation.darkPath, darkDisplayPath: animation.darkPath.map(display),
                                        darkColors: animation.darkColors))
            }
            // The first tab naming a dark theme for the file decides, as for dark files and colours.
            if found[index].darkTheme == nil, let theme = animation.options.darkTheme {
                found[index].darkTheme = theme
                found[index].darkThemeOrigin = "\(display(config.file)): \(tab.label)"
            }
        }
    }

    /// An input entry's assets folder and slots resolved against the pipeline's directory, and
    /// the slots as written.
    func lottieOptions(_ input: PipelineInput) throws(PipelineError) -> (String?, [SlotOverride], [String]) {
        var assets: String?
        if let dir = input.assets {
            assets = resolve(dir)
            guard FileSystem.isDirectory(assets!) else { throw error(input, .missingFile, "no such assets folder '\(dir)'") }
        }
        var slots: [SlotOverride] = [], texts: [String] = []
        for slot in input.slots {
            var resolved = slot
            switch slot.value {
            case .number(let d): texts.append("\(slot.id)=\(d)")
            case .color(let c): texts.append("\(slot.id)=\(c.hexDescription)")
            case .json(let j): texts.append("\(slot.id)=\(j)")
            case .file(let f):
                resolved.value = .file(resolve(f))
                guard FileSystem.exists(resolve(f)) else { throw error(input, .missingFile, "no such image file '\(f)' for slot '\(slot.id)'") }
                texts.append("\(slot.id)=\(display(resolve(f)))")
            }
            slots.append(resolved)
        }
        return (assets, slots, texts)
    }

    /// What a second mention of an input adds: a dark file, dark colours, a tab identifier.
    mutating func merge(into index: Int, darkPath: String?, darkColors: [ColorOverride], tab: String?) {
        if found[index].darkPath == nil, let darkPath {
            found[index].darkPath = darkPath
            found[index].darkDisplayPath = display(darkPath)
        }
        if found[index].darkColors.isEmpty { found[index].darkColors = darkColors }
        if found[index].tab == nil { found[index].tab = tab }
    }

    func existingDarkPath(for path: String) -> String? {
        let dark = DarkVariantNaming.darkPath(for: path)
        return FileSystem.exists(dark) ? dark : nil
    }

    func finish() -> (inputs: [BuildInput], warnings: [String]) { (found, warnings) }

    /// Decides each input's dark variant by the tab bar's rule; a theme a configuration names
    /// that the file lacks is an error naming the configuration, the tab, the key and the themes.
    mutating func chooseDarkVariants(registry: AnimatorRegistry, limits: Limits) throws(PipelineError) {
        for i in found.indices {
            let input = found[i]
            do {
                found[i].dark = try DarkVariant.choose(for: input.displayPath, input.darkSettings) {
                    registry.themes(forPath: input.path, options: input.openOptions(limits: limits))
                }.variant
            } catch {
                throw PipelineError(file: pipeline.file, .invalidValue, key: .inputs,
                                    "\(input.darkThemeOrigin ?? input.displayPath): \(ConfigKey.darkThemeOption): \(error)")
            }
        }
    }

    /// `icons/home.json` for `icons/home_dark.json`; nil for a name without `_dark`.
    static func lightPath(ofDark path: String) -> String? {
        guard let light = DarkVariantNaming.lightName(ofDark: FilePath.lastComponent(of: path)) else { return nil }
        return path.contains("/") ? FileSystem.join(FilePath.parentDirectory(of: path), light) : light
    }
}
