/// Scaling raster frames (GIF, PNG sequences) to a requested size: fit uniformly and centre.
///
/// Works in premultiplied space so transparent pixels contribute no colour: averaging straight
/// alpha would pull the black of transparent neighbours into soft edges (dark fringes).
/// Downscaling averages the exact area each destination pixel covers (a box filter with fractional
/// edges); upscaling interpolates bilinearly. Either way a destination pixel only partly covered
/// by the fitted image gets proportional alpha, so the image's border is anti-aliased too.

/// Where an image lands when fitted into a target: uniform scale, centred.
public struct FitPlacement: Equatable, Sendable {
    public var scale: Double
    public var originX: Double
    public var originY: Double

    /// The uniform scale that fits `source` inside `target`, and the origin that centres it.
    public init(source: PixelSize, target: PixelSize) {
        let s = min(Double(target.width) / Double(source.width), Double(target.height) / Double(source.height))
        scale = s
        originX = (Double(target.width) - Double(source.width) * s) / 2
        originY = (Double(target.height) - Double(source.height) * s) / 2
    }
}

extension PixelSize {
    /// The size that keeps this aspect ratio with the given width (height rounded, at least 1).
    public func withWidth(_ w: Int) -> PixelSize {
        PixelSize(w, max(1, Int((Double(height) * Double(w) / Double(width)).rounded())))
    }

    /// The size that keeps this aspect ratio with the given height (width rounded, at least 1).
    public func withHeight(_ h: Int) -> PixelSize {
        PixelSize(max(1, Int((Double(width) * Double(h) / Double(height)).rounded())), h)
    }

    /// This size scaled by `s` on both axes (rounded, at least 1).
    public func scaled(by s: Double) -> PixelSize {
        PixelSize(max(1, Int((Double(width) * s).rounded())), max(1, Int((Double(height) * s).rounded())))
    }
}

/// One axis of a resampling: for each destination index, the source indices and weights.
private struct AxisWeights {
    /// `first[d] ..< first[d] + count[d]` are the source indices of destination `d`.
    var first: [Int32]
    var count: [Int32]
    /// `maxTaps` weights per destination, row-major.
    var weights: [Float]
    var maxTaps: Int

    init(sourceLength n: Int, destinationLength m: Int, scale s: Double, origin o: Double) {
        maxTaps = s < 1 ? Int((1 / s).rounded(.up)) + 2 : 2
        first = [Int32](repeating: 0, count: m)
        count = [Int32](repeating: 0, count: m)
        weights = [Float](repeating: 0, count: m * maxTaps)
        let imageEnd = o + Double(n) * s
        for d in 0..<m {
            let base = d * maxTaps
            if s < 1 {
                // Box filter: the source interval this destination pixel covers, clipped to the image.
                let lo = (Double(d) - o) / s, hi = (Double(d + 1) - o) / s
                let a = max(0, lo), b = min(Double(n), hi)
                guard b > a else { continue }
                let i0 = Int(a.rounded(.down)), i1 = min(n - 1, Int(b.rounded(.up)) - 1)
                first[d] = Int32(i0)
                count[d] = Int32(i1 - i0 + 1)
                for i in i0...i1 {
                    let overlap = min(b, Double(i + 1)) - max(a, Double(i))
                    weights[base + i - i0] = Float(overlap * s)
                }
            } else {
                // Bilinear between the two nearest source centres, clamped at the image edges, scaled
                // by how much of this destination pixel the image covers.
                let cover = min(Double(d + 1), imageEnd) - max(Double(d), o)
                guard cover > 0 else { continue }
                let u = (Double(d) + 0.5 - o) / s - 0.5
                let i0 = Int(u.rounded(.down))
                let f = u - Double(i0)
                let c = min(1, cover)
                if i0 < 0 {
                    first[d] = 0; count[d] = 1; weights[base] = Float(c)
                } else if i0 >= n - 1 {
                    first[d] = Int32(n - 1); count[d] = 1; weights[base] = Float(c)
                } else {
                    first[d] = Int32(i0); count[d] = 2
                    weights[base] = Float((1 - f) * c)
                    weights[base + 1] = Float(f * c)
                }
            }
        }
    }
}

extension Pixmap {
    /// Draws this image into `target`, replacing its contents: scaled uniformly to fit, centred,
    /// transparent around. Same size means an exact copy.
    public func draw(fittedInto target: inout Pixmap) {
        if width == target.width && height == target.height {
            copyRows(into: &target)
            return
        }
        let place = FitPlacement(source: size, target: target.size)
        let xs = AxisWeights(sourceLength: width, destinationLength: target.width, scale: place.scale, origin: place.originX)
        let ys = AxisWeights(sourceLength: height, destinationLength: target.height, scale: place.scale, origin: place.originY)
        resample(into: &target, xs: xs, ys: ys)
    }

    /// A copy of this image scaled to fit `size`, centred, transparent around.
    public func fitted(to size: PixelSize) throws(PixmapError) -> Pixmap {
        var out = try Pixmap(size: size)
        draw(fittedInto: &out)
        return out
    }

    private func copyRows(into target: inout Pixmap) {
        let (h, rowBytes, s, ts) = (height, width * 4, stride, target.stride)
        withUnsafeBytes { src in
            target.withUnsafeMutableBytes { dst in
                for y in 0..<h {
                    (dst.baseAddress! + y * ts).update(from: src.baseAddress! + y * s, count: rowBytes)
                }
            }
        }
    }

    /// Separable resampling: each source row the output needs is filtered horizontally once into a
    /// small ring of float rows (as many as one output row's vertical taps), then every output row
    /// is combined from its rows of the ring, rounding and keeping colour ≤ alpha.
    ///
    /// The ring replaced a buffer of every source row at the target width (16 bytes a pixel: 190 MB
    /// to scale a 4096x4096 frame to 2896x2896); results are the same bit for bit.
    private func resample(into target: inout Pixmap, xs: AxisWeights, ys: AxisWeights) {
        let (tw, th, ss, ts) = (target.width, target.height, stride, target.stride)
        let ringRows = max(1, ys.maxTaps)
        var ring = [Float](repeating: 0, count: ringRows * tw * 4)
        var slotRow = [Int](repeating: -1, count: ringRows)   // which source row each slot holds
        withUnsafeBytes { src in
            ring.withUnsafeMutableBufferPointer { m in
                xs.weights.withUnsafeBufferPointer { w in
                    target.withUnsafeMutableBytes { dst in
                        ys.weights.withUnsafeBufferPointer { wy in
                            for d in 0..<th {
                                let rowOut = d * ts
                                let n = Int(ys.count[d])
                                if n == 0 {
                                    for x in 0..<(tw * 4) { dst[rowOut + x] = 0 }
                                    continue
                                }
                                let y0 = Int(ys.first[d])
                                for y in y0..<(y0 + n) where slotRow[y % ringRows] != y {
                                    Self.filterRow(src, row: y * ss, into: m, at: (y % ringRows) * tw * 4, xs: xs, weights: w, width: tw)
                                    slotRow[y % ringRows] = y
                                }
                                let wb = d * ys.maxTaps
                                for x in 0..<tw {
                                    var r: Float = 0, g: Float = 0, b: Float = 0, a: Float = 0
                                    for k in 0..<n {
                                        let wk = wy[wb + k], i = (((y0 + k) % ringRows) * tw + x) * 4
                                        r += m[i] * wk; g += m[i + 1] * wk; b += m[i + 2] * wk; a += m[i + 3] * wk
                                    }
                                    let aa = min(255, max(0, a + 0.5)).rounded(.down)
                                    @inline(__always) func c(_ v: Float) -> UInt8 { UInt8(min(aa, max(0, v + 0.5).rounded(.down))) }
                                    let o = rowOut + x * 4
                                    dst[o] = c(r); dst[o + 1] = c(g); dst[o + 2] = c(b); dst[o + 3] = UInt8(aa)
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// The horizontal pass for one source row (starting at byte `row`) into `out` at `at`.
    @inline(__always)
    private static func filterRow(_ src: UnsafeBufferPointer<UInt8>, row: Int, into out: UnsafeMutableBufferPointer<Float>, at: Int,
                                  xs: AxisWeights, weights w: UnsafeBufferPointer<Float>, width tw: Int) {
        for d in 0..<tw {
            let n = Int(xs.count[d]), o = at + d * 4
            guard n > 0 else { out[o] = 0; out[o + 1] = 0; out[o + 2] = 0; out[o + 3] = 0; continue }
            var r: Float = 0, g: Float = 0, b: Float = 0, a: Float = 0
            var i = row + Int(xs.first[d]) * 4
            let wb = d * xs.maxTaps
            for k in 0..<n {
                let wk = w[wb + k]
                r += Float(src[i]) * wk; g += Float(src[i + 1]) * wk
                b += Float(src[i + 2]) * wk; a += Float(src[i + 3]) * wk
                i += 4
            }
            out[o] = r; out[o + 1] = g; out[o + 2] = b; out[o + 3] = a
        }
    }

    /// Composites this image over an opaque or translucent `background` colour (straight alpha).
    public mutating func flatten(onto background: RGBA8) {
        let bg = background.premultiplied
        let (w, h, s) = (width, height, stride)
        let br = UInt32(bg.r), bgG = UInt32(bg.g), bb = UInt32(bg.b), ba = UInt32(bg.a)
        withUnsafeMutableBytes { p in
            for y in 0..<h {
                var i = y * s
                for _ in 0..<w {
                    let inv = 255 - UInt32(p[i + 3])
                    // source-over: dst = src + bg * (1 - src.a), rounded division by 255
                    @inline(__always) func mix(_ src: UInt8, _ b: UInt32) -> UInt8 {
                        let t = b * inv + 128
                        return UInt8(UInt32(src) + ((t + (t >> 8)) >> 8))
                    }
                    p[i] = mix(p[i], br); p[i + 1] = mix(p[i + 1], bgG)
                    p[i + 2] = mix(p[i + 2], bb); p[i + 3] = mix(p[i + 3], ba)
                    i += 4
                }
            }
        }
    }
}
