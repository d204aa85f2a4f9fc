import CYLTabBarItemAnimation

/// What `cylanim play` does with a person's input, apart from any window: taps, keys, speed,
/// skins and the script, on a `TabBarRuntime`. The window (`SDLWindow`) only turns SDL events into
/// `PlayInput`s and shows `frame(at:)`; tests drive this type directly with a made-up clock.
///
/// Two clocks: *wall* time is the window's (seconds since the window opened); *play* time is what
/// the runtime, the script and the events see. They run together at speed 1; `+`/`-` change the
/// rate play time advances at, so a slowed-down tab plays its frames at the preview's times, only
/// later on the wall.
struct PlaySession {
    /// One thing a person (or the window) did.
    enum Input: Equatable {
        /// A tap on tab `index` (a click), with `gesture` as the bar reads it.
        case tap(Int, TabBarRuntime.Gesture)
        /// Keys `1`-`9`: tap the tab at that position (1 is the first).
        case number(Int)
        /// Space: the selected tab's reselect gesture (replays it unless the tab has none).
        case replay
        /// `d`: light to dark and back.
        case toggleAppearance
        /// `t`: the next skin of the configuration.
        case nextSkin
        /// `+` / `-`: twice or half the speed, within `speeds`.
        case faster, slower
    }

    /// The rates `+` and `-` step through.
    static let speeds: [Double] = [0.125, 0.25, 0.5, 1, 2, 4]

    /// Opens the skins' bars (the configuration's, or the one-tab bar around an animation).
    private(set) var previewer: TabBarPreview
    /// The skins, in the order `t` cycles them; `[nil]` for a configuration without skins.
    private(set) var skins: [String?]
    private(set) var skin: Int
    private(set) var runtime: TabBarRuntime
    private(set) var renderer: TabBarRenderer
    /// Play time at which `runtime` started: a new skin starts a new runtime, and events are told
    /// in the session's play time.
    private var runtimeOrigin: Duration = .zero
    /// The tab `runtime` started with, and every tap it took since (in its own time): a reload
    /// plays them again on the new bar, so the selection, and where each tab is in its
    /// animation or loop, carry over.
    private var runtimeInitialTab: Int
    private var taps: [(time: Duration, tab: Int, gesture: TabBarRuntime.Gesture)] = []
    private(set) var speed: Double = 1
    /// Where the two clocks last agreed: play time `playBase` at wall time `wallBase`.
    private var wallBase: Duration = .zero, playBase: Duration = .zero
    /// The script's taps and appearance changes still to come, at their play times.
    private var scheduled: [(time: Duration, command: PreviewScript.Command, tab: Int?)]
    /// The play time of the last frame asked for: inputs are never applied before it.
    private var lastPlayTime: Duration = .zero
    /// Set by anything that changes the picture without time passing (a tap, a key, a skin).
    private(set) var needsRedraw = true
    /// Events reported and not yet printed, in play time.
    private var events: [PreviewEvent] = []
    /// The frame `frame(atWall:)` fills and returns: its states array is reused, so a window that
    /// lets go of each frame before asking for the next allocates none.
    private var scratch: PreviewFrame

    init(previewer: TabBarPreview, skin theme: String?, appearance: Appearance, initialTab: Int, script: PreviewScript?) throws {
        self.previewer = previewer
        skins = previewer.themes.isEmpty ? [nil] : previewer.themes
        skin = skins.firstIndex(where: { $0 == theme }) ?? skins.firstIndex(where: { $0 == previewer.configuration.theme }) ?? 0
        let bar = try previewer.bar(theme: skins[skin])
        runtime = try TabBarRuntime(bar: bar, initialTab: initialTab, appearance: appearance)
        runtimeInitialTab = initialTab
        renderer = try TabBarRenderer(bar: bar)
        scratch = runtime.state(at: .zero)
        scheduled = []
        if let script {
            var time = Duration.zero
            for command in script.commands {
                switch command {
                case .wait(let d): time += d
                case .select(let name), .reselect(let name):
                    guard let i = bar.tabIndex(named: name) else { throw UsageError("--script: no tab '\(name)' in this bar") }
                    scheduled.append((time, command, i))
                case .appearance: scheduled.append((time, command, nil))
                }
            }
        }
        collectEvents()
    }

    var bar: TabBar { runtime.bar }
    var appearance: Appearance { runtime.appearance }
    var skinName: String? { skins[skin] }

    /// Play time at wall time `wall`.
    func playTime(atWall wall: Duration) -> Duration { playBase + (wall - wallBase) * speed }

    /// Wall time at which play time `play` comes (for sleeping until a scripted tap).
    func wallTime(atPlay play: Duration) -> Duration { wallBase + (play - playBase) / speed }

    /// Play time of the next scripted command, if any.
    var nextScheduled: Duration? { scheduled.first?.time }

    /// Whether anything moves: a window may sleep until the next input or scripted command when not.
    var isAnimating: Bool { runtime.isAnimating }

    /// Applies `input`, which happened at wall time `wall`. Returns false when the bar ignored it.
    @discardableResult
    mutating func handle(_ input: Input, atWall wall: Duration) throws -> Bool {
        let now = catchUp(toWall: wall)
        let taken: Bool
        switch input {
        case .tap(let i, let gesture):
            guard bar.tabs.indices.contains(i) else { return false }
            taken = select(i, gesture, at: now)
        case .number(let n):
            guard bar.tabs.indices.contains(n - 1) else { return false }
            taken = select(n - 1, .tap, at: now)
        case .replay:
            taken = select(runtime.selectedTab, .reselect, at: now)
        case .toggleAppearance:
            runtime.appearance = runtime.appearance == .light ? .dark : .light
            taken = true
        case .nextSkin:
            guard skins.count > 1 else { return false }
            runtime.advance(to: now - runtimeOrigin)
            collectEvents()
            // The new skin's bar appears as a bar does: the selected tab at rest, loops started.
            skin = (skin + 1) % skins.count
            let bar = try previewer.bar(theme: skins[skin])
            runtime = try TabBarRuntime(bar: bar, initialTab: runtime.selectedTab, appearance: runtime.appearance)
            renderer = try TabBarRenderer(bar: bar)
            runtimeOrigin = now
            runtimeInitialTab = runtime.selectedTab
            taps = []
            taken = true
        case .faster, .slower:
            let i = Self.speeds.firstIndex(of: speed) ?? Self.speeds.firstIndex(of: 1)!
            let j = input == .faster ? min(i + 1, Self.speeds.count - 1) : max(i - 1, 0)
            guard j != i else { return false }
            // Rebase so that play time is continuous across the change.
            playBase = now
            wallBase = wall
            speed = Self.speeds[j]
            taken = true
        }
        lastPlayTime = now
        collectEvents()
        if taken { needsRedraw = true }
        return taken
    }

    /// What to draw at wall time `wall`, with the script's commands up to then applied at their own times.
    mutating func frame(atWall wall: Duration) -> PreviewFrame {
        let now = catchUp(toWall: wall)
        lastPlayTime = now
        runtime.state(at: now - runtimeOrigin, into: &scratch)
        scratch.time = now
        collectEvents()
        needsRedraw = false
        return scratch
    }

    /// Asks for a redraw though nothing changed (the window was uncovered).
    mutating func invalidate() { needsRedraw = true }

    /// The bar's pixels for `frame`.
    func render(_ frame: PreviewFrame) throws -> Pixmap { try renderer.render(frame.states, appearance: frame.appearance) }

    /// The bar's pixels for `frame`, drawn into `image` (the window's one reused image: steady
    /// playback allocates nothing per frame; replaced when a reload changes the bar's size).
    func render(_ frame: PreviewFrame, into image: inout Pixmap) throws {
        try renderer.render(frame.states, appearance: frame.appearance, into: &image)
    }

    /// Events since the last call, in play time.
    mutating func takeEvents(atWall wall: Duration? = nil) -> [PreviewEvent] {
        if let wall {
            let now = catchUp(toWall: wall)
            runtime.advance(to: now - runtimeOrigin)
            lastPlayTime = now
            collectEvents()
        }
        defer { events.removeAll() }
        return events
    }

    /// The tab under a point of the window (pixels from the bar's top-left), if any.
    func tab(atX x: Int, y: Int) -> Int? {
        let layout = renderer.layout
        guard y >= 0, y < layout.height else { return nil }
        return bar.tabs.indices.first { x >= layout.cellLeft($0) && x < layout.cellLeft($0) + layout.cellWidth($0) }
    }

    private mutating func applyScheduled(through now: Duration) {
        while let next = scheduled.first, next.time <= now {
            scheduled.removeFirst()
            let at = max(next.time, lastPlayTime) - runtimeOrigin
            switch next.command {
            case .select: select(next.tab!, .tap, at: at + runtimeOrigin)
            case .reselect: select(next.tab!, .reselect, at: at + runtimeOrigin)
            case .appearance(let a): runtime.appearance = a
            case .wait: break
            }
            needsRedraw = true
        }
    }

    /// Play time at wall time `wall` (never before a time already shown), with the script's
    /// commands up to then applied at their own times: the first step of everything that happens.
    private mutating func catchUp(toWall wall: Duration) -> Duration {
        let now = max(playTime(atWall: wall), lastPlayTime)
        applyScheduled(through: now)
        return now
    }

    /// A tap at play time `now`, remembered for reloads when the bar takes it.
    @discardableResult
    private mutating func select(_ tab: Int, _ gesture: TabBarRuntime.Gesture, at now: Duration) -> Bool {
        let time = now - runtimeOrigin
        guard runtime.select(tab, gesture: gesture, at: time) else { return false }
        taps.append((time, tab, gesture))
        return true
    }

    /// Shows what `previewer` (the input opened again, after a save) draws, from play time at wall
    /// time `wall` on, as if it had been there all along: the same skin when it still exists, the
    /// same appearance, and the taps so far played again, so the selected tab and every tab's
    /// place in its animation carry over (a tab that is gone loses its taps). The events the
    /// replay makes happened already and are not told again. Throws, changing nothing, when the
    /// new bar cannot be opened or drawn.
    mutating func reload(_ previewer: TabBarPreview, atWall wall: Duration) throws {
        let now = catchUp(toWall: wall)
        runtime.advance(to: now - runtimeOrigin)
        collectEvents()
        let skins: [String?] = previewer.themes.isEmpty ? [nil] : previewer.themes
        let skin = skins.firstIndex(where: { $0 == skinName }) ?? 0
        let bar = try previewer.bar(theme: skins[skin])
        var runtime = try TabBarRuntime(bar: bar, initialTab: min(runtimeInitialTab, bar.tabs.count - 1), appearance: runtime.appearance)
        let renderer = try TabBarRenderer(bar: bar)
        for tap in taps where bar.tabs.indices.contains(tap.tab) {
            runtime.select(tap.tab, gesture: tap.gesture, at: tap.time)
        }
        runtime.advance(to: now - runtimeOrigin)
        _ = runtime.takeEvents()
        self.previewer = previewer
        self.skins = skins
        self.skin = skin
        self.runtime = runtime
        self.renderer = renderer
        lastPlayTime = now
        needsRedraw = true
    }

    /// Every file the bar shown is drawn from (`TabBar.inputs`: the configuration, each tab's
    /// animation, dark file and images, what the animations read) and the title fonts: what
    /// `--watch` watches.
    var inputs: [String] { bar.inputs + bar.fontPaths }

    private mutating func collectEvents() {
        for var e in runtime.takeEvents() {
            e.time += runtimeOrigin
            events.append(e)
        }
    }
}
