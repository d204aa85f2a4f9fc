#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// Zig-zag and twist: shape modifiers that add vertices to a contour and move them.

extension BezierShape {
    /// Zig-zag (After Effects' and Lottie's `zz`): every vertex, plus `ridges` points spread
    /// evenly (by curve parameter; along a straight segment, by length) over each segment, moves `amplitude` units sideways, to
    /// alternate sides in the order of travel. The first vertex moves to the right of the direction
    /// of travel (on screen, y down) for a positive amplitude, the next point to the left, and so
    /// on. A vertex moves along the perpendicular of the line from its previous to its next vertex
    /// (the end of an open contour along its one segment), a point on a segment along the
    /// segment's normal there.
    ///
    /// Corner points (`smooth` false) are joined by straight lines; smooth points get handles
    /// along the direction of travel, each a `2·(ridges + 1)`-th of the chord of the segment it
    /// points into, which rounds the ridges into a wave.
    ///
    /// `ridges` is clamped so the result has at most about `maxPoints` vertices. A closed contour
    /// with an odd number of points ends on the same side it starts: the last and first points
    /// are then joined directly.
    public func zigZagged(amplitude: Double, ridges: Int, smooth: Bool, maxPoints: Int) -> BezierShape {
        var out = BezierShape.empty
        zigZagged(amplitude: amplitude, ridges: ridges, smooth: smooth, maxPoints: maxPoints, into: &out)
        return out
    }

    /// `zigZagged(amplitude:ridges:smooth:maxPoints:)` written into `out`, whose arrays are reused.
    public func zigZagged(amplitude: Double, ridges: Int, smooth: Bool, maxPoints: Int, into out: inout BezierShape) {
        let n = vertices.count
        guard n >= 2, amplitude != 0, amplitude.isFinite else { copy(into: &out); return }
        let segments = closed ? n : n - 1
        let r = Swift.max(0, Swift.min(ridges, Swift.max(0, maxPoints) / segments - 1))
        out.clear(closed: closed)
        out.reserve(segments * (r + 1) + 1)
        let handleShare = smooth ? 1 / (2 * Double(r + 1)) : 0
        // -1: to the right of travel (see `leftNormal`).
        var side = -1.0
        func emit(_ p: Point, travel: Point, normal: Point, inLength: Double, outLength: Double) {
            out.append(p + normal * (side * amplitude), in: travel * -inLength, out: travel * outLength)
            side = -side
        }
        for k in 0..<n {
            // Vertex k: its corner point.
            let v = vertices[k]
            let hasPrev = closed || k > 0, hasNext = closed || k < n - 1
            let prev = vertices[(k + n - 1) % n], next = vertices[(k + 1) % n]
            let travel = ((hasNext ? next : v) - (hasPrev ? prev : v)).normalizedOrZero
            emit(v, travel: travel, normal: Self.leftNormal(travel),
                 inLength: hasPrev ? v.distance(to: prev) * handleShare : 0,
                 outLength: hasNext ? v.distance(to: next) * handleShare : 0)
            guard hasNext, r > 0 else { continue }
            // The segment from vertex k to k + 1: `r` points at parameters i / (r + 1).
            let p0 = v, p3 = next
            let (p1, p2) = Self.controls(p0, outTangents[k], inTangents[(k + 1) % n], p3)
            let chord = p0.distance(to: p3) * handleShare
            for i in 1...r {
                let t = Double(i) / Double(r + 1)
                var d = Bezier.cubicTangent(p0, p1, p2, p3, t).normalizedOrZero
                if d == .zero { d = (p3 - p0).normalizedOrZero }
                emit(Bezier.cubic(p0, p1, p2, p3, t), travel: d, normal: Self.leftNormal(d), inLength: chord, outLength: chord)
            }
        }
    }

    /// The middle control points of the segment from `p0` (out handle `o`) to `p3` (in handle
    /// `i`). A straight segment (both handles zero) gets them at its thirds, so equal steps of the
    /// curve parameter are equal steps along the line (with the handles at its ends, points
    /// would bunch up there).
    static func controls(_ p0: Point, _ o: Point, _ i: Point, _ p3: Point) -> (Point, Point) {
        if o == .zero && i == .zero { return (p0.lerp(p3, 1.0 / 3), p0.lerp(p3, 2.0 / 3)) }
        return (p0 + o, p3 + i)
    }

    /// The unit normal to the left of travel direction `d` on screen (y down): `(d.y, −d.x)`.
    static func leftNormal(_ d: Point) -> Point { Point(d.y, -d.x) }

    /// How many pieces `twisted` cuts each segment into before moving points: enough for a
    /// straight edge to bend visibly into a curve, few enough to keep paths small.
    public static let twistPiecesPerSegment = 4

    /// Twist (After Effects' and Lottie's `tw`): turns the contour about `center`, more sharply
    /// near the centre than at the edge. A point at distance `d` from the centre turns by
    /// `angle · (1 − d / R)` radians (clockwise on screen for a positive angle, like
    /// `Transform.rotation`), where `R` is the distance of the contour's farthest vertex: the
    /// centre turns by the whole angle, the farthest vertex not at all.
    ///
    /// Each segment is first cut into `twistPiecesPerSegment` pieces (at most about `maxPoints`
    /// vertices in all) so straight edges bend; a handle turns with its own end point.
    public func twisted(angle: Double, center: Point, maxPoints: Int) -> BezierShape {
        var out = BezierShape.empty
        twisted(angle: angle, center: center, maxPoints: maxPoints, into: &out)
        return out
    }

    /// `twisted(angle:center:maxPoints:)` written into `out`, whose arrays are reused: the
    /// contour is cut into `out`, then each of its points turned in place (a point and its two
    /// handles depend on nothing else).
    public func twisted(angle: Double, center: Point, maxPoints: Int, into cut: inout BezierShape) {
        let n = vertices.count
        guard n >= 2, angle != 0, angle.isFinite, center.isFinite else { copy(into: &cut); return }
        let segments = closed ? n : n - 1
        let pieces = Swift.max(1, Swift.min(Self.twistPiecesPerSegment, Swift.max(0, maxPoints) / segments))
        cut.clear(closed: closed)
        cut.reserve(segments * pieces + 1)
        cut.append(vertices[0], in: inTangents[0], out: .zero)
        for k in 0..<segments {
            let p0 = vertices[k], p3 = vertices[(k + 1) % n]
            let (p1, p2) = Self.controls(p0, outTangents[k], inTangents[(k + 1) % n], p3)
            for i in 0..<pieces {
                let c = Bezier.subCubic(p0, p1, p2, p3, Double(i) / Double(pieces), Double(i + 1) / Double(pieces))
                cut.outTangents[cut.outTangents.count - 1] = c.1 - c.0
                if closed && k == segments - 1 && i == pieces - 1 {
                    cut.inTangents[0] = c.2 - c.3   // the closing piece ends on the first vertex
                } else {
                    cut.append(c.3, in: c.2 - c.3, out: .zero)
                }
            }
        }
        if !closed { cut.outTangents[cut.outTangents.count - 1] = outTangents[n - 1] }
        var reach = 0.0
        for v in cut.vertices { reach = Swift.max(reach, v.distance(to: center)) }
        guard reach > 0, reach.isFinite else { copy(into: &cut); return }
        func turn(_ p: Point) -> Point {
            let d = p - center
            let a = angle * (1 - d.length / reach)
            let (s, c) = (sin(a), cos(a))
            return center + Point(d.x * c - d.y * s, d.x * s + d.y * c)
        }
        for i in cut.vertices.indices {
            let v = cut.vertices[i], w = turn(v)
            cut.vertices[i] = w
            if cut.inTangents[i] != .zero { cut.inTangents[i] = turn(v + cut.inTangents[i]) - w }
            if cut.outTangents[i] != .zero { cut.outTangents[i] = turn(v + cut.outTangents[i]) - w }
        }
    }
}

extension Point {
    /// The unit vector along this one, or zero for a zero (or non-finite) vector.
    var normalizedOrZero: Point {
        let l = length
        return l > 1e-12 && l.isFinite ? self * (1 / l) : .zero
    }
}
