/// Reads an XML property list (`<plist version="1.0"><dict>…</dict></plist>`, what Xcode and
/// `plutil -convert xml1` write) into a `StructuredNode` tree, every value with its line and column.
///
/// Property lists use a small fixed vocabulary, so this is a small XML reader of its own: the
/// prolog, doctype and comments are skipped; elements are `dict` (alternating `key` and value),
/// `array`, `string`, `integer` (decimal or `0x`), `real`, `true`, `false`, `date` and `data`;
/// text may hold the five named entities, numeric character references and CDATA sections.
public enum PropertyListXMLReader {
    public static func read(_ bytes: [UInt8], name: String, limits: StructuredLimits = StructuredLimits()) throws(StructuredError) -> StructuredNode {
        try bytes.withUnsafeBufferPointer { (buf) throws(StructuredError) -> StructuredNode in
            var reader = PlistXMLParser(buf, name: name, limits: limits)
            return try reader.document()
        }
    }
}

struct PlistXMLParser {
    let p: UnsafeBufferPointer<UInt8>
    let name: String
    let lines: LineTable
    var budget: ValueBudget
    var i = 0

    /// An element's start tag.
    struct Tag {
        var name: String
        var start: Int
        /// `<true/>`: no content, no end tag.
        var selfClosing: Bool
    }

    init(_ p: UnsafeBufferPointer<UInt8>, name: String, limits: StructuredLimits) {
        self.p = p
        self.name = name
        lines = LineTable(p)
        budget = ValueBudget(limits, name: name)
    }

    func fail(_ at: Int, _ message: String, _ kind: StructuredError.Kind = .syntax) -> StructuredError {
        StructuredError(name: name, kind, at: lines.position(min(at, p.count)), message)
    }

    func has(_ s: String, at k: Int) -> Bool {
        let u = Array(s.utf8)
        guard k + u.count <= p.count else { return false }
        for j in 0..<u.count where p[k + j] != u[j] { return false }
        return true
    }

    mutating func document() throws(StructuredError) -> StructuredNode {
        if has("\u{FEFF}", at: 0) { i = 3 }
        try skipMisc()
        guard let tag = try startTag(), tag.name == "plist" else {
            throw fail(i, "expected the <plist> element")
        }
        let root: StructuredNode
        if tag.selfClosing {
            throw fail(tag.start, "the <plist> element is empty; it holds one value such as <dict>")
        }
        try skipMisc()
        guard let valueTag = try startTag() else { throw fail(i, "<plist> holds one value such as <dict>; found \(found(i))") }
        root = try value(valueTag, depth: 1)
        try skipMisc()
        try endTag("plist", opened: tag.start)
        try skipMisc()
        guard i >= p.count else { throw fail(i, "unexpected content after </plist>") }
        return root
    }

    func found(_ k: Int) -> String {
        guard k < p.count else { return "the end" }
        if has("</", at: k) { return "an end tag" }
        if p[k] == 0x3C { return "a tag" }
        return "text"
    }

    /// Whitespace, comments, the XML declaration, processing instructions and the doctype.
    mutating func skipMisc() throws(StructuredError) {
        while i < p.count {
            let c = p[i]
            if c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D { i += 1; continue }
            if has("<!--", at: i) {
                try skip(past: "-->", from: i, what: "comment")
            } else if has("<?", at: i) {
                try skip(past: "?>", from: i, what: "processing instruction")
            } else if has("<!DOCTYPE", at: i) {
                try skip(past: ">", from: i, what: "<!DOCTYPE")
            } else {
                return
            }
        }
    }

    mutating func skip(past end: String, from start: Int, what: String) throws(StructuredError) {
        while i < p.count && !has(end, at: i) { i += 1 }
        guard i < p.count else { throw fail(start, "unterminated \(what)") }
        i += end.utf8.count
    }

    /// `<name attr="…">` or `<name/>` at `i`; nil when no start tag is here.
    mutating func startTag() throws(StructuredError) -> Tag? {
        guard i < p.count, p[i] == 0x3C, i + 1 < p.count, p[i + 1] != 0x2F, p[i + 1] != 0x21 else { return nil }
        let start = i
        i += 1
        let nameStart = i
        while i < p.count, isNameByte(p[i]) { i += 1 }
        guard i > nameStart else { throw fail(start, "expected an element name after '<'") }
        let name = String(decoding: UnsafeBufferPointer(rebasing: p[nameStart..<i]), as: UTF8.self)
        // Attributes (plist's version) are read past, quotes respected.
        var quote: UInt8 = 0
        while i < p.count {
            let c = p[i]
            if quote != 0 { if c == quote { quote = 0 }; i += 1; continue }
            if c == 0x22 || c == 0x27 { quote = c; i += 1; continue }
            if c == 0x3E { i += 1; return Tag(name: name, start: start, selfClosing: false) }
            if c == 0x2F, i + 1 < p.count, p[i + 1] == 0x3E { i += 2; return Tag(name: name, start: start, selfClosing: true) }
            if c == 0x3C { break }
            i += 1
        }
        throw fail(start, "unterminated start tag <\(name)")
    }

    func isNameByte(_ c: UInt8) -> Bool {
        (c >= 0x61 && c <= 0x7A) || (c >= 0x41 && c <= 0x5A) || (c >= 0x30 && c <= 0x39) || c == 0x2D || c == 0x5F || c == 0x3A || c == 0x2E
    }

    mutating func endTag(_ name: String, opened: Int) throws(StructuredError) {
        guard has("</", at: i) else {
            throw fail(i, "expected </\(name)> to close the <\(name)> at \(lines.position(opened)), found \(found(i))")
        }
        let at = i
        i += 2
        let nameStart = i
        while i < p.count, isNameByte(p[i]) { i += 1 }
        let closing = String(decoding: UnsafeBufferPointer(rebasing: p[nameStart..<i]), as: UTF8.self)
        while i < p.count, p[i] == 0x20 || p[i] == 0x09 || p[i] == 0x0A || p[i] == 0x0D { i += 1 }
        guard closing == name, i < p.count, p[i] == 0x3E else {
            throw fail(at, "</\(closing)> does not close the <\(name)> opened at \(lines.position(opened))")
        }
        i += 1
    }

    // MARK: Values

    mutating func value(_ tag: Tag, depth: Int) throws(StructuredError) -> StructuredNode {
        let at = lines.position(tag.start)
        try budget.spend(1, at: at)
        switch tag.name {
        case "dict": return try dict(tag, depth: depth + 1)
        case "array": return try array(tag, depth: depth + 1)
        case "true", "false":
            if !tag.selfClosing { try skipMisc(); try endTag(tag.name, opened: tag.start) }
            return StructuredNode(.bool(tag.name == "true"), at: at)
        case "string":
            return StructuredNode(.string(try text(tag)), at: at)
        case "integer", "real":
            let t = try text(tag).trimmingWhitespace
            return StructuredNode(.number(try number(t, integer: tag.name == "integer", at: tag.start)), at: at)
        case "date", "data":
            _ = try text(tag)
            return StructuredNode(.other(tag.name == "date" ? "a date" : "data"), at: at)
        case "key":
            throw fail(tag.start, "a <key> outside a <dict>")
        default:
            throw fail(tag.start, "<\(tag.name)> is not a property list element (dict, array, string, integer, real, true, false, date, data)")
        }
    }

    mutating func dict(_ tag: Tag, depth: Int) throws(StructuredError) -> StructuredNode {
        let at = lines.position(tag.start)
        try budget.checkDepth(depth, at: at)
        var members: [StructuredMember] = []
        if tag.selfClosing { return StructuredNode(.object([]), at: at) }
        while true {
            try skipMisc()
            if has("</", at: i) { try endTag("dict", opened: tag.start); break }
            guard let keyTag = try startTag() else { throw fail(i, "expected <key> or </dict>, found \(found(i))") }
            guard keyTag.name == "key" else {
                throw fail(keyTag.start, "expected <key> in the <dict> opened at \(at); found <\(keyTag.name)> (each value follows its key)")
            }
            let key = try text(keyTag)
            try skipMisc()
            guard let valueTag = try startTag() else {
                throw fail(i, "the key \"\(key.prefix(64))\" has no value (found \(found(i)))")
            }
            if valueTag.name == "key" { throw fail(valueTag.start, "the key \"\(key.prefix(64))\" has no value (found another <key>)") }
            let v = try value(valueTag, depth: depth)
            members.append(StructuredMember(key: key, keyPosition: lines.position(keyTag.start), value: v))
        }
        return StructuredNode(.object(members), at: at)
    }

    mutating func array(_ tag: Tag, depth: Int) throws(StructuredError) -> StructuredNode {
        let at = lines.position(tag.start)
        try budget.checkDepth(depth, at: at)
        var items: [StructuredNode] = []
        if tag.selfClosing { return StructuredNode(.array([]), at: at) }
        while true {
            try skipMisc()
            if has("</", at: i) { try endTag("array", opened: tag.start); break }
            guard let t = try startTag() else { throw fail(i, "expected a value or </array>, found \(found(i))") }
            items.append(try value(t, depth: depth))
        }
        return StructuredNode(.array(items), at: at)
    }

    /// An element's text up to its end tag, entities and CDATA decoded.
    mutating func text(_ tag: Tag) throws(StructuredError) -> String {
        if tag.selfClosing { return "" }
        var out: [UInt8] = []
        while true {
            guard i < p.count else { throw fail(tag.start, "unterminated <\(tag.name)>: no </\(tag.name)> before the end") }
            let c = p[i]
            if has("<![CDATA[", at: i) {
                let start = i
                i += 9
                while i < p.count && !has("]]>", at: i) { out.append(p[i]); i += 1 }
                guard i < p.count else { throw fail(start, "unterminated CDATA section") }
                i += 3
            } else if has("<!--", at: i) {
                try skip(past: "-->", from: i, what: "comment")
            } else if c == 0x3C {
                guard has("</", at: i) else { throw fail(i, "<\(tag.name)> holds text, not elements") }
                try endTag(tag.name, opened: tag.start)
                break
            } else if c == 0x26 {
                out += try entity()
            } else {
                out.append(c)
                i += 1
            }
        }
        guard let s = String(validating: out, as: UTF8.self) else { throw fail(tag.start, "invalid UTF-8 in <\(tag.name)>") }
        return s
    }

    /// `&lt;` `&gt;` `&amp;` `&quot;` `&apos;` `&#65;` `&#x41;` at `i`.
    mutating func entity() throws(StructuredError) -> [UInt8] {
        let start = i
        var end = i + 1
        while end < p.count, end - start < 12, p[end] != 0x3B { end += 1 }
        guard end < p.count, p[end] == 0x3B else { throw fail(start, "'&' starts an entity such as &amp; and ends with ';'") }
        let body = String(decoding: UnsafeBufferPointer(rebasing: p[(start + 1)..<end]), as: UTF8.self)
        i = end + 1
        switch body {
        case "lt": return [0x3C]
        case "gt": return [0x3E]
        case "amp": return [0x26]
        case "quot": return [0x22]
        case "apos": return [0x27]
        default:
            var code: UInt32?
            if body.hasPrefix("#x") || body.hasPrefix("#X") { code = UInt32(body.dropFirst(2), radix: 16) }
            else if body.hasPrefix("#") { code = UInt32(body.dropFirst(1)) }
            guard let code, code != 0, let scalar = Unicode.Scalar(code) else { throw fail(start, "unknown entity &\(body.prefix(12));") }
            return Array(String(Character(scalar)).utf8)
        }
    }

    func number(_ t: String, integer: Bool, at: Int) throws(StructuredError) -> Double {
        if integer {
            let negative = t.hasPrefix("-")
            let body = negative || t.hasPrefix("+") ? String(t.dropFirst()) : t
            let v: UInt64? = body.lowercased().hasPrefix("0x") ? UInt64(body.dropFirst(2), radix: 16) : UInt64(body)
            guard let v else { throw fail(at, "<integer> holds \"\(t.prefix(40))\", not a whole number") }
            return negative ? -Double(v) : Double(v)
        }
        switch t.lowercased() {
        case "nan", "inf", "+inf", "-inf", "infinity", "-infinity", "+infinity":
            throw fail(at, "<real> holds \(t), not a finite number (write a finite number)", .nonFiniteNumber)
        default: break
        }
        guard let v = Double(t), !t.isEmpty else { throw fail(at, "<real> holds \"\(t.prefix(40))\", not a number") }
        guard v.isFinite else { throw fail(at, "<real> holds \(t.prefix(40)), too large for a Double", .nonFiniteNumber) }
        return v
    }
}

extension String {
    var trimmingWhitespace: String {
        var s = Substring(self)
        while let f = s.first, f.isWhitespace { s = s.dropFirst() }
        while let l = s.last, l.isWhitespace { s = s.dropLast() }
        return String(s)
    }
}
