import CYLDocuments
import CYLImageCodecs
import CYLTabBarItemAnimation
import Foundation
import Testing

@Suite struct PixelDifferenceTests {
    @Test func oneChangedPixelHasTheNumbersWorkedOutByHand() throws {
        var a = try Pixmap(width: 10, height: 10)
        a.fill(RGBA8(100, 100, 100, 255))
        var b = a
        b[3, 4] = RGBA8(120, 100, 100, 255)   // one channel of one pixel, 20 apart
        b[5, 5] = RGBA8(110, 100, 100, 255)   // 10 apart: within a tolerance of 16
        let d = PixelDifference.compare(a, b, tolerance: 16)
        #expect(d.changedPixels == 1)
        #expect(d.maxDifference == 20)
        // MSE over 400 channel values: (400 + 100) / 400; PSNR = 10 log10(255² / 1.25).
        #expect(abs(d.psnr - 10 * log10(65025 / 1.25)) < 1e-9)
        #expect(PixelDifference.compare(a, a, tolerance: 0).psnr == .infinity)
        #expect(PixelDifference.compare(a, b, tolerance: 0).changedPixels == 2)
    }

    @Test func heatMapMarksOnlyChangedPixels() throws {
        var a = try Pixmap(width: 4, height: 1)
        a.fill(RGBA8(0, 0, 0, 255))
        var b = a
        b[1, 0] = RGBA8(255, 255, 255, 255)
        b[2, 0] = RGBA8(20, 0, 0, 255)
        let heat = try PixelDifference.heatMap(a, b, tolerance: 16)
        #expect(heat[1, 0] == RGBA8(255, 0, 0, 255), "255 apart is red")
        #expect(heat[2, 0].r == 255 && heat[2, 0].g > 200 && heat[2, 0].b == 0, "just over the tolerance is yellow")
        #expect(heat[0, 0].r == heat[0, 0].g && heat[0, 0].g == heat[0, 0].b, "unchanged pixels are grey")
    }
}

@Suite struct FrameAlignmentTests {
    @Test func sixtyAgainstThirtyFramesASecond() {
        let a = FrameClock(timing: .fps(60), frameCount: 4), b = FrameClock(timing: .fps(30), frameCount: 2)
        #expect(FrameAlignment.align(a, b).map { [$0.a, $0.b] } == [[0, 0], [1, 0], [2, 1], [3, 1]])
    }

    @Test func centisecondRoundingIsNotAFrame() {
        // A GIF of a 30 fps animation: delays 3, 3, 4 cs, so its frame 1 starts at 30 ms, not 33.
        let lottie = FrameClock(timing: .fps(30), frameCount: 3)
        let gif = FrameClock(frameDurations: [.milliseconds(30), .milliseconds(30), .milliseconds(40)])
        #expect(FrameAlignment.align(lottie, gif).map { [$0.a, $0.b] } == [[0, 0], [1, 1], [2, 2]])
    }

    @Test func mergedFramesAndTheShorterSideHolding() {
        // B holds one image for A's frames 1 and 2 (and, ending early, holds it for frame 3).
        let a = FrameClock(frameDurations: Array(repeating: .milliseconds(100), count: 4))
        let b = FrameClock(frameDurations: [.milliseconds(100), .milliseconds(200)])
        #expect(FrameAlignment.align(a, b).map { [$0.a, $0.b] } == [[0, 0], [1, 1], [2, 1], [3, 1]])
    }
}

@Suite struct DiffTests {
    @Test func anAnimationMatchesItself() throws {
        let input = TestFiles.sample("checkmark.json")
        let report = try DiffJob(a: input, b: input).run(registry: .standard)
        #expect(report.passed)
        #expect(report.frames.count == 30)
        #expect(report.size == PixelSize(100, 100), "the canvas, which fits 256x256 already")
        #expect(report.frames.allSatisfy { $0.difference.changedPixels == 0 && $0.difference.maxDifference == 0 })
    }

    @Test func referenceFramesByNumberAndTheWorstFrameFirst() throws {
        let dir = try Scratch()
        let input = TestFiles.sample("badge.json")
        let t = try AnimatorRegistry.standard.timeline(forPath: input)
        for n in [0, 5, 20] {
            var frame = try t.render(frame: n, size: PixelSize(64, 64))
            if n == 5 {   // a regression: a 10x10 block drawn over frame 5
                for y in 0..<10 { for x in 0..<10 { frame[x, y] = RGBA8(255, 0, 0, 255) } }
            }
            try Data(try PNGCodec.encode(frame)).write(to: URL(fileURLWithPath: dir.file(String(format: "ref-%03d.png", n))))
        }
        var job = DiffJob(a: input, b: dir.file("ref-%03d.png"))
        job.strip = dir.file("strip.png")
        job.html = dir.file("diff.html")
        let report = try job.run(registry: .standard)
        #expect(report.size == PixelSize(64, 64), "the references' size")
        #expect(report.frames.map(\.pair.a) == [0, 5, 20])
        #expect(!report.passed)
        #expect(report.worstFirst.first?.pair.a == 5)
        #expect(report.worstFirst.first?.difference.changedPixels == 100)
        #expect(report.failing.map(\.pair.a) == [5])
        #expect(report.frames.filter { $0.pair.a != 5 }.allSatisfy { $0.difference.maxDifference <= 1 }, "PNG round trip only")
        let strip = try PNGCodec.decode([UInt8](try Data(contentsOf: URL(fileURLWithPath: dir.file("strip.png")))), name: "strip")
        #expect(strip.width >= 3 * 64 && strip.height >= 3 * 64)
        let html = try String(contentsOfFile: dir.file("diff.html"), encoding: .utf8)
        let refs = html.matches(of: /(?:src|href)="([^"]*)"/).map { String($0.output.1) }
        #expect(refs.count == 1 + 3 * 3 && refs.allSatisfy { $0.hasPrefix("data:") }, "an icon and A, B, heat map for 3 frames")
        // Within a looser limit it passes: 100 of 4096 pixels is 2.4%.
        job.limit = .share(0.03)
        job.strip = nil; job.html = nil
        #expect(try job.run(registry: .standard).passed)
        job.limit = .count(99)
        #expect(try !job.run(registry: .standard).passed)
    }

    @Test func referencesWithoutPartnersFail() throws {
        let dir = try Scratch()
        let input = TestFiles.sample("checkmark.json")   // frames 0-29
        let t = try AnimatorRegistry.standard.timeline(forPath: input)
        try Data(try PNGCodec.encode(try t.render(frame: 0, size: PixelSize(32, 32)))).write(to: URL(fileURLWithPath: dir.file("f-0.png")))
        try Data(try PNGCodec.encode(try t.render(frame: 0, size: PixelSize(32, 32)))).write(to: URL(fileURLWithPath: dir.file("f-40.png")))
        let report = try DiffJob(a: input, b: dir.file("f-%d.png")).run(registry: .standard)
        #expect(report.unmatchedB == [40])
        #expect(!report.passed)
    }

    @Test func badPatternsAndMissingFilesAreClearErrors() throws {
        let dir = try Scratch()
        let badge = TestFiles.sample("badge.json")
        let none = try #require(throws: OpenError.self) { try DiffJob(a: badge, b: dir.file("none-%d.png")).run(registry: .standard) }
        #expect(none.file == dir.file("none-%d.png") && none.kind == .notFound && none.location.isEmpty)
        #expect(none.message == "no files match the pattern (looked for none-<number>.png in '\(dir.path)')")
        let usage = try #require(throws: UsageError.self) { try DiffJob(a: badge, b: dir.file("x-%s.png")).run(registry: .standard) }
        #expect(usage.message.hasPrefix("invalid reference pattern '\(dir.file("x-%s.png"))'"))
        let missing = try #require(throws: OpenError.self) { try DiffJob(a: dir.file("nothing.json"), b: badge).run(registry: .standard) }
        #expect(missing.file == dir.file("nothing.json") && missing.kind == .notFound)
    }

    /// Errors about one reference frame name it: the frame number is the location.
    @Test func referenceFrameErrorsNameTheFrame() throws {
        let dir = try Scratch()
        let t = try AnimatorRegistry.standard.timeline(forPath: TestFiles.sample("checkmark.json"))
        let small = try PNGCodec.encode(try t.render(frame: 0, size: PixelSize(32, 32)))
        let large = try PNGCodec.encode(try t.render(frame: 0, size: PixelSize(48, 48)))
        try Data(small).write(to: URL(fileURLWithPath: dir.file("f-0.png")))
        try Data(large).write(to: URL(fileURLWithPath: dir.file("f-7.png")))
        let sized = try #require(throws: OpenError.self) { try ReferenceFrames(pattern: dir.file("f-%d.png"), limits: Limits()) }
        #expect(sized.file == dir.file("f-7.png") && sized.location == SourceLocation(frame: 7))
        #expect(sized.description == "\(dir.file("f-7.png")):frame 7: is 48x48, but the first reference frame is 32x32; reference frames have one size")
        try Data(small).write(to: URL(fileURLWithPath: dir.file("f-7.png")))
        try Data(small).write(to: URL(fileURLWithPath: dir.file("f-007.png")))
        let twice = try #require(throws: OpenError.self) { try ReferenceFrames(pattern: dir.file("f-%d.png"), limits: Limits()) }
        #expect(twice.file == dir.file("f-%d.png") && twice.location == SourceLocation(frame: 7))
        #expect(twice.message == "two files are this frame: '\(dir.file("f-007.png"))' and '\(dir.file("f-7.png"))'")
    }

    @Test func neverWritesOverAnInput() throws {
        let dir = try Scratch()
        let copy = dir.file("badge.json")
        try FileManager.default.copyItem(atPath: TestFiles.sample("badge.json"), toPath: copy)
        let before = try Data(contentsOf: URL(fileURLWithPath: copy))
        var job = DiffJob(a: copy, b: TestFiles.sample("checkmark.json"))
        job.html = copy
        #expect(throws: OutputError.self) { try job.run(registry: .standard) }
        #expect(try Data(contentsOf: URL(fileURLWithPath: copy)) == before)
    }
}
