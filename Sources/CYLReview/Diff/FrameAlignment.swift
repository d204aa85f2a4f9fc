import CYLTimeline

/// Which frame of side A meets which frame of side B.
public struct FramePair: Sendable, Equatable {
    /// When the pair shows, from the start (nil when both sides are numbered references).
    public var time: Duration?
    /// A frame index of an animation, or a reference frame's number.
    public var a: Int
    public var b: Int

    public init(time: Duration?, a: Int, b: Int) {
        self.time = time
        self.a = a
        self.b = b
    }
}

/// Lines two sides up by time, so animations at different frame rates, or with frames merged
/// (a GIF made from a Lottie holds one image for two of its frames), compare what shows at the
/// same moment.
public enum FrameAlignment {
    /// What lines up, and the reference frames that have no partner.
    public struct Result: Sendable, Equatable {
        public var pairs: [FramePair]
        public var unmatchedA: [Int]
        public var unmatchedB: [Int]
    }

    /// Two animations: every moment a frame starts on either side, up to the end of the longer
    /// one (the shorter holds its last frame), each distinct pair once, in time order. An
    /// animation against references: each reference frame N with the animation's frame N (the
    /// frame `render` numbered N). Two sets of references: the numbers both have.
    public static func align(_ a: DiffSide, _ b: DiffSide) -> Result {
        switch (a, b) {
        case (.animation(let ta), .animation(let tb)):
            return Result(pairs: align(ta.clock, tb.clock), unmatchedA: [], unmatchedB: [])
        case (.animation(let t), .references(let r)):
            let (pairs, extra) = align(t, r)
            return Result(pairs: pairs, unmatchedA: [], unmatchedB: extra)
        case (.references(let r), .animation(let t)):
            let (pairs, extra) = align(t, r)
            return Result(pairs: pairs.map { FramePair(time: $0.time, a: $0.b, b: $0.a) }, unmatchedA: extra, unmatchedB: [])
        case (.references(let ra), .references(let rb)):
            let na = Set(ra.frames.map(\.number)), nb = Set(rb.frames.map(\.number))
            return Result(pairs: na.intersection(nb).sorted().map { FramePair(time: nil, a: $0, b: $0) },
                          unmatchedA: na.subtracting(nb).sorted(), unmatchedB: nb.subtracting(na).sorted())
        }
    }

    /// Two clocks: the union of their frame start times, up to the end of the longer pass. A
    /// pair on screen for less than half the shorter of its two frames is left out: that is two
    /// clocks rounding the same moment differently (a GIF's delays are whole centiseconds, so
    /// its frame 4 of a 30 fps source starts at 130 ms, not 133), not a frame anyone sees.
    public static func align(_ a: FrameClock, _ b: FrameClock) -> [FramePair] {
        let end = max(a.duration, b.duration)
        var times = ((0..<a.frameCount).map(a.startTime(ofFrame:)) + (0..<b.frameCount).map(b.startTime(ofFrame:)))
            .filter { $0 < end }.sorted()
        if times.first != .zero { times.insert(.zero, at: 0) }
        var pairs: [FramePair] = []
        for (k, t) in times.enumerated() {
            let next = k + 1 < times.count ? times[k + 1] : end
            guard next > t || (next == t && k + 1 == times.count) else { continue }
            let pair = FramePair(time: t, a: a.frameIndex(at: t), b: b.frameIndex(at: t))
            if let last = pairs.last, last.a == pair.a && last.b == pair.b { continue }
            let shortest = min(frameLength(a, pair.a), frameLength(b, pair.b))
            if (next - t) * 2 < shortest && k + 1 < times.count { continue }
            pairs.append(pair)
        }
        return pairs
    }

    static func frameLength(_ c: FrameClock, _ i: Int) -> Duration {
        (i + 1 < c.frameCount ? c.startTime(ofFrame: i + 1) : c.duration) - c.startTime(ofFrame: i)
    }

    /// An animation's frames against numbered references; numbers past its last frame are extra.
    static func align(_ t: FrameTimeline, _ r: ReferenceFrames) -> ([FramePair], [Int]) {
        var pairs: [FramePair] = [], extra: [Int] = []
        for f in r.frames {
            if f.number < t.frameCount { pairs.append(FramePair(time: t.startTime(ofFrame: f.number), a: f.number, b: f.number)) } else { extra.append(f.number) }
        }
        return (pairs, extra)
    }
}
