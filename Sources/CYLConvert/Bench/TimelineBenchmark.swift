import CYLCodecs
import CYLRaster
import CYLTimeline

/// How long opening, rendering and PNG-encoding an animation take on this machine (`cylanim
/// bench`): every pass opens the input and renders the selected frames; the frames of the last
/// pass are encoded as PNG (level 1, no filter). Numbers, not assertions: the caller prints them.
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
    /// Per frame.
    public let render: Stats
    /// Per frame.
    public let encode: Stats
    /// Mean PNG size of the last pass's frames.
    public let pngBytesPerFrame: Int

    /// Runs `passes` passes (at least 1): `open` opens the input, `frames` selects what to render
    /// at `size` (an unknown frame, or more renders than `limits.maxWorkPixels` allow, is a `UsageError`).
    public init(passes: Int, size: PixelSize, frames selection: FrameSelection = .all, limits: Limits = .standard,
                open: () throws -> FrameTimeline) throws {
        precondition(passes > 0, "at least one pass")
        let clock = ContinuousClock()
        var openTimes: [Duration] = []
        var opened: FrameTimeline?
        for _ in 0..<passes {
            let start = clock.now
            opened = try open()
            openTimes.append(clock.now - start)
        }
        let timeline = opened!
        let frames = try selection.frames(count: timeline.frameCount)
        try limits.checkWork(frames: frames.count * passes, size: size, what: "renders")
        var renderTimes: [Duration] = []
        var lastPass: [Pixmap] = []
        for pass in 0..<passes {
            for index in frames {
                let start = clock.now
                let image = try timeline.render(frame: index, size: size)
                renderTimes.append(clock.now - start)
                if pass == passes - 1 { lastPass.append(image) }
            }
        }
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
        self.render = Stats(renderTimes)
        self.encode = Stats(encodeTimes)
        self.pngBytesPerFrame = lastPass.isEmpty ? 0 : encodedBytes / lastPass.count
    }
}
