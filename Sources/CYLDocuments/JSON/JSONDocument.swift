import CYLLimits

/// A JSON value and the byte offset where it starts in the document.
public struct JSONNode: Sendable {
    public var value: JSONValue
    /// Stored in 32 bits (documents are at most 2 GiB): a node is 24 bytes instead of 32, and a
    /// document's tree is mostly nodes.
    private var start: Int32

    public init(value: JSONValue, offset: Int) { self.value = value; self.start = Int32(clamping: offset) }

    /// Where the value starts in the document (its first byte).
    public var offset: Int {
        get { Int(start) }
        set { start = Int32(clamping: newValue) }
    }
}

public enum JSONValue: Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONNode])
    /// Members in file order. A key written twice appears once, where it was first written, with
    /// the value written last (what most JSON readers do).
    case object([(key: String, value: JSONNode)])
}

/// Reads JSON documents strictly (RFC 8259: no comments, no trailing commas, no single quotes,
/// valid UTF-8), rejecting NaN and Infinity, with a nesting limit and a limit on the number of
/// values; every value remembers its byte offset.
///
/// Memory is a flat tape (`JSONTape`): 16 bytes per value and per object key, plus the decoded
/// text of strings written with escapes; other text stays in the document's bytes. `parse`, which
/// returns a `JSONNode` tree, adds about 24 bytes per value plus 16 per object member and the text
/// of strings (json-c, used before, took 50-800 bytes per value: a 32 MiB file of `{}` needed
/// 9 GB). `maxValues` therefore bounds the memory a document can take.
public enum JSONDocument {
    /// Default nesting limit (json-c's is 32; Lottie files nest deeper than that).
    public static let defaultMaxDepth = 64
    /// Larger limits are clamped to this.
    public static let hardMaxDepth = 1000
    /// Default size limit (`--max-json-bytes`).
    public static let defaultMaxBytes = 32 << 20
    /// Default limit on values (`--max-json-values`, `Limits.defaultMaxJSONValues`): numbers,
    /// strings, literals, arrays and objects.
    public static let defaultMaxValues = 2_000_000

    /// Parses a whole document. A UTF-8 byte-order mark at the start is skipped (offsets still count it).
    public static func parse(_ bytes: [UInt8], name: String, maxDepth: Int = defaultMaxDepth,
                             maxBytes: Int = defaultMaxBytes, maxValues: Int = defaultMaxValues) throws(JSONError) -> JSONNode {
        try parseElement(bytes, name: name, maxDepth: maxDepth, maxBytes: maxBytes, maxValues: maxValues).node
    }

    /// Parses a whole document and returns its root with path and line information, for typed access.
    public static func parseElement(_ bytes: [UInt8], name: String, maxDepth: Int = defaultMaxDepth,
                                    maxBytes: Int = defaultMaxBytes, maxValues: Int = defaultMaxValues) throws(JSONError) -> JSONElement {
        guard bytes.count <= maxBytes else {
            throw JSONError(name: name, kind: .tooLarge,
                            message: "the JSON document is \(bytes.count) bytes, more than the limit of \(maxBytes) (\(Limit.maxJSONBytes))")
        }
        guard bytes.count < Int(Int32.max) else {
            throw JSONError(name: name, kind: .tooLarge, message: "the document is \(bytes.count) bytes; at most 2 GiB can be read")
        }
        let source = JSONSource(name: name, bytes: bytes)
        let tape = try bytes.withUnsafeBufferPointer { (buf) throws(JSONError) -> JSONTape in
            var reader = JSONReader(buf, source: source, maxDepth: min(max(1, maxDepth), hardMaxDepth), maxValues: max(1, maxValues))
            try reader.document()
            return JSONTape(reader.out, source: source, basePath: .root)
        }
        return JSONElement(tape: tape, index: 0)
    }

    @inline(__always) static func isSpace(_ c: UInt8) -> Bool { c == 0x20 || c == 0x0A || c == 0x0D || c == 0x09 }
}

/// The parser: one pass over the bytes writing the tape (see `JSONTape`), with an explicit stack
/// of open containers (no recursion, so nesting depth never touches the thread's stack). A
/// container's entry is written when it opens and completed (end, count) when it closes.
struct JSONReader {
    private let p: UnsafeBufferPointer<UInt8>
    private let n: Int
    private let source: JSONSource
    private let maxDepth: Int
    private let maxValues: Int
    private var i = 0
    /// Values read so far (keys are not values).
    private var values = 0
    /// The tape being written: its entries, and the text of every string and key.
    let out: JSONTape.Builder

    private struct Open {
        var isObject: Bool
        /// Its entry on the tape.
        var entry: Int
        var count: Int
    }
    private var open: [Open] = []

    init(_ p: UnsafeBufferPointer<UInt8>, source: JSONSource, maxDepth: Int, maxValues: Int) {
        self.p = p
        self.n = p.count
        self.source = source
        self.maxDepth = maxDepth
        self.maxValues = maxValues
        // About one value per 6 bytes in Lottie files, and a tenth of the bytes in strings; growth
        // doubles from there.
        out = JSONTape.Builder(entries: min(p.count / 6, maxValues * 2), text: p.count / 10)
    }

    // MARK: Document and containers

    mutating func document() throws(JSONError) {
        if n >= 3 && p[0] == 0xEF && p[1] == 0xBB && p[2] == 0xBF { i = 3 }
        skipSpace()
        guard i < n else { throw source.error(.syntax, at: n, "the document is empty") }
        valueLoop: while true {
            try value()
            // The value is complete: count it in its container, closing every container it completes.
            while !open.isEmpty {
                let top = open.count - 1
                open[top].count += 1
                let isObject = open[top].isObject
                skipSpace()
                guard i < n else { throw endInside() }
                let c = p[i]
                if c == 0x2C {  // ,
                    i += 1
                    if isObject { try memberKey(afterComma: true) }
                    continue valueLoop
                }
                guard c == (isObject ? 0x7D : 0x5D) else {
                    throw fail(i, isObject ? "expected ',' or '}' (found \(found(i)))" : "expected ',' or ']' (found \(found(i)))")
                }
                i += 1
                let closed = open.removeLast()
                out[closed.entry].word = UInt64(closed.count) << 32 | UInt64(out.count)
            }
            break
        }
        skipSpace()
        if i < n { throw fail(i, "unexpected data after the JSON value") }
    }

    /// Counts one value against `maxValues`.
    @inline(__always) private mutating func countValue() throws(JSONError) {
        values += 1
        if values > maxValues {
            throw source.error(.tooLarge, at: i, "the document has more than \(maxValues) values (\(Limit.maxJSONValues))")
        }
    }

    /// Reads one value; a container is opened and its first key read, and its first child is then
    /// read by the next turn of the loop in `document()` (an empty container is written whole).
    private mutating func value() throws(JSONError) {
        while true {
            skipSpace()
            guard i < n else { throw endInside() }
            try countValue()
            let start = i
            let c = p[i]
            switch c {
            case 0x7B, 0x5B:  // { [
                guard open.count < maxDepth else {
                    throw source.error(.depthLimit(limit: maxDepth), at: i,
                                       "nesting is deeper than the limit of \(maxDepth) levels (\(Limit.maxJSONDepth))")
                }
                let isObject = c == 0x7B
                i += 1
                skipSpace()
                let entry = out.count
                out.append(.container(object: isObject, end: entry + 1, count: 0, at: start))
                if i < n && p[i] == (isObject ? 0x7D : 0x5D) {
                    i += 1
                    return
                }
                open.append(Open(isObject: isObject, entry: entry, count: 0))
                if isObject { try memberKey(afterComma: false) }
                continue
            case 0x22:
                try string()
                return
            case 0x2D, 0x30...0x39:
                let v = try number()
                out.append(.scalar(.number, v.bitPattern, at: start))
                return
            case 0x74:
                try literal("true")
                out.append(.scalar(.bool, 1, at: start))
                return
            case 0x66:
                try literal("false")
                out.append(.scalar(.bool, 0, at: start))
                return
            case 0x6E:
                if i + 1 < n && (p[i + 1] == 0x61 || p[i + 1] == 0x41) { throw nonFinite(i) }  // nan
                try literal("null")
                out.append(.scalar(.null, 0, at: start))
                return
            case 0x4E, 0x49, 0x69:  // NaN, Infinity, infinity
                throw nonFinite(i)
            default:
                throw fail(i, "expected a value (found \(found(i)))")
            }
        }
    }

    /// A key written twice keeps its first position and takes the value written last.
    static func mergeDuplicateKeys<Value>(_ list: inout [(key: String, value: Value)]) {
        var hasDuplicates = false
        if list.count <= 16 {
            outer: for a in 1..<list.count {
                for b in 0..<a where list[a].key == list[b].key { hasDuplicates = true; break outer }
            }
        } else {
            var seen = Set<String>(minimumCapacity: list.count)
            for m in list where !seen.insert(m.key).inserted { hasDuplicates = true; break }
        }
        guard hasDuplicates else { return }
        var position: [String: Int] = [:]
        var merged: [(key: String, value: Value)] = []
        for m in list {
            if let at = position[m.key] { merged[at].value = m.value } else {
                position[m.key] = merged.count
                merged.append(m)
            }
        }
        list = merged
    }

    /// After `{` or `,` in an object: the key (a string entry) and its `:`.
    private mutating func memberKey(afterComma: Bool) throws(JSONError) {
        skipSpace()
        guard i < n else { throw endInside() }
        guard p[i] == 0x22 else {
            throw fail(i, afterComma ? "expected a quoted key (found \(found(i)))" : "expected a quoted key or '}' (found \(found(i)))")
        }
        try string()
        skipSpace()
        guard i < n else { throw endInside() }
        guard p[i] == 0x3A else { throw fail(i, "expected ':' after the key (found \(found(i)))") }
        i += 1
    }

    // MARK: Scalars

    private mutating func literal(_ word: StaticString) throws(JSONError) {
        let w = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        guard i + w.count <= n, (0..<w.count).allSatisfy({ p[i + $0] == w[$0] }) else {
            throw fail(i, "expected a value (found \(found(i)))")
        }
        i += w.count
    }

    /// `-?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?`, correctly rounded to the nearest Double.
    private mutating func number() throws(JSONError) -> Double {
        let start = i
        var negative = false
        if p[i] == 0x2D {
            negative = true
            i += 1
            if i < n, p[i] == 0x49 || p[i] == 0x4E || p[i] == 0x69 || p[i] == 0x6E { throw nonFinite(start) }
        }
        guard i < n, isDigit(p[i]) else { throw fail(i, "invalid number") }
        // Every digit goes into `mantissa` (exact while there are at most 19 of them, leading
        // zeros included); `scale` counts the fraction's digits.
        var mantissa: UInt64 = 0, digits = 0, scale = 0
        if p[i] == 0x30 { i += 1 } else {
            while i < n && isDigit(p[i]) { mantissa = mantissa &* 10 &+ UInt64(p[i] &- 0x30); digits += 1; i += 1 }
        }
        if i < n && p[i] == 0x2E {
            i += 1
            guard i < n, isDigit(p[i]) else { throw fail(start, "invalid number: digits must follow the decimal point") }
            let first = i
            while i < n && isDigit(p[i]) { mantissa = mantissa &* 10 &+ UInt64(p[i] &- 0x30); i += 1 }
            scale = i - first
            digits += scale
        }
        var exponent = 0, exponentDigits = 0
        if i < n && (p[i] == 0x65 || p[i] == 0x45) {
            i += 1
            var negativeExponent = false
            if i < n && (p[i] == 0x2B || p[i] == 0x2D) { negativeExponent = p[i] == 0x2D; i += 1 }
            guard i < n, isDigit(p[i]) else { throw fail(start, "invalid number: digits must follow the exponent") }
            while i < n && isDigit(p[i]) {
                if exponentDigits < 6 { exponent = exponent * 10 + Int(p[i] - 0x30) }
                exponentDigits += 1
                i += 1
            }
            if negativeExponent { exponent = -exponent }
        }
        // Exact fast path (Clinger): a mantissa below 2^53 and a power of ten up to 1e22 are both
        // exact Doubles, so one multiplication or division is correctly rounded.
        let power = exponent - scale
        if digits <= 19 && mantissa <= 1 << 53 && exponentDigits <= 6 && power >= -22 && power <= 22 {
            let m = Double(mantissa)
            let v = power < 0 ? m / Self.powersOfTen[-power] : m * Self.powersOfTen[power]
            return negative ? -v : v
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: p[start..<i]), as: UTF8.self)
        guard let v = Double(text), v.isFinite else {
            throw source.error(.nonFiniteNumber, at: start, "number is too large for a Double")
        }
        return v
    }

    private static let powersOfTen: [Double] = (0...22).map { k in (0..<k).reduce(1.0) { r, _ in r * 10 } }

    /// A string at its opening quote, written to the tape: escapes decoded (into `text`), UTF-8
    /// validated, control characters refused.
    private mutating func string() throws(JSONError) {
        let quote = i
        i += 1
        let begin = i
        // Fast path: no escapes.
        while i < n {
            let c = p[i]
            if c == 0x22 {
                let textStart = out.textCount
                out.appendText(UnsafeBufferPointer(rebasing: p[begin..<i]))
                out.append(.string(start: textStart, length: i - begin, at: quote))
                i += 1
                return
            }
            if c == 0x5C { break }
            if c < 0x20 { throw fail(i, "control characters must be escaped in strings") }
            if c < 0x80 { i += 1 } else { try utf8Sequence() }
        }
        guard i < n else { throw endInside() }
        let textStart = out.textCount
        out.appendText(UnsafeBufferPointer(rebasing: p[begin..<i]))
        while i < n {
            let c = p[i]
            if c == 0x22 {
                i += 1
                out.append(.string(start: textStart, length: out.textCount - textStart, at: quote))
                return
            }
            if c < 0x20 { throw fail(i, "control characters must be escaped in strings") }
            if c >= 0x80 {
                let from = i
                try utf8Sequence()
                out.appendText(UnsafeBufferPointer(rebasing: p[from..<i]))
                continue
            }
            if c != 0x5C { out.appendText(c); i += 1; continue }
            guard i + 1 < n else { throw endInside() }
            let e = p[i + 1]
            switch e {
            case 0x22, 0x5C, 0x2F: out.appendText(e)
            case 0x62: out.appendText(0x08)
            case 0x66: out.appendText(0x0C)
            case 0x6E: out.appendText(0x0A)
            case 0x72: out.appendText(0x0D)
            case 0x74: out.appendText(0x09)
            case 0x75:
                var scalar = try hex4(at: i + 2)
                i += 6
                if scalar >= 0xD800 && scalar < 0xDC00 {
                    // A high surrogate pairs with a following low one; alone, either is U+FFFD.
                    if i + 6 <= n, p[i] == 0x5C, p[i + 1] == 0x75, let low = try? hex4(at: i + 2), low >= 0xDC00 && low < 0xE000 {
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                        i += 6
                    } else {
                        scalar = 0xFFFD
                    }
                } else if scalar >= 0xDC00 && scalar < 0xE000 {
                    scalar = 0xFFFD
                }
                appendUTF8(scalar)
                continue
            default:
                throw fail(i, "invalid escape '\\\(found(i + 1))' in a string")
            }
            i += 2
        }
        throw endInside()
    }

    private func hex4(at j: Int) throws(JSONError) -> UInt32 {
        guard j + 4 <= n else { throw endInside() }
        var v: UInt32 = 0
        for k in j..<(j + 4) {
            let c = p[k]
            let d: UInt8
            switch c {
            case 0x30...0x39: d = c - 0x30
            case 0x61...0x66: d = c - 0x61 + 10
            case 0x41...0x46: d = c - 0x41 + 10
            default: throw fail(k, "invalid \\u escape: expected 4 hex digits")
            }
            v = v << 4 | UInt32(d)
        }
        return v
    }

    private mutating func appendUTF8(_ v: UInt32) {
        switch v {
        case 0..<0x80: out.appendText(UInt8(v))
        case 0x80..<0x800: for b in [UInt8(0xC0 | v >> 6), UInt8(0x80 | v & 0x3F)] { out.appendText(b) }
        case 0x800..<0x10000: for b in [UInt8(0xE0 | v >> 12), UInt8(0x80 | (v >> 6) & 0x3F), UInt8(0x80 | v & 0x3F)] { out.appendText(b) }
        default: for b in [UInt8(0xF0 | v >> 18), UInt8(0x80 | (v >> 12) & 0x3F), UInt8(0x80 | (v >> 6) & 0x3F), UInt8(0x80 | v & 0x3F)] { out.appendText(b) }
        }
    }

    /// Skips one well-formed multi-byte UTF-8 sequence at `i` (Unicode table 3-7: no overlong
    /// forms, no surrogates, nothing past U+10FFFF).
    private mutating func utf8Sequence() throws(JSONError) {
        let c = p[i]
        let length: Int, low: UInt8, high: UInt8
        switch c {
        case 0xC2...0xDF: length = 2; low = 0x80; high = 0xBF
        case 0xE0: length = 3; low = 0xA0; high = 0xBF
        case 0xE1...0xEC, 0xEE, 0xEF: length = 3; low = 0x80; high = 0xBF
        case 0xED: length = 3; low = 0x80; high = 0x9F
        case 0xF0: length = 4; low = 0x90; high = 0xBF
        case 0xF1...0xF3: length = 4; low = 0x80; high = 0xBF
        case 0xF4: length = 4; low = 0x80; high = 0x8F
        default: throw fail(i, "invalid UTF-8")
        }
        guard i + length <= n, p[i + 1] >= low, p[i + 1] <= high,
              (2..<length).allSatisfy({ p[i + $0] & 0xC0 == 0x80 }) else { throw fail(i, "invalid UTF-8") }
        i += length
    }

    // MARK: Helpers

    @inline(__always) private func isDigit(_ c: UInt8) -> Bool { c >= 0x30 && c <= 0x39 }

    @inline(__always) private mutating func skipSpace() {
        while i < n && JSONDocument.isSpace(p[i]) { i += 1 }
    }

    private func fail(_ at: Int, _ message: String) -> JSONError { source.error(.syntax, at: min(at, n), message) }

    private func endInside() -> JSONError { source.error(.syntax, at: n, "the document ends inside a value") }

    private func nonFinite(_ at: Int) -> JSONError { source.error(.nonFiniteNumber, at: at, "NaN and Infinity are not JSON numbers") }

    /// `'x'` for a printable ASCII byte, `byte 0x..` otherwise, `the end` past the end.
    private func found(_ at: Int) -> String {
        guard at < n else { return "the end" }
        let b = p[at]
        return b >= 0x20 && b < 0x7F ? "'\(Character(Unicode.Scalar(b)))'" : "byte 0x\(String(b, radix: 16))"
    }
}
