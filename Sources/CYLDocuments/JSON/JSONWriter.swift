/// Writes the tree `JSONDocument` reads back as compact JSON: members in their stored order,
/// strings escaped by `TextEscaping.jsonString`, numbers in the shortest text that reads back as
/// the same Double, so `parse(write(x))` gives `x` again (dotLottie output, diffs of documents).
public enum JSONWriter {
    /// `node` as compact UTF-8 JSON.
    public static func bytes(_ node: JSONNode) -> [UInt8] { Array(text(node).utf8) }

    /// `node` as compact JSON text.
    public static func text(_ node: JSONNode) -> String {
        var out = ""
        write(node.value, into: &out)
        return out
    }

    /// A finite number as JSON: whole numbers below 10^15 as integers, others in Swift's
    /// shortest round-trip form (`0.1`, `1e+300`, valid JSON); -0 keeps its sign.
    public static func number(_ d: Double) -> String {
        if d == 0 && d.sign == .minus { return "-0" }
        return d.compactText
    }

    // Recursion depth is the document's nesting, which the reader bounds (`hardMaxDepth`).
    private static func write(_ v: JSONValue, into out: inout String) {
        switch v {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .number(let d): out += number(d)
        case .string(let s): out += TextEscaping.jsonString(s)
        case .array(let items):
            out += "["
            for (i, item) in items.enumerated() {
                if i > 0 { out += "," }
                write(item.value, into: &out)
            }
            out += "]"
        case .object(let members):
            out += "{"
            for (i, m) in members.enumerated() {
                if i > 0 { out += "," }
                out += TextEscaping.jsonString(m.key)
                out += ":"
                write(m.value.value, into: &out)
            }
            out += "}"
        }
    }
}
