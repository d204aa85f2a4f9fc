import CJSONC

/// A JSON value and the byte offset where it starts in the document.
public struct JSONNode: Sendable {
    public var value: JSONValue
    public var offset: Int

    public init(value: JSONValue, offset: Int) { self.value = value; self.offset = offset }
}

public enum JSONValue: Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONNode])
    /// Members in file order. A key written twice appears once, where it was first written, with
    /// the value written last (json-c's rule, and what most JSON readers do).
    case object([(key: String, value: JSONNode)])
}

/// Reads JSON documents with json-c in strict mode (no comments, no trailing commas, no single
/// quotes, valid UTF-8), rejecting NaN and Infinity, with a nesting limit; every value remembers
/// its byte offset.
///
/// json-c does not record offsets, so a small scanner walks the (already validated) bytes and
/// records where each value starts, in document order; that list is zipped with a pre-order walk
/// of json-c's tree (json-c objects keep insertion order).
public enum JSONDocument {
    /// Default nesting limit (json-c's own default is 32; Lottie files nest deeper than that).
    public static let defaultMaxDepth = 64
    /// Larger limits are clamped to this, so that the recursive tree walk stays well inside a thread's stack.
    public static let hardMaxDepth = 1000
    /// Default size limit. The parsed trees take about 50 bytes of memory per byte of a
    /// structure-heavy document (measured on the Lottie corpus), so 32 MiB can cost ~1.6 GB.
    public static let defaultMaxBytes = 32 << 20

    /// Parses a whole document. A UTF-8 byte-order mark at the start is skipped (offsets still count it).
    public static func parse(_ bytes: [UInt8], name: String, maxDepth: Int = defaultMaxDepth,
                             maxBytes: Int = defaultMaxBytes) throws(JSONError) -> JSONNode {
        try parseElement(bytes, name: name, maxDepth: maxDepth, maxBytes: maxBytes).node
    }

    /// Parses a whole document and returns its root with path and line information, for typed access.
    public static func parseElement(_ bytes: [UInt8], name: String, maxDepth: Int = defaultMaxDepth,
                                    maxBytes: Int = defaultMaxBytes) throws(JSONError) -> JSONElement {
        guard bytes.count <= maxBytes else {
            throw JSONError(name: name, kind: .tooLarge,
                            message: "the JSON document is \(bytes.count) bytes, more than the limit of \(maxBytes) (raise it with --max-json-bytes)")
        }
        return try bytes.withUnsafeBufferPointer { (buf) throws(JSONError) -> JSONElement in
            let source = JSONSource(name: name, bytes: buf)
            let node = try parse(buf, source: source, maxDepth: maxDepth)
            return JSONElement(node: node, path: .root, source: source)
        }
    }

    static func parse(_ buf: UnsafeBufferPointer<UInt8>, source: JSONSource, maxDepth: Int) throws(JSONError) -> JSONNode {
        let depth = min(max(1, maxDepth), hardMaxDepth)
        guard buf.count < Int(Int32.max) else {
            throw JSONError(name: source.name, kind: .tooLarge, message: "the document is \(buf.count) bytes; json-c reads at most 2 GiB")
        }
        var start = 0
        if buf.count >= 3 && buf[0] == 0xEF && buf[1] == 0xBB && buf[2] == 0xBF { start = 3 }
        if buf.count - start == 0 || buf[start...].allSatisfy({ isSpace($0) }) {
            throw source.error(.syntax, at: buf.count, "the document is empty")
        }
        let tree = try JSONCTree(buf, start: start, depth: depth, source: source)
        let scan = try OffsetScanner.scan(buf, start: start, source: source)
        var index = 0
        let builder = TreeZipper(scan: scan, source: source, bytes: buf)
        return try builder.build(tree.root, &index)
    }

    @inline(__always) static func isSpace(_ c: UInt8) -> Bool { c == 0x20 || c == 0x0A || c == 0x0D || c == 0x09 }
}

/// Owns the json-c tokener and tree; frees both.
final class JSONCTree {
    let root: OpaquePointer?
    private let tokener: UnsafeMutablePointer<json_tokener>

    init(_ buf: UnsafeBufferPointer<UInt8>, start: Int, depth: Int, source: JSONSource) throws(JSONError) {
        guard let tok = json_tokener_new_ex(Int32(depth)) else {
            throw JSONError(name: source.name, kind: .internalError, message: "json-c could not allocate a tokener")
        }
        tokener = tok
        json_tokener_set_flags(tok, JSON_TOKENER_STRICT | JSON_TOKENER_VALIDATE_UTF8)
        let len = buf.count - start
        let obj = buf.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buf.count) {
            json_tokener_parse_ex(tok, $0 + start, Int32(len))
        }
        var err = json_tokener_get_error(tok)
        var end = start + json_tokener_get_parse_end(tok)
        var obj2 = obj
        if err == json_tokener_continue && end == buf.count && obj == nil {
            // A top-level number or literal is only complete once json-c sees what follows it.
            obj2 = json_tokener_parse_ex(tok, " ", 1)
            err = json_tokener_get_error(tok)
            end = buf.count
        }
        root = obj2   // from here on, deinit frees the tree and the tokener (also when init throws)
        if err != json_tokener_success {
            switch err {
            case json_tokener_continue:
                throw source.error(.syntax, at: buf.count, "the document ends inside a value")
            case json_tokener_error_depth:
                throw source.error(.depthLimit(limit: depth), at: min(end, buf.count),
                                   "nesting is deeper than the limit of \(depth) levels (raise it with --max-json-depth)")
            default:
                let desc = String(cString: json_tokener_error_desc(err))
                let at = min(end, buf.count)
                throw source.error(.syntax, at: at, describe(err, desc, at < buf.count ? buf[at] : nil))
            }
        }
        var rest = end
        while rest < buf.count && JSONDocument.isSpace(buf[rest]) { rest += 1 }
        if rest < buf.count {
            throw source.error(.syntax, at: rest, "unexpected data after the JSON value")
        }
    }

    deinit {
        if let root { json_object_put(root) }
        json_tokener_free(tokener)
    }

    private func describe(_ err: json_tokener_error, _ desc: String, _ byte: UInt8?) -> String {
        let found: String
        if let b = byte {
            found = b >= 0x20 && b < 0x7F ? "'\(Character(Unicode.Scalar(b)))'" : "byte 0x\(String(b, radix: 16))"
        } else {
            found = "the end"
        }
        switch err {
        case json_tokener_error_parse_comment: return "comments are not allowed in JSON (found \(found))"
        case json_tokener_error_parse_utf8_string: return "invalid UTF-8"
        case json_tokener_error_parse_object_key_name: return "expected a quoted key or '}' (found \(found))"
        case json_tokener_error_parse_object_key_sep: return "expected ':' after the key (found \(found))"
        case json_tokener_error_parse_object_value_sep: return "expected ',' or '}' (found \(found))"
        case json_tokener_error_parse_array: return "expected ',' or ']' (found \(found))"
        default: return "\(desc) (found \(found))"
        }
    }
}

/// Where every value starts, in document (pre-)order, with container sizes and member key offsets.
struct OffsetScanner {
    struct Entry {
        /// Where the value starts.
        var offset: Int32
        /// Members (objects) or elements (arrays) as written; 0 for scalars.
        var count: Int32
        /// Number of values in the subtree, the value itself included.
        var size: Int32
        /// For object members, the offset of the key's opening quote; -1 otherwise.
        var keyOffset: Int32
    }
    /// One entry per value, in one array (one growth, one bounds check per value).
    var entries: [Entry] = []

    static func scan(_ p: UnsafeBufferPointer<UInt8>, start: Int, source: JSONSource) throws(JSONError) -> OffsetScanner {
        var s = OffsetScanner()
        let n = p.count
        // Lottie files average one value per 6-10 bytes; reserving avoids most regrowth copies.
        s.entries.reserveCapacity(max(16, (n - start) / 6))
        var i = start
        var stack: [(index: Int, isObject: Bool, count: Int32)] = []
        var pendingKey: Int32 = -1

        func fail(_ at: Int, _ message: String) -> JSONError { source.error(.syntax, at: min(at, n), message) }
        func skipSpace() { while i < n && JSONDocument.isSpace(p[i]) { i += 1 } }
        func skipString() throws(JSONError) {   // at the opening quote
            let open = i
            i += 1
            while i < n {
                let c = p[i]
                if c == 0x22 { i += 1; return }
                if c < 0x20 { throw fail(i, "control characters must be escaped in strings") }
                i += c == 0x5C ? 2 : 1
            }
            throw fail(open, "unterminated string")
        }
        func digits() -> Int {
            let from = i
            while i < n && p[i] >= 0x30 && p[i] <= 0x39 { i += 1 }
            return i - from
        }
        /// -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?  (json-c alone accepts "1." and others).
        func scanNumber() throws(JSONError) {
            let from = i
            if p[i] == 0x2D { i += 1 }
            guard i < n, p[i] >= 0x30 && p[i] <= 0x39 else { throw fail(i, "invalid number") }
            if p[i] == 0x30 { i += 1 } else { _ = digits() }
            if i < n && p[i] == 0x2E {
                i += 1
                guard digits() > 0 else { throw fail(from, "invalid number: digits must follow the decimal point") }
            }
            if i < n && (p[i] == 0x65 || p[i] == 0x45) {
                i += 1
                if i < n && (p[i] == 0x2B || p[i] == 0x2D) { i += 1 }
                guard digits() > 0 else { throw fail(from, "invalid number: digits must follow the exponent") }
            }
        }
        func nonFinite(_ at: Int) -> JSONError {
            source.error(.nonFiniteNumber, at: at, "NaN and Infinity are not JSON numbers")
        }

        scanning: while true {
            // A value.
            skipSpace()
            guard i < n else { throw fail(i, "expected a value") }
            let idx = s.entries.count
            s.entries.append(Entry(offset: Int32(i), count: 0, size: 1, keyOffset: pendingKey))
            pendingKey = -1
            if !stack.isEmpty { stack[stack.count - 1].count += 1 }
            let c = p[i]
            var opened = false
            switch c {
            case 0x7B, 0x5B: // { [
                stack.append((idx, c == 0x7B, 0))
                i += 1
                opened = true
            case 0x22:
                try skipString()
            case 0x2D, 0x30...0x39: // - digits
                if c == 0x2D && i + 1 < n && (p[i + 1] == 0x49 || p[i + 1] == 0x4E || p[i + 1] == 0x69 || p[i + 1] == 0x6E) {
                    throw nonFinite(i)
                }
                try scanNumber()
            case 0x74, 0x66, 0x6E: // t f n
                if c == 0x6E && i + 1 < n && (p[i + 1] == 0x61 || p[i + 1] == 0x41) { throw nonFinite(i) }  // nan
                while i < n && p[i] >= 0x61 && p[i] <= 0x7A { i += 1 }
            case 0x4E, 0x49, 0x69: // N I i
                throw nonFinite(i)
            default:
                throw fail(i, "unexpected character")
            }
            // After a value (or just after an opening bracket): close containers, find the next value.
            while true {
                skipSpace()
                guard let top = stack.last else {
                    break scanning
                }
                guard i < n else { throw fail(i, "the document ends inside a value") }
                let d = p[i]
                if (top.isObject && d == 0x7D) || (!top.isObject && d == 0x5D) {
                    i += 1
                    s.entries[top.index].count = top.count
                    s.entries[top.index].size = Int32(s.entries.count - top.index)
                    stack.removeLast()
                    opened = false
                    continue
                }
                if !opened {
                    guard d == 0x2C else { throw fail(i, "expected ',' or a closing bracket") }
                    i += 1
                    skipSpace()
                }
                if top.isObject {
                    guard i < n, p[i] == 0x22 else { throw fail(i, "expected a quoted key") }
                    pendingKey = Int32(i)
                    try skipString()
                    skipSpace()
                    guard i < n, p[i] == 0x3A else { throw fail(i, "expected ':'") }
                    i += 1
                }
                continue scanning
            }
        }
        return s
    }
}

/// Zips json-c's tree with the scanner's offsets.
struct TreeZipper {
    let scan: OffsetScanner
    let source: JSONSource
    let bytes: UnsafeBufferPointer<UInt8>

    private func inconsistent(_ at: Int) -> JSONError {
        source.error(.internalError, at: at, "json-c's tree and the offset scanner disagree here (please report)")
    }

    func build(_ obj: OpaquePointer?, _ index: inout Int) throws(JSONError) -> JSONNode {
        let my = index
        guard my < scan.entries.count else { throw inconsistent(bytes.count) }
        index += 1
        let offset = Int(scan.entries[my].offset)
        let first = bytes[offset]
        switch json_object_get_type(obj) {
        case json_type_null:
            guard first == 0x6E else { throw inconsistent(offset) }
            return JSONNode(value: .null, offset: offset)
        case json_type_boolean:
            guard first == 0x74 || first == 0x66 else { throw inconsistent(offset) }
            return JSONNode(value: .bool(json_object_get_boolean(obj) != 0), offset: offset)
        case json_type_int:
            guard first == 0x2D || (first >= 0x30 && first <= 0x39) else { throw inconsistent(offset) }
            var end = offset + 1
            while end < bytes.count && bytes[end] >= 0x30 && bytes[end] <= 0x39 { end += 1 }
            let d: Double
            if end - offset > 18 {
                // json-c clamps integers beyond 64 bits; read the digits as a Double (correctly rounded).
                d = Double(String(decoding: UnsafeBufferPointer(rebasing: bytes[offset..<end]), as: UTF8.self)) ?? .nan
            } else {
                d = Double(json_object_get_int64(obj))
            }
            guard d.isFinite else { throw source.error(.nonFiniteNumber, at: offset, "number is too large for a Double") }
            return JSONNode(value: .number(d), offset: offset)
        case json_type_double:
            guard first == 0x2D || (first >= 0x30 && first <= 0x39) else { throw inconsistent(offset) }
            let d = json_object_get_double(obj)
            guard d.isFinite else {
                throw source.error(.nonFiniteNumber, at: offset, "number is too large for a Double")
            }
            return JSONNode(value: .number(d), offset: offset)
        case json_type_string:
            guard first == 0x22 else { throw inconsistent(offset) }
            return JSONNode(value: .string(Self.string(obj)), offset: offset)
        case json_type_array:
            guard first == 0x5B else { throw inconsistent(offset) }
            let n = Int(json_object_array_length(obj))
            guard n == Int(scan.entries[my].count) else { throw inconsistent(offset) }
            var items: [JSONNode] = []
            items.reserveCapacity(n)
            for i in 0..<n { items.append(try build(json_object_array_get_idx(obj, i), &index)) }
            return JSONNode(value: .array(items), offset: offset)
        case json_type_object:
            guard first == 0x7B else { throw inconsistent(offset) }
            let n = Int(json_object_object_length(obj))
            let written = Int(scan.entries[my].count)
            var members: [(key: String, value: JSONNode)] = []
            members.reserveCapacity(n)
            if n == written {
                var it = json_object_iter_begin(obj)
                var end = json_object_iter_end(obj)
                while json_object_iter_equal(&it, &end) == 0 {
                    let key = String(cString: json_object_iter_peek_name(&it))
                    members.append((key, try build(json_object_iter_peek_value(&it), &index)))
                    json_object_iter_next(&it)
                }
            } else {
                // Duplicate keys: json-c kept each key once, at its first position, with its last value.
                var lastIndex: [String: Int] = [:]
                var order: [String] = []
                var child = my + 1
                for _ in 0..<written {
                    guard child < scan.entries.count, scan.entries[child].keyOffset >= 0 else { throw inconsistent(offset) }
                    let key = Self.decodeKey(bytes, at: Int(scan.entries[child].keyOffset))
                    if lastIndex[key] == nil { order.append(key) }
                    lastIndex[key] = child
                    child += Int(scan.entries[child].size)
                }
                guard order.count == n else { throw inconsistent(offset) }
                for key in order {
                    var valueObj: OpaquePointer? = nil
                    guard json_object_object_get_ex(obj, key, &valueObj) != 0 else { throw inconsistent(offset) }
                    var at = lastIndex[key]!
                    members.append((key, try build(valueObj, &at)))
                }
                index = my + Int(scan.entries[my].size)
            }
            return JSONNode(value: .object(members), offset: offset)
        default:
            throw inconsistent(offset)
        }
    }

    static func string(_ obj: OpaquePointer?) -> String {
        guard let p = json_object_get_string(obj) else { return "" }
        let n = Int(json_object_get_string_len(obj))
        return p.withMemoryRebound(to: UInt8.self, capacity: n) {
            String(decoding: UnsafeBufferPointer(start: $0, count: n), as: UTF8.self)
        }
    }

    /// Decodes the (validated) JSON string starting at the opening quote `at`.
    static func decodeKey(_ p: UnsafeBufferPointer<UInt8>, at: Int) -> String {
        var out: [UInt8] = []
        var i = at + 1
        func hex4(_ j: Int) -> UInt32? {
            guard j + 4 <= p.count else { return nil }
            var v: UInt32 = 0
            for k in j..<(j + 4) {
                let c = p[k]
                let d: UInt8
                switch c {
                case 0x30...0x39: d = c - 0x30
                case 0x61...0x66: d = c - 0x61 + 10
                case 0x41...0x46: d = c - 0x41 + 10
                default: return nil
                }
                v = v << 4 | UInt32(d)
            }
            return v
        }
        while i < p.count && p[i] != 0x22 {
            if p[i] != 0x5C { out.append(p[i]); i += 1; continue }
            guard i + 1 < p.count else { break }
            let e = p[i + 1]
            i += 2
            switch e {
            case 0x6E: out.append(0x0A)
            case 0x74: out.append(0x09)
            case 0x72: out.append(0x0D)
            case 0x62: out.append(0x08)
            case 0x66: out.append(0x0C)
            case 0x75:
                guard var v = hex4(i) else { break }
                i += 4
                if v >= 0xD800 && v < 0xDC00, i + 6 <= p.count, p[i] == 0x5C, p[i + 1] == 0x75, let lo = hex4(i + 2),
                   lo >= 0xDC00 && lo < 0xE000 {
                    v = 0x10000 + ((v - 0xD800) << 10) + (lo - 0xDC00)
                    i += 6
                }
                out += Array(String(Unicode.Scalar(v).map(Character.init) ?? "\u{FFFD}").utf8)
            default: out.append(e)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
