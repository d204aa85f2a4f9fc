import CRasterKernels

// Blend-mode compositing on premultiplied RGBA8: every mode but normal is a C row in
// CRasterKernels, one loop per mode, because Swift's SSE2 baseline has neither wide integer lanes
// nor 8- or 16-wide float. The separable modes have SSE2, AVX2 and AVX-512 code chosen at run
// time for the CPU (`Blend.ISA`); the non-separable ones have clones chosen at load time (AVX2,
// AVX-512).
//
// W3C Compositing 1, premultiplied: for each colour channel
//   co = cs·(1 − ab) + cb·(1 − as) + as·ab·B(cs/as, cb/ab),   ao = as + ab − as·ab.
// For the separable modes whose `as·ab·B(...)` has a closed form in premultiplied values (multiply,
// screen, overlay, darken, lighten, hard light, difference, exclusion) and Porter-Duff plus,
// everything is integer arithmetic in 0...255² units (blend.c). The separable modes that need a
// division or a square root (colour dodge, colour burn, soft light) do the same with that one
// quotient in float, rounded to a whole number (blend_quotient.c). The non-separable ones (hue,
// saturation, colour, luminosity) run the W3C formulas in float on unpremultiplied colours
// (blend_float.c), bit for bit as the Swift Float reference in the tests
// (FloatBlendReference.swift) does.

enum Blend {
    /// `d[i] = (s[i]·op) blended over d[i]` by `mode`.
    static func row(_ mode: BlendMode, _ d: UnsafeMutablePointer<UInt32>, _ s: UnsafePointer<UInt32>, _ n: Int, _ op: UInt32) {
        guard let c = kernelMode(mode) else { Kernels.overRow(d, s, n, coverage: op); return }
        let known = cyl_blend_row(Int32(c.rawValue), d, s, n, op)
        precondition(known == 0, "CRasterKernels has every blend mode but normal")
    }

    /// CRasterKernels' number for `mode`; nil for normal, which is source-over.
    private static func kernelMode(_ mode: BlendMode) -> cyl_blend_mode? {
        let c: cyl_blend_mode
        switch mode {
        case .normal: return nil
        case .multiply: c = CYL_BLEND_MULTIPLY
        case .screen: c = CYL_BLEND_SCREEN
        case .overlay: c = CYL_BLEND_OVERLAY
        case .darken: c = CYL_BLEND_DARKEN
        case .lighten: c = CYL_BLEND_LIGHTEN
        case .hardLight: c = CYL_BLEND_HARD_LIGHT
        case .difference: c = CYL_BLEND_DIFFERENCE
        case .exclusion: c = CYL_BLEND_EXCLUSION
        case .add: c = CYL_BLEND_ADD
        case .colorDodge: c = CYL_BLEND_COLOR_DODGE
        case .colorBurn: c = CYL_BLEND_COLOR_BURN
        case .softLight: c = CYL_BLEND_SOFT_LIGHT
        case .hue: c = CYL_BLEND_HUE
        case .saturation: c = CYL_BLEND_SATURATION
        case .color: c = CYL_BLEND_COLOR
        case .luminosity: c = CYL_BLEND_LUMINOSITY
        }
        return c
    }
}

extension Blend {
    /// The code paths of the separable modes (`cyl_blend_isa`): `row` takes the fastest available.
    enum ISA: Int32, CaseIterable {
        case portable = 0, sse2 = 1, avx2 = 2, avx512 = 3
        var isAvailable: Bool { cyl_blend_isa_available(rawValue) == 1 }
    }

    /// The modes done in integers (blend.c), whose results are the W3C formula's exactly.
    static let integerModes: [BlendMode] = [.multiply, .screen, .overlay, .darken, .lighten, .hardLight, .difference, .exclusion]
    /// The modes done in integers but for one quotient or square root a channel
    /// (blend_quotient.c), within a level of the W3C formula's results.
    static let quotientModes: [BlendMode] = [.colorDodge, .colorBurn, .softLight]

    /// `row` through one instruction set's code, for the separable modes (`integerModes` and
    /// `quotientModes`; tests compare them). False (nothing written) for another mode or an
    /// instruction set this CPU lacks.
    static func row(_ mode: BlendMode, isa: ISA, _ d: UnsafeMutablePointer<UInt32>, _ s: UnsafePointer<UInt32>, _ n: Int,
                    _ op: UInt32) -> Bool {
        guard integerModes.contains(mode) || quotientModes.contains(mode), let c = kernelMode(mode) else { return false }
        return cyl_blend_row_isa(isa.rawValue, Int32(c.rawValue), d, s, n, op) == 0
    }
}
