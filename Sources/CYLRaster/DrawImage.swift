import CYLGeometry

extension Canvas {
    /// Draws `image` (premultiplied) with its pixel rectangle (0, 0)-(width, height) mapped by
    /// `transform`, source-over at `opacity`, clipped to `clip`.
    ///
    /// The image's rectangle is rasterized like any fill, so its edges are anti-aliased by exact
    /// coverage and the spans go through the same compositing kernel as fills; each span is shaded
    /// by bilinear sampling in 16.16 fixed point (edge texels repeat), two channels per 32-bit
    /// lane operation.
    public func drawImage(_ image: Pixmap, transform: Transform, opacity: Double = 1, clip: IntRect? = nil,
                          into target: inout Pixmap) throws(GeometryError) {
        let alpha = Color.q(opacity)
        guard alpha > 0, let inv = transform.inverted else { return }
        let bounds = IntRect(x: 0, y: 0, width: target.width, height: target.height)
        let c = clip.map { $0.intersection(bounds) } ?? bounds
        try rasterizer.rasterize(Path.rect(Rect(x: 0, y: 0, width: Double(image.width), height: Double(image.height))),
                                 transform: transform, rule: .nonZero, clip: c, maxPoints: maxPathPoints)
        let spans = rasterizer.spans
        if spans.isEmpty { return }
        var longest = 0
        for s in spans where Int(s.length) > longest { longest = Int(s.length) }
        let row = shadeRow(capacity: longest)
        // Image coordinates of a pixel centre, minus half a texel (texel centres sit at +0.5), in
        // 16.16 fixed point; one step right adds (inv.a, inv.b).
        let one = 65536.0
        let du = Int(clamping: inv.a * one), dv = Int(clamping: inv.b * one)
        let iw = image.width - 1, ih = image.height - 1
        image.withUnsafePixels { src, spitch in
            target.withUnsafeMutablePixels { dst, dpitch in
                for s in spans {
                    let n = Int(s.length)
                    let p = inv.apply(Point(Double(s.x) + 0.5, Double(s.y) + 0.5))
                    var u = Int(clamping: (p.x - 0.5) * one), v = Int(clamping: (p.y - 0.5) * one)
                    for k in 0..<n {
                        row[k] = Self.bilinear(src, spitch, u, v, iw, ih)
                        u &+= du; v &+= dv
                    }
                    let coverage = alpha == 255 ? UInt32(s.coverage) : (UInt32(s.coverage) * alpha + 127) / 255
                    Kernels.overRow(dst + Int(s.y) * dpitch + Int(s.x), row, n, coverage: coverage)
                }
            }
        }
    }

    /// The premultiplied colour at 16.16 position (`u`, `v`) between texel centres, edges repeated.
    @inline(__always)
    static func bilinear(_ src: UnsafePointer<UInt32>, _ pitch: Int, _ u: Int, _ v: Int, _ maxX: Int, _ maxY: Int) -> UInt32 {
        let x = u >> 16, y = v >> 16
        let fx = UInt32(truncatingIfNeeded: (u >> 8) & 255), fy = UInt32(truncatingIfNeeded: (v >> 8) & 255)
        let x0 = min(max(x, 0), maxX), x1 = min(max(x + 1, 0), maxX)
        let y0 = min(max(y, 0), maxY), y1 = min(max(y + 1, 0), maxY)
        let r0 = src + y0 * pitch, r1 = src + y1 * pitch
        return lerpPixel(lerpPixel(r0[x0], r0[x1], fx), lerpPixel(r1[x0], r1[x1], fx), fy)
    }

    /// `a + (b − a)·w/256` per channel, two channels per lane operation.
    @inline(__always)
    static func lerpPixel(_ a: UInt32, _ b: UInt32, _ w: UInt32) -> UInt32 {
        let iw = 256 - w
        let rb = ((a & lo8) &* iw &+ (b & lo8) &* w) >> 8 & lo8
        let ag = (((a >> 8) & lo8) &* iw &+ ((b >> 8) & lo8) &* w) & ~lo8
        return rb | ag
    }
}
