#if canImport(Glibc)
import Glibc
#endif
import CYLGeometry

enum ShapeBuilder {
    static func rect(center p: Point, size s: Point, roundness r0: Double, reversed: Bool) -> BezierShape {
        let hw = abs(s.x) / 2, hh = abs(s.y) / 2
        let r = max(0, min(r0, hw, hh))
        let left = p.x - hw, right = p.x + hw, top = p.y - hh, bottom = p.y + hh
        var shape: BezierShape
        if r <= 0 {
            shape = BezierShape(closed: true,
                                vertices: [Point(right, top), Point(right, bottom), Point(left, bottom), Point(left, top)],
                                inTangents: Array(repeating: .zero, count: 4), outTangents: Array(repeating: .zero, count: 4))
        } else {
            let c = r * bezierCircleKappa
            let v = [Point(right, top + r), Point(right, bottom - r), Point(right - r, bottom), Point(left + r, bottom),
                     Point(left, bottom - r), Point(left, top + r), Point(left + r, top), Point(right - r, top)]
            let ins = [Point(0, -c), .zero, Point(c, 0), .zero, Point(0, c), .zero, Point(-c, 0), .zero]
            let outs = [Point.zero, Point(0, c), .zero, Point(-c, 0), .zero, Point(0, -c), .zero, Point(c, 0)]
            shape = BezierShape(closed: true, vertices: v, inTangents: ins, outTangents: outs)
        }
        return reversed ? shape.reversed() : shape
    }

    static func ellipse(center p: Point, size s: Point, reversed: Bool) -> BezierShape {
        let rx = s.x / 2, ry = s.y / 2
        let cx = rx * bezierCircleKappa, cy = ry * bezierCircleKappa
        let shape = BezierShape(
            closed: true,
            vertices: [Point(p.x, p.y - ry), Point(p.x + rx, p.y), Point(p.x, p.y + ry), Point(p.x - rx, p.y)],
            inTangents: [Point(-cx, 0), Point(0, -cy), Point(cx, 0), Point(0, cy)],
            outTangents: [Point(cx, 0), Point(0, cy), Point(-cx, 0), Point(0, -cy)])
        return reversed ? shape.reversed() : shape
    }

    static func star(_ m: StarModel, at t: Double, maxPoints: Int) -> BezierShape {
        let p = m.position.point(at: t)
        // A star has two vertices per point, each a cubic of three points: keep the shape within
        // the one-path limit before it is built.
        let cap = Double(max(1, maxPoints / (m.isStar ? 6 : 3)))
        let pts = min(cap, max(0, m.points.scalar(at: t).rounded(.down)))
        guard pts >= 1 else { return .empty }
        let rot = m.rotation.scalar(at: t) * .pi / 180
        let dir: Double = m.reversed ? -1 : 1
        var shape = BezierShape(closed: true, vertices: [], inTangents: [], outTangents: [])
        let or = m.outerRadius.scalar(at: t), os = m.outerRoundness.scalar(at: t) / 100
        if m.isStar {
            let ir = m.innerRadius.scalar(at: t), isr = m.innerRoundness.scalar(at: t) / 100
            let n = Int(pts) * 2
            let angle = 2 * Double.pi / Double(n)
            let longSeg = 2 * Double.pi * or / Double(n * 2), shortSeg = 2 * Double.pi * ir / Double(n * 2)
            var a = -Double.pi / 2 + rot
            var long = true
            for _ in 0..<n {
                let rad = long ? or : ir, round = long ? os : isr, seg = long ? longSeg : shortSeg
                add(&shape, p, rad, a, round * seg * dir)
                long.toggle(); a += angle * dir
            }
        } else {
            let n = Int(pts)
            let angle = 2 * Double.pi / Double(n)
            let seg = 2 * Double.pi * or / Double(n * 4)
            var a = -Double.pi / 2 + rot
            for _ in 0..<n {
                add(&shape, p, or, a, os * seg * dir)
                a += angle * dir
            }
        }
        return shape
    }

    private static func add(_ s: inout BezierShape, _ c: Point, _ rad: Double, _ a: Double, _ handle: Double) {
        let x = rad * cos(a), y = rad * sin(a)
        let len = (x * x + y * y).squareRoot()
        let ox = len == 0 ? 0 : y / len, oy = len == 0 ? 0 : -x / len
        s.vertices.append(Point(c.x + x, c.y + y))
        s.outTangents.append(Point(-ox * handle, -oy * handle))
        s.inTangents.append(Point(ox * handle, oy * handle))
    }
}
