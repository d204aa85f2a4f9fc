#if canImport(Glibc)
import Glibc
#endif
import Testing
import CYLGeometry
@testable import CYLRaster

/// Thick strokes on curves (issue 10, item 7) against the exact region a stroke covers: the points
/// within half the width of the curve. The expectation is computed without the stroker: each
/// pixel is sampled 16x16 and each sample tested by its distance to a curve sampled 2048 times
/// (round caps and joins make "within w/2 of the curve" exactly the stroke's region).
///
/// Tolerances: 16x16 samples resolve coverage in 1/256 steps, and a sample within half a sample
/// of the edge can fall either way, so a pixel an edge crosses can differ by up to about 1/16 of
/// its area (16/255) from the exact value; the mean error over the edge pixels is the sharper
/// check (under 1/255 means no systematic bias such as a flattened curve or notched joins).
@Suite struct CurvedStrokeAccuracyTests {
    /// The curve as a fine polyline in device pixels.
    static func samples(_ p0: Point, _ c1: Point, _ c2: Point, _ p3: Point, transform m: Transform) -> [Point] {
        (0...2048).map { m.apply(Bezier.cubic(p0, c1, c2, p3, Double($0) / 2048)) }
    }

    /// The curve's segments bucketed on a grid, so a distance query looks at nearby segments only.
    struct Segments {
        let poly: [Point]
        let cell: Double
        var buckets: [Int: [Int]] = [:]

        init(_ poly: [Point], reach: Double) {
            self.poly = poly
            cell = max(reach, 1)
            for i in 1..<poly.count {
                let a = poly[i - 1], b = poly[i]
                let x0 = Int(floor((min(a.x, b.x) - reach) / cell)), x1 = Int(floor((max(a.x, b.x) + reach) / cell))
                let y0 = Int(floor((min(a.y, b.y) - reach) / cell)), y1 = Int(floor((max(a.y, b.y) + reach) / cell))
                for gy in y0...y1 { for gx in x0...x1 { buckets[gy &* 100_003 &+ gx, default: []].append(i) } }
            }
        }

        /// Squared distance from `p` to the curve, exact for points within `reach` of it (others
        /// get infinity).
        func distanceSquared(_ p: Point) -> Double {
            var best = Double.infinity
            let key = Int(floor(p.y / cell)) &* 100_003 &+ Int(floor(p.x / cell))
            for i in buckets[key] ?? [] {
                let a = poly[i - 1], ab = poly[i] - a
                let t = max(0, min(1, (p - a).dot(ab) / max(ab.dot(ab), 1e-18)))
                let q = a + ab * t
                best = min(best, (p - q).dot(p - q))
            }
            return best
        }
    }

    /// (largest per-pixel error, mean error over pixels the edge crosses), in 1/255 units.
    /// `resolve: false` rasterizes folded outlines without resolving overlaps (for comparisons).
    static func errors(width: Double, scale: Double, resolve: Bool = true) throws -> (max: Double, mean: Double) {
        // An S-curve with a tight bend, in user units; drawn at `scale`.
        let p0 = Point(6, 40), c1 = Point(6, 4), c2 = Point(58, 76), p3 = Point(58, 24)
        let m = Transform(a: scale, b: 0, c: 0, d: scale, tx: 0, ty: 0)
        var path = Path()
        path.move(to: p0)
        path.cubic(to: p3, control1: c1, control2: c2)
        let size = Int((64 * scale).rounded())
        let style = StrokeStyle(width: width / scale, cap: .round, join: .round)
        let canvas = Canvas()
        canvas.resolveStrokeOverlaps = resolve
        var got = Mask(width: size, height: size)
        try canvas.strokeMask(path, style: style, transform: m, into: &got)
        let curve = Segments(samples(p0, c1, c2, p3, transform: m), reach: width / 2 + 3)
        let r2 = (width / 2) * (width / 2)
        var worst = 0.0, sum = 0.0, edges = 0
        for y in 0..<size {
            for x in 0..<size {
                // Skip pixels far from the curve (the test stays quick at 8x).
                let centre = Point(Double(x) + 0.5, Double(y) + 0.5)
                let dc = curve.distanceSquared(centre).squareRoot()
                if dc > width / 2 + 1.5 { #expect(got[x, y] == 0); continue }
                if dc < width / 2 - 1.5 { #expect(got[x, y] == 255); continue }
                var inside = 0
                for sy in 0..<16 {
                    for sx in 0..<16 {
                        let p = Point(Double(x) + (Double(sx) + 0.5) / 16, Double(y) + (Double(sy) + 0.5) / 16)
                        if curve.distanceSquared(p) <= r2 { inside += 1 }
                    }
                }
                let expected = Double(inside) / 256 * 255
                let e = abs(Double(got[x, y]) - expected)
                worst = max(worst, e)
                sum += e
                edges += 1
            }
        }
        return (worst, sum / Double(max(edges, 1)))
    }

    /// Widths in user units at 1x and 4x (device widths are 4x at 4x); the tightest radius of
    /// curvature is 4.7 user units, so widths 12, 30 and 40 fold the stroke's inner side
    /// (half-width above the radius). Worst pixels in this order, of 255: 32, 131, 40, 106, 45
    /// with inner joins through the centre point everywhere; 7, 71, 8, 8, 45 with corner inner
    /// joins (the folds remain); 7, 6, 8, 8, 12 with folded outlines rasterized resolving overlaps.
    @Test(arguments: [(2.0, 1.0), (12.0, 1.0), (30.0, 1.0), (6.0, 4.0), (40.0, 4.0)])
    func thickCurvedStrokesMatchTheExactRegion(width: Double, scale: Double) throws {
        let e = try Self.errors(width: width * scale, scale: scale)
        #expect(e.max <= 16, "width \(width) at \(scale)x: worst pixel off by \(e.max)/255")
        #expect(e.mean <= 1, "width \(width) at \(scale)x: mean edge error \(e.mean)/255")
    }
}
