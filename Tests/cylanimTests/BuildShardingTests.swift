import Foundation
import Testing

/// The README's sharding examples, run as written: four shards as separate processes (GNU
/// parallel; and with the variables a Kubernetes Indexed Job, a Slurm array and a GitHub Actions
/// matrix set), merged, give exactly what one process builds.
struct BuildShardingTests {
    static let readme: String = (try? String(contentsOf: CLI.repo.appendingPathComponent("README.md"), encoding: .utf8)) ?? ""

    /// The text of the first fenced block of `language` after `marker` in the README.
    static func block(after marker: String, language: String) throws -> String {
        let start = try #require(readme.range(of: marker), "README has no \(marker)")
        let rest = readme[start.upperBound...]
        let open = try #require(rest.range(of: "```\(language)\n"))
        let close = try #require(rest[open.upperBound...].range(of: "```"))
        return String(rest[open.upperBound..<close.lowerBound])
    }

    /// Runs a shell line with the built `cylanim` first on the PATH.
    static func shell(_ line: String, in dir: String, environment: [String: String] = [:]) throws -> CLI.Result {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/sh")
        p.arguments = ["-c", line]
        p.currentDirectoryURL = URL(fileURLWithPath: dir)
        var env = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        env["PATH"] = (CLI.binary as NSString).deletingLastPathComponent + ":" + (env["PATH"] ?? "/usr/bin:/bin")
        p.environment = env
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        p.standardInput = FileHandle.nullDevice
        try p.run()
        let o = out.fileHandleForReading.readDataToEndOfFile(), e = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return CLI.Result(status: p.terminationStatus, stdout: String(decoding: o, as: UTF8.self), stderr: String(decoding: e, as: UTF8.self))
    }

    /// Runs the four shards of `line` at once, each with its scheduler's variables.
    static func shards(_ line: String, in dir: String, environment: @escaping @Sendable (Int) -> [String: String]) throws {
        let results = Locked<[Int: CLI.Result]>([:])
        let group = DispatchGroup()
        for i in 0..<4 {
            group.enter()
            DispatchQueue.global().async {
                let r = try? shell(line, in: dir, environment: environment(i))
                results.update { $0[i] = r }
                group.leave()
            }
        }
        group.wait()
        for i in 0..<4 {
            let r = try #require(results.value[i])
            #expect(r.status == 0, "shard \(i): \(line)\n\(r.stderr)")
        }
    }

    /// A scratch directory with the samples linked in, and the one-process build to compare with.
    static func project() throws -> ScratchDir {
        let dir = try ScratchDir()
        try FileManager.default.createSymbolicLink(atPath: dir.path + "/sample-animations",
                                                   withDestinationPath: CLI.repo.appendingPathComponent("sample-animations").path)
        let single = try CLI.run(["build", "sample-animations/pipeline.json", "--output-dir", "out/single", "--quiet"], in: dir.path)
        #expect(single.status == 0, "\(single.stderr)")
        return dir
    }

    /// `out/NAME` after the merge holds the same files with the same bytes as `out/single`, and
    /// the same manifest but for times and statuses.
    static func expectSameAsOneProcess(_ dir: ScratchDir, _ name: String) throws {
        let merge = try CLI.run(["build", "--merge-manifests", "out/\(name)", "sample-animations/pipeline.json"], in: dir.path)
        #expect(merge.status == 0, "\(name) merge: \(merge.stderr)")
        let single = dir.path + "/out/single", sharded = dir.path + "/out/\(name)"
        let files = try FileManager.default.subpathsOfDirectory(atPath: single).filter { !isDirectory(single + "/" + $0) }.sorted()
        let shardedFiles = try FileManager.default.subpathsOfDirectory(atPath: sharded)
            .filter { !isDirectory(sharded + "/" + $0) && !$0.hasPrefix("build-manifest.shard-") }.sorted()
        #expect(files == shardedFiles, "\(name)")
        #expect(files.count == 38)   // 36 outputs, the manifest and index.html
        for f in files where f != "build-manifest.json" {
            let same = FileManager.default.contents(atPath: single + "/" + f) == FileManager.default.contents(atPath: sharded + "/" + f)
            #expect(same, "\(name): \(f) differs from the one-process build")
        }
        #expect(try manifestWithoutTimes(single) == manifestWithoutTimes(sharded), "\(name): manifests differ")
    }

    static func isDirectory(_ path: String) -> Bool {
        var d: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &d) && d.boolValue
    }

    static func manifestWithoutTimes(_ dir: String) throws -> NSDictionary {
        let data = try #require(FileManager.default.contents(atPath: dir + "/build-manifest.json"))
        var m = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        m["elapsedMs"] = nil
        m["outputs"] = (m["outputs"] as? [[String: Any]])?.map { e in
            var e = e
            e["timeMs"] = nil
            e["status"] = nil
            return e
        }
        return m as NSDictionary
    }

    @Test func gnuParallelShardsMergeIntoTheOneProcessBuild() throws {
        let dir = try Self.project()
        let lines = try Self.block(after: "GNU parallel, four processes", language: "sh").split(separator: "\n").map(String.init)
        #expect(lines.count == 2 && lines[0].hasPrefix("parallel ") && lines[1].hasPrefix("cylanim build --merge-manifests out/sharded"))
        let run = try Self.shell(lines[0], in: dir.path)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path + "/out/sharded").filter { $0.hasPrefix("build-manifest.shard-") }.count == 4)
        try Self.expectSameAsOneProcess(dir, "sharded")
    }

    @Test func schedulerExamplesShardByTheirEnvironment() throws {
        let dir = try Self.project()
        // Kubernetes: the container's command array, with the index the Job controller sets.
        let yaml = try Self.block(after: "A Kubernetes Indexed Job", language: "yaml")
        let commandLine = try #require(yaml.split(separator: "\n").first { $0.contains("command:") })
        let array = String(commandLine[commandLine.range(of: "[")!.lowerBound...])
        let k8s = try #require(try JSONSerialization.jsonObject(with: Data(array.utf8)) as? [String])
        let k8sLine = k8s.map { "'\($0)'" }.joined(separator: " ")
        try Self.shards(k8sLine, in: dir.path) { ["JOB_COMPLETION_INDEX": "\($0)"] }
        try Self.expectSameAsOneProcess(dir, "k8s")

        // Slurm: the script's cylanim line, with what sbatch --array=0-3 sets.
        let slurm = try #require(try Self.block(after: "A Slurm job array", language: "bash").split(separator: "\n").first { $0.hasPrefix("cylanim ") })
        try Self.shards(String(slurm), in: dir.path) {
            ["SLURM_ARRAY_TASK_ID": "\($0)", "SLURM_ARRAY_TASK_COUNT": "4", "SLURM_ARRAY_TASK_MIN": "0", "SLURM_CPUS_PER_TASK": "1"]
        }
        try Self.expectSameAsOneProcess(dir, "slurm")

        // GitHub Actions: the step's run line, with the variables its env sets.
        let gha = try Self.block(after: "A GitHub Actions matrix", language: "yaml")
        let run = try #require(gha.split(separator: "\n").first { $0.contains("- run: cylanim ") })
        let ghaLine = String(run[run.range(of: "cylanim ")!.lowerBound...])
        try Self.shards(ghaLine, in: dir.path) { ["CYLANIM_SHARD_INDEX": "\($0)", "CYLANIM_SHARD_COUNT": "4"] }
        try Self.expectSameAsOneProcess(dir, "gha")
    }
}

/// A value shared between threads behind a lock.
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value
    init(_ value: Value) { stored = value }
    var value: Value { lock.lock(); defer { lock.unlock() }; return stored }
    func update(_ body: (inout Value) -> Void) { lock.lock(); body(&stored); lock.unlock() }
}
