import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// `review --watch` and `build --watch` as a person runs them: started, left running while files
/// are saved, stopped. Each save writes the page (with a new token for the open browser) or
/// builds again, only what changed; a broken save is reported and the next good one recovers.
@Suite(.serialized) struct WatchCLITests {
    /// A cylanim left running, its standard output and error in files.
    final class Running {
        let process = Process()
        let out: String, err: String
        init(_ args: [String], in dir: String) throws {
            out = dir + "/stdout.txt"
            err = dir + "/stderr.txt"
            for f in [out, err] { _ = FileManager.default.createFile(atPath: f, contents: nil) }
            process.executableURL = URL(fileURLWithPath: CLI.binary)
            process.arguments = args
            process.currentDirectoryURL = URL(fileURLWithPath: dir)
            process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: out))
            process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: err))
            try process.run()
        }
        deinit {
            // SIGKILL: the test runner's threads block SIGTERM and the child inherits that mask.
            if process.isRunning { kill(process.processIdentifier, SIGKILL); process.waitUntilExit() }
        }
        func text(_ path: String) -> String { (try? String(contentsOfFile: path, encoding: .utf8)) ?? "" }
        /// Waits (at most 20 s) until standard output has `count` lines containing `fragment`.
        func waitForOutput(_ fragment: String, count: Int, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
            let deadline = Date().addingTimeInterval(20)
            while Date() < deadline && process.isRunning {
                if text(out).components(separatedBy: "\n").filter({ $0.contains(fragment) }).count >= count { return }
                usleep(20_000)
            }
            Issue.record("no \(count) lines with \(fragment); stdout: \(text(out)); stderr: \(text(err))", sourceLocation: sourceLocation)
        }
    }

    func save(_ text: String, to path: String) throws { try text.write(toFile: path, atomically: true, encoding: .utf8) }

    @Test(.timeLimit(.minutes(2))) func reviewWatchRewritesThePageOnEachSave() throws {
        let dir = try ScratchDir()
        let icon = dir.path + "/icon.json"
        let original = try String(contentsOfFile: CLI.sample("checkmark.json"), encoding: .utf8)
        try save(original, to: icon)
        let run = try Running(["review", "icon.json", "-o", "review.html", "--watch"], in: dir.path)
        run.waitForOutput("wrote review page", count: 1)
        let first = try String(contentsOfFile: dir.path + "/review.html.watch.js", encoding: .utf8)

        try save(original.replacingOccurrences(of: "\"op\"", with: "\"op\" "), to: icon)   // same animation, new bytes
        run.waitForOutput("wrote review page", count: 2)
        let second = try String(contentsOfFile: dir.path + "/review.html.watch.js", encoding: .utf8)
        #expect(first != second, "a new page names a new token")
        #expect(try String(contentsOfFile: dir.path + "/review.html", encoding: .utf8).contains(second.components(separatedBy: "\"")[1]))

        try save("{\"v\": ", to: icon)
        let deadline = Date().addingTimeInterval(20)
        while !run.text(run.err).contains("the page keeps the last version that opened") && Date() < deadline { usleep(20_000) }
        #expect(run.text(run.err).contains("cylanim: error: icon.json"), "\(run.text(run.err))")
        #expect(try String(contentsOfFile: dir.path + "/review.html.watch.js", encoding: .utf8) == second, "the last page stays")

        try save(original, to: icon)
        run.waitForOutput("wrote review page", count: 3)
        #expect(run.process.isRunning)
    }

    @Test(.timeLimit(.minutes(2))) func buildWatchBuildsWhatChanged() throws {
        let dir = try ScratchDir()
        try FileManager.default.createDirectory(atPath: dir.path + "/icons", withIntermediateDirectories: true)
        let checkmark = try String(contentsOfFile: CLI.sample("checkmark.json"), encoding: .utf8)
        try save(checkmark, to: dir.path + "/icons/check.json")
        try save(try String(contentsOfFile: CLI.sample("badge.json"), encoding: .utf8), to: dir.path + "/icons/badge.json")
        try save(#"{"inputs": ["icons/*.json"], "outputDirectory": "out", "outputs": [{"format": "png", "size": 27, "scales": [1]}]}"#,
                 to: dir.path + "/pipeline.json")
        let run = try Running(["build", "pipeline.json", "--json", "--watch"], in: dir.path)
        run.waitForOutput(#""built":2,"upToDate":0"#, count: 1)

        // One input edited: only it is made again.
        try save(checkmark.replacingOccurrences(of: "\"op\"", with: "\"op\" "), to: dir.path + "/icons/check.json")
        run.waitForOutput(#""built":1,"upToDate":1"#, count: 1)
        // A new file the glob matches is built; the others are up to date.
        try save(try String(contentsOfFile: CLI.sample("heart-mask.json"), encoding: .utf8), to: dir.path + "/icons/heart.json")
        run.waitForOutput(#""built":1,"upToDate":2"#, count: 1)
        let made = try FileManager.default.contentsOfDirectory(atPath: dir.path + "/out")
        #expect(made.contains { $0.hasPrefix("heart") }, "\(made)")
        // The build's own outputs do not start another build that makes something. (A save seen
        // both by the check after a build and by the watch may start one more build that finds
        // everything up to date: allowed, it writes nothing.)
        usleep(500_000)
        let builds = run.text(run.out).components(separatedBy: "\n").filter { $0.contains("\"built\"") }
        #expect(builds.filter { !$0.contains("\"built\":0,") }.count == 3, "\(builds)")
        #expect(builds.count <= 5, "\(builds)")
    }
}
