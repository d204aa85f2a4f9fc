#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CRasterKernels

// Pixel kernels behind `LayerEffect`: colour maps, region blur, shadows painted from a layer's
// coverage, compositing under a layer, and growing a coverage mask. Each works inside a rectangle
// (the part of the layer that can change), on unchecked buffer pointers.

extension Pixmap {
    /// Applies a colour effect (`fill`, `tint` or `tritone`; others are ignored) to the pixels in
    /// `rect`. Colours are computed on unpremultiplied values; luminance uses the Rec. 709 weights.
    public mutating func applyColorEffect(_ effect: LayerEffect, in rect: IntRect) {
        let r = rect.intersection(IntRect(x: 0, y: 0, width: width, height: height))
        if r.isEmpty { return }
        let map: ColorMap
        switch effect {
        case let .fill(c, opacity): map = ColorMap(kind: 0, c0: c, c1: c, c2: c, amount: Float(min(max(opacity, 0), 1)))
        case let .tint(black, white, amount): map = ColorMap(kind: 1, c0: black, c1: white, c2: white, amount: Float(min(max(amount, 0), 1)))
        case let .tritone(dark, mid, bright, original):
            map = ColorMap(kind: 2, c0: dark, c1: mid, c2: bright, amount: Float(min(max(original, 0), 1)))
        default: return
        }
        withUnsafeMutablePixels { base, stride in
            for y in r.y..<r.maxY {
                let row = base + y * stride
                for x in r.x..<r.maxX where row[x] >> 24 != 0 { row[x] = map.apply(row[x]) }
            }
        }
    }

    /// Passes the colour channels of the pixels in `rect` through `tables` (transparent pixels
    /// are left alone; results are clamped to alpha).
    public mutating func applyColorTables(_ tables: ColorTables, in rect: IntRect) {
        let r = rect.intersection(IntRect(x: 0, y: 0, width: width, height: height))
        if r.isEmpty { return }
        tables.red.withUnsafeBufferPointer { tr in
            tables.green.withUnsafeBufferPointer { tg in
                tables.blue.withUnsafeBufferPointer { tb in
                    withUnsafeMutablePixels { base, stride in
                        for y in r.y..<r.maxY {
                            let row = base + y * stride
                            for x in r.x..<r.maxX {
                                let p = row[x]
                                let a = p >> 24
                                if a == 0 { continue }
                                let red = min(UInt32(tr[Int(p & 0xff)]), a), green = min(UInt32(tg[Int(p >> 8 & 0xff)]), a)
                                let blue = min(UInt32(tb[Int(p >> 16 & 0xff)]), a)
                                row[x] = red | green << 8 | blue << 16 | a << 24
                            }
                        }
                    }
                }
            }
        }
    }

    /// Blurs the pixels in `rect` with a gaussian of `sigmaX` and `sigmaY` pixels (0: not along
    /// that axis), treating everything outside `rect` as transparent. `scratch` is reused.
    public mutating func blur(sigmaX: Double, sigmaY: Double, in rect: IntRect, scratch: inout [UInt32]) {
        let r = rect.intersection(IntRect(x: 0, y: 0, width: width, height: height))
        let sx = sigmaX.isFinite && sigmaX > 0.05 ? sigmaX : 0, sy = sigmaY.isFinite && sigmaY > 0.05 ? sigmaY : 0
        if r.isEmpty || (sx == 0 && sy == 0) { return }
        let kx = GaussianKernel.weights(sigma: sx), ky = GaussianKernel.weights(sigma: sy)
        let need = Self.blurScratchCount(w: r.width, h: r.height, kx: kx.count, ky: ky.count)
        if scratch.count < need { scratch = [UInt32](repeating: 0, count: need) }
        scratch.withUnsafeMutableBufferPointer { tmp in
            withUnsafeMutablePixels { img, s32 in
                Self.blurRect(img + r.y * s32 + r.x, stride: s32, w: r.width, h: r.height, kx: kx, ky: ky, scratch: tmp.baseAddress!)
            }
        }
    }

    /// The `UInt32`s of scratch `blurRect` needs for a `w × h` rectangle and kernels of these lengths.
    static func blurScratchCount(w: Int, h: Int, kx: Int, ky: Int) -> Int {
        let rowLen = max(w, h) + 2 * max(kx / 2, ky / 2)
        return (w * h + 1) & ~1 + 16 * rowLen
    }

    /// Blurs the `w × h` pixels at `origin` (rows `stride` apart) by the kernels `kx` across and
    /// `ky` down, everything outside counting as transparent; `scratch` holds `blurScratchCount`.
    static func blurRect(_ origin: UnsafeMutablePointer<UInt32>, stride: Int, w: Int, h: Int, kx: [UInt32], ky: [UInt32],
                         scratch t: UnsafeMutablePointer<UInt32>) {
        // The C pass's row scratch (16 × rowLen UInt32s: four rows) starts on an 8-byte boundary.
        let row = t + (w * h + 1) & ~1
        kx.withUnsafeBufferPointer { kxp in
            ky.withUnsafeBufferPointer { kyp in
                // Rows of the rectangle -> columns of t (h wide, w tall) -> columns of the rectangle.
                // The C pass (CRasterKernels/blur.c) gives the bytes of `blurPass`, AVX2 where it can.
                cyl_blur_pass(origin, stride, t, h, w, h, kxp.baseAddress!, kxp.count, row)
                cyl_blur_pass(t, h, origin, stride, h, w, kyp.baseAddress!, kyp.count, row)
            }
        }
    }

    /// Writes, for each pixel in `rect`, `color` (premultiplied, its alpha the shadow's opacity)
    /// scaled by the coverage of `source` at the point `(dx, dy)` before the pixel, read
    /// bilinearly between the four pixels around it (a shadow a fraction of a pixel away has a
    /// soft edge, as libpag's and the browsers' do); `source` counts as transparent outside itself.
    /// Both pixmaps have the same size.
    public mutating func paintShadow(of source: Pixmap, color: Color, dx: Double, dy: Double, in rect: IntRect) {
        precondition(source.width == width && source.height == height, "shadow and source sizes differ")
        let r = rect.intersection(IntRect(x: 0, y: 0, width: width, height: height))
        if r.isEmpty || !dx.isFinite || !dy.isFinite { return }
        let c = color.packedPremultiplied()
        let w = width, h = height
        // Pixel x reads source columns x − ix − 1 (weight fx) and x − ix (1 − fx), in 0...256.
        let ix = Int(dx.rounded(.down)), iy = Int(dy.rounded(.down))
        let fx = UInt32(((dx - Double(ix)) * 256).rounded()), fy = UInt32(((dy - Double(iy)) * 256).rounded())
        source.withUnsafePixels { src, ss in
            withUnsafeMutablePixels { dst, ds in
                @inline(__always) func alpha(_ row: Int, _ x: Int) -> UInt32 {
                    row >= 0 && row < h && x >= 0 && x < w ? src[row * ss + x] >> 24 : 0
                }
                for y in r.y..<r.maxY {
                    let row = dst + y * ds
                    let near = y - iy, far = near - 1
                    guard far < h, near >= 0 else { (row + r.x).update(repeating: 0, count: r.width); continue }
                    if fx == 0 && fy == 0 {  // on whole pixels: one read a pixel
                        for x in r.x..<r.maxX { row[x] = scalePixel(c, alpha(near, x - ix)) }
                        continue
                    }
                    for x in r.x..<r.maxX {
                        let sx = x - ix
                        let top = alpha(far, sx - 1) * fx + alpha(far, sx) * (256 - fx)
                        let bottom = alpha(near, sx - 1) * fx + alpha(near, sx) * (256 - fx)
                        let a = (top * fy + bottom * (256 - fy) + 32768) >> 16
                        row[x] = scalePixel(c, a)
                    }
                }
            }
        }
    }

    /// Puts `under` beneath this pixmap inside `rect`: `self = self over under` (premultiplied).
    public mutating func compositeUnder(_ under: Pixmap, in rect: IntRect) {
        precondition(under.width == width && under.height == height, "layer sizes differ")
        let r = rect.intersection(IntRect(x: 0, y: 0, width: width, height: height))
        if r.isEmpty { return }
        under.withUnsafePixels { src, ss in
            withUnsafeMutablePixels { dst, ds in
                for y in r.y..<r.maxY {
                    let d = dst + y * ds, s = src + y * ss
                    for x in r.x..<r.maxX { d[x] = d[x] &+ scalePixel(s[x], 255 &- (d[x] >> 24)) }
                }
            }
        }
    }

    /// Overwrites the pixels in `rect` with `color` (premultiplied) scaled by `coverage`.
    public mutating func paint(_ color: Color, coverage: Mask, in rect: IntRect) {
        precondition(coverage.width == width && coverage.height == height, "mask size differs from pixmap")
        let r = rect.intersection(IntRect(x: 0, y: 0, width: width, height: height))
        if r.isEmpty { return }
        let c = color.packedPremultiplied()
        let mw = coverage.width
        coverage.bytes.withUnsafeBufferPointer { mb in
            withUnsafeMutablePixels { dst, ds in
                for y in r.y..<r.maxY {
                    let d = dst + y * ds, m = mb.baseAddress! + y * mw
                    for x in r.x..<r.maxX { d[x] = scalePixel(c, UInt32(m[x])) }
                }
            }
        }
    }
}

/// A fill, tint or tritone as one per-pixel function.
struct ColorMap {
    var kind: Int
    var c0: (Float, Float, Float), c1: (Float, Float, Float), c2: (Float, Float, Float)
    var amount: Float

    init(kind: Int, c0: Color, c1: Color, c2: Color, amount: Float) {
        func f(_ c: Color) -> (Float, Float, Float) {
            func ch(_ v: Double) -> Float { Float(v.isNaN ? 0 : min(max(v, 0), 1)) }
            return (ch(c.r), ch(c.g), ch(c.b))
        }
        self.kind = kind; self.c0 = f(c0); self.c1 = f(c1); self.c2 = f(c2); self.amount = amount
    }

    @inline(__always) func apply(_ p: UInt32) -> UInt32 {
        let a = Float(p >> 24) * (1 / 255)
        var alpha = a
        let inv = 1 / (a * 255)
        let r = Float(p & 255) * inv, g = Float((p >> 8) & 255) * inv, b = Float((p >> 16) & 255) * inv
        var o: (Float, Float, Float)
        switch kind {
        case 0:
            o = c0
            alpha = a * amount
        case 1:
            let l = min(1, 0.2126 * r + 0.7152 * g + 0.0722 * b)
            let m = (c0.0 + (c1.0 - c0.0) * l, c0.1 + (c1.1 - c0.1) * l, c0.2 + (c1.2 - c0.2) * l)
            o = (r + (m.0 - r) * amount, g + (m.1 - g) * amount, b + (m.2 - b) * amount)
        default:
            let l = min(1, 0.2126 * r + 0.7152 * g + 0.0722 * b)
            let (lo, hi, t) = l < 0.5 ? (c0, c1, l * 2) : (c1, c2, l * 2 - 1)
            let m = (lo.0 + (hi.0 - lo.0) * t, lo.1 + (hi.1 - lo.1) * t, lo.2 + (hi.2 - lo.2) * t)
            o = (m.0 + (r - m.0) * amount, m.1 + (g - m.1) * amount, m.2 + (b - m.2) * amount)
        }
        // `v > 0 ? … : 0` rather than min(max(…)): a NaN (an expression's parameter) counts as 0.
        @inline(__always) func q(_ v: Float) -> UInt32 { UInt32((v > 0 ? min(v, 1) : 0) * alpha * 255 + 0.5) }
        let qa = UInt32((alpha > 0 ? min(alpha, 1) : 0) * 255 + 0.5)
        return min(q(o.0), qa) | min(q(o.1), qa) << 8 | min(q(o.2), qa) << 16 | qa << 24
    }
}

extension Mask {
    /// Grows the coverage inside `rect` by `radius` pixels in every direction (a disc), with an
    /// anti-aliased edge: a pixel whose centre is d from the nearest covered pixel's (value ≥ 128)
    /// gets `clamp(radius + 1 − d)` (the covered pixel's edge is half a pixel beyond its centre,
    /// and so is the new pixel's), and keeps its own value when that is more. Outside `rect`
    /// nothing is read or written. An exact euclidean distance transform (Felzenszwalb and
    /// Huttenlocher's lower envelope of parabolas), linear in the area; `scratch` is reused.
    public mutating func dilate(radius: Double, in rect: IntRect, scratch: inout [Double]) {
        let r = rect.intersection(IntRect(x: 0, y: 0, width: width, height: height))
        guard radius.isFinite, radius > 0, !r.isEmpty else { return }
        let w = r.width, h = r.height, n = max(w, h)
        let need = w * h + 4 * n + 1
        if scratch.count < need { scratch = [Double](repeating: 0, count: need) }
        let far = 1e12  // farther than any canvas; stays exact in the envelope arithmetic
        let stride = width
        scratch.withUnsafeMutableBufferPointer { buf in
            let d2 = buf.baseAddress!                            // w × h squared distances
            let f = d2 + w * h, g = f + n, v = g + n, z = v + n  // a line in and out, envelope, bounds (n + 1)
            bytes.withUnsafeMutableBufferPointer { mb in
                let m = mb.baseAddress! + r.y * stride + r.x
                for y in 0..<h {
                    for x in 0..<w { d2[y * w + x] = m[y * stride + x] >= 128 ? 0 : far }
                }
                // Columns, then rows: the squared distance separates by axis.
                for x in 0..<w {
                    for y in 0..<h { f[y] = d2[y * w + x] }
                    Self.envelope(f, g, h, v, z)
                    for y in 0..<h { d2[y * w + x] = g[y] }
                }
                for y in 0..<h {
                    for x in 0..<w { f[x] = d2[y * w + x] }
                    Self.envelope(f, g, w, v, z)
                    for x in 0..<w { d2[y * w + x] = g[x] }
                }
                for y in 0..<h {
                    for x in 0..<w {
                        let cover = min(max(radius + 1 - d2[y * w + x].squareRoot(), 0), 1)
                        let value = UInt8(cover * 255 + 0.5)
                        if value > m[y * stride + x] { m[y * stride + x] = value }
                    }
                }
            }
        }
    }

    /// The 1-D squared distance transform of `f[0..<n]` into `out[0..<n]`: the lower envelope
    /// of the parabolas `(q − p)² + f[p]`, with `v` (positions) and `z` (their bounds) as scratch.
    static func envelope(_ f: UnsafeMutablePointer<Double>, _ out: UnsafeMutablePointer<Double>, _ n: Int,
                         _ v: UnsafeMutablePointer<Double>, _ z: UnsafeMutablePointer<Double>) {
        guard n > 0 else { return }
        var k = 0
        v[0] = 0
        z[0] = -.infinity
        z[1] = .infinity
        var q = 1
        while q < n {
            let fq = f[q] + Double(q * q)
            var s = 0.0
            while true {
                let p = Int(v[k])
                s = (fq - (f[p] + Double(p * p))) / Double(2 * (q - p))
                if s > z[k] || k == 0 { break }
                k -= 1
            }
            if s <= z[k] { k = -1 }  // the new parabola is lowest everywhere
            k += 1
            v[k] = Double(q)
            z[k] = k == 0 ? -.infinity : s
            z[k + 1] = .infinity
            q += 1
        }
        k = 0
        for q in 0..<n {
            while z[k + 1] < Double(q) { k += 1 }
            let p = Int(v[k])
            let dq = Double(q - p)
            out[q] = dq * dq + f[p]
        }
    }
}
