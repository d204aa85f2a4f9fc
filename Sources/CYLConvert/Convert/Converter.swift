import CYLImageCodecs
import CYLDocuments
import CYLRaster
import CYLTimeline

extension FrameTimeline {
    /// The loop a conversion writes when none is asked for: the input's own when its file declares
    /// one (a GIF's loop count, a manifest's `loop`); otherwise forever (what a web page or chat
    /// expects of an animated icon).
    public var defaultOutputLoop: LoopHint {
        capabilities.declaresLoop ? loop : .forever
    }

    /// The longest delay a GIF frame can carry: 65535 centiseconds.
    static let maxGIFDelay = 65_535

    /// Converts the animation to `request.format`. The whole output is encoded in memory first and
    /// then staged beside the target and renamed into place (or written to standard output), so a
    /// failure at any point leaves no partial file and an existing file untouched; an output that
    /// would overwrite one of `inputs` is refused before anything is drawn. `progress` gets
    /// (phase, done, total).
    public func convert(_ request: ConvertRequest, limits: Limits = .standard,
                        progress: (String, Int, Int) -> Void = { _, _, _ in }) throws -> ConvertResult {
        let writer = OutputWriter(inputs: inputs)
        let result = try convert(request, limits: limits, into: writer, progress: progress)
        try writer.commit()
        return result
    }

    /// `convert(_:limits:progress:)` staging into `writer` without committing, so a caller can
    /// write several outputs all or nothing.
    public func convert(_ request: ConvertRequest, limits: Limits = .standard, into writer: OutputWriter,
                        progress: (String, Int, Int) -> Void = { _, _, _ in }) throws -> ConvertResult {
        // The front ends check as they read; a request built in code is checked here.
        do { try request.encoder.validate(for: request.format) } catch { throw UsageError(error.description) }
        if request.format == .tgs { return try convertToTGS(request, into: writer) }
        if request.format == .lottie { return try convertToDotLottie(request, into: writer) }
        let size = request.size.resolve(canvas: canvasSize)
        guard size.width <= limits.maxCanvasPixels / size.height else {
            throw UsageError("output size \(size) has more than \(limits.maxCanvasPixels) pixels (\(Limit.maxCanvasPixels))")
        }
        let frames = try request.marker.map { name throws(UsageError) in try self.frames(ofMarker: name) } ?? request.frames
        let plan = try FramePlan(timeline: self, frames: frames, fps: request.fps, speed: request.speed ?? 1,
                                 maxFrames: limits.maxFrames)
        try limits.checkWork(frames: plan.entries.count, size: size, what: "output frames")
        let cache = FrameCache(timeline: self, size: size, background: request.background,
                               threads: request.threads, limits: limits)
        if request.format != .pngSequence, case .file(let path) = request.destination { try writer.check(path) }
        let loop = request.loop ?? defaultOutputLoop
        let encoded: EncodedAnimation
        switch request.format {
        case .gif: encoded = try encodeGIF(plan, request, loop: loop, cache: cache, size: size, limits: limits, progress: progress)
        case .apng: encoded = try encodeAPNG(plan, request, loop: loop, cache: cache, size: size, limits: limits, progress: progress)
        case .webp: encoded = try Self.encodeWebP(plan, request, loop: loop, cache: cache, size: size, limits: limits, progress: progress)
        case .pngSequence: return try writePNGSequence(plan, request, size: size, into: writer, progress: progress)
        case .tgs: return try convertToTGS(request, into: writer)
        case .lottie: return try convertToDotLottie(request, into: writer)
        }
        let paths = try Self.stage(encoded.bytes, to: request.destination, into: writer)
        return ConvertResult(format: request.format, paths: paths, byteCount: encoded.bytes.count, size: size,
                             frameCount: encoded.frameCount, duration: encoded.duration ?? plan.totalDuration,
                             warnings: encoded.warnings)
    }

    /// A `.tgs` sticker: the input's own Lottie JSON, gzipped. Frames, size and timing options do
    /// not apply: the sticker is the vector document itself.
    private func convertToTGS(_ request: ConvertRequest, into writer: OutputWriter) throws -> ConvertResult {
        guard let json = capabilities.lottieJSON else {
            throw UsageError("tgs output needs a Lottie input (.json, .lottie or .tgs); '\(file)' is \(format)")
        }
        if case .file(let path) = request.destination { try writer.check(path) }
        let bytes = GzipWriter.compress(try json())
        let paths = try Self.stage(bytes, to: request.destination, into: writer)
        return ConvertResult(format: .tgs, paths: paths, byteCount: bytes.count, size: canvasSize,
                             frameCount: frameCount, duration: duration, warnings: [])
    }

    /// A dotLottie version 2 file: the input's Lottie document with its images inside, and a
    /// `dark` theme when `request.darkColors` has overrides. Like .tgs, no raster option applies.
    private func convertToDotLottie(_ request: ConvertRequest, into writer: OutputWriter) throws -> ConvertResult {
        guard let export = capabilities.dotLottie else {
            throw UsageError("lottie output needs a Lottie input (.json, .lottie or .tgs); '\(file)' is \(format)")
        }
        if case .file(let path) = request.destination { try writer.check(path) }
        let bytes = try export(request.darkColors, request.darkVariant)
        let paths = try Self.stage(bytes, to: request.destination, into: writer)
        return ConvertResult(format: .lottie, paths: paths, byteCount: bytes.count, size: canvasSize,
                             frameCount: frameCount, duration: duration, warnings: [])
    }

    /// One PNG file per planned frame, numbered by source frame (or by position when resampled).
    private func writePNGSequence(_ plan: FramePlan, _ request: ConvertRequest, size: PixelSize,
                                  into writer: OutputWriter, progress: (String, Int, Int) -> Void) throws -> ConvertResult {
        guard case .file(let text) = request.destination else {
            throw UsageError("a PNG sequence cannot go to standard output; give a %d pattern")
        }
        let pattern = try OutputPattern(text)
        if !pattern.isNumbered && plan.entries.count != 1 {
            throw UsageError("output '\(text)' names one file but there are \(plan.entries.count) frames; "
                             + "use a pattern such as frames/%04d.png, or .png for an animated PNG")
        }
        let paths = plan.entries.indices.map { pattern.path(forFrame: plan.resampled ? $0 : plan.entries[$0].source) }
        for path in paths { try writer.check(path) }
        let level = request.compression ?? EncoderSettings.defaultPNGCompression
        // Each worker draws and encodes its frames; this thread only stages the files in order.
        let keys = plan.entries.map(\.frameKey), background = request.background
        let pngs = OrderedFrameProducer<[UInt8]>(timeline: self, count: keys.count, threads: request.threads,
                                                 window: 2 * request.threads) { timeline, i in
            let image = try FrameCache.draw(keys[i], on: timeline, size: size, background: background)
            return try PNGCodec.encode(image, compressionLevel: level, filter: level >= 5 ? .adaptive : .none)
        }
        defer { pngs.finish() }
        var total = 0
        for k in keys.indices {
            let png = try pngs.next()
            try writer.stage(png, to: paths[k])
            total += png.count
            progress("writing PNG", k + 1, plan.entries.count)
        }
        return ConvertResult(format: .pngSequence, paths: paths, byteCount: total, size: size,
                             frameCount: plan.entries.count, duration: plan.totalDuration, warnings: [])
    }

    /// Stages a finished single-file output; the paths it will write (none for standard output).
    static func stage(_ bytes: [UInt8], to destination: ConvertDestination, into writer: OutputWriter) throws(OutputError) -> [String] {
        switch destination {
        case .standardOutput:
            try writer.stageStandardOutput(bytes)
            return []
        case .file(let path):
            try writer.stage(bytes, to: path)
            return [path]
        }
    }

    /// NETSCAPE loop value: nil plays once (no extension), 0 forever, n repeats n more times.
    static func gifLoop(_ loop: LoopHint) -> Int? {
        switch loop {
        case .once: return nil
        case .forever: return 0
        case .repeats(let n): return n
        }
    }

    /// APNG num_plays / WebP loop_count: plays in all, 0 forever.
    static func plays(_ loop: LoopHint) -> Int {
        switch loop {
        case .once: return 1
        case .forever: return 0
        case .repeats(let n): return n + 1
        }
    }
}

/// Renders source frames (or exact in-between times of vector sources) at the output size, drawn
/// ahead on `threads` threads, for sources that cannot split (and encoders that take frames in
/// order). Only the last frame is kept, for a key repeated at once: keeping every frame made each
/// one fresh memory, and a fresh megabyte costs about as much as drawing an icon's frame (page
/// faults on first touch, and again when the process exits); GIF's second pass maps what its
/// first kept instead (`GIFTargetFrame`).
final class FrameCache {
    private let timeline: FrameTimeline
    private let size: PixelSize
    private let background: RGBA8?
    private let threads: Int
    /// How many frames may be drawn ahead of the consumer (two per thread within the budget).
    let window: Int
    private var last: (FramePlan.FrameKey, Pixmap)?

    init(timeline: FrameTimeline, size: PixelSize, background: RGBA8?, threads: Int, limits: Limits) {
        self.timeline = timeline
        self.size = size
        self.background = background
        self.threads = threads
        window = OrderedFrameProducer<Pixmap>.window(threads: threads, frameBytes: size.pixelCount * 4, budget: limits.maxDecodedBytes)
    }

    /// Draws `key` on `timeline` (the cache's or a worker's copy).
    static func draw(_ key: FramePlan.FrameKey, on timeline: FrameTimeline, size: PixelSize, background: RGBA8?) throws -> Pixmap {
        var image = try Pixmap(width: size.width, height: size.height)
        try draw(key, on: timeline, into: &image, background: background)
        return image
    }

    /// `draw(_:on:size:background:)` into `target` at its size, reusing its memory.
    static func draw(_ key: FramePlan.FrameKey, on timeline: FrameTimeline, into target: inout Pixmap, background: RGBA8?) throws {
        if let time = key.time { return try timeline.render(frameTime: time, into: &target, background: background) }
        try timeline.render(frame: key.source, into: &target, background: background)
    }

    /// The frames of `keys` in order: `next()` gives one each call. Frames the cache will not
    /// have when asked for are drawn ahead on the worker threads; call `finish()` when done.
    func frames(_ keys: [FramePlan.FrameKey]) -> Frames {
        // Which keys miss, in order: the same rule `Frames.next()` applies as it goes.
        var previous = last?.0, misses: [FramePlan.FrameKey] = []
        for key in keys where key != previous {
            misses.append(key)
            previous = key
        }
        let size = size, background = background
        let draws = misses
        let producer = OrderedFrameProducer<Pixmap>(timeline: timeline, count: misses.count, threads: threads, window: window) { t, i in
            try FrameCache.draw(draws[i], on: t, size: size, background: background)
        }
        return Frames(cache: self, keys: keys, producer: producer)
    }

    /// One pass over a list of frames (see `frames(_:)`).
    final class Frames {
        private let cache: FrameCache
        private let keys: [FramePlan.FrameKey]
        private var position = 0
        private let producer: OrderedFrameProducer<Pixmap>

        fileprivate init(cache: FrameCache, keys: [FramePlan.FrameKey], producer: OrderedFrameProducer<Pixmap>) {
            self.cache = cache
            self.keys = keys
            self.producer = producer
        }

        /// The next frame of the list.
        func next() throws -> Pixmap {
            let key = keys[position]
            position += 1
            if let last = cache.last, last.0 == key { return last.1 }
            let image = try producer.next()
            cache.last = (key, image)
            return image
        }

        /// Stops drawing ahead and waits for the workers.
        func finish() { producer.finish() }
    }
}
