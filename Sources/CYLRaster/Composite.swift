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

extension Pixmap {
    /// Composites `layer` (this pixmap's size, premultiplied) source-over, moved right by `fx` and
    /// down by `fy` (each 0..<1) with bilinear resampling, changing only the pixels in `rect`: a
    /// pixel takes (1 − fx)(1 − fy) of the layer's pixel at it, fx(1 − fy) of the one to its
    /// left, (1 − fx)fy of the one above and fx·fy of the one above left (weights in 1/256).
    public mutating func compositeShifted(_ layer: Pixmap, fx: Double, fy: Double, in rect: IntRect) {
        precondition(layer.width == width && layer.height == height, "the layer is the pixmap's size")
        let r = rect.intersection(IntRect(x: 0, y: 0, width: width, height: height))
        guard !r.isEmpty else { return }
        let ax = UInt32((min(max(fx, 0), 1) * 256).rounded()), ay = UInt32((min(max(fy, 0), 1) * 256).rounded())
        let bx = 256 - ax, by = 256 - ay
        let n = r.width
        var row = [UInt32](repeating: 0, count: n)
        layer.withUnsafePixels { src, ss in
            withUnsafeMutablePixels { dst, ds in
                row.withUnsafeMutableBufferPointer { out in
                    for y in r.y..<r.maxY {
                        let here = src + y * ss, above = y > 0 ? src + (y - 1) * ss : nil
                        for i in 0..<n {
                            let x = i + r.x
                            let s00 = here[x], s10 = x > 0 ? here[x - 1] : 0
                            let s01 = above?[x] ?? 0, s11 = x > 0 ? above?[x - 1] ?? 0 : 0
                            if s00 | s10 | s01 | s11 == 0 { out[i] = 0; continue }
                            var p: UInt32 = 0
                            for shift in Swift.stride(from: UInt32(0), to: 32, by: 8) {
                                let c00 = (s00 >> shift) & 0xFF, c10 = (s10 >> shift) & 0xFF
                                let c01 = (s01 >> shift) & 0xFF, c11 = (s11 >> shift) & 0xFF
                                let v = ((c00 * bx + c10 * ax) * by + (c01 * bx + c11 * ax) * ay + 32768) >> 16
                                p |= min(v, 255) << shift
                            }
                            out[i] = p
                        }
                        Kernels.overRow(dst + y * ds + r.x, out.baseAddress!, n)
                    }
                }
            }
        }
    }
}
