#if canImport(Glibc)
import Glibc
#endif
import CYLGeometry
import CYLRaster
import CYLTimeline

/// Why a frame's display list could not be built: a bound on the work one frame may do.
struct SceneLimitError: Error, CustomStringConvertible {
    var description: String
}

/// Turns the Lottie model at one composition time into a display list: layers in drawing order,
/// parents and track mattes already resolved by the parser, precomps entered at their own time,
/// shape lists evaluated into fills and strokes. Everything it adds counts against the draw
/// budget (`Limits.maxDrawsPerFrame`), and precomps and mattes together nest at most
/// `Limits.maxPrecompDepth` deep, so no file can make one frame unbounded work.
///
/// Times: a *composition time* is in a composition's own frames (fractional), the unit of its
/// layers' keyframes, in/out points and start times. The root composition's time is the
/// timeline's time plus its in point; `LayerTime` holds the rules that take it into each precomp.
struct LottieSceneBuilder {
    let model: AnimationModel
    let limits: Limits
    private var evaluator: ShapeEvaluator
    /// Evaluates expressions before each composition is built (nil when the file has none).
    private let expressions: ExpressionRuntime?
    /// Output pixels per composition unit of the root (the renderer sets it from its target);
    /// merge paths flatten curves finely enough for it.
    var outputScale = 1.0
    /// Output pixels per unit of the composition being built (the root's, or a precomp's
    /// through its layer's transforms), at most.
    private var compositionScale = 1.0
    /// Output pixels per unit of the composition being built at the smallest and largest scales
    /// its layer chain is keyed to (`LayerModel.keyedScale`), per axis: what libpag sizes and
    /// mipmaps snapshots by.
    private var compositionScaleRange = ScaleRange.one
    /// `compositionScaleRange` of the root: the output scale.
    private var outputScaleRange = ScaleRange.one
    /// How much larger than its layers' scales the content being built is drawn: the product of
    /// the `ContentSnapshot` scale ratios of the layers it is inside.
    private var snapshotScaleFactor = 1.0
    /// Whether the layers being added are a track matte's source: libpag gates with a matte's
    /// outlines, so its text is not drawn as glyph bitmaps.
    private var addingMatte = false
    /// Scratch for a mask path between keyframes.
    private var maskShape = BezierShape.empty
    /// Draws a layer's content into a bitmap of its own (`contentImage`), made when first needed.
    private var contentRenderer: DisplayListRenderer? = nil
    /// Pixels drawn by `contentImage` this frame.
    private var contentImagePixels = 0
    /// How many canvases' worth of pixels (`Limits.maxCanvasPixels` each) one frame's content
    /// images may hold together: a file of many displacement maps, each as large as a canvas may
    /// be, would otherwise make one frame draw without bound.
    static let contentImageCanvases = 4

    /// `expressionTime`: the file's expression time over the command (shared between renderers).
    init(model: AnimationModel, limits: Limits, expressionTime: ExpressionTimeBudget? = nil) {
        self.model = model
        self.limits = limits
        evaluator = ShapeEvaluator(maxPathPoints: limits.maxPathPoints, maxDraws: limits.maxDrawsPerFrame)
        evaluator.dashMeasure = model.dashMeasure
        expressions = model.expressions.isEmpty ? nil
            : ExpressionRuntime(model: model, limits: limits, timeBudget: expressionTime)
    }

    /// Builds the root composition at composition time `time` into `list` (emptied first).
    mutating func build(atCompositionTime time: Double, into list: inout DisplayList) throws(SceneLimitError) {
        list.reset(width: model.width, height: model.height, edges: model.boxEdges)
        expressions?.beginFrame()
        defer { expressions?.endFrame() }
        evaluator.trimMeasures.beginFrame()
        compositionScale = outputScale.isFinite && outputScale > 0 ? outputScale : 1
        compositionScaleRange = ScaleRange(smallest: Point(compositionScale, compositionScale),
                                           largest: Point(compositionScale, compositionScale))
        outputScaleRange = compositionScaleRange
        snapshotScaleFactor = 1
        contentImagePixels = 0
        try addComposition(model.root, time: time, depth: 0, into: &list)
    }

    // MARK: Layers

    private mutating func addComposition(_ comp: CompositionModel, time: Double, depth: Int,
                                         into list: inout DisplayList) throws(SceneLimitError) {
        guard depth <= limits.maxPrecompDepth else {
            throw SceneLimitError(description: "precomps and track mattes nest deeper than the limit of \(limits.maxPrecompDepth) (\(Limit.maxPrecompDepth))")
        }
        let comp = expressions?.resolve(comp, frame: time) ?? comp
        for pos in stride(from: comp.layers.count - 1, through: 0, by: -1) {
            if comp.layers[pos].isMatteSource || comp.layers[pos].hidden { continue }
            try addLayer(comp, pos, time: time, depth: depth, into: &list)
        }
    }

    /// Adds layer `pos` of `comp` as a group: its world transform, opacity, blend mode, masks and
    /// matte, with its content as children. A layer's properties are keyed in `time`, its
    /// composition's time.
    private mutating func addLayer(_ comp: CompositionModel, _ pos: Int, time: Double, depth: Int,
                                   into list: inout DisplayList) throws(SceneLimitError) {
        // The layer is read in place: `let layer = comp.layers[pos]` copies it, retaining (and
        // then releasing) every field it has.
        try comp.layers.withUnsafeBufferPointer { (layers) throws(SceneLimitError) in
            try addLayer(layers[pos], of: comp, at: pos, time: time, depth: depth, into: &list)
        }
    }

    private mutating func addLayer(_ layer: LayerModel, of comp: CompositionModel, at pos: Int, time: Double, depth: Int,
                                   into list: inout DisplayList) throws(SceneLimitError) {
        guard LayerTime.isVisible(layer, at: time) else { return }
        switch layer.content {
        case .null, .unsupported: return
        default: break
        }
        let opacity = layer.transform.opacity.scalar(at: time) / 100
        if opacity <= 0 { return }
        let world = worldMatrix(comp, pos, time: time)
        let layerScale = compositionScale * world.maxScale
        let hasMasks = layer.masks.contains { $0.mode != nil }
        var evaluated = false
        if opacity < 1, !hasMasks, layer.matte == nil, layer.blendMode == .normal, !layer.hasPixelEffects,
           case .shapes(let items) = layer.content {
            // A shape layer that only fades and paints once needs no layer of its own: one fill or
            // stroke covers each pixel once, so the layer's opacity can go into the paint.
            try evaluate(items, time: time, pixelScale: layerScale)
            evaluated = true
            if evaluator.visiblePaintCount <= 1 {
                list.beginGroup(transform: world)
                try addEvaluated(opacity: opacity, into: &list)
                try finishGroup(&list)
                return
            }
        }
        var clip: Rect? = nil
        if case let .precomp(_, w?, h?) = layer.content { clip = Rect(x: 0, y: 0, width: w, height: h) }
        list.beginGroup(transform: world, opacity: opacity, blendMode: layer.blendMode, clip: clip)
        for mask in layer.masks {
            guard let mode = mask.mode else { continue }
            // An animated mask path is interpolated into one reused shape, not a new one.
            let interpolated = mask.shape.interpolate(at: time, into: &maskShape)
            let shape = interpolated ? maskShape : mask.shape.value(at: time)
            let path = list.makePath(keepEmpty: true) { shape.append(to: &$0, transform: nil) }!
            // A feather given as one number softens both ways alike.
            let fx = mask.feather.component(0, at: time)
            let fy = mask.feather.count(at: time) > 1 ? mask.feather.component(1, at: time) : fx
            list.addMask(path: path, mode: mode, opacity: mask.opacity.scalar(at: time) / 100, inverted: mask.inverted,
                         expansion: mask.expansion.scalar(at: time), featherX: fx, featherY: fy)
        }
        let outerSnapshotScale = snapshotScaleFactor
        // libpag's motion blur compares the layer's own transform with the previous frame's.
        let blur = layer.snapshotsContent && layer.motionBlur
            ? ContentSnapshot.MotionBlur(from: layerMatrix(layer, time: max(time - 1, layer.inPoint)), to: layerMatrix(layer, time: time))
            : nil
        // Text goes through libpag's filter pass, not its content cache: its snapshot is laid
        // over the text's bounds, known once the text is added.
        var textSnapshot: ContentSnapshot? = nil
        // So does a layer with a displacement map (its shader reads the filter pass's texels):
        // over the content's rectangle, an image's at no more than its pixels' scale.
        var displacementPass = false
        if layer.snapshotsContent, case .text = layer.content {
            list.beginGroup(transform: .identity)
            textSnapshot = ContentSnapshot(motionBlur: blur)
        } else if layer.snapshotsContent, blur == nil, drawsDisplacementMap(layer, of: comp, time: time),
                  let bounds = contentBounds(layer, at: time) {
            list.beginGroup(transform: .identity)
            var limit = Double.infinity
            if case .image = layer.content { limit = 1 }
            list.setSnapshot(ContentSnapshot(grid: .filterPass(bounds: bounds, scaleLimit: limit)))
            displacementPass = true
        } else if layer.snapshotsContent {
            // libpag draws the snapshot at the largest scale the layer is keyed to; at a smaller
            // one now, the bitmap is shrunk as it is drawn.
            let range = layer.keyedScale.within(compositionScaleRange)
            let largest = max(range.largest.x, range.largest.y), smallest = min(range.smallest.x, range.smallest.y)
            list.beginGroup(transform: .identity)
            let snapshot = ContentSnapshot(scaleRatio: layerScale > 0 ? largest / layerScale : 1,
                                           mipmapped: smallest < ContentSnapshot.mipmapThreshold * largest, motionBlur: blur)
            list.setSnapshot(snapshot)
            snapshotScaleFactor *= snapshot.scaleRatio
        }
        if var snapshot = textSnapshot, case .text(let text) = layer.content {
            // Drawn into a bitmap square to the layer: hinted at its scale, whatever turns it.
            let bounds = try addText(text, time: time, pixelScale: ContentSnapshot.filterPassScale(layerScale),
                                     fitsPixels: !addingMatte, measuring: true, into: &list)
            snapshot.grid = .filterPass(bounds: bounds)
            list.setSnapshot(snapshot)
        } else {
            try addContent(layer, time: time, depth: depth, layerScale: layerScale, fitsPixels: world.b == 0 && world.c == 0,
                           evaluated: evaluated, into: &list)
        }
        // libpag's filter pass applies the effects to its bitmap (the text's, or the displaced
        // content's), before it is resampled: the snapshot group holds them (the renderer
        // applies them there when it can).
        let effectsOnSnapshot = (textSnapshot != nil || displacementPass) && layer.hasPixelEffects
        if effectsOnSnapshot { try addEffects(layer, of: comp, at: pos, time: time, depth: depth, into: &list) }
        if layer.snapshotsContent { try finishGroup(&list) }
        snapshotScaleFactor = outerSnapshotScale  // (a throw ends the frame: `build` starts again at 1)
        if layer.hasPixelEffects, !effectsOnSnapshot { try addEffects(layer, of: comp, at: pos, time: time, depth: depth, into: &list) }
        if let matte = layer.matte {
            list.beginMatte(matte.mode)
            let outer = addingMatte
            addingMatte = true
            defer { addingMatte = outer }
            try addLayer(comp, matte.source, time: time, depth: depth + 1, into: &list)
        }
        try finishGroup(&list)
    }

    /// Adds what `layer` shows, in its own units, to the open group: no transform, masks,
    /// effects or matte. `layerScale`: output pixels per unit of the layer; `fitsPixels`: its
    /// text may be fitted to the pixel grid; `evaluated`: its shapes are evaluated already.
    private mutating func addContent(_ layer: LayerModel, time: Double, depth: Int, layerScale: Double, fitsPixels: Bool,
                                     evaluated: Bool, into list: inout DisplayList) throws(SceneLimitError) {
        switch layer.content {
        case .shapes(let items):
            if !evaluated { try evaluate(items, time: time, pixelScale: layerScale) }
            try addEvaluated(opacity: 1, into: &list)
        case let .solid(color, w, h):
            if w > 0, h > 0, let path = list.makePath({ $0.append(Path.rect(Rect(x: 0, y: 0, width: w, height: h))) }) {
                list.addFill(path: path, transform: .identity, paint: .solid(color))
            }
        case .precomp(let id, _, _):
            if let child = model.precomps[id],
               let childTime = LayerTime.childTime(of: layer, at: time, frameRate: model.frameRate) {
                let outer = compositionScale, outerRange = compositionScaleRange
                compositionScale = layerScale
                compositionScaleRange = layer.keyedScale.within(outerRange)
                defer { compositionScale = outer; compositionScaleRange = outerRange }
                try addComposition(child, time: childTime, depth: depth + 1, into: &list)
            }
        case .image(let id):
            if let image = model.images[id] {
                Self.add(image, scales: libpagScales(image, .image(id), layer, layerScale), into: &list)
            }
        case .frames(let source):
            if let image = source.image(at: time) {
                let scales = source.stillAsset.map { libpagScales(image, $0, layer, layerScale) } ?? .constant
                Self.add(image, scales: scales, into: &list)
            }
        case .text(let text):
            try addText(text, time: time, pixelScale: layerScale, fitsPixels: !addingMatte && fitsPixels, into: &list)
        case .null, .unsupported:
            break
        }
    }

    /// What layer `pos` of `comp` shows at `time`, drawn one pixel per unit over `size` from its
    /// origin (libpag draws a displacement map's layer so); nil when it is not shown then.
    mutating func contentImage(_ comp: CompositionModel, _ pos: Int, time: Double, size: (width: Int, height: Int), clip: Rect?,
                               depth: Int) throws(SceneLimitError) -> Pixmap? {
        guard size.width > 0, size.height > 0 else { return nil }
        guard size.width <= limits.maxCanvasPixels / size.height else {
            throw SceneLimitError(description: "a displacement map of \(size.width)x\(size.height) pixels is more than the limit of \(limits.maxCanvasPixels) (\(Limit.maxCanvasPixels))")
        }
        contentImagePixels += size.width * size.height
        guard contentImagePixels <= limits.maxCanvasPixels * Self.contentImageCanvases else {
            throw SceneLimitError(description: "the displacement maps of one frame draw more than \(Self.contentImageCanvases) times the canvas limit of \(limits.maxCanvasPixels) pixels (\(Limit.maxCanvasPixels))")
        }
        guard depth + 1 <= limits.maxPrecompDepth else {
            throw SceneLimitError(description: "precomps, track mattes and displacement maps nest deeper than the limit of \(limits.maxPrecompDepth) (\(Limit.maxPrecompDepth))")
        }
        let outer = (compositionScale, compositionScaleRange, snapshotScaleFactor, addingMatte)
        compositionScale = 1
        compositionScaleRange = .one
        snapshotScaleFactor = 1
        addingMatte = false
        defer { (compositionScale, compositionScaleRange, snapshotScaleFactor, addingMatte) = outer }
        var content = DisplayList()
        content.reset(width: Double(size.width), height: Double(size.height), edges: .unclipped)
        content.beginGroup(transform: .identity, clip: clip)
        try comp.layers.withUnsafeBufferPointer { (layers) throws(SceneLimitError) in
            try addContent(layers[pos], time: time, depth: depth + 1, layerScale: 1, fitsPixels: true, evaluated: false, into: &content)
        }
        try finishGroup(&content)
        if contentRenderer == nil { contentRenderer = DisplayListRenderer(maxPathPoints: limits.maxPathPoints) }
        do {
            var image = try Pixmap(width: size.width, height: size.height, maxPixels: limits.maxCanvasPixels)
            try contentRenderer!.render(content, into: &image)
            return image
        } catch {
            throw SceneLimitError(description: "the displacement map could not be drawn: \(error)")
        }
    }

    /// Ends the current layer's group (dropping it when it drew nothing) and checks the budget.
    private func finishGroup(_ list: inout DisplayList) throws(SceneLimitError) {
        if !list.dropEmptyGroup() { list.endGroup() }
        guard list.drawCount <= limits.maxDrawsPerFrame else {
            throw SceneLimitError(description: "one frame draws more than \(limits.maxDrawsPerFrame) layers, shapes, masks and mattes once precomps, mattes and repeaters are expanded (\(Limit.maxDrawsPerFrame))")
        }
        try checkPathPoints(list)
    }

    /// Throws when the paths made so far this frame hold more points than the frame may.
    private func checkPathPoints(_ list: DisplayList) throws(SceneLimitError) {
        guard list.pathPoints <= limits.maxFramePathPoints else {
            throw SceneLimitError(description: limits.framePathPointsMessage)
        }
    }

    /// The scales libpag sizes and mipmaps an image's snapshot by (`ImageSampling.libpag`): those
    /// every layer showing `asset` is keyed to (else this layer's), relative to the scale it is
    /// drawn at here, `layerScale` (in any snapshot it is inside).
    private func libpagScales(_ image: LottieImage, _ asset: ImageAsset, _ layer: LayerModel, _ layerScale: Double) -> ScaleRatios {
        let drawn = layerScale * snapshotScaleFactor
        guard drawn > 0, image.sampling == .libpag || image.sampling == .libpagStill else { return .constant }
        let range = model.imageScaleRanges[asset]?.within(outputScaleRange) ?? layer.keyedScale.within(compositionScaleRange)
        return ScaleRatios(smallest: min(range.smallest.x, range.smallest.y) / drawn, largest: max(range.largest.x, range.largest.y) / drawn)
    }

    /// Layer space to composition space, through the parent chain (acyclic: the parser checked).
    func worldMatrix(_ comp: CompositionModel, _ pos: Int, time: Double) -> Transform {
        // By index, never `var layer = comp.layers[i]`: a LayerModel copy retains (and then
        // releases) every field it has, which was 6% of a frame of a many-layered icon.
        var m = layerMatrix(comp.layers[pos], time: time)
        var next = comp.layers[pos].parent
        while let parent = next {
            m = m.then(layerMatrix(comp.layers[parent], time: time))
            next = comp.layers[parent].parent
        }
        return m
    }

    /// Draws `image` in its box, clipped to it when it overflows.
    private static func add(_ image: LottieImage, scales: ScaleRatios, into list: inout DisplayList) {
        let (placement, crops) = image.placement
        if crops {
            list.beginGroup(transform: .identity, clip: Rect(x: image.offset.x, y: image.offset.y, width: image.width, height: image.height))
        }
        list.addImage(image.pixels, transform: placement, sampling: image.sampling, scales: scales)
        if crops { list.endGroup() }
    }

    private func layerMatrix(_ layer: LayerModel, time: Double) -> Transform {
        let m = layer.transform.matrix(at: time)
        guard layer.autoOrient, !layer.transform.position.isStatic else { return m }
        // Auto-orient: rotate about the layer's position by the direction its path is moving in.
        let a = layer.transform.positionPoint(at: time - 0.05), b = layer.transform.positionPoint(at: time + 0.05)
        let d = b - a
        guard d.length > 1e-9 else { return m }
        let p = layer.transform.positionPoint(at: time)
        return m.then(.translation(-p.x, -p.y)).then(.rotation(atan2(d.y, d.x))).then(.translation(p.x, p.y))
    }

    // MARK: Shapes

    /// Evaluates a shape list at `time`, refusing lists that repeaters blow up; `pixelScale` is
    /// about how many output pixels a unit of the layer covers.
    private mutating func evaluate(_ items: [ShapeItem], time: Double, pixelScale: Double) throws(SceneLimitError) {
        evaluator.reset()
        evaluator.pixelScale = pixelScale
        evaluator.collect(items, t: time, transform: .identity, opacity: 1)
        if evaluator.overflowed {
            throw SceneLimitError(description: "repeaters expand a shape list to more than \(limits.maxDrawsPerFrame) paths and paints (\(Limit.maxDrawsPerFrame))")
        }
    }

    /// Adds the evaluated styles as fills and strokes, last first (the first item is on top), each
    /// painting its paths mapped into the space of the group that holds the style (stroke widths
    /// and gradients live there), its opacity times `opacity`.
    private func addEvaluated(opacity: Double, into list: inout DisplayList) throws(SceneLimitError) {
        let geo = evaluator.geo, opPaths = evaluator.opPaths
        for op in evaluator.ops.reversed() {
            let alpha = min(1, op.opacity) * opacity
            if alpha <= 0 || op.paths.isEmpty { continue }
            if case .stroke(_, let style) = op.kind, style.width <= 0 { continue }
            let g = op.groupTransform
            guard let inv = g.inverted else { continue }
            let path = list.makePath { path in
                for i in opPaths[op.paths] {
                    let gp = geo[i]
                    let rel = gp.transform == g ? nil : gp.transform.then(inv)
                    for s in gp.shapes { s.append(to: &path, transform: rel) }
                }
            }
            guard let path else { continue }
            try checkPathPoints(list)
            switch op.kind {
            case let .fill(paint, rule):
                list.addFill(path: path, transform: g, paint: paint, opacity: alpha, rule: rule)
            case let .stroke(paint, style):
                list.addStroke(path: path, transform: g, paint: paint, opacity: alpha, style: style)
            }
        }
    }
}
