import CYLGeometry

/// Which points a path covers: winding ≠ 0, or an odd winding.
public enum FillRule: Sendable, Hashable {
    case nonZero, evenOdd
}

/// A horizontal run of pixels with one coverage value (0...255).
public struct Span: Hashable, Sendable {
    public var x: Int32
    public var y: Int32
    public var length: Int32
    public var coverage: UInt8
    @inlinable public init(x: Int, y: Int, length: Int, coverage: UInt8) {
        self.x = Int32(truncatingIfNeeded: x); self.y = Int32(truncatingIfNeeded: y)
        self.length = Int32(truncatingIfNeeded: length); self.coverage = coverage
    }
}

/// An exact-area anti-aliasing scan converter.
///
/// Every line segment (after clipping to the target rectangle) is walked through the pixel cells it
/// crosses, adding to each cell its signed height (`cover`) and twice the signed area to its left
/// (`area`), in 24.8 fixed point, exactly as the area of the polygon inside that pixel requires.
/// A sweep along each row accumulates `cover`; a pixel's integrated winding is
/// `acc·512 − area` in units of 1/131072 pixel, and the fill rule is applied to that value
/// (`min(|w|, 1)` for non-zero, a triangle fold for even-odd). Cells are kept in a dense scratch
/// grid with a bitmask of touched cells per row, so the sweep visits only edge cells and emits
/// interior runs as single spans; the sweep zeroes what it reads, so the grid stays clean for reuse.
///
/// Segments left of the clip are projected onto its left edge (they still contribute winding),
/// segments right of it or above/below it are dropped.
public final class Rasterizer {
    private var cells: UnsafeMutablePointer<Int32>
    private var cellCapacity: Int
    private var bits: UnsafeMutablePointer<UInt64>
    private var bitCapacity: Int
    /// One row's spans as the sweep emits them, appended to `spans` a row at a time (an append
    /// per span checked the array's uniqueness and capacity each time: 3% of a stroked icon).
    private var rowSpans: UnsafeMutablePointer<Span>
    private var rowSpanCapacity: Int
    private var width = 0, height = 0, rowCells = 0, words = 0
    private var originX = 0, originY = 0

    /// Scratch polylines (reused).
    public var polylines = Polylines()
    /// The spans of the last `rasterize` call, sorted by row then x.
    public private(set) var spans: [Span] = []
    /// Scratch for `resolveOverlaps` (see RasterizerOverlaps.swift): edges, their order by first
    /// row, the active list, one row's band limits, one band's crossings, kept runs, edges starting
    /// inside a row, a row's edges in groups, and per contour the group it was last seen in; a
    /// row's runs of meeting edges and the heights where their winding changes.
    var overlapEdges: [OverlapEdge] = []
    var overlapOrder: [Int32] = []
    var overlapActive: [Int32] = []
    var overlapRowStarts: [Int32] = []
    var overlapSplits: [Double] = []
    var overlapCrossings: [OverlapCrossing] = []
    var overlapRuns: [OverlapRun] = []
    var overlapStarters: [OverlapStart] = []
    var overlapGroup: [Int32] = []
    var overlapGroupOrder: [OverlapStart] = []
    var overlapGroupEnds: [Int32] = []
    var overlapContourSeen: [OverlapContourMark] = []
    var overlapRowRuns: [OverlapRowRun] = []
    var overlapEvents: [OverlapStart] = []
    /// What the last `resolveOverlaps` pass did (tests check that it classifies only what needs it).
    var overlapStats = OverlapStats()
    /// The device-space heights `resolveOverlaps` looks at (`overlapRegions` mapped), and whether
    /// it is limited to them; per grid row, whether the row meets one (scratch).
    var overlapHeights: [(lo: Double, hi: Double)] = []
    var overlapHeightsLimited = false
    var overlapRowsToResolve: [Bool] = []

    public init() {
        cellCapacity = 0; cells = .allocate(capacity: 1)
        bitCapacity = 0; bits = .allocate(capacity: 1)
        rowSpanCapacity = 0; rowSpans = .allocate(capacity: 1)
    }
    deinit { cells.deallocate(); bits.deallocate(); rowSpans.deallocate() }

    /// Bytes of the cell grid and its bitmask (tests check it follows the path, not the clip).
    var gridBytes: Int { cellCapacity * MemoryLayout<Int32>.stride + bitCapacity * MemoryLayout<UInt64>.stride }

    /// Addresses of the scratch grids (for tests that check reuse).
    public var scratchIdentity: [UnsafeRawPointer] { [UnsafeRawPointer(cells), UnsafeRawPointer(bits)] }

    /// The part of `clip` the polylines can touch: the cell grid covers only that, so a small
    /// shape on a large canvas costs a small grid (8 bytes a pixel), not one the canvas's size.
    /// The spans are the same: nothing lies left of it that the clip's own left edge would not
    /// also see (the bounds start there or further right), nothing right of it, above or below.
    /// Nil when there is nothing to draw.
    private func gridRect(_ clip: IntRect) -> IntRect? {
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        polylines.points.withUnsafeBufferPointer { pts in
            for c in polylines.contours where c.count > 1 {
                for p in pts[c.start..<(c.start + c.count)] {
                    minX = min(minX, p.x); maxX = max(maxX, p.x)
                    minY = min(minY, p.y); maxY = max(maxY, p.y)
                }
            }
        }
        guard minX <= maxX, minY <= maxY else { return nil }
        // Clamped into the clip on both sides as Doubles first, so the conversions cannot trap: a
        // shape wholly beyond the clip has a minimum far past its far side (or a maximum far
        // before its near side), and Int(1e300) traps.
        @inline(__always) func clamped(_ v: Double, _ lo: Int, _ hi: Int) -> Double { min(max(v, Double(lo)), Double(hi)) }
        let x0 = Int(clamped(minX, clip.x, clip.maxX).rounded(.down))
        let y0 = Int(clamped(minY, clip.y, clip.maxY).rounded(.down))
        let x1 = Int(clamped(maxX, clip.x, clip.maxX).rounded(.up))
        let y1 = Int(clamped(maxY, clip.y, clip.maxY).rounded(.up))
        // Wholly right of, above or below the clip: nothing (such segments are dropped). Wholly
        // left of it: a one-pixel grid at its left edge, where those segments project (and cancel).
        guard y1 > y0, x0 < clip.maxX else { return nil }
        return IntRect(x: x0, y: y0, width: max(1, x1 - x0), height: y1 - y0)
    }

    private func prepare(clip: IntRect) {
        width = clip.width; height = clip.height
        originX = clip.x; originY = clip.y
        rowCells = width + 2
        words = (rowCells + 63) >> 6
        let needCells = rowCells * height * 2
        if needCells > cellCapacity {
            cells.deallocate()
            cells = .allocate(capacity: needCells)
            cells.initialize(repeating: 0, count: needCells)
            cellCapacity = needCells
        }
        let needBits = words * height
        if needBits > bitCapacity {
            bits.deallocate()
            bits = .allocate(capacity: needBits)
            bits.initialize(repeating: 0, count: needBits)
            bitCapacity = needBits
        }
        // A row emits at most a span before each of its rowCells cells, one for it, and one after.
        let needRowSpans = 2 * rowCells + 1
        if needRowSpans > rowSpanCapacity {
            rowSpans.deallocate()
            rowSpans = .allocate(capacity: needRowSpans)
            rowSpanCapacity = needRowSpans
        }
        spans.removeAll(keepingCapacity: true)
    }

    /// Scan-converts `path` under `transform` inside `clip`, leaving the result in `spans`.
    ///
    /// `resolveOverlaps` makes the coverage exact where the path overlaps itself near its edge
    /// (a stroke outline folding on the inside of a tight bend): slower, so only strokes whose
    /// outline may fold ask for it. Without it, a pixel holding both an uncovered part and a part
    /// covered twice comes out too dark (the fill rule sees only the pixel's summed winding).
    /// `windingKeepsSign` promises that the path's winding is never negative, or never positive
    /// (true of stroke outlines): resolving then skips rows where no line crosses more than two
    /// edges, which cannot overlap. `overlapRegions` (in the path's space, as `Stroker.foldRegions`
    /// gives them) limits resolving to the pixel rows they reach; nil resolves every row.
    public func rasterize(_ path: Path, transform: Transform = .identity, rule: FillRule = .nonZero,
                          clip: IntRect, tolerance: Double = Flattener.defaultTolerance,
                          maxPoints: Int = Int.max, resolveOverlaps: Bool = false,
                          windingKeepsSign: Bool = false, overlapRegions: [Rect]? = nil) throws(GeometryError) {
        spans.removeAll(keepingCapacity: true)
        guard !clip.isEmpty else { return }
        let cull = Rect(minX: Double(clip.x) - 1, minY: Double(clip.y) - 1,
                        maxX: Double(clip.maxX) + 1, maxY: Double(clip.maxY) + 1)
        try Flattener.flatten(path, transform: transform, tolerance: tolerance, cull: cull, maxPoints: maxPoints,
                              into: &polylines)
        limitOverlapHeights(to: resolveOverlaps ? overlapRegions : nil, transform: transform)
        defer { overlapHeightsLimited = false }
        rasterizePolylines(rule: rule, clip: clip, resolveOverlaps: resolveOverlaps, windingKeepsSign: windingKeepsSign)
    }

    /// Maps `regions` to the heights they cover on the device (each rectangle's corners), or
    /// lifts the limit for nil or for a transform that does not map them to finite heights.
    private func limitOverlapHeights(to regions: [Rect]?, transform: Transform) {
        overlapHeights.removeAll(keepingCapacity: true)
        overlapHeightsLimited = false
        guard let regions else { return }
        for r in regions {
            let ys = (transform.apply(Point(r.minX, r.minY)).y, transform.apply(Point(r.maxX, r.minY)).y,
                      transform.apply(Point(r.minX, r.maxY)).y, transform.apply(Point(r.maxX, r.maxY)).y)
            let lo = min(min(ys.0, ys.1), min(ys.2, ys.3)), hi = max(max(ys.0, ys.1), max(ys.2, ys.3))
            guard lo.isFinite && hi.isFinite else { overlapHeights.removeAll(keepingCapacity: true); return }
            overlapHeights.append((lo, hi))
        }
        overlapHeightsLimited = true
    }

    /// Scan-converts the (implicitly closed) contours in `polylines`; `resolveOverlaps` and
    /// `windingKeepsSign` as in `rasterize`.
    public func rasterizePolylines(rule: FillRule, clip: IntRect, resolveOverlaps: Bool = false,
                                   windingKeepsSign: Bool = false) {
        spans.removeAll(keepingCapacity: true)
        guard !clip.isEmpty, let grid = gridRect(clip) else { return }
        prepare(clip: grid)
        var acc = Accumulator(cells: cells, bits: bits, rowSpans: rowSpans, width: width, height: height, rowCells: rowCells,
                              words: words, originX: originX, originY: originY)
        if resolveOverlaps {
            accumulateBoundary(rule: rule, windingKeepsSign: windingKeepsSign, into: &acc)
            var out = spans
            spans = []
            acc.sweep(rule: rule, into: &out)  // the same under either rule where the winding is 0 or 1
            spans = out
            return
        }
        let ox = Double(originX), oy = Double(originY)
        polylines.points.withUnsafeBufferPointer { pts in
            for c in polylines.contours where c.count > 1 {
                var prev = pts[c.start]
                for i in 1..<c.count {
                    let p = pts[c.start + i]
                    acc.addLine(prev.x - ox, prev.y - oy, p.x - ox, p.y - oy)
                    prev = p
                }
                let first = pts[c.start]
                acc.addLine(prev.x - ox, prev.y - oy, first.x - ox, first.y - oy)
            }
        }
        var out = spans
        spans = []
        acc.sweep(rule: rule, into: &out)
        spans = out
    }
}

/// Round to nearest (ties to even) for |v| < 2^51 without a libm call or range check: adding
/// 1.5·2^52 puts the integer part in the low mantissa bits.
@inline(__always) func roundToInt(_ v: Double) -> Int {
    Int(bitPattern: UInt(truncatingIfNeeded: (v + 6_755_399_441_055_744.0).bitPattern)) &- 0x4338_0000_0000_0000
}

/// The hot state of one scan conversion, held in a local (no class property access in the loops).
struct Accumulator {
    let cells: UnsafeMutablePointer<Int32>
    let bits: UnsafeMutablePointer<UInt64>
    /// Room for one row's spans (2 × rowCells + 1).
    let rowSpans: UnsafeMutablePointer<Span>
    let width: Int, height: Int, rowCells: Int, words: Int
    let originX: Int, originY: Int
    var minRow = Int.max, maxRow = -1

    init(cells: UnsafeMutablePointer<Int32>, bits: UnsafeMutablePointer<UInt64>, rowSpans: UnsafeMutablePointer<Span>,
         width: Int, height: Int, rowCells: Int, words: Int, originX: Int, originY: Int) {
        self.cells = cells; self.bits = bits; self.rowSpans = rowSpans; self.width = width; self.height = height
        self.rowCells = rowCells; self.words = words; self.originX = originX; self.originY = originY
    }

    // MARK: Clipping

    @inline(__always)
    mutating func addLine(_ ax: Double, _ ay: Double, _ bx: Double, _ by: Double) {
        var x0 = ax, y0 = ay, x1 = bx, y1 = by
        let h = Double(height), w = Double(width)
        if y0 == y1 { return }
        if (y0 <= 0 && y1 <= 0) || (y0 >= h && y1 >= h) { return }
        if y0 < 0 || y0 > h || y1 < 0 || y1 > h {
            let dxdy = (bx - ax) / (by - ay)
            if y0 < 0 { x0 = ax + (0 - ay) * dxdy; y0 = 0 } else if y0 > h { x0 = ax + (h - ay) * dxdy; y0 = h }
            if y1 < 0 { x1 = ax + (0 - ay) * dxdy; y1 = 0 } else if y1 > h { x1 = ax + (h - ay) * dxdy; y1 = h }
        }
        if x0 >= 0 && x0 <= w && x1 >= 0 && x1 <= w { addClipped(x0, y0, x1, y1); return }
        if x0 <= 0 && x1 <= 0 { addClipped(0, y0, 0, y1); return }
        if x0 >= w && x1 >= w { return }
        // The segment crosses x = 0 and/or x = w: split it there.
        let dydx = (y1 - y0) / (x1 - x0)
        @inline(__always) func yAt(_ x: Double) -> Double { min(max(y0 + (x - x0) * dydx, min(y0, y1)), max(y0, y1)) }
        var sx = x0, sy = y0
        if sx < 0 { let yc = yAt(0); addClipped(0, sy, 0, yc); sx = 0; sy = yc }
        else if sx > w { let yc = yAt(w); sx = w; sy = yc }
        if x1 < 0 { let yc = yAt(0); addClipped(sx, sy, 0, yc); addClipped(0, yc, 0, y1) }
        else if x1 > w { let yc = yAt(w); addClipped(sx, sy, w, yc) }
        else { addClipped(sx, sy, x1, y1) }
    }

    @inline(__always)
    private func fixed(_ v: Double, _ limit: Int) -> Int {
        let f = roundToInt(v * 256)  // |v| is at most the clip size here
        return f < 0 ? 0 : (f > limit ? limit : f)
    }

    @inline(__always)
    private mutating func addClipped(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) {
        let wl = width << 8, hl = height << 8
        renderLine(fixed(x0, wl), fixed(y0, hl), fixed(x1, wl), fixed(y1, hl))
    }

    // MARK: Cell accumulation

    @inline(__always)
    private func cell(_ row: Int, _ ex: Int, _ cover: Int, _ area: Int) {
        let i = (row &* rowCells &+ ex) << 1
        cells[i] &+= Int32(truncatingIfNeeded: cover)
        cells[i &+ 1] &+= Int32(truncatingIfNeeded: area)
        bits[row &* words &+ (ex >> 6)] |= 1 &<< UInt64(ex & 63)
    }

    /// Adds a line in 24.8 fixed point, already inside [0, w·256] × [0, h·256].
    private mutating func renderLine(_ X0: Int, _ Y0: Int, _ X1: Int, _ Y1: Int) {
        if Y0 == Y1 { return }
        var xa = X0, ya = Y0, xb = X1, yb = Y1, sign = 1
        if ya > yb { swap(&xa, &xb); swap(&ya, &yb); sign = -1 }
        let firstRow = ya >> 8, lastRow = (yb &- 1) >> 8
        if firstRow < minRow { minRow = firstRow }
        if lastRow > maxRow { maxRow = lastRow }
        if xa == xb {
            // Vertical: one cell per row.
            let ex = xa >> 8, fx2 = (xa &- (ex << 8)) << 1
            var y = ya
            for row in firstRow...lastRow {
                let ny = min(yb, (row &+ 1) << 8)
                let dy = (ny &- y) &* sign
                cell(row, ex, dy, dy &* fx2)
                y = ny
            }
            return
        }
        let dxdy = Double(xb &- xa) / Double(yb &- ya)
        let xlo = min(xa, xb), xhi = max(xa, xb)
        var cx = xa, cy = ya
        var row = firstRow
        while true {
            let bottom = (row &+ 1) << 8
            var nx = xb, ny = yb
            if yb > bottom {
                ny = bottom
                nx = xa &+ roundToInt(Double(ny &- ya) * dxdy)
                if nx < xlo { nx = xlo } else if nx > xhi { nx = xhi }
            }
            renderScanline(row, cx, cy &- (row << 8), nx, ny &- (row << 8), sign)
            if ny == yb { break }
            cx = nx; cy = ny; row &+= 1
        }
    }

    /// Adds the part of a line inside one pixel row; `fy1 <= fy2` are row-local (0...256).
    @inline(__always)
    private mutating func renderScanline(_ row: Int, _ x1: Int, _ fy1: Int, _ x2: Int, _ fy2: Int, _ sign: Int) {
        let ex1 = x1 >> 8, ex2 = x2 >> 8
        if fy1 == fy2 { return }
        if ex1 == ex2 {
            let dy = (fy2 &- fy1) &* sign
            cell(row, ex1, dy, dy &* ((x1 &- (ex1 << 8)) &+ (x2 &- (ex1 << 8))))
            return
        }
        let dydx = Double(fy2 &- fy1) / Double(x2 &- x1)
        var y = fy1
        if x2 > x1 {
            var ex = ex1, x = x1
            while ex < ex2 {
                let bx = (ex &+ 1) << 8
                var ny = fy1 &+ roundToInt(Double(bx &- x1) * dydx)
                if ny > fy2 { ny = fy2 } else if ny < y { ny = y }
                let dy = (ny &- y) &* sign
                if dy != 0 { cell(row, ex, dy, dy &* ((x &- (ex << 8)) &+ 256)) }
                x = bx; y = ny; ex &+= 1
            }
            let dy = (fy2 &- y) &* sign
            if dy != 0 { cell(row, ex2, dy, dy &* (x2 &- (ex2 << 8))) }
        } else {
            var ex = ex1, x = x1
            while ex > ex2 {
                let bx = ex << 8
                var ny = fy1 &+ roundToInt(Double(bx &- x1) * dydx)
                if ny > fy2 { ny = fy2 } else if ny < y { ny = y }
                let dy = (ny &- y) &* sign
                if dy != 0 { cell(row, ex, dy, dy &* (x &- (ex << 8))) }
                x = bx; y = ny; ex &-= 1
            }
            let dy = (fy2 &- y) &* sign
            if dy != 0 { cell(row, ex2, dy, dy &* (256 &+ (x2 &- (ex2 << 8)))) }
        }
    }

    // MARK: Sweep

    @inline(__always)
    private static func alpha(_ v: Int, _ evenOdd: Bool) -> Int {
        var a = v < 0 ? -v : v
        if evenOdd {
            a &= 0x3FFFF
            if a > 0x20000 { a = 0x40000 - a }
        } else if a >= 0x20000 {
            return 255
        }
        return (a &* 255 &+ 0x10000) >> 17
    }

    func sweep(rule: FillRule, into spans: inout [Span]) {
        guard minRow <= maxRow else { return }
        let evenOdd = rule == .evenOdd
        let w = width
        // Pending span being merged; the row's finished spans (n of them in rowSpans).
        var sx = 0, slen = 0, sa = 0, sy = 0
        var n = 0
        let out = rowSpans
        @inline(__always) func emit(_ x: Int, _ len: Int, _ a: Int) {
            if a == 0 || len <= 0 { return }
            if slen > 0 && sa == a && sx &+ slen == x { slen &+= len; return }
            if slen > 0 { out[n] = Span(x: sx &+ originX, y: sy &+ originY, length: slen, coverage: UInt8(truncatingIfNeeded: sa)); n &+= 1 }
            sx = x; slen = len; sa = a
        }
        for row in minRow...maxRow {
            var acc = 0
            var lastX = 0  // first pixel not yet emitted
            sy = row
            let cellRow = cells + (row * rowCells) << 1
            let bitRow = bits + row * words
            for wi in 0..<words {
                var word = bitRow[wi]
                if word == 0 { continue }
                bitRow[wi] = 0
                while word != 0 {
                    let x = (wi << 6) + word.trailingZeroBitCount
                    word &= word &- 1
                    let c = Int(cellRow[x << 1]), ar = Int(cellRow[(x << 1) + 1])
                    cellRow[x << 1] = 0; cellRow[(x << 1) + 1] = 0
                    if x > lastX && acc != 0 { emit(lastX, min(x, w) - lastX, Self.alpha(acc << 9, evenOdd)) }
                    acc &+= c
                    if x < w { emit(x, 1, Self.alpha((acc << 9) &- ar, evenOdd)) }
                    lastX = x + 1
                }
            }
            if acc != 0 && lastX < w { emit(lastX, w - lastX, Self.alpha(acc << 9, evenOdd)) }
            if slen > 0 {
                out[n] = Span(x: sx &+ originX, y: sy &+ originY, length: slen, coverage: UInt8(truncatingIfNeeded: sa))
                n &+= 1
                slen = 0
            }
            if n > 0 {
                spans.append(contentsOf: UnsafeBufferPointer(start: out, count: n))
                n = 0
            }
        }
    }
}
