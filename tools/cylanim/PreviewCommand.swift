#if canImport(Glibc)
import Glibc
#endif
import CYLTabBarItemAnimation

/// `cylanim preview`: contact sheets, scripted tab-bar previews, terminal playback, player events.
enum PreviewCommand {
    static let spec = CommandSpec(
        name: "preview",
        abstract: "Preview an animation or a whole tab bar: contact sheet, scripted playback, terminal.",
        discussion: """
        The input is one animation or a tab-bar configuration (CYLTabBarController's keys in JSON, \
        JSONC/JSON5, an XML or binary property list, or YAML: a map with a tabBarItemsAttributes list; \
        paths in it are relative to it). --theme picks one of its skins (CYLTabBarControllerThemes); \
        --all-themes puts every skin on the sheet. --platform and --app-version filter tabs by \
        CYLTabBarItemPlatforms and CYLTabBarItemMinimumAppVersion; skipped tabs are listed. \
        --sheet writes a contact sheet: evenly spaced frames (first and last included) labelled with \
        frame number and time, on the light and dark bar colours and a checkerboard, at 1x, 2x and 3x. \
        -o renders the bar over time following --script with the tab-bar rules: play once on select and \
        hold, reset on deselect, replay on reselect, loop when unselected, speed. Script commands: \
        'select N' (a tap: index from 0, or identifier), 'reselect N' (the tab's \
        CYLTabBarItemGestureReselect), 'wait 1.2s' (or 500ms), 'appearance dark'. The bar appears with \
        the --selected tab on its last frame, not playing (as the library shows it; \
        CYLTabBarLaunchAnimates: true plays it); without a script every other tab is selected in turn, \
        then the launch tab again. Images keep their own colours unless CYLTabBarItemImageRenderingMode is \
        template. --events prints the players' animationDidStart/animationDidFinish events as JSON \
        lines (with each tab's accessibility label and page), after a tabSkipped line per filtered-out tab. --terminal plays it in the \
        terminal (kitty or iTerm2 images when announced, truecolor half-blocks otherwise) until Ctrl-C. \
        The sheet and the preview are written together or not at all, and never over a file the \
        configuration names (its animations, dark files and images) or inside a folder of frames it uses (exit 73).
        """,
        usage: "cylanim preview <input> [--sheet <png>] [-o <file>] [--script <text>] [--appearance light|dark] [--theme <name>] [--events] [--terminal]",
        arguments: [ArgumentSpec(name: "input", help: "A tab-bar configuration (.json, .jsonc, .json5, .plist, .yaml), a Lottie file, a GIF or a directory of PNG frames.")],
        options: [
            .value("sheet", "png", help: "Write a contact sheet PNG."),
            .value("count", "N", help: "Frames per animation on the sheet, evenly spaced, first and last included (default 6)."),
            .value("scales", "list", help: "Scales on the sheet, e.g. 1,2,3 (default) or 2."),
            .value("output", short: "o", "file", help: "Write the scripted preview: .gif, .png (APNG), .webp, or frames/%04d.png."),
            .value("script", "text", help: "What happens over time: \"select 1; wait 1.2s; reselect 1; wait 1s; select 3; wait 2s\"."),
            .value("appearance", "light|dark", help: "Light (default) or dark bar: each tab's dark variant (its dark file, the theme CYLTabBarAnimationOptions darkTheme names, its dark colours or a .lottie's theme 'dark') and the configuration's dark skin."),
            .value("theme", "name", help: "The configuration's skin to show (default: the skin named 'default', else the first); for a .lottie input, its theme in light appearance (dark appearance draws its theme 'dark' when it has one)."),
            .flag("all-themes", help: "Sheet: one group of rows per skin of the configuration."),
            .value("platform", "ios|android", help: "Show the tabs CYLTabBarItemPlatforms allows on this platform (default ios)."),
            .value("app-version", "version", help: "Leave out tabs whose CYLTabBarItemMinimumAppVersion is above this version, e.g. 5.2.0."),
            .value("scale", "N", help: "Pixels per point of the scripted preview, 1-4 (default: the configuration's, or 2)."),
            .value("icon-size", "points", help: "Icon size in points (default: the configuration's, or 30)."),
            .value("rate", "fps", help: "Frames per second of the scripted preview (default 30; 20 in the terminal)."),
            FrameOptions.threadsSpec,
            .value("selected", "N", help: "The tab selected when the bar appears, shown at its last frame (default 0)."),
            .flag("events", help: "Print the players' start and finish events as JSON lines on standard output."),
            .flag("terminal", help: "Play in this terminal until Ctrl-C (or --loops passes)."),
            .value("loops", "N", help: "Terminal: play the script N times, then stop (default: until Ctrl-C)."),
            .value("graphics", "kitty|iterm2|half-blocks", help: "Terminal: force an image protocol instead of detecting it."),
            .flag("quiet", short: "q", help: "Print nothing on success except events."),
        ] + CommonOptions.specs.filter { $0.name != "theme" })  // its own --theme, above

    static func run(_ args: ParsedArguments) throws -> Int32 {
        let job = try job(args)
        let terminal = args.has("terminal"), events = args.has("events"), quiet = args.has("quiet")
        let graphics = try args.value("graphics").map { text throws(CLIUsageError) in
            guard let g = TerminalGraphics(rawValue: text) else { throw usage("Invalid value '\(text)' for '--graphics': expected kitty, iterm2 or half-blocks.") }
            return g
        } ?? TerminalGraphics.detect(environment: environment())
        let loops = try args.value("loops").map { try int($0, "loops", 1...1_000_000) }
        if terminal && isatty(1) == 0 {
            printError("--terminal plays the preview in a terminal, but standard output is not one (a pipe or a file); "
                       + "use --sheet <png> or -o <file> to write images instead")
            return ExitCode.usage
        }
        let result = try job.run(registry: try CommonOptions.registry(args, spec)) { d in
            guard !quiet else { return }
            let text = "\(d.severity.rawValue): \(job.input): \(d.location.isEmpty ? "" : d.location + ": ")\(d.message)"
            Terminal.writeError("cylanim: \(LimitFlag.explain(text).escapingControlCharacters)\n")
        }
        if !quiet { result.warnings.forEach(Terminal.warn) }
        // Summaries go to standard error when standard output carries events.
        for line in result.summaries where !quiet {
            if events { Terminal.writeError(line + "\n") } else { print(line) }
        }
        guard let preview = result.preview else { return 0 }
        if events { result.eventLines.forEach { print($0) } }
        if terminal {
            let renderer = try TabBarRenderer(bar: result.bar, scale: graphics == .halfBlocks ? 1 : nil)
            try TerminalPlayback.play(preview, renderer: renderer, graphics: graphics, loops: loops,
                                      background: result.bar.configuration.colors(job.appearance).background)
        }
        return 0
    }

    static func usage(_ message: String) -> CLIUsageError { CLIUsageError(message: message, command: spec) }

    /// The preview job the options describe.
    static func job(_ args: ParsedArguments) throws -> PreviewJob {
        var job = PreviewJob(input: try CommonOptions.input(args, spec))
        job.sheet = args.value("sheet")
        job.output = args.value("output")
        let terminal = args.has("terminal"), events = args.has("events")
        guard job.sheet != nil || job.output != nil || terminal || events else {
            throw usage("Nothing to do: give --sheet <png>, -o <file>, --terminal or --events.")
        }
        if terminal && (events || job.output == "-") { throw usage("--terminal draws on standard output; it cannot be combined with --events.") }
        job.playsScript = terminal || events
        if let text = args.value("appearance") {
            guard let a = Appearance(rawValue: text.lowercased()) else { throw usage("Invalid value '\(text)' for '--appearance': expected 'light' or 'dark'.") }
            job.appearance = a
        }
        job.script = try args.value("script").map { text throws(UsageError) in try PreviewScript(parsing: text) }
        job.scale = try args.value("scale").map { try int($0, "scale", 1...4) }
        job.iconSize = try args.value("icon-size").map { try double($0, "icon-size", 4...256) }
        job.fps = try args.value("rate").map { try double($0, "rate", 1...120) } ?? (terminal ? 20 : 30)
        job.initialTab = try args.value("selected").map { try int($0, "selected", 0...63) }
        job.sheetOptions = try sheetOptions(args)
        job.allThemes = args.has("all-themes")
        job.threads = try FrameOptions.threads(args, spec)
        if job.allThemes && job.sheet == nil { throw usage("--all-themes puts every skin on the contact sheet; give --sheet <png> too.") }
        job.openOptions = try CommonOptions.openOptions(args, spec)
        job.configOptions = try configOptions(args, limits: job.openOptions.limits)
        return job
    }

    /// `--theme`, `--platform`, `--app-version` and the limits a configuration file is read with.
    static func configOptions(_ args: ParsedArguments, limits: Limits) throws(CLIUsageError) -> ConfigOptions {
        var options = ConfigOptions()
        if args.value("max-file-bytes") != nil { options.maxBytes = limits.maxFileBytes }
        options.maxJSONDepth = limits.maxJSONDepth
        options.theme = args.value("theme")
        if let text = args.value("platform") {
            guard let p = TabPlatform(name: text) else { throw usage("Invalid value '\(text)' for '--platform': expected 'ios' or 'android'.") }
            options.platform = p
        }
        if let text = args.value("app-version") {
            guard let v = AppVersion(text) else { throw usage("Invalid value '\(text)' for '--app-version': expected a version such as 5.2.0.") }
            options.appVersion = v
        }
        return options
    }

    /// `--count` and `--scales`.
    static func sheetOptions(_ args: ParsedArguments) throws(CLIUsageError) -> ContactSheetOptions {
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
        return options
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
