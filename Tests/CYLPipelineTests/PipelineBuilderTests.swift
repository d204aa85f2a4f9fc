import Foundation
import Testing
@testable import CYLPipeline
import CYLTabBarItemAnimation

struct PipelineBuilderTests {
    /// icons/ with two Lottie icons and a GIF, and the issue's pipeline beside it.
    func issueProject() throws -> (Scratch, String) {
        let dir = try Scratch()
        try dir.copy("checkmark.json", to: "icons/home.json")
        try dir.copy("badge.json", to: "icons/alerts.json")
        try dir.copy("spinner.gif", to: "icons/sync.gif")
        return (dir, try dir.write("pipeline.json", PipelineReaderTests.issueExample))
    }

    @Test func issueExampleBuildsEveryOutputAndTheManifestDescribesThem() throws {
        let (dir, pipeline) = try issueProject()
        let report = try build(pipeline)
        #expect(report.failures.isEmpty)
        #expect(report.count(.built) == 9)
        #expect(dir.files(under: "build/icons") == ["alerts@2x.gif", "alerts@2x.webp", "alerts@3x.gif", "build-manifest.json",
                                                    "home@2x.gif", "home@2x.webp", "home@3x.gif", "index.html",
                                                    "sync@2x.gif", "sync@2x.webp", "sync@3x.gif"])
        let manifest = try #require(try BuildManifest.read(path: dir.path + "/build/icons/build-manifest.json"))
        #expect(manifest.entries.map(\.output) == report.entries.map(\.output))
        #expect(manifest.plannedJobs == 9 && manifest.shard == nil && manifest.toolVersion == "test")
        for e in manifest.entries {
            let path = dir.path + "/build/icons/" + e.output
            // Each output is what the manifest says: size from the settings, frames, bytes, hash.
            let side = e.scale == 3 ? 81 : 54
            if e.format == .webp {
                let bytes = try #require(dir.read("build/icons/" + e.output))
                let info = try #require(WebPContainer(bytes), "\(e.output)")
                #expect(info.canvas == PixelSize(side, side) && info.frames == e.frames, "\(e.output): \(info)")
            } else {
                let timeline = try AnimatorRegistry.standard.timeline(forPath: path)
                #expect(timeline.canvasSize == PixelSize(side, side), "\(e.output)")
                #expect(timeline.frameCount == e.frames, "\(e.output)")
            }
            #expect(e.bytes == dir.read("build/icons/" + e.output)?.count)
            #expect(try systemSHA256(path) == e.sha256)
            #expect(e.inputSHA256 == (try systemSHA256(dir.path + "/" + e.input)))
            #expect(e.durationMilliseconds > 0 && e.timeMilliseconds > 0 && e.status == .built)
        }
        let gif = try #require(manifest.entries.first { $0.output == "home@2x.gif" })
        #expect(gif.input == "icons/home.json" && gif.format == .gif)
        #expect(gif.settings.text == "{\"format\":\"gif\",\"width\":54,\"height\":54,\"scale\":2,\"appearance\":\"light\",\"matte\":\"#ffffffff\"}")
    }

    @Test func aSecondBuildWithNoChangeDoesNothingAndTouchingOneInputRebuildsOnlyItsOutputs() throws {
        let (dir, pipeline) = try issueProject()
        _ = try build(pipeline)
        let before = dir.files(under: "build/icons").map { ($0, dir.modified("build/icons/" + $0)) }
        let again = try build(pipeline)
        #expect(again.count(.upToDate) == 9 && again.count(.built) == 0)
        for (name, date) in before where name.hasSuffix(".gif") || name.hasSuffix(".webp") {
            #expect(dir.modified("build/icons/" + name) == date, "\(name) was written again")
        }
        // A byte changed in one input: only its three outputs are made again.
        var json = try #require(dir.read("icons/home.json"))
        json.append(UInt8(ascii: "\n"))
        try dir.write("icons/home.json", json)
        let third = try build(pipeline)
        #expect(third.entries.filter { $0.status == .built }.map(\.output) == ["home@2x.gif", "home@2x.webp", "home@3x.gif"])
        #expect(third.count(.upToDate) == 6)
        // A changed setting rebuilds that target's outputs; a new tool version rebuilds everything.
        let text = PipelineReaderTests.issueExample.replacingOccurrences(of: "\"scales\": [2], ", with: "\"scales\": [2], \"quality\": 80, ")
        try dir.write("pipeline.json", text)
        #expect(try build(pipeline).entries.filter { $0.status == .built }.map(\.output) == ["alerts@2x.webp", "home@2x.webp", "sync@2x.webp"])
        #expect(try build(pipeline, toolVersion: "next").count(.built) == 9)
        #expect(try build(pipeline, force: true, toolVersion: "next").count(.built) == 9)
        // A deleted or truncated output is made again.
        try FileManager.default.removeItem(atPath: dir.path + "/build/icons/sync@3x.gif")
        try dir.write("build/icons/sync@2x.gif", [0x47])
        #expect(try build(pipeline, toolVersion: "next").entries.filter { $0.status == .built }.map(\.output) == ["sync@2x.gif", "sync@3x.gif"])
    }

    @Test func oneBadInputFailsOnlyItsJobsWithTheUsualErrorAndIsRetried() throws {
        let (dir, pipeline) = try issueProject()
        try dir.write("icons/broken.json", "{\"v\": \"5.7.0\", \"fr\": 30, \"ip\": 0, \"op\": 10,\n \"w\": 10, \"h\": tru}")
        let report = try build(pipeline)
        #expect(report.count(.built) == 9 && report.count(.failed) == 3)
        #expect(report.failures.map(\.output) == ["broken@2x.gif", "broken@2x.webp", "broken@3x.gif"])
        for f in report.failures {
            #expect(f.kind == .badData)
            #expect(f.message.hasPrefix(dir.path + "/icons/broken.json:2:"), "\(f.message)")
        }
        #expect(!dir.exists("build/icons/broken@2x.gif"))
        let manifest = try #require(try BuildManifest.read(path: dir.path + "/build/icons/build-manifest.json"))
        #expect(manifest.entries.filter { $0.status == .failed }.count == 3)
        // Fixed, the failed outputs are made and the rest stay.
        try dir.copy("heart-mask.json", to: "icons/fixed.json")
        try FileManager.default.removeItem(atPath: dir.path + "/icons/broken.json")
        try FileManager.default.moveItem(atPath: dir.path + "/icons/fixed.json", toPath: dir.path + "/icons/broken.json")
        let fixed = try build(pipeline)
        #expect(fixed.failures.isEmpty && fixed.count(.built) == 3 && fixed.count(.upToDate) == 9)
    }

    @Test func outputsAreTheSameBytesWhateverTheNumberOfThreads() throws {
        let (dir, pipeline) = try issueProject()
        _ = try build(pipeline, threads: 1)
        let one = dir.files(under: "build/icons").filter { !$0.hasSuffix(".json") }.map { ($0, dir.read("build/icons/" + $0)) }
        _ = try build(pipeline, threads: 4, force: true)
        let four = dir.files(under: "build/icons").filter { !$0.hasSuffix(".json") }.map { ($0, dir.read("build/icons/" + $0)) }
        #expect(one.map(\.0) == four.map(\.0))
        for (a, b) in zip(one, four) { #expect(a.1 == b.1, "\(a.0) differs between 1 and 4 threads") }
    }

    /// `--jobs N` is the build's thread budget: jobs run on one thread each while N or more are
    /// left, and the last ones started take the idle workers' threads for their frames.
    @Test func jobsShareTheBuildsThreadsAndTheLastOnesTakeTheIdleWorkers() {
        func shares(_ count: Int, _ threads: Int) -> [Int] {
            (0..<count).map { PipelineBuilder.frameThreads(job: $0, of: count, buildThreads: threads) }
        }
        #expect(shares(5, 1) == [1, 1, 1, 1, 1])
        #expect(shares(5, 2) == [1, 1, 1, 1, 2])
        #expect(shares(6, 4) == [1, 1, 1, 1, 2, 4])
        #expect(shares(1, 8) == [8])
        #expect(shares(2, 3) == [1, 3])
    }

    @Test func outputsNoLongerDeclaredAreListedAndPrunedOnRequest() throws {
        let (dir, pipeline) = try issueProject()
        _ = try build(pipeline)
        try dir.write("pipeline.json", PipelineReaderTests.issueExample.replacingOccurrences(of: "\"scales\": [2, 3]", with: "\"scales\": [2]"))
        let listed = try build(pipeline)
        #expect(listed.undeclared == ["alerts@3x.gif", "home@3x.gif", "sync@3x.gif"])
        #expect(dir.exists("build/icons/home@3x.gif"))
        // Still listed by the next build (the manifest keeps them), removed with --prune.
        let pruned = try build(pipeline, prune: true)
        #expect(pruned.pruned == ["alerts@3x.gif", "home@3x.gif", "sync@3x.gif"] && pruned.undeclared.isEmpty)
        #expect(!dir.exists("build/icons/home@3x.gif") && dir.exists("build/icons/home@2x.gif"))
        #expect(try build(pipeline).undeclared.isEmpty)
        #expect(throws: UsageError.self) { try build(pipeline, prune: true, shard: Shard(index: 0, count: 2)) }
    }

    @Test func anInterruptedBuildResumesFromItsJournal() throws {
        let (dir, pipeline) = try issueProject()
        _ = try build(pipeline)
        // What a build killed after four jobs leaves: their outputs, the journal, and no manifest.
        let manifest = try #require(try BuildManifest.read(path: dir.path + "/build/icons/build-manifest.json"))
        let finished = manifest.entries.prefix(4)
        try dir.write("build/icons/.build-manifest.json.journal",
                      finished.map { $0.json.text + "\n" }.joined() + "{\"output\":\"cut sh")
        try FileManager.default.removeItem(atPath: dir.path + "/build/icons/build-manifest.json")
        for e in manifest.entries.dropFirst(4) { try FileManager.default.removeItem(atPath: dir.path + "/build/icons/" + e.output) }
        let resumed = try build(pipeline)
        #expect(resumed.count(.upToDate) == 4 && resumed.count(.built) == 5)
        #expect(!dir.exists("build/icons/.build-manifest.json.journal"))
    }

    @Test func jobsRunLongestFirstByTheTimesOfTheLastBuild() throws {
        let (dir, pipeline) = try issueProject()
        _ = try build(pipeline)
        let path = dir.path + "/build/icons/build-manifest.json"
        var manifest = try #require(try BuildManifest.read(path: path))
        let times = ["sync@2x.webp": 50.0, "home@3x.gif": 900, "alerts@2x.gif": 10]
        manifest.entries = manifest.entries.compactMap { e in
            guard let t = times[e.output] else { return e.output == "home@2x.gif" ? nil : e }   // home@2x.gif: never built
            var e = e
            e.timeMilliseconds = t
            return e
        }
        try manifest.text.write(toFile: path, atomically: true, encoding: .utf8)
        var options = BuildOptions(toolVersion: "test")
        options.force = true
        var warnings: [String] = []
        let plan = try BuildPlan(pipeline: try Pipeline.load(path: pipeline), registry: .standard)
        var scheduler = Scheduler(options: options, outputDirectory: plan.pipeline.outputDirectory,
                                  previous: PreviousBuild(outputDirectory: plan.pipeline.outputDirectory, shard: nil, warnings: &warnings))
        for job in plan.jobs { scheduler.add(job) }
        let order = scheduler.ordered.map(\.job.key)
        #expect(order.first == "home@2x.gif")
        let known = order.filter { times[$0] != nil }
        #expect(known == ["home@3x.gif", "sync@2x.webp", "alerts@2x.gif"])
    }

    @Test func stagedFilesAKilledBuildLeftAreRemovedForThisRunsOutputsOnly() throws {
        let (dir, pipeline) = try issueProject()
        try dir.write("build/icons/.home@2x.gif.Ab12Cd", [1, 2])               // a SIGKILLed run's staged output
        try dir.write("build/icons/.build-manifest.json.x9Y8z7", [1])          // and manifest
        try dir.write("build/icons/.notes.txt.Ab12Cd", [3])                    // not a name this build writes
        try dir.write("build/icons/.home@2x.gif.journal", [4])                 // not a staged-file name
        _ = try build(pipeline)
        #expect(!dir.exists("build/icons/.home@2x.gif.Ab12Cd") && !dir.exists("build/icons/.build-manifest.json.x9Y8z7"))
        #expect(dir.exists("build/icons/.notes.txt.Ab12Cd") && dir.exists("build/icons/.home@2x.gif.journal"))
    }

    @Test func shardsTogetherMakeTheWholeBuildAndMergeChecksThem() throws {
        let (dir, pipeline) = try issueProject()
        var total = 0
        for i in 0..<3 {
            let r = try build(pipeline, shard: Shard(index: i, count: 3))
            #expect(r.failures.isEmpty && r.indexPath == nil && r.plannedJobs == 9)
            total += r.entries.count
        }
        #expect(total == 9)
        let out = dir.path + "/build/icons"
        let merged = try ManifestMerger.merge(directory: out, pipelinePath: pipeline, registry: .standard)
        #expect(merged.manifest.entries.count == 9 && merged.shardManifests.count == 3)
        #expect(dir.exists("build/icons/index.html") && dir.exists("build/icons/build-manifest.json"))
        // The same pipeline in one process: the same outputs and the same manifest entries (times aside).
        let single = try Scratch()
        try single.copy("checkmark.json", to: "icons/home.json")
        try single.copy("badge.json", to: "icons/alerts.json")
        try single.copy("spinner.gif", to: "icons/sync.gif")
        let whole = try build(try single.write("pipeline.json", PipelineReaderTests.issueExample))
        func strip(_ e: ManifestEntry) -> String { var e = e; e.timeMilliseconds = 0; e.status = .built; return e.json.text }
        #expect(merged.manifest.entries.map(strip) == whole.entries.map(strip))
        let sameIndex = dir.read("build/icons/index.html") == single.read("build/icons/index.html")
        #expect(sameIndex, "the merged review page differs from the one-process build's")

        // A missing shard, a changed output and a failed job are each reported.
        try FileManager.default.removeItem(atPath: out + "/build-manifest.shard-1-of-3.json")
        let kept = try #require(merged.manifest.entries.map(\.output).first { !Shard(index: 1, count: 3).owns($0) })
        try dir.write("build/icons/" + kept, [0x47, 0x49, 0x46])
        do { _ = try ManifestMerger.merge(directory: out, registry: .standard); Issue.record("merged") } catch let e as MergeError {
            #expect(e.problems.contains("missing shard 1/3"), "\(e)")
            #expect(e.problems.contains { $0.hasPrefix("\(kept) differs from what build-manifest.shard-") }, "\(e)")
        }
        // An output listed by two shard manifests (a manifest copied under another shard's name).
        let shard0 = try #require(try BuildManifest.read(path: out + "/build-manifest.shard-0-of-3.json"))
        var copy = try #require(try BuildManifest.read(path: out + "/build-manifest.shard-2-of-3.json"))
        copy.entries.append(try #require(shard0.entries.first))
        try copy.text.write(toFile: out + "/build-manifest.shard-2-of-3.json", atomically: true, encoding: .utf8)
        do { _ = try ManifestMerger.merge(directory: out, registry: .standard); Issue.record("merged") } catch let e as MergeError {
            #expect(e.problems.contains("\(shard0.entries[0].output) is in both build-manifest.shard-0-of-3.json and build-manifest.shard-2-of-3.json"), "\(e)")
        }
        try dir.write("icons/home.json", "{")
        for i in 0..<3 { _ = try build(pipeline, shard: Shard(index: i, count: 3)) }
        do { _ = try ManifestMerger.merge(directory: out, registry: .standard); Issue.record("merged") } catch let e as MergeError {
            #expect(e.problems.filter { $0.contains(" failed in build-manifest.shard-") }.count == 3, "\(e)")
        }
    }
}

/// What an animated WebP file's RIFF chunks say (read here, independently of libwebp): the VP8X
/// canvas size and the number of ANMF frames.
struct WebPContainer: CustomStringConvertible {
    var canvas: PixelSize
    var frames: Int
    var description: String { "\(canvas), \(frames) frames" }

    init?(_ b: [UInt8]) {
        guard b.count > 30, b[0..<4].elementsEqual("RIFF".utf8), b[8..<12].elementsEqual("WEBP".utf8) else { return nil }
        func le(_ i: Int, _ n: Int) -> Int { (0..<n).reduce(0) { $0 | Int(b[i + $1]) << (8 * $1) } }
        var at = 12, size: PixelSize?, frames = 0
        while at + 8 <= b.count {
            let tag = String(decoding: b[at..<at + 4], as: UTF8.self), length = le(at + 4, 4)
            if tag == "VP8X" { size = PixelSize(le(at + 12, 3) + 1, le(at + 15, 3) + 1) }
            if tag == "ANMF" { frames += 1 }
            at += 8 + length + (length & 1)
        }
        guard let size else { return nil }
        canvas = size
        self.frames = frames
    }
}
