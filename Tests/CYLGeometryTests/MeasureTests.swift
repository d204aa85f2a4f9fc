#if canImport(Glibc)
import Glibc
#endif
import Testing
@testable import CYLGeometry

@Suite struct MeasureTests {
    @Test func lengths() {
        #expect(abs(Path.polygon([Point(0, 0), Point(30, 40)], closed: false).length - 50) < 1e-12)
        #expect(abs(Path.rect(Rect(x: 0, y: 0, width: 10, height: 5)).length - 30) < 1e-12)
        let c = Path.circle(center: Point(0, 0), radius: 50)
        // The 4-cubic circle is 0.027% longer than a true circle.
        #expect(abs(c.length - 2 * Double.pi * 50) / (2 * Double.pi * 50) < 5e-4)
        var q = Path()
        q.move(to: Point(0, 0)); q.quad(to: Point(10, 0), control: Point(5, 0))
        #expect(abs(q.length - 10) < 1e-9)
    }

    @Test func trimLine() {
        let l = Path.polygon([Point(0, 0), Point(100, 0)], closed: false)
        let t = l.trimmed(start: 0.2, end: 0.5)
        #expect(t.points.first == Point(20, 0))
        #expect(abs(t.points.last!.x - 50) < 1e-9)
        #expect(abs(t.length - 30) < 1e-9)
        #expect(l.trimmed(start: 0.5, end: 0.2) == t)  // swapped
        #expect(l.trimmed(start: 0.3, end: 0.3).isEmpty)
        #expect(l.trimmed(start: 0, end: 1) == l)
    }

    @Test func trimWrapsPastTheEnd() {
        let c = Path.circle(center: Point(0, 0), radius: 40)
        let L = c.length
        let t = c.trimmed(start: 0, end: 0.2, offset: 0.9)
        #expect(abs(t.length - 0.2 * L) < 1e-3 * L)
        #expect(t.subpathCount == 2)
        // The second piece starts where the circle starts (top).
        let starts = t.points.enumerated().filter { t.verbs.count > 0 && $0.offset == 0 }.map(\.element)
        #expect(starts.first!.distance(to: PathMeasure(c).point(at: 0.9 * L)) < 1e-6)
        // Negative offsets wrap too.
        #expect(abs(c.trimmed(start: 0.1, end: 0.3, offset: -0.5).length - 0.2 * L) < 1e-3 * L)
    }

    @Test func trimAcrossSubpaths() {
        var p = Path.polygon([Point(0, 0), Point(100, 0)], closed: false)
        p.append(.polygon([Point(0, 10), Point(100, 10)], closed: false))
        let t = p.trimmed(start: 0.25, end: 0.75)
        #expect(t.subpathCount == 2)
        #expect(abs(t.length - 100) < 1e-9)
        #expect(t.points[0] == Point(50, 0))
        #expect(t.points.last! == Point(50, 10))
        let ind = p.trimmed(start: 0.25, end: 0.75, individually: true)
        #expect(ind.subpathCount == 2)
        #expect(ind.points[0] == Point(25, 0) && ind.points.last! == Point(75, 10))
    }

    @Test func trimKeepsCurves() {
        let c = Path.circle(center: Point(0, 0), radius: 40)
        let t = c.trimmed(start: 0.1, end: 0.4)
        #expect(t.verbs.contains(.cubic))
        // Every point of the trimmed curve stays on the circle.
        var out = Polylines()
        try? Flattener.flatten(t, tolerance: 0.001, into: &out)
        for p in out.points { #expect(abs(p.length - 40) < 0.05) }
    }
}
