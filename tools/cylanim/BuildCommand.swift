#if canImport(Glibc)
import Glibc
#endif
import Foundation
import CYLTabBarItemAnimation

/// `cylanim build`: every input × every output of a pipeline file, on every core, only what changed.
enum BuildCommand {
    static let spec = CommandSpec(
        name: "build",
        abstract: "Build every output a pipeline file declares, in parallel and incrementally.",
        discussion: """
        The pipeline file (JSON) lists inputs (files, folders, globs such as icons/*.json or **/*.gif, or \
        {"tabBar": "tabbar.json"} for every icon of a tab-bar configuration with its dark variant) and outputs \
        (format, size in points, scales, appearances, matte, fps, quality and a name such as \
        {name}{appearance}@{scale}x.{ext}). A dark output shows what a tab shows in dark appearance: \
        the input's dark file (name_dark.ext), else the theme its configuration's CYLTabBarAnimationOptions \
        darkTheme names, else its dark colours, else a .lottie's theme named 'dark'. Each input x output x scale x appearance is one job; jobs share \
        --jobs threads (one each until fewer jobs than threads are left). An output whose input (SHA-256), settings and cylanim version are unchanged is not \
        made again. The build writes build-manifest.json (every output with its input, settings, SHA-256, \
        bytes, frames, duration and time) and index.html beside the outputs. A failing input fails its own \
        jobs only; the exit status then says so. Interrupted builds leave no partial file and resume. \
        --shard I/N runs the jobs whose key hashes to I (of N, I from 0) and writes \
        build-manifest.shard-I-of-N.json; --merge-manifests DIR checks and combines the shards' manifests. \
        --watch keeps running and builds again whenever the pipeline file, an input, a dark file or a file \
        an input reads is saved, or a file appears in or goes from an input's folder (only what changed \
        is made again); a build that fails is reported and the next save is tried.
        """,
        usage: "cylanim build <pipeline> [--jobs <N>] [--force] [--prune] [--shard <I/N|auto|auto/N>] | cylanim build --merge-manifests <dir> [<pipeline>]",
        arguments: [ArgumentSpec(name: "pipeline", help: "The pipeline file (JSON); its paths are relative to it.")],
        options: [
            .value("jobs", short: "j", "N", help: "Threads for the whole build: one per job, the last jobs share idle ones (default: every core this process may use)."),
            .value("output-dir", short: "o", "dir", help: "Write the outputs, manifest and index.html here instead of the pipeline's outputDirectory."),
            .flag("force", help: "Rebuild every output, changed or not."),
            .flag("prune", help: "Remove outputs of earlier builds that the pipeline no longer declares (they are listed either way)."),
            .value("shard", "I/N|auto|auto/N",
                   help: "Run one of N disjoint parts (I counts from 0). auto reads CYLANIM_SHARD_INDEX/CYLANIM_SHARD_COUNT, SLURM_ARRAY_TASK_ID/SLURM_ARRAY_TASK_COUNT or JOB_COMPLETION_INDEX (with auto/N or CYLANIM_SHARD_COUNT)."),
            .value("merge-manifests", "dir",
                   help: "Combine the shard manifests in this folder into build-manifest.json and index.html, checking nothing is missing or duplicated."),
            .value("max-jobs", "N", help: "Most outputs a pipeline may declare (default \(PipelineOptions.defaultMaxJobs))."),
            .flag("quiet", short: "q", help: "No progress bar and no table; errors and warnings only."),
            .flag("json", help: "Print a JSON summary instead of the table."),
            .flag("watch", help: "Build again whenever a file the build read changes (Ctrl-C stops)."),
        ] + CommonOptions.specs.filter { !["fps", "gif-as", "assets", "slot", "theme"].contains($0.name) })

    static func run(_ args: ParsedArguments) throws -> Int32 {
        if let dir = args.value("merge-manifests") { return try merge(dir, args) }
        guard args.positionals.count == 1 else {
            throw usage(args.positionals.isEmpty ? "Missing expected argument '<pipeline>'." : "Unexpected extra argument '\(args.positionals[1])'.")
        }
        let options = try buildOptions(args)
        if args.has("watch") {
            guard options.shard == nil else { throw usage("--watch builds the whole pipeline; it takes no --shard") }
            return try watch(args, options)
        }
        return try buildOnce(args, options).status
    }

    /// `--watch`: a build, then another after each change to what it read, until interrupted.
    /// A build that throws (a broken pipeline file) is reported and the files watched stay those
    /// of the last build that ran, plus the pipeline file.
    static func watch(_ args: ParsedArguments, _ options: BuildOptions) throws -> Int32 {
        let pipeline = args.positionals[0]
        var started = FileWatcher.now()
        var last = try buildOnce(args, options).report
        let watcher = try FileWatcher()
        let quiet = args.has("quiet") || args.has("json")
        while true {
            // The inputs, what they read, and their folders (a new file a glob or folder input matches).
            var paths = last.inputs + [pipeline]
            paths += last.inputs.flatMap { AnimatorRegistry.standard.companionFiles(forPath: $0) }
            let folders = Set(last.inputs.map(FilePath.parentDirectory(of:))).sorted()
            let outputs = last.entries.map { last.outputDirectory + "/" + $0.output } + [last.manifestPath] + (last.indexPath.map { [$0] } ?? [])
            watcher.watch(paths, newEntriesIn: folders, ignoring: outputs)
            // A save made while the build ran, before the watch began, counts too.
            var changed = watcher.changed(since: started)
            if !quiet && changed.isEmpty { Terminal.writeError("cylanim: watching \(Set(paths).count) files and \(folders.count) folders for changes (Ctrl-C stops)\n") }
            while changed.isEmpty { changed = watcher.changes(within: nil) }
            if !quiet { Terminal.writeError("cylanim: changed: \(changed.joined(separator: ", ").escapingControlCharacters)\n") }
            started = FileWatcher.now()
            do {
                last = try buildOnce(args, options).report
            } catch {
                _ = report(error, command: spec)
            }
        }
    }

    /// One build, printed as the flags ask; its exit status.
    static func buildOnce(_ args: ParsedArguments, _ options: BuildOptions) throws -> (report: BuildReport, status: Int32) {
        let quiet = args.has("quiet") || args.has("json")
        let showProgress = !quiet && isatty(2) != 0
        let report = try PipelineBuilder.build(pipelinePath: args.positionals[0], registry: .standard, options: options) { p in
            if showProgress { Terminal.progress(p.bar()) }
        }
        if showProgress { Terminal.progress(nil) }
        for w in report.warnings { Terminal.writeError("cylanim: warning: \(w)\n") }
        for f in report.failures { printError(f.message) }
        if args.has("json") {
            print(LimitFlag.explain(summaryJSON(report).text))
        } else if !args.has("quiet") {
            print(LimitFlag.explain(report.table), terminator: "")
            if !report.undeclared.isEmpty {
                print("no longer declared (remove with --prune): " + report.undeclared.joined(separator: ", "))
            }
        }
        fflush(nil)   // every stream: under --watch the process runs on, and each build is told as it ends
        return (report, report.failures.first.map { exitCode($0.kind) } ?? 0)
    }

    static func usage(_ message: String) -> CLIUsageError { CLIUsageError(message: message, command: spec) }

    static func buildOptions(_ args: ParsedArguments) throws -> BuildOptions {
        var options = BuildOptions(toolVersion: version)
        options.limits = try CommonOptions.limits(args, spec)
        if args.value("max-file-bytes") != nil { options.pipeline.maxBytes = options.limits.maxFileBytes }
        if args.value("max-json-depth") != nil { options.pipeline.maxJSONDepth = options.limits.maxJSONDepth }
        if let text = args.value("jobs") {
            guard let n = Int(text), (1...1024).contains(n) else { throw usage("Invalid value '\(text)' for '--jobs': expected 1-1024.") }
            options.threads = n
        }
        if let text = args.value("max-jobs") {
            guard let n = Int(text), n > 0 else { throw usage("Invalid value '\(text)' for '--max-jobs': expected a positive whole number.") }
            options.pipeline.maxJobs = n
        }
        if let text = args.value("shard") {
            options.shard = try Shard.parse(text, environment: ProcessInfo.processInfo.environment)
        }
        options.outputDirectory = args.value("output-dir")
        options.force = args.has("force")
        options.prune = args.has("prune")
        return options
    }

    /// `--merge-manifests DIR [PIPELINE]`.
    static func merge(_ dir: String, _ args: ParsedArguments) throws -> Int32 {
        guard args.positionals.count <= 1 else { throw usage("Unexpected extra argument '\(args.positionals[1])'.") }
        for name in ["jobs", "force", "prune", "shard"] where args.has(name) {
            throw usage("'--\(name)' does not apply to --merge-manifests.")
        }
        let report = try ManifestMerger.merge(directory: dir, pipelinePath: args.positionals.first, registry: .standard)
        if !args.has("quiet") {
            print("merged \(report.shardManifests.count) shard manifests: \(report.manifest.entries.count) outputs; wrote \(report.manifestPath) and \(report.indexPath)")
        }
        return 0
    }

    static func exitCode(_ kind: BuildFailure.Kind) -> Int32 {
        switch kind {
        case .noInput: return ExitCode.noInput
        case .badData: return ExitCode.dataError
        case .cannotCreate: return ExitCode.cannotCreate
        case .io: return ExitCode.ioError
        }
    }

    static func summaryJSON(_ r: BuildReport) -> JSONOutput {
        .object([("built", .int(r.count(.built))), ("upToDate", .int(r.count(.upToDate))), ("failed", .int(r.count(.failed))),
                 ("outputs", .int(r.entries.count)), ("plannedJobs", .int(r.plannedJobs)),
                 ("shard", r.shard.map { .string($0.description) } ?? .null), ("manifest", .string(r.manifestPath)),
                 ("undeclared", .array(r.undeclared.map { .string($0) })), ("pruned", .array(r.pruned.map { .string($0) })),
                 ("failures", .array(r.failures.map { .string($0.message) })),
                 ("elapsed_ms", .double((r.elapsed.seconds * 1e4).rounded() / 10))])
    }
}
