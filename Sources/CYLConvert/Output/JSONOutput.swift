import CYLDocuments
import CYLRaster
import CYLTimeline
/// A tiny JSON writer for machine-readable output (`--json`, `--events`): members in the order
/// given, strings escaped, non-finite numbers written as null.
public indirect enum JSONOutput: Sendable {
    case string(String)
    case int(Int)
    case double(Double)
    case bool(Bool)
    case null
    case array([JSONOutput])
    case object([(String, JSONOutput)])

    /// The value as compact JSON text.
    public var text: String {
        switch self {
        case .string(let s): return TextEscaping.jsonString(s)
        case .int(let n): return String(n)
        case .double(let d): return d.isFinite ? d.compactText : "null"
        case .bool(let b): return b ? "true" : "false"
        case .null: return "null"
        case .array(let items): return "[" + items.map(\.text).joined(separator: ",") + "]"
        case .object(let members):
            return "{" + members.map { TextEscaping.jsonString($0.0) + ":" + $0.1.text }.joined(separator: ",") + "}"
        }
    }
}

extension JSONOutput {
    /// A back-end's structured facts (`FrameTimeline.contents`) as JSON.
    public init(_ value: InfoValue) {
        switch value {
        case .string(let s): self = .string(s)
        case .int(let n): self = .int(n)
        case .number(let d): self = .double(d)
        case .bool(let b): self = .bool(b)
        case .list(let items): self = .array(items.map(JSONOutput.init))
        case .object(let fields): self = .object(fields.map { ($0.name, JSONOutput($0.value)) })
        }
    }
}
