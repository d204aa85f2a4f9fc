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
        case .string(let s): return Self.quote(s)
        case .int(let n): return String(n)
        case .double(let d): return d.isFinite ? d.compactText : "null"
        case .bool(let b): return b ? "true" : "false"
        case .null: return "null"
        case .array(let items): return "[" + items.map(\.text).joined(separator: ",") + "]"
        case .object(let members):
            return "{" + members.map { Self.quote($0.0) + ":" + $0.1.text }.joined(separator: ",") + "}"
        }
    }

    /// `s` as a JSON string literal, quotes included.
    public static func quote(_ s: String) -> String {
        var out = "\""
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where u.value < 0x20:
                let hex = String(u.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(u)
            }
        }
        return out + "\""
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
