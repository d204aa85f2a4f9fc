import Foundation
import Testing

/// `cylanim bench`: the report's shape and counts. Timings are only checked for consistency
/// (positive, p90 ≥ median), never against a wall-clock bound.
struct BenchCommandTests {
    @Test(arguments: [("badge.json", "Lottie"), ("spinner.gif", "GIF"), ("bounce-frames", "PNG frames")])
    func jsonReportCountsEverySample(_ sample: String, _ format: String) throws {
        let r = try CLI.run(["bench", CLI.sample(sample), "--passes", "3", "--size", "64", "--frames", "0-2", "--json"])
        #expect(r.status == 0, "\(r.stderr)")
        let o = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        #expect(o["format"] as? String == format)
        #expect(o["frames"] as? Int == 3 && o["passes"] as? Int == 3)
        #expect(o["width"] as? Int == 64 && o["height"] as? Int == 64)
        #expect(o["build"] as? String == "debug" || o["build"] as? String == "release")
        for (key, samples) in [("open", 3), ("render_per_frame", 9), ("encode_png_per_frame", 3)] {
            let s = try #require(o[key] as? [String: Any], "\(key)")
            #expect(s["samples"] as? Int == samples, "\(key)")
            let median = try #require(s["median_ms"] as? Double), p90 = try #require(s["p90_ms"] as? Double)
            #expect(median >= 0 && p90 >= median, "\(key): \(median) \(p90)")
        }
        #expect((o["png_bytes_per_frame"] as? Int ?? 0) > 0)
        // A JSON document's bytes are also timed through the JSON reader alone, once a pass.
        if format == "Lottie" {
            let parse = try #require(o["json_parse"] as? [String: Any])
            #expect(parse["samples"] as? Int == 3)
            #expect((o["open_over_json_parse"] as? Double ?? 0) > 0)
        } else {
            #expect(o["json_parse"] == nil && o["open_over_json_parse"] == nil)
        }
    }

    /// `--threads 2`: the parallel pass is reported with its thread count and a speedup measured
    /// in the same run; the frame-cache replay draws nothing, so it is no slower than drawing.
    @Test func threadsAndReplayAreReported() throws {
        let r = try CLI.run(["bench", CLI.sample("checkmark.json"), "--passes", "2", "--size", "48", "--threads", "2", "--json"])
        #expect(r.status == 0, "\(r.stderr)")
        let o = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        let p = try #require(o["parallel"] as? [String: Any])
        #expect(p["threads"] as? Int == 2)
        #expect((p["speedup"] as? Double ?? 0) > 0)
        let perFrame = try #require(p["render_per_frame"] as? [String: Any])
        #expect(perFrame["samples"] as? Int == 2, "one sample per pass")
        for key in ["first_play_per_frame", "replay_per_frame"] {
            let s = try #require(o[key] as? [String: Any], "\(key)")
            #expect(s["samples"] as? Int == 30, "\(key)")
        }
        // Without --threads there is no parallel pass.
        let one = try CLI.run(["bench", CLI.sample("checkmark.json"), "--passes", "1", "--size", "16", "--json"])
        let o1 = try #require(try JSONSerialization.jsonObject(with: Data(one.stdout.utf8)) as? [String: Any])
        #expect(o1["parallel"] == nil)
    }

    @Test(arguments: ["bench", "render", "convert", "preview"], ["0", "257", "two"])
    func badThreadCountsAreUsageErrors(_ command: String, _ value: String) throws {
        var args = [command, CLI.sample(command == "preview" ? "tabbar/tabbar.json" : "checkmark.json"), "--threads", value]
        if command == "render" { args += ["-o", "/tmp/never-%d.png"] }
        if command == "convert" || command == "preview" { args += ["-o", "/tmp/never.gif"] }
        let r = try CLI.run(args)
        #expect(r.status == 64 && r.stderr.contains("'--threads'"), "\(command) \(value): \(r.stderr)")
    }

    @Test func textReport() throws {
        let r = try CLI.run(["bench", CLI.sample("checkmark.json"), "--passes", "1", "--size", "32x48"])
        #expect(r.status == 0, "\(r.stderr)")
        for line in ["open", "JSON parse", "render", "encode PNG", "per frame at 32x48 (30 frames)"] {
            #expect(r.stdout.contains(line), "missing \(line): \(r.stdout)")
        }
    }

    @Test(arguments: [(["--passes", "0"], "--passes"), (["--size", "0"], "invalid size"), (["--frames", "99"], "out of range")])
    func badOptionsAreUsageErrors(_ extra: [String], _ message: String) throws {
        let r = try CLI.run(["bench", CLI.sample("spinner.gif")] + extra)
        #expect(r.status == 64 && r.stderr.contains(message), "\(r.stderr)")
    }
}
