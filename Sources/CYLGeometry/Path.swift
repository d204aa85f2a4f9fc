#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A vector path: subpaths of lines, quadratic and cubic Béziers, each optionally closed.
///
/// Stored as a verb list and a point list (`move`/`line` use 1 point, `quad` 2, `cubic` 3,
/// `close` none). Drawing without a current point starts at the last `move` target (or the origin),
/// as SVG does; drawing after `close` starts a new subpath at the closed subpath's start.
public struct Path: Sendable, Equatable {
    public enum Verb: UInt8, Sendable, BitwiseCopyable { case move, line, quad, cubic, close }

    public private(set) var verbs: [Verb] = []
    public private(set) var points: [Point] = []
    /// Index in `points` of the current subpath's start, or -1 before the first move.
    private var subpathStart = -1
    /// True when the last verb was `close` (the next drawing verb needs an implicit move).
    private var needsMove = true

    public init() {}

    public var isEmpty: Bool { verbs.isEmpty }
    /// The last point drawn to (the origin for an empty path).
    public var currentPoint: Point {
        if needsMove { return subpathStart >= 0 ? points[subpathStart] : (points.last ?? .zero) }
        return points.last ?? .zero
    }

    public mutating func move(to p: Point) {
        if let last = verbs.last, last == .move {  // consecutive moves: the later wins
            points[points.count - 1] = p
        } else {
            verbs.append(.move); points.append(p)
        }
        subpathStart = points.count - 1
        needsMove = false
    }
    private mutating func ensureMove() {
        if needsMove { move(to: currentPoint) }
    }
    public mutating func line(to p: Point) {
        ensureMove(); verbs.append(.line); points.append(p)
    }
    public mutating func quad(to p: Point, control c: Point) {
        ensureMove(); verbs.append(.quad); points.append(c); points.append(p)
    }
    public mutating func cubic(to p: Point, control1 c1: Point, control2 c2: Point) {
        ensureMove(); verbs.append(.cubic); points.append(c1); points.append(c2); points.append(p)
    }
    /// Closes the current subpath (a straight edge back to its start when needed).
    public mutating func close() {
        guard !needsMove, let last = verbs.last, last != .close else { return }
        verbs.append(.close)
        needsMove = true
    }
    public mutating func removeAll(keepingCapacity: Bool = true) {
        verbs.removeAll(keepingCapacity: keepingCapacity)
        points.removeAll(keepingCapacity: keepingCapacity)
        subpathStart = -1; needsMove = true
    }
    /// Appends every subpath of `other`.
    public mutating func append(_ other: Path) {
        other.forEachSegment { seg in
            switch seg {
            case let .move(p): move(to: p)
            case let .line(_, p): line(to: p)
            case let .quad(_, c, p): quad(to: p, control: c)
            case let .cubic(_, c1, c2, p): cubic(to: p, control1: c1, control2: c2)
            case .close: close()
            }
        }
    }

    /// Appends every subpath of `other` with its points mapped by `t`, without an intermediate
    /// copy (text appends one glyph outline per character this way).
    public mutating func append(_ other: Path, transformed t: Transform) {
        guard !other.verbs.isEmpty else { return }
        verbs.reserveCapacity(verbs.count + other.verbs.count + 1)
        points.reserveCapacity(points.count + other.points.count + 1)
        var pi = 0
        for verb in other.verbs {
            switch verb {
            case .move: move(to: t.apply(other.points[pi])); pi += 1
            case .line: line(to: t.apply(other.points[pi])); pi += 1
            case .quad: quad(to: t.apply(other.points[pi + 1]), control: t.apply(other.points[pi])); pi += 2
            case .cubic:
                cubic(to: t.apply(other.points[pi + 2]), control1: t.apply(other.points[pi]), control2: t.apply(other.points[pi + 1]))
                pi += 3
            case .close: close()
            }
        }
    }

    /// True when every point is finite.
    public var isFinite: Bool {
        for p in points where !(p.x.isFinite && p.y.isFinite) { return false }
        return true
    }
    /// Throws `GeometryError.nonFinite` unless every point is finite.
    public func validate() throws(GeometryError) {
        if !isFinite { throw .nonFinite("path point") }
    }

    /// The bounds of all points including control points (a superset of the curve's bounds).
    public var controlBounds: Rect {
        var r = Rect.empty
        for p in points { r.include(p) }
        return r
    }
    /// The tight bounds of the drawn curves (extrema of each Bézier), empty for an empty path.
    public var bounds: Rect {
        var r = Rect.empty
        forEachSegment { seg in
            switch seg {
            case let .move(p): r.include(p)
            case let .line(_, p): r.include(p)
            case let .quad(p0, c, p):
                r.include(p)
                for t in Bezier.quadExtrema(p0, c, p) { r.include(Bezier.quad(p0, c, p, t)) }
            case let .cubic(p0, c1, c2, p):
                r.include(p)
                for t in Bezier.cubicExtrema(p0, c1, c2, p) { r.include(Bezier.cubic(p0, c1, c2, p, t)) }
            case .close: break
            }
        }
        return r
    }

    /// This path with every point transformed.
    public func transformed(by t: Transform) -> Path {
        var copy = self
        for i in copy.points.indices { copy.points[i] = t.apply(copy.points[i]) }
        return copy
    }

    /// This path with every point (control points too) moved by `body`: a non-affine map such
    /// as Rive's N-slicing moves a curve by its control points, as the format's runtime does.
    public func mapped(_ body: (Point) -> Point) -> Path {
        var copy = self
        for i in copy.points.indices { copy.points[i] = body(copy.points[i]) }
        return copy
    }

    /// A segment with its start point made explicit.
    public enum Segment: Equatable, Sendable {
        case move(Point)
        case line(Point, Point)
        case quad(Point, Point, Point)
        case cubic(Point, Point, Point, Point)
        /// Closing a subpath that started at `.1` from the current point `.0`.
        case close(Point, Point)
    }

    /// Calls `body` for every segment in order (not for hot loops: the flattener walks verbs itself).
    public func forEachSegment(_ body: (Segment) -> Void) {
        var pi = 0
        var cur = Point.zero, start = Point.zero
        for v in verbs {
            switch v {
            case .move:
                cur = points[pi]; start = cur; pi += 1; body(.move(cur))
            case .line:
                let p = points[pi]; pi += 1; body(.line(cur, p)); cur = p
            case .quad:
                let c = points[pi], p = points[pi + 1]; pi += 2; body(.quad(cur, c, p)); cur = p
            case .cubic:
                let c1 = points[pi], c2 = points[pi + 1], p = points[pi + 2]; pi += 3
                body(.cubic(cur, c1, c2, p)); cur = p
            case .close:
                body(.close(cur, start)); cur = start
            }
        }
    }

    /// The number of subpaths (moves).
    public var subpathCount: Int { verbs.reduce(0) { $0 + ($1 == .move ? 1 : 0) } }

    // MARK: Shapes

    /// An axis-aligned rectangle, clockwise on screen starting at the top-left corner.
    public static func rect(_ r: Rect) -> Path {
        var p = Path()
        p.move(to: Point(r.minX, r.minY)); p.line(to: Point(r.maxX, r.minY))
        p.line(to: Point(r.maxX, r.maxY)); p.line(to: Point(r.minX, r.maxY)); p.close()
        return p
    }
    /// The cubic control-point distance for a quarter circle of radius 1.
    public static let kappa = 0.5522847498307936

    /// An ellipse inscribed in `r`, four cubics, clockwise on screen starting at the top.
    public static func ellipse(in r: Rect) -> Path {
        let cx = (r.minX + r.maxX) / 2, cy = (r.minY + r.maxY) / 2
        let rx = r.width / 2, ry = r.height / 2, kx = rx * kappa, ky = ry * kappa
        var p = Path()
        p.move(to: Point(cx, cy - ry))
        p.cubic(to: Point(cx + rx, cy), control1: Point(cx + kx, cy - ry), control2: Point(cx + rx, cy - ky))
        p.cubic(to: Point(cx, cy + ry), control1: Point(cx + rx, cy + ky), control2: Point(cx + kx, cy + ry))
        p.cubic(to: Point(cx - rx, cy), control1: Point(cx - kx, cy + ry), control2: Point(cx - rx, cy + ky))
        p.cubic(to: Point(cx, cy - ry), control1: Point(cx - rx, cy - ky), control2: Point(cx - kx, cy - ry))
        p.close()
        return p
    }
    public static func circle(center c: Point, radius: Double) -> Path {
        ellipse(in: Rect(minX: c.x - radius, minY: c.y - radius, maxX: c.x + radius, maxY: c.y + radius))
    }
    /// A rectangle with corners rounded by `radius` (clamped to half the shorter side).
    public static func roundedRect(_ r: Rect, radius: Double) -> Path {
        let rad = Swift.max(0, Swift.min(radius, Swift.min(r.width, r.height) / 2))
        if rad == 0 { return rect(r) }
        let k = rad * (1 - kappa)
        var p = Path()
        p.move(to: Point(r.minX + rad, r.minY))
        p.line(to: Point(r.maxX - rad, r.minY))
        p.cubic(to: Point(r.maxX, r.minY + rad), control1: Point(r.maxX - k, r.minY), control2: Point(r.maxX, r.minY + k))
        p.line(to: Point(r.maxX, r.maxY - rad))
        p.cubic(to: Point(r.maxX - rad, r.maxY), control1: Point(r.maxX, r.maxY - k), control2: Point(r.maxX - k, r.maxY))
        p.line(to: Point(r.minX + rad, r.maxY))
        p.cubic(to: Point(r.minX, r.maxY - rad), control1: Point(r.minX + k, r.maxY), control2: Point(r.minX, r.maxY - k))
        p.line(to: Point(r.minX, r.minY + rad))
        p.cubic(to: Point(r.minX + rad, r.minY), control1: Point(r.minX, r.minY + k), control2: Point(r.minX + k, r.minY))
        p.close()
        return p
    }
    /// A polygon through `points`, closed unless `closed` is false.
    public static func polygon(_ pts: [Point], closed: Bool = true) -> Path {
        var p = Path()
        guard let first = pts.first else { return p }
        p.move(to: first)
        for q in pts.dropFirst() { p.line(to: q) }
        if closed { p.close() }
        return p
    }
}

/// Bézier evaluation and splitting helpers.
public enum Bezier {
    @inlinable public static func quad(_ p0: Point, _ p1: Point, _ p2: Point, _ t: Double) -> Point {
        let mt = 1 - t
        return p0 * (mt * mt) + p1 * (2 * mt * t) + p2 * (t * t)
    }
    @inlinable public static func cubic(_ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point, _ t: Double) -> Point {
        let mt = 1 - t
        let a = mt * mt * mt, b = 3 * mt * mt * t, c = 3 * mt * t * t, d = t * t * t
        return Point(a * p0.x + b * p1.x + c * p2.x + d * p3.x, a * p0.y + b * p1.y + c * p2.y + d * p3.y)
    }
    /// The derivative of a cubic at `t`.
    @inlinable public static func cubicTangent(_ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point, _ t: Double) -> Point {
        let mt = 1 - t
        return (p1 - p0) * (3 * mt * mt) + (p2 - p1) * (6 * mt * t) + (p3 - p2) * (3 * t * t)
    }
    /// Splits a cubic at `t` (de Casteljau) into two cubics.
    public static func splitCubic(_ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point, _ t: Double)
        -> ((Point, Point, Point, Point), (Point, Point, Point, Point)) {
        let p01 = p0.lerp(p1, t), p12 = p1.lerp(p2, t), p23 = p2.lerp(p3, t)
        let p012 = p01.lerp(p12, t), p123 = p12.lerp(p23, t)
        let m = p012.lerp(p123, t)
        return ((p0, p01, p012, m), (m, p123, p23, p3))
    }
    /// The part of a cubic between parameters `t0 <= t1`.
    public static func subCubic(_ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point, _ t0: Double, _ t1: Double)
        -> (Point, Point, Point, Point) {
        var c = (p0, p1, p2, p3)
        if t1 < 1 { c = splitCubic(c.0, c.1, c.2, c.3, t1).0 }
        if t0 > 0 {
            let u = t1 > 0 ? t0 / t1 : 0
            c = splitCubic(c.0, c.1, c.2, c.3, Swift.min(1, u)).1
        }
        return c
    }
    /// A quadratic raised to the equivalent cubic.
    @inlinable public static func quadToCubic(_ p0: Point, _ c: Point, _ p2: Point) -> (Point, Point, Point, Point) {
        (p0, p0 + (c - p0) * (2.0 / 3.0), p2 + (c - p2) * (2.0 / 3.0), p2)
    }
    /// Parameters in (0,1) where a quadratic has an x or y extremum.
    public static func quadExtrema(_ p0: Point, _ p1: Point, _ p2: Point) -> [Double] {
        var ts: [Double] = []
        for (a, b, c) in [(p0.x, p1.x, p2.x), (p0.y, p1.y, p2.y)] {
            let den = a - 2 * b + c
            if den != 0 { let t = (a - b) / den; if t > 0 && t < 1 { ts.append(t) } }
        }
        return ts
    }
    /// Parameters in (0,1) where a cubic has an x or y extremum.
    public static func cubicExtrema(_ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point) -> [Double] {
        var ts: [Double] = []
        for (a, b, c, d) in [(p0.x, p1.x, p2.x, p3.x), (p0.y, p1.y, p2.y, p3.y)] {
            // derivative / 3: qa t^2 + qb t + qc
            let qa = -a + 3 * b - 3 * c + d, qb = 2 * (a - 2 * b + c), qc = b - a
            if abs(qa) < 1e-12 {
                if qb != 0 { let t = -qc / qb; if t > 0 && t < 1 { ts.append(t) } }
            } else {
                let disc = qb * qb - 4 * qa * qc
                if disc >= 0 {
                    let s = disc.squareRoot()
                    for t in [(-qb + s) / (2 * qa), (-qb - s) / (2 * qa)] where t > 0 && t < 1 { ts.append(t) }
                }
            }
        }
        return ts
    }
}
