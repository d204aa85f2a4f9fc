import Foundation
import Testing
import CYLImageCodecs
import CYLPipeline
import CYLRaster

/// `info` and `render` end to end, through the binary.
struct InfoRenderTests {
    func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    func decode(_ path: String) throws -> Pixmap {
        try PNGCodec.decode([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))), name: path)
    }

    @Test func infoOnAGIF() throws {
        let r = try CLI.run(["info", CLI.sample("lint-examples/heart-pop-fps-too-low-and-content-in-margin.gif")])
        #expect(r.status == 0, "\(r.stderr)")
        for line in ["format        GIF", "canvas        64x64", "frames        7", "loop          once",
                     "delays        100 ms, 40 ms x 2, 60 ms x 3, 500 ms", "duration      0.860 s",
                     "note: frame 0: delay of 0 cs plays as 10 cs"] {
            #expect(r.stdout.contains(line), "missing '\(line)' in\n\(r.stdout)")
        }
    }

    @Test func infoJSON() throws {
        let r = try CLI.run(["info", CLI.sample("spinner.gif"), "--json", "--gif-as", "image"])
        #expect(r.status == 0, "\(r.stderr)")
        let o = try json(r.stdout)
        #expect(o["format"] as? String == "GIF")
        #expect(o["frames"] as? Int == 24)
        #expect(o["width"] as? Int == 48 && o["height"] as? Int == 48)
        #expect(o["loop"] as? String == "forever" && o["loop_count"] as? Int == 0)
        #expect(o["playback"] as? String == "loop")
        #expect((o["frame_durations_ms"] as? [Double])?.allSatisfy { $0 == 40 } == true)
        #expect(o["duration_ms"] as? Double == 960)
    }

    @Test func infoOnAFrameFolder() throws {
        let r = try CLI.run(["info", CLI.sample("bounce-frames"), "--json"])
        #expect(r.status == 0, "\(r.stderr)")
        let o = try json(r.stdout)
        #expect(o["format"] as? String == "PNG frames")
        #expect(o["frames"] as? Int == 12 && o["fps"] as? Double == 24)
        #expect(o["loop"] as? String == "forever")
    }

    @Test func renderPatternUsesAnimationFrameNumbers() throws {
        let dir = try ScratchDir()
        let r = try CLI.run(["render", CLI.sample("spinner.gif"), "-o", "\(dir.path)/out/f-%04d.png",
                             "--frames", "3,5-6", "--size", "81x81"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.isEmpty, "no progress when stderr is not a terminal")
        #expect(dir.files("out") == ["f-0003.png", "f-0005.png", "f-0006.png"])
        let image = try decode("\(dir.path)/out/f-0005.png")
        #expect(image.size == PixelSize(81, 81))
    }

    @Test func renderMatchesTheDecodedFrameAtNativeSize() throws {
        // At the canvas size the PNG holds the composited GIF frame exactly: compare with the
        // browser's hash for that frame in the corpus reference.
        let dir = try ScratchDir()
        let corpus = CLI.repo.deletingLastPathComponent().appendingPathComponent("shared/corpus")
        let gif = corpus.appendingPathComponent("gif/pillow__dispose_prev.gif").path
        guard FileManager.default.fileExists(atPath: gif) else {
            if ProcessInfo.processInfo.environment["CYL_ALLOW_MISSING_CORPUS"] != "1" { Issue.record("corpus missing at \(gif)") }
            return
        }
        let r = try CLI.run(["render", gif, "-o", "\(dir.path)/f%d.png", "--quiet"])
        #expect(r.status == 0 && r.stdout.isEmpty, "\(r.stderr)")
        let tsv = try String(contentsOf: corpus.appendingPathComponent("reference/gif/pillow__dispose_prev/frames.tsv"), encoding: .utf8)
        for line in tsv.split(separator: "\n").dropFirst() {
            let f = line.split(separator: "\t")
            let image = try decode("\(dir.path)/f\(f[0]).png")
            #expect(SHA256.hexHash(image.straightRGBA()) == String(f[4]), "frame \(f[0])")
        }
    }

    @Test func renderOneFileWithBackgroundAndJSONSummary() throws {
        let dir = try ScratchDir()
        let r = try CLI.run(["render", CLI.sample("bounce-frames"), "-o", "\(dir.path)/one.png", "--frames", "10",
                             "--width", "80", "--background", "#ff0000", "--json"])
        #expect(r.status == 0, "\(r.stderr)")
        let o = try json(r.stdout)
        #expect(o["width"] as? Int == 80 && o["height"] as? Int == 80)
        let frames = try #require(o["frames"] as? [[String: Any]])
        #expect(frames.count == 1 && frames[0]["index"] as? Int == 10)
        let image = try decode("\(dir.path)/one.png")
        #expect(image[0, 0] == RGBA8(255, 0, 0, 255), "transparent corners become the background")
        #expect((0..<80).allSatisfy { image[$0, 79].a == 255 })
    }
}

/// `info` draws every frame through the source `render` uses (issue 16: a GIF with corrupt LZW
/// data passed `info` and failed only in `render`), or says plainly with `--quick` that it did not.
struct InfoChecksFramesTests {
    static func corruptGIF(_ dir: ScratchDir) throws -> String {
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: CLI.sample("lint-examples/heart-pop-fps-too-low-and-content-in-margin.gif"))))
        for i in stride(from: 900, to: bytes.count - 1, by: 37) { bytes[i] ^= 0xA5 }
        try dir.write("noise.gif", bytes)
        return dir.path + "/noise.gif"
    }

    @Test func corruptLZWIsReportedByInfoAsByRender() throws {
        let dir = try ScratchDir()
        let path = try Self.corruptGIF(dir)
        let render = try CLI.run(["render", path, "-o", dir.path + "/f%d.png", "-q"])
        #expect(render.status == 65 && render.stderr.contains("LZW data is corrupt"), "\(render.stderr)")
        let info = try CLI.run(["info", path])
        #expect(info.status == 65, "\(info.stderr)")
        #expect(info.stderr == render.stderr, "info and render report the same damage")
        #expect(info.stdout.contains("checked       frame 0 cannot be drawn (error below)"), "\(info.stdout)")
        let json = try CLI.run(["info", path, "--json"])
        #expect(json.status == 65 && json.stdout.contains(#""checked":{"frames_drawn":0,"frames":2,"error":"\#(path):frame 0"#), "\(json.stdout)")
    }

    @Test func quickSaysWhatItDidNotCheck() throws {
        let dir = try ScratchDir()
        let r = try CLI.run(["info", try Self.corruptGIF(dir), "--quick"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("checked       header only (--quick): frame data not decoded or drawn"), "\(r.stdout)")
    }

    @Test(arguments: [("spinner.gif", "all 24 frames decoded and drawn"), ("checkmark.json", "all 30 frames drawn"),
                      ("bounce-frames", "decoded and drawn")])
    func soundInputsSayEveryFrameWasChecked(_ sample: String, _ text: String) throws {
        let r = try CLI.run(["info", CLI.sample(sample)])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("checked       " + text) || r.stdout.contains(text), "\(r.stdout)")
    }

    /// A frame folder whose third PNG is damaged after its header: the header-only scan passed it.
    @Test func damagedPNGFrameIsReportedByInfo() throws {
        let dir = try ScratchDir()
        try FileManager.default.createDirectory(atPath: dir.path + "/frames", withIntermediateDirectories: true)
        for i in 0..<3 {
            var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: CLI.sample("bounce-frames/f\(i).png"))))
            if i == 2 { for j in stride(from: 60, to: bytes.count - 20, by: 7) { bytes[j] ^= 0x5A } }
            try dir.write("frames/f\(i).png", bytes)
        }
        let r = try CLI.run(["info", dir.path + "/frames"])
        #expect(r.status == 65, "\(r.stdout) \(r.stderr)")
        #expect(r.stderr.contains("f2.png"), "\(r.stderr)")
        #expect(r.stdout.contains("frame 2 cannot be drawn (error below); the frames before it can"), "\(r.stdout)")
    }
}
