import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Inputs and options found by tools/dev/fuzz-cli.sh that crashed the tool or exited 0 on
/// garbage. Each must now fail (or succeed) cleanly: one line, the right exit code, no files left.
struct FuzzRegressionCLITests {
    static let memoryCap = BadInputTests.memoryCap

    static func expectOneLineError(_ r: CLI.Result, status: Int32, contains: String, _ what: String) {
        #expect(r.status == status, "\(what): \(r.stderr)")
        #expect(!r.stderr.contains("Fatal error"), "\(what): \(r.stderr)")
        #expect(r.stderr.contains(contains), "\(what): \(r.stderr)")
        if status != 64 {
            #expect(r.stderr.hasPrefix("cylanim: error: "), "\(what): \(r.stderr)")
            #expect(r.stderr.split(separator: "\n").count == 1, "\(what): one line: \(r.stderr)")
        }
    }

    /// A frame folder with two tiny frames and the given manifest.
    static func folder(_ dir: ScratchDir, manifest: String?) throws -> String {
        let frames = "\(dir.path)/frames"
        try FileManager.default.createDirectory(atPath: frames, withIntermediateDirectories: true)
        for name in ["f0.png", "f1.png"] {
            try FileManager.default.copyItem(atPath: CLI.sample("bounce-frames/\(name)"), toPath: "\(frames)/\(name)")
        }
        if let manifest { try dir.write("frames/manifest.json", Array(manifest.utf8)) }
        return frames
    }

    /// A star of 2^63 points painted by 60 fills: each fill copied the star's path, and one frame
    /// asked for 5.7 GB (FuzzLottie, out of memory). The star is now capped to the one-path limit
    /// and a frame's paths together to eight times it: a clear error in bounded memory.
    @Test func hugeStarUnderManyFillsIsAFrameLimitError() throws {
        let dir = try ScratchDir()
        let input = FuzzRegressionFileTests.folder + "/lottie-huge-star-under-sixty-fills.json"
        // The frame budget itself is 128 MB of points (8 x 1,000,000 x 16 bytes); the run peaks
        // near 200 MB RSS, so it gets the 600 MB the fuzz-file replays get, not the 160 MB cap.
        let r = try CLI.run(["render", input, "-o", dir.path + "/f%d.png", "--frames", "0", "--size", "32", "-q"],
                            addressSpaceLimit: 600_000_000)
        Self.expectOneLineError(r, status: 65, contains: "paths hold more than 8000000 points", "huge star")
        #expect(r.stderr.contains("--max-path-points"))
        #expect(dir.files().isEmpty)
    }

    /// `"fps": 1e-300` made each frame 1e300 s and crashed converting to `Duration` (SIGILL).
    @Test(arguments: ["{\"fps\": 1e-300}", "{\"fps\": 1e-20}", "{\"fps\": 0.0001}"])
    func manifestWithAbsurdlySlowFrameRate(_ manifest: String) throws {
        let dir = try ScratchDir()
        let frames = try Self.folder(dir, manifest: manifest)
        let r = try CLI.run(["info", frames], addressSpaceLimit: Self.memoryCap)
        Self.expectOneLineError(r, status: 65, contains: "manifest.json: fps (byte 8)", "manifest \(manifest)")
    }

    /// `--fps 1e-20` on a frame folder crashed the same way; now a usage error (64).
    @Test(arguments: [["info"], ["convert", "-o", "OUT/a.gif"], ["render", "-o", "OUT/f%d.png"]])
    func absurdlySlowFPSOptionIsAUsageError(_ command: [String]) throws {
        let dir = try ScratchDir()
        let frames = try Self.folder(dir, manifest: nil)
        let args = [command[0], frames] + command.dropFirst().map { $0.replacingOccurrences(of: "OUT", with: dir.path) } + ["--fps", "1e-20"]
        let r = try CLI.run(args, addressSpaceLimit: Self.memoryCap)
        Self.expectOneLineError(r, status: 64, contains: "--fps", args.joined(separator: " "))
        #expect(dir.files() == ["frames"])
    }

    /// `--fps 1000 --speed 1e-12` asked FramePlan for 1e15 frames (allocation crash); `--speed 1e-12`
    /// on a Lottie with `fr` 1e-9 overflowed `Duration` (SIGILL). Both are usage errors now.
    @Test func absurdSpeedIsBounded() throws {
        let dir = try ScratchDir()
        var r = try CLI.run(["convert", CLI.sample("checkmark.json"), "-o", "\(dir.path)/a.gif", "--fps", "1000", "--speed", "1e-12"],
                            addressSpaceLimit: Self.memoryCap)
        Self.expectOneLineError(r, status: 64, contains: "--max-frames", "fps 1000 speed 1e-12")
        let slow = try String(contentsOfFile: CLI.sample("checkmark.json"), encoding: .utf8)
            .replacingOccurrences(of: "\"fr\": 30", with: "\"fr\": 0.001")
        try dir.write("slow.json", Array(slow.utf8))
        r = try CLI.run(["convert", "\(dir.path)/slow.json", "-o", "\(dir.path)/a.gif", "--speed", "1e-12"], addressSpaceLimit: Self.memoryCap)
        Self.expectOneLineError(r, status: 64, contains: "would last", "fr 0.001 speed 1e-12")
        #expect(dir.files() == ["slow.json"])
    }

    /// A Lottie marker at frame 1e300 crashed `info` printing it (Double to Int).
    @Test func infoPrintsHugeMarkerTimes() throws {
        let dir = try ScratchDir()
        let text = try String(contentsOfFile: CLI.sample("checkmark.json"), encoding: .utf8)
            .replacingOccurrences(of: "{ \"tm\": 0, \"cm\": \"draw\", \"dr\": 20 }", with: "{ \"tm\": 1e300, \"cm\": \"far\", \"dr\": -1e300 }")
        #expect(text.contains("1e300"))
        try dir.write("m.json", Array(text.utf8))
        let r = try CLI.run(["info", "\(dir.path)/m.json"], addressSpaceLimit: Self.memoryCap)
        #expect(r.status == 0 || r.status == 65, "\(r.stderr)")
        #expect(!r.stderr.contains("Fatal error"), "\(r.stderr)")
    }

    /// A frame whose IHDR has an invalid bit depth: `info` (which reads headers only) exited 0.
    @Test func infoRejectsInvalidPNGHeaderInFolder() throws {
        let dir = try ScratchDir()
        let frames = try Self.folder(dir, manifest: nil)
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: "\(frames)/f1.png")))
        bytes[24] = 7   // bit depth 7
        let crc = crc32(bytes[12..<29])
        bytes.replaceSubrange(29..<33, with: [UInt8(crc >> 24), UInt8(crc >> 16 & 0xFF), UInt8(crc >> 8 & 0xFF), UInt8(crc & 0xFF)])
        try dir.write("frames/f1.png", bytes)
        let r = try CLI.run(["info", frames], addressSpaceLimit: Self.memoryCap)
        Self.expectOneLineError(r, status: 65, contains: "f1.png", "bad depth")
        #expect(r.stderr.contains("bit depth 7"), "\(r.stderr)")
    }

    /// `-o /dev/full --format gif` as root renamed the staged file over the device node, turning
    /// /dev/full into a regular file and exiting 0. Outputs that are existing character devices
    /// or FIFOs are now written through; a FIFO here stands in for /dev/stdout, /dev/full etc.
    @Test func outputToAFIFOIsWrittenThroughNotReplaced() throws {
        let dir = try ScratchDir()
        let fifo = "\(dir.path)/pipe.gif", copy = "\(dir.path)/copy.gif"
        #expect(mkfifo(fifo, 0o600) == 0)
        let reader = Process()
        reader.executableURL = URL(fileURLWithPath: "/bin/sh")
        reader.arguments = ["-c", "exec cat \"$0\" > \"$1\"", fifo, copy]
        try reader.run()
        let r = try CLI.run(["convert", CLI.sample("checkmark.json"), "-o", fifo, "--format", "gif", "--quiet"],
                            addressSpaceLimit: Self.memoryCap)
        if reader.isRunning {
            // The tool never opened the FIFO: unblock cat so the test can finish.
            let fd = open(fifo, O_WRONLY | O_NONBLOCK)
            if fd >= 0 { close(fd) }
            usleep(200_000)
            if reader.isRunning { reader.terminate() }   // the FIFO was replaced: cat waits forever
        }
        reader.waitUntilExit()
        #expect(r.status == 0, "\(r.stderr)")
        var st = stat()
        #expect(lstat(fifo, &st) == 0 && (st.st_mode & S_IFMT) == S_IFIFO, "the FIFO must still be a FIFO")
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: copy)))
        #expect(bytes.starts(with: Array("GIF89a".utf8)), "the GIF went through the FIFO")
        #expect(dir.files() == ["copy.gif", "pipe.gif"], "no temporary file left")
    }

    /// An hour-long frame (a legal manifest duration) was silently cut to 655.35 s in a GIF while
    /// the summary claimed the full hour; now a warning says so and the summary is what was written.
    @Test func overlongGIFDelayIsAWarning() throws {
        let dir = try ScratchDir()
        let frames = try Self.folder(dir, manifest: "{\"durations\": [3600000, 100]}")
        let r = try CLI.run(["convert", frames, "-o", "\(dir.path)/a.gif"], addressSpaceLimit: Self.memoryCap)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("cylanim: warning: 1 frame longer than 655.35 s"), "\(r.stderr)")
        #expect(r.stdout.contains("655.450 s"), "\(r.stdout)")
    }

    /// A WebP frame lasts at most 0xFFFFFF ms (about 4.6 hours): a longer one is shown for that
    /// long, with a warning, and the summary gives what was written.
    @Test func overlongWebPFrameIsAWarning() throws {
        let dir = try ScratchDir()
        // The longest manifest frame, an hour, played at a fifth of the speed: 5 hours, then 0.5 s.
        let frames = try Self.folder(dir, manifest: "{\"durations\": [3600000, 100]}")
        let r = try CLI.run(["convert", frames, "-o", "\(dir.path)/a.webp", "--speed", "0.2"], addressSpaceLimit: Self.memoryCap)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("cylanim: warning: 1 frame longer than 16777.215 s"), "\(r.stderr)")
        #expect(r.stdout.contains("16777.715 s"), "\(r.stdout)")
    }

    /// Bitwise CRC-32 (PNG chunk CRCs), to re-sign a patched header.
    func crc32(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        var c: UInt32 = 0xFFFF_FFFF
        for b in bytes {
            c ^= UInt32(b)
            for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        }
        return c ^ 0xFFFF_FFFF
    }

    /// FuzzFrameManifest: a manifest key holding a newline (`"durtT\natiInt"`, written escaped in
    /// the JSON) was quoted raw in the error, which then spanned two lines. File text in errors,
    /// warnings and info output now has its control characters escaped.
    @Test func keyWithANewlineStaysOnOneLine() throws {
        let dir = try ScratchDir()
        let frames = try Self.folder(dir, manifest: #"{"durtT\natiInt": [100, 65535250]}"#)
        let r = try CLI.run(["info", frames])
        Self.expectOneLineError(r, status: 65, contains: #"manifest.json: durtT\natiInt (byte 18): unknown key"#, "newline key")
    }

    /// A PAG root composition at 1e-30 frames a second: the timeline's length overflowed its
    /// Duration and the tool trapped (FuzzPAG). Now the composition's byte is named.
    @Test func pagFrameRateOfAFrameInAnAgeIsAnError() throws {
        let input = FuzzRegressionFileTests.folder + "/pag-frame-rate-1e-30.pag"
        for args in [["info", input], ["render", input, "-o", "/nonexistent-dir/%d.png", "--size", "24x24"]] {
            let r = try CLI.run(args, addressSpaceLimit: Self.memoryCap)
            Self.expectOneLineError(r, status: 65, contains: "pag-frame-rate-1e-30.pag:byte 9: the root composition's frame rate 1.0000000", args[0])
        }
    }
}
