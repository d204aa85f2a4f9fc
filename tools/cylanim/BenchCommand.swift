import CYLCodecs
import CYLTabBarItemAnimation

/// `cylanim bench`: how long opening, rendering and PNG-encoding an animation take here.
enum BenchCommand {
    static let spec = CommandSpec(
        name: "bench",
        abstract: "Time opening, rendering and PNG encoding of an animation: median and p90.",
        discussion: """
        Opens the input --passes times (parse time), renders every selected frame at --size on each \
        pass (ms per frame) and encodes the rendered frames of one pass as PNG (level 1, no filter). \
        Build in release mode for representative numbers: swift build -c release.
        """,
        usage: "cylanim bench <input> [--size <N|WxH>] [--passes <N>] [--frames <list>] [--json]",
        arguments: [ArgumentSpec(name: "input", help: "A Lottie file (.json, .tgs, .lottie), a GIF or a directory of PNG frames.")],
        options: [
            .value("size", "N|WxH", help: "Render size; N means NxN (default 256)."),
            .value("passes", "N", help: "How many times to open and render, 1-1000 (default 5)."),
            .value("frames", "list", help: "Frames to render, counted from 0: 0-9,12 or 5- (default: all)."),
            .flag("json", help: "Print a JSON object instead of text."),
        ] + CommonOptions.specs)

    /// Median and 90th percentile of a sample, in milliseconds.
    struct Stats {
        let median: Double, p90: Double, count: Int
        init(_ samples: [Duration]) {
            let ms = samples.map { $0.seconds * 1000 }.sorted()
            count = ms.count
            let n = ms.count
            median = n == 0 ? 0 : n % 2 == 1 ? ms[n / 2] : (ms[n / 2 - 1] + ms[n / 2]) / 2
            p90 = ms.isEmpty ? 0 : ms[min(ms.count - 1, Int((Double(ms.count) * 0.9).rounded(.up)) - 1)]
        }
        var json: JSONOutput {
            .object([("median_ms", .double(round3(median))), ("p90_ms", .double(round3(p90))), ("samples", .int(count))])
        }
    }

    static func run(_ args: ParsedArguments) throws -> Int32 {
        func usage(_ message: String) -> CLIUsageError { CLIUsageError(message: message, command: spec) }
        var size = PixelSize(256, 256)
        if let text = args.value("size") {
            do { size = try OutputSize.parseBox(text) } catch { throw usage(error.message) }
        }
        var passes = 5
        if let text = args.value("passes") {
            guard let n = Int(text), (1...1000).contains(n) else { throw usage("Invalid value '\(text)' for '--passes': expected 1-1000.") }
            passes = n
        }
        let limits = try CommonOptions.limits(args, spec)
        guard size.width <= limits.maxCanvasPixels / size.height else {
            throw usage("size \(size) has more than \(limits.maxCanvasPixels) pixels (raise it with --max-pixels)")
        }
        let clock = ContinuousClock()

        var openTimes: [Duration] = []
        var timeline: FrameTimeline!
        for _ in 0..<passes {
            let start = clock.now
            timeline = try CommonOptions.open(args, spec)
            openTimes.append(clock.now - start)
        }
        var selection = FrameSelection.all
        if let text = args.value("frames") {
            do { selection = try FrameSelection(parsing: text) } catch { throw usage(error.message) }
        }
        let frames: [Int]
        do { frames = try selection.frames(count: timeline.frameCount) } catch { throw usage(error.message) }

        var renderTimes: [Duration] = []
        var lastPass: [Pixmap] = []
        for pass in 0..<passes {
            for index in frames {
                let start = clock.now
                let image = try timeline.render(frame: index, size: size)
                renderTimes.append(clock.now - start)
                if pass == passes - 1 { lastPass.append(image) }
            }
        }
        var encodeTimes: [Duration] = []
        var encodedBytes = 0
        for image in lastPass {
            let start = clock.now
            encodedBytes += try PNGCodec.encode(image, compressionLevel: 1, filter: .none).count
            encodeTimes.append(clock.now - start)
        }

        let open = Stats(openTimes), render = Stats(renderTimes), encode = Stats(encodeTimes)
        #if DEBUG
        let build = "debug"
        #else
        let build = "release"
        #endif
        if args.has("json") {
            print(JSONOutput.object([
                ("file", .string(timeline.file)), ("format", .string(timeline.format)), ("build", .string(build)),
                ("frames", .int(frames.count)), ("passes", .int(passes)),
                ("width", .int(size.width)), ("height", .int(size.height)),
                ("open", open.json), ("render_per_frame", render.json), ("encode_png_per_frame", encode.json),
                ("png_bytes_per_frame", .int(lastPass.isEmpty ? 0 : encodedBytes / lastPass.count)),
            ]).text)
            return 0
        }
        func row(_ name: String, _ s: Stats, _ what: String) -> String {
            name.padding(12) + "median " + ms(s.median) + "   p90 " + ms(s.p90) + "   " + what
        }
        print("file".padding(12) + "\(timeline.file) (\(timeline.format), \(timeline.frameCount) frames, \(timeline.canvasSize))")
        if build == "debug" {
            print("build".padding(12) + "debug: not representative; build with `swift build -c release`")
        }
        print(row("open", open, "(\(passes) passes)"))
        print(row("render", render, "per frame at \(size) (\(render.count) frames)"))
        print(row("encode PNG", encode, "per frame, level 1, no filter (\(encodedBytes / max(1, lastPass.count)) bytes)"))
        return 0
    }

    static func ms(_ v: Double) -> String {
        let text = String(round3(v))
        return (text + " ms").padding(11)
    }

    static func round3(_ v: Double) -> Double { (v * 1000).rounded() / 1000 }
}
