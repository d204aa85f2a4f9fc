#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The split pieces with coincident ones merged, each carrying each operand's net crossing count
/// (+1 per edge drawn from `lo` to `hi`, -1 per edge drawn back): which ones bound the result, and
/// their linking into contours. See `PathBoolean` for the method.
struct BooleanRegions {
    var lo: [Point] = [], hi: [Point] = []
    var count0: [Int] = [], count1: [Int] = []

    init(pieces: [BooleanPiece]) {
        let order = pieces.indices.sorted { a, b in
            let p = pieces[a], q = pieces[b]
            if p.lo.x != q.lo.x { return p.lo.x < q.lo.x }
            if p.lo.y != q.lo.y { return p.lo.y < q.lo.y }
            if p.hi.x != q.hi.x { return p.hi.x < q.hi.x }
            return p.hi.y < q.hi.y
        }
        var k = 0
        while k < order.count {
            let first = pieces[order[k]]
            var c0 = 0, c1 = 0
            while k < order.count, pieces[order[k]].lo == first.lo, pieces[order[k]].hi == first.hi {
                let p = pieces[order[k]]
                if p.operand == 0 { c0 += Int(p.sign) } else { c1 += Int(p.sign) }
                k += 1
            }
            // Pieces that cancel (a contour doubling back, two operands' edges drawn both ways by
            // the same operand) change no winding number and bound nothing.
            if c0 != 0 || c1 != 0 { lo.append(first.lo); hi.append(first.hi); count0.append(c0); count1.append(c1) }
        }
    }

    /// The boundary of `op` applied to the two operands, as closed contours.
    ///
    /// Winding numbers: a ray from a piece's midpoint towards -x crosses the pieces whose y range
    /// holds the midpoint's (half-open, so a ray through a vertex counts it once); a piece going
    /// down (+y) adds its counts, one going up subtracts them. Crossing a piece from its clockwise
    /// side (`cross > 0`) to the other adds its counts. Leaving the piece itself out of its own
    /// cast gives the winding on its -x side (on its +y side for a horizontal piece).
    func boundary(_ op: BooleanOperation, _ ruleA: WindingRule, _ ruleB: WindingRule) -> [[Point]] {
        let n = lo.count
        guard n > 0 else { return [] }
        let bands = YBands(lo: lo, hi: hi)
        var outFrom: [Point] = [], outTo: [Point] = []
        for u in 0..<n {
            let a = lo[u], b = hi[u]
            let px = (a.x + b.x) * 0.5, py = (a.y + b.y) * 0.5
            var w0 = 0, w1 = 0
            let band = bands.band(py)
            for k in bands.start[band] ..< bands.start[band + 1] {
                let v = Int(bands.items[k])
                if v == u { continue }
                let p = lo[v], q = hi[v]
                if (p.y <= py) == (q.y <= py) { continue }
                let x = p.x + (py - p.y) * (q.x - p.x) / (q.y - p.y)
                if x < px {
                    if q.y > p.y { w0 += count0[v]; w1 += count1[v] } else { w0 -= count0[v]; w1 -= count1[v] }
                }
            }
            // Winding on the clockwise side: the -x side is that side when the piece goes down;
            // a horizontal piece runs +x, so its +y side (where the cast lands) is that side.
            let dy = b.y - a.y
            let l0 = dy < 0 ? w0 - count0[u] : w0, l1 = dy < 0 ? w1 - count1[u] : w1
            let insideL = op.keeps(ruleA.contains(winding: l0), ruleB.contains(winding: l1))
            let insideR = op.keeps(ruleA.contains(winding: l0 + count0[u]), ruleB.contains(winding: l1 + count1[u]))
            if insideL == insideR { continue }
            if insideL { outFrom.append(a); outTo.append(b) } else { outFrom.append(b); outTo.append(a) }
        }
        return Self.link(outFrom, outTo)
    }

    /// Links directed boundary pieces into closed contours. Where several pieces leave a vertex
    /// (shapes touching at a corner) the walk takes the one turning furthest towards the inside,
    /// so touching shapes come out as separate contours that never cross themselves.
    static func link(_ from: [Point], _ to: [Point]) -> [[Point]] {
        let m = from.count
        let order = (0..<m).sorted { from[$0].x != from[$1].x ? from[$0].x < from[$1].x : from[$0].y < from[$1].y }
        let starts = order.map { from[$0] }
        func lowerBound(_ v: Point) -> Int {
            var lo = 0, hi = m
            while lo < hi {
                let mid = (lo + hi) / 2
                let s = starts[mid]
                if s.x < v.x || (s.x == v.x && s.y < v.y) { lo = mid + 1 } else { hi = mid }
            }
            return lo
        }
        var used = [Bool](repeating: false, count: m)
        var contours: [[Point]] = []
        for pos0 in 0..<m where !used[pos0] {
            used[pos0] = true
            var cur = order[pos0]
            let origin = from[cur]
            var contour = [origin]
            for _ in 0..<m {
                let v = to[cur]
                if v == origin { break }
                let din = v - from[cur]
                var best = -1, bestTurn = -Double.infinity
                var k = lowerBound(v)
                while k < m && starts[k] == v {
                    if !used[k] {
                        let dout = to[order[k]] - v
                        let turn = atan2(din.cross(dout), din.dot(dout))
                        if turn > bestTurn { bestTurn = turn; best = k }
                    }
                    k += 1
                }
                // No way on only when rounding broke the balance of in and out pieces: the
                // contour closes here.
                if best < 0 { break }
                used[best] = true
                contour.append(v)
                cur = order[best]
            }
            let simple = simplified(contour)
            if simple.count >= 3 { contours.append(simple) }
        }
        return contours
    }

    /// Drops vertices between collinear pieces of one straight edge (the pieces of an edge split
    /// at snapped points bend by at most about 2^-32 radians; 1e-9 leaves real corners alone).
    static func simplified(_ c: [Point]) -> [Point] {
        @inline(__always) func straight(_ a: Point, _ b: Point, _ p: Point) -> Bool {
            let d1 = b - a, d2 = p - b
            return d1.dot(d2) > 0 && abs(d1.cross(d2)) <= 1e-9 * (d1.lengthSquared * d2.lengthSquared).squareRoot()
        }
        var out: [Point] = []
        out.reserveCapacity(c.count)
        for p in c {
            while out.count >= 2 && straight(out[out.count - 2], out[out.count - 1], p) { out.removeLast() }
            out.append(p)
        }
        while out.count >= 3 && straight(out[out.count - 2], out[out.count - 1], out[0]) { out.removeLast() }
        while out.count >= 3 && straight(out[out.count - 1], out[0], out[1]) { out.removeFirst() }
        return out
    }
}

/// Non-horizontal pieces bucketed by the horizontal bands their y range covers (compressed rows:
/// band `b` holds `items[start[b] ..< start[b + 1]]`), so a ray cast looks only at the pieces of
/// its band. The band count shrinks until tall pieces cost at most 16 entries per piece on average.
struct YBands {
    var y0 = 0.0, scale = 0.0, count = 1
    var start: [Int] = [0, 0]
    var items: [Int32] = []

    init(lo: [Point], hi: [Point]) {
        let n = lo.count
        var ymin = Double.infinity, ymax = -Double.infinity
        for i in 0..<n where lo[i].y != hi[i].y {
            ymin = min(ymin, min(lo[i].y, hi[i].y)); ymax = max(ymax, max(lo[i].y, hi[i].y))
        }
        guard ymin < ymax else { return }
        y0 = ymin
        var bands = max(1, min(4096, n / 4))
        while true {
            count = bands
            scale = Double(bands) / (ymax - ymin)
            var total = 0
            for i in 0..<n where lo[i].y != hi[i].y {
                total += band(max(lo[i].y, hi[i].y)) - band(min(lo[i].y, hi[i].y)) + 1
            }
            if total <= 16 * n || bands == 1 { break }
            bands /= 2
        }
        start = [Int](repeating: 0, count: count + 1)
        for i in 0..<n where lo[i].y != hi[i].y {
            for b in band(min(lo[i].y, hi[i].y))...band(max(lo[i].y, hi[i].y)) { start[b + 1] += 1 }
        }
        for b in 0..<count { start[b + 1] += start[b] }
        var fill = start
        items = [Int32](repeating: 0, count: start[count])
        for i in 0..<n where lo[i].y != hi[i].y {
            for b in band(min(lo[i].y, hi[i].y))...band(max(lo[i].y, hi[i].y)) {
                items[fill[b]] = Int32(i); fill[b] += 1
            }
        }
    }

    @inline(__always) func band(_ y: Double) -> Int {
        min(count - 1, max(0, Int(clamping: (y - y0) * scale)))
    }
}
