#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A contour in vertex form, as animation formats store paths (Lottie's `v`/`i`/`o`, Rive's
/// vertices): each vertex with its incoming and outgoing Bézier handles relative to it; a segment
/// whose handles are both zero is a straight line.
public struct BezierShape: Sendable, Equatable {
    public var closed: Bool
    public var vertices: [Point]
    public var inTangents: [Point]
    public var outTangents: [Point]

    public init(closed: Bool, vertices: [Point], inTangents: [Point], outTangents: [Point]) {
        self.closed = closed
        self.vertices = vertices
        self.inTangents = inTangents
        self.outTangents = outTangents
    }

    public static let empty = BezierShape(closed: false, vertices: [], inTangents: [], outTangents: [])
}

/// The handle length, relative to the radius, of a cubic approximating a quarter circle (the
/// value Lottie and Rive players use).
public let bezierCircleKappa = 0.5519

extension BezierShape {
    /// Appends this shape to `path`, mapping points by `t` (nil: identity).
    public func append(to path: inout Path, transform t: Transform?) {
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

    /// `reversed()` in place (same vertices and handles, in the same arrays).
    public mutating func reverse() {
        let n = vertices.count
        guard n > 1, inTangents.count == n, outTangents.count == n else {
            self = reversed()
            return
        }
        // A closed shape keeps its first vertex and runs the others backwards; an open one runs
        // backwards from its last. Handles swap sides.
        let first = closed ? 1 : 0
        vertices[first...].reverse()
        inTangents[first...].reverse()
        outTangents[first...].reverse()
        swap(&inTangents, &outTangents)
    }

    /// Empties the shape, keeping its arrays' storage.
    public mutating func clear(closed: Bool) {
        self.closed = closed
        vertices.removeAll(keepingCapacity: true)
        inTangents.removeAll(keepingCapacity: true)
        outTangents.removeAll(keepingCapacity: true)
    }

    /// Room for `count` points in each array (keeps larger capacity).
    public mutating func reserve(_ count: Int) {
        vertices.reserveCapacity(count)
        inTangents.reserveCapacity(count)
        outTangents.reserveCapacity(count)
    }

    /// This shape written into `other`, whose arrays are reused (a modifier that leaves it as it is).
    public func copy(into other: inout BezierShape) {
        other.clear(closed: closed)
        other.vertices.append(contentsOf: vertices)
        other.inTangents.append(contentsOf: inTangents)
        other.outTangents.append(contentsOf: outTangents)
    }

    /// Adds a vertex with its incoming and outgoing handles.
    public mutating func append(_ vertex: Point, in inTangent: Point, out outTangent: Point) {
        vertices.append(vertex)
        inTangents.append(inTangent)
        outTangents.append(outTangent)
    }

    /// The same closed or open contour traversed the other way, starting at the same vertex.
    public func reversed() -> BezierShape {
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
    /// `shapes(from:)` written into `out`, reusing the arrays of the shapes it holds (a caller
    /// that cuts paths every frame keeps one such array).
    public static func shapes(from path: Path, into out: inout [BezierShape]) {
        var count = 0, building = false
        func start(_ p: Point) {
            if out.count == count { out.append(.empty) }
            out[count].clear(closed: false)
            out[count].append(p, in: .zero, out: .zero)
            building = true
        }
        func flush() {
            if building && !out[count].vertices.isEmpty { count += 1 }
            building = false
        }
        path.forEachSegment { s in
            switch s {
            case .move(let p):
                flush()
                start(p)
            case let .line(_, b):
                // (Without a move first, as `shapes(from:)`: the shape starts at the line's end.)
                if building { out[count].append(b, in: .zero, out: .zero) } else { start(b) }
            case let .quad(a, c, b):
                if !building { start(a) }
                let (_, c1, c2, _) = Bezier.quadToCubic(a, c, b)
                out[count].outTangents[out[count].outTangents.count - 1] = c1 - a
                out[count].append(b, in: c2 - b, out: .zero)
            case let .cubic(a, c1, c2, b):
                if !building { start(a) }
                out[count].outTangents[out[count].outTangents.count - 1] = c1 - a
                out[count].append(b, in: c2 - b, out: .zero)
            case let .close(a, b):
                guard building else { return }
                // A closing segment that returns to the start is implicit in a closed shape.
                let n = out[count].vertices.count
                if a.distance(to: b) < 1e-9, n > 1 {
                    out[count].inTangents[0] = out[count].inTangents[n - 1]
                    out[count].vertices.removeLast(); out[count].inTangents.removeLast(); out[count].outTangents.removeLast()
                }
                out[count].closed = true
                flush()
            }
        }
        flush()
        out.removeLast(out.count - count)
    }

    public static func shapes(from path: Path) -> [BezierShape] {
        var out: [BezierShape] = []
        shapes(from: path, into: &out)
        return out
    }
}
