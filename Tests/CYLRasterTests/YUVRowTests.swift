import CRasterKernels
import CYLTestSupport
import Testing

/// `cyl_yuv420_straight_row` (yuv.c) against the conversion written out here from its
/// definition, on random planes: chroma at the half-size sample a pixel lies nearest and the one
/// beside it (clamped to the region's samples), weighted 9, 3, 3, 1 sixteenths; BT.601 limited
/// range in 20-bit fixed point; alpha from a luma byte as (Y − 16)·255/218 rounded and clamped, 0
/// past the alpha row's pixels, 255 without one. Tolerance 0: integer arithmetic throughout.
@Suite struct YUVRowTests {
    func expected(y: [UInt8], uNear: [UInt8], uFar: [UInt8], vNear: [UInt8], vFar: [UInt8], alpha: [UInt8]?,
                  alphaCount: Int, x: Int, width: Int, cx0: Int, cx1: Int) -> [UInt8] {
        func clamp(_ v: Int) -> Int { min(max(v, 0), 255) }
        var out: [UInt8] = []
        for col in 0..<width {
            let xx = x + col, nx = xx / 2
            let fx = min(max(xx % 2 == 0 ? nx - 1 : nx + 1, cx0), cx1)
            let u = 9 * Int(uNear[nx]) + 3 * Int(uNear[fx]) + 3 * Int(uFar[nx]) + Int(uFar[fx])
            let v = 9 * Int(vNear[nx]) + 3 * Int(vNear[fx]) + 3 * Int(vFar[nx]) + Int(vFar[fx])
            // Y' = 1.164(Y − 16), R = Y' + 1.596 V, G = Y' − 0.391 U − 0.813 V, B = Y' + 2.018 U, in 2^-20.
            let c = (Int(y[xx]) - 16) * 76309 * 16, d = u - 2048, e = v - 2048
            out.append(UInt8(clamp((c + 104597 * e + (1 << 19)) >> 20)))
            out.append(UInt8(clamp((c - 25675 * d - 53279 * e + (1 << 19)) >> 20)))
            out.append(UInt8(clamp((c + 132201 * d + (1 << 19)) >> 20)))
            if let alpha {
                // Rounded division, half away from zero for the positive values that matter.
                out.append(col < alphaCount ? UInt8(clamp(((Int(alpha[col]) - 16) * 255 + 109) / 218)) : 0)
            } else {
                out.append(255)
            }
        }
        return out
    }

    @Test func rowsMatchTheFormula() {
        var rng = SplitMix(seed: 0x5EED_0420)
        func bytes(_ n: Int) -> [UInt8] { (0..<n).map { _ in UInt8(truncatingIfNeeded: rng.next()) } }
        for trial in 0..<64 {
            let x = Int(rng.next() % 9), width = 1 + Int(rng.next() % 70)
            let chroma = (x + width + 1) / 2 + 1
            let y = bytes(x + width), un = bytes(chroma), uf = bytes(chroma), vn = bytes(chroma), vf = bytes(chroma)
            let cx0 = x / 2, cx1 = (x + width - 1) / 2
            let withAlpha = trial % 3 != 0
            let alpha = withAlpha ? bytes(width) : nil
            let alphaCount = withAlpha ? Int(rng.next() % UInt64(width + 1)) : 0
            var got = [UInt8](repeating: 0xAA, count: 4 * width)
            got.withUnsafeMutableBufferPointer { d in
                if let alpha {
                    alpha.withUnsafeBufferPointer { a in
                        cyl_yuv420_straight_row(d.baseAddress, y, un, uf, vn, vf, a.baseAddress, Int32(alphaCount),
                                                Int32(x), Int32(width), Int32(cx0), Int32(cx1))
                    }
                } else {
                    cyl_yuv420_straight_row(d.baseAddress, y, un, uf, vn, vf, nil, 0, Int32(x), Int32(width), Int32(cx0), Int32(cx1))
                }
            }
            let want = expected(y: y, uNear: un, uFar: uf, vNear: vn, vFar: vf, alpha: alpha, alphaCount: alphaCount,
                                x: x, width: width, cx0: cx0, cx1: cx1)
            #expect(got == want, "trial \(trial): x \(x), width \(width)")
        }
    }

    /// Known values: mid grey (Y 126, U = V = 128) is grey 128; black and white of limited range
    /// (16, 235) are 0 and 255; alpha 234 (white after lossy coding) is 255, 16 is 0, 125 is 128.
    @Test func knownColours() {
        let y: [UInt8] = [126, 16, 235, 126]
        let c: [UInt8] = [128, 128, 128]
        let alpha: [UInt8] = [234, 16, 125, 200]
        var out = [UInt8](repeating: 0, count: 16)
        out.withUnsafeMutableBufferPointer { d in
            cyl_yuv420_straight_row(d.baseAddress, y, c, c, c, c, alpha, 4, 0, 4, 0, 1)
        }
        #expect(Array(out[0..<4]) == [128, 128, 128, 255])
        #expect(Array(out[4..<8]) == [0, 0, 0, 0])
        #expect(Array(out[8..<12]) == [255, 255, 255, 128])
        #expect(out[15] == 215)
    }

    /// Every alpha byte, in one row wide enough for the two-pixel loop: (Y − 16)·255/218 rounded
    /// and clamped for each (the kernel divides by a multiplication and a shift).
    @Test func everyAlphaByte() {
        let width = 256
        let y = [UInt8](repeating: 126, count: width), c = [UInt8](repeating: 128, count: width / 2 + 1)
        let alpha = (0..<width).map { UInt8($0) }
        var out = [UInt8](repeating: 0, count: 4 * width)
        out.withUnsafeMutableBufferPointer { d in
            cyl_yuv420_straight_row(d.baseAddress, y, c, c, c, c, alpha, Int32(width), 0, Int32(width), 0, Int32(width / 2 - 1))
        }
        for v in 0..<width {
            let n = (v - 16) * 255 + 109
            let want = n < 0 ? 0 : min(n / 218, 255)
            #expect(Int(out[4 * v + 3]) == want, "alpha byte \(v)")
        }
    }
}
