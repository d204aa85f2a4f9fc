import Foundation
import Testing

/// Malformed input: one line naming the file, non-zero exit, no crash, nothing partial written,
/// existing outputs untouched.
struct BadInputTests {
    /// Address-space cap for runs on bad input. The tool's baseline (shared libraries, Swift
    /// runtime) maps about 70 MB; 160 MB leaves room for a few tens of MB of real work and fails any
    /// attempt to allocate for a huge declared size.
    static let memoryCap = 160_000_000

    @Test(arguments: [
        ("empty.gif", [UInt8](), "an empty file"),
        ("html.gif", Array("<html><body>".utf8), "not a recognised animation"),
        ("header-only.gif", Array("GIF89a".utf8), "header-only.gif"),
        ("truncated-screen.gif", Array("GIF89a".utf8) + [10, 0], "truncated-screen.gif"),
        ("zero.gif", Array("GIF89a".utf8) + [0, 0, 0, 0, 0, 0, 0, 0x3b], "zero.gif"),
        ("huge.gif", Array("GIF89a".utf8) + [0xff, 0xff, 0xff, 0xff, 0, 0, 0, 0x3b], "huge.gif"),
    ])
    func badGIFExitsWithDataError(_ name: String, _ bytes: [UInt8], _ expected: String) throws {
        let dir = try ScratchDir()
        try dir.write(name, bytes)
        for args in [["info", "\(dir.path)/\(name)"], ["render", "\(dir.path)/\(name)", "-o", "\(dir.path)/f%d.png"]] {
            let r = try CLI.run(args, addressSpaceLimit: Self.memoryCap)
            #expect(r.status == 65, "\(args[0]) \(name): \(r.stderr)")
            #expect(r.stderr.hasPrefix("cylanim: error: "), "\(r.stderr)")
            #expect(r.stderr.contains(expected), "\(r.stderr)")
            #expect(r.stderr.split(separator: "\n").count == 1, "one line: \(r.stderr)")
        }
        #expect(dir.files() == [name], "no output and no temporary file left")
    }

    /// Real GIFs cut short at several points: the tool either shows the frames a browser would
    /// (exit 0) or reports the damage in one line (exit 65); it never crashes.
    @Test(arguments: [0.1, 0.35, 0.5, 0.8, 0.97])
    func truncatedGIFNeverCrashes(_ fraction: Double) throws {
        let dir = try ScratchDir()
        let whole = try Data(contentsOf: URL(fileURLWithPath: CLI.sample("spinner.gif")))
        try dir.write("cut.gif", [UInt8](whole.prefix(Int(Double(whole.count) * fraction))))
        let r = try CLI.run(["render", "\(dir.path)/cut.gif", "-o", "\(dir.path)/f%d.png", "--quiet"],
                            addressSpaceLimit: Self.memoryCap)
        #expect(r.status == 0 || r.status == 65, "\(r.stderr)")
        if r.status == 65 {
            #expect(r.stderr.hasPrefix("cylanim: error: \(dir.path)/cut.gif"), "\(r.stderr)")
            #expect(dir.files() == ["cut.gif"])
        }
    }

    @Test func corruptLZWNeverCrashes() throws {
        let dir = try ScratchDir()
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: CLI.sample("lint-examples/heart-pop-fps-too-low-and-content-in-margin.gif"))))
        // Flip bits throughout the image data (deterministically, so a failure reproduces).
        for i in stride(from: 900, to: bytes.count - 1, by: 37) { bytes[i] ^= 0xA5 }
        try dir.write("noise.gif", bytes)
        let r = try CLI.run(["render", "\(dir.path)/noise.gif", "-o", "\(dir.path)/f%d.png", "--quiet"],
                            addressSpaceLimit: Self.memoryCap)
        #expect(r.status == 0 || r.status == 65, "\(r.stderr)")
    }

    @Test func missingInputExits66() throws {
        let r = try CLI.run(["info", "/nonexistent/icon.gif"])
        #expect(r.status == 66)
        #expect(r.stderr == "cylanim: error: /nonexistent/icon.gif: no such file or directory\n")
    }

    @Test func failureHalfwayLeavesNoPartialOutputAndKeepsOldFiles() throws {
        // A folder whose frame 7 is cut short: frames 0-6 render, frame 7 fails. Nothing new may
        // appear, and an old file at a target path must keep its content.
        let dir = try ScratchDir()
        let frames = dir.path + "/frames"
        try FileManager.default.copyItem(atPath: CLI.sample("bounce-frames"), toPath: frames)
        let f7 = URL(fileURLWithPath: frames + "/f7.png")
        try Data(try Data(contentsOf: f7).prefix(45)).write(to: f7)
        try FileManager.default.createDirectory(atPath: dir.path + "/out", withIntermediateDirectories: true)
        try dir.write("out/b-2.png", Array("old".utf8))
        let r = try CLI.run(["render", frames, "-o", "\(dir.path)/out/b-%d.png"])
        #expect(r.status == 65, "\(r.stderr)")
        #expect(r.stderr.contains("f7.png"), "\(r.stderr)")
        #expect(dir.files("out") == ["b-2.png"], "no new file, no temporary file")
        #expect(try String(contentsOfFile: dir.path + "/out/b-2.png", encoding: .utf8) == "old")
    }

    @Test func unwritableOutputExits73() throws {
        let dir = try ScratchDir()
        try dir.write("file", [1])
        let r = try CLI.run(["render", CLI.sample("spinner.gif"), "-o", "\(dir.path)/file/f%d.png"])
        #expect(r.status == 73, "\(r.stderr)")
        #expect(r.stderr.contains("is not a directory"), "\(r.stderr)")
    }

    @Test func limitsNameTheFlagThatRaisesThem() throws {
        let r = try CLI.run(["info", CLI.sample("spinner.gif"), "--max-pixels", "1000"])
        #expect(r.status == 65, "\(r.stderr)")
        #expect(r.stderr.contains("spinner.gif") && r.stderr.contains("--max-pixels"), "\(r.stderr)")
        let frames = try CLI.run(["info", CLI.sample("spinner.gif"), "--max-frames", "5"])
        #expect(frames.status == 65 && frames.stderr.contains("--max-frames"), "\(frames.stderr)")
        let big = try CLI.run(["info", CLI.sample("spinner.gif"), "--max-file-bytes", "100"])
        #expect(big.status == 65)
        #expect(big.stderr.contains("--max-file-bytes"), "\(big.stderr)")
    }
}

/// Ctrl-C in the middle of a long render: render stages every frame before renaming any, so an
/// interrupted run must leave neither finished frames nor temporary files.
struct InterruptTests {
    @Test func sigintMidRenderLeavesNothing() throws {
        let dir = try ScratchDir()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CLI.binary)
        // Big frames at the slowest compression: several seconds of work, so the signal lands
        // while some frames are staged and others are not rendered yet.
        process.arguments = ["render", CLI.sample("badge.json"), "-o", "\(dir.path)/out/f-%03d.png",
                             "--size", "1536x1536", "--compression", "9", "--quiet"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Wait until at least one frame is staged (a hidden temporary file), then interrupt.
        let deadline = ContinuousClock.now + .seconds(60)
        while dir.files("out").isEmpty && process.isRunning && ContinuousClock.now < deadline {
            usleep(20_000)
        }
        #expect(process.isRunning, "the render finished before it could be interrupted; make it longer")
        #expect(dir.files("out").allSatisfy { $0.hasPrefix(".") }, "only staged temporaries exist mid-run")
        process.interrupt()
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGINT)
        #expect(dir.files("out").isEmpty, "left behind: \(dir.files("out"))")
    }
}

/// The JSON document size is bounded separately from the file size, and its memory by the number
/// of values (about 70 bytes each at most), each with a flag to raise it.
struct JSONSizeLimitTests {
    /// 16 MiB of `{}`: json-c took about 800 bytes per empty object (4.6 GB here); the reader stops
    /// at the value limit inside a 300 MB address space, naming the flag.
    @Test func manyValuesStopAtTheValueLimitWithinBoundedMemory() throws {
        let dir = try ScratchDir()
        try dir.write("objects.json", Array(("[" + String(repeating: "{},", count: (16 << 20) / 3) + "{}]").utf8))
        let r = try CLI.run(["info", dir.path + "/objects.json"], addressSpaceLimit: 300_000_000)
        #expect(r.status == 65, "\(r.stderr)")
        #expect(r.stderr.contains("objects.json:1:") && r.stderr.contains("more than 2000000 values (raise it with --max-json-values)"), "\(r.stderr)")
        let small = try CLI.run(["info", CLI.sample("checkmark.json"), "--max-json-values", "100"])
        #expect(small.status == 65 && small.stderr.contains("more than 100 values (raise it with --max-json-values)"), "\(small.stderr)")
    }

    @Test func lottieOverTheJSONSizeLimitNamesTheFlag() throws {
        let small = try CLI.run(["info", CLI.sample("checkmark.json"), "--max-json-bytes", "1000"])
        #expect(small.status == 65, "\(small.stderr)")
        #expect(small.stderr.contains("checkmark.json") && small.stderr.contains("more than the limit of 1000 (raise it with --max-json-bytes)"),
                "\(small.stderr)")
        #expect(try CLI.run(["info", CLI.sample("checkmark.json"), "--max-json-bytes", "1000000"]).status == 0)
    }
}
