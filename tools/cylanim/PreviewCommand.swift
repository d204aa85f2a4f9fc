#if canImport(Glibc)
import Glibc
#endif
import CYLCodecs
import CYLTabBarItemAnimation

/// `cylanim preview`: contact sheets, scripted tab-bar previews, terminal playback, player events.
enum PreviewCommand {
    static let spec = CommandSpec(
        name: "preview",
        abstract: "Preview an animation or a whole tab bar: contact sheet, scripted playback, terminal.",
        discussion: """
        The input is one animation or a tab-bar configuration (a JSON object with a \
        tabBarItemsAttributes array using CYLTabBarController's keys; paths in it are relative to it). \
        --sheet writes a contact sheet: evenly spaced frames (first and last included) labelled with \
        frame number and time, on the light and dark bar colours and a checkerboard, at 1x, 2x and 3x. \
        -o renders the bar over time following --script with the tab-bar rules: play once on select and \
        hold, reset on deselect, replay on reselect, loop when unselected, speed. Script commands: \
        'select N' (index from 0, or identifier), 'wait 1.2s' (or 500ms), 'appearance dark'. The first \
        select happens at time 0; without a script every tab is selected in turn. --events prints the \
        players' animationDidStart/animationDidFinish events as JSON lines. --terminal plays it in the \
        terminal (kitty or iTerm2 images when announced, truecolor half-blocks otherwise) until Ctrl-C. \
        The sheet and the preview are written together or not at all, and never over a file the \
        configuration names (its animations, dark files and images) or inside a folder of frames it uses (exit 73).
        """,
        usage: "cylanim preview <input> [--sheet <png>] [-o <file>] [--script <text>] [--appearance light|dark] [--events] [--terminal]",
        arguments: [ArgumentSpec(name: "input", help: "A tab-bar configuration (.json), a Lottie file, a GIF or a directory of PNG frames.")],
        options: [
            .value("sheet", "png", help: "Write a contact sheet PNG."),
            .value("count", "N", help: "Frames per animation on the sheet, evenly spaced, first and last included (default 6)."),
            .value("scales", "list", help: "Scales on the sheet, e.g. 1,2,3 (default) or 2."),
            .value("output", short: "o", "file", help: "Write the scripted preview: .gif, .png (APNG), .webp, or frames/%04d.png."),
            .value("script", "text", help: "What happens over time: \"select 1; wait 1.2s; select 1; wait 1s; select 3; wait 2s\"."),
            .value("appearance", "light|dark", help: "Light (default) or dark bar, dark variants and dark colours."),
            .value("scale", "N", help: "Pixels per point of the scripted preview, 1-4 (default: the configuration's, or 2)."),
            .value("icon-size", "points", help: "Icon size in points (default: the configuration's, or 30)."),
            .value("rate", "fps", help: "Frames per second of the scripted preview (default 30; 20 in the terminal)."),
            .value("selected", "N", help: "The tab selected at time 0 when the script does not start with a select (default 0)."),
            .flag("events", help: "Print the players' start and finish events as JSON lines on standard output."),
            .flag("terminal", help: "Play in this terminal until Ctrl-C (or --loops passes)."),
            .value("loops", "N", help: "Terminal: play the script N times, then stop (default: until Ctrl-C)."),
            .value("graphics", "kitty|iterm2|half-blocks", help: "Terminal: force an image protocol instead of detecting it."),
            .flag("quiet", short: "q", help: "Print nothing on success except events."),
        ] + CommonOptions.specs)

    static func run(_ args: ParsedArguments) throws -> Int32 {
        do {
            return try runChecked(args)
        } catch let e as ConfigError {
            printError(e.description)
            switch e.kind {
            case .unreadable, .missingFile: return ExitCode.noInput
            default: return ExitCode.dataError
            }
        } catch let e as FontError {
            printError(e.description)
            return ExitCode.noInput
        } catch let e as UsageError {
            throw CLIUsageError(message: e.message, command: spec)
        }
    }

    static func usage(_ message: String) -> CLIUsageError { CLIUsageError(message: message, command: spec) }

    static func runChecked(_ args: ParsedArguments) throws -> Int32 {
        guard args.positionals.count == 1 else {
            throw usage(args.positionals.isEmpty ? "Missing expected argument '<input>'." : "Unexpected extra argument '\(args.positionals[1])'.")
        }
        let input = args.positionals[0]
        let sheetPath = args.value("sheet"), outputPath = args.value("output")
        let terminal = args.has("terminal"), events = args.has("events"), quiet = args.has("quiet")
        guard sheetPath != nil || outputPath != nil || terminal || events else {
            throw usage("Nothing to do: give --sheet <png>, -o <file>, --terminal or --events.")
        }
        if terminal && (events || outputPath == "-") { throw usage("--terminal draws on standard output; it cannot be combined with --events.") }
        var appearance = Appearance.light
        if let text = args.value("appearance") {
            guard let a = Appearance(rawValue: text.lowercased()) else { throw usage("Invalid value '\(text)' for '--appearance': expected 'light' or 'dark'.") }
            appearance = a
        }
        let script = try args.value("script").map { text throws(UsageError) in try PreviewScript(parsing: text) }
        let scale = try args.value("scale").map { try int($0, "scale", 1...4) }
        let iconSize = try args.value("icon-size").map { try double($0, "icon-size", 4...256) }
        let rate = try args.value("rate").map { try double($0, "rate", 1...120) }
        let selected = try args.value("selected").map { try int($0, "selected", 0...63) }
        let loops = try args.value("loops").map { try int($0, "loops", 1...1_000_000) }
        var graphics: TerminalGraphics?
        if let text = args.value("graphics") {
            guard let g = TerminalGraphics(rawValue: text) else { throw usage("Invalid value '\(text)' for '--graphics': expected kitty, iterm2 or half-blocks.") }
            graphics = g
        }
        if terminal && isatty(1) == 0 {
            printError("--terminal plays the preview in a terminal, but standard output is not one (a pipe or a file); "
                       + "use --sheet <png> or -o <file> to write images instead")
            return ExitCode.usage
        }

        // Open the tab bar (or a one-tab bar around a single animation).
        let limits = try CommonOptions.limits(args, spec)
        var openOptions = OpenOptions(limits: limits)
        if let text = args.value("fps") {
            guard let fps = Double(text), FrameTiming.fpsRange.contains(fps) else { throw usage("Invalid value '\(text)' for '--fps': expected a number from 0.0003 (1/3600, one frame an hour) to 1000.") }
            openOptions.fps = fps
        }
        var role = GIFRole.animation
        if let text = args.value("gif-as") {
            guard let r = GIFRole(rawValue: text) else { throw usage("Invalid value '\(text)' for '--gif-as': expected 'animation' or 'image'.") }
            role = r
        }
        var configuration: TabBarConfiguration
        if TabBarConfiguration.looksLikeConfiguration(path: input) {
            var configOptions = ConfigOptions()
            if args.value("max-file-bytes") != nil { configOptions.maxBytes = limits.maxFileBytes }
            configOptions.maxJSONDepth = limits.maxJSONDepth
            configuration = try TabBarConfiguration.load(path: input, options: configOptions)
        } else {
            _ = try ContentProbe.read(path: input)  // "no such file" as the other commands say it
            configuration = TabBarConfiguration.single(animationPath: input)
        }
        if let iconSize { configuration.iconSize = iconSize }
        if let scale { configuration.scale = scale }
        let bar = try TabBar(configuration: configuration, options: openOptions, gifRole: role)
        if !quiet {
            for d in bar.diagnostics { Terminal.writeError("cylanim: \(d.severity.rawValue): \(configuration.file): \(d.location.isEmpty ? "" : d.location + ": ")\(d.message)\n") }
        }
        if let selected, selected >= bar.tabs.count { throw usage("Invalid value '\(selected)' for '--selected': the tab bar has tabs 0-\(bar.tabs.count - 1).") }

        // Summaries go to standard error when standard output carries events.
        func say(_ text: String) {
            guard !quiet else { return }
            if events { Terminal.writeError(text + "\n") } else { print(text) }
        }

        // One writer for the sheet and the preview: both or neither, never over a file the bar reads.
        let writer = OutputWriter(inputs: bar.inputs)
        var summaries: [String] = []
        if let sheetPath {
            var options = ContactSheetOptions()
            if let text = args.value("count") { options.frameCount = try int(text, "count", 2...64) }
            if let text = args.value("scales") {
                var list: [Int] = []
                for part in text.split(separator: ",", omittingEmptySubsequences: false) {
                    guard let n = Int(part), (1...4).contains(n), !list.contains(n) else {
                        throw usage("Invalid value '\(text)' for '--scales': expected distinct scales 1-4 separated by commas, e.g. 1,2,3.")
                    }
                    list.append(n)
                }
                options.scales = list
            }
            let sheet = try ContactSheet.render(bar, options: options, limits: limits)
            // Adaptive filters: sheets are mostly flat colour and text.
            try writer.stage(try PNGCodec.encode(sheet, compressionLevel: 6, filter: .adaptive), to: sheetPath)
            summaries.append("wrote contact sheet \(sheet.width)x\(sheet.height) (\(bar.tabs.count) tab\(bar.tabs.count == 1 ? "" : "s")) to \(sheetPath)")
        }

        guard outputPath != nil || terminal || events else {
            try writer.commit()
            summaries.forEach(say)
            return 0
        }
        let theScript = script ?? defaultScript(bar)
        let fps = rate ?? (terminal ? 20 : 30)
        let preview = try ScriptedPreview(bar: bar, script: theScript, fps: fps, appearance: appearance, initialTab: selected ?? 0)

        if let outputPath {
            guard let format = OutputFormat.inferred(from: outputPath), format != .tgs else {
                throw usage("Cannot tell the output format of '\(outputPath)': use .gif, .png (animated PNG), .webp or a frames/%04d.png pattern.")
            }
            let renderer = try TabBarRenderer(bar: bar)
            let timeline = preview.timeline(renderer: renderer)
            var request = ConvertRequest(format: format, destination: .file(outputPath))
            request.loop = .forever
            let result = try timeline.convert(request, limits: limits, into: writer)
            for w in result.warnings where !quiet { Terminal.writeError("cylanim: warning: \(w)\n") }
            summaries.append("wrote \(format.rawValue) preview \(renderer.size) with \(result.frameCount) frames, \(ContactSheet.formatSeconds(preview.duration.seconds)) to \(outputPath)")
        }
        try writer.commit()
        summaries.forEach(say)
        if events {
            for e in preview.events { print(e.jsonLine) }
        }
        if terminal {
            let renderer = try TabBarRenderer(bar: bar, scale: graphics == .halfBlocks || (graphics == nil && TerminalGraphics.detect(environment: environment()) == .halfBlocks) ? 1 : nil)
            try TerminalPlayback.play(preview, renderer: renderer, fps: fps, graphics: graphics ?? TerminalGraphics.detect(environment: environment()),
                                      loops: loops, background: bar.configuration.colors(appearance).background)
        }
        return 0
    }

    /// Without a script: every tab selected in turn, each shown for its pass plus a moment (at least 1 s).
    static func defaultScript(_ bar: TabBar) -> PreviewScript {
        var commands: [PreviewScript.Command] = []
        for (i, tab) in bar.tabs.enumerated() {
            var shown = Duration.seconds(1)
            if let t = tab.timeline {
                let pass = t.duration / bar.configuration.speed + .milliseconds(500)
                if pass > shown { shown = min(pass, .seconds(10)) }
            }
            commands.append(.select(String(i)))
            commands.append(.wait(shown))
        }
        return PreviewScript(commands: commands)
    }

    static func environment() -> [String: String] {
        var env: [String: String] = [:]
        for key in ["TERM", "TERM_PROGRAM", "KITTY_WINDOW_ID", "LC_TERMINAL", "COLORTERM"] {
            if let v = getenv(key) { env[key] = String(cString: v) }
        }
        return env
    }

    static func int(_ text: String, _ name: String, _ range: ClosedRange<Int>) throws(CLIUsageError) -> Int {
        guard let n = Int(text), range.contains(n) else {
            throw usage("Invalid value '\(text)' for '--\(name)': expected a whole number \(range.lowerBound)-\(range.upperBound).")
        }
        return n
    }

    static func double(_ text: String, _ name: String, _ range: ClosedRange<Double>) throws(CLIUsageError) -> Double {
        guard let v = Double(text), v.isFinite, range.contains(v) else {
            throw usage("Invalid value '\(text)' for '--\(name)': expected a number \(Int(range.lowerBound))-\(Int(range.upperBound)).")
        }
        return v
    }
}

/// Plays a scripted preview on standard output in real time; Ctrl-C restores the cursor.
enum TerminalPlayback {
    /// What a signal handler writes before the process dies: show the cursor, reset colours, newline.
    nonisolated(unsafe) static let restoreBytes: UnsafeMutablePointer<UInt8> = {
        let text = Array((TerminalGraphics.resetAttributes + TerminalGraphics.showCursor + "\n").utf8)
        let p = UnsafeMutablePointer<UInt8>.allocate(capacity: text.count + 1)
        p.initialize(from: text, count: text.count)
        p[text.count] = 0
        return p
    }()

    static func write(_ text: String) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let n = bytes.withUnsafeBytes { Glibc.write(1, $0.baseAddress, $0.count) }
            if n <= 0 { if n < 0 && errno == EINTR { continue }; return }
            bytes = bytes.dropFirst(n)
        }
    }

    static func terminalSize() -> (columns: Int, rows: Int) {
        var ws = winsize()
        if ioctl(1, UInt(TIOCGWINSZ), &ws) == 0, ws.ws_col > 0 { return (Int(ws.ws_col), Int(ws.ws_row)) }
        return (80, 24)
    }

    static func play(_ preview: ScriptedPreview, renderer: TabBarRenderer, fps: Double, graphics: TerminalGraphics,
                     loops: Int?, background: RGBA8) throws {
        _ = restoreBytes
        for sig in [SIGINT, SIGTERM, SIGHUP] {
            signal(sig) { received in
                // Async-signal-safe only: write, signal, raise.
                _ = Glibc.write(1, TerminalPlayback.restoreBytes, strlen(TerminalPlayback.restoreBytes))
                signal(received, SIG_DFL)
                raise(received)
            }
        }
        defer { write(TerminalGraphics.resetAttributes + TerminalGraphics.showCursor) }
        let (columns, rows) = terminalSize()
        var target = renderer.size
        if graphics == .halfBlocks {
            // One column per pixel and two pixel rows per line: fit the terminal.
            let maxW = max(8, columns), maxH = max(4, (rows - 2) * 2)
            let s = min(1, Double(maxW) / Double(target.width), Double(maxH) / Double(target.height))
            target = PixelSize(max(1, Int(Double(target.width) * s)), max(1, Int(Double(target.height) * s)))
        }
        // Reserve the lines the image takes, so that scrolling happens before the cursor is saved.
        let lines = graphics == .halfBlocks ? TerminalGraphics.halfBlockLines(height: target.height) : target.height / 16 + 2
        write(TerminalGraphics.hideCursor + String(repeating: "\n", count: lines) + "\u{1B}[\(lines)A" + TerminalGraphics.saveCursor)
        let frameTime = Duration.seconds(1 / fps)
        let clock = ContinuousClock()
        var pass = 0
        while loops.map({ pass < $0 }) ?? true {
            var due = clock.now
            for i in preview.frames.indices {
                var image = try preview.render(frame: i, renderer: renderer)
                if image.size != target { image = try image.fitted(to: target) }
                write(TerminalGraphics.restoreCursor + (try graphics.encode(image, background: background)))
                due += frameTime
                let wait = due - clock.now
                if wait > .zero { sleepFor(wait) }
            }
            pass += 1
        }
        write(TerminalGraphics.restoreCursor + String(repeating: "\n", count: lines))
    }

    static func sleepFor(_ d: Duration) {
        let (s, atto) = d.components
        var ts = timespec(tv_sec: Int(s), tv_nsec: Int(atto / 1_000_000_000))
        var rest = timespec()
        while nanosleep(&ts, &rest) != 0 && errno == EINTR { ts = rest }
    }
}
