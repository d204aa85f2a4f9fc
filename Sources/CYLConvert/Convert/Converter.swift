#if canImport(Glibc)
import Glibc
#endif
import CYLCodecs
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
    /// failure at any point leaves no partial file and an existing file untouched. `progress` gets
    /// (phase, done, total).
    public func convert(_ request: ConvertRequest, limits: Limits = .standard,
                        progress: (String, Int, Int) -> Void = { _, _, _ in }) throws -> ConvertResult {
        if request.format == .tgs { return try convertToTGS(request) }
        let size = request.size.resolve(canvas: canvasSize)
        guard size.width <= limits.maxCanvasPixels / size.height else {
            throw UsageError("output size \(size) has more than \(limits.maxCanvasPixels) pixels (raise it with --max-pixels)")
        }
        if let c = request.compressionLevel, !(0...9).contains(c) { throw UsageError("compression level must be 0-9, not \(c)") }
        let plan = try FramePlan(timeline: self, frames: request.frames, fps: request.fps, speed: request.speed,
                                 maxFrames: limits.maxFrames)
        let loop = request.loop ?? defaultOutputLoop
        var warnings: [String] = []
        let frames = FrameCache(timeline: self, size: size, background: request.background,
                                keepAll: plan.entries.count * size.pixelCount * 4 <= limits.maxDecodedBytes)
        let outputPath: String?
        switch request.destination {
        case .file(let p):
            outputPath = p
            if request.format == .pngSequence {
                let pattern = try OutputPattern(p)
                if !pattern.isNumbered && plan.entries.count != 1 {
                    throw UsageError("output '\(p)' names one file but there are \(plan.entries.count) frames; "
                                     + "use a pattern such as frames/%04d.png, or .png for an animated PNG")
                }
            }
        case .standardOutput:
            outputPath = nil
            if request.format == .pngSequence { throw UsageError("a PNG sequence cannot go to standard output; give a %d pattern") }
        }

        let bytes: [UInt8]
        var frameCount = plan.entries.count
        var duration = plan.totalDuration
        switch request.format {
        case .gif:
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
            for (n, e) in timed.enumerated() {
                try encoder.analyze(try frames.frame(e.frame))
                progress("analysing", n + 1, timed.count)
            }
            for (n, e) in timed.enumerated() {
                try encoder.add(try frames.frame(e.frame), delayCentiseconds: e.delay)
                progress("encoding GIF", n + 1, timed.count)
            }
            bytes = try encoder.finish()
            frameCount = encoder.writtenFrames
            duration = .milliseconds(timed.reduce(0) { $0 + min($1.delay, Self.maxGIFDelay) } * 10)
        case .apng:
            let opaque = (request.background?.a ?? 0) == 255
            let encoder = try APNGEncoder(width: size.width, height: size.height,
                                          options: APNGEncodeOptions(compressionLevel: request.compressionLevel ?? 1,
                                                                     plays: Self.plays(loop), alpha: !opaque))
            for (n, e) in plan.entries.enumerated() {
                try encoder.add(try frames.frame(e.frameKey), duration: e.duration)
                progress("encoding APNG", n + 1, plan.entries.count)
            }
            bytes = try encoder.finish()
            frameCount = encoder.frameCount
        case .webp:
            let lossless = request.lossless ?? (request.quality == nil)
            let level = request.compressionLevel.map { min(6, ($0 * 6 + 4) / 9) } ?? 4
            let encoder = try WebPAnimationEncoder(width: size.width, height: size.height, options: WebPEncodeOptions(
                lossless: lossless, quality: Float(request.quality ?? 75), method: level, loopCount: Self.plays(loop)))
            // Identical neighbours are merged here so the frame count reported is the one written.
            var pending: (Pixmap, Duration)?
            frameCount = 0
            for (n, e) in plan.entries.enumerated() {
                let image = try frames.frame(e.frameKey)
                if let p = pending, p.0 == image {
                    pending!.1 += e.duration
                } else {
                    if let p = pending { try encoder.add(p.0, duration: p.1); frameCount += 1 }
                    pending = (image, e.duration)
                }
                progress("encoding WebP", n + 1, plan.entries.count)
            }
            if let p = pending { try encoder.add(p.0, duration: p.1); frameCount += 1 }
            bytes = try encoder.finish()
        case .pngSequence:
            let pattern = try OutputPattern(outputPath!)
            var staged: [StagedFile] = []
            var paths: [String] = [], total = 0
            do {
                var made = Set<String>()
                for (k, e) in plan.entries.enumerated() {
                    let png = try PNGCodec.encode(try frames.frame(e.frameKey), compressionLevel: request.compressionLevel ?? 1,
                                                  filter: (request.compressionLevel ?? 1) >= 5 ? .adaptive : .none)
                    let path = pattern.path(forFrame: plan.resampled ? k : e.source)
                    try OutputSafety.checkNotInput(output: path, input: file)
                    let dir = StagedFile.parentDirectory(of: path)
                    if made.insert(dir).inserted { try StagedFile.makeDirectories(dir) }
                    staged.append(try StagedFile.stage(png, for: path))
                    paths.append(path)
                    total += png.count
                    progress("writing PNG", k + 1, plan.entries.count)
                }
                for f in staged { try f.commit() }
            } catch {
                for f in staged { f.discard() }
                throw error
            }
            return ConvertResult(format: .pngSequence, paths: paths, byteCount: total, size: size,
                                 frameCount: plan.entries.count, duration: duration, warnings: warnings)
        case .tgs:
            return try convertToTGS(request)
        }
        let paths = try ConvertOutput.write(bytes, to: request.destination, input: file)
        return ConvertResult(format: request.format, paths: paths, byteCount: bytes.count, size: size,
                             frameCount: frameCount, duration: duration, warnings: warnings)
    }

    /// A `.tgs` sticker: the input's own Lottie JSON, gzipped. Frames, size and timing options do
    /// not apply: the sticker is the vector document itself.
    private func convertToTGS(_ request: ConvertRequest) throws -> ConvertResult {
        guard let json = capabilities.lottieJSON else {
            throw UsageError("tgs output needs a Lottie input (.json, .lottie or .tgs); '\(file)' is \(format)")
        }
        let bytes = GzipWriter.compress(try json())
        let paths = try ConvertOutput.write(bytes, to: request.destination, input: file)
        return ConvertResult(format: .tgs, paths: paths, byteCount: bytes.count, size: canvasSize,
                             frameCount: frameCount, duration: duration, warnings: [])
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

/// Renders source frames (or exact in-between times of vector sources) at the output size once: all
/// of them kept when they fit the decoded-bytes budget, otherwise the last one only (encoders that
/// read frames twice then render twice).
final class FrameCache {
    private let timeline: FrameTimeline
    private let size: PixelSize
    private let background: RGBA8?
    private let keepAll: Bool
    private var cache: [FramePlan.FrameKey: Pixmap] = [:]
    private var last: (FramePlan.FrameKey, Pixmap)?

    init(timeline: FrameTimeline, size: PixelSize, background: RGBA8?, keepAll: Bool) {
        self.timeline = timeline
        self.size = size
        self.background = background
        self.keepAll = keepAll
    }

    func frame(_ key: FramePlan.FrameKey) throws -> Pixmap {
        if let hit = cache[key] { return hit }
        if let last, last.0 == key { return last.1 }
        let image: Pixmap
        if let time = key.time {
            image = try timeline.render(frameTime: time, size: size, background: background)
        } else {
            image = try timeline.render(frame: key.source, size: size, background: background)
        }
        if keepAll { cache[key] = image }
        last = (key, image)
        return image
    }
}

/// Writing a finished output: staged and renamed into place, or to standard output.
public enum ConvertOutput {
    /// Writes `bytes`; refuses to overwrite `input`. Returns the paths written.
    public static func write(_ bytes: [UInt8], to destination: ConvertDestination, input: String) throws -> [String] {
        switch destination {
        case .standardOutput:
            try writeStandardOutput(bytes)
            return []
        case .file(let path):
            try OutputSafety.checkNotInput(output: path, input: input)
            try StagedFile.makeDirectories(StagedFile.parentDirectory(of: path))
            try StagedFile.write(bytes, to: path)
            return [path]
        }
    }

    static func writeStandardOutput(_ bytes: [UInt8]) throws(OutputError) {
        var failure: OutputError?
        bytes.withUnsafeBytes { raw in
            var done = 0
            while done < raw.count {
                let n = Glibc.write(1, raw.baseAddress! + done, raw.count - done)
                if n < 0 {
                    if errno == EINTR { continue }
                    failure = OutputError(file: "<stdout>", .io, "write failed: \(String(cString: strerror(errno)))")
                    return
                }
                done += n
            }
        }
        if let failure { throw failure }
    }
}

/// The output must never be the input (or, for a folder of frames, inside it).
public enum OutputSafety {
    public static func checkNotInput(output: String, input: String) throws(OutputError) {
        var si = stat(), so = stat()
        guard stat(input, &si) == 0 else { return }
        if stat(output, &so) == 0 && so.st_dev == si.st_dev && so.st_ino == si.st_ino {
            throw OutputError(file: output, .cannotCreate, "the output is the input file '\(input)'; choose another output path")
        }
        if (si.st_mode & S_IFMT) == S_IFDIR {
            let parent = StagedFile.parentDirectory(of: output)
            var sp = stat()
            if stat(parent, &sp) == 0 && sp.st_dev == si.st_dev && sp.st_ino == si.st_ino {
                throw OutputError(file: output, .cannotCreate,
                                  "the output would be written into the input folder '\(input)'; choose another folder")
            }
        }
    }
}
