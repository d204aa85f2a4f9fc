#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// Shape modifiers that change a contour's geometry before it is filled or stroked.

extension BezierShape {
    /// Rounded corners (Lottie's and Rive's): every sharp vertex (no tangents) is cut back by up to `radius`
    /// along both edges and joined with a curve.
    public func roundingCorners(radius: Double) -> BezierShape {
        var out = BezierShape.empty
        roundingCorners(radius: radius, into: &out)
        return out
    }

    /// `roundingCorners(radius:)` written into `out`, whose arrays are reused.
    public func roundingCorners(radius: Double, into out: inout BezierShape) {
        let s = self
        let n = s.vertices.count
        guard radius > 0, n >= 2 else { copy(into: &out); return }
        out.clear(closed: s.closed)
        for i in 0..<n {
            let v = s.vertices[i]
            let sharp = s.inTangents[i] == .zero && s.outTangents[i] == .zero
            if !sharp || (!s.closed && (i == 0 || i == n - 1)) {
                out.append(v, in: s.inTangents[i], out: s.outTangents[i])
                continue
            }
            let prev = s.vertices[(i + n - 1) % n], next = s.vertices[(i + 1) % n]
            let d1 = v.distance(to: prev)
            let f1 = d1 > 0 ? min(d1 / 2, radius) / d1 : 0
            let a = v + (prev - v) * f1
            out.append(a, in: .zero, out: (v - a) * bezierCircleKappa)
            let d2 = v.distance(to: next)
            let f2 = d2 > 0 ? min(d2 / 2, radius) / d2 : 0
            let b = v + (next - v) * f2
            out.append(b, in: (v - b) * bezierCircleKappa, out: .zero)
        }
    }

    /// Pucker and bloat: vertices move toward the shape's centre (the mean of its vertices) by
    /// `amount` (a fraction), tangent handles move away from it by the same fraction.
    public func puckeredOrBloated(_ amount: Double) -> BezierShape {
        var out = BezierShape.empty
        puckeredOrBloated(amount, into: &out)
        return out
    }

    /// `puckeredOrBloated(_:)` written into `out`, whose arrays are reused.
    public func puckeredOrBloated(_ amount: Double, into out: inout BezierShape) {
        let s = self
        let n = s.vertices.count
        out.clear(closed: s.closed)
        guard n > 0 else { return }
        var c = Point.zero
        for v in s.vertices { c += v }
        c = c * (1 / Double(n))
        for i in 0..<n {
            let v = s.vertices[i]
            let o = v + s.outTangents[i], inn = v + s.inTangents[i]
            let nv = v + (c - v) * amount
            let no = o + (c - o) * -amount, ni = inn + (c - inn) * -amount
            out.append(nv, in: ni - nv, out: no - nv)
        }
    }

    /// Offset path: every segment moved sideways by `amount` (positive grows a clockwise shape);
    /// see `PathOffsetter`.
    public func offset(by amount: Double, join: LineJoin, miterLimit: Double) -> BezierShape {
        var out = BezierShape.empty, scratch = OffsetScratch()
        offset(by: amount, join: join, miterLimit: miterLimit, into: &out, scratch: &scratch)
        return out
    }

    /// `offset(by:join:miterLimit:)` written into `out`, whose arrays are reused, with its
    /// working segments in `scratch` (kept by the caller from one frame to the next).
    public func offset(by amount: Double, join: LineJoin, miterLimit: Double, into out: inout BezierShape,
                       scratch: inout OffsetScratch) {
        PathOffsetter.offset(self, amount, join: join, miterLimit: miterLimit, segs: &scratch.segs, into: &out)
    }
}

/// The offset path's working segments, reused between calls.
public struct OffsetScratch: Sendable {
    var segs: [PathOffsetter.Seg] = []
    public init() {}
}

/// Lottie's offset path: every segment moves sideways by `amount` (positive grows a clockwise
/// shape), curves by offsetting their control polygon; corners that open up are joined with the
/// join style, corners that overlap are cut at the segments' crossing.
enum PathOffsetter {
    struct Seg { var p0: Point, c1: Point, c2: Point, p3: Point }

    static func offset(_ s: BezierShape, _ amount: Double, join: LineJoin, miterLimit: Double, segs: inout [Seg],
                       into out: inout BezierShape) {
        let n = s.vertices.count
        guard n >= 2 else { s.copy(into: &out); return }
        let count = s.closed ? n : n - 1
        segs.removeAll(keepingCapacity: true)
        for k in 0..<count {
            let a = s.vertices[k], b = s.vertices[(k + 1) % n]
            let c1 = a + s.outTangents[k], c2 = b + s.inTangents[(k + 1) % n]
            if a.distance(to: b) < 1e-9 && c1.distance(to: a) < 1e-9 && c2.distance(to: b) < 1e-9 { continue }
            segs.append(offsetSeg(Seg(p0: a, c1: c1, c2: c2, p3: b), amount))
        }
        guard !segs.isEmpty else { s.copy(into: &out); return }
        out.clear(closed: s.closed)
        func addSeg(_ g: Seg) {
            if out.vertices.isEmpty || out.vertices[out.vertices.count - 1].distance(to: g.p0) > 1e-9 {
                out.append(g.p0, in: .zero, out: .zero)
            }
            out.outTangents[out.outTangents.count - 1] = g.c1 - g.p0
            out.append(g.p3, in: g.c2 - g.p3, out: .zero)
        }
        // Resolve each corner between segment k and k+1.
        let m = segs.count
        for k in 0..<m {
            guard s.closed || k + 1 < m else { break }
            let a = segs[k], b = segs[(k + 1) % m]
            if a.p3.distance(to: b.p0) < 1e-9 { continue }
            let da = tangentEnd(a), db = tangentStart(b)
            guard let x = intersect(a.p3, da, b.p0, db) else { continue }
            let turn = da.cross(db)
            // Outward corner when the turn and the offset side disagree: the segments do not meet.
            let opens = (turn < 0) == (amount > 0)
            if !opens {
                segs[k].p3 = x; segs[(k + 1) % m].p0 = x
                if isLine(a) { segs[k].c2 = x }
                if isLine(b) { segs[(k + 1) % m].c1 = x }
            }
        }
        for k in 0..<m {
            addSeg(segs[k])
            guard s.closed || k + 1 < m else { break }
            let a = segs[k], b = segs[(k + 1) % m]
            if a.p3.distance(to: b.p0) < 1e-9 { continue }
            let da = tangentEnd(a), db = tangentStart(b)
            switch join {
            case .bevel:
                break
            case .miter:
                if let x = intersect(a.p3, da, b.p0, db), x.distance(to: a.p3) <= abs(amount) * miterLimit {
                    out.append(x, in: .zero, out: .zero)
                }
            case .round:
                // A circular arc around the original corner from a.p3 to b.p0.
                let center = s.vertices[(k + 1) % n]
                let r = abs(amount)
                let a0 = atan2(a.p3.y - center.y, a.p3.x - center.x)
                var sweep = atan2(b.p0.y - center.y, b.p0.x - center.x) - a0
                while sweep > .pi { sweep -= 2 * .pi }
                while sweep < -.pi { sweep += 2 * .pi }
                let h = 4.0 / 3.0 * tan(sweep / 4) * r
                let t0 = Point(-sin(a0), cos(a0)) * h
                let a1 = a0 + sweep
                let t1 = Point(-sin(a1), cos(a1)) * h
                out.outTangents[out.outTangents.count - 1] = t0
                out.append(b.p0, in: -t1, out: .zero)
            }
        }
        if s.closed, out.vertices.count > 1, out.vertices[0].distance(to: out.vertices[out.vertices.count - 1]) < 1e-9 {
            out.inTangents[0] = out.inTangents[out.inTangents.count - 1]
            out.vertices.removeLast(); out.inTangents.removeLast(); out.outTangents.removeLast()
        }
    }

    static func isLine(_ g: Seg) -> Bool { g.c1 == g.p0 && g.c2 == g.p3 }

    static func tangentStart(_ g: Seg) -> Point {
        let d = g.c1 - g.p0
        if d.length > 1e-9 { return d.normalized }
        let e = g.c2 - g.p0
        return e.length > 1e-9 ? e.normalized : (g.p3 - g.p0).normalized
    }
    static func tangentEnd(_ g: Seg) -> Point {
        let d = g.p3 - g.c2
        if d.length > 1e-9 { return d.normalized }
        let e = g.p3 - g.c1
        return e.length > 1e-9 ? e.normalized : (g.p3 - g.p0).normalized
    }

    static func normal(_ d: Point) -> Point { Point(d.y, -d.x) }

    static func offsetSeg(_ g: Seg, _ amount: Double) -> Seg {
        if isLine(g) {
            let nrm = normal((g.p3 - g.p0).normalized) * amount
            return Seg(p0: g.p0 + nrm, c1: g.p0 + nrm, c2: g.p3 + nrm, p3: g.p3 + nrm)
        }
        let n0 = normal(tangentStart(g)) * amount, n3 = normal(tangentEnd(g)) * amount
        // The middle control points move along the normal of the control polygon's middle leg.
        let mid = g.c2 - g.c1
        let nm = mid.length > 1e-9 ? normal(mid.normalized) * amount : (n0 + n3) * 0.5
        let c1 = intersect(g.p0 + n0, g.c1 - g.p0, g.c1 + nm, mid) ?? (g.c1 + n0)
        let c2 = intersect(g.p3 + n3, g.c2 - g.p3, g.c2 + nm, mid) ?? (g.c2 + n3)
        return Seg(p0: g.p0 + n0, c1: c1, c2: c2, p3: g.p3 + n3)
    }

    /// Where the lines through `p` along `d` and through `q` along `e` cross.
    static func intersect(_ p: Point, _ d: Point, _ q: Point, _ e: Point) -> Point? {
        let den = d.cross(e)
        if abs(den) < 1e-12 { return nil }
        let t = (q - p).cross(e) / den
        return p + d * t
    }
}
