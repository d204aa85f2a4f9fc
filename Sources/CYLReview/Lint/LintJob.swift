import CYLConvert
import CYLTabBar
import CYLTimeline
import Foundation

/// `cylanim lint`: what will look wrong when these animations play in a tab bar.
public struct LintJob {
    /// Animations, tab-bar configurations and folders of them (searched recursively; a folder of
    /// PNG frames is one animation).
    public var inputs: [String]
    public var profile = LintProfile.tabIcon
    /// Rule ids not to run.
    public var disabled: Set<String> = []
    /// The icon's size in points; nil: the configuration's, or 30.
    public var pointSize: Double?
    /// How a lone animation plays; nil: as a tab plays it by default (GIFs opened as images loop).
    public var policy: PlaybackPolicy?
    public var openOptions = OpenOptions()
    public var configOptions = ConfigOptions()

    public init(inputs: [String]) {
        self.inputs = inputs
    }

    /// Lints every input. A file that cannot be opened or drawn is an `open-failed` finding, not
    /// a thrown error, so one bad file does not hide the others; a path that does not exist throws
    /// `OpenError`, unknown rule ids `UsageError`.
    public func run(registry: AnimatorRegistry) throws -> LintReport {
        guard !inputs.isEmpty else { throw UsageError("Give at least one animation, tab-bar configuration or folder to lint.") }
        for id in disabled where LintRule.named(id) == nil {
            throw UsageError("Unknown rule '\(id)' for '--disable': rules are \(LintRule.all.map(\.id).joined(separator: ", ")).")
        }
        if let p = pointSize, !(4...256).contains(p) { throw UsageError("Invalid point size \(p): expected 4-256.") }
        let linter = Linter(profile: profile, disabled: disabled)
        var report = LintReport(profile: profile.name, linted: [], findings: [], skipped: [])
        for input in inputs {
            let (files, skipped) = try expand(input, registry: registry)
            report.skipped += skipped
            for file in files { lint(file, linter: linter, registry: registry, into: &report) }
        }
        report.findings = Self.once(report.findings)
        return report
    }

    /// Each finding once per file: the same rule, place and message about one file (however its
    /// path is written) found again through another configuration that uses it, or as a lone
    /// file, is folded into the first, which lists where else it was found.
    static func once(_ findings: [LintFinding]) -> [LintFinding] {
        var out: [LintFinding] = []
        var first: [String: Int] = [:]
        for f in findings {
            let file = URL(fileURLWithPath: f.file).resolvingSymlinksInPath().path
            let key = [file, f.rule.id, f.location, f.message].joined(separator: "\u{0}")
            guard let i = first[key] else {
                first[key] = out.count
                out.append(f)
                continue
            }
            if let place = f.place, place != out[i].place, !out[i].alsoIn.contains(place) { out[i].alsoIn.append(place) }
        }
        return out
    }

    /// One file: a configuration (every animated tab) or an animation (a one-tab bar, so the
    /// `_dark` naming convention finds its dark variant).
    func lint(_ file: String, linter: Linter, registry: AnimatorRegistry, into report: inout LintReport) {
        let isConfiguration = TabBarConfiguration.looksLikeConfiguration(path: file, maxBytes: configOptions.maxBytes)
        let bar: TabBar
        do {
            let config = isConfiguration ? try TabBarConfiguration.load(path: file, options: configOptions) : .single(animationPath: file)
            bar = try TabBar(configuration: config, options: openOptions, registry: registry)
        } catch {
            report.linted.append(file)
            if linter.enabled.contains(LintRule.openFailed.id) {
                report.findings.append(LintFinding(rule: .openFailed, file: file, message: "\(error)"))
            }
            return
        }
        if isConfiguration, linter.enabled.contains(LintRule.inputWarning.id) {
            for d in bar.diagnostics where d.severity == .warning {
                report.findings.append(LintFinding(rule: .inputWarning, file: file, location: d.location, message: d.message))
            }
        }
        for subject in LintSubject.subjects(of: bar, lone: !isConfiguration, pointSize: pointSize, policy: policy) {
            report.linted.append(subject.file)
            report.findings += linter.lint(subject).map { f in
                var f = f
                if isConfiguration { f.configuration = file }
                return f
            }
        }
    }

    /// The files an input stands for: itself, or for a folder that is not an animation, every
    /// animation and configuration found in it (`InputDiscovery`), and the files skipped as neither.
    func expand(_ input: String, registry: AnimatorRegistry) throws -> ([String], [String]) {
        let probe = try ContentProbe.read(path: input)   // a missing input throws, naming it
        let discovery = InputDiscovery(registry: registry, configMaxBytes: configOptions.maxBytes)
        guard probe.isDirectory, discovery.kind(of: probe) == .folder else { return ([input], []) }
        let (found, skipped) = discovery.search(input)
        return (found.map(\.path), skipped)
    }
}
