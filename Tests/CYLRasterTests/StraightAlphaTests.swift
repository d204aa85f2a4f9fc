import Testing
@testable import CYLRaster

/// Premultiplied to straight alpha (`straightRGBA`, `straightWords`): every colour and alpha pair,
/// against the division written out, min(255, round(c * 255 / a)); the kernel multiplies by a
/// reciprocal instead and must give the same bytes, including for colours above their alpha
/// (not premultiplied: clamped) and on rows long enough for its vector code.
struct StraightAlphaTests {
    static func expected(_ c: UInt8, _ a: UInt8) -> UInt8 {
        if a == 0 { return 0 }
        if a == 255 { return c }
        return UInt8(min(255, (Int(c) * 255 + Int(a) / 2) / Int(a)))
    }

    @Test func everyColourAndAlpha() throws {
        // Row a holds alpha a; column c the colours c, c + 85 and c + 170 (mod 256).
        var image = try Pixmap(width: 256, height: 256)
        let stride = image.stride
        image.withUnsafeMutableBytes { raw in
            for a in 0..<256 {
                for c in 0..<256 {
                    let i = a * stride + c * 4
                    raw[i] = UInt8(c); raw[i + 1] = UInt8((c + 85) & 255); raw[i + 2] = UInt8((c + 170) & 255); raw[i + 3] = UInt8(a)
                }
            }
        }
        let rgba = image.straightRGBA()
        let words = image.straightWords(orMask: 0xFF00_0000)
        for a in 0..<256 {
            for c in 0..<256 {
                let o = (a * 256 + c) * 4
                let want = a == 0 ? [UInt8](repeating: 0, count: 4)
                    : [Self.expected(UInt8(c), UInt8(a)), Self.expected(UInt8((c + 85) & 255), UInt8(a)),
                       Self.expected(UInt8((c + 170) & 255), UInt8(a)), UInt8(a)]
                #expect(Array(rgba[o..<o + 4]) == want, "c \(c) a \(a)")
                let w = words[a * 256 + c]
                let wantWord = UInt32(want[0]) | UInt32(want[1]) << 8 | UInt32(want[2]) << 16 | 0xFF00_0000
                #expect(w == wantWord, "word: c \(c) a \(a)")
            }
        }
    }
}
