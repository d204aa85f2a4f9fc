import CYLTabBarItemAnimation
import Foundation

/// Options shared by every command that opens an input: limits, frame rate, GIF role.
enum CommonOptions {
    static let specs: [OptionSpec] = [
        .value("fps", "N", help: "Frame rate for a folder of PNG frames (overrides its manifest.json; default 30), or the rate a Rive scene is stepped at (default 60)."),
        .value("artboard", "name", help: "Rive: the artboard to play (default: the first)."),
        .value("animation", "name", help: "The animation to play: a Rive linear animation, or a dotLottie animation id (default: the file's own choice)."),
        .value("state-machine", "name", help: "Rive: the state machine to play (default: the artboard's default, else its first)."),
        .value("selection-input", "name",
               help: "Rive: play what selecting a tab does: frame 0 is the resting pose, then this boolean input is set (or trigger fired)."),
        .value("gif-as", "animation|image",
               help: "How a tab bar uses a GIF: 'animation' plays once on select (default), 'image' loops forever."),
        .value("assets", "DIR",
               help: "Lottie: the folder image files (an asset's u + p) are read from, instead of the folder of the animation file."),
        .value("theme", "name", help: "dotLottie: draw with this theme of the file (its t/<name>.json rules as slot values; `info` lists them)."),
        .repeated("slot", "id=value",
                  help: "Lottie: a value for slot 'id' (properties with \"sid\"): a number, a colour #rrggbb, JSON, or an image file for an image slot. Repeatable."),
        .value("max-pixels", "N", help: "Largest canvas or output in pixels (default \(Limits.defaultMaxCanvasPixels))."),
        .value("max-frames", "N", help: "Most frames an input may have (default \(Limits.defaultMaxFrames))."),
        .value("max-file-bytes", "N", help: "Largest input file read (default \(Limits.defaultMaxFileBytes))."),
        .value("max-json-depth", "N", help: "Deepest JSON nesting accepted (default \(Limits.defaultMaxJSONDepth))."),
        .value("max-json-bytes", "N", help: "Largest JSON document parsed (default \(Limits.defaultMaxJSONBytes))."),
        .value("max-json-values", "N", help: "Most values in one JSON document; bounds its memory (default \(Limits.defaultMaxJSONValues))."),
        .value("max-precomp-depth", "N", help: "Deepest nesting of Lottie precompositions and track mattes (default \(Limits.defaultMaxPrecompDepth))."),
        .value("max-path-points", "N", help: "Most points in one flattened shape (default \(Limits.defaultMaxPathPoints))."),
        .value("max-draws", "N",
               help: "Most layers, shapes, masks and mattes drawn for one frame once precomps and repeaters are expanded (default \(Limits.defaultMaxDrawsPerFrame))."),
        .value("max-work", "N",
               help: "Most pixels one command renders: output width x height x frames (default \(Limits.defaultMaxWorkPixels))."),
        .value("max-output-bytes", "N", help: "Largest output file built in memory before it is written (default \(Limits.defaultMaxOutputBytes))."),
        .value("max-objects", "N", help: "Most objects a Rive file may hold, nested artboard copies included (default \(Limits.defaultMaxObjects))."),
        .value("max-decoded-bytes", "N",
               help: "Decoded pixels kept in memory before frames are decoded again on demand (default \(Limits.defaultMaxDecodedBytes))."),
        .value("max-expression-memory", "N",
               help: "Bytes a Lottie expression engine may hold (default \(Limits.defaultMaxExpressionMemory))."),
        .value("max-expression-steps", "N",
               help: "Script steps one Lottie expression evaluation may run before it is stopped and its keyframes used; one frame's expressions together may run four times that (default \(Limits.defaultMaxExpressionSteps))."),
        .value("max-expression-time", "DURATION",
               help: "CPU time one frame's Lottie expressions may use together, e.g. 100ms or 0.5s; the expression running past it keeps its keyframes and is not run again (default 100ms)."),
        .value("max-expression-total-time", "DURATION",
               help: "CPU time one file's Lottie expressions may use over the whole command; past it they are turned off and keyframes used (default 2s)."),
    ]

    static func limits(_ args: ParsedArguments, _ command: CommandSpec) throws(CLIUsageError) -> Limits {
        var limits = Limits()
        func int(_ name: String) throws(CLIUsageError) -> Int? {
            guard let text = args.value(name) else { return nil }
            guard let n = Int(text), n > 0 else {
                throw CLIUsageError(message: "Invalid value '\(text)' for '--\(name)': expected a positive whole number.", command: command)
            }
            return n
        }
        if let n = try int("max-pixels") { limits.maxCanvasPixels = n }
        if let n = try int("max-frames") { limits.maxFrames = n }
        if let n = try int("max-file-bytes") { limits.maxFileBytes = n }
        if let n = try int("max-json-depth") { limits.maxJSONDepth = n }
        if let n = try int("max-json-bytes") { limits.maxJSONBytes = n }
        if let n = try int("max-json-values") { limits.maxJSONValues = n }
        if let n = try int("max-precomp-depth") { limits.maxPrecompDepth = n }
        if let n = try int("max-path-points") { limits.maxPathPoints = n }
        if let n = try int("max-draws") { limits.maxDrawsPerFrame = n }
        if let n = try int("max-decoded-bytes") { limits.maxDecodedBytes = n }
        if let n = try int("max-work") { limits.maxWorkPixels = n }
        if let n = try int("max-output-bytes") { limits.maxOutputBytes = n }
        if let n = try int("max-objects") { limits.maxObjects = n }
        if let n = try int("max-expression-memory") { limits.maxExpressionMemory = n }
        if let n = try int("max-expression-steps") { limits.maxExpressionSteps = n }
        func duration(_ name: String) throws(CLIUsageError) -> Duration? {
            guard let text = args.value(name) else { return nil }
            guard let d = Duration(parsing: text), d > .zero else {
                throw CLIUsageError(message: "Invalid value '\(text)' for '--\(name)': expected a time above zero such as 100ms, 0.5s or 2 (seconds, at most 3600).", command: command)
            }
            return d
        }
        if let d = try duration("max-expression-time") { limits.maxExpressionTime = d }
        if let d = try duration("max-expression-total-time") { limits.maxExpressionTotalTime = d }
        return limits
    }

    /// What plays, for files that hold several scenes (Rive artboards, animations, state machines).
    static func scene(_ args: ParsedArguments, into options: inout OpenOptions) {
        options.artboard = args.value("artboard")
        options.animationID = args.value("animation")
        options.stateMachine = args.value("state-machine")
        options.selectionInput = args.value("selection-input")
        options.theme = args.value("theme")
        options.playsSelection = options.selectionInput != nil
    }

    /// `--assets DIR` and `--slot id=value` (repeatable), checked here so a bad value is a usage error.
    static func assetsAndSlots(_ args: ParsedArguments, _ command: CommandSpec, into options: inout OpenOptions) throws(CLIUsageError) {
        if let dir = args.value("assets") {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: dir, isDirectory: &isDirectory), isDirectory.boolValue else {
                throw CLIUsageError(message: "Invalid value '\(dir)' for '--assets': not a folder.", command: command)
            }
            options.assetsDirectory = dir
        }
        for text in args.values("slot") {
            do {
                let slot = try SlotOverride.parse(text)
                try LottieSlots.check(slot, limits: options.limits)
                options.slots.append(slot)
            } catch {
                throw CLIUsageError(message: "Invalid value '\(text)' for '--slot': \(error).", command: command)
            }
        }
    }

    /// Prints the timeline's warnings about image files and slots (a missing image, an unknown
    /// `--slot`): commands that only write frames would otherwise draw nothing where they are.
    static func warnAboutAssets(_ timeline: FrameTimeline, quiet: Bool) {
        guard !quiet else { return }
        for d in timeline.diagnostics where d.severity == .warning && d.feature?.concernsCommandLine == true {
            Terminal.warn("\(timeline.file): \(d.location.isEmpty ? "" : d.location + ": ")\(d.message)")
        }
    }

    /// Prints what rendering found that opening could not (an expression budget for the whole
    /// command that ran out), once the frames are written.
    static func warnAboutRendering(_ timeline: FrameTimeline, quiet: Bool) {
        guard !quiet, let found = timeline.capabilities.renderingDiagnostics else { return }
        for d in found() where d.severity == .warning {
            Terminal.warn("\(timeline.file): \(d.location.isEmpty ? "" : d.location + ": ")\(d.message)")
        }
    }

    /// The one `<input>` argument.
    static func input(_ args: ParsedArguments, _ command: CommandSpec) throws(CLIUsageError) -> String {
        guard args.positionals.count == 1 else {
            throw CLIUsageError(message: args.positionals.isEmpty ? "Missing expected argument '<input>'."
                                : "Unexpected extra argument '\(args.positionals[1])'.", command: command)
        }
        return args.positionals[0]
    }

    /// Limits and `--fps` as options for opening inputs.
    static func openOptions(_ args: ParsedArguments, _ command: CommandSpec) throws(CLIUsageError) -> OpenOptions {
        var options = OpenOptions(limits: try limits(args, command))
        scene(args, into: &options)
        try assetsAndSlots(args, command, into: &options)
        if let text = args.value("fps") {
            // The range every input and output rate keeps to, explained as `convert` and a pipeline's "fps" do.
            do { options.fps = try EncoderSettings.fps(checking: Double(text) ?? .nan) } catch {
                throw EncoderOptions.usage(error, flag: "fps", text: text, command)
            }
        }
        return options
    }

    /// The standard registry with GIFs in the `--gif-as` role.
    static func registry(_ args: ParsedArguments, _ command: CommandSpec) throws(CLIUsageError) -> AnimatorRegistry {
        guard let text = args.value("gif-as") else { return .standard }
        guard let role = GIFRole(rawValue: text) else {
            throw CLIUsageError(message: "Invalid value '\(text)' for '--gif-as': expected 'animation' or 'image'.", command: command)
        }
        return .standard(gifRole: role)
    }

    /// Opens the command's input with the common options.
    static func open(_ args: ParsedArguments, _ command: CommandSpec) throws -> FrameTimeline {
        let input = try input(args, command)
        let options = try openOptions(args, command)
        return try registry(args, command).timeline(forPath: input, options: options)
    }
}
