#if canImport(Glibc)
import Glibc
#endif
import CYLGeometry

/// The handle length of a quarter-circle cubic, as Lottie players use it.
let roundKappa = 0.5519

extension BezierShape {
    /// Appends this shape to `path`, mapping points by `t` (nil: identity).
    func append(to path: inout Path, transform t: Transform?) {
        let n = vertices.count
        guard n > 0 else { return }
        @inline(__always) func map(_ p: Point) -> Point { t.map { $0.apply(p) } ?? p }
        path.move(to: map(vertices[0]))
        func segment(_ a: Int, _ b: Int) {
            let oa = outTangents[a], ib = inTangents[b]
            if oa == .zero && ib == .zero {
                path.line(to: map(vertices[b]))
            } else {
                path.cubic(to: map(vertices[b]), control1: map(vertices[a] + oa), control2: map(vertices[b] + ib))
            }
        }
        if n > 1 { for k in 1..<n { segment(k - 1, k) } }
        if closed {
            if n > 1 { segment(n - 1, 0) }
            path.close()
        }
    }

    /// The same closed or open contour traversed the other way, starting at the same vertex.
    func reversed() -> BezierShape {
        let n = vertices.count
        guard n > 1 else { return self }
        var out = self
        for k in 0..<n {
            let src = closed ? (n - k) % n : n - 1 - k
            out.vertices[k] = vertices[src]
            out.inTangents[k] = outTangents[src]
            out.outTangents[k] = inTangents[src]
        }
        return out
    }

    /// Shapes from a path (every subpath one shape); lines get zero tangents.
    static func shapes(from path: Path) -> [BezierShape] {
        var out: [BezierShape] = []
        var cur = BezierShape.empty
        func flush() { if !cur.vertices.isEmpty { out.append(cur) }; cur = .empty }
        path.forEachSegment { s in
            switch s {
            case .move(let p):
                flush()
                cur.vertices = [p]; cur.inTangents = [.zero]; cur.outTangents = [.zero]
            case let .line(_, b):
                cur.vertices.append(b); cur.inTangents.append(.zero); cur.outTangents.append(.zero)
            case let .quad(a, c, b):
                let (_, c1, c2, _) = Bezier.quadToCubic(a, c, b)
                cur.outTangents[cur.outTangents.count - 1] = c1 - a
                cur.vertices.append(b); cur.inTangents.append(c2 - b); cur.outTangents.append(.zero)
            case let .cubic(a, c1, c2, b):
                cur.outTangents[cur.outTangents.count - 1] = c1 - a
                cur.vertices.append(b); cur.inTangents.append(c2 - b); cur.outTangents.append(.zero)
            case let .close(a, b):
                // A closing segment that returns to the start is implicit in a closed shape.
                if a.distance(to: b) < 1e-9, cur.vertices.count > 1 {
                    let last = cur.vertices.count - 1
                    cur.inTangents[0] = cur.inTangents[last]
                    cur.vertices.removeLast(); cur.inTangents.removeLast(); cur.outTangents.removeLast()
                    cur.outTangents[cur.outTangents.count - 1] = cur.outTangents[cur.outTangents.count - 1]
                    _ = last
                }
                cur.closed = true
                flush()
            }
        }
        flush()
        return out
    }
}

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
            let c = r * roundKappa
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
        let cx = rx * roundKappa, cy = ry * roundKappa
        let shape = BezierShape(
            closed: true,
            vertices: [Point(p.x, p.y - ry), Point(p.x + rx, p.y), Point(p.x, p.y + ry), Point(p.x - rx, p.y)],
            inTangents: [Point(-cx, 0), Point(0, -cy), Point(cx, 0), Point(0, cy)],
            outTangents: [Point(cx, 0), Point(0, cy), Point(-cx, 0), Point(0, -cy)])
        return reversed ? shape.reversed() : shape
    }

    static func star(_ m: StarModel, at t: Double, maxPoints: Int) -> BezierShape {
        let p = m.position.point(at: t)
        let pts = min(Double(maxPoints), max(0, m.points.scalar(at: t).rounded(.down)))
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

    /// Lottie's rounded corners: every sharp vertex (no tangents) is cut back by up to `radius`
    /// along both edges and joined with a curve.
    static func roundCorners(_ s: BezierShape, radius: Double) -> BezierShape {
        let n = s.vertices.count
        guard radius > 0, n >= 2 else { return s }
        var out = BezierShape(closed: s.closed, vertices: [], inTangents: [], outTangents: [])
        out.vertices.reserveCapacity(n * 2)
        for i in 0..<n {
            let v = s.vertices[i]
            let sharp = s.inTangents[i] == .zero && s.outTangents[i] == .zero
            if !sharp || (!s.closed && (i == 0 || i == n - 1)) {
                out.vertices.append(v); out.inTangents.append(s.inTangents[i]); out.outTangents.append(s.outTangents[i])
                continue
            }
            let prev = s.vertices[(i + n - 1) % n], next = s.vertices[(i + 1) % n]
            let d1 = v.distance(to: prev)
            let f1 = d1 > 0 ? min(d1 / 2, radius) / d1 : 0
            let a = v + (prev - v) * f1
            out.vertices.append(a); out.inTangents.append(.zero); out.outTangents.append((v - a) * roundKappa)
            let d2 = v.distance(to: next)
            let f2 = d2 > 0 ? min(d2 / 2, radius) / d2 : 0
            let b = v + (next - v) * f2
            out.vertices.append(b); out.inTangents.append((v - b) * roundKappa); out.outTangents.append(.zero)
        }
        return out
    }

    /// Pucker and bloat: vertices move toward the shape's centre (the mean of its vertices) by
    /// `amount` (a fraction), tangent handles move away from it by the same fraction.
    static func puckerBloat(_ s: BezierShape, amount: Double) -> BezierShape {
        let n = s.vertices.count
        guard n > 0 else { return s }
        var c = Point.zero
        for v in s.vertices { c += v }
        c = c * (1 / Double(n))
        var out = s
        for i in 0..<n {
            let v = s.vertices[i]
            let o = v + s.outTangents[i], inn = v + s.inTangents[i]
            let nv = v + (c - v) * amount
            let no = o + (c - o) * -amount, ni = inn + (c - inn) * -amount
            out.vertices[i] = nv
            out.outTangents[i] = no - nv
            out.inTangents[i] = ni - nv
        }
        return out
    }
}
