import CYLTestSupport
import Testing
@testable import CYLRaster

/// The C rows of the non-separable blend modes (CRasterKernels/blend_float.c) against the Swift Float
/// reference they replaced (FloatBlendReference.swift): equal bit for bit, tolerance 0. The C code
/// restates the same IEEE operations in the same order (no FMA contraction, correctly rounded
/// division and square root), so any difference at all is a bug, not rounding.
@Suite struct BlendFloatKernelTests {
    static let modes: [BlendMode] = [.hue, .saturation, .color, .luminosity]

    /// Every pixel `r | g<<8 | b<<16 | a<<24` with `a` from `alphas` and each channel from `levels`;
    /// channels above alpha too (not premultiplied-valid), which the rows must also handle.
    static func grid(alphas: [UInt32], levels: [UInt32]) -> [UInt32] {
        var out: [UInt32] = []
        for a in alphas { for r in levels { for g in levels { for b in levels {
            out.append(r | g << 8 | b << 16 | a << 24)
        } } } }
        return out
    }

    /// Runs the C row (through `Blend.row`) and the reference row on copies of `d`; returns how
    /// many pixels differ, recording the first few.
    static func compare(_ mode: BlendMode, d: [UInt32], s: [UInt32], op: UInt32, shown: inout Int) -> Int {
        precondition(d.count == s.count)
        var fast = d, slow = d
        s.withUnsafeBufferPointer { sp in
            fast.withUnsafeMutableBufferPointer { Blend.row(mode, $0.baseAddress!, sp.baseAddress!, sp.count, op) }
            slow.withUnsafeMutableBufferPointer { reference(mode, $0.baseAddress!, sp.baseAddress!, sp.count, op) }
        }
        var bad = 0
        for i in 0..<d.count where fast[i] != slow[i] {
            bad += 1
            if shown < 5 {
                shown += 1
                Issue.record("\(mode) op \(op) s \(hex(s[i])) d \(hex(d[i])): C \(hex(fast[i])), reference \(hex(slow[i]))")
            }
        }
        return bad
    }

    static func reference(_ mode: BlendMode, _ d: UnsafeMutablePointer<UInt32>, _ s: UnsafePointer<UInt32>,
                          _ n: Int, _ op: UInt32) {
        switch mode {
        case .hue: FloatBlendReference.row(HueBlend.self, d, s, n, op)
        case .saturation: FloatBlendReference.row(SaturationBlend.self, d, s, n, op)
        case .color: FloatBlendReference.row(ColorBlend.self, d, s, n, op)
        case .luminosity: FloatBlendReference.row(LuminosityBlend.self, d, s, n, op)
        default: preconditionFailure("not a float mode: \(mode)")
        }
    }

    static func hex(_ p: UInt32) -> String { "0x" + String(p, radix: 16) }

    /// Exhaustive over a grid: the alpha and channel edge values (0, 1, 127, 128, 254, 255 and a
    /// few between), every source of the grid over every backdrop of a smaller one, at full
    /// opacity. Rows of 1728 pixels, so the vector loops and their scalar tails both run.
    @Test(arguments: modes)
    func gridMatchesReference(mode: BlendMode) {
        let sources = Self.grid(alphas: [0, 1, 2, 127, 128, 200, 254, 255], levels: [0, 1, 127, 128, 254, 255])
        let backdrops = Self.grid(alphas: [0, 1, 128, 254, 255], levels: [0, 1, 128, 255])
        var bad = 0, shown = 0
        for (j, b) in backdrops.enumerated() {
            // A length that is not a multiple of the vector step (16 pixels x 4) changes per row.
            let n = sources.count - j % 67
            bad += Self.compare(mode, d: [UInt32](repeating: b, count: n), s: Array(sources.prefix(n)), op: 255, shown: &shown)
        }
        #expect(bad == 0)
    }

    /// Random pixels (fixed seed): premultiplied-valid ones, arbitrary words, and opaque or clear
    /// ones, in rows of random length 1...300, at several opacities (the scaled-source path).
    @Test(arguments: modes)
    func randomMatchesReference(mode: BlendMode) {
        var rng = SplitMix(seed: 0xB1E4D + UInt64(Self.modes.firstIndex(of: mode)!))
        func pixel() -> UInt32 {
            let w = UInt32(truncatingIfNeeded: rng.next())
            switch rng.next() % 4 {
            case 0: return w  // anything, channels above alpha included
            case 1: return w | 0xFF00_0000  // opaque
            case 2: return w & 0x00FF_FFFF  // alpha 0 with colour bits set
            default:  // premultiplied-valid: each channel at most alpha
                let a = w >> 24
                let c = { (v: UInt32) in v % (a + 1) }
                return c(w & 255) | c((w >> 8) & 255) << 8 | c((w >> 16) & 255) << 16 | a << 24
            }
        }
        var bad = 0, shown = 0
        for op: UInt32 in [255, 254, 200, 128, 1, 0] {
            for _ in 0..<40 {
                let n = Int(rng.next() % 300) + 1
                let s = (0..<n).map { _ in pixel() }, d = (0..<n).map { _ in pixel() }
                bad += Self.compare(mode, d: d, s: s, op: op, shown: &shown)
            }
        }
        #expect(bad == 0)
    }

    /// A transparent (scaled) source leaves the backdrop word exactly as it was, even a backdrop
    /// that is not premultiplied-valid, which the formula would change (the quotient modes,
    /// blend_quotient.c, keep this too).
    @Test(arguments: modes + Blend.quotientModes)
    func transparentSourceKeepsBackdrop(mode: BlendMode) {
        let d: [UInt32] = [0x00FF_FFFF, 0x8000_00FF, 0xFFFF_FFFF, 0x0102_0304, 0x7F7F_7F7F]
        var out = d
        // Clear, or faint enough that op 1 scales every byte to 0 (round(127/255) = 0).
        let s: [UInt32] = [0, 0x007F_7F7F, 0x0100_0000, 0x7F00_0000, 0x0000_0001]
        s.withUnsafeBufferPointer { sp in
            out.withUnsafeMutableBufferPointer { Blend.row(mode, $0.baseAddress!, sp.baseAddress!, sp.count, 1) }
        }
        #expect(out == d)
    }
}

/// Greys through the non-separable modes, against values derived by hand. For flat colours
/// Cs = (s, s, s) and Cb = (b, b, b), SetSat gives 0 and SetLum of a flat colour to l is (l, l, l),
/// so hue, saturation and colour give B = (b, b, b) and luminosity B = (s, s, s), and each channel
/// is `cs·(1 − ab) + cb·(1 − as) + as·ab·B` (premultiplied cs, cb), alpha `as + ab − as·ab`. The
/// rows once turned such greys black (a 0/0 in ClipColor, since the lum of a grey differs from it
/// by rounding). Tolerance 1/255: the rows work in Float (their Lum weights 0.3 + 0.59 + 0.11
/// round, so the lum of a grey is off by an ulp) and quantise by truncating v·255 + 0.5, where
/// this Double value is rounded.
@Suite struct BlendGreyTests {
    @Test(arguments: [BlendMode.hue, .saturation, .color, .luminosity])
    func greysMatchHandValues(mode: BlendMode) {
        // (alpha, premultiplied grey) pairs: every level opaque, half-transparent ones, edges.
        var sources: [(UInt32, UInt32)] = (0...255).map { (255, UInt32($0)) }
        sources += stride(from: 0, through: 128, by: 8).map { (128, UInt32($0)) }
        sources += [(1, 1), (1, 0), (254, 3), (254, 254)]
        let backdrops: [(UInt32, UInt32)] = [(0, 0), (1, 1), (128, 0), (128, 64), (128, 128), (254, 3),
                                             (255, 0), (255, 77), (255, 128), (255, 255)]
        var bad = 0
        for (ab, gb) in backdrops {
            let s = sources.map { $0.1 * 0x01_0101 | $0.0 << 24 }
            var d = [UInt32](repeating: gb * 0x01_0101 | ab << 24, count: s.count)
            s.withUnsafeBufferPointer { sp in
                d.withUnsafeMutableBufferPointer { Blend.row(mode, $0.baseAddress!, sp.baseAddress!, sp.count, 255) }
            }
            for (i, (asrc, gs)) in sources.enumerated() {
                let sa = Double(asrc) / 255, da = Double(ab) / 255
                let cs = Double(gs) / 255, cb = Double(gb) / 255
                let blend = mode == .luminosity ? (sa > 0 ? cs / sa : 0) : (da > 0 ? cb / da : 0)
                let a = sa + da - sa * da
                let c = min(cs * (1 - da) + cb * (1 - sa) + sa * da * blend, a)
                let ea = Int((a * 255).rounded()), ec = Int((c * 255).rounded())
                let got = d[i]
                let channels = [Int(got & 255), Int(got >> 8 & 255), Int(got >> 16 & 255)]
                if abs(Int(got >> 24) - ea) > 1 || channels.contains(where: { abs($0 - ec) > 1 }) {
                    bad += 1
                    if bad < 5 {
                        Issue.record("\(mode) grey \(gs) alpha \(asrc) over grey \(gb) alpha \(ab): got \(String(got, radix: 16)), expected channels \(ec) alpha \(ea)")
                    }
                }
            }
        }
        #expect(bad == 0)
    }
}
