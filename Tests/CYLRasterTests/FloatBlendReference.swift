@testable import CYLRaster

// The Swift Float formulas the non-separable blend modes (hue, saturation, colour, luminosity) ran
// as until they moved to C (CRasterKernels/blend_float.c).
// Kept as the readable reference: the C rows must match it bit for bit (BlendFloatKernelTests).
// One change since the move, made in both: clipColor keeps a flat colour instead of dividing 0 by 0.
// Straight W3C Compositing 1 with branches; the C code is the branch-free, vectorisable version.

enum FloatBlendReference {
    /// The row as the Swift loop did it: a transparent scaled source leaves the pixel alone.
    static func row<B: FloatBlend>(_: B.Type, _ d: UnsafeMutablePointer<UInt32>, _ s: UnsafePointer<UInt32>,
                                   _ n: Int, _ op: UInt32) {
        for i in 0..<n {
            let sp = scalePixel(s[i], op)
            if sp == 0 { continue }  // a transparent source leaves the backdrop as it is
            d[i] = pixel(B.self, sp, d[i])
        }
    }

    /// One pixel by the W3C formula in Float, premultiplied in and out.
    @inline(__always)
    static func pixel<B: FloatBlend>(_: B.Type, _ s: UInt32, _ d: UInt32) -> UInt32 {
        let k: Float = 1 / 255
        let sa = Float(s >> 24) * k, da = Float(d >> 24) * k
        let sr = Float(s & 255) * k, sg = Float((s >> 8) & 255) * k, sb = Float((s >> 16) & 255) * k
        let dr = Float(d & 255) * k, dg = Float((d >> 8) & 255) * k, db = Float((d >> 16) & 255) * k
        let a = sa + da - sa * da
        // Unpremultiplied inputs.
        let isa: Float = sa > 0 ? 1 / sa : 0, ida: Float = da > 0 ? 1 / da : 0
        let cs = RGB(min(1, sr * isa), min(1, sg * isa), min(1, sb * isa))
        let cb = RGB(min(1, dr * ida), min(1, dg * ida), min(1, db * ida))
        let bl = B.blend(cs, cb)
        let sda = sa * da
        let r = sr * (1 - da) + dr * (1 - sa) + sda * bl.r
        let g = sg * (1 - da) + dg * (1 - sa) + sda * bl.g
        let b = sb * (1 - da) + db * (1 - sa) + sda * bl.b
        // NaN (a blend formula's 0/0) quantises to 0 instead of trapping.
        @inline(__always) func q(_ v: Float) -> UInt32 { UInt32((v > 0 ? min(v, 1) : 0) * 255 + 0.5) }
        let qa = q(a)
        // Keep the result premultiplied-valid (no channel above alpha).
        return min(q(r), qa) | min(q(g), qa) << 8 | min(q(b), qa) << 16 | qa << 24
    }
}

/// An unpremultiplied colour in 0...1.
struct RGB {
    var r: Float, g: Float, b: Float
    init(_ r: Float, _ g: Float, _ b: Float) { self.r = r; self.g = g; self.b = b }
}

/// A mode's blend function `B(Cs, Cb)` on unpremultiplied colours.
protocol FloatBlend {
    static func blend(_ cs: RGB, _ cb: RGB) -> RGB
}

/// The non-separable modes' helpers (W3C: Lum, ClipColor, SetLum, Sat, SetSat).
enum HSL {
    @inline(__always) static func lum(_ c: RGB) -> Float { 0.3 * c.r + 0.59 * c.g + 0.11 * c.b }

    @inline(__always) static func clipColor(_ c: RGB) -> RGB {
        let l = lum(c)
        let n = min(c.r, min(c.g, c.b)), x = max(c.r, max(c.g, c.b))
        var out = c
        // A flat colour (a grey, up to rounding) can make l − n or x − l zero: k = 0 keeps it at
        // (l, l, l) instead of 0/0 (see clip_color in blend_float.c).
        if n < 0 {
            let k = l - n > 0 ? l / (l - n) : 0
            out = RGB(l + (out.r - l) * k, l + (out.g - l) * k, l + (out.b - l) * k)
        }
        if x > 1 {
            let k = x - l > 0 ? (1 - l) / (x - l) : 0
            out = RGB(l + (out.r - l) * k, l + (out.g - l) * k, l + (out.b - l) * k)
        }
        return out
    }

    @inline(__always) static func setLum(_ c: RGB, _ l: Float) -> RGB {
        let d = l - lum(c)
        return clipColor(RGB(c.r + d, c.g + d, c.b + d))
    }

    @inline(__always) static func sat(_ c: RGB) -> Float { max(c.r, max(c.g, c.b)) - min(c.r, min(c.g, c.b)) }

    @inline(__always) static func setSat(_ c: RGB, _ s: Float) -> RGB {
        let mx = max(c.r, max(c.g, c.b)), mn = min(c.r, min(c.g, c.b))
        guard mx > mn else { return RGB(0, 0, 0) }
        @inline(__always) func f(_ v: Float) -> Float { (v - mn) * s / (mx - mn) }
        return RGB(f(c.r), f(c.g), f(c.b))
    }
}

enum HueBlend: FloatBlend {
    @inline(__always) static func blend(_ cs: RGB, _ cb: RGB) -> RGB { HSL.setLum(HSL.setSat(cs, HSL.sat(cb)), HSL.lum(cb)) }
}
enum SaturationBlend: FloatBlend {
    @inline(__always) static func blend(_ cs: RGB, _ cb: RGB) -> RGB { HSL.setLum(HSL.setSat(cb, HSL.sat(cs)), HSL.lum(cb)) }
}
enum ColorBlend: FloatBlend {
    @inline(__always) static func blend(_ cs: RGB, _ cb: RGB) -> RGB { HSL.setLum(cs, HSL.lum(cb)) }
}
enum LuminosityBlend: FloatBlend {
    @inline(__always) static func blend(_ cs: RGB, _ cb: RGB) -> RGB { HSL.setLum(cb, HSL.lum(cs)) }
}
