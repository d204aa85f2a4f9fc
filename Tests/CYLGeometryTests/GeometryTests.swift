#if canImport(Glibc)
import Glibc
#endif
import Testing
@testable import CYLGeometry

@Suite struct TransformTests {
    @Test func composeAndInvert() throws {
        let t = Transform.translation(3, 4).then(.rotation(0.7)).then(.scale(2, 0.5))
        let p = Point(1.5, -2)
        let q = t.apply(p)
        let back = try #require(t.inverted).apply(q)
        #expect(back.distance(to: p) < 1e-12)
        #expect(Transform.scale(0, 1).inverted == nil)
        #expect(abs(Transform.scale(3, 0.5).maxScale - 3) < 1e-12)
        #expect(abs(Transform.scale(3, 0.5).minScale - 0.5) < 1e-12)
        #expect(abs(Transform.rotation(1).then(.scale(2, 2)).maxScale - 2) < 1e-12)
    }
}

@Suite struct PathTests {
    @Test func buildingAndBounds() {
        var p = Path()
        p.move(to: Point(0, 0))
        p.cubic(to: Point(10, 0), control1: Point(0, 10), control2: Point(10, 10))
        p.close()
        p.line(to: Point(-5, 2))  // implicit move to (0,0) after close
        #expect(p.subpathCount == 2)
        let b = p.bounds
        #expect(abs(b.maxY - 7.5) < 1e-12)  // cubic extremum at t = 0.5
        #expect(b.minX == -5 && b.maxX == 10)
        #expect(p.controlBounds.maxY == 10)
    }

    @Test func nonFiniteRejected() {
        var p = Path()
        p.move(to: Point(0, .infinity))
        #expect(!p.isFinite)
        #expect(throws: GeometryError.self) { try p.validate() }
        var out = Polylines()
        #expect(throws: GeometryError.self) { try Flattener.flatten(p, into: &out) }
    }

    @Test(arguments: [0.1, 0.05, 0.01])
    func flatteningErrorBound(tolerance: Double) throws {
        // A circle of radius 100 under a non-uniform transform: every flattened vertex lies on the
        // curve and every chord midpoint is within the tolerance of it (checked against dense samples).
        let t = Transform.scale(3, 1.5).then(.rotation(0.3))
        let c = Path.circle(center: Point(0, 0), radius: 100)
        var out = Polylines()
        try Flattener.flatten(c, transform: t, tolerance: tolerance, into: &out)
        // Dense samples of the transformed curve.
        var samples: [Point] = []
        c.forEachSegment { seg in
            if case let .cubic(p0, p1, p2, p3) = seg {
                for i in 0...2000 { samples.append(t.apply(Bezier.cubic(p0, p1, p2, p3, Double(i) / 2000))) }
            }
        }
        let pts = out.points
        var worst = 0.0
        for i in 1..<pts.count {
            for k in 1...7 {
                let m = pts[i - 1].lerp(pts[i], Double(k) / 8)
                // Nearest dense sample, then the distance to the sample chords beside it.
                var bi = 0, bd = Double.infinity
                for (j, q) in samples.enumerated() { let d = q.distance(to: m); if d < bd { bd = d; bi = j } }
                var d = bd
                for j in [bi - 1, bi] where j >= 0 && j + 1 < samples.count {
                    d = min(d, distanceToSegment(m, samples[j], samples[j + 1]))
                }
                worst = max(worst, d)
            }
        }
        #expect(worst <= tolerance * 1.02, "worst \(worst)")
        #expect(out.contours.count == 1 && out.contours[0].closed)
    }
}

func distanceToSegment(_ p: Point, _ a: Point, _ b: Point) -> Double {
    let ab = b - a, l2 = ab.lengthSquared
    if l2 == 0 { return p.distance(to: a) }
    let t = max(0, min(1, (p - a).dot(ab) / l2))
    return p.distance(to: a + ab * t)
}
