import CYLDocuments
import Testing
@testable import CYLPipeline
import CYLTabBarItemAnimation

struct BuildPlanTests {
    func plan(_ dir: Scratch, _ text: String) throws -> BuildPlan {
        let file = try dir.write("p.json", text)
        return try BuildPlan(pipeline: try Pipeline.load(path: file), registry: .standard)
    }

    @Test func issueExampleExpandsToInputTimesTargetTimesScale() throws {
        let dir = try Scratch()
        try dir.copy("checkmark.json", to: "icons/home.json")
        try dir.copy("badge.json", to: "icons/alerts.json")
        try dir.copy("spinner.gif", to: "icons/sync.gif")
        try dir.write("icons/notes.txt", "not an animation")
        let plan = try plan(dir, PipelineReaderTests.issueExample)
        #expect(plan.inputs.map(\.displayPath) == ["icons/alerts.json", "icons/home.json", "icons/sync.gif"])
        #expect(plan.jobs.map(\.key) == ["alerts@2x.gif", "alerts@2x.webp", "alerts@3x.gif", "home@2x.gif", "home@2x.webp",
                                         "home@3x.gif", "sync@2x.gif", "sync@2x.webp", "sync@3x.gif"])
        let job = try #require(plan.jobs.first { $0.key == "home@3x.gif" })
        #expect(job.outputPath == dir.path + "/build/icons/home@3x.gif")
        #expect(job.target.pixelSize(scale: job.scale) == PixelSize(81, 81))
        #expect(plan.warnings.isEmpty)
    }

    @Test func darkFilesByConventionAreVariantsNotInputs() throws {
        let dir = try Scratch()
        try dir.copy("checkmark.json", to: "icons/home.json")
        try dir.copy("badge.json", to: "icons/home_dark.json")
        try dir.copy("heart-mask.json", to: "icons/lonely_dark.json")   // no light file: an input of its own
        try dir.copy("spinner.gif", to: "icons/sync.gif")
        let plan = try plan(dir, """
        {"inputs": ["icons/*"], "outputs": [{"format": "webp", "appearances": ["light", "dark"]}]}
        """)
        #expect(plan.inputs.map(\.name) == ["home", "lonely_dark", "sync"])
        #expect(plan.inputs[0].darkDisplayPath == "icons/home_dark.json")
        #expect(plan.jobs.map(\.key) == ["home@1x.webp", "home_dark@1x.webp", "lonely_dark@1x.webp", "sync@1x.webp"])
        let dark = try #require(plan.jobs.first { $0.key == "home_dark@1x.webp" })
        #expect(dark.sourcePath == dir.path + "/icons/home_dark.json" && dark.colorOverrides.isEmpty)
        #expect(plan.warnings.count == 1 && plan.warnings[0].contains("no dark outputs for 2 inputs"))
    }

    @Test func tabBarInputsCarryDarkColoursAndMergeWithGlobs() throws {
        let plan = try BuildPlan(pipeline: try Pipeline.load(path: Scratch.sample("pipeline.json")), registry: .standard)
        let badge = try #require(plan.inputs.first { $0.name == "badge" })
        #expect(badge.tab == "alerts" && badge.darkColors.count == 2 && badge.displayPath == "badge.json")
        // checkmark.json is named by the glob and the tab bar: one input.
        #expect(plan.inputs.filter { $0.name == "checkmark" }.count == 1)
        // The pipeline file itself matches *.json but is never an input.
        #expect(!plan.inputs.contains { $0.name == "pipeline" })
        let dark = try #require(plan.jobs.first { $0.key == "webp/badge_dark@2x.webp" })
        #expect(dark.sourcePath == badge.path && dark.colorOverrides == badge.darkColors)
        #expect(dark.settingsText.contains("\"darkColors\":[[\"bell.**.bell fill\",\"#f2f2f7ff\"]"))
        #expect(plan.jobs.count == 36)   // 21 for the other inputs, 5 per .lottie (3 of them): 2 GIFs, APNG, light WebP and dark WebP (from its theme "dark")
    }

    @Test func collidingOutputsAreAnErrorNamingBothInputs() throws {
        let dir = try Scratch()
        try dir.copy("checkmark.json", to: "a/home.json")
        try dir.copy("badge.json", to: "b/home.json")
        do {
            _ = try plan(dir, "{\"inputs\": [\"*/*.json\"], \"outputs\": [{\"format\": \"gif\"}]}")
            Issue.record("accepted")
        } catch let e as PipelineError {
            #expect(e.message.contains("\"home@1x.gif\" would be written for both a/home.json (outputs[0]) and b/home.json"))
            #expect(e.location == SourceLocation(line: 1, column: 38), "\(e)"); #expect(e.key == JSONPath([.key("outputs"), .index(0), .key("name")]))
        }
        // {dir} tells them apart.
        let plan = try plan(dir, "{\"inputs\": [\"*/*.json\"], \"outputs\": [{\"format\": \"gif\", \"name\": \"{dir}/{name}.gif\"}]}")
        #expect(plan.jobs.map(\.key) == ["a/home.gif", "b/home.gif"])
    }

    @Test func globsMatchNestedFoldersButNotHiddenFilesOrTheOutputDirectory() throws {
        let dir = try Scratch()
        try dir.copy("checkmark.json", to: "src/a/one.json")
        try dir.copy("checkmark.json", to: "src/a/b/two.json")
        try dir.copy("checkmark.json", to: "src/.hidden/three.json")
        try dir.copy("checkmark.json", to: "src/.four.json")
        try dir.copy("checkmark.json", to: "src/out/old.json")   // inside the output directory
        let plan = try plan(dir, """
        {"inputs": ["src/**/*.json"], "outputDirectory": "src/out", "outputs": [{"format": "tgs", "name": "{dir}/{name}.tgs"}]}
        """)
        #expect(plan.jobs.map(\.key) == ["a/b/two.tgs", "a/one.tgs"])
        #expect(plan.inputs.map(\.directory) == ["a/b", "a"])
    }

    @Test func missingLiteralInputsAreErrorsAndEmptyGlobsWarnings() throws {
        let dir = try Scratch()
        do {
            _ = try plan(dir, "{\"inputs\": [\"nothere.json\"], \"outputs\": [{\"format\": \"gif\"}]}")
            Issue.record("accepted")
        } catch let e as PipelineError {
            #expect(e.kind == .missingFile && e.location == SourceLocation(line: 1, column: 13) && e.message.contains("no such file 'nothere.json'"))
        }
        let plan = try plan(dir, "{\"inputs\": [\"*.gif\"], \"outputs\": [{\"format\": \"gif\"}]}")
        #expect(plan.jobs.isEmpty && plan.warnings == ["\(dir.path)/p.json:1:13: \"*.gif\" matches no files"])
    }

    @Test func theJobLimitStopsHugeExpansions() throws {
        let dir = try Scratch()
        for i in 0..<5 { try dir.copy("checkmark.json", to: "i/\(i).json") }
        let file = try dir.write("p.json", "{\"inputs\": [\"i/*.json\"], \"outputs\": [{\"format\": \"gif\", \"scales\": [1, 2]}]}")
        var options = PipelineOptions()
        options.maxJobs = 8
        #expect(throws: PipelineError.self) { try BuildPlan(pipeline: try Pipeline.load(path: file), options: options, registry: .standard) }
        options.maxJobs = 10
        #expect(try BuildPlan(pipeline: try Pipeline.load(path: file), options: options, registry: .standard).jobs.count == 10)
    }

    @Test func reservedNamesCannotBeOutputs() throws {
        let dir = try Scratch()
        try dir.copy("checkmark.json", to: "index.json")
        do {
            _ = try plan(dir, "{\"inputs\": [\"index.json\"], \"outputs\": [{\"format\": \"tgs\", \"name\": \"{name}.html\"}]}")
            Issue.record("accepted")
        } catch let e as PipelineError {
            #expect(e.message.contains("a name the build writes itself"))
        }
    }
}

struct ShardTests {
    @Test func parsesIndexOverCount() throws {
        #expect(try Shard.parse("3/16", environment: [:]) == Shard(index: 3, count: 16))
        for bad in ["16/16", "-1/4", "1/0", "x/4", "1", "1/2/3", "auto/0"] {
            #expect(throws: UsageError.self, "\(bad)") { try Shard.parse(bad, environment: [:]) }
        }
    }

    @Test func autoReadsTheSchedulersEnvironment() throws {
        #expect(try Shard.parse("auto", environment: ["CYLANIM_SHARD_INDEX": "2", "CYLANIM_SHARD_COUNT": "5"])
                == Shard(index: 2, count: 5, origin: "CYLANIM_SHARD_INDEX"))
        #expect(try Shard.parse("auto", environment: ["SLURM_ARRAY_TASK_ID": "3", "SLURM_ARRAY_TASK_COUNT": "4"])
                == Shard(index: 3, count: 4, origin: "SLURM_ARRAY_TASK_ID"))
        // --array=1-7:2 runs ids 1, 3, 5, 7: id 5 is the third task.
        #expect(try Shard.parse("auto", environment: ["SLURM_ARRAY_TASK_ID": "5", "SLURM_ARRAY_TASK_COUNT": "4",
                                                      "SLURM_ARRAY_TASK_MIN": "1", "SLURM_ARRAY_TASK_STEP": "2"]).index == 2)
        #expect(try Shard.parse("auto/8", environment: ["JOB_COMPLETION_INDEX": "7"]) == Shard(index: 7, count: 8, origin: "JOB_COMPLETION_INDEX"))
        #expect(try Shard.parse("auto", environment: ["JOB_COMPLETION_INDEX": "1", "CYLANIM_SHARD_COUNT": "2"]).count == 2)
        for (env, fragment) in [([String: String](), "found no shard index"),
                                (["JOB_COMPLETION_INDEX": "1"], "auto/N"),
                                (["JOB_COMPLETION_INDEX": "4", "CYLANIM_SHARD_COUNT": "4"], "is not a shard of 4"),
                                (["SLURM_ARRAY_TASK_ID": "x"], "not a whole number")] {
            do { _ = try Shard.parse("auto", environment: env); Issue.record("accepted \(env)") } catch {
                #expect(error.message.contains(fragment), "\(error.message)")
            }
        }
    }

    @Test func everyJobLandsInExactlyOneShardForAnyCount() throws {
        let keys = (0..<500).map { "icons/icon\($0)@\($0 % 3 + 1)x.gif" }
        for n in [1, 2, 3, 4, 7, 16] {
            var counts = [Int](repeating: 0, count: n)
            for key in keys {
                let owners = (0..<n).filter { Shard(index: $0, count: n).owns(key) }
                #expect(owners.count == 1)
                counts[owners[0]] += 1
            }
            // A uniform hash: no shard more than twice its fair share of 500 keys.
            #expect(counts.allSatisfy { $0 <= 2 * 500 / n + 10 }, "\(counts)")
        }
    }

    /// The partition is the first 8 bytes of SHA-256(key), a function of the key alone: stable when
    /// other inputs come and go, and the same on every machine (checked against sha256sum).
    @Test func partitionHashIsTheKeysSHA256Prefix() throws {
        let dir = try Scratch()
        for key in ["home@2x.gif", "a/b/c_dark@1.5x.webp"] {
            let file = try dir.write("key", key)
            let hex = try systemSHA256(file)
            #expect(Shard.partitionHash(key) == UInt64(hex.prefix(16), radix: 16))
        }
    }
}
