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
    static let minSigma = 2.5

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
        return image + Pixmap.blurScratchCount(w: nw, h: nh, kx: kx, ky: ky) + 4 * max(w, nw) + 2 * w
    }

    /// Blurs the `w × h` pixels at `origin` (rows `stride` apart), factors `fx`, `fy` ≥ 1, by the
    /// reduced kernels `kx`, `ky`; `scratch` holds `scratchCount`.
    static func blur(_ origin: UnsafeMutablePointer<UInt32>, stride: Int, w: Int, h: Int, fx: Int, fy: Int,
                     kx: [UInt32], ky: [UInt32], scratch: UnsafeMutablePointer<UInt32>) {
        let nw = (w + fx - 1) / fx, nh = (h + fy - 1) / fy
        let small = scratch
        let blurScratch = scratch + (nw * nh + 1) & ~1
        let rest = blurScratch + Pixmap.blurScratchCount(w: nw, h: nh, kx: kx.count, ky: ky.count)
        let rowLen = max(w, nw)
        let rows = UnsafeMutableRawPointer(rest).bindMemory(to: UInt64.self, capacity: 2 * rowLen)
        let table = rest + 4 * rowLen
        reduce(origin, stride: stride, w: w, h: h, fx: fx, fy: fy, into: small, nw: nw, nh: nh, rb: rows, ag: rows + rowLen)
        Pixmap.blurRect(small, stride: nw, w: nw, h: nh, kx: kx, ky: ky, scratch: blurScratch)
        expand(small, nw: nw, nh: nh, fx: fx, fy: fy, into: origin, stride: stride, w: w, h: h,
               rb: rows, ag: rows + rowLen, table: table)
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

    /// Interpolates the `nw × nh` image `small` bilinearly back up to `w × h` pixels at `dst`.
    static func expand(_ small: UnsafeMutablePointer<UInt32>, nw: Int, nh: Int, fx: Int, fy: Int,
                       into dst: UnsafeMutablePointer<UInt32>, stride: Int, w: Int, h: Int,
                       rb: UnsafeMutablePointer<UInt64>, ag: UnsafeMutablePointer<UInt64>, table: UnsafeMutablePointer<UInt32>) {
        // Per output column: the left sample's index and the right sample's weight (the right one
        // is the next sample, or the same at the last).
        for x in 0..<w {
            let (i0, i1, wgt) = position(x, f: fx, n: nw)
            table[2 * x] = UInt32(i0)
            table[2 * x + 1] = UInt32(wgt) | UInt32(i1 - i0) << 16
        }
        for y in 0..<h {
            // The two reduced rows mixed in 1/256 (each lane ≤ 255 × 256).
            let (j0, j1, wy) = position(y, f: fy, n: nh)
            let r0 = small + j0 * nw, r1 = small + j1 * nw
            for i in 0..<nw {
                let (a0, b0) = spread(r0[i]), (a1, b1) = spread(r1[i])
                rb[i] = a0 &* (256 &- wy) &+ a1 &* wy
                ag[i] = b0 &* (256 &- wy) &+ b1 &* wy
            }
            // Then across, in 1/65536 (each lane ≤ 255 × 65536: no carry between lanes).
            let out = dst + y * stride
            for x in 0..<w {
                let i0 = Int(table[2 * x]), e = table[2 * x + 1]
                let wx = UInt64(e & 0xFFFF), i1 = i0 &+ Int(e >> 16)
                var a = rb[i0] &* (256 &- wx) &+ rb[i1] &* wx
                var b = ag[i0] &* (256 &- wx) &+ ag[i1] &* wx
                a = ((a &+ 0x0000_8000_0000_8000) >> 16) & 0x0000_00FF_0000_00FF
                b = ((b &+ 0x0000_8000_0000_8000) >> 16) & 0x0000_00FF_0000_00FF
                let v = UInt32(truncatingIfNeeded: a | a >> 16) & 0x00FF_00FF
                let u = UInt32(truncatingIfNeeded: b | b >> 16) & 0x00FF_00FF
                out[x] = v | u << 8
            }
        }
    }
}

extension Pixmap {
    /// `blur(sigmaX:sigmaY:in:scratch:)` for drawing: an axis whose σ is at least
    /// 2 × `ReducedBlur.minSigma` pixels is blurred at a reduced resolution (`ReducedBlur`), within a
    /// few levels of the exact blur and at a cost per pixel that no longer grows with σ.
    public mutating func fastBlur(sigmaX: Double, sigmaY: Double, in rect: IntRect, scratch: inout [UInt32]) {
        let sx = sigmaX.isFinite && sigmaX > 0.05 ? sigmaX : 0, sy = sigmaY.isFinite && sigmaY > 0.05 ? sigmaY : 0
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
