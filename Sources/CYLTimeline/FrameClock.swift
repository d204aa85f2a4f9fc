/// When each frame of a timeline shows, and which frame index shows at a time: the one lookup
/// timelines, players and previews share (DESIGN.md §3: a *frame index* counts timeline frames
/// from 0; times are `Duration`s from the start of a pass).
///
/// Start times are kept cumulatively in exact `Duration` arithmetic, so 3 frames of 100 ms end at
/// exactly 300 ms and a frame rate's frame `i` starts at `i / fps`.
public struct FrameClock: Sendable, Equatable {
    /// Start time of every frame; `starts[frameCount]` is the length of one pass.
    private let starts: [Duration]

    /// The clock of `frameCount` frames timed by `timing` (explicit durations: one per frame).
    public init(timing: FrameTiming, frameCount: Int) {
        precondition(frameCount > 0, "a clock has at least one frame")
        var starts = [Duration](repeating: .zero, count: frameCount + 1)
        switch timing {
        case .fps(let fps):
            for i in 0...frameCount { starts[i] = .seconds(Double(i) / fps) }
        case .durations(let d):
            precondition(d.count == frameCount, "one duration per frame")
            for i in 0..<frameCount { starts[i + 1] = starts[i] + d[i] }
        }
        self.starts = starts
    }

    /// The clock of frames lasting `frameDurations` each (at least one).
    public init(frameDurations: [Duration]) {
        self.init(timing: .durations(frameDurations), frameCount: frameDurations.count)
    }

    public var frameCount: Int { starts.count - 1 }

    /// The clock of frames `range` alone, timed as here.
    public func slice(_ range: Range<Int>) -> FrameClock {
        FrameClock(frameDurations: range.map { starts[$0 + 1] - starts[$0] })
    }

    /// The length of one pass.
    public var duration: Duration { starts[frameCount] }

    /// When frame index `index` starts, from the start of the pass.
    public func startTime(ofFrame index: Int) -> Duration { starts[index] }

    /// The frame index showing `time` after the start: the last frame starting at or before it,
    /// clamped to the first frame before the start and to the last frame after the end.
    public func frameIndex(at time: Duration) -> Int {
        let count = frameCount
        if time <= .zero { return 0 }
        if time >= starts[count] { return count - 1 }
        // A nanosecond of slack so a time computed in floating point (i / fps) lands on frame i.
        let probe = time + .nanoseconds(1)
        var lo = 0, hi = count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if starts[mid] <= probe { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }

    /// The frame index showing `time` after the start of the first pass when the passes repeat
    /// without end (negative times show frame 0; a clock of zero length shows its last frame).
    public func loopingFrameIndex(at time: Duration) -> Int {
        let total = duration.attoseconds
        guard total > 0 else { return frameCount - 1 }
        guard time > .zero else { return 0 }
        return frameIndex(at: Duration(attoseconds: time.attoseconds % total))
    }
}
