/// Colour reduction: a palette of at most `maxColors` entries for a weighted set of colours.
///
/// When the colours fit, the palette is exactly those colours (lossless). Otherwise the colour
/// cloud is cut into boxes, always splitting the box with the largest squared error at the point
/// along the axis that minimises the two halves' summed error (a variance-minimising median cut),
/// and the box means are then refined by a few weighted k-means (Lloyd) passes. Distances are
/// plain RGB squared error, which is what PSNR measures. Colours are `0x00BBGGRR` words.
public enum PaletteBuilder {
    /// Upper bound on colour-to-centroid distance evaluations spent on k-means refinement.
    static let refinementBudget = 48_000_000

    public static func palette(colors: [UInt32], weights: [UInt32], maxColors: Int) -> [UInt32] {
        precondition(colors.count == weights.count && maxColors >= 1)
        let n = colors.count
        if n <= maxColors { return colors.sorted() }
        var r = [Int32](repeating: 0, count: n), g = r, b = r
        var w = [Double](repeating: 0, count: n)
        for i in 0..<n {
            r[i] = Int32(colors[i] & 0xFF); g[i] = Int32((colors[i] >> 8) & 0xFF); b[i] = Int32((colors[i] >> 16) & 0xFF)
            w[i] = Double(max(1, weights[i]))
        }
        var centroids = medianCut(r: r, g: g, b: b, w: w, k: maxColors)
        let iterations = min(6, refinementBudget / max(1, n * centroids.count / 3))
        if iterations > 0 { refine(&centroids, r: r, g: g, b: b, w: w, iterations: iterations) }
        var seen = Set<UInt32>(), out: [UInt32] = []
        for c in centroids {
            let v = UInt32(clamp(c.0)) | UInt32(clamp(c.1)) << 8 | UInt32(clamp(c.2)) << 16
            if seen.insert(v).inserted { out.append(v) }
        }
        return out
    }

    @inline(__always) static func clamp(_ v: Double) -> UInt8 { UInt8(max(0, min(255, v.rounded()))) }

    private struct Box {
        var lo: Int, hi: Int
        var sse: Double
        var mean: (Double, Double, Double)
    }

    /// Box statistics over `order[lo..<hi]`.
    private static func stats(_ order: UnsafeMutableBufferPointer<Int32>, _ lo: Int, _ hi: Int,
                              _ r: [Int32], _ g: [Int32], _ b: [Int32], _ w: [Double]) -> Box {
        var sw = 0.0, sr = 0.0, sg = 0.0, sb = 0.0, sq = 0.0
        for k in lo..<hi {
            let i = Int(order[k])
            let wi = w[i], ri = Double(r[i]), gi = Double(g[i]), bi = Double(b[i])
            sw += wi; sr += wi * ri; sg += wi * gi; sb += wi * bi
            sq += wi * (ri * ri + gi * gi + bi * bi)
        }
        let sse = max(0, sq - (sr * sr + sg * sg + sb * sb) / sw)
        return Box(lo: lo, hi: hi, sse: hi - lo > 1 ? sse : 0, mean: (sr / sw, sg / sw, sb / sw))
    }

    static func medianCut(r: [Int32], g: [Int32], b: [Int32], w: [Double], k: Int) -> [(Double, Double, Double)] {
        let n = r.count
        var order = (0..<Int32(n)).map { $0 }
        var prefixW = [Double](repeating: 0, count: n + 1)
        var prefixC = [Double](repeating: 0, count: n + 1)   // weighted sum of the axis value
        var prefixQ = [Double](repeating: 0, count: n + 1)   // weighted sum of |c|^2 over all axes
        var prefixO1 = prefixW, prefixO2 = prefixW           // weighted sums of the other two axes
        return order.withUnsafeMutableBufferPointer { ord in
            var boxes = [stats(ord, 0, n, r, g, b, w)]
            let axes = [r, g, b]
            while boxes.count < k {
                guard let bi = boxes.indices.max(by: { boxes[$0].sse < boxes[$1].sse }), boxes[bi].sse > 0 else { break }
                let box = boxes[bi]
                let count = box.hi - box.lo
                // For each axis: sort the box along it and find the split with the least total error.
                var best = (axis: 0, at: 0, err: Double.infinity)
                for axis in 0..<3 {
                    let v = axes[axis], o1 = axes[(axis + 1) % 3], o2 = axes[(axis + 2) % 3]
                    var slice = UnsafeMutableBufferPointer(rebasing: ord[box.lo..<box.hi])
                    slice.sort { v[Int($0)] < v[Int($1)] }
                    for j in 0..<count {
                        let i = Int(slice[j])
                        let wi = w[i], vi = Double(v[i]), a = Double(o1[i]), c = Double(o2[i])
                        prefixW[j + 1] = prefixW[j] + wi
                        prefixC[j + 1] = prefixC[j] + wi * vi
                        prefixO1[j + 1] = prefixO1[j] + wi * a
                        prefixO2[j + 1] = prefixO2[j] + wi * c
                        prefixQ[j + 1] = prefixQ[j] + wi * (vi * vi + a * a + c * c)
                    }
                    let tw = prefixW[count], tc = prefixC[count], t1 = prefixO1[count], t2 = prefixO2[count], tq = prefixQ[count]
                    for j in 1..<count where v[Int(slice[j])] != v[Int(slice[j - 1])] {
                        let lw = prefixW[j], rw = tw - lw
                        let lc = prefixC[j], l1 = prefixO1[j], l2 = prefixO2[j]
                        let rc = tc - lc, r1 = t1 - l1, r2 = t2 - l2
                        let err = tq - (lc * lc + l1 * l1 + l2 * l2) / lw - (rc * rc + r1 * r1 + r2 * r2) / rw
                        if err < best.err { best = (axis, j, err) }
                    }
                }
                guard best.err.isFinite else { boxes[bi].sse = 0; continue }
                let v = axes[best.axis]
                var slice = UnsafeMutableBufferPointer(rebasing: ord[box.lo..<box.hi])
                slice.sort { v[Int($0)] < v[Int($1)] }
                boxes[bi] = stats(ord, box.lo, box.lo + best.at, r, g, b, w)
                boxes.append(stats(ord, box.lo + best.at, box.hi, r, g, b, w))
            }
            return boxes.map(\.mean)
        }
    }

    /// Weighted Lloyd iterations: assign every colour to its nearest centroid, move centroids to the means.
    static func refine(_ centroids: inout [(Double, Double, Double)], r: [Int32], g: [Int32], b: [Int32], w: [Double],
                       iterations: Int) {
        let k = centroids.count, n = r.count
        var cr = [Int32](repeating: 0, count: k), cg = cr, cb = cr
        var sw = [Double](repeating: 0, count: k), sr = sw, sg = sw, sb = sw
        for _ in 0..<iterations {
            for j in 0..<k {
                cr[j] = Int32(clamp(centroids[j].0)); cg[j] = Int32(clamp(centroids[j].1)); cb[j] = Int32(clamp(centroids[j].2))
            }
            for j in 0..<k { sw[j] = 0; sr[j] = 0; sg[j] = 0; sb[j] = 0 }
            var moved = false
            cr.withUnsafeBufferPointer { pr in cg.withUnsafeBufferPointer { pg in cb.withUnsafeBufferPointer { pb in
                for i in 0..<n {
                    let ri = r[i], gi = g[i], bi = b[i]
                    var bestJ = 0, bestD = Int32.max
                    for j in 0..<k {
                        let dr = pr[j] &- ri, dg = pg[j] &- gi, db = pb[j] &- bi
                        let d = dr &* dr &+ dg &* dg &+ db &* db
                        if d < bestD { bestD = d; bestJ = j }
                    }
                    let wi = w[i]
                    sw[bestJ] += wi; sr[bestJ] += wi * Double(ri); sg[bestJ] += wi * Double(gi); sb[bestJ] += wi * Double(bi)
                }
            }}}
            for j in 0..<k where sw[j] > 0 {
                let c = (sr[j] / sw[j], sg[j] / sw[j], sb[j] / sw[j])
                if clamp(c.0) != clamp(centroids[j].0) || clamp(c.1) != clamp(centroids[j].1) || clamp(c.2) != clamp(centroids[j].2) {
                    moved = true
                }
                centroids[j] = c
            }
            if !moved { break }
        }
    }
}
