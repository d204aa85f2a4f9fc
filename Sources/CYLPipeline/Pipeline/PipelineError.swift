/// Why a pipeline file cannot be used: the file, where in it (`line:column`), which key (as a
/// JSON path such as `outputs[1].scales`), then what is wrong, with a did-you-mean for misspelt keys.
public struct PipelineError: Error, Sendable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
        /// Not JSON: syntax, nesting too deep, NaN/Infinity.
        case syntax
        /// The pipeline file is larger than the limit.
        case tooLarge
        /// A value of the wrong JSON type.
        case wrongType
        /// A value of the right type that cannot be used, or an unknown key.
        case invalidValue
        /// A required key is absent.
        case missing
        /// An input named by the pipeline does not exist (a literal path, not a glob).
        case missingFile
        /// The pipeline file itself is missing or unreadable.
        case unreadable
        /// The pipeline expands to more jobs than the limit.
        case tooManyJobs
    }

    public var file: String
    public var kind: Kind
    /// `line:column` in the pipeline file, when known.
    public var location: String?
    /// The key or JSON path of the value at fault.
    public var key: String?
    public var message: String

    public init(file: String, _ kind: Kind, location: String? = nil, key: String? = nil, _ message: String) {
        self.file = file
        self.kind = kind
        self.location = location
        self.key = key
        self.message = message
    }

    /// `pipeline.json:7:20: outputs[0].scales: expected an array of numbers, found a string`.
    public var description: String {
        var out = file
        if let location { out += ":\(location)" }
        out += ": "
        if let key { out += "\(key): " }
        return out + message
    }
}
