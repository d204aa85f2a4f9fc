@testable import CYLConvert
import CYLTabBarItemAnimation
import Foundation
import Synchronization
import Testing

/// What the test sources below saw, across threads.
final class SplitLog: Sendable {
    /// Workers made (`makeWorker()` calls).
    let workers = Atomic<Int>(0)
    /// Frames drawn, by every source together.
    let draws = Atomic<Int>(0)
    /// Times a source was asked for a frame before one it had already drawn (a Rive scene would
    /// have to replay from the start).
    let backwardSteps = Atomic<Int>(0)
    /// Distinct threads that drew.
    let threads = Locked<Set<UInt>>([])
}

/// Frames of one flat colour each that splits into workers, logging what it does; frame
/// `failing` throws.
final class SplittingSource: FrameSource {
    let log: SplitLog
    let failing: Int?
    private var lastDrawn = -1

    init(log: SplitLog, failing: Int? = nil) {
        self.log = log
        self.failing = failing
    }

    func makeWorker() -> (any FrameSource)? {
        log.workers.add(1, ordering: .relaxed)
        return SplittingSource(log: log, failing: failing)
    }

    func render(frame index: Int, into target: inout Pixmap) throws {
        if index < lastDrawn { log.backwardSteps.add(1, ordering: .relaxed) }
        lastDrawn = index
        log.draws.add(1, ordering: .relaxed)
        let me = UInt(pthread_self())
        log.threads.withLock { _ = $0.insert(me) }
        if index == failing { throw RenderError(file: "split.json", frame: index, "this frame fails on purpose") }
        target.fill(RGBA8(UInt8(truncatingIfNeeded: index * 37), UInt8(truncatingIfNeeded: index * 11), 90, 255).premultiplied)
    }
}

/// `--threads`: frames drawn on worker threads, each with its own source over the shared model,
/// give exactly the bytes one thread gives, for every output format and input format.
@Suite struct ThreadedOutputTests {
    static let repo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    static func open(_ sample: String) throws -> FrameTimeline {
        try AnimatorRegistry.standard.timeline(forPath: "\(repo)/sample-animations/\(sample)")
    }

    /// Every sample format (Lottie, Lottie with masks, a Rive state machine, a GIF, PNG frames)
    /// to every animated output at a size that resamples.
    @Test(arguments: ["checkmark.json", "heart-mask.json", "toggle.riv", "lint-examples/heart-pop-fps-too-low-and-content-in-margin.gif", "bounce-frames"])
    func convertOnThreeThreadsWritesTheBytesOfOne(_ sample: String) throws {
        let timeline = try Self.open(sample)
        let dir = try Scratch()
        for (format, ext) in [(OutputFormat.gif, "gif"), (.apng, "png"), (.webp, "webp")] {
            var outputs: [[UInt8]] = []
            for threads in [1, 3] {
                var request = ConvertRequest(format: format, destination: .file("\(dir.path)/\(threads).\(ext)"))
                request.size = .box(PixelSize(40, 40))
                request.threads = threads
                _ = try timeline.convert(request)
                outputs.append(try dir.read("\(threads).\(ext)"))
            }
            #expect(outputs[0] == outputs[1], "\(sample) as \(ext): 3 threads differ from 1")
        }
    }

    @Test(arguments: ["checkmark.json", "toggle.riv"])
    func pngFramesOnThreeThreadsAreTheFilesOfOne(_ sample: String) throws {
        let timeline = try Self.open(sample)
        let dir = try Scratch()
        var sets: [[[UInt8]]] = []
        for threads in [1, 3] {
            var request = RenderRequest(size: .box(PixelSize(32, 32)), output: try OutputPattern("\(dir.path)/r\(threads)-%03d.png"))
            request.threads = threads
            let written = try timeline.renderPNGs(request)
            #expect(written.map(\.index) == Array(0..<timeline.frameCount))
            sets.append(try written.map { try [UInt8](Data(contentsOf: URL(fileURLWithPath: $0.path))) })
            // The PNG-sequence output of convert goes the same way.
            var convert = ConvertRequest(format: .pngSequence, destination: .file("\(dir.path)/c\(threads)-%03d.png"))
            convert.size = .box(PixelSize(32, 32))
            convert.threads = threads
            let result = try timeline.convert(convert)
            sets.append(try result.paths.map { try [UInt8](Data(contentsOf: URL(fileURLWithPath: $0))) })
        }
        #expect(sets[0] == sets[2], "render: 3 threads differ from 1")
        #expect(sets[1] == sets[3], "convert to PNG frames: 3 threads differ from 1")
        #expect(sets[0] == sets[1], "render and convert to PNG frames differ")
    }

    /// The work really is split: two workers are made for three threads, every frame is drawn
    /// once (GIF: in pass 1, its second pass maps what the first kept), each source only moves
    /// forward, and more than one thread draws.
    @Test(arguments: [OutputFormat.webp, .apng, .gif])
    func workersDrawEveryFrameOnceMovingForward(_ format: OutputFormat) throws {
        let log = SplitLog()
        let n = 120
        let timeline = FrameTimeline(format: "Lottie", file: "split.json", canvasSize: PixelSize(64, 64), frameCount: n,
                                     timing: .fps(30), source: SplittingSource(log: log))
        let dir = try Scratch()
        var request = ConvertRequest(format: format, destination: .file("\(dir.path)/a"))
        request.threads = 3
        let result = try timeline.convert(request)
        #expect(result.frameCount == n)
        #expect(log.workers.load(ordering: .relaxed) == 2)
        #expect(log.draws.load(ordering: .relaxed) == n)
        #expect(log.backwardSteps.load(ordering: .relaxed) == 0)
        // One thread could in principle take every frame while the others start; 120 frames of
        // 64x64 make that vanishingly unlikely, and the bytes are checked either way.
        #expect(log.threads.withLock { $0.count } >= 2)
    }

    /// GIF frames that do not fit the decoded-bytes budget are not kept from pass 1: pass 2 draws
    /// each again on fresh workers (never stepping back), and the file is the one kept frames make.
    @Test(arguments: [1, 3])
    func gifOverTheDecodedBudgetDrawsAgainAndWritesTheSameBytes(threads: Int) throws {
        let n = 40
        let dir = try Scratch()
        var outputs: [[UInt8]] = []
        for budget in [Limits.standard.maxDecodedBytes, n * 64 * 64 * 4 - 1] {
            let log = SplitLog()
            let timeline = FrameTimeline(format: "Lottie", file: "split.json", canvasSize: PixelSize(64, 64), frameCount: n,
                                         timing: .fps(30), source: SplittingSource(log: log))
            var request = ConvertRequest(format: .gif, destination: .file("\(dir.path)/\(budget).gif"))
            request.threads = threads
            _ = try timeline.convert(request, limits: Limits(maxDecodedBytes: budget))
            let kept = budget == Limits.standard.maxDecodedBytes
            #expect(log.draws.load(ordering: .relaxed) == (kept ? n : 2 * n), "budget \(budget)")
            #expect(log.workers.load(ordering: .relaxed) == (kept ? threads - 1 : 2 * threads - 1), "budget \(budget)")
            #expect(log.backwardSteps.load(ordering: .relaxed) == 0)
            outputs.append(try dir.read("\(budget).gif"))
        }
        #expect(outputs[0] == outputs[1])
    }

    /// A frame that fails on a worker fails the conversion with that frame's error, leaves no
    /// file, and stops the other workers (the test would hang if they waited forever).
    @Test(arguments: [1, 2, 4])
    func aFailingFrameStopsEveryThreadAndWritesNothing(threads: Int) throws {
        let log = SplitLog()
        let timeline = FrameTimeline(format: "Lottie", file: "split.json", canvasSize: PixelSize(16, 16), frameCount: 60,
                                     timing: .fps(30), source: SplittingSource(log: log, failing: 17))
        let dir = try Scratch()
        for format in [OutputFormat.gif, .webp, .apng, .pngSequence] {
            let drawnBefore = log.draws.load(ordering: .relaxed)
            let path = format == .pngSequence ? "\(dir.path)/f-%02d.png" : "\(dir.path)/out"
            var request = ConvertRequest(format: format, destination: .file(path))
            request.threads = threads
            #expect {
                _ = try timeline.convert(request)
            } throws: { error in
                "\(error)".contains("frame 17") && "\(error)".contains("fails on purpose")
            }
            #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty, "\(format): files were left")
            // Workers stop taking frames after the failure: at most a window (two per thread) past it.
            #expect(log.draws.load(ordering: .relaxed) - drawnBefore <= 18 + 2 * threads, "\(format)")
        }
    }

    /// The output limit stops a GIF in its second pass, while the workers place and code frames
    /// on their own: the conversion fails with the limit's message, after the same frame on 1, 2
    /// and 4 threads, writes nothing, and returns (the test would hang if a worker or the calling
    /// thread waited for a frame nobody will finish).
    @Test func theOutputLimitStopsAGIFMidwayAfterTheSameFrameOnEveryThreadCount() throws {
        var messages: [String] = []
        for threads in [1, 2, 4] {
            let timeline = FrameTimeline(format: "Lottie", file: "split.json", canvasSize: PixelSize(32, 32), frameCount: 60,
                                         timing: .fps(30), source: SplittingSource(log: SplitLog()))
            let dir = try Scratch()
            var request = ConvertRequest(format: .gif, destination: .file("\(dir.path)/out.gif"))
            request.threads = threads
            do {
                _ = try timeline.convert(request, limits: Limits(maxOutputBytes: 1500))
                Issue.record("\(threads) threads: the conversion went past the output limit")
            } catch {
                messages.append("\(error)")
            }
            #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty, "\(threads) threads: files were left")
        }
        #expect(messages.count == 3)
        #expect(messages.allSatisfy { $0.contains("the output is over 1500 bytes after") && !$0.contains("after 60 frames") },
                "\(messages)")
        #expect(Set(messages).count == 1, "\(messages)")
    }

    /// Encoder settings that take each encoder's other paths (lossy WebP and its blend choice, GIF
    /// dithering and matte, APNG without alpha and with row filters, resampling, repeated and
    /// single frames): 1, 2 and 3 threads write the same bytes.
    @Test(arguments: ["checkmark.json", "heart-mask.json", "lint-examples/heart-pop-fps-too-low-and-content-in-margin.gif"])
    func everyEncoderSettingOnOneTwoThreeThreadsWritesTheSameBytes(_ sample: String) throws {
        let timeline = try Self.open(sample)
        let dir = try Scratch()
        let white = RGBA8(255, 255, 255, 255)
        var variants: [(String, OutputFormat, (inout ConvertRequest) throws -> Void)] = [
            ("webp-q75.webp", .webp, { $0.quality = 75 }),
            ("webp-q60-bg.webp", .webp, { $0.quality = 60; $0.background = white }),
            ("webp-bg.webp", .webp, { $0.background = white }),
            ("gif-fs.gif", .gif, { $0.dither = .fs }),
            ("gif-ordered-matte.gif", .gif, { $0.dither = .ordered; $0.matte = white; $0.colors = 32 }),
            ("apng-bg.png", .apng, { $0.background = RGBA8(20, 30, 40, 255) }),
            ("apng-l9.png", .apng, { $0.compression = 9 }),
            ("webp-fps.webp", .webp, { $0.fps = 50; $0.quality = 90 }),
            ("gif-fps.gif", .gif, { $0.fps = 12 }),
        ]
        for (ext, format) in [("gif", OutputFormat.gif), ("png", .apng), ("webp", .webp)] {
            variants.append(("repeats.\(ext)", format, { $0.frames = try FrameSelection(parsing: "0,0,0,1,1,0,2") }))
            variants.append(("single.\(ext)", format, { $0.frames = FrameSelection(pieces: [.single(1)]) }))
        }
        for (name, format, configure) in variants {
            var outputs: [[UInt8]] = []
            for threads in [1, 2, 3] {
                var request = ConvertRequest(format: format, destination: .file("\(dir.path)/\(threads)-\(name)"))
                request.size = .box(PixelSize(40, 40))
                request.threads = threads
                try configure(&request)
                _ = try timeline.convert(request)
                outputs.append(try dir.read("\(threads)-\(name)"))
            }
            #expect(outputs[0] == outputs[1], "\(sample) \(name): 2 threads differ from 1")
            #expect(outputs[0] == outputs[2], "\(sample) \(name): 3 threads differ from 1")
        }
    }

    /// The encoding itself is split, not only the drawing: every frame's encoding job runs once,
    /// and the jobs run on more than one thread, for every format.
    @Test(arguments: [(OutputFormat.apng, "APNG prepare"), (.webp, "WebP encode"), (.gif, "GIF LZW"), (.gif, "GIF map")])
    func encodingJobsRunOnSeveralThreads(_ format: OutputFormat, _ job: String) throws {
        let log = SplitLog()
        let n = 120
        let timeline = FrameTimeline(format: "Lottie", file: "split.json", canvasSize: PixelSize(64, 64), frameCount: n,
                                     timing: .fps(30), source: SplittingSource(log: log))
        let dir = try Scratch()
        var request = ConvertRequest(format: format, destination: .file("\(dir.path)/out"))
        request.threads = 2
        let perThread = Locked<[UInt: Int]>([:])
        let result = try EncodeTrace.$observer.withValue({ name in
            guard name == job else { return }
            let me = UInt(pthread_self())
            perThread.withLock { $0[me, default: 0] += 1 }
        }) {
            try timeline.convert(request)
        }
        let counts = perThread.withLock { $0 }
        // Every frame differs from the one before (a new flat colour), so each is encoded once;
        // GIF's LZW codes frames as they become final, all of them by the end.
        #expect(result.frameCount == n)
        #expect(counts.values.reduce(0, +) == n)
        // As in `workersDrawEveryFrameOnceMovingForward`: one worker taking all 120 jobs while
        // the other waits is possible in principle but vanishingly unlikely; the bytes are checked
        // by the tests above either way.
        #expect(counts.count >= 2, "\(job) ran on \(counts.count) thread(s)")
    }
}
