import CYLImageCodecs
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
/// written at its `prepare`/`plan`/`place`) run in order: here, or for APNG and GIF's placing on
/// the workers, handed from job to job (`APNGChain`, `GIFPlaceChain`). With one thread the jobs
/// run inline in the same order, so every thread count writes the same bytes.
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
        // The last frame is left out: a short one is the remainder of a resampled animation
        // (`--fps 50` on 1.01 s), which `centisecondFrames` lengthens from the frame before or
        // puts in its place, and which no lower --fps would avoid.
        if plan.entries.dropLast().contains(where: { $0.duration < .milliseconds(20) - .nanoseconds(1000) }) {
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
        var options = GIFEncodeOptions(dither: request.dither ?? EncoderSettings.defaultDither, loopCount: Self.gifLoop(loop),
                                       maxColors: request.colors ?? EncoderSettings.defaultColors)
        if let m = request.matte {
            options.transparency = .matte(m)
        } else if let bg = request.background, bg.a == 255 {
            options.transparency = .matte(bg)
        } else {
            options.transparency = .threshold(request.alphaThreshold ?? EncoderSettings.defaultAlphaThreshold)
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
        let wordCount = size.pixelCount
        let pool1 = JobPool<GIFScratch>(threads: threads) { GIFScratch(timeline: drawers1?.take(), wordCount: wordCount) }
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
                if let given { return try preparer.runs(given, keepingTarget: keepAll, words: scratch.words) }
                return try scratch.drawer.draw(key, size: size, background: background) {
                    try preparer.runs($0, keepingTarget: keepAll, words: scratch.words)
                }
            })
            while runs.count > window { try countOldest() }
        }
        while !runs.isEmpty { try countOldest() }
        analysed?.finish()
        pool1.finish()
        try encoder.buildPalette()
        let mappers = try encoder.mapperFactory()

        // Pass 2: each frame's job maps it, then places the frames ready in order and LZW-codes
        // what that finished (`GIFPlaceChain`); this thread appends in order.
        let drawers2 = drawers1 != nil && !keepAll ? lender(fresh: true) : nil
        let fromCache = !keepAll && drawers2 == nil
        let pool = JobPool<GIFScratch>(threads: threads) { GIFScratch(timeline: drawers2?.take(), wordCount: 0) }
        defer { pool.finish() }
        let chain = GIFPlaceChain(encoder: encoder, delays: timed.map(\.delay), trace: trace)
        // A frame in flight here holds two bytes a pixel (its indices, then what placing it
        // finished), not its pixels: four frames a thread ahead, so that while one worker places
        // a run of frames the other has frames to map (two a thread left one idle at times).
        let placeWindow = max(pool.threads, min(4 * pool.threads, limits.maxDecodedBytes / max(1, 2 * size.pixelCount)))
        var appended = 0
        func appendOldest() throws {
            if let coded = try chain.take(appended) { try encoder.append(coded) }
            appended += 1
            try limits.checkOutput(bytes: encoder.encodedBytes, afterFrame: appended)
            progress("encoding GIF", appended, timed.count)
        }
        let added = fromCache ? cache.frames(keys) : nil
        defer { added?.finish() }
        for n in keys.indices {
            let given = try added?.next(), key = keys[n]
            let keptFrame = keepAll ? kept[n] : nil
            if keepAll { kept[n] = nil }  // the job holds it now; freed once mapped
            _ = pool.submit { scratch in
                trace?("GIF map")
                do {
                    if scratch.mapper == nil { scratch.mapper = mappers.make() }
                    let mapper = scratch.mapper!
                    let frame: GIFMappedFrame
                    if let keptFrame {
                        frame = try mapper.map(keptFrame)
                    } else if let given {
                        frame = try mapper.map(given)
                    } else {
                        frame = try scratch.drawer.draw(key, size: size, background: background) { try mapper.map($0) }
                    }
                    chain.add(n, frame, coder: scratch.coder)
                } catch {
                    chain.fail(n, error)
                }
            }
            while n + 1 - appended > placeWindow { try appendOldest() }
        }
        while appended < keys.count { try appendOldest() }
        if let last = encoder.finishLast() {
            trace?("GIF LZW")
            try encoder.append(try last.encode())
        }
        return EncodedAnimation(bytes: try encoder.finish(), frameCount: encoder.writtenFrames,
                                duration: .milliseconds(timed.reduce(0) { $0 + min($1.delay, Self.maxGIFDelay) } * 10),
                                warnings: warnings)
    }

    /// APNG. Each frame is one job: it draws the frame (on its worker's own timeline when the
    /// source splits; otherwise the frame cache draws ahead) and converts it to words; the frame
    /// is then compared with the one before and deflated by whichever of the two frames' jobs
    /// finishes second (`APNGChain`). No frame is drawn twice and no job waits for another.
    func encodeAPNG(_ plan: FramePlan, _ request: ConvertRequest, loop: LoopHint, cache: FrameCache, size: PixelSize,
                    limits: Limits, progress: (String, Int, Int) -> Void) throws -> EncodedAnimation {
        let opaque = (request.background?.a ?? 0) == 255
        let encoder = try APNGEncoder(width: size.width, height: size.height,
                                      options: APNGEncodeOptions(compressionLevel: request.compression ?? EncoderSettings.defaultPNGCompression,
                                                                 plays: Self.plays(loop), alpha: !opaque))
        let preparer = encoder.preparer
        let keys = plan.entries.map(\.frameKey)
        let threads = max(1, min(request.threads, FrameThreads.maximum, keys.count))
        var timelines = [self]
        while timelines.count < threads, let worker = worker() { timelines.append(worker) }
        // Each worker (or, with one thread, the calling thread) takes one timeline for good,
        // which is what makes handing them over safe; the calling thread then draws nothing.
        let lender = timelines.count == threads ? TimelineLender(timelines) : nil
        let pool = JobPool<APNGWorker>(threads: threads) { APNGWorker(timeline: lender?.take()) }
        defer { pool.finish() }
        let trace = EncodeTrace.observer
        let window = Self.jobWindow(threads: pool.threads, frameBytes: size.pixelCount * 4, limits: limits)
        let chain = APNGChain(count: keys.count, preparer: preparer)
        let frames = lender == nil ? cache.frames(keys) : nil
        defer { frames?.finish() }
        let background = request.background
        var appended = 0
        func appendOldest() throws {
            try encoder.append(try chain.take(appended), duration: plan.entries[appended].duration)
            appended += 1
            try limits.checkOutput(bytes: encoder.encodedBytes, afterFrame: appended)
            progress("encoding APNG", appended, plan.entries.count)
        }
        for n in keys.indices {
            let given = try frames?.next(), key = keys[n]
            _ = pool.submit { worker in
                trace?("APNG prepare")
                do {
                    let words: [UInt32]
                    if let given {
                        words = try preparer.words(given)
                    } else {
                        words = try worker.drawer.draw(key, size: size, background: background) { try preparer.words($0) }
                    }
                    chain.add(n, words: words, scratch: worker.scratch)
                } catch {
                    chain.fail(n, error)
                }
            }
            while n + 1 - appended > window { try appendOldest() }
        }
        while appended < keys.count { try appendOldest() }
        let bytes = try encoder.finish()
        return EncodedAnimation(bytes: bytes, frameCount: encoder.frameCount)
    }

    static func encodeWebP(_ plan: FramePlan, _ request: ConvertRequest, loop: LoopHint, cache: FrameCache, size: PixelSize,
                           limits: Limits, progress: (String, Int, Int) -> Void) throws -> EncodedAnimation {
        let lossless = request.lossless ?? (request.quality == nil)
        let level = request.compression.map { min(6, ($0 * 6 + 4) / 9) } ?? EncoderSettings.defaultWebPMethod
        let encoder = try WebPAnimationEncoder(width: size.width, height: size.height, options: WebPEncodeOptions(
            lossless: lossless, quality: Float(request.quality ?? EncoderSettings.defaultQuality), method: level, loopCount: plays(loop)))
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

/// A GIF worker's drawing (its own timeline, nil when frames are given), pass 1's word buffer,
/// and pass 2's palette mapper, made on its first mapping job.
final class GIFScratch {
    let drawer: FrameDrawer
    /// Pass 1's target words (empty in pass 2, which maps with the mapper's own).
    let words: GIFWordBuffer
    var mapper: GIFFrameMapper?
    /// This worker's LZW coder (its table and buffer are reused frame after frame, never shared).
    let coder = GIFImageCoder()
    init(timeline: FrameTimeline?, wordCount: Int) {
        drawer = FrameDrawer(timeline: timeline)
        words = GIFWordBuffer(count: wordCount)
    }
}

/// An APNG worker's drawing (its own timeline, nil when frames are given) and zlib stream.
final class APNGWorker {
    let drawer: FrameDrawer
    let scratch = APNGScratch()
    init(timeline: FrameTimeline?) { drawer = FrameDrawer(timeline: timeline) }
}

/// A worker's own timeline and the frame it draws into, reused from frame to frame. A fresh
/// megabyte costs more in page faults than drawing an icon's frame, and more with two threads.
final class FrameDrawer {
    /// Nil when the worker is given its frames (the source cannot split).
    let timeline: FrameTimeline?
    private var frame: Pixmap?
    init(timeline: FrameTimeline?) { self.timeline = timeline }

    /// Draws `key` into the reused frame and returns what `use` makes of it; the frame must not
    /// outlive `use` (the next draw would copy it rather than draw in place).
    func draw<T>(_ key: FramePlan.FrameKey, size: PixelSize, background: RGBA8?, _ use: (Pixmap) throws -> T) throws -> T {
        if frame == nil { frame = try Pixmap(width: size.width, height: size.height) }
        try FrameCache.draw(key, on: timeline!, into: &frame!, background: background)
        return try use(frame!)
    }
}

/// The frames of an APNG in flight. Each frame's job adds the frame's words; frame n is compared
/// with frame n-1 and deflated by whichever of their two jobs adds its words second (both are
/// there then), so no job waits for another and the work stays on the workers. The consumer
/// takes the prepared frames in order. A frame's words are dropped once both frames that read
/// them are prepared.
final class APNGChain: @unchecked Sendable {  // all state is read and written under `condition`
    private let condition = NSCondition()
    private let preparer: APNGEncoder.FramePreparer
    private var words: [[UInt32]?]
    private var prepared: [Bool]
    private var results: [Result<APNGPreparedFrame, any Error>?]

    init(count: Int, preparer: APNGEncoder.FramePreparer) {
        self.preparer = preparer
        words = Array(repeating: nil, count: count)
        prepared = Array(repeating: false, count: count)
        results = Array(repeating: nil, count: count)
    }

    /// Frame `n`'s words: prepares frame n when frame n-1's are here, and frame n+1 when its
    /// words came first. `scratch` is the calling thread's.
    func add(_ n: Int, words frameWords: [UInt32], scratch: APNGScratch) {
        condition.lock()
        words[n] = frameWords
        let before: [UInt32]?? = n == 0 ? .some(nil) : words[n - 1].map { .some($0) }
        let after = n + 1 < words.count ? words[n + 1] : nil
        condition.unlock()
        if let before { finish(n, Result { try preparer.prepare(frameWords, previous: before, scratch: scratch) }) }
        if let after { finish(n + 1, Result { try preparer.prepare(after, previous: frameWords, scratch: scratch) }) }
    }

    /// Frame `n` could not be made: `take(n)` throws `error`.
    func fail(_ n: Int, _ error: any Error) { finish(n, .failure(error)) }

    /// Prepared frame `n` once it is ready; rethrows what preparing it threw.
    func take(_ n: Int) throws -> APNGPreparedFrame {
        try condition.waitForResult {
            defer { results[n] = nil }
            return results[n]
        }
    }

    private func finish(_ n: Int, _ result: Result<APNGPreparedFrame, any Error>) {
        condition.lock()
        results[n] = result
        prepared[n] = true
        // Frame j's words are read by frames j and j+1.
        for j in [n - 1, n] where j >= 0 && prepared[j] && (j + 1 == prepared.count || prepared[j + 1]) { words[j] = nil }
        condition.broadcast()
        condition.unlock()
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
