/// Arc lengths of a path and extraction of pieces by length (what trim paths need).
///
/// Each segment is sampled at uniform parameter steps (Wang's formula for the given tolerance,
/// at least 16 steps for curves) into a table of cumulative chord lengths; a distance maps to a
/// parameter by linear interpolation in that table, and the piece is cut from the exact curve
/// (de Casteljau), so trimmed curves stay curves.
public struct PathMeasure: Sendable {
    enum Kind: Sendable { case line, cubic }
    struct Segment: Sendable {
        var kind: Kind
        var p: (Point, Point, Point, Point)
        var contour: Int
        /// Cumulative length at the segment start.
        var start: Double
        var length: Double
        /// Where its table is in `tables`: cumulative lengths at t = i/n for i in 0...n (relative
        /// to the segment start); none for lines.
        var tableStart: Int
        var tableCount: Int
    }
    var segments: [Segment] = []
    /// Every curve's length table, one after another (one array, not one per curve).
    var tables: [Double] = []
    /// Length of each subpath, in order.
    public private(set) var contourLengths: [Double] = []
    /// Whether each subpath is closed.
    public private(set) var contourClosed: [Bool] = []
    /// Total length of all subpaths.
    public private(set) var length: Double = 0

    public init(_ path: Path, tolerance: Double = 0.01) {
        measure(path, tolerance: tolerance)
    }

    /// Measures `path` afresh, in this measure's arrays (a caller measuring a path that moves,
    /// frame after frame, allocates nothing once they have grown).
    public mutating func measure(_ path: Path, tolerance: Double = 0.01) {
        segments.removeAll(keepingCapacity: true)
        tables.removeAll(keepingCapacity: true)
        contourLengths.removeAll(keepingCapacity: true)
        contourClosed.removeAll(keepingCapacity: true)
        var contour = -1
        var total = 0.0, cstart = 0.0
        func add(_ k: Kind, _ p: (Point, Point, Point, Point)) {
            var seg = Segment(kind: k, p: p, contour: contour, start: total, length: 0, tableStart: tables.count, tableCount: 0)
            switch k {
            case .line:
                seg.length = p.0.distance(to: p.3)
            case .cubic:
                let dd1 = p.0 - p.1 * 2 + p.2, dd2 = p.1 - p.2 * 2 + p.3
                let m = max(dd1.length, dd2.length)
                let n = max(16, min(4096, Int(clamping: (0.75 * m / max(tolerance, 1e-9)).squareRoot().rounded(.up))))
                tables.append(0)
                var prev = p.0, acc = 0.0
                for i in 1...n {
                    let q = Bezier.cubic(p.0, p.1, p.2, p.3, Double(i) / Double(n))
                    acc += prev.distance(to: q); prev = q
                    tables.append(acc)
                }
                seg.tableCount = n + 1
                seg.length = acc
            }
            total += seg.length
            segments.append(seg)
        }
        path.forEachSegment { s in
            switch s {
            case .move:
                if contour >= 0 { contourLengths.append(total - cstart) }
                contour += 1; cstart = total
                contourClosed.append(false)
            case let .line(a, b): add(.line, (a, a, b, b))
            case let .quad(a, c, b): add(.cubic, Bezier.quadToCubic(a, c, b))
            case let .cubic(a, c1, c2, b): add(.cubic, (a, c1, c2, b))
            case let .close(a, b):
                add(.line, (a, a, b, b))
                contourClosed[contour] = true
            }
        }
        if contour >= 0 { contourLengths.append(total - cstart) }
        length = total
    }

    /// The parameter of segment `s` at distance `d` from its start.
    func parameter(_ s: Segment, _ d: Double) -> Double {
        if s.length <= 0 { return 0 }
        if s.kind == .line { return min(max(d / s.length, 0), 1) }
        if d <= 0 { return 0 }
        if d >= s.length { return 1 }
        return tables.withUnsafeBufferPointer { all in
            let t = UnsafeBufferPointer(rebasing: all[s.tableStart..<s.tableStart + s.tableCount])
            var lo = 0, hi = t.count - 1
            while hi - lo > 1 { let mid = (lo + hi) / 2; if t[mid] < d { lo = mid } else { hi = mid } }
            let span = t[hi] - t[lo]
            let f = span > 0 ? (d - t[lo]) / span : 0
            return (Double(lo) + f) / Double(t.count - 1)
        }
    }

    /// The point at distance `d` along the whole path (clamped).
    public func point(at d: Double) -> Point {
        guard let last = segments.last else { return .zero }
        for s in segments where d <= s.start + s.length {
            let t = parameter(s, d - s.start)
            return Bezier.cubic(s.p.0, s.p.1, s.p.2, s.p.3, t)
        }
        return last.p.3
    }

    /// Appends to `out` the pieces of the path between distances `from` and `to` (0...length,
    /// `from <= to`), a new subpath wherever the path has one. `contour` limits it to one subpath
    /// (distances then still measured along the whole path).
    public func extract(from: Double, to: Double, contour: Int? = nil, into out: inout Path) {
        guard to > from else { return }
        var lastContour = -1
        var pen: Point? = nil
        for s in segments {
            if let contour, s.contour != contour { continue }
            let s0 = s.start, s1 = s.start + s.length
            if s1 < from || s0 > to { continue }
            if s.length <= 0 && !(s0 >= from && s0 <= to) { continue }
            let t0 = parameter(s, from - s0), t1 = parameter(s, to - s0)
            if t1 <= t0 && s.length > 0 { continue }
            let piece = s.kind == .line
                ? (s.p.0.lerp(s.p.3, t0), s.p.0.lerp(s.p.3, t0), s.p.0.lerp(s.p.3, t1), s.p.0.lerp(s.p.3, t1))
                : Bezier.subCubic(s.p.0, s.p.1, s.p.2, s.p.3, t0, t1)
            if s.contour != lastContour || pen == nil || pen!.distance(to: piece.0) > 1e-9 {
                out.move(to: piece.0)
                lastContour = s.contour
            }
            if s.kind == .line { out.line(to: piece.3) } else { out.cubic(to: piece.3, control1: piece.1, control2: piece.2) }
            pen = piece.3
        }
    }
}

extension Path {
    /// The total arc length of all subpaths.
    public var length: Double { PathMeasure(self).length }

    /// Lottie's trim path: keeps the part between `start` and `end` (fractions of the length, swapped
    /// when `start > end`), shifted by `offset` (a fraction; Lottie's degrees / 360), wrapping past
    /// the end. With `individually` each subpath is trimmed on its own; otherwise the subpaths are
    /// one line, in order. A closed subpath cut open stays open.
    public func trimmed(start: Double, end: Double, offset: Double = 0, individually: Bool = false) -> Path {
        guard start.isFinite, end.isFinite, offset.isFinite else { return Path() }
        let s = min(max(min(start, end), 0), 1), e = min(max(max(start, end), 0), 1)
        if e - s >= 1 { return self }
        if e - s <= 0 { return Path() }
        var out = Path()
        PathMeasure(self).appendTrimmed(start: s, end: e, offset: offset, individually: individually, to: &out)
        return out
    }
}

extension PathMeasure {
    /// Appends to `out` the part of the measured path that `Path.trimmed` keeps, for
    /// `0 <= start < end <= 1` (already ordered and clamped) and a finite `offset`. Kept apart so
    /// a caller can measure a path once and trim it frame after frame.
    public func appendTrimmed(start: Double, end: Double, offset: Double, individually: Bool, to out: inout Path) {
        var s = start + offset, e = end + offset
        let shift = s.rounded(.down)
        s -= shift; e -= shift
        if individually {
            var base = 0.0
            for (ci, len) in contourLengths.enumerated() {
                if e <= 1 {
                    extract(from: base + s * len, to: base + e * len, contour: ci, into: &out)
                } else {
                    extract(from: base + s * len, to: base + len, contour: ci, into: &out)
                    extract(from: base, to: base + (e - 1) * len, contour: ci, into: &out)
                }
                base += len
            }
        } else {
            let len = length
            if e <= 1 {
                extract(from: s * len, to: e * len, into: &out)
            } else {
                extract(from: s * len, to: len, into: &out)
                extract(from: 0, to: (e - 1) * len, into: &out)
            }
        }
    }
}
