/// What a state machine knows of one animation of its file: enough to play it by frame number.
public struct StateMachineAnimation: Sendable, Equatable {
    /// Frames from the animation's in point to its out point (`op - ip`).
    public var frameCount: Double
    public var frameRate: Double
    public var markers: [StateMachineMarker]

    public init(frameCount: Double, frameRate: Double, markers: [StateMachineMarker] = []) {
        self.frameCount = max(frameCount, 1)
        self.frameRate = frameRate > 0 ? frameRate : 30
        self.markers = markers
    }
}

/// A named range of frames (a Lottie marker: `tm`, `dr`, from the in point).
public struct StateMachineMarker: Sendable, Equatable {
    public var name: String
    public var start: Double
    public var duration: Double

    public init(name: String, start: Double, duration: Double) {
        self.name = name
        self.start = start
        self.duration = duration
    }
}

/// The player a state machine drives: which animation, which frame, in which direction, looping
/// or not, tweening between poses. It follows the official runtime's player (dotlottie-rs
/// `Player`): frames run from the segment's start to its end (the whole animation, `0...count-1`,
/// or a marker's range), completing at the end the mode heads for; a loop restarts, a bounce turns.
///
/// Frames are kept to a thousandth, as the runtime does with frame interpolation on (its default),
/// so a state plays the same frames here as there.
public struct StateMachinePlayhead: Sendable {
    public enum Status: Sendable, Equatable { case stopped, paused, playing, tweening }

    /// What a step of time completed, for the machine's OnComplete and OnLoopComplete.
    enum Completion: Sendable, Equatable { case none, completed, loopCompleted }

    public private(set) var animation: String
    public private(set) var frame: Double = 0
    public private(set) var status: Status = .stopped
    public private(set) var mode: StateMachineState.PlayMode = .forward
    public private(set) var speed: Double = 1
    public private(set) var loops = false
    public private(set) var loopCount = 0
    public private(set) var marker: String?
    /// The theme `SetTheme` chose; nil: none.
    public var theme: String?

    let animations: [String: StateMachineAnimation]
    private var reversed = false
    private var elapsedFrames: Double = 0
    private var loopsDone = 0
    private var segment: ClosedRange<Double>
    private var tween: (from: Double, to: Double, elapsed: Double, seconds: Double, easing: (Double, Double, Double, Double), resume: Status)?

    init(animations: [String: StateMachineAnimation], initial: String) {
        self.animations = animations
        animation = initial
        segment = 0...max(0, (animations[initial]?.frameCount ?? 1) - 1)
    }

    var current: StateMachineAnimation { animations[animation] ?? StateMachineAnimation(frameCount: 1, frameRate: 30) }
    /// The last frame of the whole animation.
    var lastFrame: Double { max(0, current.frameCount - 1) }
    var start: Double { segment.lowerBound }
    var end: Double { segment.upperBound }
    var isTweening: Bool { status == .tweening }

    // MARK: Set up by a state

    /// Shows another animation from its first frame, paused (nothing happens for an unknown id:
    /// the parser checked the ids against the file).
    mutating func load(_ id: String) {
        guard id != animation, animations[id] != nil else { return }
        animation = id
        marker = nil
        segment = 0...lastFrame
        frame = reversed ? end : start
        elapsedFrames = 0
        status = .stopped
    }

    mutating func setLoop(_ on: Bool) {
        if on != loops { loopsDone = 0; loops = on }
    }

    mutating func setLoopCount(_ n: Int) {
        if n != loopCount { loopsDone = 0; loopCount = n }
    }

    mutating func setSpeed(_ s: Double) { if s > 0 { speed = s } }

    /// Plays only `name`'s range (nil: the whole animation); a frame outside it moves to its start.
    mutating func setMarker(_ name: String?) {
        guard let name else { marker = nil; segment = 0...lastFrame; return }
        guard name != marker, let m = current.markers.first(where: { $0.name == name }), m.duration > 0 else { return }
        segment = m.start...(m.start + m.duration)
        marker = name
        if !segment.contains(frame) {
            elapsedFrames = 0
            frame = segment.lowerBound
        }
    }

    mutating func setMode(_ m: StateMachineState.PlayMode) {
        guard m != mode else { return }
        if m.startsReversed != reversed {
            reversed.toggle()
            elapsedFrames = reversed ? end - frame : frame - start
        }
        mode = m
    }

    mutating func setAutoplay(_ on: Bool) { if on { play() } else { pause() } }

    mutating func play() {
        switch status {
        case .playing: return
        case .tweening: tween?.resume = .playing; return
        case .stopped, .paused: break
        }
        if status == .stopped && isComplete {
            elapsedFrames = 0
            reversed = mode.startsReversed
            frame = reversed ? end : start
        } else {
            elapsedFrames = reversed ? end - frame : frame - start
        }
        status = .playing
    }

    mutating func pause() {
        if status == .playing { status = .paused } else if status == .tweening, tween?.resume == .playing { tween?.resume = .paused }
    }

    mutating func stop() {
        tween = nil
        status = .stopped
        frame = mode.startsReversed ? end : start
        elapsedFrames = 0
    }

    /// Moves to frame `f` (within the segment); playing continues from there.
    mutating func setFrame(_ f: Double) {
        guard segment.contains(f) else { return }
        frame = f
        elapsedFrames = reversed ? end - f : f - start
    }

    // MARK: Tweens

    /// Starts moving the pose from the current frame to `to` over `seconds`, eased.
    mutating func startTween(to: Double, seconds: Double, easing: (Double, Double, Double, Double)) {
        let resume = status == .tweening ? (tween?.resume ?? .paused) : status
        tween = (from: frame, to: to, elapsed: 0, seconds: seconds, easing: easing, resume: resume)
        status = .tweening
    }

    /// Ends a tween where it started.
    mutating func cancelTween() {
        guard let t = tween else { return }
        status = t.resume
        frame = t.from
        tween = nil
    }

    /// Puts the frame where a finished tween ended, in playing terms.
    mutating func syncAfterTween(_ f: Double) {
        frame = f
        elapsedFrames = reversed ? end - f : f - start
    }

    /// Whether a tween ended (completed) during the last `advance`.
    private(set) var tweenCompleted = false

    // MARK: Time

    /// Plays `seconds` of time: moves the frame (or the tween) and says what completed.
    mutating func advance(_ seconds: Double) -> Completion {
        tweenCompleted = false
        let dt = max(0, seconds)
        if var t = tween {
            t.elapsed += dt
            let progress = t.elapsed >= t.seconds ? 1 : CubicEasing.progress(t.elapsed / t.seconds, t.easing)
            frame = t.from + (t.to - t.from) * progress
            if t.elapsed >= t.seconds {
                tween = nil
                status = t.resume
                syncAfterTween(t.to)
                tweenCompleted = true
            } else {
                tween = t
            }
            return .none
        }
        guard status == .playing else { return .none }
        elapsedFrames += dt * speed * current.frameRate
        var next = reversed ? end - elapsedFrames : start + elapsedFrames
        next = min(max((next * 1000).rounded() / 1000, start), end)
        frame = nextFrame(next)
        guard isComplete else { return .none }
        if loops {
            let counted = loopCount > 0 && loopsDone >= loopCount
            if counted {
                stop()
                loopsDone = 0
                return .completed
            }
            return .loopCompleted
        }
        status = .stopped
        return .completed
    }

    private var loopsAgain: Bool { loops && (loopCount == 0 || loopsDone < loopCount) }

    /// Where the frame lands, turning or restarting at the ends as the mode says.
    private mutating func nextFrame(_ next: Double) -> Double {
        switch mode {
        case .forward:
            if next >= end, loopsAgain { loopsDone += 1; elapsedFrames = 0 }
            return next >= end ? end : next
        case .reverse:
            if next <= start, loopsAgain { loopsDone += 1; elapsedFrames = 0 }
            return next <= start ? start : next
        case .bounce:
            if !reversed {
                if next >= end { reversed = true; elapsedFrames = 0; return end }
                return next
            }
            if next <= start {
                if loopsAgain { loopsDone += 1; reversed = false; elapsedFrames = 0 }
                return start
            }
            return next
        case .reverseBounce:
            if reversed {
                if next <= start { reversed = false; elapsedFrames = 0; return start }
                return next
            }
            if next >= end {
                if loopsAgain { loopsDone += 1; reversed = true; elapsedFrames = 0 }
                return end
            }
            return next
        }
    }

    /// Whether the play reached the end its mode heads for.
    var isComplete: Bool {
        guard status != .tweening else { return false }
        switch mode {
        case .forward: return frame >= end
        case .reverse: return frame <= start
        case .bounce:
            return loops && loopCount > 0 ? loopsDone > 0 && frame <= start : frame <= start && reversed
        case .reverseBounce:
            return loops && loopCount > 0 ? loopsDone > 0 && frame >= end : frame >= end && !reversed
        }
    }
}

/// CSS-style cubic bezier easing from (0,0) to (1,1) with control points (x1,y1), (x2,y2).
enum CubicEasing {
    /// The eased progress at time fraction `t` (0...1): y where the curve's x is t.
    static func progress(_ t: Double, _ e: (Double, Double, Double, Double)) -> Double {
        let (x1, y1, x2, y2) = e
        func bez(_ u: Double, _ p1: Double, _ p2: Double) -> Double {
            let v = 1 - u
            return 3 * v * v * u * p1 + 3 * v * u * u * p2 + u * u * u
        }
        // x(u) is monotonic for x1, x2 in 0...1 (the parser checks): bisect for u.
        var lo = 0.0, hi = 1.0, u = t
        for _ in 0..<40 {
            let x = bez(u, x1, x2)
            if abs(x - t) < 1e-7 { break }
            if x < t { lo = u } else { hi = u }
            u = (lo + hi) / 2
        }
        return bez(u, y1, y2)
    }
}
