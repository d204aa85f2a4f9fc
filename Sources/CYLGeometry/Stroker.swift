#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

public enum LineCap: Sendable, Hashable { case butt, round, square }
public enum LineJoin: Sendable, Hashable { case miter, round, bevel }

/// How a path is stroked; lengths in the path's (user) space.
public struct StrokeStyle: Sendable, Hashable {
    public var width: Double
    public var cap: LineCap
    public var join: LineJoin
    /// Ratio of miter length to stroke width above which a miter join becomes a bevel (SVG rule).
    public var miterLimit: Double
    /// Alternating on/off lengths; empty for a solid stroke. An odd count is repeated (SVG rule);
    /// negative entries or a zero total disable dashing.
    public var dashes: [Double]
    /// Distance into the dash pattern at which each subpath starts.
    public var dashOffset: Double
    /// How the dash pattern's distances are measured along the path.
    public var dashMeasure: DashMeasure

    public init(width: Double, cap: LineCap = .butt, join: LineJoin = .miter, miterLimit: Double = 4,
                dashes: [Double] = [], dashOffset: Double = 0, dashMeasure: DashMeasure = .arcLength) {
        self.width = width; self.cap = cap; self.join = join; self.miterLimit = miterLimit
        self.dashes = dashes; self.dashOffset = dashOffset; self.dashMeasure = dashMeasure
    }
}

/// Turns a path into the outline of its stroke: a path to fill with the non-zero rule.
///
/// The path is flattened in its own space (with the tolerance the caller gives, normally
/// the default flattening tolerance divided by the transform's largest scale), dashed, and each polyline is offset by half
/// the width on both sides. Outer joins get miter/round/bevel geometry; an inner join is the
/// corner where the two offsets meet, or, on a bend too tight for that, goes through the centre
/// point (so every piece of the outline has the same orientation and the non-zero rule yields
/// their union; `foldsInward` then says the outline overlaps itself), open ends get caps. A zero-length subpath or dash draws a round or
/// square dot when the cap is round or square (SVG behaviour) and nothing with butt caps.
public struct Stroker: Sendable {
    var flat = Polylines()
    var dashed = Polylines()
    var fwd: [Point] = []
    var rev: [Point] = []
    var dashPoints: [Point] = []
    /// Each flattened point's distance along its contour by a `DashMeasure.chords` measure; empty
    /// when dashes are measured along the flattened path itself.
    var flatDistances: [Double] = []
    var dashDistances: [Double] = []
    var tol = 0.05
    var hw = 0.5
    /// The angle one step of a round join or cap turns (its chord stays within `tol` of the arc of
    /// radius `hw`), and its cosine: a join turning less is a single chord, found without a
    /// trigonometric call (flattened curves turn a little at every point).
    var arcStep = Double.pi
    var arcStepCos = -1.0
    var style = StrokeStyle(width: 1)

    public init() {}

    /// Whether the last outline has an inner join through the centre point (a bend tighter than
    /// its width allows a corner for): its pieces then overlap beside uncovered area, which
    /// the cell rasterizer sums wrongly unless asked to resolve overlaps.
    public private(set) var foldsInward = false

    /// Where the last outline may overlap itself, in the path's space, when it folds
    /// (`foldsInward`): around each inner join through the centre point, what `addFoldRegion`
    /// walks; and where the bounds of two of its pieces (subpaths, dashes) meet. A rasterizer
    /// resolving overlaps needs to look at the rows these reach and no others. (Empty when the
    /// outline does not fold: its pieces may still overlap, as any stroke's do, unresolved.)
    public private(set) var foldRegions: [Rect] = []
    /// Points walked for `foldRegions` by the current outline (bounded by `maxFoldWalk`).
    var foldWalk = 0
    /// Where each piece of the current outline (one per subpath or dash) starts in its points,
    /// and, when it folds, each piece's bounds.
    var pieceStarts: [Int] = []
    var pieceBounds: [Rect] = []

    /// The most flattened points a stroked path, or its dashes, may have: past it `stroke` throws
    /// `tooComplex` (a path absurdly larger than the pixels it is drawn to). Renderers set it from
    /// their path-point limit.
    public var maxPoints = 1 << 20

    /// Writes the stroke outline of `path` to `out` (cleared first).
    public mutating func stroke(_ path: Path, style: StrokeStyle, tolerance: Double = Flattener.defaultTolerance,
                                into out: inout Path) throws(GeometryError) {
        out.removeAll()
        foldsInward = false
        foldRegions.removeAll(keepingCapacity: true)
        foldWalk = 0
        pieceStarts.removeAll(keepingCapacity: true)
        guard style.width.isFinite, style.miterLimit.isFinite, style.dashOffset.isFinite,
              style.dashes.allSatisfy(\.isFinite), tolerance.isFinite else { throw .nonFinite("stroke style") }
        guard style.width > 0 else { return }
        self.style = style
        hw = style.width / 2
        tol = max(tolerance, 1e-9)
        arcStep = max(2 * acos(max(-1, min(1, 1 - tol / hw))), 1e-3)
        arcStepCos = cos(arcStep)
        // Strokes are offset before clipping, so bound the work for absurdly large paths.
        let pattern = Stroker.normalizedDashes(style.dashes)
        if pattern != nil, case .chords(let chordTolerance) = style.dashMeasure, chordTolerance.isFinite {
            try Flattener.flattenMeasuringChords(path, tolerance: tol, chordTolerance: chordTolerance, maxPoints: maxPoints,
                                                 into: &flat, distances: &flatDistances)
        } else {
            try Flattener.flatten(path, tolerance: tol, maxPoints: maxPoints, into: &flat)
            flatDistances.removeAll(keepingCapacity: true)
        }
        if let pattern {
            try dash(pattern, offset: style.dashOffset)
            for i in dashed.contours.indices {
                let c = dashed.contours[i]
                pieceStarts.append(out.points.count)
                strokePolyline(dashed.points[c.start ..< c.start + c.count], closed: false, into: &out)
                if out.points.count > maxPoints { throw .tooComplex(limit: maxPoints) }
            }
        } else {
            for i in flat.contours.indices {
                let c = flat.contours[i]
                pieceStarts.append(out.points.count)
                strokePolyline(flat.points[c.start ..< c.start + c.count], closed: c.closed, into: &out)
                if out.points.count > maxPoints { throw .tooComplex(limit: maxPoints) }
            }
        }
        if foldsInward { addCrossPieceOverlaps(out.points) }
    }

    static func normalizedDashes(_ d: [Double]) -> [Double]? {
        guard !d.isEmpty, d.allSatisfy({ $0 >= 0 }) else { return nil }
        let p = d.count % 2 == 1 ? d + d : d
        let total = p.reduce(0, +)
        return total > 1e-9 ? p : nil
    }

    // MARK: Dashing

    /// Splits `flat` into dashes. A pattern much finer than the path (1e-9 dashes on a long path)
    /// would make billions of dashes: past `maxPoints` dash points it throws `tooComplex`.
    mutating func dash(_ pattern: [Double], offset: Double) throws(GeometryError) {
        dashed.removeAll()
        let total = pattern.reduce(0, +)
        for ci in flat.contours.indices {
            let c = flat.contours[ci]
            var pts = dashPoints, along = dashDistances
            dashPoints = []; dashDistances = []
            pts.removeAll(keepingCapacity: true)
            along.removeAll(keepingCapacity: true)
            pts.append(contentsOf: flat.points[c.start ..< c.start + c.count])
            let measured = flatDistances.count == flat.points.count
            if measured { along.append(contentsOf: flatDistances[c.start ..< c.start + c.count]) }
            if c.closed, let f = pts.first, let l = pts.last {
                pts.append(f)
                if measured { along.append(along[along.count - 1] + l.distance(to: f)) }
            }
            defer { dashPoints = pts; dashDistances = along }
            // Position in the pattern at distance 0.
            var phase = offset.truncatingRemainder(dividingBy: total)
            if phase < 0 { phase += total }
            var idx = 0
            // Skip whole entries; a zero-length entry at the very start still draws (a dot).
            while phase > pattern[idx] || (phase == pattern[idx] && pattern[idx] > 0) {
                phase -= pattern[idx]; idx = (idx + 1) % pattern.count
            }
            var remaining = pattern[idx] - phase  // of the current entry
            var on = idx % 2 == 0
            let firstDash = dashed.contours.count
            let startsOn = on
            var inDash = false
            if on { dashed.begin(pts[0]); inDash = true }
            var lastDir = Point(1, 0)
            for i in 1..<max(1, pts.count) {
                var a = pts[i - 1]
                let b = pts[i]
                let length = a.distance(to: b)
                if length <= 0 { continue }
                let dir = (b - a) * (1 / length)
                // The segment's length by the measure, and pattern lengths back to the segment's.
                var segLen = measured ? max(along[i] - along[i - 1], 0) : length
                if segLen <= 0 {
                    if on { dashed.add(b) }
                    continue
                }
                let toSegment = length / segLen
                lastDir = dir
                while segLen > 0 {
                    if remaining > segLen {
                        remaining -= segLen
                        if on { dashed.add(b) }
                        segLen = 0
                    } else {
                        let p = a + dir * (remaining * toSegment)
                        segLen -= remaining
                        if on {
                            dashed.add(p)
                            closeDash(dir)
                            inDash = false
                        } else {
                            dashed.begin(p); inDash = true
                        }
                        a = p
                        if dashed.points.count > maxPoints { throw .tooComplex(limit: maxPoints) }
                        on.toggle()
                        idx = (idx + 1) % pattern.count
                        remaining = pattern[idx]
                        // Zero-length "on" entries are dots.
                        while remaining == 0 {
                            if on { dashed.add(a); closeDash(dir); inDash = false } else { dashed.begin(a); inDash = true }
                            on.toggle(); idx = (idx + 1) % pattern.count; remaining = pattern[idx]
                        }
                    }
                }
            }
            if inDash {
                closeDash(lastDir)
                // A closed subpath that is "on" at both ends: join the last dash to the first.
                if c.closed && startsOn && dashed.contours.count - 1 > firstDash {
                    let last = dashed.contours.removeLast()
                    let lastPts = Array(dashed.points[last.start ..< last.start + last.count])
                    dashed.points.removeSubrange(last.start...)
                    let first = dashed.contours[firstDash]
                    let firstPts = Array(dashed.points[first.start ..< first.start + first.count])
                    // Rewrite the first dash as last + first.
                    let merged = lastPts + firstPts.dropFirst()
                    var rebuilt = Polylines()
                    for j in dashed.contours.indices {
                        let cj = dashed.contours[j]
                        let src = j == firstDash ? merged : Array(dashed.points[cj.start ..< cj.start + cj.count])
                        rebuilt.begin(src[0]); for q in src.dropFirst() { rebuilt.add(q) }
                    }
                    dashed = rebuilt
                }
            }
        }
    }

    /// Ends the current dash; a zero-length dash gets a tiny extent along `dir` so caps have a direction.
    private mutating func closeDash(_ dir: Point) {
        let c = dashed.contours[dashed.contours.count - 1]
        let first = dashed.points[c.start], last = dashed.points[c.start + c.count - 1]
        if first.distance(to: last) < 1e-9 && c.count <= 2 {
            dashed.points[c.start] = first - dir * 1e-6
            if c.count == 1 { dashed.add(first + dir * 1e-6) } else { dashed.points[c.start + 1] = first + dir * 1e-6 }
        }
    }

    // MARK: Offsetting

    mutating func strokePolyline(_ src: ArraySlice<Point>, closed: Bool, into out: inout Path) {
        fwd.removeAll(keepingCapacity: true)
        for p in src where fwd.last.map({ $0.distance(to: p) > 1e-9 }) ?? true { fwd.append(p) }
        if closed, fwd.count > 2, let f = fwd.first, let l = fwd.last, f.distance(to: l) <= 1e-9 { fwd.removeLast() }
        guard let p0 = fwd.first else { return }
        if fwd.count == 1 {
            // Zero-length subpath: a dot for round and square caps.
            switch style.cap {
            case .butt: return
            case .round:
                let circle = Path.circle(center: p0, radius: hw)
                out.append(circle)
            case .square:
                out.append(Path.rect(Rect(minX: p0.x - hw, minY: p0.y - hw, maxX: p0.x + hw, maxY: p0.y + hw)))
            }
            return
        }
        rev.removeAll(keepingCapacity: true)
        rev.append(contentsOf: fwd.reversed())
        if closed && fwd.count > 2 {
            side(fwd, closed: true, into: &out); out.close()
            side(rev, closed: true, into: &out); out.close()
        } else {
            side(fwd, closed: false, into: &out)
            cap(at: fwd[fwd.count - 1], dir: (fwd[fwd.count - 1] - fwd[fwd.count - 2]).normalized, into: &out)
            side(rev, closed: false, into: &out, continuing: true)
            cap(at: rev[rev.count - 1], dir: (rev[rev.count - 1] - rev[rev.count - 2]).normalized, into: &out)
            out.close()
        }
    }

    @inline(__always) private func normal(_ d: Point) -> Point { Point(-d.y * hw, d.x * hw) }

    /// The left offset of `pts` (which has no repeated points), with joins.
    private mutating func side(_ pts: [Point], closed: Bool, into out: inout Path, continuing: Bool = false) {
        let n = pts.count
        let segs = closed ? n : n - 1
        var d0 = (pts[1] - pts[0]).normalized
        var len0 = pts[0].distance(to: pts[1])
        // A closed side whose last joint (at the first point) is an inner corner starts there, so
        // the closing edge does not double back along the first segment.
        var closingCorner: Point? = nil
        if closed {
            let lenLast = pts[n - 1].distance(to: pts[0])
            closingCorner = innerCorner((pts[0] - pts[n - 1]) * (1 / lenLast), d0, lenLast, len0)
        }
        let start = pts[0] + (closingCorner ?? normal(d0))
        if continuing { out.line(to: start) } else { out.move(to: start) }
        for i in 0..<segs {
            let b = pts[(i + 1) % n]
            guard i + 1 < segs || closed else { out.line(to: b + normal(d0)); break }
            if i + 1 == segs && closingCorner != nil { break }  // `close` ends at the corner
            let c = pts[(i + 2) % n]
            let len1 = b.distance(to: c)
            let d1 = (c - b) * (1 / len1)
            if let corner = innerCorner(d0, d1, len0, len1) {
                out.line(to: b + corner)
            } else {
                out.line(to: b + normal(d0))
                if join(at: b, d0, d1, into: &out) { addFoldRegion(pts, at: (i + 1) % n, closed: closed, reach: max(len0, len1)) }
            }
            d0 = d1; len0 = len1
        }
    }

    /// Where the offsets of two segments meet on the inner side of their joint (relative to the
    /// joint), when that point lies within the first half of each segment's offset: the outline
    /// then turns there and has no overlap. Nil on the outer side, when straight on, and when the
    /// bend is too tight for its width (the offsets would cross beyond the segments' middles).
    ///
    /// The offsets meet at n0 + n1 scaled by 1/(1 + cos θ) (θ the turn), which lies
    /// hw·tan(θ/2) = hw·sin θ/(1 + cos θ) back along each offset; each joint may use at most half
    /// of a segment, so neighbouring joints never take the same part.
    private func innerCorner(_ d0: Point, _ d1: Point, _ len0: Double, _ len1: Double) -> Point? {
        let cr = d0.cross(d1), dt = d0.dot(d1)
        guard cr > 1e-12, 1 + dt > 1e-9 else { return nil }
        let back = hw * cr / (1 + dt)
        guard back <= 0.5 * min(len0, len1) else { return nil }
        return (normal(d0) + normal(d1)) * (1 / (1 + dt))
    }

    /// Most pieces whose bounds are compared pairwise (`addCrossPieceOverlaps`); past it every row
    /// of the outline is resolved.
    static let maxComparedPieces = 512

    /// Adds to `foldRegions` where the bounds of two pieces of `outline` meet: distinct subpaths
    /// or dashes overlap there if anywhere (a piece's own overlaps are its folds).
    private mutating func addCrossPieceOverlaps(_ outline: [Point]) {
        let n = pieceStarts.count
        guard n > 1 else { return }
        guard n <= Self.maxComparedPieces else { foldRegions = [Self.everywhere]; return }
        pieceBounds.removeAll(keepingCapacity: true)
        for i in 0..<n {
            var r = Rect.empty
            for p in outline[pieceStarts[i] ..< (i + 1 < n ? pieceStarts[i + 1] : outline.count)] { r.include(p) }
            pieceBounds.append(r)
        }
        for i in 0..<n {
            for j in (i + 1)..<n where pieceBounds[i].intersects(pieceBounds[j]) {
                foldRegions.append(pieceBounds[i].intersection(pieceBounds[j]))
            }
        }
    }

    /// The region of an outline whose every row is to be resolved.
    static let everywhere = Rect(minX: -.infinity, minY: -.infinity, maxX: .infinity, maxY: .infinity)

    /// Most points the fold regions of one outline may walk (`addFoldRegion`); past it the whole
    /// outline counts as folding, as it did before regions were kept.
    static let maxFoldWalk = 1 << 16

    /// Adds to `foldRegions` a box holding what the fold at `pts[t]` makes overlap: the two
    /// segments meeting there (the longer is `reach`), and beyond them both arms of the path for
    /// as long as they stay within a stroke width of each other (a path that turns back along
    /// itself overlaps all along the way back), each widened by half the width. The arms are
    /// walked by length, the shorter one first. Boxes that meet are merged, so a tight curve's
    /// run of folds stays one box.
    private mutating func addFoldRegion(_ pts: [Point], at t: Int, closed: Bool, reach: Double) {
        let n = pts.count, b = pts[t], r = reach + hw
        var box = Rect(minX: b.x - r, minY: b.y - r, maxX: b.x + r, maxY: b.y + r)
        @inline(__always) func index(_ i: Int) -> Int? { closed ? ((i % n) + n) % n : (i >= 0 && i < n ? i : nil) }
        var back = t, ahead = t, lengthBack = 0.0, lengthAhead = 0.0, moves = 0
        let near = 2 * hw * 1.01 + 1e-9
        @inline(__always) func include(_ q: Point) {
            box = box.union(Rect(minX: q.x - hw, minY: q.y - hw, maxX: q.x + hw, maxY: q.y + hw))
        }
        // Every point visited counts towards `maxFoldWalk` (folds × points would otherwise grow
        // with the square of a hostile path's size).
        @inline(__always) func visit() -> Bool {
            moves += 1; foldWalk += 1
            return moves <= n && foldWalk < Self.maxFoldWalk
        }
        walk: while true {
            // Step the arm that is behind by length.
            let stepBack = lengthBack <= lengthAhead, dir = stepBack ? -1 : 1
            guard let next = index((stepBack ? back : ahead) + dir), next != (stepBack ? ahead : back) else { break }
            let q = pts[next]
            if stepBack { lengthBack += pts[back].distance(to: q); back = next } else { lengthAhead += pts[ahead].distance(to: q); ahead = next }
            // The other arm's point nearest q: moved onwards while that brings it closer (the
            // bend's apex need not be at the fold, so the arms are not matched by length alone).
            var other = stepBack ? ahead : back
            while let o = index(other - dir), o != (stepBack ? back : ahead), pts[o].distance(to: q) < pts[other].distance(to: q) {
                if stepBack { lengthAhead += pts[other].distance(to: pts[o]) } else { lengthBack += pts[other].distance(to: pts[o]) }
                other = o
                include(pts[o])
                guard visit() else { break walk }
            }
            if stepBack { ahead = other } else { back = other }
            let before = index(other + dir) ?? other, after = index(other - dir) ?? other
            guard min(Self.distance(q, toSegment: pts[other], pts[before]), Self.distance(q, toSegment: pts[other], pts[after])) <= near
            else { break }
            include(q)
            guard visit() else { break }
        }
        if foldWalk >= Self.maxFoldWalk { foldRegions = [Self.everywhere]; return }
        if let last = foldRegions.last, last.intersects(box) {
            foldRegions[foldRegions.count - 1] = last.union(box)
        } else {
            foldRegions.append(box)
        }
    }

    static func distance(_ p: Point, toSegment a: Point, _ b: Point) -> Double {
        let ab = b - a, l2 = ab.dot(ab)
        guard l2 > 0 else { return p.distance(to: a) }
        let t = max(0, min(1, (p - a).dot(ab) / l2))
        return p.distance(to: a + ab * t)
    }

    /// The join at `p` from direction `d0` to `d1`; true when it folds (goes through `p`).
    private mutating func join(at p: Point, _ d0: Point, _ d1: Point, into out: inout Path) -> Bool {
        let n0 = normal(d0), n1 = normal(d1)
        let cr = d0.cross(d1), dt = d0.dot(d1)
        if abs(cr) < 1e-12 && dt > 0 { return false }  // straight on
        if cr > 0 {
            // Inner side of a bend tighter than the width allows a corner for (`innerCorner`):
            // through the centre point, so every piece keeps its orientation and the non-zero rule
            // fills their union; the pieces overlap next to uncovered area, which the rasterizer
            // must resolve (`foldsInward`).
            foldsInward = true
            out.line(to: p); out.line(to: p + n1); return true
        }
        switch style.join {
        case .bevel:
            out.line(to: p + n1)
        case .miter:
            let cosHalf = ((1 + dt) / 2).squareRoot()
            if cosHalf > 1e-12 && 1 / cosHalf <= style.miterLimit {
                let m = (n0 + n1) * (1 / (1 + dt))
                out.line(to: p + m)
            }
            out.line(to: p + n1)
        case .round:
            if dt < arcStepCos { arc(center: p, from: n0, angle: atan2(cr, dt), into: &out) }
            out.line(to: p + n1)
        }
        return false
    }

    /// Points on the arc from `center + v0` (|v0| = `hw`), turning by `angle`, excluding both ends:
    /// the caller adds the end exactly (a rotated end would repeat it up to rounding, an edge of
    /// no length). Past `maxPoints` output points it adds none (`stroke` then throws): round joins
    /// on a path of a million points at a fine tolerance would otherwise make billions.
    private func arc(center: Point, from v0: Point, angle: Double, into out: inout Path) {
        guard out.points.count <= maxPoints else { return }
        let n = max(1, Int(clamping: (abs(angle) / arcStep).rounded(.up)))
        let da = angle / Double(n)
        let (s, c) = (sin(da), cos(da))
        var v = v0
        for _ in 1..<n {
            v = Point(v.x * c - v.y * s, v.x * s + v.y * c)
            out.line(to: center + v)
        }
    }

    /// A cap at `p` leaving along `dir`, from `p + normal` to `p − normal`.
    // Mutating though it changes nothing: called from a mutating method, a non-mutating call
    // copied the whole stroker (its dozen arrays retained and released) for every open subpath.
    private mutating func cap(at p: Point, dir: Point, into out: inout Path) {
        let n = normal(dir)
        switch style.cap {
        case .butt:
            out.line(to: p - n)
        case .square:
            let e = dir * hw
            out.line(to: p + n + e); out.line(to: p - n + e); out.line(to: p - n)
        case .round:
            // From +n through +dir to −n: rotating n towards dir.
            arc(center: p, from: n, angle: n.cross(dir) >= 0 ? .pi : -.pi, into: &out)
            out.line(to: p - n)
        }
    }
}
