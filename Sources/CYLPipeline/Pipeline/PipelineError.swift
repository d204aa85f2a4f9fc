import CYLDocuments

/// Why a pipeline file cannot be used: the file, where in it (`line:column`), which key (as a
/// JSON path such as `outputs[1].scales`), then what is wrong, with a did-you-mean for misspelt keys.
public struct PipelineError: Error, Sendable, CustomStringConvertible {
    /// What went wrong, for exit codes and tests (shared with tab-bar configurations).
    public typealias Kind = SettingsProblem

    public var file: String
    public var kind: Kind
    /// `line:column` in the pipeline file; empty when unknown.
    public var location: SourceLocation
    /// The JSON path of the value at fault (`outputs[1].scales`), nil for the whole file.
    public var key: JSONPath?
    public var message: String

    public init(file: String, _ kind: Kind, location: SourceLocation = SourceLocation(), key: JSONPath? = nil, _ message: String) {
        self.file = file
        self.kind = kind
        self.location = location
        self.key = key
        self.message = message
    }

    /// `pipeline.json:7:20: outputs[0].scales: expected an array of numbers, found a string`.
    public var description: String {
        var out = file
        if !location.isEmpty { out += ":\(location)" }
        out += ": "
        if let key { out += "\(key): " }
        return out + message
    }
}

extension JSONPath {
    /// A pipeline file's `inputs`, for errors about what they match.
    static let inputs = JSONPath([.key("inputs")])

    /// `outputs[i].name`, for errors about the names an output pattern makes.
    static func outputName(_ index: Int) -> JSONPath { JSONPath([.key("outputs"), .index(index), .key("name")]) }
}
