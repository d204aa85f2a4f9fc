/// Base64 (RFC 4648): padded standard encoding for what we write (terminal image protocols, HTML
/// data URIs); lenient decoding for what we read (embedded images: whitespace skipped, padding
/// optional, the URL-safe alphabet accepted too).
public enum Base64 {
    static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    /// Decoding table: the 6-bit value of each byte, -1 for bytes outside both alphabets.
    static let values: [Int8] = {
        var table = [Int8](repeating: -1, count: 256)
        for (i, c) in alphabet.enumerated() { table[Int(c)] = Int8(i) }
        table[Int(UInt8(ascii: "-"))] = 62
        table[Int(UInt8(ascii: "_"))] = 63
        return table
    }()

    /// `bytes` as padded standard base64.
    public static func encode(_ bytes: [UInt8]) -> String {
        var out = [UInt8]()
        out.reserveCapacity((bytes.count + 2) / 3 * 4)
        @inline(__always) func symbol(_ v: UInt32, _ shift: UInt32) -> UInt8 { alphabet[Int(v >> shift & 63)] }
        var i = 0
        while i + 3 <= bytes.count {
            let v = UInt32(bytes[i]) << 16 | UInt32(bytes[i + 1]) << 8 | UInt32(bytes[i + 2])
            out += [symbol(v, 18), symbol(v, 12), symbol(v, 6), symbol(v, 0)]
            i += 3
        }
        switch bytes.count - i {
        case 1:
            let v = UInt32(bytes[i]) << 16
            out += [symbol(v, 18), symbol(v, 12), UInt8(ascii: "="), UInt8(ascii: "=")]
        case 2:
            let v = UInt32(bytes[i]) << 16 | UInt32(bytes[i + 1]) << 8
            out += [symbol(v, 18), symbol(v, 12), symbol(v, 6), UInt8(ascii: "=")]
        default:
            break
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The bytes `text` encodes, or nil when it holds a byte outside the alphabets. ASCII
    /// whitespace is skipped; decoding stops at the first `=`.
    public static func decode(_ text: Substring) -> [UInt8]? {
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count * 3 / 4)
        var acc: UInt32 = 0, bits = 0
        for c in text.utf8 {
            if c == UInt8(ascii: "=") { break }
            if c == 0x20 || c == 0x0A || c == 0x0D || c == 0x09 { continue }
            let v = values[Int(c)]
            if v < 0 { return nil }
            acc = acc << 6 | UInt32(v)
            bits += 6
            if bits >= 8 {
                bits -= 8
                out.append(UInt8(truncatingIfNeeded: acc >> UInt32(bits)))
            }
        }
        return out
    }
}
