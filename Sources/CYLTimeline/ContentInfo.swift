import CYLDocuments

/// Structured facts a back-end reports about an input beyond its frames — a Rive file's
/// artboards, animations, state machines and inputs — which `info` prints as text or JSON.
public indirect enum InfoValue: Sendable, Equatable {
    case string(String)
    case int(Int)
    case number(Double)
    case bool(Bool)
    case list([InfoValue])
    case object([InfoField])

    /// The value as indented text lines (`name: value`, nested lists and objects indented).
    public func lines(indent: String = "") -> [String] {
        switch self {
        case .list(let items):
            return items.flatMap { item -> [String] in
                let inner = item.lines(indent: indent + "  ")
                guard let first = inner.first else { return [] }
                return [indent + "- " + first.dropFirst(indent.count + 2)] + inner.dropFirst()
            }
        case .object(let fields):
            return fields.flatMap { f -> [String] in
                switch f.value {
                case .list(let items) where items.isEmpty: return [indent + f.name + ": none"]
                case .list, .object: return [indent + f.name + ":"] + f.value.lines(indent: indent + "  ")
                default: return [indent + f.name + ": " + f.value.scalarText]
                }
            }
        default:
            return [indent + scalarText]
        }
    }

    /// A scalar as text (whole numbers without a fraction).
    public var scalarText: String {
        switch self {
        case .string(let s): return s
        case .int(let n): return String(n)
        case .number(let d): return d.compactText
        case .bool(let b): return b ? "yes" : "no"
        case .list(let items): return items.map(\.scalarText).joined(separator: ", ")
        case .object(let fields): return fields.map { "\($0.name)=\($0.value.scalarText)" }.joined(separator: " ")
        }
    }
}

/// One named member of an `InfoValue.object`.
public struct InfoField: Sendable, Equatable {
    public var name: String
    public var value: InfoValue
    public init(_ name: String, _ value: InfoValue) {
        self.name = name
        self.value = value
    }
}
