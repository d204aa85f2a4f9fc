/// A JSON document as a tree that keeps each number's text, so a mutation changes only what it
/// touches and serialising an unmutated tree reproduces the document's values exactly.
/// Lenient by design: it only has to read the seeds and its own output.
public indirect enum JSONTree: Equatable {
    case null
    case bool(Bool)
    case number(String)
    case string(String)
    case array([JSONTree])
    case object([(String, JSONTree)])

    public static func == (a: JSONTree, b: JSONTree) -> Bool {
        switch (a, b) {
        case (.null, .null): return true
        case (.bool(let x), .bool(let y)): return x == y
        case (.number(let x), .number(let y)), (.string(let x), .string(let y)): return x == y
        case (.array(let x), .array(let y)): return x == y
        case (.object(let x), .object(let y)):
            return x.count == y.count && zip(x, y).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: return false
        }
    }

    /// Parses `bytes`, or nil when they are not JSON this reader understands (or nest deeper than 200).
    public static func parse(_ bytes: [UInt8]) -> JSONTree? {
        var p = Reader(bytes: bytes)
        guard let v = p.value(depth: 0) else { return nil }
        p.skipSpace()
        return p.i == bytes.count ? v : nil
    }

    /// Compact JSON text.
    public func serialized() -> [UInt8] {
        var out: [UInt8] = []
        write(into: &out)
        return out
    }

    func write(into out: inout [UInt8]) {
        switch self {
        case .null: out += Array("null".utf8)
        case .bool(let b): out += Array((b ? "true" : "false").utf8)
        case .number(let s): out += Array(s.utf8)
        case .string(let s): JSONTree.writeString(s, into: &out)
        case .array(let items):
            out.append(UInt8(ascii: "["))
            for (i, v) in items.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                v.write(into: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            out.append(UInt8(ascii: "{"))
            for (i, (k, v)) in members.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                JSONTree.writeString(k, into: &out)
                out.append(UInt8(ascii: ":"))
                v.write(into: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    static func writeString(_ s: String, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        for c in s.utf8 {
            switch c {
            case UInt8(ascii: "\""): out += [0x5C, 0x22]
            case UInt8(ascii: "\\"): out += [0x5C, 0x5C]
            case 0..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                out += [0x5C, UInt8(ascii: "u"), 0x30, 0x30, hex[Int(c >> 4)], hex[Int(c & 15)]]
            default: out.append(c)
            }
        }
        out.append(UInt8(ascii: "\""))
    }

    struct Reader {
        let bytes: [UInt8]
        var i = 0

        mutating func skipSpace() {
            while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x0A || bytes[i] == 0x0D || bytes[i] == 0x09 { i += 1 }
        }

        mutating func literal(_ word: String) -> Bool {
            let w = Array(word.utf8)
            guard i + w.count <= bytes.count, Array(bytes[i..<(i + w.count)]) == w else { return false }
            i += w.count
            return true
        }

        mutating func value(depth: Int) -> JSONTree? {
            guard depth < 200 else { return nil }
            skipSpace()
            guard i < bytes.count else { return nil }
            switch bytes[i] {
            case UInt8(ascii: "{"):
                i += 1
                var members: [(String, JSONTree)] = []
                skipSpace()
                if i < bytes.count, bytes[i] == UInt8(ascii: "}") { i += 1; return .object(members) }
                while true {
                    skipSpace()
                    guard let k = string() else { return nil }
                    skipSpace()
                    guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { return nil }
                    i += 1
                    guard let v = value(depth: depth + 1) else { return nil }
                    members.append((k, v))
                    skipSpace()
                    guard i < bytes.count else { return nil }
                    if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
                    if bytes[i] == UInt8(ascii: "}") { i += 1; return .object(members) }
                    return nil
                }
            case UInt8(ascii: "["):
                i += 1
                var items: [JSONTree] = []
                skipSpace()
                if i < bytes.count, bytes[i] == UInt8(ascii: "]") { i += 1; return .array(items) }
                while true {
                    guard let v = value(depth: depth + 1) else { return nil }
                    items.append(v)
                    skipSpace()
                    guard i < bytes.count else { return nil }
                    if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
                    if bytes[i] == UInt8(ascii: "]") { i += 1; return .array(items) }
                    return nil
                }
            case UInt8(ascii: "\""): return string().map(JSONTree.string)
            case UInt8(ascii: "t"): return literal("true") ? .bool(true) : nil
            case UInt8(ascii: "f"): return literal("false") ? .bool(false) : nil
            case UInt8(ascii: "n"): return literal("null") ? .null : nil
            default:
                let start = i
                while i < bytes.count, "+-0123456789.eE".utf8.contains(bytes[i]) { i += 1 }
                return i > start ? .number(String(decoding: bytes[start..<i], as: UTF8.self)) : nil
            }
        }

        mutating func string() -> String? {
            guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else { return nil }
            i += 1
            var out: [UInt8] = []
            while i < bytes.count {
                let c = bytes[i]
                i += 1
                if c == UInt8(ascii: "\"") { return String(decoding: out, as: UTF8.self) }
                if c == 0x5C {
                    guard i < bytes.count else { return nil }
                    let e = bytes[i]
                    i += 1
                    switch e {
                    case UInt8(ascii: "n"): out.append(0x0A)
                    case UInt8(ascii: "t"): out.append(0x09)
                    case UInt8(ascii: "r"): out.append(0x0D)
                    case UInt8(ascii: "b"): out.append(0x08)
                    case UInt8(ascii: "f"): out.append(0x0C)
                    case UInt8(ascii: "u"):
                        guard i + 4 <= bytes.count, let code = UInt32(String(decoding: bytes[i..<(i + 4)], as: UTF8.self), radix: 16) else { return nil }
                        i += 4
                        // Surrogates and the like become U+FFFD: the mutator does not need them exact.
                        out += Array(String(Unicode.Scalar(code) ?? "\u{FFFD}").utf8)
                    default: out.append(e)
                    }
                } else {
                    out.append(c)
                }
            }
            return nil
        }
    }
}
