import CYLImageCodecs
import CYLTabBarItemAnimation
import Foundation

/// `cylanim convert`: one animation file in, GIF / APNG / WebP / PNG frames / .tgs / .lottie out.
enum ConvertCommand {
    static let spec = CommandSpec(
        name: "convert",
        abstract: "Convert an animation to GIF, animated PNG, animated WebP, PNG frames, .tgs or .lottie.",
        discussion: """
        The output's extension picks the format (.gif, .png, .webp, .tgs, .lottie, or a %d pattern such as \
        frames/%03d.png for one PNG per frame); --format overrides it and is required with -o - \
        (standard output). A .lottie output is a dotLottie version 2 file of a Lottie input (.json, \
        .tgs, .lottie): the animation in a/, its images (files and embedded ones) in i/; like .tgs it \
        is the document itself, so size, frame and colour options do not apply. GIF delays are whole centiseconds with the rounding carried forward, so the \
        total duration is exact (30 fps becomes 3,3,4 cs). Frames that do not change are merged into the \
        frame before. The file is written to a temporary file beside the target and renamed into place: \
        on any error nothing is left behind and an existing file is untouched. The output may not be the input, nor lie inside an input folder of frames (exit 73).
        """,
        usage: "cylanim convert <input> -o <output> [--format <gif|png|webp|png-sequence|tgs|lottie>] [--size <WxH> | --width <W> | --height <H> | --scale <S>] [--fps <N>] [--frames <list> | --marker <name>] [--matte <color>] [--loop <N> | --no-loop] [--dark <file> | --dark-color <keypath=#rrggbb>...]",
        arguments: [ArgumentSpec(name: "input", help: "A Lottie file (.json, .tgs, .lottie), a PAG file (.pag), a Rive file (.riv), a GIF, or a directory of PNG frames.")],
        options: [
            .value("output", short: "o", "path", help: "Output file, a %d pattern for PNG frames, or - for standard output. Missing directories are created."),
            .value("format", "gif|png|webp|png-sequence|tgs|lottie", help: "gif, png (animated PNG), webp, png-sequence, tgs or lottie (default: from the output's extension)."),
            .value("dark", "file",
                   help: "For .lottie output: the same animation in dark (Lottie JSON); each value that differs becomes a slot of the file's \"dark\" theme. Without --dark or --dark-color, NAME_dark.json beside a NAME.json input is used. Layers, shapes and their types must match (else an error names the place)."),
            .repeated("dark-color", "keypath=#rrggbb",
                      help: "For .lottie output: recolour what the keypath matches (as `cylanim keypaths` prints it and CYLTabBarLottieDarkColors uses it; * one name, ** any) in a \"dark\" theme of the file; #rrggbbaa makes it translucent. Repeatable; the last match wins."),
        ] + FrameOptions.specs(verb: "Convert") + EncoderOptions.specs + [
            FrameOptions.threadsSpec,
            .flag("quiet", short: "q", help: "Print nothing on success and no progress."),
            .flag("json", help: "Print a JSON summary of what was written."),
        ] + CommonOptions.specs.filter { $0.name != "fps" })

    static func run(_ args: ParsedArguments) throws -> Int32 {
        guard let output = args.value("output") else { throw usage("Missing expected option '-o <output>'.") }
        let input = try CommonOptions.input(args, spec)
        let options = try CommonOptions.openOptions(args, spec)
        let request = try request(args, output: output, fps: options.fps, input: input)
        let registry = try CommonOptions.registry(args, spec)
        let quiet = args.has("quiet"), showProgress = Terminal.showsProgress(quiet: quiet)
        let started = ContinuousClock.now
        let timeline = try registry.timeline(forPath: input, options: options)
        CommonOptions.warnAboutAssets(timeline, quiet: quiet)
        let result = try timeline.convert(request, limits: options.limits) { phase, done, total in
            if showProgress { Terminal.progress("\(phase) \(done)/\(total)") }
        }
        if showProgress { Terminal.progress(nil) }
        CommonOptions.warnAboutRendering(timeline, quiet: quiet)
        if !quiet { result.warnings.forEach(Terminal.warn) }
        if request.destination != .standardOutput && (!quiet || args.has("json")) {
            report(args, input: input, result: result, elapsed: ContinuousClock.now - started)
        }
        return 0
    }

    static func usage(_ message: String) -> CLIUsageError { CLIUsageError(message: message, command: spec) }

    /// The conversion the options describe; `fps` is the parsed `--fps` (the output's rate).
    static func request(_ args: ParsedArguments, output: String, fps: Double?, input: String) throws -> ConvertRequest {
        var named: OutputFormat?
        if let text = args.value("format") {
            guard let f = OutputFormat.parse(text) else {
                let guess = Suggestion.closest(to: text, among: OutputFormat.suggestedNames)
                throw usage("Invalid value '\(text)' for '--format': \(OutputFormat.expectedNames)" + (guess.map { "; did you mean '\($0)'?" } ?? "."))
            }
            named = f
        }
        var request = ConvertRequest(format: try OutputFormat.forOutput(output, named: named), destination: ConvertDestination(output))
        request.encoder = try EncoderOptions.settings(args, format: request.format, fps: fps, spec)
        if let size = try FrameOptions.size(args, spec) { request.size = size }
        if let frames = try FrameOptions.frames(args, spec) { request.frames = frames }
        request.marker = args.value("marker")
        request.threads = try FrameOptions.threads(args, spec)
        request.darkColors = try darkColors(args, format: request.format)
        request.darkVariant = try darkVariant(args, input: input, request: request)
        return request
    }

    /// The dark variant a .lottie output's dark theme is made from: `--dark`, or by convention
    /// `NAME_dark.json` beside a `NAME.json` input when no dark colours are given.
    static func darkVariant(_ args: ParsedArguments, input: String, request: ConvertRequest) throws -> String? {
        if let given = args.value("dark") {
            guard request.format == .lottie else {
                throw usage("'--dark' applies to .lottie output only (it becomes the file's dark theme), and this output is \(request.format.rawValue).")
            }
            guard request.darkColors.isEmpty else { throw usage("'--dark' and '--dark-color' both make the dark theme; give one.") }
            return given
        }
        guard request.format == .lottie, request.darkColors.isEmpty, input.lowercased().hasSuffix(".json") else { return nil }
        let conventional = DarkVariantNaming.darkPath(for: input)
        return FileManager.default.fileExists(atPath: conventional) ? conventional : nil
    }

    /// The `--dark-color` overrides, in order; only a .lottie output can carry them (a theme).
    static func darkColors(_ args: ParsedArguments, format: OutputFormat) throws -> [ColorOverride] {
        let texts = args.values("dark-color")
        guard !texts.isEmpty else { return [] }
        guard format == .lottie else {
            throw usage("'--dark-color' applies to .lottie output only (it becomes the file's dark theme), and this output is \(format.rawValue).")
        }
        return try texts.map { text in
            // The colour never holds "=", so the last one separates it from the keypath.
            guard let eq = text.lastIndex(of: "="), eq != text.startIndex else {
                throw usage("Invalid value '\(text)' for '--dark-color': expected keypath=#rrggbb.")
            }
            let colorText = String(text[text.index(after: eq)...])
            guard let color = RGBA8(parsing: colorText) else {
                throw usage("Invalid value '\(text)' for '--dark-color': '\(colorText)' is not a colour (\(RGBA8.writtenForms)).")
            }
            return ColorOverride(keypath: String(text[..<eq]), color: color)
        }
    }

    static func report(_ args: ParsedArguments, input: String, result: ConvertResult, elapsed: Duration) {
        if args.has("json") {
            print(JSONOutput.object([
                ("input", .string(input)), ("format", .string(result.format.rawValue)),
                ("paths", .array(result.paths.map { .string($0) })), ("bytes", .int(result.byteCount)),
                ("width", .int(result.size.width)), ("height", .int(result.size.height)), ("frames", .int(result.frameCount)),
                ("duration_ms", .double((result.duration.seconds * 1e4).rounded() / 10)),
                ("warnings", .array(result.warnings.map { .string($0) })),
                ("elapsed_ms", .double((elapsed.seconds * 1e4).rounded() / 10)),
            ]).text)
            return
        }
        let target = result.paths.count == 1 ? result.paths[0] : (args.value("output") ?? "")
        let frames = result.frameCount
        print("wrote \(target) (\(result.format.rawValue), \(result.size), \(frames) frame\(frames == 1 ? "" : "s"), "
              + String(format3: result.duration.seconds) + " s, \(result.byteCount) bytes)")
    }
}
