import CYLImageCodecs
import CYLTabBarItemAnimation
import Foundation
import Testing

/// Frames of one flat colour each (index-dependent), for timing tests without a real input.
final class ColorSource: FrameSource {
    let colors: [RGBA8]
    init(_ colors: [RGBA8]) { self.colors = colors }
    func render(frame index: Int, into target: inout Pixmap) throws { target.fill(colors[index].premultiplied) }
}

func timeline(frames n: Int, timing: FrameTiming, format: String = "Lottie", file: String = "mem.json",
              colors: [RGBA8]? = nil) -> FrameTimeline {
    let c: [RGBA8] = colors ?? (0..<n).map { (i: Int) -> RGBA8 in
        let r = UInt8(truncatingIfNeeded: i * 7), g = UInt8(truncatingIfNeeded: i * 13)
        return RGBA8(r, g, 100, 255)
    }
    return FrameTimeline(format: format, file: file, canvasSize: PixelSize(8, 8), frameCount: n, timing: timing,
                         source: ColorSource(c))
}

@Suite struct ConvertTests {
    @Test func thirtyFPSRoundsToThreeThreeFour() throws {
        let plan = try FramePlan(timeline: timeline(frames: 30, timing: .fps(30)))
        let cs = plan.centiseconds()
        #expect(cs.entries.prefix(6).map(\.delay) == [3, 3, 4, 3, 3, 4])
        #expect(cs.entries.reduce(0) { $0 + $1.delay } == 100)  // exactly one second
        #expect(cs.merged == 0)
    }

    @Test(arguments: [24.0, 25, 29.97, 30, 48, 50, 12.5])
    func totalDurationIsExactOverAWholeAnimation(fps: Double) throws {
        let n = 97
        let plan = try FramePlan(timeline: timeline(frames: n, timing: .fps(fps)))
        let cs = plan.centiseconds()
        let total = cs.entries.reduce(0) { $0 + $1.delay }
        #expect(abs(Double(total) * 10 - Double(n) / fps * 1000) < 10)
        #expect(cs.entries.allSatisfy { $0.delay >= 2 })
        #expect(cs.entries.count == n)
    }

    @Test func aboveFiftyFPSMergesAndWarns() throws {
        let t = timeline(frames: 60, timing: .fps(60))
        let plan = try FramePlan(timeline: t)
        let cs = plan.centiseconds()
        #expect(cs.entries.allSatisfy { $0.delay >= 2 })
        #expect(cs.entries.reduce(0) { $0 + $1.delay } == 100)
        #expect(cs.entries.first?.source == 0 && cs.entries.last?.source == 59)
        #expect(cs.merged > 0)
        let dir = try Scratch()
        let r = try t.convert(ConvertRequest(format: .gif, destination: .file(dir.path + "/a.gif")))
        #expect(r.warnings.contains { $0.contains("50 fps") })
        #expect(r.duration == .seconds(1))
    }

    /// A last frame shorter than 2 cs (the remainder of a resampled animation) after frames of
    /// exactly 2 cs takes the place of the frame before it, keeping the total and the final image;
    /// no "above 50 fps" warning at 50 fps. After longer frames it borrows instead; after the first
    /// frame alone it is left as it is.
    @Test func aShortLastFrameReplacesOrBorrowsFromTheFrameBefore() throws {
        let ms = { (n: Int) in Duration.milliseconds(n) }
        let replaced = try FramePlan(timeline: timeline(frames: 4, timing: .durations([ms(20), ms(20), ms(20), ms(13)])))
        let r = replaced.centiseconds()
        #expect(r.entries.map(\.source) == [0, 1, 3])
        #expect(r.entries.map(\.delay) == [2, 2, 3])
        #expect(r.merged == 1)
        let borrowed = try FramePlan(timeline: timeline(frames: 3, timing: .durations([ms(40), ms(40), ms(13)])))
        #expect(borrowed.centiseconds().entries.map(\.delay) == [4, 3, 2])
        let alone = try FramePlan(timeline: timeline(frames: 2, timing: .durations([ms(20), ms(13)])))
        #expect(alone.centiseconds().entries.map(\.delay) == [2, 1])

        // --fps 50 on 1/30 s of a 30 fps animation: 20 ms, then 13.3 ms.
        let t = timeline(frames: 4, timing: .fps(30))
        let plan = try FramePlan(timeline: t, frames: FrameSelection(parsing: "0-1"), fps: 50)
        #expect(plan.entries.count == 4)
        #expect(plan.centiseconds().entries.allSatisfy { $0.delay >= 2 })
        let dir = try Scratch()
        var request = ConvertRequest(format: .gif, destination: .file(dir.path + "/a.gif"))
        request.frames = try FrameSelection(parsing: "0-1")
        request.fps = 50
        let result = try t.convert(request)
        #expect(!result.warnings.contains { $0.contains("50 fps") }, "\(result.warnings)")
        #expect(result.duration == .milliseconds(60))
    }

    @Test func resampleAndSpeed() throws {
        let t = timeline(frames: 10, timing: .fps(10))  // 1 s
        let plan = try FramePlan(timeline: t, fps: 25)
        #expect(plan.entries.count == 25)
        #expect(abs(plan.totalDuration.seconds - 1) < 1e-9)
        #expect(plan.entries[3].source == 1)  // 0.12 s is in frame 1
        let half = try FramePlan(timeline: t, speed: 0.5)
        #expect(abs(half.totalDuration.seconds - 2) < 1e-9)
        let sel = try FramePlan(timeline: t, frames: FrameSelection(parsing: "2-4"))
        #expect(sel.entries.map(\.source) == [2, 3, 4])
    }

    @Test func oneFrameAnimation() throws {
        let t = timeline(frames: 1, timing: .durations([.milliseconds(500)]), format: "GIF")
        let dir = try Scratch()
        for (format, name) in [(OutputFormat.gif, "a.gif"), (.apng, "a.png"), (.webp, "a.webp")] {
            let r = try t.convert(ConvertRequest(format: format, destination: .file("\(dir.path)/\(name)")))
            #expect(r.frameCount == 1)
        }
        let gif = try GIFDecoder(bytes: dir.read("a.gif"), name: "a.gif")
        #expect(try gif.nextFrame() != nil && gif.nextFrame() == nil)
        #expect(try PNGCodec.decode(dir.read("a.png"), name: "a.png").width == 8)
    }

    /// A frame that does not change is merged into the one before, keeping the total duration.
    @Test func unchangedFrameMerged() throws {
        let red = RGBA8(255, 0, 0, 255), blue = RGBA8(0, 0, 255, 255)
        let t = timeline(frames: 3, timing: .fps(10), colors: [red, red, blue])
        let dir = try Scratch()
        let g = try t.convert(ConvertRequest(format: .gif, destination: .file(dir.path + "/a.gif")))
        #expect(g.frameCount == 2)
        let info = try GIFInfo.scan(bytes: dir.read("a.gif"), name: "a.gif")
        #expect(info.frames.map(\.delayCentiseconds) == [20, 10])
        let w = try t.convert(ConvertRequest(format: .webp, destination: .file(dir.path + "/a.webp")))
        #expect(w.frameCount == 2 && w.duration == .milliseconds(300))
        let a = try t.convert(ConvertRequest(format: .apng, destination: .file(dir.path + "/a.png")))
        #expect(a.frameCount == 2)
    }

    @Test func outputEqualToInputIsRefused() throws {
        let dir = try Scratch()
        let input = dir.path + "/in.gif"
        try dir.write("in.gif", [1, 2, 3])
        let t = timeline(frames: 2, timing: .fps(10), format: "GIF", file: input)
        #expect(throws: OutputError.self) { try t.convert(ConvertRequest(format: .gif, destination: .file(input))) }
        #expect(try dir.read("in.gif") == [1, 2, 3])
        // A folder of frames may not receive the output frames.
        let folder = dir.path + "/frames"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let seq = timeline(frames: 2, timing: .fps(10), format: "PNG frames", file: folder)
        #expect(throws: OutputError.self) { try seq.convert(ConvertRequest(format: .pngSequence, destination: .file(folder + "/%d.png"))) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
    }

    @Test func pngSequenceAndLoopDefaults() throws {
        let dir = try Scratch()
        let t = timeline(frames: 3, timing: .fps(10))
        let r = try t.convert(ConvertRequest(format: .pngSequence, destination: .file(dir.path + "/out/f%02d.png")))
        #expect(r.paths.map { ($0 as NSString).lastPathComponent } == ["f00.png", "f01.png", "f02.png"])
        #expect(t.defaultOutputLoop == .forever)
        // An input whose file declares its loop (a GIF without NETSCAPE block plays once) keeps it.
        var declared = timeline(frames: 3, timing: .fps(10), format: "GIF")
        declared.capabilities.declaresLoop = true
        declared.loop = .once
        #expect(declared.defaultOutputLoop == .once)
        #expect(OutputFormat.inferred(from: "x/%03d.png") == .pngSequence)
        #expect(OutputFormat.inferred(from: "x.PNG") == .apng)
        #expect(OutputFormat.inferred(from: "x.webp") == .webp)
    }
}

final class Scratch {
    let path: String
    init() throws {
        path = NSTemporaryDirectory() + "cyl-convert-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }
    deinit { try? FileManager.default.removeItem(atPath: path) }
    func read(_ name: String) throws -> [UInt8] { [UInt8](try Data(contentsOf: URL(fileURLWithPath: "\(path)/\(name)"))) }
    func write(_ name: String, _ bytes: [UInt8]) throws { try Data(bytes).write(to: URL(fileURLWithPath: "\(path)/\(name)")) }
}
