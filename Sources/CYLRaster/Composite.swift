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
