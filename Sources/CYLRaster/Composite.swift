/// Lottie's layer blend modes (the W3C compositing formulas; `add` is Porter-Duff plus).
public enum BlendMode: Sendable, Hashable, CaseIterable {
    case normal, multiply, screen, overlay, darken, lighten, colorDodge, colorBurn, hardLight, softLight
    case difference, exclusion, hue, saturation, color, luminosity, add
}

extension Pixmap {
    /// Composites `layer` (premultiplied) onto this pixmap with its top-left corner at (`x`, `y`),
    /// scaled by `opacity` and combined with `mode`. Parts outside this pixmap are ignored.
    ///
    /// For every mode except `add`: `co = cs·(1 − da) + cd·(1 − sa) + sa·da·B(Cs, Cd)` and
    /// `ao = sa + da − sa·da`, with `B` applied to unpremultiplied colours (W3C Compositing 1).
    public mutating func composite(_ layer: Pixmap, x: Int = 0, y: Int = 0, opacity: Double = 1, mode: BlendMode = .normal) {
        composite(layer, x: x, y: y, opacity: opacity, mode: mode, limit: nil)
    }

    /// The same, changing only the pixels inside `rect` (in this pixmap's coordinates).
    public mutating func composite(_ layer: Pixmap, x: Int = 0, y: Int = 0, opacity: Double = 1, mode: BlendMode = .normal,
                                   in rect: IntRect) {
        composite(layer, x: x, y: y, opacity: opacity, mode: mode, limit: rect)
    }

    private mutating func composite(_ layer: Pixmap, x: Int, y: Int, opacity: Double, mode: BlendMode, limit rect: IntRect?) {
        let op = UInt32(min(max(opacity.isNaN ? 0 : opacity, 0), 1) * 255 + 0.5)
        if op == 0 { return }
        var x0 = max(0, x), y0 = max(0, y)
        var x1 = min(width, x + layer.width), y1 = min(height, y + layer.height)
        if let rect {
            x0 = max(x0, rect.x); y0 = max(y0, rect.y); x1 = min(x1, rect.maxX); y1 = min(y1, rect.maxY)
        }
        guard x1 > x0, y1 > y0 else { return }
        let n = x1 - x0
        layer.withUnsafePixels { sbase, ss in
            withUnsafeMutablePixels { dbase, ds in
                for row in y0..<y1 {
                    let d = dbase + row * ds + x0
                    let s = sbase + (row - y) * ss + (x0 - x)
                    if mode == .normal {
                        Kernels.overRow(d, s, n, coverage: op)
                    } else {
                        Blend.row(mode, d, s, n, op)
                    }
                }
            }
        }
    }
}

enum Blend {
    @inline(__always) static func lum(_ r: Float, _ g: Float, _ b: Float) -> Float { 0.3 * r + 0.59 * g + 0.11 * b }

    @inline(__always) static func clipColor(_ c: inout (Float, Float, Float)) {
        let l = lum(c.0, c.1, c.2)
        let n = min(c.0, min(c.1, c.2)), x = max(c.0, max(c.1, c.2))
        if n < 0 {
            let k = l / (l - n)
            c = (l + (c.0 - l) * k, l + (c.1 - l) * k, l + (c.2 - l) * k)
        }
        if x > 1 {
            let k = (1 - l) / (x - l)
            c = (l + (c.0 - l) * k, l + (c.1 - l) * k, l + (c.2 - l) * k)
        }
    }
    @inline(__always) static func setLum(_ c: (Float, Float, Float), _ l: Float) -> (Float, Float, Float) {
        let d = l - lum(c.0, c.1, c.2)
        var r = (c.0 + d, c.1 + d, c.2 + d)
        clipColor(&r)
        return r
    }
    @inline(__always) static func sat(_ c: (Float, Float, Float)) -> Float {
        max(c.0, max(c.1, c.2)) - min(c.0, min(c.1, c.2))
    }
    @inline(__always) static func setSat(_ c: (Float, Float, Float), _ s: Float) -> (Float, Float, Float) {
        let mx = max(c.0, max(c.1, c.2)), mn = min(c.0, min(c.1, c.2))
        guard mx > mn else { return (0, 0, 0) }
        @inline(__always) func f(_ v: Float) -> Float { (v - mn) * s / (mx - mn) }
        return (f(c.0), f(c.1), f(c.2))
    }

    /// The separable blend function B(Cs, Cb) on unpremultiplied channels.
    @inline(__always) static func separable(_ m: BlendMode, _ cs: Float, _ cb: Float) -> Float {
        switch m {
        case .multiply: return cs * cb
        case .screen: return cb + cs - cb * cs
        case .overlay: return hardLight(cb, cs)  // overlay(Cb, Cs) = hardLight(Cs = Cb, Cb = Cs)
        case .darken: return min(cs, cb)
        case .lighten: return max(cs, cb)
        case .colorDodge:
            if cb == 0 { return 0 }
            if cs >= 1 { return 1 }
            return min(1, cb / (1 - cs))
        case .colorBurn:
            if cb >= 1 { return 1 }
            if cs <= 0 { return 0 }
            return 1 - min(1, (1 - cb) / cs)
        case .hardLight: return hardLight(cs, cb)
        case .softLight:
            if cs <= 0.5 { return cb - (1 - 2 * cs) * cb * (1 - cb) }
            let d = cb <= 0.25 ? ((16 * cb - 12) * cb + 4) * cb : cb.squareRoot()
            return cb + (2 * cs - 1) * (d - cb)
        case .difference: return abs(cb - cs)
        case .exclusion: return cb + cs - 2 * cb * cs
        default: return cs
        }
    }
    @inline(__always) static func hardLight(_ cs: Float, _ cb: Float) -> Float {
        cs <= 0.5 ? cb * 2 * cs : cb + (2 * cs - 1) - cb * (2 * cs - 1)
    }

    /// One pixel, premultiplied in and out.
    @inline(__always) static func pixel(_ mode: BlendMode, _ s: UInt32, _ d: UInt32) -> UInt32 {
        let k: Float = 1 / 255
        let sa = Float(s >> 24) * k, da = Float(d >> 24) * k
        let sr = Float(s & 255) * k, sg = Float((s >> 8) & 255) * k, sb = Float((s >> 16) & 255) * k
        let dr = Float(d & 255) * k, dg = Float((d >> 8) & 255) * k, db = Float((d >> 16) & 255) * k
        var r: Float, g: Float, b: Float, a: Float
        if mode == .add {
            r = min(1, sr + dr); g = min(1, sg + dg); b = min(1, sb + db); a = min(1, sa + da)
        } else {
            a = sa + da - sa * da
            // Unpremultiplied inputs.
            let isa: Float = sa > 0 ? 1 / sa : 0, ida: Float = da > 0 ? 1 / da : 0
            let cs = (min(1, sr * isa), min(1, sg * isa), min(1, sb * isa))
            let cb = (min(1, dr * ida), min(1, dg * ida), min(1, db * ida))
            let bl: (Float, Float, Float)
            switch mode {
            case .hue: bl = setLum(setSat(cs, sat(cb)), lum(cb.0, cb.1, cb.2))
            case .saturation: bl = setLum(setSat(cb, sat(cs)), lum(cb.0, cb.1, cb.2))
            case .color: bl = setLum(cs, lum(cb.0, cb.1, cb.2))
            case .luminosity: bl = setLum(cb, lum(cs.0, cs.1, cs.2))
            default: bl = (separable(mode, cs.0, cb.0), separable(mode, cs.1, cb.1), separable(mode, cs.2, cb.2))
            }
            let sda = sa * da
            r = sr * (1 - da) + dr * (1 - sa) + sda * bl.0
            g = sg * (1 - da) + dg * (1 - sa) + sda * bl.1
            b = sb * (1 - da) + db * (1 - sa) + sda * bl.2
        }
        @inline(__always) func q(_ v: Float) -> UInt32 { UInt32(min(max(v, 0), 1) * 255 + 0.5) }
        let qa = q(a)
        // Keep the result premultiplied-valid (no channel above alpha).
        return min(q(r), qa) | min(q(g), qa) << 8 | min(q(b), qa) << 16 | qa << 24
    }

    static func row(_ mode: BlendMode, _ d: UnsafeMutablePointer<UInt32>, _ s: UnsafePointer<UInt32>, _ n: Int, _ op: UInt32) {
        for i in 0..<n {
            var sp = s[i]
            if op != 255 { sp = scalePixel(sp, op) }
            if sp == 0 { continue }
            d[i] = pixel(mode, sp, d[i])
        }
    }
}
