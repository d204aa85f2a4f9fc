#if canImport(Glibc)
import Glibc
#endif
import Testing
@testable import CYLGeometry

/// Boolean operations on polygons checked against areas computed by hand and against point
/// sampling with an independent winding-number routine.
@Suite struct PathBooleanTests {
    /// A rectangle, clockwise on screen (positive shoelace area) unless `reversed`.
    static func rect(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, reversed: Bool = false) -> [Point] {
        let c = [Point(x0, y0), Point(x1, y0), Point(x1, y1), Point(x0, y1)]
        return reversed ? c.reversed() : c
    }

    /// A regular `n`-gon inscribed in the circle of radius `r` around `c`.
    static func ngon(_ c: Point, _ r: Double, _ n: Int) -> [Point] {
        (0..<n).map { k in
            let a = 2 * Double.pi * Double(k) / Double(n)
            return Point(c.x + r * cos(a), c.y + r * sin(a))
        }
    }

    /// The winding number of `p` (a different routine from the library's: signed crossings of
    /// a ray towards +x).
    static func winding(_ contours: [[Point]], _ p: Point) -> Int {
        var w = 0
        for c in contours where c.count >= 2 {
            for i in c.indices {
                let a = c[i], b = c[(i + 1) % c.count]
                if a.y <= p.y {
                    if b.y > p.y && (b - a).cross(p - a) > 0 { w += 1 }
                } else if b.y <= p.y && (b - a).cross(p - a) < 0 {
                    w -= 1
                }
            }
        }
        return w
    }

    static func area(_ a: [[Point]], _ b: [[Point]], _ op: BooleanOperation) throws -> Double {
        PathBoolean.signedArea(try PathBoolean.combine(a, b, op))
    }

    // Rectangles with integer corners cross at integer points, which the snapping grid holds
    // exactly, so these areas are exact; 1e-9 only absorbs the shoelace sum's rounding.
    static let exact = 1e-9

    @Test(arguments: [false, true])
    func twoOverlappingSquares(reversedB: Bool) throws {
        let a = [Self.rect(0, 0, 10, 10)], b = [Self.rect(5, 5, 15, 15, reversed: reversedB)]
        #expect(abs(try Self.area(a, b, .union) - 175) < Self.exact)
        #expect(abs(try Self.area(a, b, .intersect) - 25) < Self.exact)
        #expect(abs(try Self.area(a, b, .subtract) - 75) < Self.exact)
        #expect(abs(try Self.area(b, a, .subtract) - 75) < Self.exact)
        #expect(abs(try Self.area(a, b, .xor) - 150) < Self.exact)
        // The union is one L-ish octagon: 8 corners, no collinear leftovers.
        let u = try PathBoolean.combine(a, b, .union)
        #expect(u.count == 1 && u[0].count == 8)
        // The xor is two L-shaped pieces touching at two corners, and a square hole would be
        // wrong: no contour may have negative area here.
        let x = try PathBoolean.combine(a, b, .xor)
        #expect(x.allSatisfy { PathBoolean.signedArea([$0]) > 0 })
    }

    @Test func squareWithAHoleAndAnIsland() throws {
        // Nonzero: a hole drawn the other way; an island inside the hole drawn like the outside.
        let outer = Self.rect(0, 0, 10, 10), hole = Self.rect(2, 2, 8, 8, reversed: true), island = Self.rect(4, 4, 6, 6)
        let normalized = try PathBoolean.combine([outer, hole, island], [], .union)
        #expect(abs(PathBoolean.signedArea(normalized) - (100 - 36 + 4)) < Self.exact)
        #expect(normalized.count == 3)
        // A hole drawn the same way as the outside is no hole under nonzero, but is under even-odd.
        let same = [outer, Self.rect(2, 2, 8, 8)]
        #expect(abs(PathBoolean.signedArea(try PathBoolean.combine(same, [], .union)) - 100) < Self.exact)
        #expect(abs(PathBoolean.signedArea(try PathBoolean.combine(same, [], .union, ruleA: .evenOdd)) - 64) < Self.exact)
        // The holed square meets [5,15]^2 in [5,10]^2 minus the hole's [5,8]^2 plus the island's [5,6]^2.
        let holed = [outer, hole, island]
        let cut = try PathBoolean.combine(holed, [Self.rect(5, 5, 15, 15)], .intersect)
        #expect(abs(PathBoolean.signedArea(cut) - (25 - 9 + 1)) < Self.exact)
        #expect(abs(try Self.area(holed, [Self.rect(5, 5, 15, 15)], .union) - (68 + 100 - 17)) < Self.exact)
    }

    @Test func disjointShapes() throws {
        let a = [Self.rect(0, 0, 1, 1)], b = [Self.rect(5, 5, 6, 6)]
        #expect(abs(try Self.area(a, b, .union) - 2) < Self.exact)
        #expect(try PathBoolean.combine(a, b, .intersect).isEmpty)
        #expect(abs(try Self.area(a, b, .subtract) - 1) < Self.exact)
        #expect(abs(try Self.area(a, b, .xor) - 2) < Self.exact)
        // One inside the other without touching: subtract leaves a hole.
        let big = [Self.rect(0, 0, 10, 10)], small = [Self.rect(4, 4, 6, 6)]
        let ring = try PathBoolean.combine(big, small, .subtract)
        #expect(ring.count == 2 && abs(PathBoolean.signedArea(ring) - 96) < Self.exact)
        #expect(abs(try Self.area(big, small, .intersect) - 4) < Self.exact)
        #expect(abs(try Self.area(small, big, .subtract)) < Self.exact)
    }

    @Test func touchingEdgesAndCorners() throws {
        let a = [Self.rect(0, 0, 10, 10)], b = [Self.rect(10, 0, 20, 10)]
        let u = try PathBoolean.combine(a, b, .union)
        // The shared edge disappears and its ends are straight-through points: one 4-corner contour.
        #expect(u.count == 1 && u[0].count == 4 && abs(PathBoolean.signedArea(u) - 200) < Self.exact)
        #expect(try PathBoolean.combine(a, b, .intersect).isEmpty)
        #expect(abs(try Self.area(a, b, .subtract) - 100) < Self.exact)
        #expect(abs(try Self.area(a, b, .xor) - 200) < Self.exact)
        // A shorter neighbour touching part of the edge (T-junctions).
        let c = [Self.rect(10, 3, 14, 7)]
        #expect(abs(try Self.area(a, c, .union) - 116) < Self.exact)
        // Corners touching: two contours, neither crossing itself.
        let d = [Self.rect(10, 10, 20, 20)]
        let corner = try PathBoolean.combine(a, d, .union)
        #expect(corner.count == 2 && corner.allSatisfy { $0.count == 4 })
        #expect(abs(PathBoolean.signedArea(corner) - 200) < Self.exact)
    }

    @Test(arguments: [false, true])
    func coincidentEdges(reversedB: Bool) throws {
        let a = [Self.rect(0, 0, 10, 10)]
        let same = [Self.rect(0, 0, 10, 10, reversed: reversedB)]
        #expect(abs(try Self.area(a, same, .union) - 100) < Self.exact)
        #expect(abs(try Self.area(a, same, .intersect) - 100) < Self.exact)
        #expect(try PathBoolean.combine(a, same, .subtract).isEmpty)
        #expect(try PathBoolean.combine(a, same, .xor).isEmpty)
        // Sharing parts of the left and right edges (collinear overlaps).
        let half = [Self.rect(0, 5, 10, 15, reversed: reversedB)]
        #expect(abs(try Self.area(a, half, .union) - 150) < Self.exact)
        #expect(abs(try Self.area(a, half, .intersect) - 50) < Self.exact)
        #expect(abs(try Self.area(a, half, .subtract) - 50) < Self.exact)
        #expect(abs(try Self.area(a, half, .xor) - 100) < Self.exact)
        // Edges that coincide only up to rounding (a transform applied and undone) still merge.
        let t = Transform.rotation(0.3).then(.scale(1.7, 1.7))
        let inv = try #require(t.inverted)
        let wobbly = [Self.rect(0, 0, 10, 10).map { inv.apply(t.apply($0)) }]
        #expect(abs(try Self.area(a, wobbly, .xor)) < 1e-6)
        #expect(abs(try Self.area(a, wobbly, .union) - 100) < 1e-6)
    }

    @Test func polygonCirclesAgainstTheLensFormula() throws {
        // Two circles of radius r, centres d apart, as inscribed regular 1024-gons. The polygons
        // lie inside their circles and each misses exactly the circle's area minus the n-gon's,
        // (n/2) r^2 sin(2 pi / n), so the lens and the union of the polygons are within twice that
        // deficit of the circles' (a region of the polygons differs from the same region of the
        // circles only inside those slivers).
        let r = 50.0, d = 60.0, n = 1024
        let a = [Self.ngon(Point(0, 0), r, n)], b = [Self.ngon(Point(d, 0), r, n)]
        let polygonArea = Double(n) / 2 * r * r * sin(2 * .pi / Double(n))
        #expect(abs(PathBoolean.signedArea(a) - polygonArea) < 1e-6)
        let deficit = Double.pi * r * r - polygonArea
        let lens = 2 * r * r * acos(d / (2 * r)) - d / 2 * (4 * r * r - d * d).squareRoot()
        let inter = try Self.area(a, b, .intersect)
        #expect(abs(inter - lens) <= 2 * deficit)
        #expect(abs(try Self.area(a, b, .union) - (2 * Double.pi * r * r - lens)) <= 2 * deficit)
        // Against the polygons themselves the identity holds to rounding.
        #expect(abs(try Self.area(a, b, .union) + inter - 2 * polygonArea) < 1e-6)
        #expect(abs(try Self.area(a, b, .subtract) - (polygonArea - inter)) < 1e-6)
    }

    @Test func flattenedPathsAsOperands() throws {
        // A circle path flattened within 0.01: the polygon's area is within perimeter * tolerance
        // of the curve's (every point within the tolerance of the curve); the cubic circle itself
        // is within 0.03% of the true radius, which adds 2 * 0.0003 * pi r^2 at most.
        let r = 40.0
        let disc = try PathBoolean.contours(of: .circle(center: Point(0, 0), radius: r), tolerance: 0.01)
        let quarter = try PathBoolean.combine(disc, [Self.rect(0, 0, 100, 100)], .intersect)
        let expected = Double.pi * r * r / 4
        let bound = (Double.pi * r / 2) * 0.01 + 2 * 0.0003 * expected
        #expect(abs(PathBoolean.signedArea(quarter) - expected) < bound)
        // Back to a path: the rebuilt path flattens to the same area.
        let again = try PathBoolean.contours(of: PathBoolean.path(quarter))
        #expect(abs(PathBoolean.signedArea(again) - PathBoolean.signedArea(quarter)) < 1e-9)
    }

    @Test func degenerateInputIsSkipped() throws {
        let square = [Self.rect(0, 0, 10, 10)]
        let bad: [[Point]] = [
            [Point(0, 0), Point(.nan, 1), Point(5, 5)],                // NaN
            [Point(0, 0), Point(.infinity, 1), Point(5, 5)],           // infinity
            [Point(0, 0), Point(5, 5), Point(10, 10)],                 // collinear: no area
            [Point(1, 1), Point(1, 1), Point(1, 1)],                   // a point
            [Point(0, 0), Point(4, 0)],                                // two points
            [Point(0, 0), Point(1e300, 0), Point(0, 1e300)],           // beyond maxCoordinate
            [],
        ]
        #expect(abs(try Self.area(square, bad, .union) - 100) < Self.exact)
        #expect(abs(try Self.area(bad, square, .union) - 100) < Self.exact)
        #expect(try PathBoolean.combine(bad, square, .intersect).isEmpty)
        #expect(try PathBoolean.combine([], [], .xor).isEmpty)
        // A figure eight crosses itself: nonzero fills both loops (each one way round).
        let eight = [[Point(0, 0), Point(10, 10), Point(10, 0), Point(0, 10)]]
        #expect(abs(PathBoolean.signedArea(try PathBoolean.combine(eight, [], .union)).magnitude - 50) < Self.exact)
    }

    @Test func tooManyEdgesThrowInsteadOfWorkingForever() {
        let big = [Self.ngon(Point(0, 0), 100, PathBoolean.maxEdges + 1)]
        #expect(throws: PathBooleanError.tooComplex(what: "edges", limit: PathBoolean.maxEdges)) {
            try PathBoolean.combine(big, [], .union)
        }
    }

    /// SplitMix64: a seeded generator, so a failure names a case that reproduces.
    struct Rng {
        var state: UInt64
        mutating func next() -> Double {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Double((z ^ (z >> 31)) >> 11) / Double(1 << 53)
        }
    }

    @Test(arguments: 0..<40)
    func randomPolygonsObeyInclusionExclusion(seed: Int) throws {
        var rng = Rng(state: UInt64(seed) &* 7919 &+ 1)
        func polygon() -> [[Point]] {
            // 1 or 2 contours of 3..12 points: self-crossing, random orientation, some points on
            // a coarse grid so vertices and edges often coincide exactly.
            (0..<(rng.next() < 0.7 ? 1 : 2)).map { _ in
                let k = 3 + Int(rng.next() * 10)
                return (0..<k).map { _ in
                    let coarse = rng.next() < 0.4
                    let x = rng.next() * 100, y = rng.next() * 100
                    return coarse ? Point((x / 20).rounded() * 20, (y / 20).rounded() * 20) : Point(x, y)
                }
            }
        }
        let a = polygon(), b = polygon()
        let areaA = try Self.area(a, [], .union), areaB = try Self.area(b, [], .union)
        let union = try PathBoolean.combine(a, b, .union), inter = try PathBoolean.combine(a, b, .intersect)
        let sub = try PathBoolean.combine(a, b, .subtract), xor = try PathBoolean.combine(a, b, .xor)
        let u = PathBoolean.signedArea(union), i = PathBoolean.signedArea(inter)
        // Coordinates up to 100 snap to a grid of 2^-25, so each vertex moves at most 3e-8 and
        // each area by at most perimeter * 3e-8 (well under 1e-4 for these perimeters).
        let tol = 1e-4
        #expect(abs(u + i - (areaA + areaB)) < tol, "seed \(seed)")
        #expect(abs(PathBoolean.signedArea(sub) - (u - areaB)) < tol, "seed \(seed)")
        #expect(abs(PathBoolean.signedArea(xor) - (u - i)) < tol, "seed \(seed)")
        #expect(u >= -tol && i >= -tol && i <= min(areaA, areaB) + tol, "seed \(seed)")
        // Point sampling on an off-grid lattice (never on an edge of the coarse grid): each result
        // holds exactly the points the operation keeps, with winding 0 or 1 in magnitude.
        for gx in 0..<23 {
            for gy in 0..<23 {
                let p = Point(Double(gx) * 4.37 + 0.113, Double(gy) * 4.41 + 0.071)
                let inA = Self.winding(a, p) != 0, inB = Self.winding(b, p) != 0
                for (op, result) in [(BooleanOperation.union, union), (.intersect, inter), (.subtract, sub), (.xor, xor)] {
                    let w = Self.winding(result, p)
                    #expect(abs(w) <= 1, "seed \(seed) \(op) \(p)")
                    #expect((w != 0) == op.keeps(inA, inB), "seed \(seed) \(op) \(p)")
                }
            }
        }
    }
}
