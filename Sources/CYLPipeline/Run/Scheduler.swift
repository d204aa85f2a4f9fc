import CYLConvert
import CYLTimeline

/// What earlier builds left in the output directory: the whole build's manifest, this shard's,
/// and the journal of an interrupted run (later sources win).
struct PreviousBuild {
    /// The last known state of each output.
    private(set) var byOutput: [String: ManifestEntry] = [:]
    /// Outputs this run's manifest listed, as (output, sha256, status), to tell whether the
    /// review page needs writing again.
    private var ownListing: [String] = []
    /// Entries of earlier builds with files, declared or not (for `--prune`).
    var all: [ManifestEntry] { byOutput.values.filter { $0.status != .failed } }

    init(outputDirectory: String, shard: Shard?, warnings: inout [String]) {
        var names = [BuildManifest.fileName]
        if let shard { names.append(shard.manifestName) }
        for name in names {
            let path = FileSystem.join(outputDirectory, name)
            do {
                guard let manifest = try BuildManifest.read(path: path) else { continue }
                for e in manifest.undeclared + manifest.entries { byOutput[e.output] = e }
                if name == BuildManifest.fileName(for: shard) { ownListing = Self.listing(manifest.entries) }
            } catch {
                warnings.append("\(error); ignoring it, so every output of this run is rebuilt")
            }
        }
        let journal = FileSystem.join(outputDirectory, BuildManifest.journalName(for: shard))
        for e in BuildManifest.readJournal(path: journal) { byOutput[e.output] = e }
    }

    static func listing(_ entries: [ManifestEntry]) -> [String] {
        entries.map { "\($0.output) \($0.sha256) \($0.status == .failed ? "failed" : "ok")" }
    }

    func outputsChanged(_ entries: [ManifestEntry]) -> Bool { Self.listing(entries) != ownListing }

    /// Whether the output `job` would make is already there: same build key, and every file it
    /// wrote still present with its size.
    func isUpToDate(_ key: String, buildKey: String, outputDirectory: String) -> ManifestEntry? {
        guard let e = byOutput[key], e.status != .failed, e.buildKey == buildKey, !e.files.isEmpty else { return nil }
        for f in e.files {
            guard let st = FileSystem.status(FileSystem.join(outputDirectory, f.path)), !st.isDirectory, st.size == f.bytes else { return nil }
        }
        return e
    }
}

/// Sorts jobs into those already done (up to date, or failed before starting: an unreadable
/// input) and those to run, with each one's manifest entry started.
struct Scheduler {
    struct Pending: Sendable {
        var job: BuildJob
        var entry: ManifestEntry
    }

    let options: BuildOptions
    let outputDirectory: String
    let previous: PreviousBuild
    var done: [ManifestEntry] = []
    var pending: [Pending] = []
    var failures: [BuildFailure] = []
    var upToDate = 0
    /// Input SHA-256 by path, each file hashed once.
    private var digests: [String: Result<String, OpenError>] = [:]

    /// Asks back-ends which other files an input reads (a Lottie's images), to hash them too.
    let registry: AnimatorRegistry
    /// SHA-256 of each input's companion files by path (nil: it has none).
    private var companionDigests: [String: String?] = [:]

    init(options: BuildOptions, outputDirectory: String, previous: PreviousBuild, registry: AnimatorRegistry = AnimatorRegistry()) {
        self.registry = registry
        self.options = options
        self.outputDirectory = outputDirectory
        self.previous = previous
    }

    mutating func digest(_ path: String) -> Result<String, OpenError> {
        if let known = digests[path] { return known }
        let result: Result<String, OpenError>
        do { result = .success(try InputDigest.sha256(of: path, limits: options.limits)) } catch { result = .failure(error) }
        digests[path] = result
        return result
    }

    mutating func companions(_ path: String, of input: BuildInput) -> String? {
        if let known = companionDigests[path] { return known }
        let files = registry.companionFiles(forPath: path, options: input.openOptions(limits: options.limits)) + input.slotFiles
        let digest = InputDigest.companions(files, limits: options.limits)
        companionDigests[path] = .some(digest)
        return digest
    }

    mutating func add(_ job: BuildJob) {
        var entry = ManifestEntry(output: job.key, input: job.input.displayPath, inputSHA256: "", format: job.target.format,
                                  scale: job.scale, appearance: job.appearance, settings: job.settings, buildKey: "")
        do {
            entry.inputSHA256 = try digest(job.input.path).get()
            // A dark output reads the dark file; a .lottie output makes its dark theme from it.
            var darkFile = job.dotLottieDarkVariant
            if case .file(let dark, _) = job.dark { darkFile = dark }
            if let dark = darkFile {
                entry.darkInput = job.input.darkDisplayPath
                entry.darkInputSHA256 = try digest(dark).get()
            }
        } catch {
            let failure = BuildFailure(output: job.key, input: job.sourcePath, error: error)
            entry.error = failure.message
            done.append(entry)
            failures.append(failure)
            return
        }
        entry.buildKey = InputDigest.buildKey(toolVersion: options.toolVersion, inputSHA256: entry.inputSHA256,
                                              darkSHA256: entry.darkInputSHA256, companionsSHA256: companions(job.sourcePath, of: job.input),
                                              settings: job.settingsText)
        if !options.force, let old = previous.isUpToDate(job.key, buildKey: entry.buildKey, outputDirectory: outputDirectory) {
            entry.files = old.files
            entry.sha256 = old.sha256
            entry.bytes = old.bytes
            entry.frames = old.frames
            entry.durationMilliseconds = old.durationMilliseconds
            entry.timeMilliseconds = old.timeMilliseconds
            entry.status = .upToDate
            done.append(entry)
            upToDate += 1
            return
        }
        pending.append(Pending(job: job, entry: entry))
    }

    /// The jobs to run, longest first by the time each took when last built (jobs never built
    /// first of all, in key order): a long job started last would otherwise leave the other
    /// threads idle at the end (on the corpus one WebP takes a sixth of the whole build).
    var ordered: [Pending] {
        func cost(_ p: Pending) -> Double { previous.byOutput[p.job.key].map(\.timeMilliseconds) ?? .infinity }
        return pending.enumerated().sorted { a, b in
            let (ca, cb) = (cost(a.element), cost(b.element))
            return ca != cb ? ca > cb : a.offset < b.offset
        }.map(\.element)
    }
}

/// `--prune`: removes outputs no longer declared, and folders left empty, inside the output directory only.
enum Pruner {
    static func remove(_ entries: [ManifestEntry], outputDirectory: String) -> [String] {
        var removed: [String] = []
        for e in entries {
            for f in e.files where !f.path.hasPrefix("/") && !f.path.split(separator: "/").contains("..") {
                let path = FileSystem.join(outputDirectory, f.path)
                if FileSystem.exists(path) && FileSystem.remove(path, emptyParentsUpTo: outputDirectory) { removed.append(f.path) }
            }
        }
        return removed
    }
}

/// Staged files a killed build left (SIGKILL cannot be caught): `.NAME.XXXXXX` beside a file
/// this run writes. Only this run's targets are looked at, so shards sharing a folder never touch
/// each other's files in progress.
enum StaleTemporaries {
    static func remove(targets: [String]) {
        var byDirectory: [String: Set<String>] = [:]
        for path in targets {
            byDirectory[FilePath.parentDirectory(of: path), default: []].insert(FilePath.lastComponent(of: path))
        }
        for (dir, names) in byDirectory {
            for entry in FileSystem.entries(dir) ?? [] where entry.hasPrefix(".") && entry.count > 8 {
                let body = entry.dropFirst().dropLast(7)   // ".NAME.XXXXXX" -> "NAME"
                guard entry.dropLast(6).hasSuffix("."), names.contains(String(body)) else { continue }
                _ = FileSystem.remove(FileSystem.join(dir, entry), emptyParentsUpTo: dir)
            }
        }
    }
}
