import CYLTabBarItemAnimation

/// `cylanim lint`: rules for what will look wrong in a tab bar; exit 1 when a rule of severity error
/// fires or the warnings pass `--max-warnings`.
enum LintCommand {
    static let spec = CommandSpec(
        name: "lint",
        abstract: "Check animations and tab-bar configurations for what will look wrong in a tab bar.",
        discussion: """
        Each finding names a rule (a stable id), its severity and a one-line fix. Rules: \
        \(LintRule.all.map { "\($0.id) (\($0.severity.rawValue)): \($0.summary)" }.joined(separator: "; ")). \
        Profiles: 'tab-icon' (default, every rule) and 'general' (what is wrong wherever it plays). A \
        configuration is linted tab by tab with its playback rules, icon size and dark bar colour; a \
        lone animation plays once on select unless --policy says otherwise, and its dark variant is \
        'name_dark.json' beside it, else a .lottie's theme named 'dark' (dark-contrast judges what \
        dark appearance shows, so such a theme can fix it). A folder is searched for animations and configurations (a folder of \
        PNG frames, with a manifest.json or two frames or more, is one animation). A finding about a \
        file several configurations use is printed once, saying where else it was found. Exit status: \
        1 when a finding is an error or there are more warnings than --max-warnings allows, else 0.
        """,
        usage: "cylanim lint <input>... [--profile tab-icon|general] [--disable <id>[,<id>...]] [--point-size <points>] [--policy <rule>] [--max-warnings <N>] [--json]",
        arguments: [ArgumentSpec(name: "input", help: "Animations, tab-bar configurations and folders of them.")],
        options: [
            .value("profile", "name", help: "Rule set: tab-icon (default) or general."),
            .value("disable", "ids", help: "Rules not to run, separated by commas."),
            .value("point-size", "points", help: "Icon size in points, 4-256 (default: the configuration's, or 30)."),
            .value("policy", "rule", help: "How lone animations play: play-once (default), loops-when-unselected or loop."),
            .value("max-warnings", "N", help: "Exit 1 when there are more than N warnings (as ESLint's; 0 for strict pipelines; default: any number)."),
            .flag("json", help: "Print the findings as JSON."),
            .flag("quiet", short: "q", help: "Print only the findings, not the summary line."),
        ] + CommonOptions.specs)

    static let policies: [String: PlaybackPolicy] = ["play-once": .playOnceOnSelect, "loops-when-unselected": .loopsWhenUnselected, "loop": .loop]

    static func run(_ args: ParsedArguments) throws -> Int32 {
        guard !args.positionals.isEmpty else { throw CLIUsageError(message: "Missing expected argument '<input>'.", command: spec) }
        var job = LintJob(inputs: args.positionals)
        job.openOptions = try CommonOptions.openOptions(args, spec)
        if let name = args.value("profile") {
            guard let p = LintProfile.named(name) else { throw usage("Invalid value '\(name)' for '--profile': expected \(LintProfile.all.map(\.name).joined(separator: " or ")).") }
            job.profile = p
        }
        if let text = args.value("disable") { job.disabled = Set(text.split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) }) }
        if let text = args.value("point-size") {
            guard let p = Double(text), (4...256).contains(p) else { throw usage("Invalid value '\(text)' for '--point-size': expected a number 4-256.") }
            job.pointSize = p
        }
        if let text = args.value("policy") {
            guard let p = policies[text] else { throw usage("Invalid value '\(text)' for '--policy': expected play-once, loops-when-unselected or loop.") }
            job.policy = p
        }
        let maxWarnings = try args.value("max-warnings").map { text throws(CLIUsageError) -> Int in
            guard let n = Int(text), n >= 0 else { throw usage("Invalid value '\(text)' for '--max-warnings': expected a whole number 0 or more.") }
            return n
        }
        if args.value("max-file-bytes") != nil { job.configOptions.maxBytes = job.openOptions.limits.maxFileBytes }
        job.configOptions.maxJSONDepth = job.openOptions.limits.maxJSONDepth
        let report = try job.run(registry: try CommonOptions.registry(args, spec))
        if args.has("json") {
            print(LimitFlag.explain(report.json.text))
        } else {
            (args.has("quiet") ? Array(report.lines.dropLast()) : report.lines).forEach { print(LimitFlag.explain($0)) }
        }
        if let maxWarnings, report.warningCount > maxWarnings {
            printError("\(report.warningCount) warning\(report.warningCount == 1 ? "" : "s"), more than --max-warnings \(maxWarnings) allows")
        }
        return report.fails(maxWarnings: maxWarnings) ? 1 : 0
    }

    static func usage(_ message: String) -> CLIUsageError { CLIUsageError(message: message, command: spec) }
}
