#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Gaussian blur: two passes of a sampled, normalised gaussian kernel (radius ⌈3σ⌉, weights in
/// 16-bit fixed point summing to 65536), each pass writing its output transposed so that both
/// passes read rows. Cost per pixel is linear in the radius; pixels outside the image count as
/// transparent.
enum GaussianKernel {
    /// The kernel for `sigma` pixels; `[65536]` (leaves the image as it is) for sigma ≤ 0.05.
    static func weights(sigma: Double) -> [UInt32] {
        guard sigma.isFinite, sigma > 0.05 else { return [65536] }
        let r = max(1, Int((3 * sigma).rounded(.up)))
        var f = [Double](repeating: 0, count: 2 * r + 1)
        for i in 0...(2 * r) { let x = Double(i - r); f[i] = exp(-x * x / (2 * sigma * sigma)) }
        let s = f.reduce(0, +)
        var w = f.map { UInt32(($0 / s * 65536).rounded()) }
        // Fix the rounding so the weights sum to exactly 65536 (flat areas stay flat).
        let total = w.reduce(0, +)
        w[r] = UInt32(Int(w[r]) + 65536 - Int(total))
        return w
    }
}

extension Pixmap {
    /// Blurs the pixmap in place with a gaussian of standard deviation `sigma` pixels.
    /// `scratch` is reused between calls (pass the same array to avoid allocating).
    public mutating func blur(sigma: Double, scratch: inout [UInt32]) {
        guard sigma.isFinite, sigma > 0.05 else { return }
        let w = width, h = height
        let k = GaussianKernel.weights(sigma: sigma)
        let r = k.count / 2
        // Transposed image, then two zero-padded rows of spread channels (UInt64 = two UInt32s each).
        let rowLen = max(w, h) + 2 * r
        let need = w * h + 4 * rowLen
        if scratch.count < need { scratch = [UInt32](repeating: 0, count: need) }
        k.withUnsafeBufferPointer { kp in
            scratch.withUnsafeMutableBufferPointer { tmp in
                let t = tmp.baseAddress!
                let rows = UnsafeMutableRawPointer(t + w * h).bindMemory(to: UInt64.self, capacity: 2 * rowLen)
                withUnsafeMutablePixels { img, s32 in
                    // Rows of the image -> columns of tmp (tmp is h wide, w tall).
                    Self.blurPass(src: img, srcStride: s32, dst: t, dstStride: h, w: w, h: h, k: kp, rb: rows, ag: rows + rowLen)
                    // Rows of tmp -> columns of the image.
                    Self.blurPass(src: t, srcStride: h, dst: img, dstStride: s32, w: h, h: w, k: kp, rb: rows, ag: rows + rowLen)
                }
            }
        }
    }
    public mutating func blur(sigma: Double) {
        var scratch: [UInt32] = []
        blur(sigma: sigma, scratch: &scratch)
    }

    /// Blurs the part of the pixmap inside `rect` (clamped to the pixmap), treating everything
    /// outside it as transparent: for content known to lie within `rect` shrunk by the kernel's
    /// reach (3σ), the result equals `blur(sigma:scratch:)` at a cost proportional to the rect.
    public mutating func blur(sigma: Double, in rect: IntRect, scratch: inout [UInt32]) {
        blur(sigmaX: sigma, sigmaY: sigma, in: rect, scratch: &scratch)
    }

    /// Blurs each of `h` rows of `w` pixels, writing output pixel (x, y) to `dst[x * dstStride + y]`.
    /// Each row is first spread into `rb`/`ag` (channels in 32-bit lanes of a UInt64, zero-padded
    /// by the kernel radius) so the tap loop is two multiply-adds with no bounds logic.
    static func blurPass(src: UnsafePointer<UInt32>, srcStride: Int, dst: UnsafeMutablePointer<UInt32>, dstStride: Int,
                         w: Int, h: Int, k: UnsafeBufferPointer<UInt32>,
                         rb: UnsafeMutablePointer<UInt64>, ag: UnsafeMutablePointer<UInt64>) {
        let r = k.count / 2, taps = k.count
        let kp = k.baseAddress!
        rb.update(repeating: 0, count: w + 2 * r)
        ag.update(repeating: 0, count: w + 2 * r)
        for y in 0..<h {
            let row = src + y * srcStride
            for x in 0..<w {
                let p = row[x]
                rb[x &+ r] = UInt64(p & 0xFF) | UInt64(p & 0xFF_0000) << 16
                ag[x &+ r] = UInt64((p >> 8) & 0xFF) | UInt64((p >> 8) & 0xFF_0000) << 16
            }
            for x in 0..<w {
                var a: UInt64 = 0, b: UInt64 = 0
                let prb = rb + x, pag = ag + x
                for i in 0..<taps {
                    let wt = UInt64(kp[i])
                    a &+= prb[i] &* wt
                    b &+= pag[i] &* wt
                }
                a = ((a &+ 0x0000_8000_0000_8000) >> 16) & 0x0000_00FF_0000_00FF
                b = ((b &+ 0x0000_8000_0000_8000) >> 16) & 0x0000_00FF_0000_00FF
                let v = UInt32(truncatingIfNeeded: a | a >> 16) & 0x00FF_00FF
                let u = UInt32(truncatingIfNeeded: b | b >> 16) & 0x00FF_00FF
                dst[x &* dstStride &+ y] = v | u << 8
            }
        }
    }
}

extension Mask {
    /// Blurs the mask in place with a gaussian of standard deviation `sigma` pixels.
    public mutating func blur(sigma: Double, scratch: inout [UInt8]) {
        blur(sigmaX: sigma, sigmaY: sigma, scratch: &scratch)
    }

    /// Blurs the mask in place with a gaussian of standard deviation `sigmaX` pixels across and
    /// `sigmaY` down (a mask feather); an axis whose sigma is 0.05 or less is left sharp.
    public mutating func blur(sigmaX: Double, sigmaY: Double, scratch: inout [UInt8]) {
        let sx = sigmaX.isFinite && sigmaX > 0.05 ? sigmaX : 0, sy = sigmaY.isFinite && sigmaY > 0.05 ? sigmaY : 0
        guard sx > 0 || sy > 0 else { return }
        let w = width, h = height
        if scratch.count < w * h { scratch = [UInt8](repeating: 0, count: w * h) }
        // Each pass blurs rows and writes them transposed: the first pass blurs across, the second down.
        let kx = GaussianKernel.weights(sigma: sx), ky = GaussianKernel.weights(sigma: sy)
        kx.withUnsafeBufferPointer { kxp in
            ky.withUnsafeBufferPointer { kyp in
                scratch.withUnsafeMutableBufferPointer { tmp in
                    bytes.withUnsafeMutableBufferPointer { img in
                        Self.blurPass(src: img.baseAddress!, dst: tmp.baseAddress!, w: w, h: h, k: kxp)
                        Self.blurPass(src: tmp.baseAddress!, dst: img.baseAddress!, w: h, h: w, k: kyp)
                    }
                }
            }
        }
    }
    public mutating func blur(sigma: Double) {
        var scratch: [UInt8] = []
        blur(sigma: sigma, scratch: &scratch)
    }

    static func blurPass(src: UnsafePointer<UInt8>, dst: UnsafeMutablePointer<UInt8>, w: Int, h: Int,
                         k: UnsafeBufferPointer<UInt32>) {
        let r = k.count / 2
        for y in 0..<h {
            let row = src + y * w
            for x in 0..<w {
                let lo = max(0, x - r), hi = min(w - 1, x + r)
                var acc: UInt32 = 0
                var i = lo
                while i <= hi { acc &+= UInt32(row[i]) &* k[i - x + r]; i += 1 }
                dst[x * h + y] = UInt8(truncatingIfNeeded: (acc + 0x8000) >> 16)
            }
        }
    }
}
