import CYLImageCodecs
import CYLTabBarItemAnimation

/// `cylanim convert`: one animation file in, GIF / APNG / WebP / PNG frames / .tgs out.
enum ConvertCommand {
    static let spec = CommandSpec(
        name: "convert",
        abstract: "Convert an animation to GIF, animated PNG, animated WebP, PNG frames or .tgs.",
        discussion: """
        The output's extension picks the format (.gif, .png, .webp, .tgs, or a %d pattern such as \
        frames/%03d.png for one PNG per frame); --format overrides it and is required with -o - \
        (standard output). GIF delays are whole centiseconds with the rounding carried forward, so the \
        total duration is exact (30 fps becomes 3,3,4 cs). Frames that do not change are merged into the \
        frame before. The file is written to a temporary file beside the target and renamed into place: \
        on any error nothing is left behind and an existing file is untouched. The output may not be the input, nor lie inside an input folder of frames (exit 73).
        """,
        usage: "cylanim convert <input> -o <output> [--format <gif|png|webp|png-sequence|tgs>] [--size <WxH> | --width <W> | --height <H> | --scale <S>] [--fps <N>] [--frames <list> | --marker <name>] [--matte <color>] [--loop <N> | --no-loop]",
        arguments: [ArgumentSpec(name: "input", help: "A Lottie file (.json, .tgs, .lottie), a Rive file (.riv), a GIF, or a directory of PNG frames.")],
        options: [
            .value("output", short: "o", "path", help: "Output file, a %d pattern for PNG frames, or - for standard output. Missing directories are created."),
            .value("format", "gif|png|webp|png-sequence|tgs", help: "gif, png (animated PNG), webp, png-sequence or tgs (default: from the output's extension)."),
        ] + FrameOptions.specs(verb: "Convert") + [
            .value("fps", "N", help: "Output frame rate: Lottie is drawn at each output frame's exact time, GIF and PNG frames are repeated or dropped (default: the source's frames and delays; a folder of PNG frames is read at this rate)."),
            .value("speed", "X", help: "Play X times as fast (0.5 = half speed)."),
            .value("background", "color", help: "Colour flattened behind every frame (then nothing is transparent)."),
            .value("matte", "color", help: "GIF: blend soft edges onto this colour (the backdrop it will be shown on); only fully transparent pixels stay transparent."),
            .value("alpha-threshold", "0-255", help: "GIF without --matte: alpha at or above this is opaque, below it transparent (default 128)."),
            .value("loop", "N", help: "Repeat N more times after the first play; 0 loops forever (default: as the input, or forever)."),
            .flag("no-loop", help: "Play once."),
            .value("dither", "none|ordered|fs", help: "GIF colour reduction: none (default, best for flat icons), ordered (Bayer) or fs (Floyd-Steinberg)."),
            .value("colors", "N", help: "GIF palette size, 2-256 including transparency (default 256)."),
            .value("quality", "0-100", help: "WebP: lossy at this quality (lossless is the default)."),
            .flag("lossless", help: "WebP: lossless (the default; with --quality, the quality is the effort)."),
            .value("compression", "0-9", help: "PNG/APNG zlib level (default 1: fast, no row filters; 5+ adds row filters); WebP effort."),
            FrameOptions.threadsSpec,
            .flag("quiet", short: "q", help: "Print nothing on success and no progress."),
            .flag("json", help: "Print a JSON summary of what was written."),
        ] + CommonOptions.specs.filter { $0.name != "fps" })

    static func run(_ args: ParsedArguments) throws -> Int32 {
        guard let output = args.value("output") else { throw usage("Missing expected option '-o <output>'.") }
        let input = try CommonOptions.input(args, spec)
        let options = try CommonOptions.openOptions(args, spec)
        let request = try request(args, output: output, fps: options.fps)
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
    static func request(_ args: ParsedArguments, output: String, fps: Double?) throws -> ConvertRequest {
        var named: OutputFormat?
        if let text = args.value("format") {
            guard let f = OutputFormat.parse(text) else {
                throw usage("Invalid value '\(text)' for '--format': expected gif, png, webp, png-sequence or tgs.")
            }
            named = f
        }
        var request = ConvertRequest(format: try OutputFormat.forOutput(output, named: named), destination: ConvertDestination(output))
        if let size = try FrameOptions.size(args, spec) { request.size = size }
        if let frames = try FrameOptions.frames(args, spec) { request.frames = frames }
        request.marker = args.value("marker")
        request.threads = try FrameOptions.threads(args, spec)
        request.fps = fps
        if let text = args.value("speed") {
            guard let s = Double(text), s > 0, s.isFinite, s <= 1000 else {
                throw usage("Invalid value '\(text)' for '--speed': expected a number above 0 (0.5 = half speed).")
            }
            request.speed = s
        }
        request.background = try color(args, "background")
        request.loop = try loop(args)
        try gifOptions(args, &request)
        try encoderOptions(args, &request)
        return request
    }

    /// `--loop N` / `--no-loop`; nil when neither is given.
    static func loop(_ args: ParsedArguments) throws(CLIUsageError) -> LoopHint? {
        if args.has("no-loop") && args.value("loop") != nil { throw usage("Give either --loop or --no-loop, not both.") }
        if args.has("no-loop") { return .once }
        guard let text = args.value("loop") else { return nil }
        guard let n = Int(text), (0...65535).contains(n) else {
            throw usage("Invalid value '\(text)' for '--loop': expected 0 (forever) to 65535.")
        }
        return n == 0 ? .forever : .repeats(n)
    }

    /// `--matte`, `--alpha-threshold`, `--dither`, `--colors`: GIF output only.
    static func gifOptions(_ args: ParsedArguments, _ request: inout ConvertRequest) throws(CLIUsageError) {
        for name in ["matte", "dither", "colors", "alpha-threshold"] where args.has(name) && request.format != .gif {
            throw usage("'--\(name)' applies to GIF output only.")
        }
        request.matte = try color(args, "matte")
        if let m = request.matte, m.a != 255 { throw usage("The --matte colour must be opaque (it is the backdrop the GIF is shown on).") }
        if let text = args.value("alpha-threshold") {
            guard let t = Int(text), (1...255).contains(t) else { throw usage("Invalid value '\(text)' for '--alpha-threshold': expected 1-255.") }
            request.alphaThreshold = UInt8(t)
        }
        if let text = args.value("dither") {
            guard let d = DitherMode(rawValue: text.lowercased()) else {
                throw usage("Invalid value '\(text)' for '--dither': expected none, ordered or fs.")
            }
            request.dither = d
        }
        if let text = args.value("colors") {
            guard let n = Int(text), (2...256).contains(n) else { throw usage("Invalid value '\(text)' for '--colors': expected 2-256.") }
            request.maxColors = n
        }
    }

    /// `--quality`, `--lossless` (WebP only) and `--compression`.
    static func encoderOptions(_ args: ParsedArguments, _ request: inout ConvertRequest) throws(CLIUsageError) {
        for name in ["quality", "lossless"] where args.has(name) && request.format != .webp {
            throw usage("'--\(name)' applies to WebP output only.")
        }
        if let text = args.value("quality") {
            guard let q = Double(text), (0...100).contains(q) else { throw usage("Invalid value '\(text)' for '--quality': expected 0-100.") }
            request.quality = q
        }
        if args.has("lossless") { request.lossless = true }
        if let text = args.value("compression") {
            guard let n = Int(text), (0...9).contains(n) else { throw usage("Invalid value '\(text)' for '--compression': expected 0-9.") }
            request.compressionLevel = n
        }
    }

    static func color(_ args: ParsedArguments, _ name: String) throws(CLIUsageError) -> RGBA8? {
        guard let text = args.value(name) else { return nil }
        guard let c = RGBA8(parsing: text) else {
            throw usage("Invalid value '\(text)' for '--\(name)': expected #rgb, #rrggbb, #rrggbbaa or a colour name.")
        }
        return c
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
