#if canImport(Glibc)
import Glibc
#endif
import CYLDocuments
import CYLImageCodecs
import CYLTabBarItemAnimation

/// `cylanim play`: the tab bar (or one animation) in a window, playing in real time as a person taps it.
enum PlayCommand {
    static let spec = CommandSpec(
        name: "play",
        abstract: "Play an animation or a whole tab bar in a window: click a tab and it plays.",
        discussion: """
        Opens a window (SDL2, on X11 or Wayland) showing the bar at its icon size times --scale, on \
        the light or dark bar, playing in real time by the same rules as preview: the bar appears with \
        the --selected tab at rest on its last frame; a tap plays a tab once and holds it, resets the tab \
        it leaves, replays the selected tab when tapping is its reselect gesture; tabs loop where the \
        configuration asks. One animation plays in a one-tab bar. What the window shows at a time equals \
        preview's frame at that time for the same taps. Mouse: click a tab (a double click or a long \
        press is the reselect gesture of a tab that has one). Keys: 1-9 select a tab, space replays the \
        selected tab (its reselect gesture), d switches light and dark, t cycles the configuration's \
        skins, + and - double or halve the speed (1/8x to 4x), s writes a PNG of the window to the \
        current folder, q or Esc quits. --script plays taps at given times and --exit-after ends the run, \
        for repeatable demos and tests; --events prints the players' events as preview --events does. \
        --watch reloads when a file the bar is drawn from is saved (the configuration, each animation, \
        its dark file and images, the title fonts), keeping the selection and where each tab is in its \
        animation; a save that cannot be opened shows its error in the window, on standard error and \
        as a reloadFailed event while the last good version keeps playing. \
        The window redraws only while something moves, and at most once per display refresh (vsync \
        where the driver offers it, else a 60 Hz timer); a frame that would be late is skipped, not queued.
        """,
        usage: "cylanim play <input> [--scale N] [--appearance light|dark] [--theme <name>] [--selected N] [--script <text>] [--exit-after <duration>] [--events] [--watch]",
        arguments: [ArgumentSpec(name: "input", help: "A tab-bar configuration (.json, .jsonc, .json5, .plist, .yaml), a Lottie file, a .lottie, a Rive file, a GIF or a directory of PNG frames.")],
        options: [
            .value("scale", "N", help: "Pixels per point, 1-4 (default 2)."),
            .value("icon-size", "points", help: "Icon size in points (default: the configuration's, or 30)."),
            .value("appearance", "light|dark", help: "Start on the light (default) or dark bar; d switches."),
            .value("theme", "name", help: "The configuration's skin to start with (t cycles them); for a .lottie input, its theme."),
            .value("platform", "ios|android", help: "Show the tabs CYLTabBarItemPlatforms allows on this platform (default ios)."),
            .value("app-version", "version", help: "Leave out tabs whose CYLTabBarItemMinimumAppVersion is above this version."),
            .value("selected", "N", help: "The tab selected when the bar appears, shown at its last frame (default 0)."),
            .value("script", "text", help: "Taps at given times, as preview's: \"select 1; wait 1.2s; reselect 1; wait 1s\"."),
            .value("exit-after", "duration", help: "Close the window after this long on the wall clock: 5s, 500ms or 2 (seconds)."),
            .flag("events", help: "Print the players' start and finish events (and with --watch reloaded and reloadFailed) as JSON lines on standard output as they happen."),
            .flag("watch", help: "Reload when a file the bar is drawn from changes; a broken save shows its error while the last good version plays."),
            .flag("quiet", short: "q", help: "Print nothing but events and errors."),
        ] + CommonOptions.specs.filter { $0.name != "theme" })

    static func usage(_ message: String) -> CLIUsageError { CLIUsageError(message: message, command: spec) }

    static func run(_ args: ParsedArguments) throws -> Int32 {
        let input = try CommonOptions.input(args, spec)
        let scale = try args.value("scale").map { try PreviewCommand.int($0, "scale", 1...4) } ?? 2
        let iconSize = try args.value("icon-size").map { try PreviewCommand.double($0, "icon-size", 4...256) }
        var appearance = Appearance.light
        if let text = args.value("appearance") {
            guard let a = Appearance(rawValue: text.lowercased()) else { throw usage("Invalid value '\(text)' for '--appearance': expected 'light' or 'dark'.") }
            appearance = a
        }
        let script = try args.value("script").map { text throws(UsageError) in try PreviewScript(parsing: text) }
        let exitAfter = try args.value("exit-after").map { text throws(CLIUsageError) -> Duration in
            guard let d = Duration(parsing: text), d > .zero else {
                throw usage("Invalid value '\(text)' for '--exit-after': expected a duration such as 5s, 500ms or 2 (seconds).")
            }
            return d
        }
        let initialTab = try args.value("selected").map { try PreviewCommand.int($0, "selected", 0...63) } ?? 0
        let events = args.has("events"), quiet = args.has("quiet")
        var openOptions = try CommonOptions.openOptions(args, spec)
        let configOptions = try PreviewCommand.configOptions(args, limits: openOptions.limits)
        let isConfiguration = TabBarConfiguration.looksLikeConfiguration(path: input)
        if isConfiguration { openOptions.theme = nil }
        let registry = try CommonOptions.registry(args, spec)
        // Opens the input from its files as they are now: at launch, and again on each save.
        let open = { [openOptions] () throws -> TabBarPreview in
            try TabBarPreview(configuration: try TabBarConfiguration.forInput(input, options: configOptions), registry: registry,
                              options: openOptions, initialTab: initialTab, iconSize: iconSize, scale: scale)
        }
        let opened = FileWatcher.now()
        let previewer = try open()
        if !quiet {
            for d in previewer.diagnostics {
                Terminal.writeError("cylanim: \(LimitFlag.explain("\(d.severity.rawValue): \(input): \(d.location.isEmpty ? "" : d.location + ": ")\(d.message)").escapingControlCharacters)\n")
            }
        }
        if events { Terminal.write(previewer.skippedTabs.map { $0.jsonLine + "\n" }.joined(), to: 1) }
        var session = try PlaySession(previewer: previewer, skin: isConfiguration ? configOptions.theme : nil,
                                      appearance: appearance, initialTab: initialTab, script: script)
        let name = input.split(separator: "/").last.map(String.init) ?? input
        var watch: Watch? = nil
        if args.has("watch") {
            watch = Watch(watcher: try FileWatcher(), input: input, configOptions: configOptions, reopen: open)
            watch?.rewatch(session, since: opened)
        }
        let window = try SDLWindow(title: title(name, session), size: session.renderer.size)
        try loop(window: window, session: &session, name: name, exitAfter: exitAfter, events: events, quiet: quiet, watch: &watch)
        return 0
    }

    /// `--watch`: the files to watch, how to open them again, and the error of the last failed
    /// reload (shown until a save opens).
    struct Watch {
        let watcher: FileWatcher
        let input: String
        let configOptions: ConfigOptions
        let reopen: () throws -> TabBarPreview
        var failure: String? = nil
        /// Files saved after they were read and before the watch on them began.
        var missed: [String] = []

        /// Watches what the bar shown is drawn from, and the input itself. While a save is broken,
        /// also what its configuration names where it can be read, so that creating a file it
        /// names missing is seen. Saves since `start` (when the files were read) are kept in `missed`.
        mutating func rewatch(_ session: PlaySession, since start: timespec) {
            var paths = session.inputs + [input]
            if failure != nil, let named = try? TabBarConfiguration.forInput(input, options: configOptions).referencedPaths {
                paths += named
            }
            watcher.watch(paths)
            missed = watcher.changed(since: start)
        }
    }

    /// "cylanim play: tabbar.json (dark, skin night, 0.5x)".
    static func title(_ name: String, _ s: PlaySession) -> String {
        var parts = [s.appearance.rawValue]
        if let skin = s.skinName { parts.append("skin \(skin)") }
        if s.speed != 1 { parts.append("\(s.speed.compactText)x") }
        return "cylanim play: \(name) (\(parts.joined(separator: ", ")))"
    }

    /// Refresh interval without vsync: a 60 Hz display's.
    static let frameInterval = Duration.nanoseconds(16_666_667)
    /// A press held this long is a long press (the review page's half second).
    static let longPress = Duration.milliseconds(500)

    /// How often the loop looks at the watched files while it would otherwise sleep: SDL cannot
    /// wait on the inotify descriptor, and 50 ms keeps a reload well inside 200 ms of a save.
    static let watchInterval = Duration.milliseconds(50)

    static func loop(window: SDLWindow, session: inout PlaySession, name: String, exitAfter: Duration?,
                     events: Bool, quiet: Bool, watch: inout Watch?) throws {
        let clock = ContinuousClock()
        let start = clock.now
        func wall() -> Duration { clock.now - start }
        var nextFrame = Duration.zero
        var pressed: (tab: Int, at: Duration)?
        var screenshots = 1
        var image = try Pixmap(size: session.renderer.size)
        // What the window shows, to skip drawing a frame identical to it.
        var shownStates: [TabState] = [], shownAppearance = session.appearance
        func flushEvents(_ list: [PreviewEvent]) {
            guard events, !list.isEmpty else { return }
            // Unbuffered: a reader sees each event when it happens.
            Terminal.write(list.map { $0.jsonLine + "\n" }.joined(), to: 1)
        }
        while true {
            // Input first, so a tap made before this frame shows in it.
            var quit = false
            while let event = window.pollEvent() {
                let now = wall()
                switch event {
                case .quit: quit = true
                case .exposed: session.invalidate()
                case .press(let x, let y): pressed = session.tab(atX: x, y: y).map { ($0, now) }
                case .release(let x, let y, let clicks):
                    defer { pressed = nil }
                    guard let down = pressed, session.tab(atX: x, y: y) == down.tab else { break }
                    let gesture = session.bar.tabs[down.tab].item.reselectGesture
                    let reselect = down.tab == session.runtime.selectedTab
                        && ((gesture == .longPress && now - down.at >= longPress) || (gesture == .doubleTap && clicks >= 2))
                    try session.handle(.tap(down.tab, reselect ? .reselect : .tap), atWall: now)
                case .key(let key):
                    if key == "S" {
                        let path = try saveScreenshot(session.render(session.frame(atWall: now)), name: name, counter: &screenshots)
                        if !quiet { Terminal.writeError("cylanim: wrote \(path)\n") }
                    } else if let input = input(forKey: key) {
                        try session.handle(input, atWall: now)
                    }
                }
                if quit { break }
            }
            if quit { break }
            let now = wall()
            if let exitAfter, now >= exitAfter { break }
            if var w = watch {
                let changed = w.missed.isEmpty ? w.watcher.changes(within: .zero) : w.missed
                if !changed.isEmpty {
                    let reading = FileWatcher.now()
                    flushEvents(session.takeEvents(atWall: wall()))
                    let at = session.playTime(atWall: wall())
                    var line: String
                    do {
                        try session.reload(try w.reopen(), atWall: wall())
                        w.failure = nil
                        line = "{\"event\":\"reloaded\",\"time\":\(PreviewEvent.jsonTime(at)),\"files\":[\(changed.map(TextEscaping.jsonString).joined(separator: ","))]}"
                        if !quiet { Terminal.writeError("cylanim: reloaded \(changed.joined(separator: ", ").escapingControlCharacters)\n") }
                    } catch {
                        let message = LimitFlag.explain("\(error)")
                        w.failure = message
                        session.invalidate()
                        line = "{\"event\":\"reloadFailed\",\"time\":\(PreviewEvent.jsonTime(at)),\"error\":\(TextEscaping.jsonString(message))}"
                        Terminal.writeError("cylanim: error: \(message.escapingControlCharacters) (still playing the last version that opened)\n")
                    }
                    if events { Terminal.write(line + "\n", to: 1) }
                    w.rewatch(session, since: reading)
                    watch = w
                }
            }
            var presented = false
            if session.needsRedraw || session.isAnimating {
                // Input, a reload or a new skin asks for a redraw; time passing only when a tab
                // shows another frame (a 25 fps GIF tab repeats its frame for about every
                // other refresh at 60 Hz).
                let forced = session.needsRedraw
                let frame = session.frame(atWall: now)
                if forced || frame.states != shownStates || frame.appearance != shownAppearance {
                    try session.render(frame, into: &image)
                    if let failure = watch?.failure { ErrorBanner.draw(failure, over: &image, scale: session.renderer.layout.scale) }
                    try window.show(image)
                    presented = true
                    shownStates.removeAll(keepingCapacity: true)
                    shownStates.append(contentsOf: frame.states)
                    shownAppearance = frame.appearance
                }
                // Everything the title says changes only with input or a reload.
                if forced { window.title = title(name, session) + (watch?.failure == nil ? "" : " - reload failed") }
            }
            flushEvents(session.takeEvents())
            // Sleep until the next refresh while something moves, else until an input, the next
            // scripted tap or the end of the run. A frame that took too long is not made up for:
            // the next one shows the time it is drawn at.
            var wake: Duration? = nil
            if session.isAnimating || session.needsRedraw {
                nextFrame = max(nextFrame + frameInterval, wall())
                // A present under vsync waited for the refresh already; a skipped frame did not.
                wake = window.hasVSync && presented ? wall() : nextFrame
            }
            if let t = session.nextScheduled { wake = min(wake ?? .seconds(1e9), session.wallTime(atPlay: t)) }
            if let exitAfter { wake = min(wake ?? .seconds(1e9), exitAfter) }
            let timeout = min((wake ?? wall() + .seconds(1)) - wall(), watch == nil ? .seconds(1) : watchInterval)
            window.wait(timeout: timeout)
        }
        flushEvents(session.takeEvents(atWall: wall()))
    }

    /// The key bindings `--help` lists.
    static func input(forKey key: String) -> PlaySession.Input? {
        switch key {
        case "Space": return .replay
        case "D": return .toggleAppearance
        case "T": return .nextSkin
        case "+", "=", "Keypad +": return .faster
        case "-", "Keypad -": return .slower
        default:
            let digit = key.hasPrefix("Keypad ") ? String(key.dropFirst(7)) : key
            if let n = Int(digit), (1...9).contains(n) { return .number(n) }
            return nil
        }
    }

    /// Writes the window's pixels to `<name>-play-<n>.png` in the current folder (the first unused
    /// n), through a temporary file.
    static func saveScreenshot(_ image: Pixmap, name: String, counter: inout Int) throws -> String {
        let stem = name.split(separator: ".").first.map(String.init) ?? "cylanim"
        var path: String
        repeat {
            path = "\(stem)-play-\(counter).png"
            counter += 1
        } while access(path, F_OK) == 0
        let writer = OutputWriter(inputs: [])
        try writer.stage(try PNGCodec.encode(image, compressionLevel: 6, filter: .adaptive), to: path)
        _ = try writer.commit()
        return path
    }
}
