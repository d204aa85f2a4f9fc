import CYLTestSupport
import Testing
@testable import CYLDocuments

/// Base64 decoding against a bit-by-bit decoder written here from RFC 4648 (each symbol's six bits
/// appended to a bit list, whole bytes taken from it), on text with and without whitespace,
/// padding and the URL-safe alphabet, so the four-symbol fast path and the one-symbol path agree.
@Suite struct Base64Tests {
    static func slowDecode(_ text: String) -> [UInt8]? {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".unicodeScalars)
        var bits: [Bool] = []
        for ch in text.unicodeScalars {
            if ch == "=" { break }
            if ch == " " || ch == "\n" || ch == "\r" || ch == "\t" { continue }
            let c: Unicode.Scalar = ch == "-" ? "+" : ch == "_" ? "/" : ch
            guard let v = alphabet.firstIndex(of: c) else { return nil }
            for k in (0..<6).reversed() { bits.append(v >> k & 1 == 1) }
        }
        return stride(from: 0, to: bits.count / 8 * 8, by: 8).map { i in
            (0..<8).reduce(UInt8(0)) { $0 << 1 | (bits[i + $1] ? 1 : 0) }
        }
    }

    @Test func decodingAgreesWithTheBitByBitDecoder() {
        var rng = SplitMix(seed: 7)
        for length in 0..<70 {
            let bytes = (0..<length).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
            let text = Base64.encode(bytes)
            #expect(Base64.decode(Substring(text)) == bytes)
            // Whitespace at random places, padding dropped, URL-safe symbols.
            var mangled = ""
            for ch in text where ch != "=" {
                if rng.next() % 5 == 0 { mangled.append(["\n", " ", "\r\n", "\t"][Int(rng.next() % 4)]) }
                mangled.append(ch == "+" ? "-" : ch == "/" ? "_" : ch)
            }
            #expect(Base64.decode(Substring(mangled)) == bytes, "\(mangled)")
            #expect(Self.slowDecode(mangled) == bytes)
        }
        for bad in ["QUJD*", "QU JD!", "QUJDRA\u{0}", "é"] {
            #expect(Base64.decode(Substring(bad)) == nil && Self.slowDecode(bad) == nil, "\(bad)")
        }
        #expect(Base64.decode("QUJD=RUZH") == [0x41, 0x42, 0x43], "stops at the first '='")
        #expect(Base64.decode("QUJDREVG".dropFirst(4)) == [0x44, 0x45, 0x46], "a substring not at its string's start")
    }
}
