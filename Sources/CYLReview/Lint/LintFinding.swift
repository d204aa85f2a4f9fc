/// One thing lint found.
public struct LintFinding: Sendable {
    public var rule: LintRule
    /// The file it is about.
    public var file: String
    /// The tab of a configuration ("tab 2 \"sync\""), nil for a lone animation.
    public var context: String?
    /// Where: "frame 12", "frames 3-9", a JSON path; empty for the whole file.
    public var location: String
    public var message: String
    /// The configuration file the tab belongs to, for a tab's finding.
    public var configuration: String?
    /// Other places the same finding about the same file was found (other configurations' tabs
    /// using the file): a finding is reported once per file.
    public var alsoIn: [String] = []

    public init(rule: LintRule, file: String, context: String? = nil, location: String = "", message: String) {
        self.rule = rule
        self.file = file
        self.context = context
        self.location = location
        self.message = message
    }

    /// Where it was found: `tab 2 "sync" of tabbar.json`, or the file itself (nil) for a lone animation.
    public var place: String? {
        guard let context else { return nil }
        return configuration.map { "\(context) of \($0)" } ?? context
    }

    /// `file: severity [rule-id] (tab … of config) location: message (also …) — fix: …`
    public var line: String {
        var s = "\(file): \(rule.severity.rawValue) [\(rule.id)] "
        if let place { s += "(\(place)) " }
        if !location.isEmpty { s += "\(location): " }
        return s + message + (alsoIn.isEmpty ? "" : " (also \(alsoIn.joined(separator: "; ")))") + " — fix: " + rule.fix
    }
}
