import CYLTestSupport
import Testing
@testable import CYLRaster

/// The separable blend rows (multiply ... exclusion in integers, colour dodge, colour burn and soft
/// light with one float quotient) through every code path this CPU has: the SSE2 baseline, AVX2
/// and AVX-512 vectors must equal the portable one-pixel-at-a-time code bit for bit (tolerance 0:
/// they do the same operations, modulo 2^16 or in IEEE single precision) on random bytes,
/// premultiplied or not, at several opacities and row lengths (so the vector loops and their tails
/// both run). The portable code in turn must equal the W3C formula in whole numbers, written here
/// from the spec, on premultiplied pixels; for the quotient modes, be within a level of the formula
/// in real numbers.
@Suite struct BlendInstructionSetTests {
    static let lengths = [1, 3, 4, 5, 7, 8, 9, 15, 16, 17, 31, 33, 100, 1021]
    static let opacities: [UInt32] = [255, 254, 128, 77, 1]

    static func random(_ n: Int, _ rng: inout SplitMix, premultiplied: Bool) -> [UInt32] {
        (0..<n).map { _ in
            let v = UInt32(truncatingIfNeeded: rng.next())
            guard premultiplied else { return v }
            let a = v >> 24
            return (0..<3).reduce(a << 24) { p, c in p | ((v >> (8 * UInt32(c)) & 255) * a / 255) << (8 * UInt32(c)) }
        }
    }

    static func run(_ mode: BlendMode, _ isa: Blend.ISA, d: [UInt32], s: [UInt32], op: UInt32) -> [UInt32] {
        var out = d
        let ran = out.withUnsafeMutableBufferPointer { dp in
            s.withUnsafeBufferPointer { sp in Blend.row(mode, isa: isa, dp.baseAddress!, sp.baseAddress!, sp.count, op) }
        }
        precondition(ran, "\(mode) has \(isa) code")
        return out
    }

    @Test(arguments: Blend.integerModes + Blend.quotientModes)
    func everyInstructionSetEqualsThePortableCode(_ mode: BlendMode) {
        let available = Blend.ISA.allCases.filter { $0 != .portable && $0.isAvailable }
        #expect(available.contains(.sse2), "SSE2 is the x86-64 baseline")
        var rng = SplitMix(seed: 31)
        for n in Self.lengths {
            for op in Self.opacities {
                for premultiplied in [true, false] {
                    let s = Self.random(n, &rng, premultiplied: premultiplied), d = Self.random(n, &rng, premultiplied: premultiplied)
                    let expected = Self.run(mode, .portable, d: d, s: s, op: op)
                    for isa in available {
                        let got = Self.run(mode, isa, d: d, s: s, op: op)
                        let bad = zip(got, expected).enumerated().first { $0.element.0 != $0.element.1 }
                        #expect(bad == nil, "\(mode) \(isa) n \(n) op \(op): pixel \(bad?.offset ?? -1) s \(String(s[bad?.offset ?? 0], radix: 16)) d \(String(d[bad?.offset ?? 0], radix: 16))")
                    }
                    // And `Blend.row`, the path compositing takes, is one of them.
                    var chosen = d
                    chosen.withUnsafeMutableBufferPointer { dp in s.withUnsafeBufferPointer { Blend.row(mode, dp.baseAddress!, $0.baseAddress!, n, op) } }
                    #expect(chosen == expected)
                }
            }
        }
    }

    /// co = round((cs·(255 − ab) + cb·(255 − as) + max(0, T)) / 255), at most ao, with T the mode's
    /// 255²·as·ab·B(cs/as, cb/ab) in whole numbers; ao = as + ab − round(as·ab / 255).
    static func formula(_ mode: BlendMode, _ sp: UInt32, _ dp: UInt32) -> UInt32 {
        func div255(_ x: Int) -> Int { Int((Double(x) / 255).rounded()) }
        let sa = Int(sp >> 24), da = Int(dp >> 24)
        let ao = sa + da - div255(sa * da)
        var out = UInt32(ao) << 24
        for sh in [0, 8, 16] {
            let cs = Int(sp >> UInt32(sh) & 255), cb = Int(dp >> UInt32(sh) & 255)
            func hardLight(_ cs: Int, _ cb: Int, _ sa: Int, _ da: Int) -> Int {
                2 * cs <= sa ? 2 * cs * cb : sa * da - 2 * (sa - cs) * (da - cb)
            }
            let t: Int
            switch mode {
            case .multiply: t = cs * cb
            case .screen: t = cs * da + cb * sa - cs * cb
            case .overlay: t = hardLight(cb, cs, da, sa)
            case .darken: t = min(cs * da, cb * sa)
            case .lighten: t = max(cs * da, cb * sa)
            case .hardLight: t = hardLight(cs, cb, sa, da)
            case .difference: t = abs(cs * da - cb * sa)
            case .exclusion: t = cs * da + cb * sa - 2 * cs * cb
            default: preconditionFailure("\(mode)")
            }
            out |= UInt32(min(div255(cs * (255 - da) + cb * (255 - sa) + max(0, t)), ao)) << UInt32(sh)
        }
        return out
    }

    @Test(arguments: Blend.integerModes)
    func thePortableCodeIsTheFormulaOnPremultipliedPixels(_ mode: BlendMode) {
        var rng = SplitMix(seed: 7)
        let s = Self.random(20000, &rng, premultiplied: true), d = Self.random(20000, &rng, premultiplied: true)
        let got = Self.run(mode, .portable, d: d, s: s, op: 255)
        var wrong = 0
        for i in 0..<s.count where got[i] != Self.formula(mode, s[i], d[i]) {
            wrong += 1
            if wrong <= 3 { Issue.record("\(mode): s \(String(s[i], radix: 16)) d \(String(d[i], radix: 16)): \(String(got[i], radix: 16)), formula \(String(Self.formula(mode, s[i], d[i]), radix: 16))") }
        }
        #expect(wrong == 0)
    }

    /// The W3C formula in Double on premultiplied bytes: round(255·(cs·(1 − ab) + cb·(1 − as) +
    /// as·ab·B(Cs, Cb))) with Cs = cs/as, Cb = cb/ab (0 where the alpha is 0), alpha round(255·(as +
    /// ab − as·ab)).
    static func realFormula(_ mode: BlendMode, _ sp: UInt32, _ dp: UInt32) -> [Int] {
        let sa = Double(sp >> 24) / 255, da = Double(dp >> 24) / 255
        var out: [Int] = []
        for sh in [0, 8, 16] {
            let cs = Double(sp >> UInt32(sh) & 255) / 255, cb = Double(dp >> UInt32(sh) & 255) / 255
            let us = sa > 0 ? min(cs / sa, 1) : 0, ub = da > 0 ? min(cb / da, 1) : 0
            let b: Double
            switch mode {
            case .colorDodge: b = ub == 0 ? 0 : us >= 1 ? 1 : min(1, ub / (1 - us))
            case .colorBurn: b = ub >= 1 ? 1 : us <= 0 ? 0 : 1 - min(1, (1 - ub) / us)
            case .softLight:
                if us <= 0.5 { b = ub - (1 - 2 * us) * ub * (1 - ub) } else {
                    let d = ub <= 0.25 ? ((16 * ub - 12) * ub + 4) * ub : ub.squareRoot()
                    b = ub + (2 * us - 1) * (d - ub)
                }
            default: preconditionFailure("\(mode)")
            }
            out.append(Int(((cs * (1 - da) + cb * (1 - sa) + sa * da * b) * 255).rounded()))
        }
        out.append(Int(((sa + da - sa * da) * 255).rounded()))
        return out
    }

    /// Tolerance 1 level a channel, alpha exact: the rows round the mode's term to a whole number
    /// of 1/255² before the sum and the sum to a level after it, two roundings where the formula
    /// has one, and each is at most half a level. Most pixels are exact, which is checked too (a
    /// row off by one everywhere would pass the tolerance alone).
    @Test(arguments: Blend.quotientModes)
    func theQuotientModesAreWithinALevelOfTheFormula(_ mode: BlendMode) {
        var rng = SplitMix(seed: 11)
        let s = Self.random(20000, &rng, premultiplied: true), d = Self.random(20000, &rng, premultiplied: true)
        let got = Self.run(mode, .portable, d: d, s: s, op: 255)
        var far = 0, exact = 0
        for i in 0..<s.count {
            let expected = Self.realFormula(mode, s[i], d[i])
            let channels = [0, 8, 16, 24].map { Int(got[i] >> UInt32($0) & 255) }
            let worst = zip(channels, expected).map { abs($0 - $1) }.max()!
            if worst == 0 { exact += 1 }
            if worst > 1 || channels[3] != expected[3] {
                far += 1
                if far <= 3 { Issue.record("\(mode): s \(String(s[i], radix: 16)) d \(String(d[i], radix: 16)): \(channels), formula \(expected)") }
            }
        }
        #expect(far == 0)
        #expect(exact * 100 >= s.count * 95, "\(exact) of \(s.count) exact")
    }
}
