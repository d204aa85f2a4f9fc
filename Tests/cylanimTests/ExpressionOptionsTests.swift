import CYLScript
import CYLTabBarItemAnimation
import Foundation
import Testing

/// `--max-expression-steps`, `--max-expression-memory` and the time limits reach the expression engine: the same
/// file's expression runs within the defaults and is stopped (keyframes kept, a warning naming the
/// property) when a flag lowers the budget.
struct ExpressionOptionsTests {
    /// A one-layer animation whose rotation (keyframe value 5) carries expression `x`.
    func file(_ x: String) throws -> (ScratchDir, String) {
        let quoted = String(decoding: try JSONEncoder().encode(x), as: UTF8.self)
        let json = """
        {"v":"5.7.0","fr":30,"ip":0,"op":30,"w":64,"h":64,"layers":[{"ty":4,"ind":1,"nm":"A","ip":0,"op":30,"st":0,
         "ks":{"r":{"a":0,"k":5,"x":\(quoted)}},
         "shapes":[{"ty":"rc","p":{"a":0,"k":[32,32]},"s":{"a":0,"k":[20,20]},"r":{"a":0,"k":0}},
                   {"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}}]}]}
        """
        let dir = try ScratchDir()
        try dir.write("a.json", Array(json.utf8))
        return (dir, dir.path + "/a.json")
    }

    func warnings(_ r: CLI.Result) -> [String] {
        r.stdout.split(separator: "\n").filter { $0.contains("warning:") }.map(String.init)
    }

    /// 200 000 loop rounds take a few million steps: inside the default 10 000 000, beyond a
    /// budget of 1 (the budget is exact: the second step stops it).
    @Test func stepBudgetFlag() throws {
        let (dir, path) = try file("var s = 0; for (var i = 0; i < 200000; i++) s += i; var $bm_rt = s % 360;")
        _ = dir
        let ok = try CLI.run(["info", path])
        #expect(ok.status == 0)
        #expect(warnings(ok).isEmpty, "\(ok.stdout)")
        let stopped = try CLI.run(["info", path, "--max-expression-steps", "1"])
        #expect(stopped.status == 0)
        #expect(warnings(stopped).contains { $0.contains("layers[0].ks.r.x") && $0.contains("step budget") && $0.contains("keyframed value") })
    }

    /// An endless loop is stopped by the default budget: `info` returns, naming the property.
    @Test func endlessLoopIsStoppedByDefault() throws {
        let (dir, path) = try file("while (true) {}")
        _ = dir
        let r = try CLI.run(["info", path])
        #expect(r.status == 0)
        #expect(warnings(r).contains { $0.contains("layers[0].ks.r.x") && $0.contains("step budget") })
    }

    /// The engine with its expression API needs about 1 MiB: 100 000 bytes is too little, so the
    /// expression is not run and its keyframes are used.
    @Test func memoryFlag() throws {
        let (dir, path) = try file("var $bm_rt = time * 30;")
        _ = dir
        let small = try CLI.run(["info", path, "--max-expression-memory", "100000"])
        #expect(small.status == 0)
        #expect(warnings(small).contains { $0.contains("layers[0].ks.r.x") && $0.contains("100000 bytes") })
        #expect(warnings(try CLI.run(["info", path])).isEmpty)
    }

    /// A loop of native calls (each a 4 MB string) takes tens of milliseconds or more: with ten
    /// seconds a frame it runs; with 1 ms a frame it is stopped, named, and its keyframes used; the
    /// same with the whole command's budget. (The limits are set on both sides so that a slow
    /// sanitizer build does not meet the 100 ms default.)
    @Test func timeFlags() throws {
        let (dir, path) = try file("for (var i = 0; i < 40; i++) 'ab'.repeat(2000000); var $bm_rt = 10;")
        _ = dir
        let ok = try CLI.run(["info", path, "--max-expression-time", "10s", "--max-expression-total-time", "20s"])
        #expect(ok.status == 0)
        #expect(warnings(ok).isEmpty, "\(ok.stdout)")
        let frame = try CLI.run(["info", path, "--max-expression-time", "1ms"])
        #expect(frame.status == 0)
        #expect(warnings(frame).contains { $0.contains("layers[0].ks.r.x") && $0.contains("1 ms of CPU time for one frame's expressions (raise it with --max-expression-time)") }, "\(frame.stdout)")
        let total = try CLI.run(["info", path, "--max-expression-time", "10s", "--max-expression-total-time", "1ms"])
        #expect(total.status == 0)
        #expect(warnings(total).contains { $0.contains("layers[0].ks.r.x") && $0.contains("1 ms of CPU time for the file's expressions in this command (raise it with --max-expression-total-time)") }, "\(total.stdout)")
        let rendered = try CLI.run(["render", path, "-o", dir.path + "/f.png", "--frames", "0", "--max-expression-time", "1ms"])
        #expect(rendered.status == 0)
        #expect(rendered.stderr.contains("layers[0].ks.r.x") && rendered.stderr.contains("--max-expression-time"), "\(rendered.stderr)")
        // Under the whole command's budget (200 000 rounds take about 35 ms a frame) the open passes
        // and rendering spends it; the warning
        // comes after the frames, naming the file, the property and the limit.
        // The budget is ten evaluations of this build, measured (sanitizer builds run them several
        // times slower and scale limits by ScriptEngine.timeScale); the render makes 31.
        let (slowDir, slowPath) = try file("var s = 0; for (var i = 0; i < 200000; i++) s += Math.sqrt(i); var $bm_rt = s % 360;")
        let probe = ScriptEngine.threadCPUTime
        _ = try LottieDocument(contentsOf: [UInt8](FileManager.default.contents(atPath: slowPath)!), name: slowPath)
        let tenMilliseconds = max(1, Int(10 * (ScriptEngine.threadCPUTime - probe) / ScriptEngine.timeScale / 1_000_000))
        let long = try CLI.run(["render", slowPath, "-o", slowDir.path + "/f%02d.png", "--threads", "1",
                                "--max-expression-time", "3600s", "--max-expression-total-time", "\(tenMilliseconds)ms"])
        #expect(long.status == 0)
        #expect(long.stderr.contains("a.json: layers[0].ks.r.x: expressions turned off for the rest of the command")
                && long.stderr.contains("of CPU time (raise it with --max-expression-total-time); the keyframed values are used"), "\(long.stderr)")
        for bad in ["0", "-1s", "fast", "2h"] {
            let r = try CLI.run(["info", path, "--max-expression-time", bad])
            #expect(r.status == 64 && r.stderr.contains("--max-expression-time"), "\(bad): \(r.stderr)")
        }
    }

    @Test func flagsAreValidatedAndDocumented() throws {
        let (dir, path) = try file("var $bm_rt = value;")
        _ = dir
        let bad = try CLI.run(["info", path, "--max-expression-steps", "-1"])
        #expect(bad.status == 64 && bad.stderr.contains("--max-expression-steps"))
        for command in ["info", "render", "convert"] {
            // Help is wrapped to the terminal: compare with the line breaks folded into spaces.
            let help = try CLI.run([command, "--help"]).stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            #expect(help.contains("--max-expression-memory") && help.contains("--max-expression-steps"), "\(command) help")
            #expect(help.contains("--max-expression-time") && help.contains("--max-expression-total-time"), "\(command) help")
            #expect(help.contains("four times that"), "\(command) help names the frame budget")
        }
    }
}
