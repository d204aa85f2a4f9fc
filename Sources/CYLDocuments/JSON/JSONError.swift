#if canImport(Glibc)
import Glibc
#endif
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
        /// The document is larger than the size limit, has more values than the value limit, or is
        /// over 2 GiB.
        case tooLarge
        /// A required object member is absent.
        case missingKey(String)
        /// A value has another type than expected.
        case wrongType(expected: String, found: String)
        /// An array index past the end.
        case indexOutOfRange(index: Int, count: Int)
        /// A value of the right type but not acceptable (for readers built on top: out of range, unknown tag, ...).
        case invalidValue
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
    public var location: SourceLocation {
        SourceLocation(path: path, line: line, column: line == nil ? nil : column, offset: offset)
    }

    public var description: String {
        location.isEmpty ? "\(name): \(message)" : "\(name):\(location): \(message)"
    }
}

/// The input's name and text, to turn byte offsets into line:column.
///
/// Keeps the document's bytes (shared with the caller's array, not copied) and the line number at
/// every 4 KiB block: a table of every line start cost 8 bytes per line, 256 MB for a document of
/// 32 MiB of newlines. A lookup counts newlines within one block and scans back to its line start.
public final class JSONSource: Sendable {
    public let name: String
    private let bytes: [UInt8]
    /// Newlines before the start of each `blockSize` block.
    private let linesBeforeBlock: [Int32]
    private static let blockSize = 4096

    init(name: String, bytes: [UInt8]) {
        self.name = name
        self.bytes = bytes
        var table: [Int32] = []
        table.reserveCapacity(bytes.count / Self.blockSize + 1)
        var lines: Int32 = 0
        bytes.withUnsafeBufferPointer { p in
            guard let base = p.baseAddress else { table.append(0); return }
            for start in stride(from: 0, through: p.count, by: Self.blockSize) {
                table.append(lines)
                // memchr: most Lottie files are one long line, which it passes over 16+ bytes at a time.
                var i = start
                let stop = min(start + Self.blockSize, p.count)
                while i < stop, let hit = memchr(base + i, 0x0A, stop - i) {
                    lines += 1
                    i = base.distance(to: hit.assumingMemoryBound(to: UInt8.self)) + 1
                }
            }
        }
        linesBeforeBlock = table
    }

    /// 1-based line and column (in bytes) of a byte offset.
    public func lineColumn(_ offset: Int) -> (line: Int, column: Int) {
        let at = min(max(0, offset), bytes.count)
        return bytes.withUnsafeBufferPointer { p in
            let block = at / Self.blockSize
            var line = Int(linesBeforeBlock[min(block, linesBeforeBlock.count - 1)])
            for i in (block * Self.blockSize)..<at where p[i] == 0x0A { line += 1 }
            var lineStart = at
            while lineStart > 0 && p[lineStart - 1] != 0x0A { lineStart -= 1 }
            return (line + 1, at - lineStart + 1)
        }
    }

    func error(_ kind: JSONError.Kind, at offset: Int, path: JSONPath? = nil, _ message: String) -> JSONError {
        let lc = lineColumn(offset)
        return JSONError(name: name, offset: offset, line: lc.line, column: lc.column, path: path, kind: kind, message: message)
    }
}
