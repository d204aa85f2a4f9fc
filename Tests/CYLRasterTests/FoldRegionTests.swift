import Testing
import CYLGeometry
@testable import CYLRaster

/// `Stroker.foldRegions` and `Rasterizer.rasterize(overlapRegions:)`: a folding stroke resolves
/// only the rows its folds (and its pieces' meetings) can overlap in, with the coverage of
/// resolving every row.
@Suite struct FoldRegionTests {
    func outline(_ path: Path, width: Double, dashes: [Double] = []) throws -> (Path, Stroker) {
        var stroker = Stroker()
        var out = Path()
        try stroker.stroke(path, style: StrokeStyle(width: width, cap: .round, join: .round, dashes: dashes),
                           tolerance: 0.05, into: &out)
        return (out, stroker)
    }

    /// Coverage and the overlap pass's statistics, resolving within `regions` (nil: every row).
    func raster(_ path: Path, _ w: Int, _ h: Int, regions: [Rect]?) throws -> (Mask, OverlapStats) {
        let r = Rasterizer()
        try r.rasterize(path, rule: .nonZero, clip: IntRect(x: 0, y: 0, width: w, height: h),
                        resolveOverlaps: true, windingKeepsSign: true, overlapRegions: regions)
        var m = Mask(width: w, height: h)
        m.write(spans: r.spans)
        return (m, r.overlapStats)
    }

    func largestDifference(_ a: Mask, _ b: Mask) -> Int {
        var worst = 0
        for y in 0..<a.height { for x in 0..<a.width { worst = max(worst, abs(Int(a[x, y]) - Int(b[x, y]))) } }
        return worst
    }

    /// A bend of radius 2 under a stroke of half width 3 (so it folds), whose legs then splay
    /// apart for 40 px: only the rows near the bend are resolved, and the coverage is that of
    /// resolving every row (the far rows hold two separate legs, which the plain accumulation
    /// draws exactly). Tolerance 0: both ways add the same edges to the same cells there.
    @Test func aFoldResolvesOnlyTheRowsNearIt() throws {
        var line = Path()
        line.move(to: Point(4, 58))
        line.line(to: Point(30, 12))
        line.cubic(to: Point(34, 12), control1: Point(31.5, 8), control2: Point(32.5, 8))
        line.line(to: Point(60, 58))
        let (out, stroker) = try outline(line, width: 6)
        #expect(stroker.foldsInward)
        #expect(!stroker.foldRegions.isEmpty)
        let reach = stroker.foldRegions.map(\.maxY).max() ?? 0
        #expect(reach < 40, "fold regions reach down to y = \(reach)")
        let (limited, limitedStats) = try raster(out, 64, 64, regions: stroker.foldRegions)
        let (everywhere, allStats) = try raster(out, 64, 64, regions: nil)
        #expect(limitedStats.edgesInResolvedRows * 2 < allStats.edgesInResolvedRows,
                "\(limitedStats.edgesInResolvedRows) of \(allStats.edgesInResolvedRows) edges in resolved rows")
        #expect(largestDifference(limited, everywhere) == 0)
    }

    /// A path that turns back along itself (out along a curve, a cusp, and back 1 px beside the way
    /// out) overlaps all the way back, far from the fold at the cusp, whose own segments are short
    /// (the curve's flattening): the regions follow both arms while they stay within a stroke
    /// width, so the whole retrace is resolved as before.
    /// Tolerance 1 level: the regions' rows are classified in the same bands either way, but
    /// a row resolved in one and not the other may round a cell differently.
    @Test func aPathTurningBackAlongItselfIsResolvedAllAlong() throws {
        var line = Path()
        line.move(to: Point(6, 56))
        line.quad(to: Point(50, 10), control: Point(10, 10))
        line.line(to: Point(50.7, 10.7))
        line.quad(to: Point(6.7, 56.7), control: Point(10.7, 10.7))
        let (out, stroker) = try outline(line, width: 5)
        #expect(stroker.foldsInward)
        let top = stroker.foldRegions.map(\.minY).min() ?? .infinity
        let bottom = stroker.foldRegions.map(\.maxY).max() ?? -.infinity
        #expect(top < 10 && bottom > 57, "regions span y \(top)...\(bottom)")
        let (limited, _) = try raster(out, 64, 64, regions: stroker.foldRegions)
        let (everywhere, _) = try raster(out, 64, 64, regions: nil)
        #expect(largestDifference(limited, everywhere) <= 1)
        // Unresolved, the doubled edges along the retrace come out too dark (measured: 35 levels).
        let r = Rasterizer()
        try r.rasterize(out, rule: .nonZero, clip: IntRect(x: 0, y: 0, width: 64, height: 64))
        var plain = Mask(width: 64, height: 64)
        plain.write(spans: r.spans)
        #expect(largestDifference(plain, everywhere) > 16)
    }

    /// Two separate subpaths crossing (an X), one of which folds at a tight bend far from the
    /// crossing: where their bounds meet is a region too, so the crossing's corners, where a
    /// pixel holds both strokes and neither, are resolved as before.
    @Test func separatePiecesAreResolvedWhereTheyMeet() throws {
        var path = Path()
        path.move(to: Point(8, 8))
        path.line(to: Point(56, 56))
        path.move(to: Point(56, 8))
        path.line(to: Point(8, 56))
        path.cubic(to: Point(4, 56), control1: Point(6, 60), control2: Point(5, 60))
        let (out, stroker) = try outline(path, width: 6)
        #expect(stroker.foldsInward)
        #expect(stroker.foldRegions.contains { $0.minY < 32 && $0.maxY > 32 && $0.minX < 32 && $0.maxX > 32 })
        let (limited, _) = try raster(out, 64, 64, regions: stroker.foldRegions)
        let (everywhere, _) = try raster(out, 64, 64, regions: nil)
        #expect(largestDifference(limited, everywhere) <= 1)
    }

    /// More pieces than are compared pairwise (`maxComparedPieces`): every row is resolved.
    @Test func manyPiecesResolveEveryRow() throws {
        var path = Path()
        path.move(to: Point(0, 0))
        path.line(to: Point(3000, 0))
        path.line(to: Point(3000.5, 0.5))
        path.line(to: Point(0, 1))
        let (_, stroker) = try outline(path, width: 4, dashes: [2, 3])
        #expect(stroker.foldsInward)
        #expect(stroker.foldRegions.contains { !$0.minY.isFinite })
    }

    /// A stroke that does not fold has no regions (nothing is resolved for it).
    @Test func aStrokeWithoutFoldsHasNoRegions() throws {
        var line = Path()
        line.move(to: Point(4, 4))
        line.cubic(to: Point(60, 60), control1: Point(60, 4), control2: Point(4, 60))
        let (_, stroker) = try outline(line, width: 3)
        #expect(!stroker.foldsInward)
        #expect(stroker.foldRegions.isEmpty)
    }
}
