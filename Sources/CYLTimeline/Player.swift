/// Applies the tab-bar playback rules to a frame timeline, driven by an explicit clock.
///
/// Times are `Duration`s from any origin the caller chooses (a test uses a fake clock, an app its
/// display link); the player never reads a clock itself, so every rule is testable without
/// sleeping. Events are reported by the call that observes them: a play-once finishes when a
/// `frameIndex(at:)` call first sees a time past the end. Which frame index shows at a point of a
/// pass is the timeline's `FrameClock`; the player only decides where in the pass a time falls.
public struct Player: Sendable {
    private enum State: Sendable, Equatable {
        case resting                    // frame 0, not playing
        case playingOnce(since: Duration)
        case holding                    // finished a play-once, last frame
        case looping(since: Duration)
        case playingBack(since: Duration)  // the deselection frames, then resting
    }

    public let policy: PlaybackPolicy
    /// Rate multiplier (`tabBarItemAnimationSpeed`): 2 plays twice as fast, 0.5 at half speed.
    public let speed: Double
    /// When each frame of one pass shows: the timeline's own clock, or the selection frames'
    /// when the timeline has a deselection part.
    public let clock: FrameClock
    /// The deselection frames (`FrameTimeline.deselectionStart` on) and their clock.
    private let deselection: (start: Int, clock: FrameClock)?
    public private(set) var isSelected = false
    private var state: State
    private var pending: [PlayerEvent] = []

    /// A player for `timeline`, unselected at time `origin`.
    public init(timeline: FrameTimeline, policy: PlaybackPolicy, speed: Double = 1, origin: Duration = .zero) throws(PlayerError) {
        try self.init(clock: timeline.clock, policy: policy, speed: speed, origin: origin, deselectionStart: timeline.deselectionStart)
    }

    /// Speeds a player accepts. Beyond them `Duration` arithmetic overflows (a pass of 100,000
    /// hour-long frames at speed 1e-300 lasts 1e308 s), and no tab bar plays that slow or fast.
    public static let speedRange: ClosedRange<Double> = 0.001...1000

    /// A player for frames with the given durations, unselected at time `origin`.
    public init(frameDurations: [Duration], policy: PlaybackPolicy, speed: Double = 1, origin: Duration = .zero) throws(PlayerError) {
        guard !frameDurations.isEmpty else { throw .noFrames }
        try self.init(clock: FrameClock(frameDurations: frameDurations), policy: policy, speed: speed, origin: origin)
    }

    /// A player for frames timed by `clock`, unselected at time `origin`. With
    /// `deselectionStart` (between 1 and the last frame), selecting plays the frames before it
    /// and deselecting plays the frames from it on before resting on frame 0.
    public init(clock: FrameClock, policy: PlaybackPolicy, speed: Double = 1, origin: Duration = .zero,
                deselectionStart: Int? = nil) throws(PlayerError) {
        guard Player.speedRange.contains(speed) else { throw .invalidSpeed(speed) }
        self.policy = policy
        self.speed = speed
        if let d = deselectionStart, d > 0, d < clock.frameCount {
            self.clock = clock.slice(0..<d)
            deselection = (d, clock.slice(d..<clock.frameCount))
        } else {
            self.clock = clock
            deselection = nil
        }
        switch policy {
        case .playOnceOnSelect:
            state = .resting
        case .loopsWhenUnselected, .loop:
            state = .looping(since: origin)
            pending.append(.didStart(at: origin))
        }
    }

    /// Frames in one pass.
    public var frameCount: Int { clock.frameCount }

    /// The length of one pass at this player's speed.
    public var passDuration: Duration { clock.duration / speed }

    /// Whether the animation is moving (playing once or looping), as opposed to resting or holding.
    public var isAnimating: Bool {
        switch state {
        case .playingOnce, .looping, .playingBack: return true
        case .resting, .holding: return false
        }
    }

    /// The tab was tapped at `time`: select it, or replay if it was already selected.
    public mutating func select(at time: Duration) {
        isSelected = true
        switch policy {
        case .loop:
            return  // a plain image loops on regardless of selection
        case .playOnceOnSelect, .loopsWhenUnselected:
            // Select and reselect both play again from frame 0; a play or loop in progress is cut short.
            settle(at: time)
            if isAnimating { pending.append(.didFinish(at: time, completed: false)) }
            state = .playingOnce(since: time)
            pending.append(.didStart(at: time))
        }
    }

    /// The tab is the one selected when the bar first appears, at `time`: it shows its last frame,
    /// held, and reports nothing (the library sets the launch tab's progress to 1 without playing
    /// it, its issue #389). Tapping it again (`select(at:)`) replays it from frame 0; a `.loop`
    /// player loops on as it does whatever the selection.
    public mutating func launch(at time: Duration) {
        isSelected = true
        guard policy != .loop else { return }
        // A loop that began at this same moment never showed a frame: take its start back
        // rather than report a start and a cut-short finish at once.
        if case .looping(let since) = state {
            if since == time { pending.removeAll { $0 == .didStart(at: time) } } else { pending.append(.didFinish(at: time, completed: false)) }
        } else if isAnimating {
            pending.append(.didFinish(at: time, completed: false))
        }
        state = .holding
    }

    /// Another tab was selected at `time`.
    public mutating func deselect(at time: Duration) {
        guard isSelected else { return }
        isSelected = false
        switch policy {
        case .loop:
            return
        case .playOnceOnSelect:
            settle(at: time)
            if case .playingOnce = state { pending.append(.didFinish(at: time, completed: false)) }
            // With a way back, it plays from the end of the selection's frames (a toggle in
            // reverse); a selection cut short plays it all the same (the machine's own rule).
            if deselection != nil {
                state = .playingBack(since: time)
                pending.append(.didStart(at: time))
            } else {
                state = .resting
            }
        case .loopsWhenUnselected:
            settle(at: time)
            if case .playingOnce = state { pending.append(.didFinish(at: time, completed: false)) }
            state = .looping(since: time)
            pending.append(.didStart(at: time))
        }
    }

    /// The frame index to show at `time` (the caller's clock). Times earlier than the current
    /// play's start show its first frame.
    public mutating func frameIndex(at time: Duration) -> Int {
        settle(at: time)
        switch state {
        case .resting: return 0
        case .holding: return frameCount - 1
        case .playingOnce(let since): return clock.frameIndex(at: elapsed(since: since, to: time))
        case .looping(let since): return clock.loopingFrameIndex(at: elapsed(since: since, to: time))
        case .playingBack(let since):
            guard let (start, back) = deselection else { return 0 }
            return start + back.frameIndex(at: elapsed(since: since, to: time))
        }
    }

    /// The events observed since the last call, oldest first.
    public mutating func takeEvents() -> [PlayerEvent] {
        defer { pending.removeAll() }
        return pending
    }

    /// Hands each event observed since the last call to `body`, oldest first, and forgets them,
    /// keeping the list's storage: a player asked every frame allocates nothing for its events
    /// once the list has held as many as a frame reports (`takeEvents()` returns the list, so it
    /// must give up its storage).
    public mutating func drainEvents(_ body: (PlayerEvent) throws -> Void) rethrows {
        for e in pending { try body(e) }
        pending.removeAll(keepingCapacity: true)
    }

    /// Moves a finished play-once into the holding state (a finished deselection into resting),
    /// reporting its finish.
    private mutating func settle(at time: Duration) {
        switch state {
        case .playingOnce(let since):
            if elapsed(since: since, to: time) >= clock.duration {
                state = .holding
                pending.append(.didFinish(at: since + passDuration, completed: true))
            }
        case .playingBack(let since):
            guard let (_, back) = deselection else { return }
            if elapsed(since: since, to: time) >= back.duration {
                state = .resting
                pending.append(.didFinish(at: since + back.duration / speed, completed: true))
            }
        case .resting, .holding, .looping:
            return
        }
    }

    /// Animation time played between `since` and `time` at this speed (never negative).
    private func elapsed(since: Duration, to time: Duration) -> Duration {
        let wall = time - since
        guard wall > .zero else { return .zero }
        return speed == 1 ? wall : wall * speed
    }
}
