import Foundation
import Testing

/// `--max-work` (output pixels x frames per command): a job that would run for hours stops before
/// its first frame with a usage error naming the flag, and leaves no file.
struct WorkLimitTests {
    /// 100 000 frames at 2048x2048 (4.2e11 pixels, the largest default size) under the default limit (2^32).
    @Test(arguments: ["render", "convert"])
    func hugeJobStopsAtOnce(_ command: String) throws {
        let dir = try ScratchDir()
        let text = try String(contentsOfFile: CLI.sample("checkmark.json"), encoding: .utf8)
        try dir.write("long.json", Array(text.replacingOccurrences(of: "\"op\": 30, \"w\"", with: "\"op\": 100000, \"w\"").utf8))
        let out = command == "render" ? dir.path + "/f/%d.png" : dir.path + "/long.gif"
        let r = try CLI.run([command, dir.path + "/long.json", "-o", out, "--size", "2048x2048"], addressSpaceLimit: BadInputTests.memoryCap)
        #expect(r.status == 64, "\(r.stderr)")
        #expect(r.stderr.contains("100000 \(command == "render" ? "frames" : "output frames") at 2048x2048 is 419430400000 pixels to render, more than the limit of 4294967296 (raise it with --max-work)"),
                "\(r.stderr)")
        #expect(dir.files() == ["long.json"])
    }

    /// The limit is exact: 30 frames at 81x81 is 196 830 pixels.
    @Test func limitIsExact() throws {
        let dir = try ScratchDir()
        let args = ["render", CLI.sample("checkmark.json"), "-o", dir.path + "/%02d.png", "--size", "81x81", "--max-work"]
        let over = try CLI.run(args + ["196829"])
        #expect(over.status == 64 && over.stderr.contains("--max-work"), "\(over.stderr)")
        #expect(dir.files().isEmpty)
        let ok = try CLI.run(args + ["196830", "-q"])
        #expect(ok.status == 0, "\(ok.stderr)")
        #expect(dir.files().count == 30)
    }

    @Test func previewAndBenchCountTheirWork() throws {
        let dir = try ScratchDir()
        let preview = try CLI.run(["preview", CLI.sample("tabbar/tabbar.json"), "-o", dir.path + "/p.gif", "--script", "wait 2s", "--max-work", "1000"])
        #expect(preview.status == 64 && preview.stderr.contains("(raise it with --max-work)"), "\(preview.stderr)")
        let bench = try CLI.run(["bench", CLI.sample("checkmark.json"), "--size", "2048", "--passes", "1000"])
        #expect(bench.status == 64 && bench.stderr.contains("30000 renders at 2048x2048"), "\(bench.stderr)")
        #expect(dir.files().isEmpty)
    }

    /// `--max-output-bytes`: an encoded file that grows past the limit stops the job, names the
    /// flag and leaves nothing behind, for each format built in memory.
    @Test(arguments: ["gif", "png", "webp"])
    func outputGrowingPastTheLimitStops(_ ext: String) throws {
        let dir = try ScratchDir()
        let args = ["convert", CLI.sample("checkmark.json"), "-o", dir.path + "/out." + ext, "--size", "81x81"]
        let over = try CLI.run(args + ["--max-output-bytes", "200"])
        #expect(over.status == 64, "\(over.stderr)")
        #expect(over.stderr.contains("the output is over 200 bytes after") && over.stderr.contains("--max-output-bytes"), "\(over.stderr)")
        #expect(dir.files().isEmpty)
        let ok = try CLI.run(args + ["--max-output-bytes", "10000000", "-q"])
        #expect(ok.status == 0, "\(ok.stderr)")
        #expect(dir.files() == ["out." + ext])
        // The limit is checked as the file grows, not once it is all in memory: at half the
        // file's size the job stops before the last of checkmark.json's 21 frames.
        let size = try #require(FileManager.default.attributesOfItem(atPath: dir.path + "/out." + ext)[.size] as? Int)
        let half = try CLI.run(Array(args.prefix(3)) + [dir.path + "/half." + ext, "--size", "81x81", "--max-output-bytes", "\(size / 2)"])
        let frame = half.stderr.split(separator: " ").drop { $0 != "after" }.dropFirst().first.flatMap { Int($0) }
        #expect(half.status == 64 && frame != nil && frame! >= 1 && frame! < 21, "\(half.stderr)")
    }
}
