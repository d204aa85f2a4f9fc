#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CYLConvert
import CYLRaster
import CYLTimeline

/// What playing a tab bar costs here (`cylanim bench --player`): a fixed script of taps,
/// reselects and appearance changes drives a `TabBarRuntime` for `seconds` of simulated time,
/// sampled at 60 Hz, and every frame is drawn with `TabBarRenderer.render(_:appearance:into:)`
/// into one reused image, as a window's loop does, but without a window and as fast as the
/// machine goes. Numbers, not assertions: the caller prints them.
///
/// Frame time is one frame's work: the inputs due by it, the runtime's state, the drawing and the
/// events taken. CPU is the process's user plus system time over the whole run; divided by the
/// simulated seconds it is the share of one core a player pacing the same frames at 60 Hz would use.
public struct PlaybackBenchmark {
    /// One input of the script.
    public enum Action: Sendable, Equatable {
        /// A tap on a tab.
        case tap(Int)
        /// The selected tab's reselect gesture (replays it unless the tab has none).
        case reselect
        /// Light to dark or back.
        case toggleAppearance
    }

    /// An input at a time from the bar's appearance.
    public struct Step: Sendable, Equatable {
        public var time: Duration
        public var action: Action
    }

    /// Simulated frames per second.
    public static let fps = 60
    /// Time between two steps of the script.
    public static let stepInterval = Duration.milliseconds(1200)

    /// The script for a bar of `tabCount` tabs over `seconds`: from 0.6 s, every 1.2 s the next
    /// tab is tapped (after the last, the first), except every fourth step, which is the selected
    /// tab's reselect gesture; every fifth step also toggles the appearance. So in 10 s every tab
    /// of a five-tab bar is selected, one play-once is replayed twice and the bar is drawn in both
    /// appearances.
    public static func script(tabCount: Int, initialTab: Int = 0, seconds: Double) -> [Step] {
        var steps: [Step] = []
        var selected = initialTab
        var time = stepInterval / 2
        var k = 0
        while time.seconds < seconds {
            if k % 4 == 3 {
                steps.append(Step(time: time, action: .reselect))
            } else {
                selected = (selected + 1) % max(1, tabCount)
                steps.append(Step(time: time, action: .tap(selected)))
            }
            if k % 5 == 4 { steps.append(Step(time: time, action: .toggleAppearance)) }
            time += stepInterval
            k += 1
        }
        return steps
    }

    /// Frame times in milliseconds: median, 99th percentile (nearest rank) and the slowest.
    public struct FrameStats: Sendable, Equatable {
        public let p50: Double, p99: Double, max: Double, count: Int

        public init(_ samples: [Duration]) {
            let ms = samples.map { $0.seconds * 1000 }.sorted()
            let n = ms.count
            count = n
            func rank(_ q: Double) -> Double { n == 0 ? 0 : ms[Swift.min(n - 1, Swift.max(0, Int((Double(n) * q).rounded(.up)) - 1))] }
            p50 = rank(0.5)
            p99 = rank(0.99)
            self.max = ms.last ?? 0
        }
    }

    /// Pixels per point drawn at.
    public let scale: Int
    /// The image drawn every frame.
    public let size: PixelSize
    /// Simulated seconds played.
    public let seconds: Double
    /// Frames drawn: `seconds` × 60, rounded.
    public let frames: Int
    /// The script played.
    public let steps: [Step]
    /// Per frame.
    public let frameTime: FrameStats
    /// Wall time of the whole run (every frame back to back).
    public let wallSeconds: Double
    /// User plus system CPU time of the process over the run.
    public let cpuSeconds: Double
    /// Frames at which a tab was moving (`TabBarRuntime.isAnimating` after the frame's state).
    public let animatingFrames: Int
    /// Frames that showed exactly what the frame before showed (same tab states, same appearance):
    /// a player that redraws only on change (`isAnimating`, inputs) skips them. The first frame
    /// is never one.
    public let unchangedFrames: Int
    /// Events the runtime reported over the run (animationDidStart / animationDidFinish).
    public let events: Int

    /// CPU per second of playback: `cpuSeconds / seconds`, the fraction of one core the frames
    /// would take paced at 60 Hz.
    public var cpuPerSecond: Double { seconds > 0 ? cpuSeconds / seconds : 0 }
    /// The fraction of frames at which something moved.
    public var animatingFraction: Double { frames > 0 ? Double(animatingFrames) / Double(frames) : 0 }

    /// Plays `bar` at `scale` (default: the configuration's) for `seconds` (more than 0, at most an
    /// hour) of the script `script(tabCount:initialTab:seconds:)`, with `initialTab` selected at
    /// the start in light appearance.
    public init(bar: TabBar, scale: Int? = nil, seconds: Double = 10, initialTab: Int = 0) throws {
        guard seconds > 0, seconds <= 3600 else { throw UsageError("a benchmark plays for more than 0 and at most 3600 seconds, not \(seconds)") }
        let renderer = try TabBarRenderer(bar: bar, scale: scale)
        var runtime = try TabBarRuntime(bar: bar, initialTab: initialTab)
        let steps = Self.script(tabCount: bar.tabs.count, initialTab: initialTab, seconds: seconds)
        let frames = Int((seconds * Double(Self.fps)).rounded())
        var image = try Pixmap(size: renderer.size)
        var frame = runtime.state(at: .zero)
        // Its own array, so `frame`'s stays uniquely referenced (writing a shared one would copy it).
        var previous = frame
        previous.states = frame.states.map { $0 }
        var times: [Duration] = []
        times.reserveCapacity(frames)
        var next = 0, animating = 0, unchanged = 0, events = 0
        let clock = ContinuousClock()
        let cpuStart = Self.cpuTime()
        let wallStart = clock.now
        for f in 0..<frames {
            let time = Duration.nanoseconds(Int64(f) * 1_000_000_000 / Int64(Self.fps))
            let start = clock.now
            while next < steps.count, steps[next].time <= time {
                switch steps[next].action {
                case .tap(let i): runtime.select(i, gesture: .tap, at: steps[next].time)
                case .reselect: runtime.select(runtime.selectedTab, gesture: .reselect, at: steps[next].time)
                case .toggleAppearance: runtime.appearance = runtime.appearance == .light ? .dark : .light
                }
                next += 1
            }
            runtime.state(at: time, into: &frame)
            try renderer.render(frame.states, appearance: frame.appearance, into: &image)
            events += runtime.takeEvents().count
            times.append(clock.now - start)
            if runtime.isAnimating { animating += 1 }
            if f > 0, frame.states == previous.states, frame.appearance == previous.appearance { unchanged += 1 }
            // Element-wise, so `previous` never shares `frame`'s array.
            for i in frame.states.indices { previous.states[i] = frame.states[i] }
            previous.appearance = frame.appearance
        }
        wallSeconds = (clock.now - wallStart).seconds
        cpuSeconds = Self.cpuTime() - cpuStart
        self.scale = renderer.layout.scale
        self.size = renderer.size
        self.seconds = seconds
        self.frames = frames
        self.steps = steps
        frameTime = FrameStats(times)
        animatingFrames = animating
        unchangedFrames = unchanged
        self.events = events
    }

    /// User plus system CPU seconds of this process so far.
    static func cpuTime() -> Double {
        var usage = rusage()
        #if canImport(Glibc)
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        #else
        getrusage(RUSAGE_SELF, &usage)
        #endif
        func seconds(_ t: timeval) -> Double { Double(t.tv_sec) + Double(t.tv_usec) / 1_000_000 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }
}
