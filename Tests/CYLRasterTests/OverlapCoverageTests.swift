#if canImport(Glibc)
import Glibc
#endif
import Testing
import CYLGeometry
@testable import CYLRaster

/// `Rasterizer.rasterize(resolveOverlaps:)`: exact coverage where a path overlaps itself next to
/// an uncovered area (see RasterizerOverlaps.swift).
@Suite struct OverlapCoverageTests {
    func raster(_ path: Path, _ w: Int, _ h: Int, rule: FillRule = .nonZero, resolve: Bool,
                clip: IntRect? = nil, transform: Transform = .identity) throws -> Mask {
        let r = Rasterizer()
        try r.rasterize(path, transform: transform, rule: rule, clip: clip ?? IntRect(x: 0, y: 0, width: w, height: h),
                        resolveOverlaps: resolve)
        var m = Mask(width: w, height: h)
        m.write(spans: r.spans)
        return m
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
