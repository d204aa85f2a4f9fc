#if canImport(Glibc)
import Glibc
#endif
import CYLGeometry
import CYLRaster
import CYLTimeline

/// Renders a parsed animation at any frame with our rasterizer. Keeps scratch memory (canvas,
/// layer pool, path buffers) between frames; one renderer per thread.
final class LottieRenderer: FrameSource {
    let model: AnimationModel
    let name: String
    let limits: Limits
    let canvas = Canvas()
    private var evaluator: ShapeEvaluator
    private var path = Path()
    /// The pixels drawn into any target since it was last reset (a bounding box): a scratch layer's
    /// masks, matte and compositing only touch what its content drew, not the whole canvas.
    private var drawn = IntRect.none
    /// Fully transparent scratch layers: a layer clears only what it drew before giving one back.
    private var cleanLayers: [Pixmap] = []

    init(model: AnimationModel, name: String, limits: Limits) {
        self.model = model
        self.name = name
        self.limits = limits
        self.evaluator = ShapeEvaluator(maxPathPoints: limits.maxPathPoints, maxDraws: limits.maxDrawsPerFrame)
    }

    func render(frame index: Int, into target: inout Pixmap) throws {
        try render(at: model.inPoint + Double(index), into: &target)
    }

    /// Vector content: any time between frames can be drawn.
    var supportsFractionalFrames: Bool { true }

    /// Draws timeline time `frameTime` (0 = composition frame `ip`; fractions allowed).
    func render(frameTime: Double, into target: inout Pixmap) throws {
        try render(at: model.inPoint + frameTime, into: &target)
    }

    /// Draws composition frame `frame` (absolute, fractional allowed) into `target`, fitted and centred.
    func render(at frame: Double, into target: inout Pixmap) throws {
        guard target.width * target.height <= limits.maxCanvasPixels else {
            throw RenderError(file: name, "output of \(target.width)x\(target.height) pixels is more than the limit of \(limits.maxCanvasPixels) (raise it with --max-pixels)")
        }
        target.clearTransparent()
        drawn = .none
        let s = min(Double(target.width) / model.width, Double(target.height) / model.height)
        let ox = (Double(target.width) - model.width * s) / 2, oy = (Double(target.height) - model.height * s) / 2
        let base = Transform.scale(s, s).then(.translation(ox, oy))
        let clip = IntRect(x: Int(ox.rounded()), y: Int(oy.rounded()),
                           width: Int((model.width * s).rounded()), height: Int((model.height * s).rounded()))
        do {
            try drawComposition(model.root, time: frame, transform: base, clip: clip, depth: 0, into: &target)
        } catch let e as GeometryError {
            throw RenderError(file: name, frame: Int(frame - model.inPoint), "\(e)")
        } catch let e as PixmapError {
            throw RenderError(file: name, frame: Int(frame - model.inPoint), "\(e)")
        }
    }

    // MARK: Compositions and layers

    func drawComposition(_ comp: CompositionModel, time: Double, transform: Transform, clip: IntRect, depth: Int,
                         into target: inout Pixmap) throws {
        guard depth <= limits.maxPrecompDepth else {
            throw RenderError(file: name, "precomps nest deeper than the limit of \(limits.maxPrecompDepth) (raise it with --max-precomp-depth)")
        }
        for i in stride(from: comp.layers.count - 1, through: 0, by: -1) {
            let layer = comp.layers[i]
            if layer.isMatteSource || layer.hidden { continue }
            try drawLayer(comp, i, time: time, transform: transform, clip: clip, depth: depth, into: &target)
        }
    }

    /// The layer's time for its own properties: keyframe times are in the containing composition's
    /// frames (the start time only shifts a precomp's content).
    @inline(__always) func localTime(_ layer: LayerModel, _ time: Double) -> Double { time }

    /// Layer space to composition space, through the parent chain.
    func worldMatrix(_ comp: CompositionModel, _ pos: Int, time: Double) -> Transform {
        var layer = comp.layers[pos]
        var m = layerMatrix(layer, time: time)
        var guardCount = 0
        while let p = layer.parent, let at = comp.indexOf[p], guardCount < comp.layers.count {
            layer = comp.layers[at]
            m = m.then(layerMatrix(layer, time: time))
            guardCount += 1
        }
        return m
    }

    func layerMatrix(_ layer: LayerModel, time: Double) -> Transform {
        let t = localTime(layer, time)
        var m = layer.transform.matrix(at: t)
        if layer.autoOrient, !layer.transform.position.isStatic {
            let a = layer.transform.positionPoint(at: t - 0.05), b = layer.transform.positionPoint(at: t + 0.05)
            let d = b - a
            if d.length > 1e-9 {
                let anchor = layer.transform.anchor.point(at: t)
                let p = layer.transform.positionPoint(at: t)
                // Rotate about the layer's position by the path's direction.
                m = m.then(.translation(-p.x, -p.y)).then(.rotation(atan2(d.y, d.x))).then(.translation(p.x, p.y))
                _ = anchor
            }
        }
        return m
    }

    func drawLayer(_ comp: CompositionModel, _ pos: Int, time: Double, transform: Transform, clip: IntRect, depth: Int,
                   into target: inout Pixmap) throws {
        let layer = comp.layers[pos]
        guard time >= layer.inPoint, time < layer.outPoint else { return }
        switch layer.content {
        case .null, .unsupported: return
        default: break
        }
        let t = localTime(layer, time)
        let opacity = layer.transform.opacity.scalar(at: t) / 100
        if opacity <= 0 { return }
        let full = worldMatrix(comp, pos, time: time).then(transform)
        let activeMasks = layer.masks.filter { $0.mode != nil }
        var matteSource: Int? = nil
        if layer.matteMode != nil {
            if let tp = layer.matteParent { matteSource = comp.indexOf[tp] } else if pos > 0 { matteSource = pos - 1 }
        }
        let isolate = opacity < 1 || !activeMasks.isEmpty || matteSource != nil || layer.blendMode != .normal
        if !isolate {
            try drawContent(layer, time: time, t: t, full, clip: clip, depth: depth, into: &target)
            return
        }
        // A shape layer that only fades and paints once needs no scratch layer: one fill or stroke
        // covers each pixel once, so the layer opacity can go into the paint.
        if activeMasks.isEmpty, matteSource == nil, layer.blendMode == .normal, case .shapes(let items) = layer.content {
            try evaluate(items, t: t)
            if evaluator.ops.filter({ $0.opacity > 0 && !$0.paths.isEmpty }).count <= 1 {
                try paintEvaluated(full, opacity: opacity, clip: clip, into: &target)
                return
            }
        }
        let outer = drawn
        drawn = .none
        var scratch = try borrowCleanLayer(width: target.width, height: target.height)
        try drawContent(layer, time: time, t: t, full, clip: clip, depth: depth, into: &scratch)
        // Everything the content drew lies in `area`; outside it the scratch layer stays
        // transparent whatever the masks and matte do, and compositing transparency changes nothing.
        let area = drawn.intersection(clip)
        let dirty = drawn
        if !area.isEmpty {
            if !activeMasks.isEmpty { try applyMasks(activeMasks, t: t, full, area: area, into: &scratch) }
            if let src = matteSource, let mode = layer.matteMode {
                drawn = .none
                var matte = try borrowCleanLayer(width: target.width, height: target.height)
                try drawLayer(comp, src, time: time, transform: transform, clip: clip, depth: depth, into: &matte)
                var gate = canvas.borrowMask(width: target.width, height: target.height)
                gate.setGate(from: matte, mode: mode, in: area)
                scratch.apply(mask: gate, in: area)
                canvas.recycle(gate)
                matte.clearTransparent(in: drawn)
                cleanLayers.append(matte)
            }
            target.composite(scratch, opacity: opacity, mode: layer.blendMode, in: area)
        }
        scratch.clearTransparent(in: dirty)
        cleanLayers.append(scratch)
        drawn = outer.union(area)
    }

    /// A transparent scratch layer of the target's size (give it back clean, to `cleanLayers`).
    private func borrowCleanLayer(width: Int, height: Int) throws -> Pixmap {
        if let i = cleanLayers.lastIndex(where: { $0.width == width && $0.height == height }) {
            return cleanLayers.remove(at: i)
        }
        return try Pixmap(width: width, height: height)
    }

    /// Adds the spans the canvas just painted to `drawn`.
    private func trackSpans() {
        let spans = canvas.rasterizer.spans
        guard let first = spans.first, let last = spans.last else { return }
        var x0 = Int.max, x1 = Int.min
        for sp in spans {
            x0 = min(x0, Int(sp.x)); x1 = max(x1, Int(sp.x) + Int(sp.length))
        }
        drawn = drawn.union(IntRect(x: x0, y: Int(first.y), width: x1 - x0, height: Int(last.y) - Int(first.y) + 1))
    }

    func drawContent(_ layer: LayerModel, time: Double, t: Double, _ full: Transform, clip: IntRect, depth: Int,
                     into target: inout Pixmap) throws {
        switch layer.content {
        case .shapes(let items):
            try drawShapes(items, t: t, full, clip: clip, into: &target)
        case let .solid(color, w, h):
            guard w > 0, h > 0 else { return }
            try canvas.fill(Path.rect(Rect(x: 0, y: 0, width: w, height: h)), transform: full, paint: .solid(color),
                            clip: clip, into: &target)
            trackSpans()
        case let .precomp(id, w, h):
            guard let comp = model.precomps[id] else { return }
            var childTime = (time - layer.startTime) / layer.stretch
            if let tm = layer.timeRemap {
                childTime = tm.scalar(at: t) * model.frameRate
                // Remapping onto the layer's out point shows the last frame (lottie-web's rule).
                if childTime >= layer.outPoint { childTime = layer.outPoint - 1 }
            }
            var c = clip
            if let w, let h, full.b == 0, full.c == 0 {
                let p0 = full.apply(Point(0, 0)), p1 = full.apply(Point(w, h))
                let x0 = Int(min(p0.x, p1.x).rounded()), x1 = Int(max(p0.x, p1.x).rounded())
                let y0 = Int(min(p0.y, p1.y).rounded()), y1 = Int(max(p0.y, p1.y).rounded())
                c = clip.intersection(IntRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0))
                if c.isEmpty { return }
            }
            try drawComposition(comp, time: childTime, transform: full, clip: c, depth: depth + 1, into: &target)
        case .image(let id):
            guard let image = model.images[id] else { return }
            drawn = drawn.union(ImageDrawer.draw(image, transform: full, clip: clip, into: &target))
        case .null, .unsupported:
            return
        }
    }

    func drawShapes(_ items: [ShapeItem], t: Double, _ full: Transform, clip: IntRect, into target: inout Pixmap) throws {
        try evaluate(items, t: t)
        try paintEvaluated(full, opacity: 1, clip: clip, into: &target)
    }

    /// Collects a shape list's paths and paints at time `t`, refusing lists that repeaters blow up.
    private func evaluate(_ items: [ShapeItem], t: Double) throws {
        evaluator.reset()
        _ = evaluator.collect(items, t: t, transform: .identity, opacity: 1)
        if evaluator.overflowed {
            throw RenderError(file: name, frame: Int(t.rounded(.down)),
                              "repeaters expand a shape list to more than \(limits.maxDrawsPerFrame) paths and paints (raise it with --max-draws)")
        }
    }

    /// Paints the evaluator's draw list, last first (the first item is on top).
    func paintEvaluated(_ full: Transform, opacity: Double, clip: IntRect, into target: inout Pixmap) throws {
        let ops = evaluator.ops
        let geo = evaluator.geo
        for op in ops.reversed() {
            let alpha = min(1, op.opacity) * opacity
            if alpha <= 0 || op.paths.isEmpty { continue }
            let g = op.groupTransform
            guard let inv = g.inverted else { continue }
            path.removeAll()
            var points = 0
            for i in op.paths {
                let gp = geo[i]
                let rel = gp.transform == g ? nil : gp.transform.then(inv)
                for s in gp.shapes {
                    points += s.vertices.count
                    s.append(to: &path, transform: rel)
                }
            }
            if path.isEmpty { continue }
            guard points <= limits.maxPathPoints else {
                throw RenderError(file: name, "a shape has \(points) points, more than the limit of \(limits.maxPathPoints) (raise it with --max-path-points)")
            }
            let m = g.then(full)
            switch op.kind {
            case let .fill(paint, rule):
                try canvas.fill(path, transform: m, paint: paint, opacity: alpha, rule: rule, clip: clip, into: &target)
            case let .stroke(paint, style):
                if style.width <= 0 { continue }
                try canvas.stroke(path, style: style, transform: m, paint: paint, opacity: alpha, clip: clip, into: &target)
            }
            trackSpans()
        }
    }

    // MARK: Masks

    /// Masks the scratch layer inside `area` (outside it the layer is transparent already).
    func applyMasks(_ masks: [MaskModel], t: Double, _ full: Transform, area: IntRect, into scratch: inout Pixmap) throws {
        let w = scratch.width, h = scratch.height
        var acc = canvas.borrowMask(width: w, height: h)
        if let first = masks.first?.mode, first == .subtract || first == .intersect { acc.fill(255, in: area) }
        var m = canvas.borrowMask(width: w, height: h)
        for mask in masks {
            guard let mode = mask.mode else { continue }
            let shape = mask.shape.value(at: t)
            path.removeAll()
            shape.append(to: &path, transform: nil)
            try canvas.fillMask(path, transform: full, into: &m)
            let x = mask.expansion.scalar(at: t)
            if x != 0 && !path.isEmpty {
                var edge = canvas.borrowMask(width: w, height: h)
                try canvas.strokeMask(path, style: StrokeStyle(width: abs(x) * 2, join: .round), transform: full, into: &edge)
                m.combine(edge, mode: x > 0 ? .add : .subtract, in: area)
                canvas.recycle(edge)
            }
            acc.combine(m, mode: mode, opacity: mask.opacity.scalar(at: t) / 100, inverted: mask.inverted, in: area)
        }
        scratch.apply(mask: acc, in: area)
        canvas.recycle(m)
        canvas.recycle(acc)
    }
}

/// Draws an image under an affine transform with bilinear sampling (premultiplied), source-over.
enum ImageDrawer {
    /// Returns the rectangle it may have drawn into.
    @discardableResult
    static func draw(_ image: Pixmap, transform: Transform, clip: IntRect, into target: inout Pixmap) -> IntRect {
        guard let inv = transform.inverted else { return .none }
        let corners = [Point(0, 0), Point(Double(image.width), 0), Point(0, Double(image.height)),
                       Point(Double(image.width), Double(image.height))].map { transform.apply($0) }
        let minX = max(clip.x, Int(corners.map(\.x).min()!.rounded(.down)))
        let maxX = min(clip.maxX, Int(corners.map(\.x).max()!.rounded(.up)))
        let minY = max(clip.y, Int(corners.map(\.y).min()!.rounded(.down)))
        let maxY = min(clip.maxY, Int(corners.map(\.y).max()!.rounded(.up)))
        guard maxX > minX, maxY > minY else { return .none }
        let iw = image.width, ih = image.height, istride = image.stride, tstride = target.stride
        image.bytes.withUnsafeBufferPointer { src in
            target.bytes.withUnsafeMutableBufferPointer { dst in
                for y in minY..<maxY {
                    for x in minX..<maxX {
                        let p = inv.apply(Point(Double(x) + 0.5, Double(y) + 0.5))
                        let u = p.x - 0.5, v = p.y - 0.5
                        if p.x < 0 || p.y < 0 || p.x > Double(iw) || p.y > Double(ih) { continue }
                        let x0 = Int(u.rounded(.down)), y0 = Int(v.rounded(.down))
                        let fx = u - Double(x0), fy = v - Double(y0)
                        var acc = (0.0, 0.0, 0.0, 0.0)
                        for (dx, dy, wgt) in [(0, 0, (1 - fx) * (1 - fy)), (1, 0, fx * (1 - fy)), (0, 1, (1 - fx) * fy), (1, 1, fx * fy)] {
                            let sx = min(max(x0 + dx, 0), iw - 1), sy = min(max(y0 + dy, 0), ih - 1)
                            let o = sy * istride + sx * 4
                            acc.0 += Double(src[o]) * wgt; acc.1 += Double(src[o + 1]) * wgt
                            acc.2 += Double(src[o + 2]) * wgt; acc.3 += Double(src[o + 3]) * wgt
                        }
                        let a = acc.3
                        if a <= 0 { continue }
                        let d = y * tstride + x * 4
                        let k = 1 - a / 255
                        dst[d] = UInt8(min(255, acc.0 + Double(dst[d]) * k + 0.5))
                        dst[d + 1] = UInt8(min(255, acc.1 + Double(dst[d + 1]) * k + 0.5))
                        dst[d + 2] = UInt8(min(255, acc.2 + Double(dst[d + 2]) * k + 0.5))
                        dst[d + 3] = UInt8(min(255, a + Double(dst[d + 3]) * k + 0.5))
                    }
                }
            }
        }
        return IntRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }
}

extension IntRect {
    /// The empty rectangle.
    static let none = IntRect(x: 0, y: 0, width: 0, height: 0)

    /// The smallest rectangle holding both (an empty one adds nothing).
    func union(_ o: IntRect) -> IntRect {
        if o.isEmpty { return self }
        if isEmpty { return o }
        let x0 = min(x, o.x), y0 = min(y, o.y)
        return IntRect(x: x0, y: y0, width: max(maxX, o.maxX) - x0, height: max(maxY, o.maxY) - y0)
    }
}

