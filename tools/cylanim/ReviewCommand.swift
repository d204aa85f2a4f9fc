#if canImport(Glibc)
import Glibc
#endif
import CYLTabBarItemAnimation

/// `cylanim review`: one self-contained HTML page to look at animations and tab bars.
enum ReviewCommand {
    static let spec = CommandSpec(
        name: "review",
        abstract: "Write one self-contained HTML page to review animations and tab bars in a browser.",
        discussion: """
        The page has everything inside (no network, CDN or other file): each input's facts (format, \
        canvas, frames, frame rate or delays, duration, loop, playback rule, diagnostics), its frames on \
        the light bar, the dark bar and a checkerboard at 1x, 2x and 3x of the point size, the dark \
        variant beside the light one when there is one, a scrubber with frame number and time, play, \
        pause and step, and select / reselect / deselect, which play the icon as a tab does. A tab-bar \
        configuration is also drawn whole, and clicking a tab selects it. Frames are embedded as one \
        sprite sheet per icon, appearance and scale (lossless WebP or PNG, whichever is smaller; \
        identical frames stored once). Opening the page with #frame=N shows frame N everywhere. \
        --watch keeps running: when a file the page was drawn from is saved it writes the page again, \
        and a page open in a browser reloads itself (it checks <page>.watch.js, written beside it, \
        twice a second); a save that cannot be opened is reported and the last page stays.
        """,
        usage: "cylanim review <input>... -o <html> [--point-size <points>] [--max-bytes <N>] [--title <text>] [--watch]",
        arguments: [ArgumentSpec(name: "input", help: "Animations (Lottie, Rive, GIF, a folder of PNG frames), tab-bar configurations, and folders of them (searched as lint searches).")],
        options: [
            .value("output", short: "o", "html", help: "The page to write."),
            .value("point-size", "points", help: "Icon size in points, 4-256 (default: the configuration's, or 30)."),
            .value("max-bytes", "N", help: "Largest page written (default \(ReviewOptions.defaultMaxBytes))."),
            .value("title", "text", help: "The page's title."),
            .flag("watch", help: "Write the page again whenever a file it was drawn from changes; the open page reloads itself. Ctrl-C stops."),
            .flag("quiet", short: "q", help: "Print nothing on success."),
        ] + CommonOptions.specs)

    static func run(_ args: ParsedArguments) throws -> Int32 {
        guard !args.positionals.isEmpty else { throw CLIUsageError(message: "Missing expected argument '<input>'.", command: spec) }
        guard let output = args.value("output") else { throw CLIUsageError(message: "Missing expected option '-o <html>'.", command: spec) }
        var job = ReviewJob(inputs: args.positionals, output: output)
        job.openOptions = try CommonOptions.openOptions(args, spec)
        job.options.title = args.value("title")
        if let text = args.value("point-size") {
            guard let p = Double(text), (4...256).contains(p) else {
                throw CLIUsageError(message: "Invalid value '\(text)' for '--point-size': expected a number 4-256.", command: spec)
            }
            job.options.pointSize = p
        }
        if let text = args.value("max-bytes") {
            guard let n = Int(text), n > 0 else {
                throw CLIUsageError(message: "Invalid value '\(text)' for '--max-bytes': expected a positive whole number.", command: spec)
            }
            job.options.maxBytes = n
        }
        if args.value("max-file-bytes") != nil { job.configOptions.maxBytes = job.openOptions.limits.maxFileBytes }
        job.configOptions.maxJSONDepth = job.openOptions.limits.maxJSONDepth
        let registry = try CommonOptions.registry(args, spec)
        let quiet = args.has("quiet")
        guard args.has("watch") else {
            report(try job.run(registry: registry), quiet: quiet)
            return 0
        }
        // Each page written names a new token; the open page reloads when the token changes.
        var generation = 1
        job.options.watchToken = "\(getpid())-\(generation)"
        var started = FileWatcher.now()
        var result = try job.run(registry: registry)
        report(result, quiet: quiet)
        let watcher = try FileWatcher()
        var watched = result.inputs + args.positionals
        let ownFiles = [output, ReviewOptions.watchScript(for: output)]
        if !quiet { Terminal.writeError("cylanim: watching \(Set(watched).count) files for changes (Ctrl-C stops)\n") }
        while true {
            watcher.watch(watched, ignoring: ownFiles)
            // A save made while the page was written, before the watch began, counts too.
            var changed = watcher.changed(since: started)
            while changed.isEmpty { changed = watcher.changes(within: nil) }
            if !quiet { Terminal.writeError("cylanim: changed: \(changed.joined(separator: ", ").escapingControlCharacters)\n") }
            generation += 1
            job.options.watchToken = "\(getpid())-\(generation)"
            started = FileWatcher.now()
            do {
                result = try job.run(registry: registry)
                report(result, quiet: quiet)
                watched = result.inputs + args.positionals
            } catch {
                // The page stays as it was; the next save is tried again.
                printError("\(error) (the page keeps the last version that opened)")
            }
        }
    }

    static func report(_ result: ReviewJob.Result, quiet: Bool) {
        guard !quiet else { return }
        for d in result.diagnostics { Terminal.warn(d.description) }
        // Unbuffered: under --watch the process runs on, and each page is told when it is written.
        Terminal.write("wrote review page \(result.output): \(result.byteCount) bytes (\(result.imageBytes) in \(result.sheetCount) sprite sheets), "
                       + "\(result.iconCount) icon\(result.iconCount == 1 ? "" : "s")\(result.barCount > 0 ? ", \(result.barCount) tab bar\(result.barCount == 1 ? "" : "s")" : "")\n", to: 1)
    }
}
