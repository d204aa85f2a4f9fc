import CYLCodecs
import CYLRaster
import CYLTimeline
import Foundation

/// One encoded animation file, with what it holds.
struct EncodedAnimation {
    var bytes: [UInt8]
    /// Frames written, after merging.
    var frameCount: Int
    /// How long it plays when that differs from the plan's total (GIF delays are capped).
    var duration: Duration? = nil
    var warnings: [String] = []
}

/// The GIF, APNG and WebP encodes of `convert`, on `request.threads` threads.
///
/// Frames are drawn ahead by the frame cache's workers; the per-frame work of each encoder that
/// depends only on the frames it is given (deflate, libwebp, palette mapping, LZW) runs as jobs on a
/// `JobPool`; the steps that depend on what was written before (each encoder's dependency rule is
/// written at its `prepare`/`plan`/`place`) run here, in order. With one thread the jobs run inline
/// in the same order, so every thread count writes the same bytes.
extension FrameTimeline {
    /// Results waited for in submission order; at most `window` wait before the oldest is taken.
    private static func jobWindow(threads: Int, frameBytes: Int, limits: Limits) -> Int {
        OrderedFrameProducer<Pixmap>.window(threads: max(1, threads), frameBytes: 3 * frameBytes, budget: limits.maxDecodedBytes)
    }

    /// GIF: two passes over the frames. When the source splits, jobs draw their frames on their
    /// worker's own timeline; otherwise frames come from the frame cache. When every frame fits
    /// the decoded-bytes budget (counted as pixels), pass 1 keeps each frame's target words,
    /// compactly, and pass 2 maps those; otherwise pass 2 draws the frames again (on a fresh set
    /// of workers, so none steps backwards).
    func encodeGIF(_ plan: FramePlan, _ request: ConvertRequest, loop: LoopHint, cache: FrameCache, size: PixelSize,
                   limits: Limits, progress: (String, Int, Int) -> Void) throws -> EncodedAnimation {
        var warnings: [String] = []
        let (timed, merged) = plan.centisecondFrames()
        if plan.entries.contains(where: { $0.duration < .milliseconds(20) - .nanoseconds(1000) }) && plan.entries.count > 1 {
            warnings.append("frames shorter than 20 ms (above 50 fps): browsers play GIF delays under 2 cs as 10 cs"
                            + (merged > 0 ? ", so \(merged) frame\(merged == 1 ? " was" : "s were") merged to keep the timing" : "")
                            + "; --fps 50 or less avoids it")
        }
        // A GIF delay is 16 bits of centiseconds: longer frames are cut to 655.35 s; say so
        // (`--speed 0.0001` or a manifest's hour-long frame used to be shortened silently).
        let longest = timed.map(\.delay).max() ?? 0
        if longest > Self.maxGIFDelay {
            let n = timed.filter { $0.delay > Self.maxGIFDelay }.count
            warnings.append("\(n) frame\(n == 1 ? "" : "s") longer than 655.35 s (the longest GIF delay) shown for 655.35 s"
                            + "; APNG (.png) and WebP keep longer frames")
        }
        var options = GIFEncodeOptions(dither: request.dither, loopCount: Self.gifLoop(loop), maxColors: request.maxColors)
        if let m = request.matte {
            options.transparency = .matte(m)
        } else if let bg = request.background, bg.a == 255 {
            options.transparency = .matte(bg)
        } else {
            options.transparency = .threshold(request.alphaThreshold)
        }
        let encoder = try GIFAnimationEncoder(width: size.width, height: size.height, options: options)
        let preparer = encoder.preparer
        let trace = EncodeTrace.observer
        let keys = timed.map(\.frame)
        let threads = max(1, min(request.threads, FrameThreads.maximum, keys.count))
        let background = request.background
        /// Timelines for one pass's workers, or nil when the source cannot split. The second pass
        /// gets fresh ones only: this one drew frames already, and a source never steps back.
        func lender(fresh: Bool) -> TimelineLender? {
            var timelines = fresh ? [] : [self]
            while timelines.count < threads, let worker = worker() { timelines.append(worker) }
            return timelines.count == threads ? TimelineLender(timelines) : nil
        }
        let keepAll = keys.count * size.pixelCount * 4 <= limits.maxDecodedBytes
        var kept: [GIFTargetFrame?] = []

        // Pass 1: each frame's colour runs on the pool, counted in order.
        let drawers1 = lender(fresh: false)
        let pool1 = JobPool<GIFScratch>(threads: threads) { GIFScratch(timeline: drawers1?.take()) }
        defer { pool1.finish() }
        let window = Self.jobWindow(threads: pool1.threads, frameBytes: size.pixelCount * 4, limits: limits)
        var runs = Deque<JobPool<GIFScratch>.Pending<(runs: GIFColorRuns, target: GIFTargetFrame?)>>()
        var counted = 0
        func countOldest() throws {
            let done = try pool1.wait(runs.removeFirst())
            try encoder.analyze(done.runs)
            if keepAll { kept.append(done.target) }
            counted += 1
            progress("analysing", counted, timed.count)
        }
        let analysed = drawers1 == nil ? cache.frames(keys) : nil
        defer { analysed?.finish() }
        for n in keys.indices {
            let given = try analysed?.next(), key = keys[n]
            runs.append(pool1.submit { scratch in
                trace?("GIF runs")
                let frame = try given ?? FrameCache.draw(key, on: scratch.timeline!, size: size, background: background)
                return try preparer.runs(frame, keepingTarget: keepAll)
            })
            while runs.count > window { try countOldest() }
        }
        while !runs.isEmpty { try countOldest() }
        analysed?.finish()
        pool1.finish()
        try encoder.buildPalette()
        let mappers = try encoder.mapperFactory()

        // Pass 2: mapping on the pool, placing in order, LZW on the pool, appending in order.
        let drawers2 = drawers1 != nil && !keepAll ? lender(fresh: true) : nil
        let fromCache = !keepAll && drawers2 == nil
        let pool = JobPool<GIFScratch>(threads: threads) { GIFScratch(timeline: drawers2?.take()) }
        defer { pool.finish() }
        var mapped = Deque<(JobPool<GIFScratch>.Pending<GIFMappedFrame>, Int)>()
        var coded = Deque<JobPool<GIFScratch>.Pending<GIFEncodedFrame>>()
        var placed = 0
        func appendOldest() throws {
            try encoder.append(try pool.wait(coded.removeFirst()))
        }
        func code(_ frame: GIFFinishedFrame) throws {
            coded.append(pool.submit { scratch in trace?("GIF LZW"); return try frame.encode(using: scratch.coder) })
            while coded.count > window { try appendOldest() }
        }
        func placeOldest() throws {
            let (job, delay) = mapped.removeFirst()
            if let done = try encoder.place(try pool.wait(job), delayCentiseconds: delay) { try code(done) }
            placed += 1
            try limits.checkOutput(bytes: encoder.encodedBytes, afterFrame: placed)
            progress("encoding GIF", placed, timed.count)
        }
        let added = fromCache ? cache.frames(keys) : nil
        defer { added?.finish() }
        for (n, e) in timed.enumerated() {
            let given = try added?.next(), key = keys[n]
            let keptFrame = keepAll ? kept[n] : nil
            if keepAll { kept[n] = nil }  // the job holds it now; freed once mapped
            mapped.append((pool.submit { scratch in
                trace?("GIF map")
                if scratch.mapper == nil { scratch.mapper = mappers.make() }
                if let keptFrame { return try scratch.mapper!.map(keptFrame) }
                let frame = try given ?? FrameCache.draw(key, on: scratch.timeline!, size: size, background: background)
                return try scratch.mapper!.map(frame)
            }, e.delay))
            while mapped.count > window { try placeOldest() }
        }
        while !mapped.isEmpty { try placeOldest() }
        if let last = encoder.finishLast() { try code(last) }
        while !coded.isEmpty { try appendOldest() }
        return EncodedAnimation(bytes: try encoder.finish(), frameCount: encoder.writtenFrames,
                                duration: .milliseconds(timed.reduce(0) { $0 + min($1.delay, Self.maxGIFDelay) } * 10),
                                warnings: warnings)
    }

    /// APNG. When the source splits, each job draws a run of frames on its worker's own timeline
    /// and prepares them against the frame before (drawing the run's first frame's predecessor
    /// once more: drawing is far cheaper than deflating), so a frame is drawn, converted and
    /// deflated on one thread with one handover per run, not three per frame. Otherwise frames
    /// come from the frame cache and each job hands its pixels to the next frame's job.
    func encodeAPNG(_ plan: FramePlan, _ request: ConvertRequest, loop: LoopHint, cache: FrameCache, size: PixelSize,
                    limits: Limits, progress: (String, Int, Int) -> Void) throws -> EncodedAnimation {
        let opaque = (request.background?.a ?? 0) == 255
        let encoder = try APNGEncoder(width: size.width, height: size.height,
                                      options: APNGEncodeOptions(compressionLevel: request.compressionLevel ?? 1,
                                                                 plays: Self.plays(loop), alpha: !opaque))
        let preparer = encoder.preparer
        let keys = plan.entries.map(\.frameKey)
        let threads = max(1, min(request.threads, FrameThreads.maximum, keys.count))
        var timelines = [self]
        while timelines.count < threads, let worker = worker() { timelines.append(worker) }
        guard timelines.count == threads else {
            return try Self.encodeAPNGFromCache(plan, preparer: preparer, encoder: encoder, threads: request.threads,
                                                cache: cache, size: size, limits: limits, progress: progress)
        }
        // Each worker (or, with one thread, the calling thread) takes one timeline for good,
        // which is what makes handing them over safe; the calling thread then draws nothing.
        let lender = TimelineLender(timelines)
        let pool = JobPool<FrameTimeline>(threads: threads) { lender.take() }
        defer { pool.finish() }
        let trace = EncodeTrace.observer
        let window = Self.jobWindow(threads: pool.threads, frameBytes: size.pixelCount * 4, limits: limits)
        // Runs shrink as frames run out (a third of each worker's share of what is left, at
        // most 16): long runs draw few frames twice, short last ones let the workers finish
        // together.
        func runLength(from start: Int) -> Int { max(1, min(16, (keys.count - start) / (3 * pool.threads))) }
        let background = request.background
        var waiting = Deque<(JobPool<FrameTimeline>.Pending<[APNGPreparedFrame]>, Range<Int>)>()
        var appended = 0
        func appendOldest() throws {
            let (job, range) = waiting.removeFirst()
            for (frame, n) in zip(try pool.wait(job), range) {
                try encoder.append(frame, duration: plan.entries[n].duration)
                appended += 1
                try limits.checkOutput(bytes: encoder.encodedBytes, afterFrame: appended)
                progress("encoding APNG", appended, plan.entries.count)
            }
        }
        var start = 0
        while start < keys.count {
            let range = start..<min(keys.count, start + runLength(from: start))
            start = range.upperBound
            waiting.append((pool.submit { timeline in
                var previous: (key: FramePlan.FrameKey, words: [UInt32])?
                if range.lowerBound > 0 {
                    let key = keys[range.lowerBound - 1]
                    previous = (key, try preparer.words(FrameCache.draw(key, on: timeline, size: size, background: background)))
                }
                var out: [APNGPreparedFrame] = []
                for n in range {
                    trace?("APNG prepare")
                    // A frame drawing the same key as the one before is the same picture.
                    let words: [UInt32]
                    if let previous, previous.key == keys[n] {
                        words = previous.words
                    } else {
                        words = try preparer.words(FrameCache.draw(keys[n], on: timeline, size: size, background: background))
                    }
                    out.append(try preparer.prepare(words, previous: previous?.words))
                    previous = (keys[n], words)
                }
                return out
            }, range))
            while waiting.count > max(pool.threads, window / range.count) { try appendOldest() }
        }
        while !waiting.isEmpty { try appendOldest() }
        return EncodedAnimation(bytes: try encoder.finish(), frameCount: encoder.frameCount)
    }

    /// APNG from frames drawn by the frame cache (a source that cannot split, such as a large GIF).
    private static func encodeAPNGFromCache(_ plan: FramePlan, preparer: APNGEncoder.FramePreparer, encoder: APNGEncoder,
                                            threads: Int, cache: FrameCache, size: PixelSize, limits: Limits,
                                            progress: (String, Int, Int) -> Void) throws -> EncodedAnimation {
        let pool = JobPool<Void>(threads: threads) { () }
        defer { pool.finish() }
        let trace = EncodeTrace.observer
        let window = jobWindow(threads: pool.threads, frameBytes: size.pixelCount * 4, limits: limits)
        // A job converts its frame, hands the pixels to the next frame's job, and compares and
        // deflates against the pixels the job before handed over.
        var waiting = Deque<(JobPool<Void>.Pending<APNGPreparedFrame>, Duration)>()
        var appended = 0
        func appendOldest() throws {
            let (job, duration) = waiting.removeFirst()
            try encoder.append(try pool.wait(job), duration: duration)
            appended += 1
            try limits.checkOutput(bytes: encoder.encodedBytes, afterFrame: appended)
            progress("encoding APNG", appended, plan.entries.count)
        }
        let frames = cache.frames(plan.entries.map(\.frameKey))
        defer { frames.finish() }
        var previous: Handoff<[UInt32]>?
        for e in plan.entries {
            let frame = try frames.next()
            let words = Handoff<[UInt32]>(), before = previous
            waiting.append((pool.submit { _ in
                trace?("APNG prepare")
                let converted = Result { try preparer.words(frame) }
                words.set(converted)
                return try preparer.prepare(try converted.get(), previous: try before?.wait())
            }, e.duration))
            previous = words
            while waiting.count > window { try appendOldest() }
        }
        while !waiting.isEmpty { try appendOldest() }
        return EncodedAnimation(bytes: try encoder.finish(), frameCount: encoder.frameCount)
    }

    static func encodeWebP(_ plan: FramePlan, _ request: ConvertRequest, loop: LoopHint, cache: FrameCache, size: PixelSize,
                           limits: Limits, progress: (String, Int, Int) -> Void) throws -> EncodedAnimation {
        let lossless = request.lossless ?? (request.quality == nil)
        let level = request.compressionLevel.map { min(6, ($0 * 6 + 4) / 9) } ?? 4
        let encoder = try WebPAnimationEncoder(width: size.width, height: size.height, options: WebPEncodeOptions(
            lossless: lossless, quality: Float(request.quality ?? 75), method: level, loopCount: plays(loop)))
        let preparer = encoder.preparer
        let pool = JobPool<Void>(threads: request.threads) { () }
        defer { pool.finish() }
        let trace = EncodeTrace.observer
        let window = jobWindow(threads: pool.threads, frameBytes: size.pixelCount * 4, limits: limits)
        // Straight pixels are made on the pool ahead of planning; planning (the canvas) runs here
        // in order; each candidate is encoded on the pool. A lossy frame whose canvas depends on
        // the choice waits for its candidates (encoded at once, side by side) before the next plan.
        var straight = Deque<JobPool<Void>.Pending<[UInt8]>>()
        var waiting = Deque<(WebPFramePlan, [JobPool<Void>.Pending<EncodedFrame>], Duration)>()
        var appended = 0
        func appendOldest() throws {
            let (framePlan, jobs, duration) = waiting.removeFirst()
            let encoded = try jobs.map { try pool.wait($0) }
            try encoder.append(framePlan, framePlan.choose(encoded), duration: duration)
            appended += 1
            try limits.checkOutput(bytes: encoder.encodedBytes, afterFrame: appended)
            progress("encoding WebP", appended, plan.entries.count)
        }
        let frames = cache.frames(plan.entries.map(\.frameKey))
        defer { frames.finish() }
        var submitted = 0
        for (n, e) in plan.entries.enumerated() {
            while submitted < plan.entries.count && submitted <= n + window {
                let frame = try frames.next()
                straight.append(pool.submit { _ in try preparer.straight(frame) })
                submitted += 1
            }
            let framePlan = try encoder.plan(try pool.wait(straight.removeFirst()))
            let jobs = framePlan.candidates.map { blend in
                pool.submit { _ in
                    trace?("WebP encode")
                    return try preparer.encode(framePlan, blend: blend, frameNumber: n)
                }
            }
            if framePlan.needsChoice, let chosen = framePlan.choose(try jobs.map { try pool.wait($0) }) {
                try encoder.settle(framePlan, with: chosen)
            }
            waiting.append((framePlan, jobs, e.duration))
            while waiting.count > window { try appendOldest() }
        }
        while !waiting.isEmpty { try appendOldest() }
        var result = EncodedAnimation(bytes: try encoder.finish(), frameCount: encoder.frameCount)
        if encoder.clampedFrames > 0 {
            let n = encoder.clampedFrames
            result.warnings.append("\(n) frame\(n == 1 ? "" : "s") longer than 16777.215 s (the longest WebP frame) shown for 16777.215 s")
            result.duration = .milliseconds(encoder.writtenMilliseconds)
        }
        return result
    }
}

/// Tells tests which encoding jobs ran on which thread: set with `EncodeTrace.$observer.withValue`
/// around a conversion, it is called with the job's name on the thread that runs the job.
enum EncodeTrace {
    @TaskLocal static var observer: (@Sendable (String) -> Void)?
}

/// A GIF worker's own timeline to draw with (nil when frames are given) and palette mapper,
/// made on its first mapping job.
final class GIFScratch {
    let timeline: FrameTimeline?
    var mapper: GIFFrameMapper?
    /// This worker's LZW coder (its table and buffer are reused frame after frame, never shared).
    let coder = GIFImageCoder()
    init(timeline: FrameTimeline?) { self.timeline = timeline }
}

/// A value one job hands to another job that runs at the same time (a frame's pixels to the
/// next frame's job). Set exactly once, also when making it failed, so a waiter never hangs:
/// the job that sets it was submitted, and so started, before any job that waits for it.
final class Handoff<Value>: @unchecked Sendable {  // the value is read only after `set`, under the lock
    private let condition = NSCondition()
    private var value: Result<Value, any Error>?

    func set(_ result: Result<Value, any Error>) {
        condition.lock()
        value = result
        condition.broadcast()
        condition.unlock()
    }

    func wait() throws -> Value {
        condition.lock()
        while value == nil { condition.wait() }
        let result = value!
        condition.unlock()
        return try result.get()
    }
}

/// Timelines made on the calling thread, one taken by each worker as it starts.
final class TimelineLender: @unchecked Sendable {  // taken under the lock, each by one thread only
    private let lock = NSLock()
    private var timelines: [FrameTimeline]

    init(_ timelines: [FrameTimeline]) { self.timelines = timelines }

    /// One timeline; there is one for each worker the pool starts (or the calling thread).
    func take() -> FrameTimeline {
        lock.lock()
        defer { lock.unlock() }
        return timelines.removeLast()
    }
}

/// A first-in first-out queue of the few results waiting (an array with a moving head).
struct Deque<Element> {
    private var items: [Element] = []
    private var head = 0
    var count: Int { items.count - head }
    var isEmpty: Bool { head == items.count }
    mutating func append(_ e: Element) { items.append(e) }
    mutating func removeFirst() -> Element {
        let e = items[head]
        head += 1
        if head == items.count || head > 64 {
            items.removeFirst(head)
            head = 0
        }
        return e
    }
}
