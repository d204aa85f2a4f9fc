import CYLGeometry

/// One edge of a path for `Rasterizer.accumulateBoundary`, in clip-relative pixels, top end first.
struct OverlapEdge {
    var x0: Double, y0: Double, x1: Double, y1: Double
    /// dx/dy along the edge (0 for an edge too short to have a finite slope).
    var dxdy: Double
    /// +1 when the path runs down this edge (y increasing), −1 when it runs up.
    var dir: Int
    /// The contour it belongs to (its index in the polylines).
    var contour: Int32
}

/// Exact coverage for paths that overlap themselves near their edge.
///
/// The cell accumulator applies the fill rule to a pixel's *summed* winding, which is exact while
/// a pixel holds one winding number besides 0, but a pixel holding an uncovered part and a part
/// covered twice (winding 2, where a stroke outline folds on the inside of a tight bend) sums to
/// "fully covered". Sub-rows alone do not cure it: the two parts can lie side by side in one row.
///
/// So this pass keeps only the edges that bound the filled region. Each pixel row is cut into
/// bands at every edge end inside it, and each band again wherever two of its edges cross, so
/// that within a band the same edges keep the same left-to-right order. There the edges are
/// walked left to right counting the winding; an edge's piece is kept when the fill rule differs
/// on its two sides, turned so that the region lies on its right. The kept pieces bound the region
/// with winding 1 inside and 0 outside, so the ordinary cell accumulation and sweep are exact again
/// (up to rounding). Kept pieces come in pairs on every line of a band (one running down, one up),
/// so even a misjudged crossing cannot leak coverage along the row.
///
/// A row holding several contours side by side is first split into groups of whole contours
/// whose x ranges over the row do not meet (a closed contour's crossings of any line sum to 0, so
/// each group is entered at winding 0), and each group is handled on its own: a dashed stroke's
/// row then classifies only the dashes that overlap, not every dash it crosses.
///
/// Cost: per band an insertion sort of its edges (nearly sorted: the order changes only at the
/// cuts) and a search of neighbours that cross. Paths whose winding keeps its sign (stroke
/// outlines) skip rows, and groups, where no line crosses more than two edges (nothing can
/// overlap there); rows with more than `maxOverlapActiveEdges` edges are accumulated as they are
/// (the plain behaviour), and each group is cut at most `maxCrossingCuts` times, each cut a pass
/// over the group's edges, which bound the time a pathological path takes. Memory: the edges (one per flattened segment, already bounded by the
/// flattener's point limit), an index and a kept run per edge, one index per clip row, and fixed
/// scratch for one row; the cell grid is the ordinary one (no sub-row grid: pieces accumulate
/// into pixel rows).
extension Rasterizer {
    /// Bands a pixel row starts with (more are cut where edges end or cross).
    static let overlapBands = 1
    /// Most cuts at crossings in one group of a pixel row (past it each band is classified as
    /// one, as if its edges did not cross): with at most `maxOverlapActiveEdges` edges, each cut
    /// costing a pass over the group's, this bounds a row's time (a tight bend's fold has a few dozen crossings).
    static let maxCrossingCuts = 1024
    /// Active edges above which a row is not classified (bands per row and the sorts grow with them).
    static let maxOverlapActiveEdges = 256

    /// `array`'s contents, leaving it empty.
    @inline(__always) static func take<T>(_ array: inout [T]) -> [T] {
        var out: [T] = []
        swap(&out, &array)
        return out
    }

    /// Adds the boundary of `polylines` filled by `rule` to `acc` (see the extension's comment).
    func accumulateBoundary(rule: FillRule, windingKeepsSign: Bool, into acc: inout Accumulator) {
        // Taken out of the properties (left empty meanwhile), so that each buffer is uniquely
        // referenced and reused in place: a copy would share it, and its first write would copy.
        var edges = Self.take(&overlapEdges), order = Self.take(&overlapOrder)
        var active = Self.take(&overlapActive), starts = Self.take(&overlapRowStarts)
        edges.removeAll(keepingCapacity: true)
        order.removeAll(keepingCapacity: true)
        active.removeAll(keepingCapacity: true)
        starts.removeAll(keepingCapacity: true)
        defer { overlapEdges = edges; overlapOrder = order; overlapActive = active; overlapRowStarts = starts }
        var stats = OverlapStats()
        defer { overlapStats = stats }

        let height = acc.height
        let h = Double(height)
        let ox = Double(acc.originX), oy = Double(acc.originY)
        var minY = Double.infinity, maxY = -Double.infinity
        polylines.points.withUnsafeBufferPointer { pts in
            for (ci, c) in polylines.contours.enumerated() where c.count > 1 {
                for i in 0..<c.count {
                    let a = pts[c.start + i], b = pts[c.start + (i + 1 == c.count ? 0 : i + 1)]
                    let ay = a.y - oy, by = b.y - oy
                    if ay == by || !(ay.isFinite && by.isFinite && a.x.isFinite && b.x.isFinite) { continue }
                    let down = ay < by
                    let (tx, ty, bx, bY) = down ? (a.x - ox, ay, b.x - ox, by) : (b.x - ox, by, a.x - ox, ay)
                    // Rows outside the clip are never drawn, and an edge only changes the winding
                    // of the rows it crosses.
                    if bY <= 0 || ty >= h { continue }
                    let slope = (bx - tx) / (bY - ty)
                    edges.append(OverlapEdge(x0: tx, y0: ty, x1: bx, y1: bY, dxdy: slope.isFinite ? slope : 0,
                                             dir: down ? 1 : -1, contour: Int32(truncatingIfNeeded: ci)))
                    minY = min(minY, ty); maxY = max(maxY, bY)
                }
            }
        }
        guard !edges.isEmpty else { return }
        // Heights are clamped to the rows before they become Ints: an edge may reach far outside
        // them (a huge but finite coordinate from a hostile file), and Int(1e300) traps.
        let firstRow = max(0, Int(max(minY, -1).rounded(.down))), lastRow = min(height - 1, Int(min(maxY, h + 1).rounded(.up)) - 1)
        guard firstRow <= lastRow else { return }

        // Counting sort of the edges by the row they start in.
        starts.append(contentsOf: repeatElement(0, count: height + 1))
        @inline(__always) func startRow(_ e: OverlapEdge) -> Int { max(firstRow, min(lastRow, Int(min(max(e.y0, -1), h).rounded(.down)))) }
        for e in edges { starts[startRow(e) + 1] &+= 1 }
        for r in 0..<height { starts[r + 1] &+= starts[r] }
        order.append(contentsOf: repeatElement(0, count: edges.count))
        for (i, e) in edges.enumerated() {
            let r = startRow(e)
            order[Int(starts[r])] = Int32(truncatingIfNeeded: i)
            starts[r] &+= 1
        }
        // Now starts[r] is the end of row r's edges in `order` (and the start of row r + 1's).

        // Rows no overlap region reaches are added as they are (all rows without a limit).
        var resolveRow = Self.take(&overlapRowsToResolve)
        defer { overlapRowsToResolve = resolveRow }
        resolveRow.removeAll(keepingCapacity: true)
        resolveRow.append(contentsOf: repeatElement(!overlapHeightsLimited, count: height))
        for (lo, hi) in overlapHeights where overlapHeightsLimited {
            let a = max(0, Int(min(max(lo - oy, -1), h + 1).rounded(.down)))
            let b = min(height - 1, Int(max(min(hi - oy, h + 1), -1).rounded(.up)))
            if a <= b { for r in a...b { resolveRow[r] = true } }
        }

        let evenOdd = rule == .evenOdd
        @inline(__always) func inside(_ w: Int) -> Bool { evenOdd ? w & 1 != 0 : w != 0 }
        let bands = Self.overlapBands, maxActive = Self.maxOverlapActiveEdges
        // Fixed-size scratch (a classified row has at most `maxActive` edges, so at most
        // 2·maxActive edge ends plus the band limits), used through pointers in the loop; and
        // per edge the run of heights over which it has been kept so far, so that consecutive
        // kept pieces (down a row, across rows) are added as one line.
        var splits = Self.take(&overlapSplits), crossings = Self.take(&overlapCrossings)
        var runs = Self.take(&overlapRuns), starters = Self.take(&overlapStarters)
        var group = Self.take(&overlapGroup), seen = Self.take(&overlapContourSeen)
        var groupOrder = Self.take(&overlapGroupOrder), groupEnds = Self.take(&overlapGroupEnds)
        var rowRunList = Self.take(&overlapRowRuns), events = Self.take(&overlapEvents)
        if rowRunList.count < maxActive { rowRunList = Array(repeating: OverlapRowRun(end: 0, net: 0, once: false), count: maxActive) }
        if events.count < 2 * maxActive { events = Array(repeating: OverlapStart(y: 0, slot: 0), count: 2 * maxActive) }
        defer { overlapRowRuns = rowRunList; overlapEvents = events }
        if group.count < maxActive { group = Array(repeating: 0, count: maxActive) }
        if groupEnds.count < maxActive { groupEnds = Array(repeating: 0, count: maxActive) }
        if groupOrder.count < maxActive { groupOrder = Array(repeating: OverlapStart(y: 0, slot: 0), count: maxActive) }
        seen.removeAll(keepingCapacity: true)
        seen.append(contentsOf: repeatElement(OverlapContourMark(row: -1, first: 0, last: 0), count: polylines.contours.count))
        defer { overlapGroup = group; overlapContourSeen = seen; overlapGroupOrder = groupOrder; overlapGroupEnds = groupEnds }
        if splits.count < 2 * maxActive + bands + 1 { splits = Array(repeating: 0, count: 2 * maxActive + bands + 1) }
        if crossings.count < maxActive { crossings = Array(repeating: OverlapCrossing(x: 0, slot: 0), count: maxActive) }
        if starters.count < maxActive { starters = Array(repeating: OverlapStart(y: 0, slot: 0), count: maxActive) }
        runs.removeAll(keepingCapacity: true)
        runs.append(contentsOf: repeatElement(OverlapRun(from: 0, to: -1, down: false), count: edges.count))
        defer { overlapSplits = splits; overlapCrossings = crossings; overlapRuns = runs; overlapStarters = starters }
        edges.withUnsafeBufferPointer { eb in
        splits.withUnsafeMutableBufferPointer { sp in
        crossings.withUnsafeMutableBufferPointer { cp in
        runs.withUnsafeMutableBufferPointer { rp in
        starters.withUnsafeMutableBufferPointer { st in
        group.withUnsafeMutableBufferPointer { gp in
        seen.withUnsafeMutableBufferPointer { seenp in
        groupOrder.withUnsafeMutableBufferPointer { go in
        groupEnds.withUnsafeMutableBufferPointer { ge in
        rowRunList.withUnsafeMutableBufferPointer { rr in
        events.withUnsafeMutableBufferPointer { ev in
            @inline(__always) func flush(_ id: Int) {
                let r = rp[id]
                if r.to > r.from { addPiece(eb[id], r.from, r.to, runsDown: r.down, &acc) }
                rp[id].to = -1; rp[id].from = 0
            }
            @inline(__always) func keep(_ id: Int, _ ya: Double, _ yb: Double, _ down: Bool) {
                if rp[id].to == ya && rp[id].down == down { rp[id].to = yb; return }
                flush(id)
                rp[id] = OverlapRun(from: ya, to: yb, down: down)
            }
            /// The part of edge `id` in the row [top, bottom), kept as it runs or turned to run
            /// `down`.
            @inline(__always) func keepWhole(_ id: Int, _ top: Double, _ bottom: Double, down: Bool? = nil) {
                keep(id, max(top, eb[id].y0), min(bottom, eb[id].y1), down ?? (eb[id].dir > 0))
            }
            /// Classifies edges `ids` of the row [top, bottom) (a whole row's, or a group's that
            /// holds whole contours) and keeps the pieces that bound the filled region.
            /// `entering` is the winding left of them on every line of the row.
            func classify(_ ids: UnsafeBufferPointer<Int32>, _ top: Double, _ bottom: Double, entering: Int = 0) {
                let n = ids.count
                stats.edgesClassified &+= n
                    // The row's bands, cut at every edge end inside the row: every edge meeting a
                    // band spans it, so the kept pieces pair up (as many running down as up) on
                    // every line of the band.
                    var ns = 0
                    for b in 0...bands { sp[ns] = top + Double(b) / Double(bands); ns += 1 }
                    for i in 0..<n {
                        let e = eb[Int(ids[i])]
                        if e.y0 > top && e.y0 < bottom { sp[ns] = e.y0; ns += 1 }
                        if e.y1 > top && e.y1 < bottom { sp[ns] = e.y1; ns += 1 }
                    }
                    insertionSort(UnsafeMutableBufferPointer(rebasing: sp[0..<ns]))
                    // The band's edges are kept from one band to the next (nearly in order):
                    // edges starting inside the row join at their start, ended ones leave.
                    var nst = 0, nc = 0
                    for i in 0..<n {
                        let id = ids[i]
                        let y0 = eb[Int(id)].y0
                        if y0 > top { st[nst] = OverlapStart(y: y0, slot: id); nst += 1 }
                        else { cp[nc] = OverlapCrossing(x: 0, slot: id); nc += 1 }
                    }
                    insertionSort(UnsafeMutableBufferPointer(rebasing: st[0..<nst]))
                    var next = 0, cuts = 0
                    for si in 1..<ns {
                        let ya = sp[si - 1], yb = sp[si]
                        if yb <= ya { continue }
                        while next < nst && st[next].y <= ya { cp[nc] = OverlapCrossing(x: 0, slot: st[next].slot); nc += 1; next += 1 }
                        // Every edge end inside the row is a band limit, so an edge still running
                        // below `ya` spans the band.
                        var k = 0
                        for c in 0..<nc where eb[Int(cp[c].slot)].y1 > ya { cp[k] = cp[c]; k += 1 }
                        nc = k
                        // The band is cut again where two edges cross, so that within each piece
                        // the edges keep their order and the classification holds throughout.
                        var lo = ya
                        while lo < yb {
                            for c in 0..<nc {
                                let e = eb[Int(cp[c].slot)]
                                cp[c].x = e.x0 + (lo - e.y0) * e.dxdy
                                cp[c].x2 = e.x0 + (yb - e.y0) * e.dxdy
                            }
                            insertionSort(UnsafeMutableBufferPointer(rebasing: cp[0..<nc]))
                            // The first crossing of neighbours (the order of all changes there first).
                            var hi = yb
                            if cuts < Self.maxCrossingCuts {
                                for c in 0..<max(0, nc - 1) where cp[c].x2 > cp[c + 1].x2 {
                                    let da = cp[c + 1].x - cp[c].x, db = cp[c + 1].x2 - cp[c].x2
                                    let y = lo + (yb - lo) * (da / (da - db))
                                    if y > lo && y < hi { hi = y }
                                }
                                if hi < yb { cuts += 1 }
                            }
                            var w = entering
                            for c in 0..<nc {
                                let id = Int(cp[c].slot)
                                let inLeft = inside(w)
                                w &+= eb[id].dir
                                let inRight = inside(w)
                                if inLeft != inRight { keep(id, lo, hi, inRight) }
                            }
                            lo = hi
                        }
                    }
            }
            for row in firstRow...lastRow {
                let rowStart = row == 0 ? 0 : Int(starts[row - 1])
                for k in rowStart..<Int(starts[row]) { active.append(order[k]) }
                let top = Double(row), bottom = top + 1
                var kept = 0
                for i in 0..<active.count {
                    let id = active[i]
                    if eb[Int(id)].y1 <= top { flush(Int(id)) } else { active[kept] = id; kept += 1 }
                }
                active.removeLast(active.count - kept)
                let n = kept
                // Every line crosses the contours an even number of times with as many edges
                // running up as down, so where no line of the row crosses more than 2 edges (as
                // in most rows of a stroke) the winding stays within ±1; if it also keeps its
                // sign nothing overlaps or cancels, and the row is added as it is. (Otherwise
                // the two edges may cross, a bow tie, and leave +1 and −1 in one pixel.) Past
                // the limit the row is not classified either, nor outside the overlap regions.
                if !resolveRow[row] || n > maxActive || (windingKeepsSign && (n <= 3 || active.withUnsafeBufferPointer { ids in
                    maxCrossings(UnsafeBufferPointer(rebasing: ids[0..<n]), top, bottom, eb, sp, maxActive) <= 2
                })) {
                    for i in 0..<n { keepWhole(Int(active[i]), top, bottom) }
                    continue
                }
                stats.edgesInResolvedRows &+= n
                active.withUnsafeBufferPointer { ids in sortBySpan(UnsafeBufferPointer(rebasing: ids[0..<n]), top, bottom, eb, go) }
                // Mostly the row falls into runs of meeting x ranges each of which changes the
                // winding alike on every line (`rowRuns`): then the winding between runs is
                // known, a run crossed once is kept or dropped whole, and only the others (the
                // fold's fan of short edges) are classified, entered at their winding.
                if let count = rowRuns(n, top, bottom, eb, go, rr, ev, gp, sp, maxActive) {
                    var w = 0, from = 0
                    for r in 0..<count {
                        let run = rr[r], to = Int(run.end)
                        if run.once {
                            let inLeft = inside(w)
                            w &+= Int(run.net)
                            let inRight = inside(w)
                            if inLeft != inRight {
                                for k in from..<to { keepWhole(Int(go[k].slot), top, bottom, down: inRight) }
                            }
                        } else {
                            for k in from..<to { gp[k - from] = go[k].slot }
                            classify(UnsafeBufferPointer(rebasing: gp[0..<(to - from)]), top, bottom, entering: w)
                            w &+= Int(run.net)
                        }
                        from = to
                    }
                    continue
                }
                // Side-by-side groups of whole contours are independent (each is entered at
                // winding 0): a group no line crosses more than twice is added as it is, the others
                // are classified on their own (a dashed stroke: many dashes in a row, one of
                // which overlaps its neighbour).
                stats.rowsGrouped &+= 1
                let groups = groupRow(n, row, eb, go, ge, gp, seenp)
                var from = 0
                for g in 0..<groups {
                    let to = Int(ge[g]), count = to - from
                    for k in 0..<count { gp[k] = go[from + k].slot }
                    let ids = UnsafeBufferPointer(rebasing: gp[0..<count])
                    if windingKeepsSign && (count <= 3 || maxCrossings(ids, top, bottom, eb, sp, maxActive) <= 2) {
                        for k in 0..<count { keepWhole(Int(ids[k]), top, bottom) }
                    } else {
                        classify(ids, top, bottom)
                    }
                    from = to
                }
            }
            for i in 0..<active.count { flush(Int(active[i])) }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
    }

    /// The x range edge `e` sweeps over the row [top, bottom).
    @inline(__always)
    private func span(_ e: OverlapEdge, _ top: Double, _ bottom: Double) -> (lo: Double, hi: Double) {
        let a = e.x0 + (max(top, e.y0) - e.y0) * e.dxdy, b = e.x0 + (min(bottom, e.y1) - e.y0) * e.dxdy
        return (min(a, b), max(a, b))
    }

    /// Fills `order` with edges `active` of the row [top, bottom), sorted by where their x range
    /// over the row starts.
    private func sortBySpan(_ active: UnsafeBufferPointer<Int32>, _ top: Double, _ bottom: Double,
                            _ eb: UnsafeBufferPointer<OverlapEdge>, _ order: UnsafeMutableBufferPointer<OverlapStart>) {
        for i in 0..<active.count { order[i] = OverlapStart(y: span(eb[Int(active[i])], top, bottom).lo, slot: active[i]) }
        insertionSort(UnsafeMutableBufferPointer(rebasing: order[0..<active.count]))
    }

    /// Cuts the row [top, bottom), its `n` edges sorted in `order` by `sortBySpan`, into runs of
    /// meeting x ranges, left to right, into `runs` (each run's end in `order` and the winding it
    /// adds), and returns their number; nil when some run adds a winding that differs between
    /// lines of the row (a chain broken by a horizontal edge), as the winding right of it then
    /// does. A run is `once` when every line crosses exactly one of its edges, all running one
    /// way. Uses `events`, `ids` and `scratch` (room for 2·`limit`).
    private func rowRuns(_ n: Int, _ top: Double, _ bottom: Double, _ eb: UnsafeBufferPointer<OverlapEdge>,
                         _ order: UnsafeMutableBufferPointer<OverlapStart>, _ runs: UnsafeMutableBufferPointer<OverlapRowRun>,
                         _ events: UnsafeMutableBufferPointer<OverlapStart>, _ ids: UnsafeMutableBufferPointer<Int32>,
                         _ scratch: UnsafeMutableBufferPointer<Double>, _ limit: Int) -> Int? {
        var count = 0, i = 0
        while i < n {
            let first = eb[Int(order[i].slot)]
            var reach = span(first, top, bottom).hi
            var height = min(bottom, first.y1) - max(top, first.y0)
            var oneWay = true
            var j = i + 1
            while j < n && order[j].y <= reach {
                let e = eb[Int(order[j].slot)]
                oneWay = oneWay && e.dir == first.dir
                reach = max(reach, span(e, top, bottom).hi)
                height += min(bottom, e.y1) - max(top, e.y0)
                j += 1
            }
            var once: Bool
            if j - i == 1 {
                once = first.y0 <= top && first.y1 >= bottom
            } else {
                // One way, covering the row's height without overlap: a chain bending inside it.
                once = oneWay && abs(height - (bottom - top)) <= 1e-9
                if once {
                    for k in i..<j { ids[k - i] = order[k].slot }
                    once = maxCrossings(UnsafeBufferPointer(rebasing: ids[0..<(j - i)]), top, bottom, eb, scratch, limit) == 1
                }
            }
            var net = first.dir
            if !once {
                guard let constant = constantWinding(order, i, j, top, bottom, eb, events) else { return nil }
                net = constant
            }
            runs[count] = OverlapRowRun(end: Int32(truncatingIfNeeded: j), net: Int32(truncatingIfNeeded: net), once: once)
            count += 1
            i = j
        }
        return count
    }

    /// The winding that edges `order[from..<to]` add on every line of the row [top, bottom), or
    /// nil when it differs between lines. Uses `events` (room for twice the edges).
    private func constantWinding(_ order: UnsafeMutableBufferPointer<OverlapStart>, _ from: Int, _ to: Int,
                                 _ top: Double, _ bottom: Double, _ eb: UnsafeBufferPointer<OverlapEdge>,
                                 _ events: UnsafeMutableBufferPointer<OverlapStart>) -> Int? {
        var net = 0, ne = 0
        for k in from..<to {
            let e = eb[Int(order[k].slot)]
            if e.y0 > top { events[ne] = OverlapStart(y: e.y0, slot: Int32(e.dir)); ne += 1 } else { net += e.dir }
            if e.y1 < bottom { events[ne] = OverlapStart(y: e.y1, slot: Int32(-e.dir)); ne += 1 }
        }
        insertionSort(UnsafeMutableBufferPointer(rebasing: events[0..<ne]))
        // The winding after all the events at one height must come back to the row top's.
        var w = net, k = 0
        while k < ne {
            let y = events[k].y
            while k < ne && events[k].y == y { w += Int(events[k].slot); k += 1 }
            if w != net { return nil }
        }
        return net
    }

    /// Splits the row's first `n` edges, sorted in `order` by `sortBySpan`, into independent
    /// groups, left to right: `ends` gets each group's end in `order`; returns the number of
    /// groups. Edges whose ranges meet share a group, and so do all the edges of a contour (with
    /// everything between them): on any line a closed contour's crossings sum to 0, so a group of
    /// whole contours is entered at winding 0 and can be classified on its own. `marks` has one
    /// entry per contour; `extend` room for `n` groups.
    private func groupRow(_ n: Int, _ row: Int, _ eb: UnsafeBufferPointer<OverlapEdge>,
                          _ order: UnsafeMutableBufferPointer<OverlapStart>, _ ends: UnsafeMutableBufferPointer<Int32>,
                          _ extend: UnsafeMutableBufferPointer<Int32>,
                          _ marks: UnsafeMutableBufferPointer<OverlapContourMark>) -> Int {
        let top = Double(row), bottom = top + 1
        // Groups of meeting ranges; each contour's first and last of them.
        var groups: Int32 = 0, reach = -Double.infinity
        let thisRow = Int32(truncatingIfNeeded: row)
        extend[0] = 0
        for i in 0..<n {
            let e = eb[Int(order[i].slot)]
            if i > 0 && order[i].y > reach {
                ends[Int(groups)] = Int32(truncatingIfNeeded: i)
                groups += 1
                extend[Int(groups)] = groups
            }
            reach = max(reach, span(e, top, bottom).hi)
            let c = Int(e.contour)
            if marks[c].row != thisRow { marks[c] = OverlapContourMark(row: thisRow, first: groups, last: groups) } else { marks[c].last = groups }
        }
        ends[Int(groups)] = Int32(truncatingIfNeeded: n)
        let count = Int(groups) + 1
        // A contour joins the groups from its first to its last.
        for i in 0..<n {
            let m = marks[Int(eb[Int(order[i].slot)].contour)]
            extend[Int(m.first)] = max(extend[Int(m.first)], m.last)
        }
        var merged = 0, g = 0
        while g < count {
            var far = Int(extend[g])
            while g < far { g += 1; far = max(far, Int(extend[g])) }
            ends[merged] = ends[far]
            merged += 1
            g += 1
        }
        return merged
    }

    /// The most edges any line of the row [top, bottom) crosses: the edges already running at
    /// the top, plus those starting and minus those ending in the row, in height order (an edge
    /// covers [y0, y1), so at one height ends go first). Uses `scratch` (room for 2·`limit`).
    @inline(__always)
    private func maxCrossings(_ active: UnsafeBufferPointer<Int32>, _ top: Double, _ bottom: Double,
                              _ eb: UnsafeBufferPointer<OverlapEdge>, _ scratch: UnsafeMutableBufferPointer<Double>,
                              _ limit: Int) -> Int {
        var count = 0, ns = 0, ne = 0
        for i in 0..<active.count {
            let e = eb[Int(active[i])]
            if e.y0 > top { scratch[ns] = e.y0; ns += 1 } else { count += 1 }
            if e.y1 < bottom { scratch[limit + ne] = e.y1; ne += 1 }
        }
        if ns == 0 { return count }
        insertionSort(UnsafeMutableBufferPointer(rebasing: scratch[0..<ns]))
        insertionSort(UnsafeMutableBufferPointer(rebasing: scratch[limit..<(limit + ne)]))
        var best = count, i = 0, j = 0
        while i < ns {
            if j < ne && scratch[limit + j] <= scratch[i] { count -= 1; j += 1 } else { count += 1; i += 1; best = max(best, count) }
        }
        return best
    }

    /// Adds the part of `e` between heights `ya` and `yb` (inside its span), running down when
    /// `runsDown` (the region then lies on its right) and up otherwise.
    @inline(__always)
    private func addPiece(_ e: OverlapEdge, _ ya: Double, _ yb: Double, runsDown: Bool, _ acc: inout Accumulator) {
        let s = max(e.y0, ya), t = min(e.y1, yb)
        if t <= s { return }
        let xs = s == e.y0 ? e.x0 : e.x0 + (s - e.y0) * e.dxdy
        let xt = t == e.y1 ? e.x1 : e.x0 + (t - e.y0) * e.dxdy
        if runsDown { acc.addLine(xs, s, xt, t) } else { acc.addLine(xt, t, xs, s) }
    }
}

/// An edge (its index) in a band, with its x at the band's top and bottom, for sorting left to
/// right: edges meeting at the top (within `tie`, the rounding of two edges evaluated where they
/// cross) in the order they leave it.
struct OverlapCrossing: Comparable {
    var x: Double
    var x2: Double = 0
    var slot: Int32
    static let tie = 1e-7
    static func < (a: Self, b: Self) -> Bool {
        if a.x < b.x - tie { return true }
        if b.x < a.x - tie { return false }
        return a.x2 < b.x2 || (a.x2 == b.x2 && a.slot < b.slot)
    }
}

/// Counts from one `Rasterizer.accumulateBoundary` pass: the edges of the rows it had to look into
/// (past the quick tests), how many of them it classified, and the rows it cut into groups of
/// whole contours.
struct OverlapStats {
    var edgesInResolvedRows = 0
    var edgesClassified = 0
    var rowsGrouped = 0
}

/// A run of a row's edges whose x ranges meet (see `Rasterizer.rowRuns`): where it ends in the
/// row's order, the winding it adds on every line, and whether every line crosses it once.
struct OverlapRowRun {
    var end: Int32
    var net: Int32
    var once: Bool
}

/// An edge (its index) starting at height `y` inside a row, for sorting by height.
struct OverlapStart: Comparable {
    var y: Double
    var slot: Int32
    static func < (a: Self, b: Self) -> Bool { a.y < b.y || (a.y == b.y && a.slot < b.slot) }
}

/// The row a contour's edges were last seen in during `groupRow`, and the first and last group
/// (by x) that they fell in there.
struct OverlapContourMark {
    var row: Int32
    var first: Int32
    var last: Int32
}

/// The heights over which an edge has been kept so far (none while `to < from`), and its direction.
struct OverlapRun {
    var from: Double, to: Double
    var down: Bool
}

/// Sorts a short buffer in place; nearly sorted input (a row's edge ends, a band's edges in
/// nearly the previous band's order) costs about one pass.
@inline(__always)
func insertionSort<T: Comparable>(_ b: UnsafeMutableBufferPointer<T>) {
    if b.count < 2 { return }
    for i in 1..<b.count {
        let v = b[i]
        var j = i
        while j > 0 && v < b[j - 1] { b[j] = b[j - 1]; j -= 1 }
        b[j] = v
    }
}
