import CYLTabBarItemAnimation

/// `cylanim render`: frames to PNG files.
enum RenderCommand {
    static let spec = CommandSpec(
        name: "render",
        abstract: "Render frames to PNG files at any size.",
        discussion: """
        The number in a %d or %04d pattern is the frame's index in the animation (0 = first frame), \
        not its position in the selection. A plain .png path takes exactly one frame. With --size the \
        animation is scaled uniformly to fit and centred, transparent around. Files are written only \
        when every selected frame rendered: on an error no new file is left and existing files are untouched. \
        An output may not be the input, nor lie inside an input folder of frames (exit 73).
        """,
        usage: "cylanim render <input> -o <pattern> [--frames <list> | --marker <name>] [--size <WxH> | --width <W> | --height <H> | --scale <S>] [--background <color>]",
        arguments: [ArgumentSpec(name: "input", help: "A Lottie file (.json, .tgs), a PAG file (.pag), a Rive file (.riv), a GIF file or a directory of PNG frames.")],
        options: [
            .value("output", short: "o", "pattern", help: "Output path: out/f-%04d.png for many frames, or a .png path for one. Missing directories are created."),
        ] + FrameOptions.specs(verb: "Render") + [
            .value("background", "color", help: "Colour behind the frames: #rrggbb, #rrggbbaa or a name (default: transparent)."),
            .value("compression", EncoderOption.compression.accepted!, help: "zlib level for the PNGs (default \(EncoderSettings.defaultPNGCompression): fast, no row filters)."),
            FrameOptions.threadsSpec,
            .flag("quiet", short: "q", help: "Print nothing on success and no progress."),
            .flag("json", help: "Print a JSON summary of the written files."),
        ] + CommonOptions.specs)

    static func run(_ args: ParsedArguments) throws -> Int32 {
        let request = try request(args)
        let timeline = try CommonOptions.open(args, spec)
        let limits = try CommonOptions.limits(args, spec)
        let quiet = args.has("quiet"), showProgress = Terminal.showsProgress(quiet: quiet)
        CommonOptions.warnAboutAssets(timeline, quiet: quiet)
        let started = ContinuousClock.now
        let written = try timeline.renderPNGs(request, limits: limits) { done, total in
            if showProgress { Terminal.progress("rendering frame \(done)/\(total)") }
        }
        if showProgress { Terminal.progress(nil) }
        CommonOptions.warnAboutRendering(timeline, quiet: quiet)
        let elapsed = ContinuousClock.now - started
        let size = request.size.resolve(canvas: timeline.canvasSize)
        if args.has("json") {
            print(JSONOutput.object([
                ("input", .string(timeline.file)), ("width", .int(size.width)), ("height", .int(size.height)),
                ("elapsed_ms", .double((elapsed.seconds * 1e4).rounded() / 10)),
                ("frames", .array(written.map {
                    .object([("index", .int($0.index)), ("path", .string($0.path)), ("bytes", .int($0.byteCount))])
                })),
            ]).text)
        } else if !quiet {
            let where_ = written.count == 1 ? written[0].path : request.output.text
            print("wrote \(written.count) frame\(written.count == 1 ? "" : "s") at \(size) to \(where_)")
        }
        return 0
    }

    /// The render request the options describe.
    static func request(_ args: ParsedArguments) throws -> RenderRequest {
        func usage(_ message: String) -> CLIUsageError { CLIUsageError(message: message, command: spec) }
        guard let output = args.value("output") else { throw usage("Missing expected option '-o <pattern>'.") }
        var request = RenderRequest(output: try OutputPattern(output))
        if let size = try FrameOptions.size(args, spec) { request.size = size }
        if let frames = try FrameOptions.frames(args, spec) { request.frames = frames }
        request.marker = args.value("marker")
        request.threads = try FrameOptions.threads(args, spec)
        request.background = try EncoderOptions.color(args, "background", spec)
        if let text = args.value("compression") {
            do { request.compressionLevel = try EncoderSettings.compression(checking: Double(text) ?? .nan) } catch {
                throw EncoderOptions.usage(error, flag: "compression", text: text, spec)
            }
        }
        return request
    }
}
