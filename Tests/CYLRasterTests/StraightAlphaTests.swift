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

    /// Straight to premultiplied (`Pixmap(width:height:straightRGBA:)`, what decoded images go
    /// through): every colour and alpha pair against the division written out, round(c * a / 255),
    /// on rows of 256 pixels (the kernel's vector code) and of 3 (its tail).
    @Test(arguments: [256, 3])
    func everyColourAndAlphaPremultiplied(width: Int) throws {
        var rgba: [UInt8] = []
        for a in 0..<256 { for c in 0..<256 { rgba += [UInt8(c), UInt8((c + 85) & 255), UInt8((c + 170) & 255), UInt8(a)] } }
        let image = try Pixmap(width: width, height: 65_536 / width + (65_536 % width == 0 ? 0 : 1),
                               straightRGBA: rgba + [UInt8](repeating: 0, count: (width - 65_536 % width) % width * 4))
        func want(_ c: Int, _ a: Int) -> UInt8 { UInt8((c * a + 127) / 255) }
        for a in 0..<256 {
            for c in 0..<256 {
                let k = a * 256 + c, x = k % width, y = k / width
                let got = image[x, y]
                #expect(got.r == want(c, a) && got.g == want((c + 85) & 255, a) && got.b == want((c + 170) & 255, a) && got.a == UInt8(a),
                        "c \(c) a \(a): \(got)")
            }
        }
    }
}
