import Foundation
import Testing

/// `cylanim bench --player`: the sample five-tab bar played through the scripted run. The report's
/// counts follow from the options; timings are only checked for consistency (p50 ≤ p99 ≤ max, CPU
/// per second is CPU over seconds), never against a wall-clock bound.
struct PlayerBenchCommandTests {
    static func report(_ extra: [String]) throws -> [String: Any] {
        let r = try CLI.run(["bench", "--player", CLI.sample("tabbar/tabbar.json"), "--json"] + extra)
        #expect(r.status == 0, "\(r.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
    }

    @Test func jsonReportIsConsistent() throws {
        let o = try Self.report(["--seconds", "2"])
        #expect(o["mode"] as? String == "player")
        #expect(o["build"] as? String == "debug" || o["build"] as? String == "release")
        #expect(o["seconds"] as? Double == 2 && o["fps"] as? Int == 60)
        #expect(o["frames"] as? Int == 2 * 60)
        // Five 75 pt cells of a bar with 30 pt icons and titles (30 + 19 pt tall), at the default 2x.
        #expect(o["scale"] as? Int == 2)
        #expect(o["width"] as? Int == 5 * 75 * 2 && o["height"] as? Int == (30 + 19) * 2)
        // Taps at 0.6 s and 1.8 s fall inside 2 s; each starts an animated tab (badge, the GIF).
        #expect(o["inputs"] as? Int == 2)
        #expect((o["events"] as? Int ?? 0) >= 2)
        let frame = try #require(o["frame_ms"] as? [String: Any])
        let p50 = try #require(frame["p50"] as? Double), p99 = try #require(frame["p99"] as? Double)
        let max = try #require(frame["max"] as? Double)
        #expect(p50 >= 0 && p50 <= p99 && p99 <= max, "\(p50) \(p99) \(max)")
        let cpu = try #require(o["cpu_seconds"] as? Double), perSecond = try #require(o["cpu_per_second"] as? Double)
        #expect(cpu >= 0 && (o["wall_seconds"] as? Double ?? -1) >= 0)
        // Both are rounded (3 and 4 places): a second of CPU over 2 s is half a core.
        #expect(abs(perSecond - cpu / 2) <= 0.001, "\(perSecond) vs \(cpu) / 2")
        let animating = try #require(o["animating_frames"] as? Int)
        #expect(animating >= 0 && animating <= 120)
        #expect(abs((o["animating_fraction"] as? Double ?? -1) - Double(animating) / 120) <= 0.0001)
        // The GIF tab loops from the start at 25 frames a second: at 60 Hz some frames repeat the one before.
        let unchanged = try #require(o["unchanged_frames"] as? Int)
        #expect(unchanged > 0 && unchanged < 120)
    }

    /// `--scale 1 --seconds 0.5`: half the pixels each way, 30 frames, no input yet (the first tap is at 0.6 s).
    @Test func scaleAndSecondsAreHonoured() throws {
        let o = try Self.report(["--scale", "1", "--seconds", "0.5"])
        #expect(o["frames"] as? Int == 30)
        #expect(o["width"] as? Int == 375 && o["height"] as? Int == 49)
        #expect(o["inputs"] as? Int == 0)
    }

    @Test func textReport() throws {
        let r = try CLI.run(["bench", "--player", CLI.sample("tabbar/tabbar.json"), "--seconds", "1"])
        #expect(r.status == 0, "\(r.stderr)")
        for text in ["5 tabs, 750x98 at 2x", "60 frames at 60 Hz", "p50 ", "p99 ", "per second of playback", "had a tab moving"] {
            #expect(r.stdout.contains(text), "missing \(text): \(r.stdout)")
        }
    }

    @Test(arguments: [
        (["--player", "TABBAR", "--size", "64"], "--size"),
        (["--player", "TABBAR", "--seconds", "0"], "'--seconds'"),
        (["--player", "TABBAR", "--scale", "5"], "'--scale'"),
        (["--player", "TABBAR", "EXTRA"], "Unexpected argument"),
        (["CHECKMARK", "--seconds", "2"], "--seconds applies to --player only"),
    ])
    func misuseIsAUsageError(_ args: [String], _ message: String) throws {
        let resolved = args.map { $0 == "TABBAR" ? CLI.sample("tabbar/tabbar.json") : $0 == "CHECKMARK" ? CLI.sample("checkmark.json") : $0 }
        let r = try CLI.run(["bench"] + resolved)
        #expect(r.status == 64 && r.stderr.contains(message), "\(args): \(r.stderr)")
    }
}
