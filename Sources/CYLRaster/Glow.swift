import CYLGeometry

/// The glow effect as libpag's GlowFilter draws it: the layer blurred a little (a five-tap kernel
/// whose step is one texel of a copy shrunk by 1 − radius / 1500, horizontally then vertically),
/// then each colour channel the larger of the layer's and the blur's, divided by the threshold
/// and clamped; alpha is the layer's. Intensity is not used (nor by libpag).
public struct Glow: Sendable, Equatable {
    /// The threshold (0...1): channels at or above it become full.
    public var threshold: Double
    /// The glow radius (After Effects' units); libpag only shrinks its blur copy by it.
    public var radius: Double

    public init(threshold: Double, radius: Double) {
        self.threshold = threshold
        self.radius = radius
    }

    /// The blur's step in pixels.
    var step: Double {
        let ratio = 1 - radius / 1500
        return ratio > 0.05 && ratio.isFinite ? 1 / ratio : 20
    }
}

extension Pixmap {
    /// Applies `glow` to the pixels in `rect` (edges clamped, as the GPU's sampler does).
    /// `scratch` is reused between calls.
    mutating func applyGlow(_ glow: Glow, in rect: IntRect, scratch: inout [Float]) {
        let r = rect.intersection(IntRect(x: 0, y: 0, width: width, height: height))
        if r.isEmpty { return }
        let w = r.width, h = r.height, n = w * h * 4
        if scratch.count < 2 * n { scratch = [Float](repeating: 0, count: 2 * n) }
        let offsets = [0, 1.182425 * glow.step, -1.182425 * glow.step, 3.029312 * glow.step, -3.029312 * glow.step]
        let weights: [Float] = [0.398943, 0.295963, 0.295963, 0.004566, 0.004566]
        let threshold = Float(max(glow.threshold.isFinite ? glow.threshold : 1, 1e-3))
        scratch.withUnsafeMutableBufferPointer { buf in
            let a = buf.baseAddress!, t = a + n
            withUnsafeMutablePixels { base, pitch in
                // The layer's channels, premultiplied, 0...255.
                for y in 0..<h {
                    let row = base + (r.y + y) * pitch + r.x
                    for x in 0..<w {
                        let p = row[x], o = (y * w + x) * 4
                        a[o] = Float(p & 0xff); a[o + 1] = Float(p >> 8 & 0xff); a[o + 2] = Float(p >> 16 & 0xff); a[o + 3] = Float(p >> 24)
                    }
                }
                // One pass: `dst` from `src` along x (dx 1) or y, linearly interpolated, clamped.
                func pass(_ src: UnsafeMutablePointer<Float>, _ dst: UnsafeMutablePointer<Float>, horizontal: Bool) {
                    let len = horizontal ? w : h
                    for y in 0..<h {
                        for x in 0..<w {
                            var s0: Float = 0, s1: Float = 0, s2: Float = 0, s3: Float = 0
                            let at = Double(horizontal ? x : y)
                            for k in 0..<5 {
                                let pos = min(max(at + offsets[k], 0), Double(len - 1))
                                let i0 = Int(pos), i1 = min(i0 + 1, len - 1), f = Float(pos - Double(i0)), wk = weights[k]
                                let o0 = horizontal ? (y * w + i0) * 4 : (i0 * w + x) * 4
                                let o1 = horizontal ? (y * w + i1) * 4 : (i1 * w + x) * 4
                                s0 += wk * (src[o0] + (src[o1] - src[o0]) * f)
                                s1 += wk * (src[o0 + 1] + (src[o1 + 1] - src[o0 + 1]) * f)
                                s2 += wk * (src[o0 + 2] + (src[o1 + 2] - src[o0 + 2]) * f)
                                s3 += wk * (src[o0 + 3] + (src[o1 + 3] - src[o0 + 3]) * f)
                            }
                            let o = (y * w + x) * 4
                            dst[o] = s0; dst[o + 1] = s1; dst[o + 2] = s2; dst[o + 3] = s3
                        }
                    }
                }
                pass(a, t, horizontal: true)
                // The vertical pass reads `t` and writes the blur back over `a`; the layer is still in the pixmap.
                pass(t, a, horizontal: false)
                for y in 0..<h {
                    let row = base + (r.y + y) * pitch + r.x
                    for x in 0..<w {
                        let p = row[x], o = (y * w + x) * 4
                        let alpha = p >> 24
                        if alpha == 0 { continue }
                        func channel(_ v: UInt32, _ blurred: Float) -> UInt32 {
                            let c = min(max(Float(v), blurred) / threshold, 255)
                            return min(UInt32(c.rounded()), alpha)
                        }
                        row[x] = channel(p & 0xff, a[o]) | channel(p >> 8 & 0xff, a[o + 1]) << 8 | channel(p >> 16 & 0xff, a[o + 2]) << 16
                            | alpha << 24
                    }
                }
            }
        }
    }
}
