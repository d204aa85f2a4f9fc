#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CYLGeometry
import CYLRaster
import CYLTimeline

/// Turns an artboard instance, as it stands after an update, into a display list: the artboard's
/// background, then its drawables in paint order, each inside the clip groups of its clipping
/// shapes, nested artboards as groups drawn the same way. Every lookup is resolved here; the
/// renderer only draws. One builder per thread (it reuses the list's buffers).
struct SceneBuilder {
    var list = DisplayList()
    let limits: Limits
    let file: String

    init(limits: Limits, file: String) {
        self.limits = limits
        self.file = file
    }

    /// Maps content to pixels when known (the fit of the target being drawn), so that the scene
    /// artboard's clip can cover whole pixels as the reference renderer's does.
    var device: Transform?
    /// Maps the space drawables are placed in (the artboard being drawn) to the scene artboard's,
    /// through the nested artboards drawn around it: with `device`, what the renderer maps it by.
    var placement = Transform.identity
    /// The clips of the drawable being drawn when it blends with its backdrop: its blended
    /// groups carry them as masks, since an isolated clip group would hide the backdrop from them.
    private var blendClips: [RClippingShape] = []
    /// Images reduced for drawing well below their size, by image component and reduced size.
    private var reduced: [ReducedKey: Pixmap] = [:]
    private struct ReducedKey: Hashable { var image: ObjectIdentifier; var asset: Int; var size: PixelSize }

    /// Builds the frame of `artboard` (the scene's own: its top-left corner at the origin).
    mutating func build(_ artboard: ArtboardInstance, frame: Int?) throws {
        let root = artboard.root
        if artboard.budget.pathPointsExhausted {
            throw RenderError(file: file, frame: frame, limits.framePathPointsMessage)
        }
        list.reset(width: root.width, height: root.height)
        try draw(artboard, frame: frame, isScene: true)
    }

    /// The scene artboard's clip in its group space, widened to whole pixels when the mapping to
    /// pixels keeps it axis-aligned: a partly covered edge pixel shows the content's own
    /// anti-aliasing rather than that times the clip's.
    private func pixelClip(_ bounds: Rect, _ t: Transform) -> Rect? {
        guard let device else { return nil }
        let m = device * t
        guard m.b == 0, m.c == 0, let inverse = m.inverted else { return nil }
        let p0 = m * Point(bounds.minX, bounds.minY), p1 = m * Point(bounds.maxX, bounds.maxY)
        let d0 = Point(min(p0.x, p1.x).rounded(.down), min(p0.y, p1.y).rounded(.down))
        let d1 = Point(max(p0.x, p1.x).rounded(.up), max(p0.y, p1.y).rounded(.up))
        let q0 = inverse * d0, q1 = inverse * d1
        return Rect(minX: min(q0.x, q1.x), minY: min(q0.y, q1.y), maxX: max(q0.x, q1.x), maxY: max(q0.y, q1.y))
    }

    // MARK: Artboards

    private mutating func draw(_ artboard: ArtboardInstance, frame: Int?, isScene: Bool = false) throws {
        let root = artboard.root
        guard root.childOpacity != 0 else { return }
        var t = Transform.identity
        if root.frameOrigin { t = .translation(root.width * root.originX, root.height * root.originY) }
        if root.hasSelfTransform { t = t * root.selfTransform }
        let outside = placement
        placement = placement * t
        defer { placement = outside }
        let bounds = root.bounds
        // The clip is a mask, so its edges are anti-aliased like the reference's (a pixel-snapped
        // rectangle would drop the partly covered row at a fractional edge).
        let snapped = isScene && root.clip ? pixelClip(bounds, t) : nil
        list.beginGroup(transform: t, clip: snapped)
        if root.clip && snapped == nil, let p = list.makePath(keepEmpty: true, { $0.append(Path.rect(bounds)) }) {
            list.addMask(path: p, mode: .add)
        }
        for paint in root.paints where paint.shouldDraw {
            var rect = Path()
            rect.append(Path.rect(bounds))
            try add(paint, path: rect, world: .identity, opacity: root.childOpacity, blend: .normal)
        }
        var clips: [RClippingShape] = []
        var emptyClips = 0
        for d in artboard.paintOrder() {
            // Close the clip groups this drawable is not inside, open the ones it is. One that
            // blends with its backdrop is drawn outside them, carrying its clips as masks.
            let wanted = d.clippingShapes.filter(\.isVisible)
            let blends = Self.blendsWithBackdrop(d)
            var keep = 0
            while !blends && keep < clips.count && wanted.contains(where: { $0 === clips[keep] }) { keep += 1 }
            while clips.count > keep {
                let c = clips.removeLast()
                if c.clipPath() == nil { emptyClips -= 1 } else { list.endGroup() }
            }
            if blends {
                // A clip whose shapes are all hidden hides what it clips.
                guard wanted.allSatisfy({ $0.clipPath() != nil }), d.willDraw else { continue }
                blendClips = wanted
                defer { blendClips = [] }
                try draw(d, frame: frame)
                try checkBudget(frame)
                continue
            }
            for c in wanted where !clips.contains(where: { $0 === c }) {
                clips.append(c)
                guard let path = c.clipPath() else { emptyClips += 1; continue }
                list.beginGroup(transform: .identity)
                if let p = list.makePath(keepEmpty: true, { $0.append(path) }) {
                    list.addMask(path: p, mode: .add, rule: Self.rule(c))
                }
            }
            guard emptyClips == 0, d.willDraw else { continue }
            try draw(d, frame: frame)
            try checkBudget(frame)
        }
        for c in clips.reversed() where c.clipPath() != nil { list.endGroup() }
        list.endGroup()
    }

    func checkBudget(_ frame: Int?) throws {
        guard list.drawCount <= limits.maxDrawsPerFrame else {
            throw RenderError(file: file, frame: frame,
                              "the frame draws more than \(limits.maxDrawsPerFrame) items (\(Limit.maxDrawsPerFrame))")
        }
        // The shapes' paths are bounded when built; the copies drawing makes are bounded here.
        guard list.pathPoints <= limits.maxFramePathPoints else {
            throw RenderError(file: file, frame: frame, limits.framePathPointsMessage)
        }
    }

    /// A clip's fill rule (the reference clips clockwise as non-zero).
    static func rule(_ clip: RClippingShape) -> FillRule { clip.fillRule.rasterRule }

    /// Whether `d` draws something with a blend mode other than normal, which needs the backdrop.
    static func blendsWithBackdrop(_ d: RDrawable) -> Bool {
        switch d {
        case let shape as RShape:
            return shape.paints.contains { $0.shouldDraw && $0.blendMode.resolved(inheriting: shape.blendMode) != .normal }
        case let image as RImage:
            return image.blendMode != .normal
        case let text as RText:
            return text.drawOrder.contains { style in
                style.paints.contains { $0.shouldDraw && $0.blendMode.resolved(inheriting: text.blendMode) != .normal }
            }
        default:
            return false
        }
    }

    /// Begins a group blending its content with `mode` (and fading it by `opacity`), masked by the
    /// clips of the drawable being drawn. Returns whether it began one: a normal, opaque, unclipped
    /// group would change nothing.
    mutating func beginBlendGroup(_ mode: BlendMode, opacity: Double = 1) -> Bool {
        guard mode != .normal || opacity < 1 else { return false }
        list.beginGroup(transform: .identity, opacity: opacity, blendMode: mode)
        for (i, c) in blendClips.enumerated() {
            guard let path = c.clipPath(), let p = list.makePath(keepEmpty: true, { $0.append(path) }) else { continue }
            list.addMask(path: p, mode: i == 0 ? .add : .intersect, rule: Self.rule(c))
        }
        return true
    }

    // MARK: Drawables

    private mutating func draw(_ d: RDrawable, frame: Int?) throws {
        switch d {
        case let shape as RShape:
            for paint in shape.paints where paint.shouldDraw {
                let path: Path
                if let stroke = paint as? RStroke, !stroke.transformAffectsStroke {
                    path = shape.composer.worldPath
                } else if let fill = paint as? RFill, fill.fillRule == .clockwise {
                    path = shape.composer.localClockwisePath
                } else {
                    path = shape.composer.localPath
                }
                let inWorld = (paint as? RStroke).map { !$0.transformAffectsStroke } ?? false
                try add(paint, path: path, world: inWorld ? .identity : shape.worldTransform,
                        opacity: shape.renderOpacity, blend: shape.blendMode, gradientWorld: inWorld ? shape.worldTransform : nil)
            }
        case let image as RImage:
            guard let pixels = image.image, let t = image.imageTransform else { return }
            let mode = image.blendMode
            if let slicer = image.activeSlicer {
                try draw(slicer, pixels, image, t)
                return
            }
            if let mesh = image.mesh {
                guard mesh.isValid else { return }
                let began = beginBlendGroup(mode, opacity: image.renderOpacity)
                try draw(mesh, pixels, image)
                if began { list.endGroup() }
                return
            }
            let began = beginBlendGroup(mode)
            let (drawn, placed) = reduce(pixels, t, ObjectIdentifier(image), image.assetID ?? -1)
            list.addImage(drawn, transform: placed, opacity: image.renderOpacity)
            if began { list.endGroup() }
        case let text as RText:
            try draw(text)
        case let nested as RNestedArtboard:
            guard let instance = nested.instance else { return }
            list.beginGroup(transform: nested.worldTransform)
            let outside = placement
            placement = placement * nested.worldTransform
            defer { placement = outside }
            try draw(instance, frame: frame)
            list.endGroup()
        default:
            break
        }
    }

    /// A mesh: each triangle a group masked to the triangle (grown by half a pixel so that
    /// neighbours meet without an anti-aliased seam) holding the image mapped affinely from the
    /// triangle's image coordinates to its vertices.
    private mutating func draw(_ mesh: RMesh, _ pixels: Pixmap, _ image: RImage) throws {
        let space = mesh.space
        let points = mesh.positions().map { space * $0 }
        let w = Double(pixels.width), h = Double(pixels.height)
        let uv = mesh.vertices.map { Point($0.u * w, $0.v * h) }
        let pixel = device.map { 1 / max($0.maxScale, 1e-9) } ?? 0
        var k = 0
        while k + 2 < mesh.triangleIndices.count {
            let i0 = mesh.triangleIndices[k], i1 = mesh.triangleIndices[k + 1], i2 = mesh.triangleIndices[k + 2]
            k += 3
            let p = (points[i0], points[i1], points[i2])
            guard let map = Self.affine(from: (uv[i0], uv[i1], uv[i2]), to: p) else { continue }
            let corners = Self.grown(p, by: pixel / 2)
            guard let path = list.makePath({ path in
                path.move(to: corners.0); path.line(to: corners.1); path.line(to: corners.2); path.close()
            }) else { continue }
            let xs = [corners.0.x, corners.1.x, corners.2.x], ys = [corners.0.y, corners.1.y, corners.2.y]
            list.beginGroup(transform: .identity,
                            clip: Rect(minX: xs.min()! - pixel, minY: ys.min()! - pixel, maxX: xs.max()! + pixel, maxY: ys.max()! + pixel))
            list.addMask(path: path, mode: .add)
            let (drawn, placed) = reduce(pixels, map, ObjectIdentifier(image), image.assetID ?? -1)
            list.addImage(drawn, transform: placed, opacity: 1)
            list.endGroup()
            try checkBudget(nil)
        }
    }

    /// The affine map taking triangle `a` onto triangle `b`, nil when `a` has no area.
    static func affine(from a: (Point, Point, Point), to b: (Point, Point, Point)) -> Transform? {
        let ux = a.1.x - a.0.x, uy = a.1.y - a.0.y, vx = a.2.x - a.0.x, vy = a.2.y - a.0.y
        let det = ux * vy - uy * vx
        guard abs(det) > 1e-12 else { return nil }
        // Source basis (u, v) → destination basis (p, q).
        let px = b.1.x - b.0.x, py = b.1.y - b.0.y, qx = b.2.x - b.0.x, qy = b.2.y - b.0.y
        let ia = vy / det, ib = -uy / det, ic = -vx / det, id = ux / det
        let m = Transform(a: px * ia + qx * ib, b: py * ia + qy * ib, c: px * ic + qx * id, d: py * ic + qy * id, tx: 0, ty: 0)
        let o = m * a.0
        return Transform(a: m.a, b: m.b, c: m.c, d: m.d, tx: b.0.x - o.x, ty: b.0.y - o.y)
    }

    /// Triangle `t` with every edge moved outward by `d` (scaled about its incentre), at most
    /// doubled in size so a sliver does not spread.
    static func grown(_ t: (Point, Point, Point), by d: Double) -> (Point, Point, Point) {
        func len(_ p: Point, _ q: Point) -> Double { ((p.x - q.x) * (p.x - q.x) + (p.y - q.y) * (p.y - q.y)).squareRoot() }
        let a = len(t.1, t.2), b = len(t.0, t.2), c = len(t.0, t.1)
        let perimeter = a + b + c
        let area = abs((t.1.x - t.0.x) * (t.2.y - t.0.y) - (t.2.x - t.0.x) * (t.1.y - t.0.y)) / 2
        guard d > 0, perimeter > 0, area > 0 else { return t }
        let centre = Point((a * t.0.x + b * t.1.x + c * t.2.x) / perimeter, (a * t.0.y + b * t.1.y + c * t.2.y) / perimeter)
        let r = 2 * area / perimeter
        let s = min((r + d) / r, 2)
        func g(_ p: Point) -> Point { Point(centre.x + (p.x - centre.x) * s, centre.y + (p.y - centre.y) * s) }
        return (g(t.0), g(t.1), g(t.2))
    }

    /// An image drawn at less than 3/4 of its size is reduced first with a box filter, then
    /// sampled bilinearly: sampling the full-size image directly would alias. The reference's
    /// "good" filter averages a box of 1/scale source pixels widened by one pixel; box-reducing
    /// to `scale` and then sampling bilinearly averages more, so the reduction stops where the two
    /// blurs have the same variance: (1/s')²/4 = ((1/s)² + 1)/12.
    private static let reductionSteps = 16.0
    mutating func reduce(_ image: Pixmap, _ t: Transform, _ id: ObjectIdentifier, _ asset: Int) -> (Pixmap, Transform) {
        guard let device else { return (image, t) }
        let scale = (device * t).maxScale
        guard scale > 0, scale < 0.75 else { return (image, t) }
        // Rounded up to a step of 2^(1/16) (at most 4.4% less reduction than asked, so a little
        // sharper): an image whose scale animates then reuses the cached reductions instead of
        // reducing the full image again every frame (tape.riv: 17 ms a frame at 256², 84% of it here).
        let exact = (3 / (1 / (scale * scale) + 1)).squareRoot()
        let reduction = exp2((log2(exact) * Self.reductionSteps).rounded(.up) / Self.reductionSteps)
        guard reduction < 1 else { return (image, t) }
        let size = image.size.scaled(by: reduction)
        let key = ReducedKey(image: id, asset: asset, size: size)
        let small: Pixmap
        if let cached = reduced[key] { small = cached } else {
            guard let made = try? image.fitted(to: size) else { return (image, t) }
            if reduced.count > 64 { reduced.removeAll() }
            reduced[key] = made
            small = made
        }
        let back = Transform.scale(Double(image.width) / Double(small.width), Double(image.height) / Double(small.height))
        return (small, t * back)
    }

    /// Adds one fill or stroke of `path` (in the space `world` maps to the artboard), with its
    /// effects applied, in a group of its own when it blends other than normally or is feathered.
    mutating func add(_ paint: RShapePaint, path source: Path, world: Transform, opacity: Double,
                              blend inherited: BlendMode, gradientWorld: Transform? = nil) throws {
        guard let mutator = paint.mutator else { return }
        var path = source
        let isFill = paint is RFill
        for effect in paint.effects { path = effect.apply(path, isFill: isFill) }
        let mode = paint.blendMode.resolved(inheriting: inherited)
        let p = mutator.paint(opacity: opacity, world: gradientWorld)
        let rule = (paint as? RFill)?.fillRule.rasterRule ?? .nonZero
        if let feather = paint.feather {
            return try addFeathered(paint, feather, path: path, world: world, paint: p, rule: rule, mode: mode)
        }
        guard let index = list.makePath({ $0.append(path) }) else { return }
        let began = beginBlendGroup(mode)
        if let stroke = paint as? RStroke {
            list.addStroke(path: index, transform: world, paint: p, style: stroke.style)
        } else {
            list.addFill(path: index, transform: world, paint: p, rule: rule)
        }
        if began { list.endGroup() }
    }

    /// A feathered paint: its path drawn and blurred by a gaussian of standard deviation
    /// strength / 2 (design tools' blur size is two deviations), moved by the feather's offset in
    /// the artboard's or the shape's space. An inner feather (fills only) is an inner shadow: the
    /// region around the path, offset and blurred, kept only inside the path.
    private mutating func addFeathered(_ paint: RShapePaint, _ feather: RFeather, path: Path, world: Transform,
                                       paint p: Paint, rule: FillRule, mode: BlendMode) throws {
        let sigma = max(feather.strength, 0) / 2
        let inWorld = feather.space == .world
        if feather.inner, paint is RFill {
            // The runtime's inner path: the path's bounds padded by the blur's reach, minus the
            // path moved by the offset (in the shape's space).
            var offset = Point(feather.offsetX, feather.offsetY)
            if inWorld { offset = world.invertedOrIdentity.applyVector(offset) }
            guard let clip = list.makePath({ $0.append(path) }) else { return }
            let b = path.bounds, pad = max(feather.strength, 0) * 1.5
            guard let shadow = list.makePath({ inner in
                inner.append(Path.rect(Rect(minX: b.minX - pad, minY: b.minY - pad, maxX: b.maxX + pad, maxY: b.maxY + pad)))
                inner.append(path.transformed(by: .translation(offset.x, offset.y)).reversed())
            }) else { return }
            let began = beginBlendGroup(mode)
            list.beginGroup(transform: world)
            list.addMask(path: clip, mode: .add)
            list.beginGroup(transform: .identity, blur: sigma)
            list.addFill(path: shadow, transform: .identity, paint: p, rule: rule)
            list.endGroup()
            list.endGroup()
            if began { list.endGroup() }
            return
        }
        guard let index = list.makePath({ $0.append(path) }) else { return }
        let offset = Transform.translation(feather.offsetX, feather.offsetY)
        let began = beginBlendGroup(mode)
        list.beginGroup(transform: inWorld ? offset * world : world * offset, blur: sigma)
        if let stroke = paint as? RStroke {
            list.addStroke(path: index, transform: .identity, paint: p, style: stroke.style)
        } else {
            list.addFill(path: index, transform: .identity, paint: p, rule: rule)
        }
        list.endGroup()
        if began { list.endGroup() }
    }
}
