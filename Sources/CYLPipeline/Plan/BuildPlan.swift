import CYLConvert
import CYLDocuments
import CYLRaster
import CYLTabBar
import CYLTimeline

/// One output to make: one input × one target × one scale × one appearance.
public struct BuildJob: Sendable {
    /// The output's path inside the output directory (the `%d` pattern for PNG frames). Unique in
    /// a plan, stable across runs and machines: the manifest, the incremental check and the shard
    /// partition are keyed on it.
    public var key: String
    public var input: BuildInput
    public var target: OutputTarget
    public var scale: Double
    public var appearance: Appearance
    /// Where the output is written (the output directory joined with `key`).
    public var outputPath: String
    /// Every setting that changes the output (`OutputTarget.settings`), and as text.
    public var settings: JSONOutput
    public var settingsText: String

    /// What the output shows of the input's dark variant: the input's for a dark output, none for light.
    public var dark: DarkVariant { appearance == .dark ? input.dark : .none }

    /// The file the job opens and how (`DarkVariant.opening`: the dark file, or the light file
    /// with a theme or colour overrides).
    public func opening(limits: Limits) -> (path: String, options: OpenOptions) {
        dark.opening(input.path, options: input.openOptions(limits: limits))
    }

    /// The file the job opens: the dark file for a dark output when there is one.
    public var sourcePath: String { opening(limits: .standard).path }

    /// Colour overrides applied when opening: the dark colours for a dark output of the light file.
    public var colorOverrides: [ColorOverride] { opening(limits: .standard).options.colorOverrides }

    /// The theme the file is drawn with: the dark theme for a dark output that uses one.
    public var theme: String? { opening(limits: .standard).options.theme }

    /// A .lottie output's dark colours: the input's, written into the file as its `dark` theme
    /// (the one job of a .lottie output carries both appearances).
    public var dotLottieDarkColors: [ColorOverride] {
        guard target.format == .lottie, case .colors(let c) = input.dark else { return [] }
        return c
    }

    /// A .lottie output's dark variant file (`x_dark.json`): its differences become the file's
    /// `dark` theme.
    public var dotLottieDarkVariant: String? {
        guard target.format == .lottie, case .file(let path, _) = input.dark else { return nil }
        return path
    }
}

/// Every job a pipeline asks for, sorted by key, checked for outputs that would collide.
public struct BuildPlan: Sendable {
    public var pipeline: Pipeline
    public var inputs: [BuildInput]
    public var jobs: [BuildJob]
    /// What matched nothing, inputs without a dark variant, skipped configurations.
    public var warnings: [String]

    /// Names the build itself writes at the top of the output directory.
    static let reservedNames = ["build-manifest.json", "index.html"]

    /// Expands `pipeline`: inputs (globs, folders, tab bars; animations recognised by `registry`) × targets × scales × appearances.
    /// Dark outputs are made for inputs with a dark variant (`DarkVariant.choose`: a dark file,
    /// a theme for dark or dark colours; a .tgs sticker needs a dark file: neither colours nor a
    /// theme are written into the document); the rest are listed in one warning. `registry`
    /// tells which themes each file has (read within `limits`).
    public init(pipeline: Pipeline, options: PipelineOptions = PipelineOptions(), registry: AnimatorRegistry,
                limits: Limits = .standard) throws(PipelineError) {
        self.pipeline = pipeline
        let (inputs, inputWarnings) = try pipeline.expandInputs(options: options, registry: registry, limits: limits)
        self.inputs = inputs
        var warnings = inputWarnings
        var jobs: [String: BuildJob] = [:]
        var withoutDark: [String] = []
        for target in pipeline.targets {
            for input in inputs {
                for appearance in target.appearances {
                    // A .lottie file is one output for both appearances: its dark one is a theme
                    // inside the light job's file, never a second file.
                    if appearance == .dark && target.format == .lottie { continue }
                    if appearance == .dark && !(target.format == .tgs ? input.darkPath != nil : input.hasDarkVariant) {
                        if !withoutDark.contains(input.displayPath) { withoutDark.append(input.displayPath) }
                        continue
                    }
                    for scale in target.scales {
                        let job = try Self.job(pipeline, input: input, target: target, scale: scale, appearance: appearance)
                        if let other = jobs[job.key] {
                            throw PipelineError(file: pipeline.file, .invalidValue, location: target.location,
                                                key: .outputName(target.index),
                                                "\"\(job.key)\" would be written for both \(other.input.displayPath) (outputs[\(other.target.index)]) and \(input.displayPath); put {dir}, {name}, {scale} or {appearance} in the names to tell them apart")
                        }
                        jobs[job.key] = job
                        guard jobs.count <= options.maxJobs else {
                            throw PipelineError(file: pipeline.file, .tooManyJobs,
                                                "the pipeline expands to more than \(options.maxJobs) outputs (raise the limit with --max-jobs)")
                        }
                    }
                }
            }
        }
        if !withoutDark.isEmpty {
            let shown = withoutDark.prefix(5).joined(separator: ", ") + (withoutDark.count > 5 ? ", ..." : "")
            warnings.append("\(pipeline.file): no dark outputs for \(withoutDark.count) input\(withoutDark.count == 1 ? "" : "s") without a dark file (name_dark.ext), dark colours or a theme named dark: \(shown)")
        }
        self.jobs = jobs.values.sorted { $0.key < $1.key }
        self.warnings = warnings
    }

    static func job(_ pipeline: Pipeline, input: BuildInput, target: OutputTarget, scale: Double,
                    appearance: Appearance) throws(PipelineError) -> BuildJob {
        let pixels = target.pixelSize(scale: scale)
        let values: [NamePattern.Placeholder: String] = [
            .name: input.name, .dir: input.directory, .tab: input.tab ?? input.name,
            .scale: scale.compactText, .appearance: appearance == .dark ? "_dark" : "",
            .ext: target.fileExtension, .format: target.format.rawValue,
            .width: pixels.map { String($0.width) } ?? "", .height: pixels.map { String($0.height) } ?? "",
        ]
        guard let key = target.name.expand(values) else {
            throw PipelineError(file: pipeline.file, .invalidValue, location: target.location, key: .outputName(target.index),
                                "\"\(target.name)\" gives no usable path for \(input.displayPath)")
        }
        let top = key.split(separator: "/").count == 1
        if top && (reservedNames.contains(key) || key.hasPrefix("build-manifest.") || key.hasPrefix(".")) {
            throw PipelineError(file: pipeline.file, .invalidValue, location: target.location, key: .outputName(target.index),
                                "\"\(key)\" is a name the build writes itself (build-manifest*.json, index.html, hidden files); choose another")
        }
        var overrides: [ColorOverride] = [], theme: String?
        // A .lottie output's light job carries the dark colours too, as its dark theme.
        switch appearance == .dark || target.format == .lottie ? input.dark : .none {
        case .colors(let c): overrides = c
        case .theme(let name, _): if target.format != .lottie { theme = name }
        case .none, .file: break
        }
        let settings = target.settings(scale: scale, appearance: appearance, darkColors: overrides, darkTheme: theme, slots: input.slotTexts)
        return BuildJob(key: key, input: input, target: target, scale: scale, appearance: appearance,
                        outputPath: FileSystem.join(pipeline.outputDirectory, key), settings: settings,
                        settingsText: settings.text)
    }

    /// What no output may overwrite: the pipeline file and every input and dark file.
    public var inputPaths: [String] {
        [pipeline.file] + inputs.flatMap { [$0.path] + ($0.darkPath.map { [$0] } ?? []) }
    }

    /// The jobs shard `shard` runs (all of them without a shard).
    public func jobs(in shard: Shard?) -> [BuildJob] {
        guard let shard else { return jobs }
        return jobs.filter { shard.contains($0) }
    }
}
