/// How far along a path a point is, for dashing.
public enum DashMeasure: Sendable, Hashable {
    /// The length of the flattened path: the arc length, within the flattening tolerance.
    case arcLength
    /// Skia's contour measure (what libpag dashes with, through tgfx): each curve split in halves
    /// until its midpoint lies within `tolerance` of its chord's, the length of the curve being
    /// that of the chords, a point between two chord ends as far along as its curve parameter is
    /// between theirs. Chords cut corners, so on a curve dashes come out a little further along
    /// than by arc length (about 1/(6r) of the length on a circle of radius r at tolerance 0.5),
    /// more so the coarser the chords.
    ///
    /// The midpoint test is Skia's for conics, which are what libpag makes ellipses and rounded
    /// corners of; every curve here is a cubic (ours stand for those conics), and every curve is
    /// tested so. Skia tests a true cubic, a free Bézier path's, by its control points instead,
    /// which splits it finer: dashes on such paths can come out a little behind libpag's.
    case chords(tolerance: Double)

    /// libpag's: chords within 0.5 units (Skia's CHEAP_DIST_LIMIT at a resolution scale of 1, as
    /// tgfx's dash path effect filters a shape's path in the shape's units).
    public static let libpag = DashMeasure.chords(tolerance: 0.5)
}

extension Flattener {
    /// Flattens `path` (no transform: a stroke's path in user space) into `out` as `flatten`
    /// does, every curve into chords at uniform parameter steps within `tolerance`, and writes in
    /// `distances` each point's distance from its contour's start by `.chords(chordTolerance)`.
    /// A quadratic is measured as the cubic it raises to (Skia tests a quadratic's one control
    /// point instead; PAG's shapes are cubic).
    static func flattenMeasuringChords(_ path: Path, tolerance: Double, chordTolerance: Double, maxPoints: Int,
                                       into out: inout Polylines, distances: inout [Double]) throws(GeometryError) {
        out.removeAll()
        distances.removeAll(keepingCapacity: true)
        let tol = tolerance > 1e-6 ? tolerance : 1e-6
        let chordTol = chordTolerance > 1e-6 ? chordTolerance : 1e-6
        let pts = path.points
        var pi = 0
        var cur = Point.zero, start = Point.zero
        var open = false
        var along = 0.0
        var table: [(t: Double, d: Double)] = []
        var chordCount = 0  // all curves' chords, bounded by `maxPoints` as their points are
        func reopen() {
            if !open { out.finishContour(); out.begin(cur); distances.append(along); open = true }
        }
        for v in path.verbs {
            switch v {
            case .move:
                let p = pts[pi]; pi += 1
                guard p.isFinite else { throw .nonFinite("path point") }
                out.finishContour()
                out.begin(p); cur = p; start = p; open = true
                along = 0
                distances.append(0)
            case .line:
                let p = pts[pi]; pi += 1
                guard p.isFinite else { throw .nonFinite("path point") }
                reopen()
                along += cur.distance(to: p)
                out.addFast(p); distances.append(along); cur = p
            case .quad, .cubic:
                let p0 = cur, p1: Point, p2: Point, p3: Point
                if v == .quad {
                    (_, p1, p2, p3) = Bezier.quadToCubic(cur, pts[pi], pts[pi + 1]); pi += 2
                } else {
                    p1 = pts[pi]; p2 = pts[pi + 1]; p3 = pts[pi + 2]; pi += 3
                }
                guard p1.isFinite, p2.isFinite, p3.isFinite else { throw .nonFinite("path point") }
                reopen()
                table.removeAll(keepingCapacity: true)
                table.append((0, 0))
                Self.chords(p0, p1, p2, p3, t0: 0, t1: 1, depth: 0, tolerance: chordTol, into: &table)
                chordCount += table.count
                if chordCount > maxPoints { throw .tooComplex(limit: maxPoints) }
                // Uniform steps within `tol` (Wang's bound, as `flatten` takes them), each placed
                // along by its parameter between the chord ends around it.
                let n = max(1, min(Self.maxSegments * 8, Int(clamping: Self.segments(p0, p1, p2, p3, tol: tol, degree: 3))))
                let c = (p1 - p0) * 3, b = (p2 - p1 * 2 + p0) * 3, a = p3 - p0 + (p1 - p2) * 3
                var j = 1
                for i in 1...n {
                    let t = Double(i) / Double(n)
                    while j < table.count - 1 && table[j].t < t { j += 1 }
                    var d = 0.0
                    if j < table.count {
                        let (ta, da) = table[j - 1], (tb, db) = table[j]
                        d = t >= tb || tb <= ta ? db : da + (db - da) * (t - ta) / (tb - ta)
                    }
                    out.addFast(i == n ? p3 : Point(((a.x * t + b.x) * t + c.x) * t + p0.x, ((a.y * t + b.y) * t + c.y) * t + p0.y))
                    distances.append(along + d)
                }
                along += table[table.count - 1].d
                cur = p3
                if out.points.count > maxPoints { throw .tooComplex(limit: maxPoints) }
            case .close:
                if out.points.count > maxPoints { throw .tooComplex(limit: maxPoints) }
                if open { out.closeContour(); open = false }
                cur = start
            }
        }
        out.finishContour()
    }

    /// Appends to `table` the ends of the chords of the cubic's span [t0, t1] (p0...p3 its
    /// control points there) with their distances along: split in halves while the curve's
    /// midpoint is further than `tolerance` from the chord's (by the larger of |dx| and |dy|), as
    /// Skia's contour measure splits a conic, at most `maxChordDepth` times deep; a chord of no
    /// length adds nothing.
    /// The deepest a curve is split for its chords: 4 096 of them. Skia goes to 20 (a million);
    /// a curve would have to span about 8 million units at tolerance 0.5 to need more than 12,
    /// and bounding it keeps a hostile file's huge curves from costing a million chords each.
    static let maxChordDepth = 12

    private static func chords(_ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point, t0: Double, t1: Double, depth: Int,
                               tolerance: Double, into table: inout [(t: Double, d: Double)]) {
        func far(_ p: Point, _ q: Point) -> Bool { max(abs(p.x - q.x), abs(p.y - q.y)) > tolerance }
        let mid = (p0 + p1 * 3 + p2 * 3 + p3) * 0.125, chordMid = (p0 + p3) * 0.5
        if depth < maxChordDepth && far(mid, chordMid) {
            let (l, r) = Bezier.splitCubic(p0, p1, p2, p3, 0.5)
            let tm = (t0 + t1) / 2
            chords(l.0, l.1, l.2, l.3, t0: t0, t1: tm, depth: depth + 1, tolerance: tolerance, into: &table)
            chords(r.0, r.1, r.2, r.3, t0: tm, t1: t1, depth: depth + 1, tolerance: tolerance, into: &table)
            return
        }
        let length = p0.distance(to: p3)
        if length > 0 { table.append((t1, table[table.count - 1].d + length)) }
    }
}
