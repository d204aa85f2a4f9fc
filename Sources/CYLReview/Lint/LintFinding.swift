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

    public init(rule: LintRule, file: String, context: String? = nil, location: String = "", message: String) {
        self.rule = rule
        self.file = file
        self.context = context
        self.location = location
        self.message = message
    }

    /// `file: severity [rule-id] (tab …) location: message — fix: …`
    public var line: String {
        var s = "\(file): \(rule.severity.rawValue) [\(rule.id)] "
        if let context { s += "(\(context)) " }
        if !location.isEmpty { s += "\(location): " }
        return s + message + " — fix: " + rule.fix
    }
}
