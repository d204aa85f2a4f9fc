/// Where a value sits in a document: `layers[3].shapes[1].ks.p.k[2]`.
public struct JSONPath: Sendable, Equatable, Hashable, CustomStringConvertible {
    public enum Component: Sendable, Equatable, Hashable {
        case key(String)
        case index(Int)
    }

    public var components: [Component]

    public init(_ components: [Component] = []) { self.components = components }

    public static let root = JSONPath()

    public func appending(key: String) -> JSONPath { JSONPath(components + [.key(key)]) }
    public func appending(index: Int) -> JSONPath { JSONPath(components + [.index(index)]) }

    /// `layers[3].ks.o`; keys that are not plain identifiers are quoted (`["a.b"]`); the root is `$`.
    public var description: String {
        if components.isEmpty { return "$" }
        var s = ""
        for c in components {
            switch c {
            case let .index(i): s += "[\(i)]"
            case let .key(k):
                let plain = !k.isEmpty && k.utf8.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || ($0 | 0x20 >= 0x61 && $0 | 0x20 <= 0x7A) || $0 == 0x5F || $0 == 0x24 }
                if plain { s += s.isEmpty ? k : ".\(k)" } else {
                    var escaped = ""
                    for ch in k { if ch == "\\" || ch == "\"" { escaped.append("\\") }; escaped.append(ch) }
                    s += "[\"\(escaped)\"]"
                }
            }
        }
        return s
    }
}

/// Why a JSON document could not be read, or why a value is not what the reader expected.
///
/// `description` is one line: `icon.json:3:14 (byte 40): expected ',' or '}'` for syntax errors and
/// `icon.json:layers[3].ks.o (3:14, byte 40): expected a number, found a string` for typed access.
public struct JSONError: Error, CustomStringConvertible, Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        /// Not valid (strict) JSON.
        case syntax
        /// Nesting deeper than the limit.
        case depthLimit(limit: Int)
        /// NaN, Infinity, or a number too large for a Double.
        case nonFiniteNumber
        /// The document is larger than the size limit (or than json-c can take, 2 GiB).
        case tooLarge
        /// A required object member is absent.
        case missingKey(String)
        /// A value has another type than expected.
        case wrongType(expected: String, found: String)
        /// An array index past the end.
        case indexOutOfRange(index: Int, count: Int)
        /// A value of the right type but not acceptable (for readers built on top: out of range, unknown tag, ...).
        case invalidValue
        /// Internal inconsistency between json-c's tree and the offset scanner (a bug; never a crash).
        case internalError
    }

    public var name: String
    public var offset: Int?
    public var line: Int?
    public var column: Int?
    public var path: JSONPath?
    public var kind: Kind
    public var message: String

    public init(name: String, offset: Int? = nil, line: Int? = nil, column: Int? = nil, path: JSONPath? = nil,
                kind: Kind, message: String) {
        self.name = name; self.offset = offset; self.line = line; self.column = column
        self.path = path; self.kind = kind; self.message = message
    }

    /// Where in the document: `layers[0].ks.o (1:26, byte 25)`, `3:7 (byte 18)`, or empty.
    public var location: String {
        var lc = ""
        if let line, let column { lc = "\(line):\(column)" }
        if let path {
            var inner: [String] = []
            if !lc.isEmpty { inner.append(lc) }
            if let offset { inner.append("byte \(offset)") }
            return "\(path)" + (inner.isEmpty ? "" : " (\(inner.joined(separator: ", ")))")
        }
        if let offset { lc += lc.isEmpty ? "byte \(offset)" : " (byte \(offset))" }
        return lc
    }

    public var description: String {
        let loc = location
        return loc.isEmpty ? "\(name): \(message)" : "\(name):\(loc): \(message)"
    }
}

/// The input's name and where its lines start, to turn byte offsets into line:column.
public final class JSONSource: Sendable {
    public let name: String
    let lineStarts: [Int]

    init(name: String, bytes: UnsafeBufferPointer<UInt8>) {
        self.name = name
        var starts = [0]
        for i in 0..<bytes.count where bytes[i] == 0x0A { starts.append(i + 1) }
        lineStarts = starts
    }

    /// 1-based line and column (in bytes) of a byte offset.
    public func lineColumn(_ offset: Int) -> (line: Int, column: Int) {
        var lo = 0, hi = lineStarts.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if lineStarts[mid] <= offset { lo = mid } else { hi = mid - 1 }
        }
        return (lo + 1, offset - lineStarts[lo] + 1)
    }

    func error(_ kind: JSONError.Kind, at offset: Int, path: JSONPath? = nil, _ message: String) -> JSONError {
        let lc = lineColumn(offset)
        return JSONError(name: name, offset: offset, line: lc.line, column: lc.column, path: path, kind: kind, message: message)
    }
}
