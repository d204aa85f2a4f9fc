/// Flattened subpaths: polylines in one point buffer, reused between calls.
public struct Polylines: Sendable {
    public struct Contour: Sendable, Equatable {
        /// Index of the first point in `points`.
        public var start: Int
        /// Number of points (at least 1).
        public var count: Int
        /// True when the subpath ended with `close`.
        public var closed: Bool
    }
    public var points: [Point] = []
    public var contours: [Contour] = []
    public init() {}
    public mutating func removeAll() {
        points.removeAll(keepingCapacity: true); contours.removeAll(keepingCapacity: true)
    }
    /// Points of contour `i`.
    public func points(of i: Int) -> ArraySlice<Point> {
        let c = contours[i]
        return points[c.start ..< c.start + c.count]
    }
    mutating func begin(_ p: Point) {
        contours.append(Contour(start: points.count, count: 1, closed: false))
        points.append(p)
    }
    mutating func add(_ p: Point) {
        points.append(p)
        contours[contours.count - 1].count += 1
    }
    /// Appends a point without updating the contour's count (the flattener's hot path); call
    /// `finishContour` before anyone reads `contours`.
    @inline(__always) mutating func addFast(_ p: Point) { points.append(p) }
    mutating func finishContour() {
        if let last = contours.last { contours[contours.count - 1].count = points.count - last.start }
    }
    /// Finishes the last contour, marked closed.
    mutating func closeContour() {
        finishContour()
        contours[contours.count - 1].closed = true
    }
}

/// Turns curves into line segments.
///
/// Error bound: every curve is replaced by `n` chords at uniform parameter steps with `n` from
/// Wang's formula, `n = ceil(sqrt(d(d-1)/8 * M / tol))` where `M` is the largest second difference
/// of the (transformed) control points and `d` the degree, which guarantees that no point of the
/// curve is further than `tol` from the polyline. The curve is transformed first, so the bound
/// holds in output (pixel) space.
public enum Flattener {
    /// The default flattening tolerance in pixels (a quarter of the 0.1 px the renderer promises: a polygon inscribed in a curve loses area, about (4/3)·tol/r of a circle of radius r).
    public static let defaultTolerance = 0.025
    /// Most chords for one curve piece; bigger curves are first split in halves (at most 2^12 pieces).
    static let maxSegments = 512

    /// Flattens `path` transformed by `transform` into `out` (cleared first).
    ///
    /// With `cull` set (filling only), a curve whose control hull lies wholly outside `cull` is
    /// replaced by its chord, which crosses the same horizontal lines with the same sign and so
    /// gives a scan converter the same coverage inside `cull`; huge curves that overlap it are split
    /// so that far-away parts cost nothing. Throws when a transformed point is not finite.
    public static func flatten(_ path: Path, transform: Transform = .identity, tolerance: Double = defaultTolerance,
                               cull: Rect? = nil, maxPoints: Int = Int.max,
                               into out: inout Polylines) throws(GeometryError) {
        out.removeAll()
        guard transform.isFinite else { throw .nonFinite("transform") }
        let tol = tolerance > 1e-6 ? tolerance : 1e-6
        let verbs = path.verbs, pts = path.points
        var pi = 0
        var cur = Point.zero, start = Point.zero
        var open = false
        let t = transform
        for v in verbs {
            switch v {
            case .move:
                let p = t.apply(pts[pi]); pi += 1
                guard p.isFinite else { throw .nonFinite("path point") }
                out.finishContour()
                out.begin(p); cur = p; start = p; open = true
            case .line:
                let p = t.apply(pts[pi]); pi += 1
                guard p.isFinite else { throw .nonFinite("path point") }
                if !open { out.finishContour(); out.begin(cur); open = true }
                out.addFast(p); cur = p
            case .quad:
                let c = t.apply(pts[pi]), p = t.apply(pts[pi + 1]); pi += 2
                guard c.isFinite, p.isFinite else { throw .nonFinite("path point") }
                if !open { out.finishContour(); out.begin(cur); open = true }
                let (q0, q1, q2, q3) = Bezier.quadToCubic(cur, c, p)
                cubic(q0, q1, q2, q3, tol: tol, cull: cull, depth: 0, into: &out, degree: 2)
                if out.points.count > maxPoints { throw .tooComplex(limit: maxPoints) }
                cur = p
            case .cubic:
                let c1 = t.apply(pts[pi]), c2 = t.apply(pts[pi + 1]), p = t.apply(pts[pi + 2]); pi += 3
                guard c1.isFinite, c2.isFinite, p.isFinite else { throw .nonFinite("path point") }
                if !open { out.finishContour(); out.begin(cur); open = true }
                cubic(cur, c1, c2, p, tol: tol, cull: cull, depth: 0, into: &out, degree: 3)
                if out.points.count > maxPoints { throw .tooComplex(limit: maxPoints) }
                cur = p
            case .close:
                if out.points.count > maxPoints { throw .tooComplex(limit: maxPoints) }
                if open { out.closeContour(); open = false }
                cur = start
            }
        }
        out.finishContour()
    }

    /// How many chords at uniform parameter steps keep the cubic within `tol` (Wang's bound; a
    /// degree-raised quadratic passes `degree: 2`), unbounded.
    static func segments(_ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point, tol: Double, degree: Int) -> Double {
        let dd1 = p0 - p1 * 2 + p2, dd2 = p1 - p2 * 2 + p3
        let m = max(dd1.lengthSquared, dd2.lengthSquared).squareRoot()
        // For a degree-raised quadratic the cubic's second differences are 2/3 of the quadratic's,
        // and the quadratic's bound is 2/8 * M_q = 3/8 * M_cubic; for a true cubic it is 6/8 * M.
        let k = degree == 2 ? 0.375 : 0.75
        return (k * m / tol).squareRoot().rounded(.up)
    }

    /// Flattens one cubic (the quadratic case passes its degree-raised form and `degree: 2`).
    static func cubic(_ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point, tol: Double, cull: Rect?, depth: Int,
                      into out: inout Polylines, degree: Int) {
        if let cull {
            let minX = min(min(p0.x, p1.x), min(p2.x, p3.x)), maxX = max(max(p0.x, p1.x), max(p2.x, p3.x))
            let minY = min(min(p0.y, p1.y), min(p2.y, p3.y)), maxY = max(max(p0.y, p1.y), max(p2.y, p3.y))
            if maxX <= cull.minX || minX >= cull.maxX || maxY <= cull.minY || minY >= cull.maxY {
                out.addFast(p3); return  // the chord has the same crossings of every scanline
            }
            if depth < 24 && (maxX - minX > 4 * cull.width + 64 || maxY - minY > 4 * cull.height + 64) {
                let (l, r) = Bezier.splitCubic(p0, p1, p2, p3, 0.5)
                cubic(l.0, l.1, l.2, l.3, tol: tol, cull: cull, depth: depth + 1, into: &out, degree: degree)
                cubic(r.0, r.1, r.2, r.3, tol: tol, cull: cull, depth: depth + 1, into: &out, degree: degree)
                return
            }
        }
        let nf = segments(p0, p1, p2, p3, tol: tol, degree: degree)
        if nf > Double(maxSegments) && depth < 12 {
            let (l, r) = Bezier.splitCubic(p0, p1, p2, p3, 0.5)
            cubic(l.0, l.1, l.2, l.3, tol: tol, cull: cull, depth: depth + 1, into: &out, degree: degree)
            cubic(r.0, r.1, r.2, r.3, tol: tol, cull: cull, depth: depth + 1, into: &out, degree: degree)
            return
        }
        let n = max(1, min(maxSegments, Int(clamping: nf)))
        if n == 1 { out.addFast(p3); return }
        // Power basis: B(t) = a t^3 + b t^2 + c t + p0.
        let c = (p1 - p0) * 3, b = (p2 - p1 * 2 + p0) * 3, a = p3 - p0 + (p1 - p2) * 3
        let dt = 1.0 / Double(n)
        for i in 1..<n {
            let t = Double(i) * dt
            out.addFast(Point(((a.x * t + b.x) * t + c.x) * t + p0.x, ((a.y * t + b.y) * t + c.y) * t + p0.y))
        }
        out.addFast(p3)
    }
}
