#if canImport(Glibc)
import Glibc
#endif
import CYLGeometry
import CYLRaster

/// Geometry collected from a shape list at one frame: shapes in their own space plus the
/// transform to layer space.
struct GeoPath {
    var shapes: [BezierShape]
    var transform: Transform
    /// The one-shape array `shapes` was before a trim replaced it with its cut shapes (which the
    /// trim cache keeps, so writing to them would copy): taken back by the next evaluation.
    var spare: [BezierShape] = []
    /// The shape builders and interpolation write into, kept across evaluations so its arrays
    /// are reused even when the entry holds a model path in between.
    var owned = BezierShape.empty
}

/// A fill or stroke and the paths it paints.
struct DrawOp {
    enum Kind {
        case fill(Paint, FillRule)
        case stroke(Paint, StrokeStyle)
    }
    var kind: Kind
    var opacity: Double
    /// The transform of the group holding the style (stroke widths and gradients live in its space).
    var groupTransform: Transform
    /// Where the indices (in `geo`) of the paths it paints are in the evaluator's `opPaths`.
    var paths: Range<Int>
}

/// Evaluates a layer's shape list at one frame into paths and the styles that paint them
/// (Lottie's rules: a style paints the paths before it in its group and in nested groups before
/// it; a modifier changes those paths for every style; the first item is on top). The scene
/// builder turns the result into display-list fills and strokes.
struct ShapeEvaluator {
    /// The paths of the current evaluation are `geo[0..<geoCount]`; the entries past it are last
    /// evaluations' paths, kept so their arrays are written again instead of allocated (a frame
    /// of an icon evaluates the same items into the same entries).
    private(set) var geo: [GeoPath] = []
    private(set) var geoCount = 0
    var ops: [DrawOp] = []
    /// The path indices each op paints (`DrawOp.paths`), one buffer reused frame after frame.
    private(set) var opPaths: [Int] = []
    /// The paths collected so far, by group (a group's are a contiguous run at its end).
    private var collected: [Int] = []
    /// The shape a modifier writes into before it becomes a path's own (`modify`).
    private var modifierScratch = BezierShape.empty
    /// The offset path modifier's working segments.
    private var offsetScratch = OffsetScratch()
    var maxPathPoints: Int
    /// Bound on paths plus paints collected for one frame; repeaters stop copying past it.
    var maxDraws: Int
    /// Set when a repeater stopped copying at `maxDraws`; the renderer turns it into an error.
    private(set) var overflowed = false
    /// About how many output pixels one unit of layer space covers (the largest stretch): merge
    /// paths flatten curves finely enough for it.
    var pixelScale = 1.0
    /// How dash patterns are measured (the model's).
    var dashMeasure = DashMeasure.arcLength

    /// Measures of trimmed paths, kept across frames.
    var trimMeasures = TrimMeasureCache()
    /// Scratch for a trim's output path.
    private var trimmed = Path()

    init(maxPathPoints: Int, maxDraws: Int) {
        self.maxPathPoints = maxPathPoints
        self.maxDraws = maxDraws
    }

    mutating func reset() {
        geoCount = 0
        ops.removeAll(keepingCapacity: true)
        opPaths.removeAll(keepingCapacity: true)
        collected.removeAll(keepingCapacity: true)
        overflowed = false
    }

    /// The paths of the current evaluation.
    var paths: ArraySlice<GeoPath> { geo[..<geoCount] }

    /// Styles that will paint something: visible and with paths to paint.
    var visiblePaintCount: Int {
        var n = 0
        for op in ops where op.opacity > 0 && !op.paths.isEmpty { n += 1 }
        return n
    }

    /// Walks `items` in order, adding their paths to `geo` and their styles to `ops`; returns the
    /// indices in `geo` of the paths the list ends with (after its modifiers).
    @discardableResult
    mutating func collect(_ items: [ShapeItem], t: Double, transform: Transform, opacity: Double) -> ArraySlice<Int> {
        var local = collected
        collected = []
        let base = local.count
        collect(items, t: t, transform: transform, opacity: opacity, into: &local)
        collected = local
        return collected[base...]
    }

    /// Walks `items` in order, appending to `local` the indices in `geo` of every path they contain
    /// (`local[base...]`, where `base` is its count on entry, are this list's paths).
    private mutating func collect(_ items: [ShapeItem], t: Double, transform: Transform, opacity: Double,
                                  into local: inout [Int]) {
        let base = local.count
        for item in items {
            switch item {
            case let .group(_, children, tr):
                var m = transform, o = opacity
                if let tr {
                    m = tr.matrix(at: t).then(transform)
                    o *= tr.opacity.scalar(at: t) / 100
                }
                collect(children, t: t, transform: m, opacity: o, into: &local)
            case let .path(prop, reversed):
                // An animated path between keyframes: interpolated into the entry's own shape.
                if !prop.isStatic, let k = addOwned(transform, { shape in
                    guard prop.interpolate(at: t, into: &shape) else { return false }
                    if reversed { shape.reverse() }
                    return true
                }) {
                    local.append(k)
                    continue
                }
                var s = prop.value(at: t)
                if reversed { s = s.reversed() }
                local.append(add(s, transform))
            case let .rect(p, s, r, reversed):
                local.append(addOwned(transform) {
                    ShapeBuilder.rect(center: p.point(at: t), size: s.point(at: t), roundness: r.scalar(at: t), reversed: reversed, into: &$0)
                    return true
                }!)
            case let .ellipse(p, s, reversed):
                local.append(addOwned(transform) {
                    ShapeBuilder.ellipse(center: p.point(at: t), size: s.point(at: t), reversed: reversed, into: &$0)
                    return true
                }!)
            case let .star(m):
                let maxPoints = maxPathPoints
                local.append(addOwned(transform) {
                    ShapeBuilder.star(m, at: t, maxPoints: maxPoints, into: &$0)
                    return true
                }!)
            case let .fill(c, o, rule):
                let op = opacity * o.scalar(at: t) / 100
                ops.append(DrawOp(kind: .fill(.solid(color(c, t)), rule == .evenOdd ? .evenOdd : .nonZero),
                                  opacity: op, groupTransform: transform, paths: opRange(local[base...])))
            case let .stroke(c, o, sm):
                let op = opacity * o.scalar(at: t) / 100
                ops.append(DrawOp(kind: .stroke(.solid(color(c, t)), style(sm, t)), opacity: op, groupTransform: transform, paths: opRange(local[base...])))
            case let .gradientFill(g, o, rule):
                let op = opacity * o.scalar(at: t) / 100
                ops.append(DrawOp(kind: .fill(gradient(g, t), rule == .evenOdd ? .evenOdd : .nonZero),
                                  opacity: op, groupTransform: transform, paths: opRange(local[base...])))
            case let .gradientStroke(g, o, sm):
                let op = opacity * o.scalar(at: t) / 100
                ops.append(DrawOp(kind: .stroke(gradient(g, t), style(sm, t)), opacity: op, groupTransform: transform, paths: opRange(local[base...])))
            case let .trim(s, e, o, sequential):
                trim(local[base...], start: s.scalar(at: t) / 100, end: e.scalar(at: t) / 100, offset: o.scalar(at: t) / 360, sequential: sequential)
            case let .roundCorners(r):
                let radius = r.scalar(at: t)
                if radius > 0 { modify(local[base...]) { $0.roundingCorners(radius: radius, into: &$1) } }
            case let .puckerBloat(a):
                let amount = a.scalar(at: t) / 100
                if amount != 0 { modify(local[base...]) { $0.puckeredOrBloated(amount, into: &$1) } }
            case let .offsetPath(a, join, ml):
                let amount = a.scalar(at: t)
                if amount != 0 {
                    let limit = ml.scalar(at: t)
                    // Out of `self` while `modify` runs (it is mutating); put back after.
                    var scratch = offsetScratch
                    offsetScratch = OffsetScratch()
                    modify(local[base...]) { $0.offset(by: amount, join: join, miterLimit: limit, into: &$1, scratch: &scratch) }
                    offsetScratch = scratch
                }
            case let .zigZag(size, ridges, pointType):
                let amplitude = size.scalar(at: t), r = ridges.scalar(at: t).rounded()
                if amplitude != 0, amplitude.isFinite, r.isFinite {
                    // Ridges beyond the point budget are cut by `zigZagged`; clamping here only keeps the Int finite.
                    let count = Int(clamping: Int64(max(0, min(r, Double(maxPathPoints)))))
                    let smooth = pointType.scalar(at: t).rounded() == 2
                    let limit = maxPathPoints
                    modify(local[base...]) { $0.zigZagged(amplitude: amplitude, ridges: count, smooth: smooth, maxPoints: limit, into: &$1) }
                }
            case let .twist(a, c):
                let angle = a.scalar(at: t) * .pi / 180
                if angle != 0, angle.isFinite {
                    let center = c.point(at: t)
                    let limit = maxPathPoints
                    modify(local[base...]) { $0.twisted(angle: angle, center: center, maxPoints: limit, into: &$1) }
                }
            case let .mergePaths(mode):
                let merged = merge(Array(local[base...]), mode: mode, transform: transform)
                local.removeSubrange(base...)
                local.append(contentsOf: merged)
            case let .repeater(rep, content):
                repeat_(rep, content, t: t, transform: transform, opacity: opacity, into: &local)
            case .ignored:
                break
            }
        }
    }

    /// Replaces every shape of `paths` by what `write` makes of it (a modifier). A path of one
    /// shape allocates nothing once warm: `write` fills the evaluator's scratch shape, which then
    /// trades arrays with the entry's owned shape, so both keep their capacity for the next frame
    /// (mapping the shapes made three arrays a shape and the array of them, every frame).
    private mutating func modify(_ paths: ArraySlice<Int>, _ write: (BezierShape, inout BezierShape) -> Void) {
        for i in paths {
            guard geo[i].shapes.count == 1 else {
                geo[i].shapes = geo[i].shapes.map { shape in
                    var out = BezierShape.empty
                    write(shape, &out)
                    return out
                }
                continue
            }
            let input = geo[i].shapes[0]
            // The entry lets go of its shape first: when that is its owned one, `write` below must
            // not find the scratch's arrays (last the owned ones of some entry) held twice.
            holdOne(i, .empty)
            write(input, &modifierScratch)
            swap(&modifierScratch, &geo[i].owned)
            holdOne(i, geo[i].owned)
        }
    }

    /// Copies a style's paths into `opPaths`; the range it gets there.
    private mutating func opRange(_ paths: ArraySlice<Int>) -> Range<Int> {
        let start = opPaths.count
        opPaths.append(contentsOf: paths)
        return start..<opPaths.count
    }

    /// A new path of `shapes` in `transform`; its index in `geo`.
    mutating func add(_ shapes: [BezierShape], _ transform: Transform) -> Int {
        if geoCount < geo.count {
            geo[geoCount].shapes = shapes
            geo[geoCount].transform = transform
        } else {
            geo.append(GeoPath(shapes: shapes, transform: transform))
        }
        geoCount += 1
        return geoCount - 1
    }

    /// A new path of one shape, written into the entry's one-element array from the last
    /// evaluation (a path's value is usually the model's own, which costs nothing to hold).
    mutating func add(_ shape: BezierShape, _ transform: Transform) -> Int {
        guard geoCount < geo.count else { return add([shape], transform) }
        let k = geoCount
        holdOne(k, shape)
        geo[k].transform = transform
        geoCount += 1
        return k
    }

    /// A new path of one shape that `build` writes into the entry's own shape, whose arrays it
    /// reuses (the entry keeps them whatever it holds in between, as a layer's paths and the
    /// next layer's share the entries); nil, adding nothing, when `build` returns false.
    private mutating func addOwned(_ transform: Transform, _ build: (inout BezierShape) -> Bool) -> Int? {
        if geoCount == geo.count { geo.append(GeoPath(shapes: [], transform: transform)) }
        let k = geoCount
        // Nothing else may hold the owned shape's arrays while it is written.
        holdOne(k, .empty)
        guard build(&geo[k].owned) else { return nil }
        geo[k].shapes[0] = geo[k].owned
        geo[k].transform = transform
        geoCount += 1
        return k
    }

    /// Makes entry `k`'s shapes the one shape `shape`, in its own one-element array.
    private mutating func holdOne(_ k: Int, _ shape: BezierShape) {
        takeSpare(k)
        if geo[k].shapes.count == 1 {
            geo[k].shapes[0] = shape
        } else {
            geo[k].shapes.removeAll(keepingCapacity: true)
            geo[k].shapes.append(shape)
        }
    }

    private func color(_ c: VectorProperty, _ t: Double) -> Color {
        Color(c.component(0, at: t), c.component(1, at: t), c.component(2, at: t), 1)
    }

    private func style(_ m: StrokeModel, _ t: Double) -> StrokeStyle {
        var dashes: [Double] = []
        var offset = 0.0
        for d in m.dashes {
            switch d.kind {
            case .dash, .gap: dashes.append(max(0, d.value.scalar(at: t)))
            case .offset: offset = d.value.scalar(at: t)
            }
        }
        // An odd list repeats whole (SVG's stroke-dasharray rule, which the players follow): 4 0 5 is
        // 4 0 5 4 0 5, dash, gap, dash, gap, a zero dash (a dot with round caps), gap.
        if dashes.count % 2 == 1 { dashes += dashes }
        if dashes.reduce(0, +) <= 0 { dashes = [] }
        return StrokeStyle(width: m.width.scalar(at: t), cap: m.cap, join: m.join, miterLimit: m.miterLimit,
                           dashes: dashes, dashOffset: offset, dashMeasure: dashMeasure)
    }

    private func gradient(_ g: GradientModel, _ t: Double) -> Paint {
        let gradient = g.gradient(at: t)
        let s = g.start.point(at: t), e = g.end.point(at: t)
        if g.linear { return .linear(gradient, start: s, end: e) }
        let radius = s.distance(to: e)
        var h = g.highlightLength.scalar(at: t) / 100
        h = min(max(h, -0.99), 0.99)
        let angle = atan2(e.y - s.y, e.x - s.x) + g.highlightAngle.scalar(at: t) * .pi / 180
        let focal = Point(s.x + cos(angle) * radius * h, s.y + sin(angle) * radius * h)
        return .radial(gradient, center: s, radius: radius, focal: focal)
    }

    private mutating func trim(_ paths: ArraySlice<Int>, start: Double, end: Double, offset: Double, sequential: Bool) {
        var s = start, e = end
        if s > e { swap(&s, &e) }
        s = min(max(s, 0), 1); e = min(max(e, 0), 1)
        if s <= 0 && e >= 1 { return }
        if e - s <= 1e-9 {
            for i in paths { geo[i].shapes = [] }
            return
        }
        // A trim that is not a number leaves nothing (as Path.trimmed does).
        guard s.isFinite, e.isFinite, offset.isFinite else {
            for i in paths { geo[i].shapes = [] }
            return
        }
        if !sequential {
            for i in paths {
                let (m, slot) = trimMeasures.measure(geo[i].shapes)
                trimmed.removeAll(keepingCapacity: true)
                m.appendTrimmed(start: s, end: e, offset: offset, individually: false, to: &trimmed)
                keepSpare(i)
                geo[i].shapes = trimMeasures.shapes(of: trimmed, slot: slot)
            }
            return
        }
        // Sequential: all paths are one line, in order.
        var measures: [(Int, PathMeasure, Int)] = []
        var total = 0.0
        for i in paths {
            let (m, slot) = trimMeasures.measure(geo[i].shapes)
            total += m.length
            measures.append((i, m, slot))
        }
        guard total > 0 else { return }
        var a = (s + offset) * total, b = (e + offset) * total
        let shift = (a / total).rounded(.down) * total
        a -= shift; b -= shift
        var base = 0.0
        for (i, m, slot) in measures {
            trimmed.removeAll(keepingCapacity: true)
            let len = m.length
            // Ranges [a, b] and [a - total, b - total] (the wrapped part) intersected with this path.
            for (lo, hi) in [(a, b), (a - total, b - total)] {
                let x0 = max(lo, base), x1 = min(hi, base + len)
                if x1 > x0 { m.extract(from: x0 - base, to: x1 - base, into: &trimmed) }
            }
            keepSpare(i)
            geo[i].shapes = trimMeasures.shapes(of: trimmed, slot: slot)
            base += len
        }
    }

    /// Puts back the array a trim set aside (`keepSpare`), which only this entry holds, in
    /// place of the cut shapes the trim cache also holds.
    private mutating func takeSpare(_ k: Int) {
        guard !geo[k].spare.isEmpty else { return }
        let spare = geo[k].spare
        geo[k].spare = []
        geo[k].shapes = spare
    }

    /// Keeps path `i`'s one-shape array for the next evaluation before a trim replaces it.
    private mutating func keepSpare(_ i: Int) {
        if geo[i].spare.isEmpty && geo[i].shapes.count == 1 { geo[i].spare = geo[i].shapes }
    }

    private mutating func repeat_(_ rep: RepeaterModel, _ content: [ShapeItem], t: Double, transform: Transform,
                                  opacity: Double, into local: inout [Int]) {
        // Copies are bounded by the draw budget below (each copy draws), not by a cap of their own.
        let copies = max(0, min(Double(maxDraws), rep.copies.scalar(at: t).rounded()))
        guard copies >= 1 else { return }
        let n = Int(copies)
        let offset = rep.offset.scalar(at: t)
        let tr = rep.transform
        let a = tr.anchor.point(at: t), p = tr.positionPoint(at: t)
        let sv = tr.scale.value(at: t)
        let sx = (sv.count > 0 ? sv[0] : 100) / 100, sy = (sv.count > 1 ? sv[1] : sv.first ?? 100) / 100
        let r = tr.rotation.scalar(at: t) * .pi / 180
        let so = rep.startOpacity.scalar(at: t) / 100, eo = rep.endOpacity.scalar(at: t) / 100
        var groups: [[DrawOp]] = []
        let savedOps = ops
        for k in 0..<n {
            // Nested repeaters multiply: six of 100 copies each would be 10^12 paths.
            if overflowed || geoCount + ops.count + groups.reduce(0, { $0 + $1.count }) > maxDraws {
                overflowed = true
                break
            }
            let i = Double(k) + offset
            let m = Transform.translation(-a.x, -a.y)
                .then(.scale(pow(sx, i), pow(sy, i)))
                .then(.rotation(r * i))
                .then(.translation(a.x, a.y))
                .then(.translation(p.x * i, p.y * i))
            let f = n > 1 ? Double(k) / Double(n - 1) : 0
            let o = so + (eo - so) * f
            ops = []
            collect(content, t: t, transform: m.then(transform), opacity: opacity * o, into: &local)
            groups.append(ops)
        }
        ops = savedOps
        // Ops are painted last to first: with "above", later copies must come earlier in the list.
        if rep.above { for g in groups.reversed() { ops += g } } else { for g in groups { ops += g } }
    }
}
