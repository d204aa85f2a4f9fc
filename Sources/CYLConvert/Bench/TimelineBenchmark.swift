import CYLImageCodecs
import CYLRaster
import CYLTimeline

/// How long opening, rendering and PNG-encoding an animation take on this machine (`cylanim
/// bench`): every pass opens the input and renders the selected frames; the frames of the last
/// pass are encoded as PNG (level 1, no filter). With several threads each pass also draws the
/// frames on all of them, right after the one-thread pass, so the speedup compares like with like.
/// Then the frames play twice through a `FrameImageCache`: the first play draws, the replay copies.
/// Numbers, not assertions: the caller prints them.
public struct TimelineBenchmark {
    /// Median and 90th percentile of a sample, in milliseconds.
    public struct Stats: Sendable, Equatable {
        public let median: Double, p90: Double, count: Int

        public init(_ samples: [Duration]) {
            let ms = samples.map { $0.seconds * 1000 }.sorted()
            let n = ms.count
            count = n
            median = n == 0 ? 0 : n % 2 == 1 ? ms[n / 2] : (ms[n / 2 - 1] + ms[n / 2]) / 2
            p90 = n == 0 ? 0 : ms[min(n - 1, Int((Double(n) * 0.9).rounded(.up)) - 1)]
        }
    }

    /// The timeline as the last pass opened it.
    public let timeline: FrameTimeline
    /// Frame indices rendered per pass.
    public let frames: [Int]
    public let passes: Int
    public let size: PixelSize
    public let open: Stats
    /// The input's bytes through the JSON reader alone, timed in each pass just before opening:
    /// what opening costs beyond parsing (the typed model, embedded images, fonts) is the difference.
    /// nil when no `parse` was given (the input is not a JSON document).
    public let parse: Stats?
    /// Per frame.
    public let render: Stats
    /// Per frame.
    public let encode: Stats
    /// Mean PNG size of the last pass's frames.
    public let pngBytesPerFrame: Int
    /// Frames drawn on several threads: wall time per frame of each pass, and the one-thread
    /// pass's wall time over this one's (median of the passes). nil with one thread.
    public let parallel: (threads: Int, perFrame: Stats, speedup: Double)?
    /// Per frame: playing the frames through a frame cache the first time (draw and keep) and
    /// again (a copy when the frames fit the decoded-bytes budget).
    public let firstPlay: Stats, replay: Stats

    /// Runs `passes` passes (at least 1): `parse` (optional) parses the input's JSON, `open` opens
    /// the input, `frames` selects what to render at `size` (an unknown frame, or more renders than
    /// `limits.maxWorkPixels` allow, is a `UsageError`).
    public init(passes: Int, size: PixelSize, frames selection: FrameSelection = .all, limits: Limits = .standard,
                threads: Int = 1, parse: (() throws -> Void)? = nil, open: () throws -> FrameTimeline) throws {
        precondition(passes > 0, "at least one pass")
        let clock = ContinuousClock()
        var openTimes: [Duration] = [], parseTimes: [Duration] = []
        var opened: FrameTimeline?
        for _ in 0..<passes {
            if let parse {
                let start = clock.now
                try parse()
                parseTimes.append(clock.now - start)
            }
            let start = clock.now
            opened = try open()
            openTimes.append(clock.now - start)
        }
        let timeline = opened!
        let frames = try selection.frames(count: timeline.frameCount)
        try limits.checkWork(frames: frames.count * passes, size: size, what: "renders")
        var renderTimes: [Duration] = []
        var lastPass: [Pixmap] = []
        var serialPasses: [Duration] = [], parallelPasses: [Duration] = []
        var used = 1
        // Frames are drawn into one reused buffer, as a player does (and as the peers are timed).
        var target = try Pixmap(width: size.width, height: size.height)
        for pass in 0..<passes {
            let passStart = clock.now
            for index in frames {
                let start = clock.now
                try timeline.render(frame: index, into: &target)
                renderTimes.append(clock.now - start)
                if pass == passes - 1 {
                    lastPass.append(target)
                    target = try Pixmap(width: size.width, height: size.height)
                }
            }
            serialPasses.append(clock.now - passStart)
            guard threads > 1 else { continue }
            let parallelStart = clock.now
            let producer = OrderedFrameProducer<Pixmap>(timeline: timeline, count: frames.count, threads: threads,
                                                        window: 2 * threads) { t, i in try t.render(frame: frames[i], size: size) }
            defer { producer.finish() }
            for _ in frames { _ = try producer.next() }
            parallelPasses.append(clock.now - parallelStart)
            used = producer.threads
        }
        if threads > 1 {
            let perFrame = parallelPasses.map { $0 / max(1, frames.count) }
            let speedup = Stats(serialPasses).median / max(1e-9, Stats(parallelPasses).median)
            parallel = (used, Stats(perFrame), speedup)
        } else {
            parallel = nil
        }
        let cache = FrameImageCache<Int>(maxBytes: limits.maxDecodedBytes)
        var playTimes: [[Duration]] = [[], []]
        for play in 0..<2 {
            for index in frames {
                let start = clock.now
                _ = try cache.image(index) { try timeline.render(frame: index, size: size) }
                playTimes[play].append(clock.now - start)
            }
        }
        firstPlay = Stats(playTimes[0])
        replay = Stats(playTimes[1])
        var encodeTimes: [Duration] = []
        var encodedBytes = 0
        for image in lastPass {
            let start = clock.now
            encodedBytes += try PNGCodec.encode(image, compressionLevel: 1, filter: .none).count
            encodeTimes.append(clock.now - start)
        }
        self.timeline = timeline
        self.frames = frames
        self.passes = passes
        self.size = size
        self.open = Stats(openTimes)
        self.parse = parse == nil ? nil : Stats(parseTimes)
        self.render = Stats(renderTimes)
        self.encode = Stats(encodeTimes)
        self.pngBytesPerFrame = lastPass.isEmpty ? 0 : encodedBytes / lastPass.count
    }
}
