/// Reads JSON and its supersets: JSONC (`//` and `/* */` comments, trailing commas) and JSON5
/// (also single-quoted strings, unquoted keys, hexadecimal numbers, a leading `+` or `.`, escaped
/// line breaks in strings). Strict JSON is JSON5 without the extras, so one reader serves all three.
///
/// Unlike `JSONDocument` (built for large Lottie files), this reader keeps every member a key was
/// written with, so a configuration can warn about a key written twice, and counts columns in
/// characters. NaN and infinities are rejected: a configuration's numbers are finite.
public enum JSON5Reader {
    public static func read(_ bytes: [UInt8], name: String, limits: StructuredLimits = StructuredLimits()) throws(StructuredError) -> StructuredNode {
        try bytes.withUnsafeBufferPointer { (buf) throws(StructuredError) -> StructuredNode in
            var parser = JSON5Parser(buf, name: name, limits: limits)
            return try parser.document()
        }
    }
}

struct JSON5Parser {
    let p: UnsafeBufferPointer<UInt8>
    let name: String
    let lines: LineTable
    var budget: ValueBudget
    var i = 0

    init(_ p: UnsafeBufferPointer<UInt8>, name: String, limits: StructuredLimits) {
        self.p = p
        self.name = name
        lines = LineTable(p)
        budget = ValueBudget(limits, name: name)
    }

    func position(_ offset: Int) -> SourcePosition { lines.position(offset) }

    func fail(_ at: Int, _ message: String, _ kind: StructuredError.Kind = .syntax) -> StructuredError {
        StructuredError(name: name, kind, at: position(min(at, p.count)), message)
    }

    /// "'x'", "'é'", "byte 0x00", "the end": what stands at `at`, for messages.
    func found(_ at: Int) -> String {
        guard at < p.count else { return "the end" }
        let b = p[at]
        if b >= 0x20 && b < 0x7F { return "'\(Character(Unicode.Scalar(b)))'" }
        if b >= 0x80, let (scalar, _) = decodeScalar(at), scalar.properties.isAlphabetic || scalar.properties.generalCategory == .otherSymbol {
            return "'\(Character(scalar))'"
        }
        return "byte 0x\(String(b, radix: 16, uppercase: true))"
    }

    mutating func document() throws(StructuredError) -> StructuredNode {
        if p.count >= 3 && p[0] == 0xEF && p[1] == 0xBB && p[2] == 0xBF { i = 3 }
        try skipTrivia()
        guard i < p.count else { throw fail(i, "the document is empty", .notADocument) }
        let root = try value(depth: 0)
        try skipTrivia()
        guard i >= p.count else { throw fail(i, "unexpected \(found(i)) after the document's value (one value per file)") }
        return root
    }

    // MARK: Trivia

    /// Whitespace (JSON5's set: also vertical tab, form feed, no-break space, BOM and the Unicode
    /// line separators) and comments.
    mutating func skipTrivia() throws(StructuredError) {
        while i < p.count {
            let c = p[i]
            switch c {
            case 0x20, 0x09, 0x0A, 0x0D, 0x0B, 0x0C: i += 1
            case 0xC2 where i + 1 < p.count && p[i + 1] == 0xA0: i += 2
            case 0xEF where i + 2 < p.count && p[i + 1] == 0xBB && p[i + 2] == 0xBF: i += 3
            case 0xE2 where i + 2 < p.count && p[i + 1] == 0x80 && (p[i + 2] == 0xA8 || p[i + 2] == 0xA9): i += 3
            case 0x2F where i + 1 < p.count && p[i + 1] == 0x2F:
                while i < p.count && p[i] != 0x0A { i += 1 }
            case 0x2F where i + 1 < p.count && p[i + 1] == 0x2A:
                let open = i
                i += 2
                while i + 1 < p.count && !(p[i] == 0x2A && p[i + 1] == 0x2F) { i += 1 }
                guard i + 1 < p.count else { throw fail(open, "unterminated /* comment */") }
                i += 2
            default: return
            }
        }
    }

    // MARK: Values

    mutating func value(depth: Int) throws(StructuredError) -> StructuredNode {
        let start = i
        let at = position(start)
        try budget.spend(1, at: at)
        guard i < p.count else { throw fail(i, "expected a value, found the end") }
        switch p[i] {
        case 0x7B: return try object(depth: depth + 1)
        case 0x5B: return try array(depth: depth + 1)
        case 0x22, 0x27: return StructuredNode(.string(try string()), at: at)
        case 0x2D, 0x2B, 0x2E, 0x30...0x39: return StructuredNode(.number(try number()), at: at)
        default:
            guard let word = identifier() else { throw fail(i, "expected a value, found \(found(i))") }
            switch word {
            case "true": return StructuredNode(.bool(true), at: at)
            case "false": return StructuredNode(.bool(false), at: at)
            case "null": return StructuredNode(.null, at: at)
            case "NaN", "Infinity": throw fail(start, "NaN and Infinity are not finite numbers (write a finite number)", .nonFiniteNumber)
            default:
                throw fail(start, "unexpected word '\(word.prefix(40))'; text values are quoted (\"\(word.prefix(40))\")")
            }
        }
    }

    mutating func object(depth: Int) throws(StructuredError) -> StructuredNode {
        let open = i
        try budget.checkDepth(depth, at: position(open))
        i += 1
        var members: [StructuredMember] = []
        while true {
            try skipTrivia()
            guard i < p.count else { throw fail(i, "the document ends inside the map opened at \(position(open))") }
            if p[i] == 0x7D { i += 1; break }
            let keyStart = i
            let key: String
            if p[i] == 0x22 || p[i] == 0x27 {
                key = try string()
            } else if let word = identifier() {
                key = word
            } else {
                throw fail(i, "expected a key (a quoted string or a name) or '}', found \(found(i))")
            }
            try skipTrivia()
            guard i < p.count, p[i] == 0x3A else { throw fail(i, "expected ':' after the key \"\(key.prefix(64))\", found \(found(i))") }
            i += 1
            try skipTrivia()
            let v = try value(depth: depth)
            members.append(StructuredMember(key: key, keyPosition: position(keyStart), value: v))
            try skipTrivia()
            guard i < p.count else { throw fail(i, "the document ends inside the map opened at \(position(open))") }
            if p[i] == 0x2C { i += 1; continue }
            if p[i] == 0x7D { i += 1; break }
            throw fail(i, "expected ',' or '}' after a member, found \(found(i))")
        }
        return StructuredNode(.object(members), at: position(open))
    }

    mutating func array(depth: Int) throws(StructuredError) -> StructuredNode {
        let open = i
        try budget.checkDepth(depth, at: position(open))
        i += 1
        var items: [StructuredNode] = []
        while true {
            try skipTrivia()
            guard i < p.count else { throw fail(i, "the document ends inside the list opened at \(position(open))") }
            if p[i] == 0x5D { i += 1; break }
            items.append(try value(depth: depth))
            try skipTrivia()
            guard i < p.count else { throw fail(i, "the document ends inside the list opened at \(position(open))") }
            if p[i] == 0x2C { i += 1; continue }
            if p[i] == 0x5D { i += 1; break }
            throw fail(i, "expected ',' or ']' after an element, found \(found(i))")
        }
        return StructuredNode(.array(items), at: position(open))
    }

    // MARK: Scalars

    func decodeScalar(_ at: Int) -> (Unicode.Scalar, Int)? {
        let b0 = p[at]
        let (n, initial): (Int, UInt32)
        switch b0 {
        case 0x00..<0x80: return (Unicode.Scalar(b0), 1)
        case 0xC2...0xDF: (n, initial) = (2, UInt32(b0 & 0x1F))
        case 0xE0...0xEF: (n, initial) = (3, UInt32(b0 & 0x0F))
        case 0xF0...0xF4: (n, initial) = (4, UInt32(b0 & 0x07))
        default: return nil
        }
        guard at + n <= p.count else { return nil }
        var v = initial
        for k in 1..<n {
            let b = p[at + k]
            guard b & 0xC0 == 0x80 else { return nil }
            v = v << 6 | UInt32(b & 0x3F)
        }
        let minimum: UInt32 = n == 2 ? 0x80 : n == 3 ? 0x800 : 0x10000
        guard v >= minimum, let s = Unicode.Scalar(v) else { return nil }
        return (s, n)
    }

    /// A key or word: letters, digits, `_` and `$` (not starting with a digit), any Unicode letter.
    mutating func identifier() -> String? {
        let start = i
        var out = String.UnicodeScalarView()
        while i < p.count {
            let b = p[i]
            if (b >= 0x61 && b <= 0x7A) || (b >= 0x41 && b <= 0x5A) || b == 0x5F || b == 0x24 || (b >= 0x30 && b <= 0x39 && i > start) {
                out.append(Unicode.Scalar(b))
                i += 1
            } else if b >= 0x80, let (s, n) = decodeScalar(i),
                      s.properties.isAlphabetic || (i > start && (s.properties.numericType != nil || s.properties.generalCategory == .nonspacingMark)) {
                out.append(s)
                i += n
            } else {
                break
            }
        }
        return i > start ? String(out) : nil
    }

    /// A string in double or single quotes, escapes decoded.
    mutating func string() throws(StructuredError) -> String {
        let open = i
        let quote = p[i]
        i += 1
        var out = String.UnicodeScalarView()
        while true {
            guard i < p.count else { throw fail(open, "unterminated string (it opens here and the document ends before its closing quote)") }
            let c = p[i]
            if c == quote { i += 1; return String(out) }
            if c == 0x0A || c == 0x0D { throw fail(i, "a string cannot span lines; write \\n, or end the line with a backslash (JSON5)") }
            if c < 0x20 && c != 0x09 { throw fail(i, "control character 0x\(String(c, radix: 16)) in a string; write it as an escape") }
            if c == 0x5C {
                try escape(into: &out)
                continue
            }
            guard let (s, n) = decodeScalar(i) else { throw fail(i, "invalid UTF-8 (byte 0x\(String(c, radix: 16, uppercase: true)))") }
            out.append(s)
            i += n
        }
    }

    mutating func escape(into out: inout String.UnicodeScalarView) throws(StructuredError) {
        let at = i
        i += 1
        guard i < p.count else { throw fail(at, "unterminated escape") }
        let e = p[i]
        i += 1
        switch e {
        case 0x6E: out.append("\n")
        case 0x74: out.append("\t")
        case 0x72: out.append("\r")
        case 0x62: out.append("\u{08}")
        case 0x66: out.append("\u{0C}")
        case 0x76: out.append("\u{0B}")
        case 0x30 where !(i < p.count && p[i] >= 0x30 && p[i] <= 0x39): out.append("\u{0}")
        case 0x22, 0x27, 0x5C, 0x2F: out.append(Unicode.Scalar(e))
        case 0x0A: break                                       // an escaped line break continues the string
        case 0x0D: if i < p.count && p[i] == 0x0A { i += 1 }
        case 0x78:
            guard let v = hex(count: 2) else { throw fail(at, "\\x takes two hexadecimal digits") }
            out.append(Unicode.Scalar(UInt8(v)))
        case 0x75:
            guard var v = hex(count: 4) else { throw fail(at, "\\u takes four hexadecimal digits") }
            if v >= 0xD800 && v < 0xDC00, i + 1 < p.count, p[i] == 0x5C, p[i + 1] == 0x75 {
                let save = i
                i += 2
                if let lo = hex(count: 4), lo >= 0xDC00 && lo < 0xE000 { v = 0x10000 + ((v - 0xD800) << 10) + (lo - 0xDC00) } else { i = save }
            }
            guard let s = Unicode.Scalar(v) else { throw fail(at, "\\u\(String(v, radix: 16)) is half of a surrogate pair, not a character") }
            out.append(s)
        default:
            throw fail(at, "invalid escape \\\(found(i - 1).trimmingQuotes)")
        }
    }

    mutating func hex(count: Int) -> UInt32? {
        guard i + count <= p.count else { return nil }
        var v: UInt32 = 0
        for k in 0..<count {
            guard let d = hexDigit(p[i + k]) else { return nil }
            v = v << 4 | d
        }
        i += count
        return v
    }

    func hexDigit(_ c: UInt8) -> UInt32? {
        switch c {
        case 0x30...0x39: return UInt32(c - 0x30)
        case 0x61...0x66: return UInt32(c - 0x61 + 10)
        case 0x41...0x46: return UInt32(c - 0x41 + 10)
        default: return nil
        }
    }

    /// JSON numbers, plus JSON5's leading `+`, leading or trailing `.` and `0x` hexadecimals.
    mutating func number() throws(StructuredError) -> Double {
        let start = i
        var negative = false
        if p[i] == 0x2B || p[i] == 0x2D { negative = p[i] == 0x2D; i += 1 }
        if i < p.count, p[i] == 0x49 || p[i] == 0x4E {   // Infinity, NaN
            _ = identifier()
            throw fail(start, "NaN and Infinity are not finite numbers (write a finite number)", .nonFiniteNumber)
        }
        if i + 1 < p.count, p[i] == 0x30, p[i + 1] | 0x20 == 0x78 {
            i += 2
            var v: Double = 0
            var digits = 0
            while i < p.count, let d = hexDigit(p[i]) { v = v * 16 + Double(d); digits += 1; i += 1 }
            guard digits > 0 else { throw fail(start, "invalid number: 0x takes hexadecimal digits") }
            guard v.isFinite else { throw fail(start, "the number is too large for a Double", .nonFiniteNumber) }
            return negative ? -v : v
        }
        let digitsStart = i
        func digits() -> Int {
            let from = i
            while i < p.count && p[i] >= 0x30 && p[i] <= 0x39 { i += 1 }
            return i - from
        }
        let whole = digits()
        if whole > 1 && p[digitsStart] == 0x30 { throw fail(start, "invalid number: leading zeros are not allowed") }
        var fraction = 0
        if i < p.count && p[i] == 0x2E { i += 1; fraction = digits() }
        guard whole + fraction > 0 else { throw fail(start, "invalid number") }
        if i < p.count && (p[i] == 0x65 || p[i] == 0x45) {
            i += 1
            if i < p.count && (p[i] == 0x2B || p[i] == 0x2D) { i += 1 }
            guard digits() > 0 else { throw fail(start, "invalid number: digits must follow the exponent") }
        }
        if i < p.count, identifier() != nil {
            throw fail(start, "invalid number '\(String(decoding: UnsafeBufferPointer(rebasing: p[start..<min(i, start + 40)]), as: UTF8.self))'")
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: p[start..<i]), as: UTF8.self)
        let cleaned = text.hasPrefix("+") ? String(text.dropFirst()) : text
        guard let v = Double(cleaned.hasSuffix(".") ? cleaned + "0" : cleaned) else { throw fail(start, "invalid number") }
        guard v.isFinite else { throw fail(start, "the number is too large for a Double", .nonFiniteNumber) }
        return v
    }
}

extension String {
    /// `'x'` → `x` (for messages that quote a character differently).
    var trimmingQuotes: String { hasPrefix("'") && hasSuffix("'") && count >= 2 ? String(dropFirst().dropLast()) : self }
}
