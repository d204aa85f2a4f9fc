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
        var text = text
        return text.withUTF8 { decode(utf8: $0) }
    }

    /// Four symbols at a time while there is no whitespace or `=` (an embedded image is one long
    /// run of them), then one at a time: the data URI of a PNG in a Lottie file was 7% of opening it.
    static func decode(utf8 src: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        let n = src.count
        var valid = true
        let out = values.withUnsafeBufferPointer { table in
            [UInt8](unsafeUninitializedCapacity: n / 4 * 3 + 3) { out, count in
                var i = 0, o = 0
                while i + 4 <= n {
                    let a = table[Int(src[i])], b = table[Int(src[i + 1])], c = table[Int(src[i + 2])], d = table[Int(src[i + 3])]
                    if a | b | c | d < 0 { break }
                    let v = UInt32(a) << 18 | UInt32(b) << 12 | UInt32(c) << 6 | UInt32(d)
                    out[o] = UInt8(truncatingIfNeeded: v >> 16)
                    out[o + 1] = UInt8(truncatingIfNeeded: v >> 8)
                    out[o + 2] = UInt8(truncatingIfNeeded: v)
                    i += 4; o += 3
                }
                var acc: UInt32 = 0, bits = 0
                while i < n {
                    let c = src[i]
                    i += 1
                    if c == UInt8(ascii: "=") { break }
                    if c == 0x20 || c == 0x0A || c == 0x0D || c == 0x09 { continue }
                    let v = table[Int(c)]
                    if v < 0 { valid = false; break }
                    acc = acc << 6 | UInt32(v)
                    bits += 6
                    if bits >= 8 {
                        bits -= 8
                        out[o] = UInt8(truncatingIfNeeded: acc >> UInt32(bits))
                        o += 1
                    }
                }
                count = o
            }
        }
        return valid ? out : nil
    }
}
