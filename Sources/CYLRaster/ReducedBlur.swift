import CRasterKernels

/// A gaussian blur of a large σ computed at a reduced resolution: the rectangle is averaged down by
/// whole factors `fx × fy` (box cells), blurred there exactly, and brought back up bilinearly.
///
/// Why it stays a gaussian of the asked σ: averaging cells of f pixels is a box of variance
/// (f² − 1)/12 and bilinear interpolation back by f adds, on average over the phases, a tent of
/// variance (f² − 1)/6; so the reduced blur uses σ'² = (σ² − (f² − 1)/4) / f² and the three add up
/// to σ². What is left is the shape difference between a box or a tent and a gaussian, and the
/// interpolation's ripple with the phase; both shrink as σ' grows, and `minSigma` (the smallest σ'
/// a factor is chosen for) keeps them within a few levels of 255 (ReducedBlurTests measures them
/// against the exact blurred edge). The cost per pixel becomes constant: one read to average, one
/// interpolated write, and (2⌈3σ'⌉ + 1) taps per reduced pixel, that is per f² pixels.
enum ReducedBlur {
    /// The smallest standard deviation, in reduced pixels, a reduction leaves: σ is reduced by
    /// ⌊σ / minSigma⌋, so σ below 2 × minSigma is blurred at full resolution.
    static let minSigma = 2.0

    /// The whole factor `sigma` (pixels) is reduced by along one axis; 1 keeps the axis as it is.
    static func factor(_ sigma: Double) -> Int {
        guard sigma.isFinite, sigma >= 2 * minSigma else { return 1 }
        return Int(sigma / minSigma)
    }

    /// The σ, in reduced pixels, that with the averaging and the interpolation makes `sigma`.
    static func reducedSigma(_ sigma: Double, factor f: Int) -> Double {
        guard f > 1 else { return sigma }
        return max(0, sigma * sigma - Double(f * f - 1) / 4).squareRoot() / Double(f)
    }

    /// The `UInt32`s of scratch `blur` needs for a `w × h` rectangle reduced to `nw × nh` with
    /// reduced kernels of these lengths.
    static func scratchCount(w: Int, h: Int, nw: Int, nh: Int, kx: Int, ky: Int) -> Int {
        // The reduced image, the blur's own scratch, two rows of spread channels (UInt64 pairs) as
        // wide as the rectangle, and the column table (index and weight per output column).
        let image = (nw * nh + 1) & ~1
        return image + Pixmap.blurScratchCount(w: nw, h: nh, kx: kx, ky: ky) + max(4 * w, expandScratchCount(w: w))
    }

    /// Blurs the `w × h` pixels at `origin` (rows `stride` apart), factors `fx`, `fy` ≥ 1, by the
    /// reduced kernels `kx`, `ky`; `scratch` holds `scratchCount`.
    static func blur(_ origin: UnsafeMutablePointer<UInt32>, stride: Int, w: Int, h: Int, fx: Int, fy: Int,
                     kx: [UInt32], ky: [UInt32], scratch: UnsafeMutablePointer<UInt32>) {
        let nw = (w + fx - 1) / fx, nh = (h + fy - 1) / fy
        let small = scratch
        let blurScratch = scratch + (nw * nh + 1) & ~1
        let rest = blurScratch + Pixmap.blurScratchCount(w: nw, h: nh, kx: kx.count, ky: ky.count)
        let rows = UnsafeMutableRawPointer(rest).bindMemory(to: UInt64.self, capacity: 2 * w)
        reduce(origin, stride: stride, w: w, h: h, fx: fx, fy: fy, into: small, nw: nw, nh: nh, rb: rows, ag: rows + w)
        Pixmap.blurRect(small, stride: nw, w: nw, h: nh, kx: kx, ky: ky, scratch: blurScratch)
        expand(small, smallStride: nw, nw: nw, nh: nh, fx: fx, fy: fy, into: origin, stride: stride, w: w, h: h, scratch: rest)
    }

    /// Spreads pixel `p` into two UInt64s, channels r, b and g, a in 32-bit lanes.
    @inline(__always) static func spread(_ p: UInt32) -> (UInt64, UInt64) {
        (UInt64(p & 0xFF) | UInt64(p & 0xFF_0000) << 16, UInt64((p >> 8) & 0xFF) | UInt64((p >> 8) & 0xFF_0000) << 16)
    }

    /// Averages cells of `fx × fy` pixels into the `nw × nh` image `small` (cells reaching past the
    /// rectangle count the missing pixels as transparent).
    static func reduce(_ src: UnsafeMutablePointer<UInt32>, stride: Int, w: Int, h: Int, fx: Int, fy: Int,
                       into small: UnsafeMutablePointer<UInt32>, nw: Int, nh: Int,
                       rb: UnsafeMutablePointer<UInt64>, ag: UnsafeMutablePointer<UInt64>) {
        // round(sum / n) as (sum × inv + 2³¹) >> 32 with inv = round(2³² / n): sum ≤ 255 n, so the
        // error of inv moves the quotient by far less than the rounding's half.
        let n = UInt64(fx * fy)
        let inv = ((1 << 32) + n / 2) / n
        for j in 0..<nh {
            rb.update(repeating: 0, count: w)
            ag.update(repeating: 0, count: w)
            for y in (j * fy)..<min(h, (j + 1) * fy) {
                let row = src + y * stride
                for x in 0..<w {
                    let (a, b) = spread(row[x])
                    rb[x] &+= a
                    ag[x] &+= b
                }
            }
            let out = small + j * nw
            for i in 0..<nw {
                var a: UInt64 = 0, b: UInt64 = 0
                for x in (i * fx)..<min(w, (i + 1) * fx) { a &+= rb[x]; b &+= ag[x] }
                let r = ((a & 0xFFFF_FFFF) &* inv &+ (1 << 31)) >> 32, bl = ((a >> 32) &* inv &+ (1 << 31)) >> 32
                let g = ((b & 0xFFFF_FFFF) &* inv &+ (1 << 31)) >> 32, al = ((b >> 32) &* inv &+ (1 << 31)) >> 32
                out[i] = UInt32(truncatingIfNeeded: r | g << 8 | bl << 16 | al << 24)
            }
        }
    }

    /// Where output index `x` falls between reduced samples at a factor of `f`: the samples'
    /// indices (clamped to `0..<n`) and the second's weight in 1/256.
    @inline(__always) static func position(_ x: Int, f: Int, n: Int) -> (Int, Int, UInt64) {
        // Reduced sample i's centre is at output (i + 0.5) f − 0.5; in 1/(2f) units: u = 2x + 1 − f.
        let u = 2 * x + 1 - f
        let i0 = u >= 0 ? u / (2 * f) : -1
        let t = u - i0 * 2 * f  // 0 ..< 2f
        let wgt = UInt64((t * 256 + f) / (2 * f))
        return (min(max(i0, 0), n - 1), min(i0 + 1, n - 1), wgt)
    }

    /// The `UInt32`s of scratch `expand` needs for an output `w` pixels wide.
    static func expandScratchCount(w: Int) -> Int { 11 * w }

    /// Interpolates the `nw × nh` image `small` (rows `smallStride` apart) bilinearly back up,
    /// writing the `w × h` output pixels whose top left is output pixel (`ox`, `oy`) of the whole
    /// expansion to `dst` (rows `stride` apart); with an `opacity`, compositing them over `dst`
    /// scaled by it (source-over) instead, skipping what is transparent. `scratch` holds
    /// `expandScratchCount(w:)`.
    ///
    /// Each reduced row is interpolated across once, into one of two full-width rows of 32-bit
    /// channels in 1/256; each output row then mixes the two it falls between (`cyl_lerp_rows`).
    /// Every output channel is round(Σ corner · weight / 65536) over the four corners with
    /// weights (256 − wx or wx)(256 − wy or wy), the same bilinear sum in whichever order.
    static func expand(_ small: UnsafePointer<UInt32>, smallStride: Int, nw: Int, nh: Int, fx: Int, fy: Int, ox: Int = 0, oy: Int = 0,
                       into dst: UnsafeMutablePointer<UInt32>, stride: Int, w: Int, h: Int, opacity: UInt32? = nil,
                       scratch: UnsafeMutablePointer<UInt32>) {
        let table = scratch, ring = scratch + 2 * w, row = scratch + 10 * w
        // Per output column: the left sample's index and the right sample's weight (the right one
        // is the next sample, or the same at the last).
        for x in 0..<w {
            let (i0, i1, wgt) = position(ox + x, f: fx, n: nw)
            table[2 * x] = UInt32(i0)
            table[2 * x + 1] = UInt32(wgt) | UInt32(i1 - i0) << 16
        }
        // Which reduced row each ring slot holds, and the columns where it is not transparent.
        var held = (-1, -1)
        var span = ((0, 0), (0, 0))
        for y in 0..<h {
            let (j0, j1, wy) = position(oy + y, f: fy, n: nh)
            for j in j0...j1 where (j & 1 == 0 ? held.0 : held.1) != j {
                let s = across(small + j * smallStride, table: table, w: w, into: ring + (j & 1) * 4 * w)
                if j & 1 == 0 { held.0 = j; span.0 = s } else { held.1 = j; span.1 = s }
            }
            let h0 = ring + (j0 & 1) * 4 * w, h1 = ring + (j1 & 1) * 4 * w
            let s0 = j0 & 1 == 0 ? span.0 : span.1, s1 = j1 & 1 == 0 ? span.0 : span.1
            let out = dst + y * stride
            guard let opacity else {
                cyl_lerp_rows(out, h0, h1, w, UInt32(wy))
                continue
            }
            // Compositing transparency changes nothing: only the columns either row covers.
            let lo = min(s0.0, s1.0), hi = max(s0.1, s1.1)
            if lo >= hi { continue }
            cyl_lerp_rows(row, h0 + 4 * lo, h1 + 4 * lo, hi - lo, UInt32(wy))
            Kernels.overRow(out + lo, row, hi - lo, coverage: opacity)
        }
    }

    /// Interpolates reduced row `r` across into `out` (4 channels a pixel, in 1/256) for the `w`
    /// output columns of `table`; returns the columns `lo ..< hi` outside which it is transparent.
    static func across(_ r: UnsafePointer<UInt32>, table: UnsafePointer<UInt32>, w: Int,
                       into out: UnsafeMutablePointer<UInt32>) -> (Int, Int) {
        var lo = w, hi = 0
        for x in 0..<w {
            let i0 = Int(table[2 * x]), e = table[2 * x + 1]
            let p0 = r[i0], p1 = r[i0 &+ Int(e >> 16)]
            let w1 = e & 0xFFFF, w0 = 256 &- w1
            let o = out + 4 * x
            o[0] = (p0 & 0xFF) &* w0 &+ (p1 & 0xFF) &* w1
            o[1] = ((p0 >> 8) & 0xFF) &* w0 &+ ((p1 >> 8) & 0xFF) &* w1
            o[2] = ((p0 >> 16) & 0xFF) &* w0 &+ ((p1 >> 16) & 0xFF) &* w1
            o[3] = (p0 >> 24) &* w0 &+ (p1 >> 24) &* w1
            if p0 | p1 != 0 { lo = min(lo, x); hi = x + 1 }
        }
        return (lo, hi)
    }
}

extension Pixmap {
    /// `blur(sigmaX:sigmaY:in:scratch:)` for drawing: an axis whose σ is at least
    /// 2 × `ReducedBlur.minSigma` pixels is blurred at a reduced resolution (`ReducedBlur`), within a
    /// few levels of the exact blur and at a cost per pixel that no longer grows with σ.
    public mutating func fastBlur(sigmaX: Double, sigmaY: Double, in rect: IntRect, scratch: inout [UInt32]) {
        // σ past `maxBlurSigma` spreads an icon flat already; capping it keeps the factor's square
        // (reducedSigma) and the kernel finite for any σ a file asks (FuzzPAG: a drop shadow's 1e12).
        let cap = DisplayListRenderer.maxBlurSigma
        let sx = sigmaX.isFinite && sigmaX > 0.05 ? min(sigmaX, cap) : 0, sy = sigmaY.isFinite && sigmaY > 0.05 ? min(sigmaY, cap) : 0
        let fx = ReducedBlur.factor(sx), fy = ReducedBlur.factor(sy)
        if fx == 1 && fy == 1 { return blur(sigmaX: sx, sigmaY: sy, in: rect, scratch: &scratch) }
        let r = rect.intersection(IntRect(x: 0, y: 0, width: width, height: height))
        if r.isEmpty { return }
        let kx = GaussianKernel.weights(sigma: ReducedBlur.reducedSigma(sx, factor: fx))
        let ky = GaussianKernel.weights(sigma: ReducedBlur.reducedSigma(sy, factor: fy))
        let nw = (r.width + fx - 1) / fx, nh = (r.height + fy - 1) / fy
        let need = ReducedBlur.scratchCount(w: r.width, h: r.height, nw: nw, nh: nh, kx: kx.count, ky: ky.count)
        if scratch.count < need { scratch = [UInt32](repeating: 0, count: need) }
        scratch.withUnsafeMutableBufferPointer { tmp in
            withUnsafeMutablePixels { img, s32 in
                ReducedBlur.blur(img + r.y * s32 + r.x, stride: s32, w: r.width, h: r.height, fx: fx, fy: fy,
                                 kx: kx, ky: ky, scratch: tmp.baseAddress!)
            }
        }
    }
}
