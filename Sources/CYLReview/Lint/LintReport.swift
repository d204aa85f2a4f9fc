import CYLConvert

/// What `lint` found over all its inputs.
public struct LintReport: Sendable {
    public var profile: String
    /// Every animation linted (a configuration's tabs each count), in order.
    public var linted: [String]
    public var findings: [LintFinding]
    /// Files inside folders that are neither animations nor configurations.
    public var skipped: [String]

    /// Whether any finding is an error (the command then exits 1).
    public var hasErrors: Bool { findings.contains { $0.rule.severity == .error } }

    /// Findings of severity warning.
    public var warningCount: Int { findings.filter { $0.rule.severity == .warning }.count }

    /// Whether the lint fails: an error, or more warnings than `maxWarnings` allows (as ESLint's
    /// `--max-warnings`; nil: any number).
    public func fails(maxWarnings: Int?) -> Bool {
        hasErrors || maxWarnings.map { warningCount > $0 } ?? false
    }

    /// How often each rule fired, in catalogue order, rules that did not fire left out.
    public var counts: [(rule: LintRule, findings: Int, files: Int)] {
        LintRule.all.compactMap { rule in
            let hits = findings.filter { $0.rule == rule }
            guard !hits.isEmpty else { return nil }
            return (rule, hits.count, Set(hits.map { $0.file + "\u{0}" + ($0.context ?? "") }).count)
        }
    }

    /// One line per finding, then a summary.
    public var lines: [String] {
        var out = findings.map(\.line)
        let bySeverity = LintSeverity.allCases.reversed().map { s in (s, findings.filter { $0.rule.severity == s }.count) }
        out.append("linted \(linted.count) animation\(linted.count == 1 ? "" : "s") with the \(profile) profile: "
                   + bySeverity.map { "\($0.1) \($0.0.rawValue)\($0.1 == 1 ? "" : "s")" }.joined(separator: ", ")
                   + (skipped.isEmpty ? "" : "; skipped \(skipped.count) file\(skipped.count == 1 ? "" : "s") that are not animations"))
        return out
    }

    public var json: JSONOutput {
        .object([
            ("profile", .string(profile)),
            ("linted", .array(linted.map { .string($0) })),
            ("errors", .int(findings.filter { $0.rule.severity == .error }.count)),
            ("warnings", .int(warningCount)),
            ("findings", .array(findings.map { f in
                .object([("rule", .string(f.rule.id)), ("severity", .string(f.rule.severity.rawValue)), ("file", .string(f.file)),
                         ("tab", f.context.map { .string($0) } ?? .null), ("location", .string(f.location)),
                         ("message", .string(f.message)), ("fix", .string(f.rule.fix)),
                         ("configuration", f.configuration.map { .string($0) } ?? .null), ("alsoIn", .array(f.alsoIn.map { .string($0) }))])
            })),
            ("counts", .object(counts.map { ($0.rule.id, .int($0.findings)) })),
            ("skipped", .array(skipped.map { .string($0) })),
        ])
    }
}
