import CRasterKernels
import CYLGeometry

/// A feathered solid paint drawn as coverage: the fill's or stroke's coverage written into one byte
/// a pixel, blurred there (at a reduced resolution for a large σ, as `ReducedBlur` does a layer),
/// and the colour painted through it onto the target. The general path for a blurred group draws
/// the paint into a layer of four bytes a pixel, blurs all four and composites the layer; a solid
/// colour's four channels are its alpha times constants, so blurring the alpha alone gives the
/// same picture (to a level of rounding) for a quarter of the blur and no layer.
///
/// Last frame's blurred coverage is kept per feathered draw (by order, like `SpanCache`) and used
/// again when the spans came from the span cache and the blur is the same: a feathered shape that
/// stands still then costs one painting pass. Entries own their grids; all of them together keep
/// at most `maxBytes`.
final class FeatheredPaint {
    /// Most bytes of blurred grids kept between frames (16 MiB).
    static let maxBytes = 16 << 20
    /// Most feathered draws per frame that are kept; later ones are always blurred.
    static let maxEntries = 1024

    /// What a grid was blurred from besides the spans: any change draws it again.
    struct Key: Equatable {
        var reducedSigma: Double
        var factor: Int
        var q: IntRect
        var clip: IntRect
    }

    /// One feathered draw's blurred coverage: the grid (a cell a byte, rows as wide as `q` in
    /// cells), where it is not zero, and at a factor above 1 the coverage interpolated back up
    /// for the target pixels `area` (the painting reads that, so a shape standing still is not
    /// interpolated again).
    struct Entry {
        var key: Key?
        var grid: [UInt8] = []
        var spread = IntRect.none
        var full: [UInt8] = []
        var area = IntRect.none

        var bytes: Int { grid.capacity + full.capacity }
    }

    private var entries: [Entry] = []
    private var next = 0
    private var bytes = 0
    /// Grids for draws past the budget (not kept).
    private var spare = Entry()
    /// Scratch of the blur and of the interpolation back up.
    private var tmp: [UInt8] = []
    private var table: [UInt32] = []
    private var across: [UInt16] = []
    /// Draws whose blurred coverage was last frame's, and draws blurred anew (tests check both).
    private(set) var hits = 0, misses = 0

    /// Starts a frame: the next feathered draw is the first again.
    func beginFrame() { next = 0 }

    /// Paints `color` (premultiplied) through the coverage of `spans` blurred by `sigma`. The spans
    /// are in the cells of a grid laid over `q` (the target's pixels) at `factor` pixels a cell;
    /// `cached` says they are last frame's for this draw. Returns the target pixels painted.
    func paint(spans: [Span], cached: Bool, sigma: Double, factor f: Int, q: IntRect, clip: IntRect,
               color: UInt32, into target: inout Pixmap) -> IntRect {
        let nw = (q.width + f - 1) / f, nh = (q.height + f - 1) / f
        let reduced = ReducedBlur.reducedSigma(sigma, factor: f)
        let key = Key(reducedSigma: reduced, factor: f, q: q, clip: clip)
        let slot = next
        next += 1
        var entry = take(slot)
        if cached, entry.key == key {
            hits += 1
        } else {
            misses += 1
            entry.key = nil
            blur(spans, sigma: reduced, width: nw, height: nh, into: &entry)
            entry.area = coveredArea(entry.spread, factor: f, q: q, clip: clip)
            if f > 1, !entry.area.isEmpty { expand(&entry, nw: nw, nh: nh, f: f, q: q) }
            entry.key = key
        }
        let area = color == 0 ? IntRect.none : entry.area
        if !area.isEmpty {
            // The coverage of target pixel (x, y): the grid's cell at a factor of 1, else `full`.
            let (base, stride) = f == 1 ? (entry.grid, nw) : (entry.full, area.width)
            let skip = f == 1 ? (area.y - q.y) * nw + area.x - q.x : 0
            base.withUnsafeBufferPointer { cov in
                target.withUnsafeMutablePixels { dst, ds in
                    for y in 0..<area.height {
                        cyl_over_solid_coverage_row(dst + (area.y + y) * ds + area.x, cov.baseAddress! + skip + y * stride,
                                                    area.width, color)
                    }
                }
            }
        }
        give(entry, slot)
        return area
    }

    /// The target pixels a blurred grid reaches within `clip`: its `spread` cells, and at a factor
    /// above 1 one cell more each side (the interpolation back up reads them).
    private func coveredArea(_ spread: IntRect, factor f: Int, q: IntRect, clip: IntRect) -> IntRect {
        if spread.isEmpty { return .none }
        if f == 1 { return IntRect(x: q.x + spread.x, y: q.y + spread.y, width: spread.width, height: spread.height).intersection(clip) }
        return IntRect(x: q.x + (spread.x - 1) * f, y: q.y + (spread.y - 1) * f,
                       width: (spread.width + 2) * f, height: (spread.height + 2) * f).intersection(q).intersection(clip)
    }

    /// Writes the spans' coverage into `entry`'s grid and blurs it by `sigma` cells.
    private func blur(_ spans: [Span], sigma: Double, width nw: Int, height nh: Int, into entry: inout Entry) {
        if entry.grid.count < nw * nh { entry.grid = [UInt8](repeating: 0, count: nw * nh) }
        guard let first = spans.first, let last = spans.last else {
            entry.spread = .none
            return
        }
        var x0 = Int.max, x1 = Int.min
        for sp in spans { x0 = min(x0, Int(sp.x)); x1 = max(x1, Int(sp.x) + Int(sp.length)) }
        let inked = IntRect(x: x0, y: Int(first.y), width: x1 - x0, height: Int(last.y) - Int(first.y) + 1)
        let spread = inked.grown(by: DisplayListRenderer.reach(sigma)).intersection(IntRect(x: 0, y: 0, width: nw, height: nh))
        entry.spread = spread
        if spread.isEmpty { return }
        let k = GaussianKernel.weights(sigma: sigma)
        let w = spread.width, h = spread.height
        let need = cyl_blur_coverage_scratch(w, h, k.count, k.count)
        if tmp.count < need { tmp = [UInt8](repeating: 0, count: need) }
        entry.grid.withUnsafeMutableBufferPointer { g in
            // The interpolation back up reads one cell around `spread`: it must be 0 too.
            let zero = spread.grown(by: 1).intersection(IntRect(x: 0, y: 0, width: nw, height: nh))
            for y in zero.y..<zero.maxY { (g.baseAddress! + y * nw + zero.x).update(repeating: 0, count: zero.width) }
            for s in spans {
                (g.baseAddress! + Int(s.y) * nw + Int(s.x)).update(repeating: s.coverage, count: Int(s.length))
            }
            k.withUnsafeBufferPointer { kp in
                tmp.withUnsafeMutableBufferPointer { t in
                    cyl_blur_coverage(g.baseAddress! + spread.y * nw + spread.x, nw, w, h, kp.baseAddress!, kp.count,
                                      kp.baseAddress!, kp.count, t.baseAddress!)
                }
            }
        }
    }

    /// Interpolates `entry`'s grid bilinearly back up into `full` for the target pixels of its
    /// `area`, with `ReducedBlur.position`'s weights (so a reduced coverage lands where a reduced
    /// layer would).
    private func expand(_ entry: inout Entry, nw: Int, nh: Int, f: Int, q: IntRect) {
        let w = entry.area.width, h = entry.area.height, ox = entry.area.x - q.x, oy = entry.area.y - q.y
        if entry.full.count < w * h { entry.full = [UInt8](repeating: 0, count: w * h) }
        if table.count < 2 * w { table = [UInt32](repeating: 0, count: 2 * w) }
        if across.count < 2 * w { across = [UInt16](repeating: 0, count: 2 * w) }
        table.withUnsafeMutableBufferPointer { tb in
            across.withUnsafeMutableBufferPointer { ring in
                entry.grid.withUnsafeBufferPointer { g in
                    entry.full.withUnsafeMutableBufferPointer { out in
                        let t = tb.baseAddress!, rows = ring.baseAddress!, grid = g.baseAddress!
                        for x in 0..<w {
                            let (i0, i1, wgt) = ReducedBlur.position(ox + x, f: f, n: nw)
                            t[2 * x] = UInt32(i0)
                            t[2 * x + 1] = UInt32(wgt) | UInt32(i1 - i0) << 16
                        }
                        // Which grid row each of the two ring rows holds.
                        var held = (-1, -1)
                        for y in 0..<h {
                            let (j0, j1, wy) = ReducedBlur.position(oy + y, f: f, n: nh)
                            for j in j0...j1 where (j & 1 == 0 ? held.0 : held.1) != j {
                                cyl_lerp_coverage_across(grid + j * nw, t, w, rows + (j & 1) * w)
                                if j & 1 == 0 { held.0 = j } else { held.1 = j }
                            }
                            cyl_lerp_coverage_rows(out.baseAddress! + y * w, rows + (j0 & 1) * w, rows + (j1 & 1) * w, w, UInt32(wy))
                        }
                    }
                }
            }
        }
    }

    /// The entry of `slot`, taken out so its grid is written in place; the spare one when the
    /// slot keeps nothing (its first frame, or past the budget).
    private func take(_ slot: Int) -> Entry {
        if slot < entries.count, entries[slot].key != nil {
            let e = entries[slot]
            bytes -= e.bytes
            entries[slot] = Entry()
            return e
        }
        let e = spare
        spare = Entry()
        return e
    }

    /// Puts `entry` back for the next frame if the budget allows; otherwise keeps its grid as the
    /// spare and forgets what it held.
    private func give(_ entry: Entry, _ slot: Int) {
        let size = entry.bytes
        guard slot < Self.maxEntries, bytes + size <= Self.maxBytes else {
            spare = entry
            spare.key = nil
            return
        }
        while entries.count <= slot { entries.append(Entry()) }
        entries[slot] = entry
        bytes += size
    }
}
