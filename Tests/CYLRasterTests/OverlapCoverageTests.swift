#if canImport(Glibc)
import Glibc
#endif
import Testing
import CYLGeometry
import CYLTestSupport
@testable import CYLRaster

/// `Rasterizer.rasterize(resolveOverlaps:)`: exact coverage where a path overlaps itself next to
/// an uncovered area (see RasterizerOverlaps.swift).
@Suite struct OverlapCoverageTests {
    func raster(_ path: Path, _ w: Int, _ h: Int, rule: FillRule = .nonZero, resolve: Bool,
                clip: IntRect? = nil, transform: Transform = .identity, keepsSign: Bool = false) throws -> Mask {
        let r = Rasterizer()
        try r.rasterize(path, transform: transform, rule: rule, clip: clip ?? IntRect(x: 0, y: 0, width: w, height: h),
                        resolveOverlaps: resolve, windingKeepsSign: keepsSign)
        var m = Mask(width: w, height: h)
        m.write(spans: r.spans)
        return m
    }

    /// `path` resolved at w x h against the same path drawn plainly at 16x and averaged: there
    /// every pixel spans 1/256 of an output pixel, so the plain rasterizer's error where overlaps
    /// meet uncovered area shrinks to almost nothing. The worst pixel's error and the mean over
    /// partly covered pixels, in 255ths.
    func supersampledError(_ path: Path, _ w: Int, _ h: Int, rule: FillRule = .nonZero,
                           keepsSign: Bool = false, factor: Int = 16) throws -> (worst: Double, mean: Double) {
        let got = try raster(path, w, h, rule: rule, resolve: true, keepsSign: keepsSign)
        let f = Double(factor)
        let big = try raster(path, w * factor, h * factor, rule: rule, resolve: false, transform: .scale(f, f))
        var worst = 0.0, sum = 0.0, partial = 0
        for y in 0..<h {
            for x in 0..<w {
                var total = 0
                for sy in 0..<factor { for sx in 0..<factor { total += Int(big[x * factor + sx, y * factor + sy]) } }
                let ref = Double(total) / Double(factor * factor)
                let e = abs(Double(got[x, y]) - ref)
                worst = max(worst, e)
                if ref > 0.5 && ref < 254.5 { sum += e; partial += 1 }
            }
        }
        return (worst, sum / Double(max(partial, 1)))
    }

    /// An L of two rectangles in one path, overlapping in the square x, y in [-4, 0] (winding 2),
    /// with its inner corner at the origin, turned 45 degrees and moved to the centre of pixel
    /// (8, 8). That pixel is cut by its diagonals into four equal triangles: winding 2 (overlap),
    /// 1, 1 and 0 (outside), so it is exactly 3/4 covered (191.25/255). The summed winding is
    /// 2/4 + 1/4 + 1/4 = 1: the plain accumulator calls it full. Sub-rows would not help: the
    /// winding-2 and winding-0 triangles lie side by side in every row of the pixel.
    func turnedL() -> (Path, Transform) {
        var p = Path.rect(Rect(minX: -4, minY: -4, maxX: 0, maxY: 3))
        p.append(.rect(Rect(minX: -4, minY: -4, maxX: 3, maxY: 0)))
        return (p, Transform.rotation(.pi / 4).then(.translation(8.5, 8.5)))
    }

    @Test func overlapBesideAnUncoveredPartIsExact() throws {
        let (p, t) = turnedL()
        let plain = try raster(p, 17, 17, resolve: false, transform: t)
        #expect(plain[8, 8] == 255)  // the fault this option exists for
        let m = try raster(p, 17, 17, resolve: true, transform: t)
        // ±1: the corner's edges are cut at band limits and rounded to 1/256 pixel there.
        #expect(abs(Int(m[8, 8]) - 191) <= 1, "got \(m[8, 8])")
        // Covered area: 4×7 + 7×4 − 4×4 = 40 px² (rotation keeps areas). Each of the ~70 edge
        // pixels rounds its coverage by at most half a step (0.5/255 px²): within 0.2 px².
        #expect(abs(m.coveredArea - 40) < 0.2, "area \(m.coveredArea)")
    }

    @Test func clippedAndOffsetMatchesTheWhole() throws {
        let (p, t) = turnedL()
        let whole = try raster(p, 17, 17, resolve: true, transform: t)
        let clip = IntRect(x: 5, y: 3, width: 9, height: 8)
        let part = try raster(p, 17, 17, resolve: true, clip: clip, transform: t)
        for y in 0..<17 {
            for x in 0..<17 {
                let inClip = x >= clip.x && x < clip.maxX && y >= clip.y && y < clip.maxY
                if inClip {
                    #expect(abs(Int(part[x, y]) - Int(whole[x, y])) <= 1, "pixel \(x),\(y)")
                } else {
                    #expect(part[x, y] == 0, "pixel \(x),\(y) outside the clip")
                }
            }
        }
    }

    /// Without overlaps both ways compute the same areas; ±1 because resolving cuts edges at band
    /// limits, where each piece's end is rounded to 1/256 pixel separately.
    @Test(arguments: [FillRule.nonZero, .evenOdd])
    func pathsWithoutOverlapsAreUnchanged(rule: FillRule) throws {
        var ring = Path.circle(center: Point(20.3, 19.6), radius: 15.2)
        ring.append(.circle(center: Point(22.1, 18.4), radius: 6.7))
        ring.append(.polygon([Point(40.5, 2.2), Point(48.1, 30.4), Point(38.9, 37.3)]))  // clear of the circle
        let a = try raster(ring, 50, 40, rule: rule, resolve: false)
        let b = try raster(ring, 50, 40, rule: rule, resolve: true)
        for y in 0..<40 { for x in 0..<50 { #expect(abs(Int(a[x, y]) - Int(b[x, y])) <= 1, "pixel \(x),\(y)") } }
    }

    /// Past `maxOverlapActiveEdges` edges in a row the row is accumulated as it is (bounded time):
    /// 300 thin disjoint slanted quads (600 edges in every row) give the plain result.
    @Test func manyEdgesInARowFallBackToPlainAccumulation() throws {
        var p = Path()
        for i in 0..<300 {
            let x = 1 + Double(i) * 0.5
            p.append(.polygon([Point(x, 0), Point(x + 0.3, 0), Point(x + 2.3, 12), Point(x + 2, 12)]))
        }
        #expect(600 > Rasterizer.maxOverlapActiveEdges)
        let a = try raster(p, 160, 12, resolve: false)
        let b = try raster(p, 160, 12, resolve: true)
        for y in 0..<12 { for x in 0..<160 { #expect(abs(Int(a[x, y]) - Int(b[x, y])) <= 1, "pixel \(x),\(y)") } }
    }
}

extension OverlapCoverageTests {
    /// Self-crossing polygons (random, fixed seed) against the same path drawn plainly at 16x
    /// and averaged: there every pixel spans 1/256 of an output pixel, so the plain rasterizer's
    /// error where overlaps meet uncovered area shrinks to almost nothing. Resolving is exact up
    /// to rounding (piece ends to 1/256 pixel, coverage to 1/255, and the reference's own
    /// rounding in 256 samples): within 6/255 per pixel, under 1/255 on average over pixels with
    /// partial coverage (measured: at most 3.2 and 0.36). A coverage leak along a row, or a
    /// misjudged crossing, shows as tens of 255ths.
    @Test(arguments: [FillRule.nonZero, .evenOdd])
    func randomSelfCrossingPolygonsMatchASupersampledRender(rule: FillRule) throws {
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        func random() -> Double {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(seed >> 11) / Double(1 << 53)
        }
        for _ in 0..<6 {
            var p = Path()
            for _ in 0..<3 {
                var pts: [Point] = []
                for _ in 0..<7 { pts.append(Point(2 + random() * 36, 2 + random() * 36)) }
                p.append(.polygon(pts))
            }
            let (worst, mean) = try supersampledError(p, 40, 40, rule: rule)
            #expect(worst <= 6, "worst pixel off by \(worst)/255")
            #expect(mean < 1, "mean error \(mean)/255")
        }
    }
}

extension OverlapCoverageTests {
    /// Rows holding several contours side by side (as a dashed stroke's rows do) are split into
    /// groups of whole contours, each added as it is or classified on its own. Here the rows hold
    /// the turned L (an overlap beside an uncovered part), six thin separate bars (added as they
    /// are), and a rectangle with a square inside it, wound the same way: winding 2 in the
    /// square, whose right side at x = 45.5 shares pixel 45 with the rectangle's at 45.9 (winding
    /// 2, 1 and 0 in one pixel: 0.9 covered, where the plain sum says full). The rectangle's two
    /// sides, with the square between them, must make one group, or the square is entered at
    /// winding 0. Against the same path drawn plainly at 16x and averaged (no 16x pixel mixes
    /// windings 2 and 0 here), with the tolerances of
    /// `randomSelfCrossingPolygonsMatchASupersampledRender`; the L's split pixel stays 3/4 covered.
    @Test func sideBySideContoursAreGroupedExactly() throws {
        let (l, t) = turnedL()
        var p = l.transformed(by: t)
        for i in 0..<6 { p.append(.rect(Rect(minX: 18.3 + Double(i) * 2.5, minY: 1.7, maxX: 19.1 + Double(i) * 2.5, maxY: 15.2))) }
        p.append(.rect(Rect(minX: 36.4, minY: 2.6, maxX: 45.9, maxY: 14.3)))
        p.append(.rect(Rect(minX: 39.7, minY: 6.2, maxX: 45.5, maxY: 10.9)))
        let got = try raster(p, 48, 17, resolve: true, keepsSign: true)
        #expect(abs(Int(got[8, 8]) - 191) <= 1, "got \(got[8, 8])")
        #expect(abs(Int(got[45, 8]) - 230) <= 1, "got \(got[45, 8])")  // 0.9 of 255
        let (worst, mean) = try supersampledError(p, 48, 17, keepsSign: true)
        #expect(worst <= 6, "worst pixel off by \(worst)/255")
        #expect(mean < 1, "mean error \(mean)/255")
    }

    /// A stroke folds only at its tight bends, but then the whole outline is resolved. Random
    /// curves with bends tighter than their width (so the outline folds), stroked with round and
    /// miter joins, against the 16x render with the tolerances of
    /// `randomSelfCrossingPolygonsMatchASupersampledRender`.
    @Test(arguments: [LineJoin.round, .miter])
    func foldedStrokesAreExact(join: LineJoin) throws {
        var generator = SplitMix(seed: 0x2545_F491_4F6C_DD1D)
        func random() -> Double { generator.unit() }
        for _ in 0..<4 {
            var line = Path()
            line.move(to: Point(4 + random() * 52, 4 + random() * 52))
            for _ in 0..<6 {
                let a = Point(4 + random() * 52, 4 + random() * 52), b = Point(4 + random() * 52, 4 + random() * 52)
                line.quad(to: b, control: a)
            }
            var stroker = Stroker()
            var outline = Path()
            try stroker.stroke(line, style: StrokeStyle(width: 5, cap: .round, join: join), tolerance: 0.05, into: &outline)
            #expect(stroker.foldsInward)
            let (worst, mean) = try supersampledError(outline, 60, 60, keepsSign: true)
            #expect(worst <= 6, "worst pixel off by \(worst)/255")
            #expect(mean < 1, "mean error \(mean)/255")
        }
    }

    /// Rows of a folding stroke away from its folds are not classified: they fall into runs that
    /// change the winding alike on every line, and only the runs holding the fold's short edges
    /// are. A hairpin (two legs 45 px long, its bend of radius 2 under the half width of 3, so
    /// it folds at the top): under a third of the edges met in resolved rows are classified
    /// (measured: 68 of 250, all in the bend's rows; classifying every such row, as before, is
    /// all of them). Exact against a 64x render: at 16x the reference's own error along the
    /// fold's fan reaches 6.4/255 here, at 64x ours is within 1.6.
    @Test func aHairpinClassifiesOnlyItsBend() throws {
        var line = Path()
        line.move(to: Point(10.3, 55.6))
        line.line(to: Point(10.3, 12.2))
        line.cubic(to: Point(14.3, 12.2), control1: Point(10.3, 9.5), control2: Point(14.3, 9.5))
        line.line(to: Point(14.3, 55.6))
        var stroker = Stroker()
        var outline = Path()
        try stroker.stroke(line, style: StrokeStyle(width: 6, join: .round), tolerance: 0.05, into: &outline)
        #expect(stroker.foldsInward)
        let r = Rasterizer()
        try r.rasterize(outline, rule: .nonZero, clip: IntRect(x: 0, y: 0, width: 24, height: 60),
                        resolveOverlaps: true, windingKeepsSign: true)
        let stats = r.overlapStats
        #expect(stats.edgesInResolvedRows > 0)
        #expect(stats.edgesClassified * 3 < stats.edgesInResolvedRows,
                "\(stats.edgesClassified) of \(stats.edgesInResolvedRows) edges classified")
        let (worst, mean) = try supersampledError(outline, 24, 60, keepsSign: true, factor: 64)
        #expect(worst <= 6, "worst pixel off by \(worst)/255")
        #expect(mean < 1, "mean error \(mean)/255")
    }

    /// A chain broken by a horizontal edge inside a pixel row changes the winding on only some
    /// of the row's lines, so the row cannot be cut into runs: it falls back to groups of whole
    /// contours. Staircases (steps at fractional heights) overlapping each other and a turned
    /// square, both fill rules, against the 16x render.
    @Test(arguments: [FillRule.nonZero, .evenOdd])
    func horizontalStepsInsideRowsAreExact(rule: FillRule) throws {
        func stairs(_ x: Double, _ y: Double) -> Path {
            var pts = [Point(x, y)]
            for i in 0..<6 {
                let right = x + Double(i + 1) * 3.3
                pts.append(Point(right, y + Double(i) * 2.45))
                pts.append(Point(right, y + Double(i + 1) * 2.45))
            }
            pts.append(Point(x, y + 6 * 2.45))
            return .polygon(pts)
        }
        var p = stairs(3.2, 2.6)
        p.append(stairs(9.7, 4.15))
        p.append(.polygon([Point(20, 3.5), Point(28.4, 11.9), Point(20, 20.3), Point(11.6, 11.9)]))
        let (worst, mean) = try supersampledError(p, 36, 24, rule: rule)
        #expect(worst <= 6, "worst pixel off by \(worst)/255")
        #expect(mean < 1, "mean error \(mean)/255")
        let r = Rasterizer()
        try r.rasterize(p, rule: rule, clip: IntRect(x: 0, y: 0, width: 36, height: 24), resolveOverlaps: true)
        #expect(r.overlapStats.rowsGrouped > 0, "no row fell back to groups of contours")
    }
}
