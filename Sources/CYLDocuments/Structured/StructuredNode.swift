import CYLLimits

/// Where a value starts in its document: line and column for text formats (JSON, JSON5, YAML,
/// XML property lists), the byte offset for binary property lists, which have no lines.
public struct SourcePosition: Sendable, Equatable, Hashable, CustomStringConvertible {
    /// 1-based line; 0 in a format without lines.
    public var line: Int
    /// 1-based column, counted in characters (Unicode scalars), as editors count them.
    public var column: Int
    /// Byte offset from the start of the document.
    public var offset: Int

    public init(line: Int, column: Int, offset: Int) {
        self.line = line
        self.column = column
        self.offset = offset
    }

    /// A position in a binary document: only the byte offset.
    public static func byte(_ offset: Int) -> SourcePosition { SourcePosition(line: 0, column: 0, offset: offset) }

    public var hasLines: Bool { line > 0 }

    /// `3:14`, or `byte 40` in a format without lines.
    public var description: String { hasLines ? "\(line):\(column)" : "byte \(offset)" }
}

/// One value of a configuration-like document (a map, a list or a scalar) and where it starts.
/// JSON, JSON5, property lists and YAML all read into this one tree, so that a reader of
/// configuration keys sees the same values and positions whatever the file's format.
public struct StructuredNode: Sendable {
    public var value: StructuredValue
    public var position: SourcePosition
    /// Values in this subtree, itself included, counting every use of a shared value (a YAML alias,
    /// a binary plist object referenced twice) again: what walking it costs.
    public var weight: Int

    public init(_ value: StructuredValue, at position: SourcePosition) {
        self.value = value
        self.position = position
        switch value {
        case .array(let items): weight = items.reduce(1) { $0 &+ $1.weight }
        case .object(let members): weight = members.reduce(1) { $0 &+ $1.value.weight }
        default: weight = 1
        }
    }

    /// The last member named `key` (a key written twice: the later one counts, as in every
    /// format's usual reading); nil when absent or when this is not a map.
    public subscript(key: String) -> StructuredNode? {
        guard case .object(let members) = value else { return nil }
        return members.last { $0.key == key }?.value
    }

    public var string: String? { if case .string(let s) = value { return s }; return nil }
    public var number: Double? { if case .number(let d) = value { return d }; return nil }
    public var bool: Bool? { if case .bool(let b) = value { return b }; return nil }
    public var array: [StructuredNode]? { if case .array(let a) = value { return a }; return nil }
    public var members: [StructuredMember]? { if case .object(let m) = value { return m }; return nil }
}

/// A map's member: its key, where the key is written, and its value.
public struct StructuredMember: Sendable {
    public var key: String
    public var keyPosition: SourcePosition
    public var value: StructuredNode

    public init(key: String, keyPosition: SourcePosition, value: StructuredNode) {
        self.key = key
        self.keyPosition = keyPosition
        self.value = value
    }
}

/// A value of a structured document.
public enum StructuredValue: Sendable {
    case null
    case bool(Bool)
    /// Every number is a finite Double (readers reject NaN and infinities with a located error).
    case number(Double)
    case string(String)
    case array([StructuredNode])
    /// Members in the order written; a key written twice appears twice.
    case object([StructuredMember])
    /// A value the tree keeps only to name it in messages: plist `<data>` or `<date>`.
    case other(String)

    /// "a string", "a number", "a map", ...: for messages.
    public var typeDescription: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "a list"
        case .object: return "a map"
        case .other(let what): return what
        }
    }
}

/// The file formats a structured document is read from.
public enum StructuredFormat: String, Sendable, Equatable, CaseIterable {
    /// JSON, and its supersets JSONC (comments, trailing commas) and JSON5 (also single quotes,
    /// unquoted keys, hexadecimal numbers): one reader.
    case json
    /// An XML property list (`<plist version="1.0">`).
    case xmlPropertyList = "xml-plist"
    /// A binary property list (`bplist00`).
    case binaryPropertyList = "binary-plist"
    case yaml

    /// How messages name it.
    public var displayName: String {
        switch self {
        case .json: return "JSON"
        case .xmlPropertyList: return "XML property list"
        case .binaryPropertyList: return "binary property list"
        case .yaml: return "YAML"
        }
    }
}

/// Bounds for reading one document; exceeding one is an error naming it.
public struct StructuredLimits: Sendable, Equatable {
    /// Deepest nesting of maps and lists.
    public var maxDepth: Int
    /// Most values, shared values counted at every use (YAML aliases, binary plist references):
    /// what stops a "billion laughs" document.
    public var maxValues: Int

    public init(maxDepth: Int = 64, maxValues: Int = 100_000) {
        self.maxDepth = maxDepth
        self.maxValues = maxValues
    }
}

/// Why a document could not be read: the document's name, the position, what is wrong.
public struct StructuredError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
        /// Not well-formed in its format.
        case syntax
        /// Deeper than `StructuredLimits.maxDepth`, or more values than `maxValues`.
        case limit
        /// NaN, an infinity, or a number too large for a Double.
        case nonFiniteNumber
        /// Well-formed but not something the tree can hold (a YAML tag, a plist UID, ...).
        case unsupported
        /// Not this kind of document at all (an HTML page, a PNG image, empty, UTF-16 text).
        case notADocument
    }

    public var name: String
    public var kind: Kind
    public var position: SourcePosition?
    public var message: String

    public init(name: String, _ kind: Kind, at position: SourcePosition?, _ message: String) {
        self.name = name
        self.kind = kind
        self.position = position
        self.message = message
    }

    /// `bar.yaml:3:14: mapping values are not allowed here`.
    public var description: String {
        position.map { "\(name):\($0): \(message)" } ?? "\(name): \(message)"
    }
}

/// Turns byte offsets of a text document into line and column (columns in Unicode scalars).
struct LineTable {
    let starts: [Int]
    let bytes: UnsafeBufferPointer<UInt8>

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        var s = [0]
        for i in 0..<bytes.count where bytes[i] == 0x0A { s.append(i + 1) }
        starts = s
        self.bytes = bytes
    }

    func position(_ offset: Int) -> SourcePosition {
        var lo = 0, hi = starts.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if starts[mid] <= offset { lo = mid } else { hi = mid - 1 }
        }
        // UTF-8 continuation bytes do not start a character.
        var column = 1
        var i = starts[lo]
        let end = min(offset, bytes.count)
        while i < end {
            if bytes[i] & 0xC0 != 0x80 { column += 1 }
            i += 1
        }
        return SourcePosition(line: lo + 1, column: column, offset: offset)
    }
}

/// Counts values as a reader builds them and refuses past the limits.
struct ValueBudget {
    let limits: StructuredLimits
    let name: String
    private(set) var used = 0

    init(_ limits: StructuredLimits, name: String) {
        self.limits = limits
        self.name = name
    }

    mutating func spend(_ n: Int, at position: SourcePosition) throws(StructuredError) {
        used = used &+ n
        guard used <= limits.maxValues, used >= 0 else {
            throw StructuredError(name: name, .limit, at: position,
                                  "the document has more than \(limits.maxValues) values (shared values counted at every use); a configuration has a few hundred")
        }
    }

    /// Readers descend recursively; deeper limits are clamped to this so a thread's stack holds.
    static let hardMaxDepth = 512

    var maxDepth: Int { min(max(1, limits.maxDepth), Self.hardMaxDepth) }

    func checkDepth(_ depth: Int, at position: SourcePosition) throws(StructuredError) {
        guard depth <= maxDepth else {
            throw StructuredError(name: name, .limit, at: position,
                                  "nesting is deeper than the limit of \(maxDepth) levels (\(Limit.maxJSONDepth))")
        }
    }
}
