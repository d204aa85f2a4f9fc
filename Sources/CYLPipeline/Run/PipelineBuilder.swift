import CYLConvert
import CYLTimeline

/// How to run a build.
public struct BuildOptions: Sendable {
    /// The build's threads in all (`--jobs`; default: every core this process may use):
    /// `PipelineBuilder.frameThreads` shares them between the jobs.
    public var threads: Int = BuildOptions.defaultThreads
    /// Rebuild every output, changed or not (`--force`).
    public var force = false
    /// Remove outputs earlier builds made that the pipeline no longer declares (`--prune`).
    public var prune = false
    /// Run only this shard's jobs (`--shard I/N`).
    public var shard: Shard?
    /// Write here instead of the pipeline's `outputDirectory` (`--output-dir`).
    public var outputDirectory: String?
    public var limits: Limits = .standard
    public var pipeline = PipelineOptions()
    /// Part of every build key: a new version of the tool rebuilds everything.
    public var toolVersion: String

    public static var defaultThreads: Int { WorkerPool.availableCores }

    public init(toolVersion: String) { self.toolVersion = toolVersion }
}

/// Where a build is, for a progress bar.
public struct BuildProgress: Sendable, Equatable {
    /// Jobs in this run (this shard's), up to date ones included.
    public var total: Int
    public var upToDate: Int
    public var built = 0
    public var failed = 0
    public var elapsed: Duration = .zero
    /// Time left at the rate jobs have finished so far; nil before the first one.
    public var remaining: Duration?

    public var finished: Int { upToDate + built + failed }
}

/// What a build did.
public struct BuildReport: Sendable {
    public var pipelineFile: String
    public var outputDirectory: String
    public var shard: Shard?
    /// Jobs in the whole pipeline (every shard).
    public var plannedJobs: Int
    /// This run's outputs, sorted by path: built, up to date or failed.
    public var entries: [ManifestEntry]
    /// One per failed job, in output order, each with the usual error text.
    public var failures: [BuildFailure]
    /// Outputs of earlier builds the pipeline no longer declares (removed with `--prune`).
    public var undeclared: [String]
    /// What `--prune` removed.
    public var pruned: [String]
    public var warnings: [String]
    public var manifestPath: String
    /// The review page (not written by a shard: the merge writes it).
    public var indexPath: String?
    public var elapsed: Duration
    /// The pipeline file and every input and dark file the plan read: what `build --watch` watches.
    public var inputs: [String] = []

    public func count(_ status: ManifestEntry.Status) -> Int { entries.filter { $0.status == status }.count }
}

/// `cylanim build`: expands a pipeline into jobs, skips those whose input, settings and tool
/// version are unchanged, runs the rest on a pool of threads, and writes the manifest and the
/// review page.
public enum PipelineBuilder {
    /// Builds the pipeline at `pipelinePath` with the animators of `registry`. Failing jobs are
    /// reported in `BuildReport.failures`; the others finish. `progress` is called (from worker
    /// threads, one call at a time) as each job finishes.
    public static func build(pipelinePath: String, registry: AnimatorRegistry, options: BuildOptions,
                             progress: @escaping @Sendable (BuildProgress) -> Void = { _ in }) throws -> BuildReport {
        let started = ContinuousClock.now
        if options.prune && options.shard != nil {
            throw UsageError("--prune removes what the whole pipeline no longer declares; run it without --shard (for example after merging)")
        }
        var pipeline = try Pipeline.load(path: pipelinePath, options: options.pipeline)
        if let dir = options.outputDirectory { pipeline.outputDirectory = dir }
        let plan = try BuildPlan(pipeline: pipeline, options: options.pipeline, registry: registry, limits: options.limits)
        let outputDirectory = pipeline.outputDirectory
        var warnings = plan.warnings
        let previous = PreviousBuild(outputDirectory: outputDirectory, shard: options.shard, warnings: &warnings)
        let jobs = plan.jobs(in: options.shard)
        var scheduled = Scheduler(options: options, outputDirectory: outputDirectory, previous: previous, registry: registry)
        for job in jobs { scheduled.add(job) }
        try OutputWriter.makeDirectories(outputDirectory)
        let manifestPath = FileSystem.join(outputDirectory, BuildManifest.fileName(for: options.shard))
        StaleTemporaries.remove(targets: scheduled.pending.map(\.job.outputPath) + [manifestPath])

        let journalPath = FileSystem.join(outputDirectory, BuildManifest.journalName(for: options.shard))
        let runner = JobRunner(registry: registry, limits: options.limits, outputDirectory: outputDirectory, inputs: plan.inputPaths)
        let ran = run(scheduled, journalPath: journalPath, threads: options.threads, runner: runner, started: started, progress: progress)
        var entries = scheduled.done + ran.entries
        entries.sort { $0.output < $1.output }
        let failures = (scheduled.failures + ran.failures).sorted { $0.output < $1.output }

        let declared = Set(plan.jobs.map(\.key))
        var undeclared = previous.all.filter { !declared.contains($0.output) }.sorted { $0.output < $1.output }
        var pruned: [String] = []
        if options.prune {
            pruned = Pruner.remove(undeclared, outputDirectory: outputDirectory)
            undeclared = []
        }
        var manifest = BuildManifest(toolVersion: options.toolVersion, pipeline: pipelinePath, shard: options.shard,
                                     plannedJobs: plan.jobs.count, planDigest: BuildManifest.digest(of: plan.jobs), entries: entries)
        manifest.undeclared = undeclared
        manifest.elapsedMilliseconds = JobRunner.milliseconds(ContinuousClock.now - started)
        try OutputWriter.write(Array(manifest.text.utf8), to: manifestPath, inputs: plan.inputPaths)
        FileSystem.removeIfPresent(journalPath)

        var indexPath: String?
        if options.shard == nil {
            let path = FileSystem.join(outputDirectory, IndexPage.fileName)
            if !ran.entries.isEmpty || !pruned.isEmpty || !FileSystem.exists(path) || previous.outputsChanged(entries) {
                try OutputWriter.write(Array(IndexPage(manifest: manifest, outputDirectory: outputDirectory).html.utf8), to: path,
                                       inputs: plan.inputPaths)
            }
            indexPath = path
        }
        var report = BuildReport(pipelineFile: pipelinePath, outputDirectory: outputDirectory, shard: options.shard,
                                 plannedJobs: plan.jobs.count, entries: entries, failures: failures,
                                 undeclared: undeclared.map(\.output), pruned: pruned, warnings: warnings,
                                 manifestPath: manifestPath, indexPath: indexPath, elapsed: ContinuousClock.now - started)
        report.inputs = plan.inputPaths
        return report
    }

    /// Results of the jobs that ran.
    struct Ran: Sendable {
        var entries: [ManifestEntry] = []
        var failures: [BuildFailure] = []
        var progress: BuildProgress
    }

    /// Runs the jobs that are not up to date on the pool, journalling each as it finishes.
    static func run(_ scheduled: Scheduler, journalPath: String, threads: Int, runner: JobRunner, started: ContinuousClock.Instant,
                    progress: @escaping @Sendable (BuildProgress) -> Void) -> Ran {
        let initial = BuildProgress(total: scheduled.done.count + scheduled.pending.count, upToDate: scheduled.upToDate,
                                    failed: scheduled.failures.count)
        let pending = scheduled.ordered
        guard !pending.isEmpty else { return Ran(progress: initial) }
        let journal = Journal(path: journalPath)
        let state = Locked(Ran(progress: initial))
        let poolStarted = ContinuousClock.now
        WorkerPool.run(count: pending.count, threads: threads) { i in
            let share = frameThreads(job: i, of: pending.count, buildThreads: threads)
            let (entry, failure) = runner.run(pending[i].job, entry: pending[i].entry, frameThreads: share)
            state.withLock { ran in
                ran.entries.append(entry)
                if let failure { ran.failures.append(failure); ran.progress.failed += 1 } else { ran.progress.built += 1 }
                journal?.append(entry)
                let now = ContinuousClock.now
                ran.progress.elapsed = now - started
                let done = ran.entries.count
                ran.progress.remaining = (now - poolStarted) / done * (pending.count - done)
                progress(ran.progress)
            }
        }
        return state.withLock { $0 }
    }
}

extension PipelineBuilder {
    /// The threads job `index` (of `count`, started in index order) draws its frames on. `--jobs N`
    /// is the build's whole thread budget: while at least N jobs are left each job runs on one
    /// thread (jobs side by side share no work and wait on nothing), and a job started when fewer
    /// than N are left takes the idle workers' share, so the last long job (a WebP at 3x takes a
    /// sixth of the corpus build) does not leave cores idle. `--jobs 1` is one thread throughout.
    static func frameThreads(job index: Int, of count: Int, buildThreads: Int) -> Int {
        let left = max(1, count - index)
        return left >= buildThreads ? 1 : max(1, buildThreads / left)
    }
}

extension FileSystem {
    static func removeIfPresent(_ path: String) {
        if exists(path) { _ = remove(path, emptyParentsUpTo: FilePath.parentDirectory(of: path)) }
    }
}
