/// Text written inside another language's literals: the one place the tool escapes for HTML pages
/// (review, diff, the build's index) and for JSON and JavaScript string literals (every JSON it
/// writes, expression sources handed to the script engine, dotLottie theme values).
public enum TextEscaping {
    /// `text` safe inside an HTML element and inside a single- or double-quoted attribute.
    public static func html(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for c in text.unicodeScalars {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.unicodeScalars.append(c)
            }
        }
        return out
    }

    /// `text` as a JSON string literal, quotes included. It is a JavaScript literal too: U+2028 and
    /// U+2029 are legal inside JSON strings but end a line in JavaScript before ES2019 (Duktape
    /// follows ES5), so they are escaped as well.
    public static func jsonString(_ text: String) -> String {
        var out = "\""
        out.reserveCapacity(text.utf8.count + 2)
        for u in text.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{2028}", "\u{2029}": out += unicodeEscape(u.value)
            case _ where u.value < 0x20: out += unicodeEscape(u.value)
            default: out.unicodeScalars.append(u)
            }
        }
        return out + "\""
    }

    /// `\uXXXX` for a code unit below 0x10000.
    static func unicodeEscape(_ value: UInt32) -> String {
        let hex = String(value, radix: 16)
        return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
    }
}
