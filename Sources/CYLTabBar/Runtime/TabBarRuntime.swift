import CYLConvert
import CYLTimeline

/// A tab bar playing live: taps and appearance changes arrive as they happen, and the bar's state
/// is asked for at any time on the caller's clock. No window and no clock of its own, so any event
/// loop can drive it (an SDL window, a GTK app, a test); `ScriptedPreview` drives it from a script,
/// so a live run and a `preview` of the same taps show the same frames.
///
/// ```swift
/// var runtime = try TabBarRuntime(bar: bar)
/// runtime.select(2, at: clock.now)                   // a tap on the third tab
/// let frame = runtime.state(at: clock.now)           // every tab's frame index, to draw
/// for event in runtime.takeEvents() { print(event.jsonLine) }
/// if !runtime.isAnimating { /* nothing moves: wait for the next input instead of redrawing */ }
/// ```
///
/// The rules are DESIGN.md §4's: at time 0 the bar appears with `initialTab` selected and shown at
/// its last frame without playing (`CYLTabBarLaunchAnimates` plays it instead); a tap plays a tab
/// once and holds it, resets the tab it leaves, replays the selected tab when tapping is its
/// reselect gesture; tabs that loop when unselected start looping at time 0. Times are measured
/// from the bar's appearance and must not go back between calls (a live clock never does).
public struct TabBarRuntime {
    /// The bar being played.
    public let bar: TabBar
    /// The selected tab.
    public private(set) var selectedTab: Int
    /// The appearance frames are drawn in; changing it keeps every tab's playback position.
    public var appearance: Appearance
    /// One player per tab; nil for a static image, which has no animation and reports no events.
    private var players: [Player?]
    /// Events reported and not yet taken, with the order they were reported in (ties in time keep it).
    private var pending: [(event: PreviewEvent, order: Int)] = []
    private var reported = 0

    /// How a tab was touched.
    public enum Gesture: Sendable {
        /// A plain tap: selects the tab, or replays the selected tab when tapping is its reselect gesture.
        case tap
        /// The tab's reselect gesture (`CYLTabBarItemGestureReselect`: a tap, a double tap or a long
        /// press): selects another tab, or replays the selected one unless the tab has none.
        case reselect
    }

    /// The bar as it appears at time 0, with `initialTab` selected. Throws for a tab the bar lacks.
    public init(bar: TabBar, initialTab: Int = 0, appearance: Appearance = .light) throws {
        guard bar.tabs.indices.contains(initialTab) else { throw UsageError("no tab \(initialTab) to select first") }
        self.bar = bar
        self.selectedTab = initialTab
        self.appearance = appearance
        players = try bar.tabs.map { tab in
            tab.isStatic ? nil : try tab.makePlayer(speed: bar.configuration.speed, origin: .zero)
        }
        if bar.configuration.launchAnimates { players[initialTab]?.select(at: .zero) } else { players[initialTab]?.launch(at: .zero) }
        for i in players.indices { collectEvents(of: i) }
    }

    /// Tab `index` touched at `time` with `gesture`. Returns false when the bar ignores it (a tap on
    /// the selected tab whose reselect gesture is not a tap). `index` must be one of `bar.tabs`'.
    @discardableResult
    public mutating func select(_ index: Int, gesture: Gesture = .tap, at time: Duration) -> Bool {
        precondition(bar.tabs.indices.contains(index), "tab \(index) of a bar of \(bar.tabs.count)")
        advance(to: time)
        if index != selectedTab {
            players[selectedTab]?.deselect(at: time)
            collectEvents(of: selectedTab)
            selectedTab = index
        } else {
            let reselect = bar.tabs[index].item.reselectGesture
            let replays = gesture == .tap ? reselect.tapReplays : reselect != .none
            guard replays else { return false }
        }
        players[index]?.select(at: time)
        collectEvents(of: index)
        return true
    }

    /// Every tab's frame at `time`, the selection and the appearance: what to draw.
    public mutating func state(at time: Duration) -> PreviewFrame {
        var frame = PreviewFrame(time: time, states: [], appearance: appearance, selectedTab: selectedTab)
        frame.states.reserveCapacity(players.count)
        state(at: time, into: &frame)
        return frame
    }

    /// `state(at:)` written into `frame`, reusing its `states` array: a player asking every frame
    /// with the same `frame` allocates nothing here once the array holds one state per tab (and
    /// the players' event lists have held a frame's events). Keep `frame.states` uniquely
    /// referenced between calls, or writing it copies it.
    public mutating func state(at time: Duration, into frame: inout PreviewFrame) {
        if frame.states.count != players.count {
            frame.states.removeAll(keepingCapacity: true)
            frame.states.append(contentsOf: repeatElement(TabState(frame: 0, selected: false), count: players.count))
        }
        for i in players.indices {
            let index = players[i] == nil ? 0 : players[i]!.frameIndex(at: time)
            collectEvents(of: i)
            frame.states[i] = TabState(frame: index, selected: i == selectedTab)
        }
        frame.time = time
        frame.appearance = appearance
        frame.selectedTab = selectedTab
    }

    /// Brings every player to `time`, so that passes that ended by then report it.
    public mutating func advance(to time: Duration) {
        for i in players.indices where players[i] != nil {
            _ = players[i]!.frameIndex(at: time)
            collectEvents(of: i)
        }
    }

    /// Whether any tab is moving (playing once or looping) as of the last call: when none is, the
    /// bar looks the same until the next input, and a window need not redraw.
    public var isAnimating: Bool { players.contains { $0?.isAnimating == true } }

    /// The events reported since the last call, in time order (events at the same time in the
    /// order they happened).
    public mutating func takeEvents() -> [PreviewEvent] {
        defer { pending.removeAll(keepingCapacity: true) }
        return pending.sorted { $0.event.time != $1.event.time ? $0.event.time < $1.event.time : $0.order < $1.order }.map(\.event)
    }

    private mutating func collectEvents(of i: Int) {
        guard players[i] != nil else { return }
        // Drained in place, so a frame that reports no event (most frames) allocates nothing.
        // The closure may not touch `self` while a player is being changed: it fills locals.
        var events = pending, count = reported
        pending = []
        let item = bar.tabs[i].item
        players[i]!.drainEvents { e in
            switch e {
            case .didStart(let t): events.append((PreviewEvent(.didStart, tab: i, item, time: t), count))
            case .didFinish(let t, let completed): events.append((PreviewEvent(.didFinish, tab: i, item, time: t, completed: completed), count))
            }
            count += 1
        }
        pending = events
        reported = count
    }
}
