#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How a set of contours decides which points are inside it.
public enum WindingRule: Sendable, Hashable {
    case nonZero, evenOdd

    @inline(__always) func contains(winding w: Int) -> Bool {
        self == .nonZero ? w != 0 : w & 1 != 0
    }
}

/// A boolean operation between two filled regions.
public enum BooleanOperation: Sendable, Hashable, CaseIterable {
    /// Points inside either region.
    case union
    /// Points inside the first region and not inside the second.
    case subtract
    /// Points inside both regions.
    case intersect
    /// Points inside exactly one of the regions ("exclude intersections").
    case xor

    @inline(__always) func keeps(_ a: Bool, _ b: Bool) -> Bool {
        switch self {
        case .union: return a || b
        case .subtract: return a && !b
        case .intersect: return a && b
        case .xor: return a != b
        }
    }
}

/// Why a boolean operation was not computed.
public enum PathBooleanError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The operands have more edges, or cross more often, than `limit` allows.
    case tooComplex(what: String, limit: Int)

    public var description: String {
        switch self {
        case let .tooComplex(what, limit): return "path boolean too complex: more than \(limit) \(what)"
        }
    }
}

/// Boolean operations (union, subtract, intersect, xor) on polygons: each operand is a set of
/// closed contours (the last point joins the first) filled by its winding rule; the result is a
/// set of closed contours that fills the result region with *either* rule, because its winding
/// number is 0 outside and 1 inside (outer contours run clockwise on screen, so their shoelace
/// area is positive; holes run the other way).
///
/// The method: every edge is split where it meets another (crossings, T-junctions and the ends of
/// collinear overlaps); coincident pieces are merged into one piece that carries each operand's
/// net crossing count; each piece's two sides get each operand's winding number from one ray
/// cast; the pieces where the result's inside changes are kept, turned so that the inside lies on
/// their clockwise side (where `Point.cross` is positive), and linked into contours. Coordinates are first snapped to a
/// power-of-two grid 2^-32 of the largest coordinate's magnitude, so points closer than that
/// are one point and edges that coincide up to rounding coincide exactly.
///
/// Bounds: at most `maxEdges` input edges and `maxSplitPoints` intersections; past either the
/// operation throws `PathBooleanError.tooComplex` (the caller picks a fallback). Intersections are
/// found with a sweep over x-sorted edges (quadratic only when every edge overlaps every other in
/// x), winding numbers with a ray cast through y bands. Contours with a non-finite point, or a
/// coordinate beyond `maxCoordinate`, and contours of fewer than three distinct points are skipped.
public enum PathBoolean {
    /// Most edges both operands may have together (an icon's flattened paths have a few thousand).
    public static let maxEdges = 16_384
    /// Most edge intersections one operation may split at.
    public static let maxSplitPoints = 65_536
    /// Coordinates beyond this magnitude are skipped: their products would lose all precision.
    public static let maxCoordinate = 1e9

    /// `a op b`, each operand filled by its rule; see the type's documentation for the result.
    public static func combine(_ a: [[Point]], _ b: [[Point]], _ op: BooleanOperation,
                               ruleA: WindingRule = .nonZero, ruleB: WindingRule = .nonZero) throws(PathBooleanError) -> [[Point]] {
        var set = BooleanEdgeSet(grid: BooleanEdgeSet.quantum(for: max(maxMagnitude(a), maxMagnitude(b))))
        set.add(a, operand: 0)
        set.add(b, operand: 1)
        guard set.from.count <= maxEdges else { throw .tooComplex(what: "edges", limit: maxEdges) }
        let pieces = try set.splitPieces()
        let regions = BooleanRegions(pieces: pieces)
        return regions.boundary(op, ruleA, ruleB)
    }

    /// The signed area of closed contours by the shoelace formula (positive for clockwise on
    /// screen, y down). For a `combine` result this is the area of the region it fills.
    public static func signedArea(_ contours: [[Point]]) -> Double {
        var total = 0.0
        for c in contours where c.count >= 3 {
            var s = 0.0
            var prev = c[c.count - 1]
            for p in c { s += prev.x * p.y - p.x * prev.y; prev = p }
            total += s / 2
        }
        return total
    }

    /// `path` transformed by `transform` and flattened within `tolerance` into contours (every
    /// subpath counts as closed, as a fill closes it). Throws as `Flattener.flatten` does.
    public static func contours(of path: Path, transform: Transform = .identity, tolerance: Double = Flattener.defaultTolerance,
                                maxPoints: Int = Int.max) throws(GeometryError) -> [[Point]] {
        var lines = Polylines()
        try Flattener.flatten(path, transform: transform, tolerance: tolerance, maxPoints: maxPoints, into: &lines)
        var out: [[Point]] = []
        out.reserveCapacity(lines.contours.count)
        for i in lines.contours.indices where lines.contours[i].count >= 3 { out.append(Array(lines.points(of: i))) }
        return out
    }

    /// A path of closed polygons.
    public static func path(_ contours: [[Point]]) -> Path {
        var p = Path()
        for c in contours where c.count >= 2 { p.append(.polygon(c)) }
        return p
    }

    static func maxMagnitude(_ contours: [[Point]]) -> Double {
        var m = 0.0
        for c in contours {
            for p in c where p.isFinite && abs(p.x) <= maxCoordinate && abs(p.y) <= maxCoordinate {
                m = max(m, max(abs(p.x), abs(p.y)))
            }
        }
        return m
    }
}

/// Input edges of both operands on the snapping grid, and their splitting at intersections.
struct BooleanEdgeSet {
    var from: [Point] = [], to: [Point] = [], operand: [UInt8] = []
    /// The snapping quantum, a power of two.
    let grid: Double

    init(grid: Double) { self.grid = grid }

    /// 2^-32 of the smallest power of two at least `maxAbs` (at least 1): coordinates divided by
    /// it stay below 2^32, so snapped values are exact and cross products keep about 20 bits.
    static func quantum(for maxAbs: Double) -> Double {
        let e = maxAbs > 1 ? Int(clamping: log2(maxAbs).rounded(.up)) : 0
        return exp2(Double(e - 32))
    }

    @inline(__always) func snap(_ p: Point) -> Point {
        // `+ 0` turns -0.0 into 0.0 so equal points compare and sort as one.
        Point((p.x / grid).rounded() * grid + 0, (p.y / grid).rounded() * grid + 0)
    }

    mutating func add(_ contours: [[Point]], operand k: UInt8) {
        let limit = PathBoolean.maxCoordinate
        for c in contours where c.count >= 3 {
            guard c.allSatisfy({ $0.isFinite && abs($0.x) <= limit && abs($0.y) <= limit }) else { continue }
            let start = from.count
            let first = snap(c[0])
            var prev = first
            var distinct = 1
            for p in c.dropFirst() {
                let s = snap(p)
                if s == prev { continue }
                from.append(prev); to.append(s); operand.append(k)
                prev = s; distinct += 1
            }
            if prev != first { from.append(prev); to.append(first); operand.append(k) }
            if distinct < 3 {  // a point or a back-and-forth line: no area
                from.removeSubrange(start...); to.removeSubrange(start...); operand.removeSubrange(start...)
            }
        }
    }

    /// Whether `p` lies within `eps` of the segment `a`–`b`, strictly between its ends.
    @inline(__always) static func touches(_ p: Point, _ a: Point, _ b: Point, eps: Double) -> Bool {
        if p == a || p == b { return false }
        let d = b - a
        let t = (p - a).dot(d) / d.lengthSquared
        if !(t > 0 && t < 1) { return false }
        return (p - (a + d * t)).lengthSquared <= eps * eps
    }

    /// Every edge cut at every point where another edge meets it, as pieces (zero-length pieces
    /// dropped). Throws past `PathBoolean.maxSplitPoints`.
    func splitPieces() throws(PathBooleanError) -> [BooleanPiece] {
        let n = from.count
        var minX = [Double](repeating: 0, count: n), maxX = minX, minY = minX, maxY = minX
        for i in 0..<n {
            minX[i] = min(from[i].x, to[i].x); maxX[i] = max(from[i].x, to[i].x)
            minY[i] = min(from[i].y, to[i].y); maxY[i] = max(from[i].y, to[i].y)
        }
        let order = (0..<n).sorted { minX[$0] < minX[$1] }
        let eps = 2 * grid
        var splitEdge: [Int] = [], splitAt: [Point] = []
        for ii in 0..<n {
            let i = order[ii]
            let a = from[i], b = to[i]
            var jj = ii + 1
            while jj < n {
                let j = order[jj]
                jj += 1
                if minX[j] > maxX[i] + eps { break }
                if minY[j] > maxY[i] + eps || maxY[j] < minY[i] - eps { continue }
                let c = from[j], d = to[j]
                var touched = false
                if Self.touches(c, a, b, eps: eps) { splitEdge.append(i); splitAt.append(c); touched = true }
                if Self.touches(d, a, b, eps: eps) { splitEdge.append(i); splitAt.append(d); touched = true }
                if Self.touches(a, c, d, eps: eps) { splitEdge.append(j); splitAt.append(a); touched = true }
                if Self.touches(b, c, d, eps: eps) { splitEdge.append(j); splitAt.append(b); touched = true }
                if !touched {
                    // A proper crossing: c and d strictly on opposite sides of ab, and a, b of cd.
                    let r = b - a, s = d - c
                    let o1 = r.cross(c - a), o2 = r.cross(d - a)
                    let o3 = s.cross(a - c), o4 = s.cross(b - c)
                    if ((o1 > 0 && o2 < 0) || (o1 < 0 && o2 > 0)) && ((o3 > 0 && o4 < 0) || (o3 < 0 && o4 > 0)) {
                        let x = snap(c + s * (o1 / (o1 - o2)))
                        splitEdge.append(i); splitAt.append(x)
                        splitEdge.append(j); splitAt.append(x)
                    }
                }
                if splitAt.count > PathBoolean.maxSplitPoints {
                    throw .tooComplex(what: "edge intersections", limit: PathBoolean.maxSplitPoints)
                }
            }
        }
        // Split points in order along their edge.
        var param = [Double](repeating: 0, count: splitAt.count)
        for k in splitAt.indices {
            let e = splitEdge[k], d = to[e] - from[e]
            param[k] = (splitAt[k] - from[e]).dot(d) / d.lengthSquared
        }
        let sorted = splitAt.indices.sorted { splitEdge[$0] != splitEdge[$1] ? splitEdge[$0] < splitEdge[$1] : param[$0] < param[$1] }
        var pieces: [BooleanPiece] = []
        pieces.reserveCapacity(n + splitAt.count)
        var k = 0
        for e in 0..<n {
            var prev = from[e]
            while k < sorted.count && splitEdge[sorted[k]] == e {
                let p = splitAt[sorted[k]]
                k += 1
                if p != prev { pieces.append(BooleanPiece(prev, p, operand[e])); prev = p }
            }
            if to[e] != prev { pieces.append(BooleanPiece(prev, to[e], operand[e])) }
        }
        return pieces
    }
}

/// A piece of an input edge in canonical direction (`lo` before `hi` by x, then y) with the
/// direction the operand drew it in.
struct BooleanPiece {
    var lo: Point, hi: Point
    /// +1 when the operand's edge runs from `lo` to `hi`, -1 when it runs back.
    var sign: Int32
    var operand: UInt8

    init(_ a: Point, _ b: Point, _ operand: UInt8) {
        if a.x < b.x || (a.x == b.x && a.y < b.y) { lo = a; hi = b; sign = 1 } else { lo = b; hi = a; sign = -1 }
        self.operand = operand
    }
}
