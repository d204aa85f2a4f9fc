import CYLTabBarItemAnimation
import Foundation

/// Options shared by every command that opens an input: limits, frame rate, GIF role.
enum CommonOptions {
    static let specs: [OptionSpec] = [
        .value("fps", "N", help: "Frame rate for a folder of PNG frames (overrides its manifest.json; default 30), or the rate a Rive scene is stepped at (default 60)."),
        .value("artboard", "name", help: "Rive: the artboard to play (default: the first)."),
        .value("animation", "name", help: "The animation to play: a Rive linear animation, or a dotLottie animation id (default: the file's own choice)."),
        .value("state-machine", "name", help: "Rive: the state machine to play (default: the artboard's default, else its first). dotLottie: the machine (s/<name>.json) to play from its start (default: none; a tab plays the first)."),
        .value("selection-input", "name",
               help: "Rive and dotLottie state machines: play what selecting a tab does: frame 0 is the resting pose, then this boolean input is set (or trigger/event fired); dotLottie adds what deselecting plays."),
        .value("gif-as", "animation|image",
               help: "How a tab bar uses a GIF: 'animation' plays once on select (default), 'image' loops forever."),
        .value("assets", "DIR",
               help: "Lottie: the folder image files (an asset's u + p) are read from; Rive: where images the .riv does not embed are looked for (<name>-<assetId>.png, then <name>); default: the animation file's folder."),
        .value("theme", "name", help: "dotLottie: draw with this theme of the file (its t/<name>.json rules as slot values; `info` lists them)."),
        .repeated("slot", "id=value",
                  help: "Lottie: a value for slot 'id' (properties with \"sid\"): a number, a colour #rrggbb, JSON, or an image file for an image slot. PAG: text0, text1, ... (or a text layer's name) take text; image0, ... take an image file, letterboxed into the image it replaces (`info` lists them). Repeatable."),
    ] + LimitFlag.specs

    static func limits(_ args: ParsedArguments, _ command: CommandSpec) throws(CLIUsageError) -> Limits {
        try LimitFlag.limits(args, command)
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

    /// Prints the timeline's warnings about image files, slots and content it does not draw (a
    /// missing image, an unknown `--slot`, a Rive file's text): commands that only write frames
    /// would otherwise draw nothing where they are without a word.
    static func warnAboutAssets(_ timeline: FrameTimeline, quiet: Bool) {
        guard !quiet else { return }
        for d in timeline.diagnostics where d.severity == .warning && d.feature?.warnsWhenRendering == true {
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
