import CYLGeometry

/// libpag's MotionBlurFilter on a snapshot's bitmap (`ContentSnapshot.MotionBlur`), on the CPU.
///
/// Its shader works in the texture coordinates uv (0...1 across `input`, the bitmap of the
/// content's bounds cut to what is visible, as libpag's filter pass cuts them, in whole texels). A point's velocity is how far the
/// layer's transform moved it since the previous frame, in the layer's parent's units, divided by
/// the size of the uncut `bounds`, cut to `MotionBlur.maxShift`; libpag builds that from the
/// uncut bounds but applies it in the cut input's coordinates, so a layer mostly out of view
/// smears little. The texel is the point's own sample plus 36 more at uv + v·(i/36 − c) (c = 0
/// when the layer scaled, ½ otherwise), each of those counted only inside the input, all divided
/// by 37; a texel whose 36 all fall outside is transparent.
enum MotionBlurKernel {
    /// Fills `output`, whose texel centres `contentFromOutput` maps to the content, from `input`,
    /// the content over `inputBounds` (the bitmap's whole extent, in the content's units) drawn
    /// with `inputFromContent` (sampled bilinearly, edge texels repeating as a clamped texture's
    /// do); `bounds` are the content's uncut bounds.
    static func apply(_ blur: ContentSnapshot.MotionBlur, input: Pixmap, inputFromContent: Transform, inputBounds r: Rect,
                      bounds b: Rect, contentFromOutput: Transform, into output: inout Pixmap) {
        let count = ContentSnapshot.MotionBlur.samples
        let centre = blur.scaling ? 0.0 : 0.5
        let w = input.width, h = input.height
        input.withUnsafePixels { src, spitch in
            /// Premultiplied channels at texel coordinates (x, y) (texel centres at whole numbers).
            func sample(_ x: Double, _ y: Double) -> (Double, Double, Double, Double) {
                let fx = min(max(x, 0), Double(w - 1)), fy = min(max(y, 0), Double(h - 1))
                let x0 = Int(fx), y0 = Int(fy), x1 = min(x0 + 1, w - 1), y1 = min(y0 + 1, h - 1)
                let tx = fx - Double(x0), ty = fy - Double(y0)
                var out = (0.0, 0.0, 0.0, 0.0)
                // Four calls, not a loop over an array literal of the taps: that allocated per sample.
                @inline(__always) func tap(_ px: Int, _ py: Int, _ weight: Double) {
                    let p = src[py * spitch + px]
                    out.0 += weight * Double(p & 255)
                    out.1 += weight * Double((p >> 8) & 255)
                    out.2 += weight * Double((p >> 16) & 255)
                    out.3 += weight * Double(p >> 24)
                }
                tap(x0, y0, (1 - tx) * (1 - ty)); tap(x1, y0, tx * (1 - ty))
                tap(x0, y1, (1 - tx) * ty); tap(x1, y1, tx * ty)
                return out
            }
            /// The sample at fraction (u, v) of the input's bounds.
            func at(_ u: Double, _ v: Double) -> (Double, Double, Double, Double) {
                let t = inputFromContent.apply(Point(r.minX + u * r.width, r.minY + v * r.height))
                return sample(t.x - 0.5, t.y - 0.5)
            }
            let ow = output.width, oh = output.height
            output.withUnsafeMutablePixels { dst, dpitch in
                for j in 0..<oh {
                    for i in 0..<ow {
                        let q = contentFromOutput.apply(Point(Double(i) + 0.5, Double(j) + 0.5))
                        let u = (q.x - r.minX) / r.width, v = (q.y - r.minY) / r.height
                        let moved = blur.change.apply(Point(b.minX + u * b.width, b.minY + v * b.height))
                        var vx = moved.x / b.width, vy = moved.y / b.height
                        let distance = (vx * vx + vy * vy).squareRoot()
                        if distance > ContentSnapshot.MotionBlur.maxShift {
                            vx *= ContentSnapshot.MotionBlur.maxShift / distance
                            vy *= ContentSnapshot.MotionBlur.maxShift / distance
                        }
                        var sum = at(u, v), outside = 0
                        for k in 1..<count {
                            let f = Double(k) / Double(count - 1) - centre
                            let su = u + vx * f, sv = v + vy * f
                            if su >= 0 && su < 1 && sv >= 0 && sv < 1 {
                                let s = at(su, sv)
                                sum.0 += s.0; sum.1 += s.1; sum.2 += s.2; sum.3 += s.3
                            } else {
                                outside += 1
                            }
                        }
                        guard outside < count - 1 else { dst[j * dpitch + i] = 0; continue }
                        @inline(__always) func byte(_ c: Double) -> UInt32 { UInt32(min(255, max(0, (c / Double(count)).rounded()))) }
                        dst[j * dpitch + i] = byte(sum.0) | byte(sum.1) << 8 | byte(sum.2) << 16 | byte(sum.3) << 24
                    }
                }
            }
        }
    }
}
