import Foundation
import Testing
import CYLImageCodecs
import CYLRaster
import CYLTimeline
@testable import CYLFrameSequenceAnimator

/// A scratch directory of PNG frames made with our encoder, removed afterwards.
final class FrameFolder {
    let path: String
    init() throws {
        path = NSTemporaryDirectory() + "cyl-frames-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }
    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// Writes a solid frame whose red channel is `tag`, so tests can tell frames apart.
    func addFrame(_ name: String, width: Int = 4, height: Int = 3, tag: UInt8) throws {
        var p = try Pixmap(width: width, height: height)
        p.fill(RGBA8(tag, 10, 20, 255))
        try Data(try PNGCodec.encode(p)).write(to: URL(fileURLWithPath: "\(path)/\(name)"))
    }

    func write(_ name: String, _ text: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: "\(path)/\(name)"))
    }

    func open(fps: Double? = nil) throws -> FrameTimeline {
        let probe = try ContentProbe.read(path: path)
        #expect(FrameSequenceAnimator().canOpen(probe))
        return try FrameSequenceAnimator().timeline(for: probe, options: OpenOptions(fps: fps))
    }
}

struct FrameSequenceAnimatorTests {
    /// Equal numbers (f2, f002) fall back to byte order so the result is still deterministic.
    @Test func naturalOrderComparesDigitRunsAsNumbers() {
        let names = ["f10.png", "f2.png", "f1.png", "f002.png", "g1.png", "f99999999999999999999999.png", "f20.png"]
        #expect(names.sorted(by: NaturalOrder.less)
                == ["f1.png", "f002.png", "f2.png", "f10.png", "f20.png", "f99999999999999999999999.png", "g1.png"])
    }

    @Test func framesPlayInNaturalOrder() throws {
        let folder = try FrameFolder()
        for i in [10, 2, 1, 0] { try folder.addFrame("f\(i).png", tag: UInt8(i)) }
        let t = try folder.open()
        #expect(t.frameCount == 4)
        #expect(try t.render(frame: 2, size: PixelSize(4, 3))[0, 0].r == 2)
        #expect(try t.render(frame: 3, size: PixelSize(4, 3))[0, 0].r == 10)
        #expect(t.timing == .fps(30), "no manifest and no --fps: 30 fps, with a note")
        #expect(t.diagnostics.contains { $0.message.contains("30 fps") })
    }

    @Test func manifestGivesFpsAndLoop() throws {
        let folder = try FrameFolder()
        for i in 0..<3 { try folder.addFrame("a\(i).png", tag: UInt8(i)) }
        try folder.write("manifest.json", #"{"fps": 12, "loop": true}"#)
        let t = try folder.open()
        #expect(t.timing == .fps(12))
        #expect(t.loop == .forever)
        #expect(try folder.open(fps: 50).timing == .fps(50), "--fps overrides the manifest")
    }

    @Test func manifestDurationsInMilliseconds() throws {
        let folder = try FrameFolder()
        for i in 0..<3 { try folder.addFrame("a\(i).png", tag: UInt8(i)) }
        try folder.write("manifest.json", #"{"durations": [100, 50, 250], "loop": 2}"#)
        let t = try folder.open()
        #expect(t.frameDurations == [.milliseconds(100), .milliseconds(50), .milliseconds(250)])
        #expect(t.loop == .repeats(2))
    }

    @Test(arguments: [
        (#"{"durations": [100, 50]}"#, "durations has 2 entries but the directory has 3 frames"),
        (#"{"fps": -1}"#, "fps"),
        (#"{"speed": 2}"#, "unknown key"),
        (#"{"fps": 10, "durations": [1, 2, 3]}"#, "not both"),
        (#"[1, 2]"#, "must be a JSON object"),
        (#"{"fps": 10,}"#, "manifest.json"),
    ])
    func badManifestIsAnErrorNamingTheProblem(_ json: String, _ expected: String) throws {
        let folder = try FrameFolder()
        for i in 0..<3 { try folder.addFrame("a\(i).png", tag: UInt8(i)) }
        try folder.write("manifest.json", json)
        do {
            _ = try folder.open()
            Issue.record("expected an error for \(json)")
        } catch {
            #expect("\(error)".contains(expected), "\(error)")
        }
    }

    @Test func framesOfDifferentSizesNameTheFirstOddOne() throws {
        let folder = try FrameFolder()
        try folder.addFrame("f1.png", tag: 1)
        try folder.addFrame("f2.png", tag: 2)
        try folder.addFrame("f3.png", width: 5, tag: 3)
        try folder.addFrame("f10.png", width: 6, tag: 4)
        do {
            _ = try folder.open()
            Issue.record("expected an error")
        } catch let e as OpenError {
            #expect(e.file.hasSuffix("/f3.png"))
            #expect(e.description.contains("5x3") && e.description.contains("4x3"))
        }
    }

    @Test func folderWithoutPNGsIsNotClaimed() throws {
        let folder = try FrameFolder()
        try folder.write("notes.txt", "hello")
        #expect(!FrameSequenceAnimator().canOpen(try ContentProbe.read(path: folder.path)))
    }

    @Test func corruptFrameFailsAtRenderNamingTheFile() throws {
        let folder = try FrameFolder()
        try folder.addFrame("f0.png", tag: 0)
        try folder.addFrame("f1.png", tag: 1)
        let good = try Data(contentsOf: URL(fileURLWithPath: "\(folder.path)/f1.png"))
        try good.prefix(40).write(to: URL(fileURLWithPath: "\(folder.path)/f1.png"))  // IHDR intact, IDAT cut
        let t = try folder.open()
        #expect(try t.render(frame: 0, size: PixelSize(4, 3))[0, 0].r == 0)
        do {
            _ = try t.render(frame: 1, size: PixelSize(4, 3))
            Issue.record("expected an error")
        } catch {
            #expect("\(error)".contains("f1.png"), "\(error)")
        }
    }
}
