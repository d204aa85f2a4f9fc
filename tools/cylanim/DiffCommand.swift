import CYLTabBarItemAnimation

/// `cylanim diff A B`: frame-by-frame visual comparison for CI; exit 0 within the limits, 1 over, 2 on error.
enum DiffCommand {
    static let spec = CommandSpec(
        name: "diff",
        abstract: "Compare two animations frame by frame: changed pixels, largest difference and PSNR per frame.",
        discussion: """
        A and B are animations in any format (two versions of an icon, a GIF against the Lottie it came \
        from) or reference PNGs named by frame number through a pattern such as 'ref/f-%04d.png' (what \
        'cylanim render -o ref/f-%04d.png' writes). Frames are aligned by time: every moment a frame \
        starts on either side is compared, so different frame rates and merged frames line up; an \
        animation against references compares frame N with reference N. Both sides are drawn at one \
        size (--size; default: the references' size, else A's canvas fitted into 256x256). A pixel has \
        changed when one of its premultiplied RGBA channels differs by more than --tolerance (default \
        16); a frame passes with at most --max-changed-pixels changed (default 1%, or a pixel count). \
        The worst frames are listed first. Exit status: 0 when every frame passes, 1 when one does not \
        (or a reference frame has no partner), 2 on any error.
        """,
        usage: "cylanim diff <a> <b> [--size WxH] [--tolerance N] [--max-changed-pixels N|N%] [-o strip.png] [--html page.html] [--json]",
        arguments: [ArgumentSpec(name: "a", help: "The first animation, or reference frames 'dir/name-%04d.png'."),
                    ArgumentSpec(name: "b", help: "The second, likewise.")],
        options: [
            .value("size", "WxH", help: "Compare at WxH pixels, each side fitted and centred (N alone means NxN)."),
            .value("tolerance", "N", help: "Largest channel difference (0-255) of an unchanged pixel (default \(DiffJob.defaultTolerance))."),
            .value("max-changed-pixels", "N|N%", help: "Changed pixels a frame may have: a share such as 1% (default) or a count."),
            .value("output", short: "o", "png", help: "Write a strip of A, B and a heat map for the worst frames."),
            .value("html", "file", help: "Write a self-contained HTML page of the comparison."),
            .value("worst", "N", help: "Worst frames listed, drawn in the strip and on the page (default 4, at most 64)."),
            .flag("json", help: "Print every number as JSON (worst frames first)."),
            .flag("quiet", short: "q", help: "Print nothing; the exit status says it all."),
        ] + CommonOptions.specs,
        errorExit: 2)

    static func run(_ args: ParsedArguments) throws -> Int32 {
        guard args.positionals.count == 2 else {
            throw CLIUsageError(message: args.positionals.count < 2 ? "Expected two inputs, A and B." : "Unexpected extra argument '\(args.positionals[2])'.", command: spec)
        }
        var job = DiffJob(a: args.positionals[0], b: args.positionals[1])
        job.openOptions = try CommonOptions.openOptions(args, spec)
        job.strip = args.value("output")
        job.html = args.value("html")
        if let text = args.value("size") { job.size = try OutputSize.parseBox(text) }
        if let text = args.value("tolerance") { job.tolerance = try int(text, "tolerance", 0...255) }
        if let text = args.value("worst") { job.worstShown = try int(text, "worst", 1...64) }
        if let text = args.value("max-changed-pixels") { job.limit = try ChangedPixelsLimit(parsing: text) }
        let report = try job.run(registry: try CommonOptions.registry(args, spec))
        if args.has("json") {
            print(LimitFlag.explain(report.json.text))
        } else if !args.has("quiet") {
            report.text(shown: job.worstShown).forEach { print(LimitFlag.explain($0)) }
            report.written.forEach { print("wrote \($0.path)") }
        }
        return report.passed ? 0 : 1
    }

    static func int(_ text: String, _ name: String, _ range: ClosedRange<Int>) throws(CLIUsageError) -> Int {
        guard let n = Int(text), range.contains(n) else {
            throw CLIUsageError(message: "Invalid value '\(text)' for '--\(name)': expected a whole number \(range.lowerBound)-\(range.upperBound).", command: spec)
        }
        return n
    }
}
