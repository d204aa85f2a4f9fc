#if canImport(Glibc)
import Glibc
#endif
import CYLGeometry

/// Rectangles, ellipses and stars as bezier shapes, written into a shape whose arrays are reused
/// (the evaluator's shape from the last frame), so building one allocates nothing once they have
/// grown to size.
enum ShapeBuilder {
    static func rect(center p: Point, size s: Point, roundness r0: Double, reversed: Bool, into shape: inout BezierShape) {
        let hw = abs(s.x) / 2, hh = abs(s.y) / 2
        let r = max(0, min(r0, hw, hh))
        let left = p.x - hw, right = p.x + hw, top = p.y - hh, bottom = p.y + hh
        shape.clear(closed: true)
        if r <= 0 {
            shape.append(Point(right, top), in: .zero, out: .zero)
            shape.append(Point(right, bottom), in: .zero, out: .zero)
            shape.append(Point(left, bottom), in: .zero, out: .zero)
            shape.append(Point(left, top), in: .zero, out: .zero)
        } else {
            let c = r * bezierCircleKappa
            shape.append(Point(right, top + r), in: Point(0, -c), out: .zero)
            shape.append(Point(right, bottom - r), in: .zero, out: Point(0, c))
            shape.append(Point(right - r, bottom), in: Point(c, 0), out: .zero)
            shape.append(Point(left + r, bottom), in: .zero, out: Point(-c, 0))
            shape.append(Point(left, bottom - r), in: Point(0, c), out: .zero)
            shape.append(Point(left, top + r), in: .zero, out: Point(0, -c))
            shape.append(Point(left + r, top), in: Point(-c, 0), out: .zero)
            shape.append(Point(right - r, top), in: .zero, out: Point(c, 0))
        }
        if reversed { shape.reverse() }
    }

    static func ellipse(center p: Point, size s: Point, reversed: Bool, into shape: inout BezierShape) {
        let rx = s.x / 2, ry = s.y / 2
        let cx = rx * bezierCircleKappa, cy = ry * bezierCircleKappa
        shape.clear(closed: true)
        shape.append(Point(p.x, p.y - ry), in: Point(-cx, 0), out: Point(cx, 0))
        shape.append(Point(p.x + rx, p.y), in: Point(0, -cy), out: Point(0, cy))
        shape.append(Point(p.x, p.y + ry), in: Point(cx, 0), out: Point(-cx, 0))
        shape.append(Point(p.x - rx, p.y), in: Point(0, cy), out: Point(0, -cy))
        if reversed { shape.reverse() }
    }

    static func star(_ m: StarModel, at t: Double, maxPoints: Int, into shape: inout BezierShape) {
        let p = m.position.point(at: t)
        // A star has two vertices per point, each a cubic of three points: keep the shape within
        // the one-path limit before it is built.
        let cap = Double(max(1, maxPoints / (m.isStar ? 6 : 3)))
        let pts = min(cap, max(0, m.points.scalar(at: t).rounded(.down)))
        guard pts >= 1 else {
            shape.clear(closed: false)
            return
        }
        let rot = m.rotation.scalar(at: t) * .pi / 180
        let dir: Double = m.reversed ? -1 : 1
        shape.clear(closed: true)
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
    }

    private static func add(_ s: inout BezierShape, _ c: Point, _ rad: Double, _ a: Double, _ handle: Double) {
        let x = rad * cos(a), y = rad * sin(a)
        let len = (x * x + y * y).squareRoot()
        let ox = len == 0 ? 0 : y / len, oy = len == 0 ? 0 : -x / len
        s.append(Point(c.x + x, c.y + y), in: Point(ox * handle, oy * handle), out: Point(-ox * handle, -oy * handle))
    }
}
