import CYLRaster

/// Draws the frames of one opened animation.
///
/// Raster back-ends decode once and scale on render; vector back-ends draw on demand. A source may
/// keep state between calls (a decoder cursor, scratch buffers), so it is a class and not shared
/// across threads.
public protocol FrameSource: AnyObject {
    /// Draws frame `index` (0-based, `0 ..< frameCount`) into `target`, replacing its contents:
    /// the frame is scaled uniformly to fit `target` and centred, transparent around it.
    func render(frame index: Int, into target: inout Pixmap) throws

    /// Draws the animation at `frameTime`, in frames from frame 0 (fractions allowed: 2.5 is half
    /// way between frames 2 and 3), into `target` like `render(frame:into:)`. Sources without
    /// in-between times (`supportsFractionalFrames` false) draw the frame showing at that time.
    func render(frameTime: Double, into target: inout Pixmap) throws

    /// Whether `render(frameTime:into:)` draws true in-between times (vector sources) rather than
    /// whole frames (raster sources).
    var supportsFractionalFrames: Bool { get }

    /// A second source that draws exactly the same frames, bit for bit, for another thread: it
    /// shares this source's immutable parsed model and owns its own scratch memory and cursor
    /// (DESIGN.md §7). nil when the source cannot be split; its frames are then drawn on one thread.
    func makeWorker() -> (any FrameSource)?
}

extension FrameSource {
    public var supportsFractionalFrames: Bool { false }

    /// Not split by default: a source whose frames depend on decoding the ones before (GIF) stays
    /// on one thread.
    public func makeWorker() -> (any FrameSource)? { nil }

    /// Whole frames only: draws frame `floor(frameTime)` (at least 0; `FrameTimeline` also clamps it
    /// to its last frame).
    public func render(frameTime: Double, into target: inout Pixmap) throws {
        let whole = frameTime.isFinite ? max(0, frameTime.rounded(.down)) : 0
        try render(frame: whole < Double(Int.max / 2) ? Int(whole) : Int.max / 2, into: &target)
    }
}

/// A named segment of a timeline (a Lottie marker), usable to play or render just that part.
public struct Marker: Sendable, Equatable {
    public var name: String
    /// First frame of the segment, counted from the timeline's frame 0.
    public var startFrame: Double
    /// Length in frames (0 for a point marker).
    public var durationFrames: Double

    public init(name: String, startFrame: Double, durationFrames: Double) {
        self.name = name
        self.startFrame = startFrame
        self.durationFrames = durationFrames
    }
}

/// How long each frame shows.
public enum FrameTiming: Sendable, Equatable {
    /// Frame rates accepted from users and files: a frame lasts at most an hour (as a manifest's
    /// `durations` allow) and at least a millisecond. Slower rates overflow `Duration` arithmetic
    /// (a frame rate of 1e-300 is a frame of 1e300 s).
    public static let fpsRange: ClosedRange<Double> = (1.0 / 3600)...1000

    /// Every frame lasts `1 / fps` seconds (vector formats, frame sequences with `--fps`).
    case fps(Double)
    /// Each frame has its own duration (GIF delays, manifests with `durations`).
    case durations([Duration])
}

/// What the file asks for when it finishes.
public enum LoopHint: Sendable, Equatable, CustomStringConvertible {
    /// No loop information: plays once.
    case once
    /// Loops forever (GIF loop count 0).
    case forever
    /// Plays, then repeats `n` more times (GIF NETSCAPE loop count n > 0).
    case repeats(Int)

    public var description: String {
        switch self {
        case .once: return "once"
        case .forever: return "forever"
        case .repeats(let n): return "repeat \(n) time\(n == 1 ? "" : "s")"
        }
    }
}

/// One animation as a sequence of frames: the shared model every back-end produces.
///
/// Frames are numbered `0 ..< frameCount` (the Lottie rule, `ip ≤ f < op`, applied to every
/// format); frame `i` starts at `startTime(ofFrame: i)`.
public struct FrameTimeline {
    /// Human-readable format name ("GIF", "PNG frames", "Lottie").
    public var format: String
    /// The input's path as the user gave it, for messages.
    public var file: String
    /// Every file and folder this timeline reads (its `file`, and any others a back-end or a
    /// composite such as a tab-bar preview draws from): output writers refuse to write over them.
    public var inputs: [String]
    /// The animation's own size, in points (pixels for raster formats).
    public var canvasSize: PixelSize
    public let frameCount: Int
    public let timing: FrameTiming
    public var loop: LoopHint
    /// How a tab bar should play this input unless told otherwise.
    public var suggestedPolicy: PlaybackPolicy
    /// Whether any frame has pixels that are not fully opaque (nil when unknown without rendering).
    public var hasTransparency: Bool?
    /// What the back-end noticed about the input: those found while opening, then the deferred
    /// ones (worked out on first read, `DeferredDiagnostics`). Setting it keeps exactly the list set.
    public var diagnostics: [Diagnostic] {
        get { openDiagnostics + (deferredDiagnostics?.value ?? []) }
        set { openDiagnostics = newValue; deferredDiagnostics = nil }
    }
    /// The diagnostics found while opening (`diagnostics` without the deferred ones).
    public private(set) var openDiagnostics: [Diagnostic]
    /// Diagnostics that cost work opening does not need; part of `diagnostics` once read.
    public var deferredDiagnostics: DeferredDiagnostics?

    /// Adds diagnostics without working out the deferred ones (`diagnostics += ...` would read,
    /// and so work out, them first). They are listed before the deferred ones.
    public mutating func addDiagnostics(_ more: [Diagnostic]) { openDiagnostics += more }
    /// Named segments (Lottie markers), in frames counted from frame 0 of this timeline.
    public var markers: [Marker] = []
    /// For a tab's selection timeline with a way back (a dotLottie state machine's toggle playing
    /// in reverse): frames from this index on are what deselecting plays, and selecting plays
    /// the frames before it. nil: deselecting shows frame 0 at once (DESIGN.md §4).
    public var deselectionStart: Int? {
        didSet { if let d = deselectionStart { precondition(d > 0 && d < frameCount, "a deselection starts after frame 0 and before the end") } }
    }
    /// What the back-end supports beyond frames (vector drawing, declared loops, recolouring).
    public var capabilities: TimelineCapabilities
    /// What the back-end knows about the input beyond its frames (a Rive file's artboards,
    /// animations and state machines), for `info`; empty for most formats.
    public var contents: [InfoField] = []
    public private(set) var source: any FrameSource
    /// When each frame shows; turns times into frame indices.
    public let clock: FrameClock

    /// Makes a timeline. `timing` with explicit durations must have `frameCount` entries; `inputs`
    /// defaults to `[file]`.
    public init(format: String, file: String, canvasSize: PixelSize, frameCount: Int, timing: FrameTiming,
                loop: LoopHint = .once, suggestedPolicy: PlaybackPolicy = .playOnceOnSelect,
                hasTransparency: Bool? = nil, diagnostics: [Diagnostic] = [],
                capabilities: TimelineCapabilities = .raster, inputs: [String]? = nil, source: any FrameSource) {
        precondition(frameCount > 0, "a timeline has at least one frame")
        if case .durations(let d) = timing { precondition(d.count == frameCount, "one duration per frame") }
        self.format = format
        self.file = file
        self.inputs = inputs ?? [file]
        self.canvasSize = canvasSize
        self.frameCount = frameCount
        self.timing = timing
        self.loop = loop
        self.suggestedPolicy = suggestedPolicy
        self.hasTransparency = hasTransparency
        self.openDiagnostics = diagnostics
        self.capabilities = capabilities
        self.source = source
        self.clock = FrameClock(timing: timing, frameCount: frameCount)
    }

    /// How deselecting plays when the timeline has a way back (`deselectionStart`), for `info`
    /// and review pages: "deselecting plays frames 25-47, then frame 0".
    public var deselectionText: String? {
        deselectionStart.map { "deselecting plays frames \($0)-\(frameCount - 1), then frame 0" }
    }

    /// This timeline drawn by a worker of its source (`FrameSource.makeWorker()`), for rendering
    /// on another thread; nil when the source cannot be split.
    public func worker() -> FrameTimeline? {
        guard let other = source.makeWorker() else { return nil }
        var copy = self
        copy.source = other
        return copy
    }

    /// How long frame `index` shows.
    public func duration(ofFrame index: Int) -> Duration {
        switch timing {
        case .fps(let fps): return .seconds(1 / fps)
        case .durations(let d): return d[index]
        }
    }

    /// When frame index `index` starts, from the start of the animation.
    public func startTime(ofFrame index: Int) -> Duration { clock.startTime(ofFrame: index) }

    /// The whole animation's length.
    public var duration: Duration { clock.duration }

    /// The frame index showing `time` after the start, clamped to the first and last frame
    /// (`FrameClock.frameIndex(at:)`).
    public func frameIndex(at time: Duration) -> Int { clock.frameIndex(at: time) }

    /// Per-frame durations in seconds (for players and encoders).
    public var frameDurations: [Duration] { (0..<frameCount).map(duration(ofFrame:)) }

    /// Renders frame `index` at `size` pixels (fit and centre, transparent around).
    public func render(frame index: Int, size: PixelSize) throws -> Pixmap {
        var pixmap = try Pixmap(width: size.width, height: size.height)
        try render(frame: index, into: &pixmap)
        return pixmap
    }

    /// Renders frame `index` into `target` at its size, replacing its contents and reusing its
    /// memory: what a player drawing frame after frame into one buffer calls.
    public func render(frame index: Int, into target: inout Pixmap) throws {
        guard index >= 0, index < frameCount else {
            throw RenderError(file: file, frame: index, "no such frame: the animation has frames 0-\(frameCount - 1)")
        }
        try source.render(frame: index, into: &target)
    }

    /// Renders the animation at `frameTime` frames from frame 0 (fractions allowed: with a constant
    /// rate, `frameTime` 2.5 is time 2.5 / fps) at `size` pixels. Vector sources draw that exact time;
    /// raster sources draw the frame showing then (`floor`). `frameTime` is in `0 ... frameCount`;
    /// the end itself shows the last frame.
    public func render(frameTime: Double, size: PixelSize) throws -> Pixmap {
        var pixmap = try Pixmap(width: size.width, height: size.height)
        try render(frameTime: frameTime, into: &pixmap)
        return pixmap
    }

    /// Renders the animation at `frameTime` (as `render(frameTime:size:)`) into `target` at its
    /// size, replacing its contents and reusing its memory.
    public func render(frameTime: Double, into target: inout Pixmap) throws {
        guard frameTime.isFinite, frameTime >= 0, frameTime <= Double(frameCount) else {
            throw RenderError(file: file, "no such frame time \(frameTime): the animation spans frames 0-\(frameCount)")
        }
        if source.supportsFractionalFrames && frameTime < Double(frameCount) {
            try source.render(frameTime: frameTime, into: &target)
        } else {
            try source.render(frame: min(Int(frameTime.rounded(.down)), frameCount - 1), into: &target)
        }
    }
}

extension Duration {
    /// The duration in seconds as a floating-point number.
    public var seconds: Double {
        let (s, atto) = components
        return Double(s) + Double(atto) * 1e-18
    }

    /// Whole nanoseconds, 0 for negative durations and `UInt64.max` past it.
    public var nanoseconds: UInt64 {
        let (s, atto) = components
        guard s >= 0 else { return 0 }
        let (whole, overflow) = UInt64(s).multipliedReportingOverflow(by: 1_000_000_000)
        return overflow ? .max : whole.addingReportingOverflow(UInt64(atto / 1_000_000_000)).partialValue
    }

    /// A duration as written on the command line and in scripts: `1.2s`, `500ms`, `2` (seconds);
    /// nil unless finite, not negative and at most an hour. Millisecond precision.
    public init?(parsing text: String) {
        let lower = text.lowercased()
        var number = Substring(lower), factor = 1.0
        if lower.hasSuffix("ms") { number = number.dropLast(2); factor = 0.001 }
        else if lower.hasSuffix("s") { number = number.dropLast() }
        guard let v = Double(number), v.isFinite, v >= 0, v * factor <= 3600 else { return nil }
        self = .milliseconds(Int64((v * factor * 1000).rounded()))
    }
}
