import CYLDocuments
import CYLTabBarItemAnimation
import Foundation

/// `cylanim bench`: how long opening, rendering and PNG-encoding an animation take here.
enum BenchCommand {
    static let spec = CommandSpec(
        name: "bench",
        abstract: "Time opening, rendering and PNG encoding of an animation, or playing a tab bar.",
        discussion: """
        Opens the input --passes times (parse time; for a JSON file also the same bytes through the \
        JSON reader alone, so open minus parse is the typed model), renders every selected frame at --size on each \
        pass into one reused buffer, as a player does (ms per frame), encodes the rendered frames of \
        one pass as PNG (level 1, no filter), and plays the frames twice through a frame cache (first \
        play draws, replay copies). With --threads N each pass also draws its frames on N threads. \
        With --player CONFIG instead: plays the tab bar for --seconds of simulated time at 60 frames \
        a second, without a window and as fast as it goes, through a fixed script (from 0.6 s, every \
        1.2 s a tap on the next tab, every fourth time the selected tab's reselect gesture instead, \
        every fifth time also a light/dark switch), drawing each frame into one reused image; \
        reports frame time p50/p99/max, CPU time (user + system) per second of playback (the share \
        of one core at 60 Hz), and how many frames had something moving and how many showed no \
        change (frames a player that redraws only on change skips); --theme then names the \
        configuration's skin. \
        Build in release mode for representative numbers: swift build -c release.
        """,
        usage: "cylanim bench (<input> [--size <N|WxH>] [--passes <N>] [--frames <list>] [--threads <N>] | --player <config> [--scale <N>] [--seconds <S>]) [--json]",
        arguments: [ArgumentSpec(name: "input", help: "A Lottie file (.json, .tgs, .lottie), a PAG file (.pag), a Rive file (.riv), a GIF or a directory of PNG frames.")],
        options: [
            .value("size", "N|WxH", help: "Render size; N means NxN (default 256)."),
            .value("passes", "N", help: "How many times to open and render, 1-1000 (default 5)."),
            .value("frames", "list", help: "Frames to render, counted from 0: 0-9,12 or 5- (default: all)."),
            .value("threads", "N", help: "Also draw each pass's frames on N threads and report the speedup over one thread (default 1: one thread only)."),
            .value("player", "config", help: "Play this tab-bar configuration (or one animation as a one-tab bar) through a scripted run instead of timing one animation."),
            .value("scale", "N", help: "With --player: pixels per point, 1-4 (default 2)."),
            .value("seconds", "S", help: "With --player: seconds of playback simulated, 0.1-3600 (default 10)."),
            .flag("json", help: "Print a JSON object instead of text."),
        ] + CommonOptions.specs)

    static func run(_ args: ParsedArguments) throws -> Int32 {
        func usage(_ message: String) -> CLIUsageError { CLIUsageError(message: message, command: spec) }
        if let config = args.value("player") { return try runPlayer(config, args) }
        for name in ["scale", "seconds"] where args.value(name) != nil { throw usage("--\(name) applies to --player only.") }
        var size = PixelSize(256, 256)
        if let text = args.value("size") { size = try OutputSize.parseBox(text) }
        var passes = 5
        if let text = args.value("passes") {
            guard let n = Int(text), (1...1000).contains(n) else { throw usage("Invalid value '\(text)' for '--passes': expected 1-1000.") }
            passes = n
        }
        let limits = try CommonOptions.limits(args, spec)
        guard size.width <= limits.maxCanvasPixels / size.height else {
            throw usage("size \(size) has more than \(limits.maxCanvasPixels) pixels (raise it with --max-pixels)")
        }
        let frames = try args.value("frames").map { text throws(UsageError) in try FrameSelection(parsing: text) } ?? .all
        let threads = args.value("threads") == nil ? 1 : try FrameOptions.threads(args, spec)
        let bench = try TimelineBenchmark(passes: passes, size: size, frames: frames, limits: limits, threads: threads,
                                          parse: jsonParse(args.positionals.first, limits)) {
            try CommonOptions.open(args, spec)
        }
        if args.has("json") { print(json(bench, build: build).text) } else { printText(bench, build: build) }
        return 0
    }

    #if DEBUG
    static let build = "debug"
    #else
    static let build = "release"
    #endif

    /// `bench --player CONFIG`: opens the bar and plays it through `PlaybackBenchmark`.
    static func runPlayer(_ path: String, _ args: ParsedArguments) throws -> Int32 {
        func usage(_ message: String) -> CLIUsageError { CLIUsageError(message: message, command: spec) }
        if let extra = args.positionals.first { throw usage("Unexpected argument '\(extra)': --player takes the configuration.") }
        for name in ["size", "passes", "frames", "threads"] where args.value(name) != nil {
            throw usage("--\(name) times one animation; it does not apply to --player.")
        }
        let scale = try args.value("scale").map { try PreviewCommand.int($0, "scale", 1...4) } ?? 2
        let seconds = try args.value("seconds").map { try PreviewCommand.double($0, "seconds", 0.1...3600) } ?? 10
        var openOptions = try CommonOptions.openOptions(args, spec)
        let configuration = try TabBarConfiguration.forInput(path, options: try PreviewCommand.configOptions(args, limits: openOptions.limits))
        // `--theme` names a configuration's skin; only a lone animation takes it as its own theme.
        if TabBarConfiguration.looksLikeConfiguration(path: path) { openOptions.theme = nil }
        let bar = try TabBar(configuration: configuration, options: openOptions, registry: try CommonOptions.registry(args, spec))
        let bench = try PlaybackBenchmark(bar: bar, scale: scale, seconds: seconds)
        if args.has("json") { print(json(bench, file: path).text) } else { printText(bench, file: path, tabs: bar.tabs.count) }
        return 0
    }

    static func json(_ b: PlaybackBenchmark, file: String) -> JSONOutput {
        .object([
            ("file", .string(file)), ("mode", .string("player")), ("build", .string(build)),
            ("scale", .int(b.scale)), ("width", .int(b.size.width)), ("height", .int(b.size.height)),
            ("seconds", .double(b.seconds)), ("fps", .int(PlaybackBenchmark.fps)), ("frames", .int(b.frames)),
            ("inputs", .int(b.steps.count)), ("events", .int(b.events)),
            ("frame_ms", .object([("p50", .double(round3(b.frameTime.p50))), ("p99", .double(round3(b.frameTime.p99))),
                                  ("max", .double(round3(b.frameTime.max)))])),
            ("cpu_seconds", .double(round3(b.cpuSeconds))), ("cpu_per_second", .double(round4(b.cpuPerSecond))),
            ("wall_seconds", .double(round3(b.wallSeconds))),
            ("animating_frames", .int(b.animatingFrames)), ("animating_fraction", .double(round4(b.animatingFraction))),
            ("unchanged_frames", .int(b.unchangedFrames)),
        ])
    }

    static func printText(_ b: PlaybackBenchmark, file: String, tabs: Int) {
        print("file".padding(12) + "\(file) (\(tabs) tabs, \(b.size) at \(b.scale)x)")
        if build == "debug" {
            print("build".padding(12) + "debug: not representative; build with `swift build -c release`")
        }
        print("script".padding(12) + "\(b.steps.count) inputs over \(b.seconds.compactText) s, \(b.frames) frames at \(PlaybackBenchmark.fps) Hz, \(b.events) events")
        print("frame".padding(12) + "p50 " + ms(b.frameTime.p50) + "   p99 " + ms(b.frameTime.p99) + "   max " + ms(b.frameTime.max)
              + "   state, drawing and events, into one reused image")
        print("CPU".padding(12) + "\(round4(b.cpuPerSecond)) s per second of playback (\(round3(b.cpuPerSecond * 100))% of one core at 60 Hz); "
              + "\(round3(b.cpuSeconds)) s in all, \(round3(b.wallSeconds)) s wall back to back")
        print("animating".padding(12) + "\(b.animatingFrames) of \(b.frames) frames (\(round3(b.animatingFraction * 100))%) had a tab moving; "
              + "\(b.unchangedFrames) showed no change, which a player that redraws only on change does not draw")
    }

    /// Parsing `path`'s bytes with the JSON reader, when it is a file holding a JSON object (a
    /// Lottie document; not .tgs or .lottie archives): read once here, so only the parse is timed.
    static func jsonParse(_ path: String?, _ limits: Limits) -> (() throws -> Void)? {
        guard let path, let data = FileManager.default.contents(atPath: path) else { return nil }
        let bytes = [UInt8](data)
        let text = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes.dropFirst(3) : bytes[...]
        guard text.first(where: { !" \t\r\n".utf8.contains($0) }) == UInt8(ascii: "{") else { return nil }
        return {
            _ = try JSONDocument.parseElement(bytes, name: path, maxDepth: limits.maxJSONDepth, maxBytes: limits.maxJSONBytes,
                                              maxValues: limits.maxJSONValues)
        }
    }

    static func json(_ b: TimelineBenchmark, build: String) -> JSONOutput {
        func stats(_ s: TimelineBenchmark.Stats) -> JSONOutput {
            .object([("median_ms", .double(round3(s.median))), ("p90_ms", .double(round3(s.p90))), ("samples", .int(s.count))])
        }
        var fields: [(String, JSONOutput)] = [
            ("file", .string(b.timeline.file)), ("format", .string(b.timeline.format)), ("build", .string(build)),
            ("frames", .int(b.frames.count)), ("passes", .int(b.passes)),
            ("width", .int(b.size.width)), ("height", .int(b.size.height)),
            ("open", stats(b.open)), ("render_per_frame", stats(b.render)), ("encode_png_per_frame", stats(b.encode)),
            ("png_bytes_per_frame", .int(b.pngBytesPerFrame)),
            ("first_play_per_frame", stats(b.firstPlay)), ("replay_per_frame", stats(b.replay)),
        ]
        if let parse = b.parse {
            fields.append(("json_parse", stats(parse)))
            fields.append(("open_over_json_parse", .double(round3(b.open.median / max(1e-9, parse.median)))))
        }
        if let p = b.parallel {
            fields.append(("parallel", .object([("threads", .int(p.threads)), ("render_per_frame", stats(p.perFrame)),
                                                ("speedup", .double(round3(p.speedup)))])))
        }
        return .object(fields)
    }

    static func printText(_ b: TimelineBenchmark, build: String) {
        func row(_ name: String, _ s: TimelineBenchmark.Stats, _ what: String) -> String {
            name.padding(12) + "median " + ms(s.median) + "   p90 " + ms(s.p90) + "   " + what
        }
        let t = b.timeline
        print("file".padding(12) + "\(t.file) (\(t.format), \(t.frameCount) frames, \(t.canvasSize))")
        if build == "debug" {
            print("build".padding(12) + "debug: not representative; build with `swift build -c release`")
        }
        print(row("open", b.open, "(\(b.passes) passes)"))
        if let parse = b.parse {
            print(row("JSON parse", parse, "the same bytes through the JSON reader alone; open is \(round3(b.open.median / max(1e-9, parse.median)))x"))
        }
        print(row("render", b.render, "per frame at \(b.size) (\(b.render.count) frames)"))
        print(row("encode PNG", b.encode, "per frame, level 1, no filter (\(b.pngBytesPerFrame) bytes)"))
        if let p = b.parallel {
            print(row("threads", p.perFrame, "per frame on \(p.threads) threads: \(round3(p.speedup))x one thread"))
        }
        print(row("first play", b.firstPlay, "per frame, drawn into the frame cache"))
        print(row("replay", b.replay, "per frame, from the frame cache"))
    }

    static func ms(_ v: Double) -> String {
        let text = String(round3(v))
        return (text + " ms").padding(11)
    }

    static func round3(_ v: Double) -> Double { (v * 1000).rounded() / 1000 }
    static func round4(_ v: Double) -> Double { (v * 10000).rounded() / 10000 }
}
