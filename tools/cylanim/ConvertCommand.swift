#if canImport(Glibc)
import Glibc
#endif
import CYLCodecs
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
        arguments: [ArgumentSpec(name: "input", help: "A Lottie file (.json, .tgs, .lottie), a GIF, or a directory of PNG frames.")],
        options: [
            .value("output", short: "o", "path", help: "Output file, a %d pattern for PNG frames, or - for standard output. Missing directories are created."),
            .value("format", "name", help: "gif, png (animated PNG), webp, png-sequence or tgs (default: from the output's extension)."),
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
            .value("animation", "id", help: "dotLottie: the animation to use (default: the manifest's first)."),
            .flag("quiet", short: "q", help: "Print nothing on success and no progress."),
            .flag("json", help: "Print a JSON summary of what was written."),
        ] + CommonOptions.specs.filter { $0.name != "fps" })

    static func run(_ args: ParsedArguments) throws -> Int32 {
        func usage(_ message: String) -> CLIUsageError { CLIUsageError(message: message, command: spec) }
        guard let output = args.value("output") else { throw usage("Missing expected option '-o <output>'.") }
        guard args.positionals.count == 1 else {
            throw usage(args.positionals.isEmpty ? "Missing expected argument '<input>'." : "Unexpected extra argument '\(args.positionals[1])'.")
        }
        let input = args.positionals[0]
        let format: OutputFormat
        if let text = args.value("format") {
            guard let f = OutputFormat.parse(text) else {
                throw usage("Invalid value '\(text)' for '--format': expected gif, png, webp, png-sequence or tgs.")
            }
            format = f == .apng && output != "-" && OutputFormat.inferred(from: output) == .pngSequence ? .pngSequence : f
        } else if output == "-" {
            throw usage("Writing to standard output needs --format (gif, png, webp or tgs).")
        } else if let f = OutputFormat.inferred(from: output) {
            format = f
        } else {
            throw usage("Cannot tell the format from '\(output)': use a .gif, .png, .webp or .tgs name, a %d.png pattern, or --format.")
        }
        let destination: ConvertDestination = output == "-" ? .standardOutput : .file(output)
        var request = ConvertRequest(format: format, destination: destination)

        if let size = try FrameOptions.size(args, spec) { request.size = size }
        if let frames = try FrameOptions.frames(args, spec) { request.frames = frames }
        var fps: Double?
        if let text = args.value("fps") {
            guard let f = Double(text), FrameTiming.fpsRange.contains(f) else {
                throw usage("Invalid value '\(text)' for '--fps': expected a number from 0.0003 (1/3600, one frame an hour) to 1000.")
            }
            fps = f
            request.fps = f
        }
        if let text = args.value("speed") {
            guard let s = Double(text), s > 0, s.isFinite, s <= 1000 else {
                throw usage("Invalid value '\(text)' for '--speed': expected a number above 0 (0.5 = half speed).")
            }
            request.speed = s
        }
        func color(_ name: String) throws(CLIUsageError) -> RGBA8? {
            guard let text = args.value(name) else { return nil }
            guard let c = RGBA8(parsing: text) else {
                throw usage("Invalid value '\(text)' for '--\(name)': expected #rgb, #rrggbb, #rrggbbaa or a colour name.")
            }
            return c
        }
        request.background = try color("background")
        request.matte = try color("matte")
        if let m = request.matte, m.a != 255 { throw usage("The --matte colour must be opaque (it is the backdrop the GIF is shown on).") }
        if let text = args.value("alpha-threshold") {
            guard let t = Int(text), (1...255).contains(t) else { throw usage("Invalid value '\(text)' for '--alpha-threshold': expected 1-255.") }
            request.alphaThreshold = UInt8(t)
        }
        if args.has("no-loop") && args.value("loop") != nil { throw usage("Give either --loop or --no-loop, not both.") }
        if args.has("no-loop") { request.loop = .once }
        if let text = args.value("loop") {
            guard let n = Int(text), (0...65535).contains(n) else {
                throw usage("Invalid value '\(text)' for '--loop': expected 0 (forever) to 65535.")
            }
            request.loop = n == 0 ? .forever : .repeats(n)
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
        if let text = args.value("quality") {
            guard let q = Double(text), (0...100).contains(q) else { throw usage("Invalid value '\(text)' for '--quality': expected 0-100.") }
            request.quality = q
        }
        if args.has("lossless") { request.lossless = true }
        if let text = args.value("compression") {
            guard let n = Int(text), (0...9).contains(n) else { throw usage("Invalid value '\(text)' for '--compression': expected 0-9.") }
            request.compressionLevel = n
        }
        let formatOnly: [(String, Bool)] = [("matte", format == .gif), ("dither", format == .gif), ("colors", format == .gif),
                                            ("alpha-threshold", format == .gif), ("quality", format == .webp), ("lossless", format == .webp)]
        for (name, ok) in formatOnly where args.has(name) && !ok {
            throw usage("'--\(name)' applies to \(["quality", "lossless"].contains(name) ? "WebP" : "GIF") output only.")
        }

        let limits = try CommonOptions.limits(args, spec)
        let quiet = args.has("quiet")
        let showProgress = !quiet && isatty(2) != 0
        let started = ContinuousClock.now

        var options = OpenOptions(limits: limits, fps: fps, animationID: args.value("animation"))
        options.fps = fps
        var role = GIFRole.animation
        if let text = args.value("gif-as") {
            guard let r = GIFRole(rawValue: text) else { throw usage("Invalid value '\(text)' for '--gif-as': expected 'animation' or 'image'.") }
            role = r
        }
        let timeline = try AnimatorRegistry.standard(gifRole: role).timeline(forPath: input, options: options)
        if let frames = try FrameOptions.markerFrames(args, timeline, spec) { request.frames = frames }
        let result = try wrap {
            try timeline.convert(request, limits: limits) { phase, done, total in
                if showProgress { Terminal.progress("\(phase) \(done)/\(total)") }
            }
        }
        if showProgress { Terminal.progress(nil) }
        for w in result.warnings where !quiet { Terminal.writeError("cylanim: warning: \(w)\n") }
        if destination != .standardOutput && (!quiet || args.has("json")) {
            report(args, input: input, format: format, paths: result.paths, bytes: result.byteCount, size: result.size,
                   frames: result.frameCount, duration: result.duration, warnings: result.warnings,
                   elapsed: ContinuousClock.now - started)
        }
        return 0
    }

    static func report(_ args: ParsedArguments, input: String, format: OutputFormat, paths: [String], bytes: Int,
                       size: PixelSize?, frames: Int?, duration: Duration?, warnings: [String], elapsed: Duration) {
        if args.has("json") {
            var members: [(String, JSONOutput)] = [("input", .string(input)), ("format", .string(format.rawValue)),
                                                   ("paths", .array(paths.map { .string($0) })), ("bytes", .int(bytes))]
            if let size { members += [("width", .int(size.width)), ("height", .int(size.height))] }
            if let frames { members.append(("frames", .int(frames))) }
            if let duration { members.append(("duration_ms", .double((duration.seconds * 1e4).rounded() / 10))) }
            members.append(("warnings", .array(warnings.map { .string($0) })))
            members.append(("elapsed_ms", .double((elapsed.seconds * 1e4).rounded() / 10)))
            print(JSONOutput.object(members).text)
            return
        }
        let target = paths.count == 1 ? paths[0] : (args.value("output") ?? "")
        var line = "wrote \(target) (\(format.rawValue)"
        if let size { line += ", \(size)" }
        if let frames { line += ", \(frames) frame\(frames == 1 ? "" : "s")" }
        if let duration { line += ", " + String(format3: duration.seconds) + " s" }
        line += ", \(bytes) bytes)"
        print(line)
    }

    /// Turns a library `UsageError` into this command's usage error (usage printed, exit 64).
    static func wrap<T>(_ body: () throws -> T) throws -> T {
        do { return try body() } catch let e as UsageError { throw CLIUsageError(message: e.message, command: spec) }
    }
}
