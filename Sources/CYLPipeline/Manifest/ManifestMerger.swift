import CYLConvert
import CYLTimeline

/// Why shard manifests cannot be merged: every problem found, one per line.
public struct MergeError: Error, Sendable, CustomStringConvertible {
    public var directory: String
    public var problems: [String]
    public var description: String {
        "\(directory): the shard manifests do not make a whole build:\n" + problems.map { "  - " + $0 }.joined(separator: "\n")
    }
}

/// What a merge wrote.
public struct MergeReport: Sendable {
    public var manifest: BuildManifest
    public var manifestPath: String
    public var indexPath: String
    /// The shard manifests read.
    public var shardManifests: [String]
}

/// `cylanim build --merge-manifests DIR`: combines the shard manifests in DIR (each shard's
/// outputs and `build-manifest.shard-I-of-N.json`, gathered from wherever the shards ran) into
/// one `build-manifest.json` and `index.html`, after checking that they make exactly one whole
/// build: every shard once, of one plan; every output once, in the shard its key hashes to, and
/// present with the SHA-256 its shard recorded; no failed job.
public enum ManifestMerger {
    /// Merges; the pipeline at `pipelinePath`, when given, must declare exactly the merged outputs
    /// too (`registry` finds and opens its inputs as the build did: what its folders hold, which
    /// files have dark themes).
    public static func merge(directory: String, pipelinePath: String? = nil, registry: AnimatorRegistry,
                             options: PipelineOptions = PipelineOptions()) throws -> MergeReport {
        let plan = try pipelinePath.map { (path) throws -> BuildPlan in
            try BuildPlan(pipeline: try Pipeline.load(path: path, options: options), options: options, registry: registry)
        }
        let names = (FileSystem.entries(directory) ?? []).filter { $0.hasPrefix("build-manifest.shard-") && $0.hasSuffix(".json") }
        var problems: [String] = []
        guard !names.isEmpty else {
            throw MergeError(directory: directory, problems: ["no shard manifests (build-manifest.shard-I-of-N.json) found"])
        }
        var manifests: [(String, BuildManifest)] = []
        for name in names {
            do {
                guard let m = try BuildManifest.read(path: FileSystem.join(directory, name)) else { continue }
                guard let shard = m.shard else { problems.append("\(name) is not a shard's manifest"); continue }
                if name != shard.manifestName { problems.append("\(name) holds shard \(shard) (expected the name \(shard.manifestName))") }
                manifests.append((name, m))
            } catch {
                problems.append("\(error)")
            }
        }
        guard let (_, first) = manifests.first else { throw MergeError(directory: directory, problems: problems) }
        let count = first.shard!.count
        var seenShards: [Int: String] = [:]
        for (name, m) in manifests {
            let shard = m.shard!
            if shard.count != count { problems.append("\(name) is one of \(shard.count) shards, \(manifests[0].0) one of \(count)") }
            if m.planDigest != first.planDigest || m.plannedJobs != first.plannedJobs {
                problems.append("\(name) was built from another pipeline or settings than \(manifests[0].0) (plan digests differ)")
            }
            if m.toolVersion != first.toolVersion { problems.append("\(name) was built by cylanim \(m.toolVersion), \(manifests[0].0) by \(first.toolVersion)") }
            if let other = seenShards[shard.index] { problems.append("shard \(shard.index) appears twice: \(other) and \(name)") }
            seenShards[shard.index] = name
        }
        let missingShards = (0..<count).filter { seenShards[$0] == nil }
        if !missingShards.isEmpty {
            problems.append("missing shard\(missingShards.count == 1 ? "" : "s") " + missingShards.map { "\($0)/\(count)" }.joined(separator: ", "))
        }
        var entries: [String: (ManifestEntry, String)] = [:]
        for (name, m) in manifests {
            for e in m.entries {
                if let (_, other) = entries[e.output] {
                    problems.append("\(e.output) is in both \(other) and \(name)")
                    continue
                }
                entries[e.output] = (e, name)
                problems += check(e, in: name, shard: m.shard!, directory: directory)
            }
        }
        if let plan {
            let planned = Set(plan.jobs.map(\.key))
            for key in planned.sorted() where entries[key] == nil { problems.append("\(key) is declared by the pipeline but no shard made it") }
            for key in entries.keys.sorted() where !planned.contains(key) { problems.append("\(key) is not declared by the pipeline") }
        } else if missingShards.isEmpty && entries.count != first.plannedJobs {
            problems.append("the shards list \(entries.count) outputs; the pipeline plans \(first.plannedJobs)")
        }
        guard problems.isEmpty else { throw MergeError(directory: directory, problems: problems) }
        var merged = BuildManifest(toolVersion: first.toolVersion, pipeline: first.pipeline, shard: nil, plannedJobs: first.plannedJobs,
                                   planDigest: first.planDigest, entries: entries.values.map(\.0).sorted { $0.output < $1.output })
        merged.elapsedMilliseconds = manifests.map(\.1.elapsedMilliseconds).max() ?? 0
        let manifestPath = FileSystem.join(directory, BuildManifest.fileName)
        let indexPath = FileSystem.join(directory, IndexPage.fileName)
        let writer = OutputWriter(inputs: plan?.inputPaths ?? [])
        try writer.stage(Array(IndexPage(manifest: merged, outputDirectory: directory).html.utf8), to: indexPath)
        try writer.stage(Array(merged.text.utf8), to: manifestPath)
        try writer.commit()
        return MergeReport(manifest: merged, manifestPath: manifestPath, indexPath: indexPath, shardManifests: manifests.map(\.0).sorted())
    }

    /// What is wrong with one shard's entry: failed, in the wrong shard, its files missing or changed.
    static func check(_ e: ManifestEntry, in name: String, shard: Shard, directory: String) -> [String] {
        if e.status == .failed { return ["\(e.output) failed in \(name): \(e.error ?? "failed")"] }
        if !shard.owns(e.output) {
            return ["\(e.output) is in \(name) but belongs to shard \(Shard.partitionHash(e.output) % UInt64(shard.count))/\(shard.count)"]
        }
        var problems: [String] = []
        for f in e.files {
            guard let bytes = FileSystem.read(FileSystem.join(directory, f.path)) else {
                problems.append("\(f.path) (from \(name)) is missing"); continue
            }
            if SHA256.hexHash(bytes) != f.sha256 { problems.append("\(f.path) differs from what \(name) recorded (SHA-256)") }
        }
        return problems
    }
}
