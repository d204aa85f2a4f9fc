import CYLRaster
import CYLTimeline
/// Which source frame each output frame shows and for how long, before any encoder sees a pixel.
public struct FramePlan: Sendable, Equatable {
    public struct Entry: Sendable, Equatable {
        /// Frame of the source timeline (the one showing at this output frame's time).
        public var source: Int
        public var duration: Duration
        /// The exact source time to draw, in frames (fractional), when a vector source is resampled
        /// to a rate whose frames fall between its own; nil draws frame `source`.
        public var sourceTime: Double?

        public init(source: Int, duration: Duration, sourceTime: Double? = nil) {
            self.source = source
            self.duration = duration
            self.sourceTime = sourceTime
        }

        /// What to draw: equal keys are the same picture.
        var frameKey: FrameKey { FrameKey(source: source, time: sourceTime) }
    }

    /// A source frame, or an exact time between frames, to draw.
    struct FrameKey: Hashable {
        var source: Int
        var time: Double?
    }
    public var entries: [Entry]
    /// Whether output frames were resampled to a new rate (then they are numbered by position).
    public var resampled: Bool

    public var totalDuration: Duration { entries.reduce(.zero) { $0 + $1.duration } }

    /// The selected frames with their own durations, played `speed` times as fast, optionally
    /// resampled so the output has `fps` frames per second of playback (every output frame lasts
    /// 1/fps, the last one what is left) whatever the speed.
    ///
    /// Resampling shows, at output time k/fps, what the source shows then: a raster source's frame
    /// showing at that time (frames repeat or drop), a vector source's exact in-between time
    /// (`Entry.sourceTime`, when the source `supportsFractionalFrames`).
    ///
    /// Resampling makes at most `maxFrames` output frames (`--max-frames`), and no frame may last
    /// longer than `maxFrameSeconds` once slowed down: `--fps 1000 --speed 1e-12` asked for 1e15
    /// frames, `--speed 1e-12` on a slow Lottie for durations past what `Duration` holds.
    public init(timeline: FrameTimeline, frames: FrameSelection = .all, fps: Double? = nil, speed: Double = 1,
                maxFrames: Int = Limits.defaultMaxFrames) throws(UsageError) {
        guard speed > 0, speed.isFinite else { throw UsageError("speed must be above 0, not \(speed)") }
        let indices = try frames.frames(count: timeline.frameCount)
        var list = indices.map { Entry(source: $0, duration: timeline.duration(ofFrame: $0)) }
        resampled = false
        if let fps {
            guard fps > 0, fps.isFinite else { throw UsageError("fps must be above 0, not \(fps)") }
            // Sample in source time at fps / speed, so that after the speed-up below each output
            // frame lasts exactly 1/fps of playback.
            let rate = fps / speed
            let total = list.reduce(Duration.zero) { $0 + $1.duration }.seconds
            let wanted = (total * rate - 1e-6).rounded(.up)
            guard wanted <= Double(maxFrames) else {
                throw UsageError("--fps \(fps) at speed \(speed) makes \(wanted) frames, more than the limit of \(maxFrames) (\(Limit.maxFrames))")
            }
            let n = max(1, Int(wanted))
            var out: [Entry] = []
            out.reserveCapacity(n)
            let fractional = timeline.source.supportsFractionalFrames
            var j = 0, start = 0.0  // list[j] covers [start, start + duration)
            for k in 0..<n {
                let t = Double(k) / rate
                while j + 1 < list.count && start + list[j].duration.seconds <= t + 1e-9 {
                    start += list[j].duration.seconds
                    j += 1
                }
                let length = min(1 / rate, total - t)
                var entry = Entry(source: list[j].source, duration: .seconds(max(0, length)))
                if fractional {
                    // How far into frame list[j] the output time falls, in frames.
                    let d = list[j].duration.seconds
                    // Rounded to a billionth of a frame so sums of durations do not leave 12.500000000000002.
                    let f = d > 0 ? (min(max((t - start) / d, 0), 1) * 1e9).rounded() / 1e9 : 0
                    if f > 1e-6 { entry.sourceTime = Double(list[j].source) + f }
                }
                out.append(entry)
            }
            list = out
            resampled = true
        }
        if speed != 1 {
            for i in list.indices {
                let seconds = list[i].duration.seconds / speed
                guard seconds <= FramePlan.maxFrameSeconds else {
                    throw UsageError("at speed \(speed) frame \(list[i].source) would last \(seconds) s, more than \(Int(FramePlan.maxFrameSeconds)) s")
                }
                list[i].duration = .seconds(seconds)
            }
        }
        entries = list
    }

    /// Longest output frame (a day); far beyond what any format stores (GIF: 655.35 s).
    public static let maxFrameSeconds: Double = 86_400

    public init(entries: [Entry], resampled: Bool = false) {
        self.entries = entries
        self.resampled = resampled
    }

    /// GIF timing: whole centiseconds with the rounding error carried forward, so the total is the
    /// exact duration rounded down to a centisecond (30 fps gives 3, 3, 4, 3, 3, 4 ...).
    ///
    /// Browsers play a delay of 0 or 1 cs as 10 cs. Frames that would get under 2 cs are therefore
    /// merged: the earliest pending frame shows until at least 2 cs have passed (the first and the
    /// last frame are always kept; a last frame left with under 2 cs, the remainder of a
    /// resampled animation, borrows from the frame before or replaces it). `merged` counts the
    /// frames dropped that way.
    public func centiseconds() -> (entries: [(source: Int, delay: Int)], merged: Int) {
        let (timed, merged) = centisecondFrames()
        return (timed.map { ($0.frame.source, $0.delay) }, merged)
    }

    /// `centiseconds()` with what each GIF frame draws (a source frame or an exact source time).
    func centisecondFrames() -> (entries: [(frame: FrameKey, delay: Int)], merged: Int) {
        var out: [(frame: FrameKey, delay: Int)] = []
        var end = Duration.zero, lastEnd = 0
        var pending: FrameKey? = nil
        var merged = 0
        for (k, entry) in entries.enumerated() {
            let e = (source: entry.frameKey, duration: entry.duration)
            end += e.duration
            let cs = Int((end.seconds * 100 + 1e-6).rounded(.down))
            if pending == nil { pending = e.source } else { merged += 1 }
            let isLast = k == entries.count - 1
            if cs - lastEnd >= 2 {
                if isLast && pending != e.source {
                    // Keep the true last frame: give the pending one what it needs, the rest to the last.
                    let d = cs - lastEnd
                    if d >= 4 {
                        out.append((pending!, 2)); out.append((e.source, d - 2)); merged -= 1
                    } else {
                        out.append((e.source, d))
                    }
                } else {
                    out.append((pending!, cs - lastEnd))
                }
                lastEnd = cs
                pending = nil
            } else if isLast {
                // The final sliver: take what is needed from the frame before when it can spare it;
                // when it cannot (frames of 2 cs, as at 50 fps), take that frame's place and time,
                // unless it is the first: the last image is the one an animation ends on, and a
                // delay under 2 cs would show for 10.
                var d = cs - lastEnd
                if d < 2, var prev = out.last, prev.delay - (2 - d) >= 2 {
                    prev.delay -= 2 - d
                    out[out.count - 1] = prev
                    d = 2
                } else if d < 2, out.count >= 2 {
                    d += out.removeLast().delay
                    merged += 1
                }
                out.append((e.source, d))
                pending = nil
            }
        }
        return (out, max(0, merged))
    }
}
