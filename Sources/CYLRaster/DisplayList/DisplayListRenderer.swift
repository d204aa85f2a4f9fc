import CYLGeometry

/// Draws display lists with this module's canvas: one switch over the items, groups isolated in
/// pooled scratch layers where their opacity, blend mode, masks or matte need it. Keeps all its
/// scratch memory between frames; one renderer per thread.
public final class DisplayListRenderer {
    public let canvas: Canvas
    /// The pixels drawn into the current target since it was last reset (a bounding box): an
    /// isolated group's masks, matte and compositing only touch what its content drew.
    var drawn = IntRect.none
    /// Scratch for blurs and distance transforms, kept between frames.
    private var blurScratch: [UInt32] = []
    /// The transposed copy a feathered mask's blur goes through.
    private var maskBlurScratch: [UInt8] = []
    private var distanceScratch: [Double] = []
    /// The planes a ring dilation reads (`Mask.ringDilate`), kept between frames.
    private var ringScratch: [UInt8] = []
    private var glowScratch: [Float] = []
    /// Rows and column tables of a reduced blur's interpolation back up (`drawReducedBlur`).
    private var expandScratch: [UInt32] = []
    /// Feathered solid paints' blurred coverage, kept between frames.
    let feathered = FeatheredPaint()
    /// Whether a blurred group of one solid fill or stroke is drawn as blurred coverage
    /// (`FeatheredPaint`); tests turn it off to compare with the layer path.
    var featheredPaints = true

    /// The largest blur drawn, in pixels of standard deviation: a group asking for more is blurred
    /// this much. Its cost per pixel grows with the radius, and past the target's own size a wider
    /// blur only fades content that has already spread over the whole target.
    public static let maxBlurSigma = 256.0

    /// `maxPathPoints` bounds every path once flattened (see `Canvas.maxPathPoints`).
    public init(maxPathPoints: Int = 1 << 20) {
        canvas = Canvas(maxPathPoints: maxPathPoints)
    }

    /// The transform and clip that fit content of `width × height` into `target` the way every
    /// player in this package does: scaled uniformly to fit, centred, clipped to its rectangle
    /// (edges snapped to whole pixels).
    public static func fit(width: Double, height: Double, into target: PixelSize) -> (transform: Transform, clip: IntRect) {
        let (transform, box) = fittedBox(width: width, height: height, into: target)
        let clip = IntRect(rounding: Rect(x: box.minX.rounded(), y: box.minY.rounded(), width: box.width.rounded(), height: box.height.rounded()),
                           clampedTo: IntRect(x: 0, y: 0, width: target.width, height: target.height))
        return (transform, clip)
    }

    /// The uniform scale and centring that fit `width × height` into `target`, and the box it fills.
    private static func fittedBox(width: Double, height: Double, into target: PixelSize) -> (transform: Transform, box: Rect) {
        let s = min(Double(target.width) / width, Double(target.height) / height)
        let ox = (Double(target.width) - width * s) / 2, oy = (Double(target.height) - height * s) / 2
        return (Transform.scale(s, s).then(.translation(ox, oy)), Rect(x: ox, y: oy, width: width * s, height: height * s))
    }

    /// Clears `target` and draws `list` fitted into it (`fit`), its box's edges as `list.edges` says.
    public func render(_ list: DisplayList, into target: inout Pixmap) throws {
        target.clearTransparent()
        guard list.width > 0, list.height > 0 else { return }
        switch list.edges {
        case .pixelRounded:
            let (transform, clip) = Self.fit(width: list.width, height: list.height, into: target.size)
            try render(list, transform: transform, clip: clip, into: &target)
        case .antialiased, .unclipped:
            // Drawn into every pixel the box touches; for `.antialiased` each pixel an edge
            // crosses then keeps the share of it inside: on a cleared target, the anti-aliased clip.
            let (transform, box) = Self.fittedBox(width: list.width, height: list.height, into: target.size)
            let bounds = IntRect(x: 0, y: 0, width: target.width, height: target.height)
            let clip = IntRect(covering: box, clampedTo: bounds)
            guard !clip.isEmpty else { return }
            try render(list, transform: transform, clip: clip, into: &target)
            if list.edges == .antialiased { target.scaleEdges(of: clip, toCoverageOf: box) }
        }
    }

    /// Draws `list` over what `target` holds, mapped by `transform` and clipped to `clip`.
    public func render(_ list: DisplayList, transform: Transform, clip: IntRect, into target: inout Pixmap) throws {
        precondition(list.isComplete, "a display list is drawn once every group is ended")
        drawn = .none
        canvas.beginFrame()
        feathered.beginFrame()
        try draw(list, list.items.indices, transform, clip, &target)
    }

    // MARK: Items

    func draw(_ list: DisplayList, _ range: Range<Int>, _ parent: Transform, _ clip: IntRect,
                      _ target: inout Pixmap) throws {
        var i = range.lowerBound
        while i < range.upperBound {
            switch list.items[i] {
            case .group(let g):
                let group = list.groups[g]
                try draw(group, of: list, parent, clip, &target)
                i = group.end
                continue
            case .fill(let f):
                let fill = list.fills[f]
                try canvas.fill(list.path(fill.path), transform: fill.transform.then(parent), paint: fill.paint,
                                opacity: fill.opacity, rule: fill.rule, clip: clip, curve: fill.curve, into: &target)
                trackSpans()
            case .stroke(let s):
                let stroke = list.strokes[s]
                try canvas.stroke(list.path(stroke.path), style: stroke.style, transform: stroke.transform.then(parent),
                                  paint: stroke.paint, opacity: stroke.opacity, clip: clip, curve: stroke.curve, into: &target)
                trackSpans()
            case .image(let m):
                let image = list.images[m]
                try canvas.drawImage(image.image, transform: image.transform.then(parent), opacity: image.opacity,
                                     clip: clip, sampling: image.sampling, scales: image.scales, into: &target)
                trackSpans()
            }
            i += 1
        }
    }

    private func draw(_ group: DisplayList.Group, of list: DisplayList, _ parent: Transform, _ clip: IntRect,
                      _ target: inout Pixmap) throws {
        var m = group.transform.then(parent)
        switch group.glyphPlacement {
        case .nearestPixel?:
            m.tx = m.tx.rounded()
            m.ty = m.ty.rounded()
        case .resampled?:
            if !group.isIsolated, group.clip == nil { return try drawResampled(group, list, m, clip, &target) }
        case nil:
            break
        }
        var inner = clip
        if let r = group.clip {
            // Only an axis-aligned mapping keeps the clip a pixel rectangle.
            guard m.b == 0, m.c == 0 else { return try drawContent(group, list, m, parent, clip, clip, &target) }
            let p0 = m.apply(Point(r.minX, r.minY)), p1 = m.apply(Point(r.maxX, r.maxY))
            let box = Rect(minX: min(p0.x, p1.x), minY: min(p0.y, p1.y), maxX: max(p0.x, p1.x), maxY: max(p0.y, p1.y))
            // Where the list's box is not snapped (libpag's), neither are its groups': a pixel a
            // clip's edge crosses keeps the content's own anti-aliased edge.
            inner = list.edges == .pixelRounded ? IntRect(rounding: box, clampedTo: clip) : IntRect(covering: box, clampedTo: clip)
            if inner.isEmpty { return }
        }
        try drawContent(group, list, m, parent, clip, inner, &target)
    }

    /// Draws a group's children with `m` in `inner`; an isolated group goes through a scratch layer
    /// that its masks and matte gate (within the group's outer `clip`) before compositing.
    private func drawContent(_ group: DisplayList.Group, _ list: DisplayList, _ m: Transform, _ parent: Transform,
                             _ clip: IntRect, _ inner: IntRect, _ target: inout Pixmap) throws {
        guard group.isIsolated else { return try drawChildren(group, list, m, inner, &target) }
        if try drawFilterPass(group, list, m, clip, &target) { return }
        let sigma = min(group.blur * abs(m.determinant).squareRoot(), Self.maxBlurSigma)
        if group.masks.isEmpty, group.effects.isEmpty, group.matte == nil, group.blendMode == .normal {
            if sigma > 0.05, try drawFeathered(group, list, m, sigma, clip, inner, &target) { return }
            if ReducedBlur.factor(sigma) > 1 { return try drawReducedBlur(group, list, m, sigma, clip, inner, &target) }
        }
        let outer = drawn
        drawn = .none
        var scratch = try canvas.borrowLayer(width: target.width, height: target.height)
        if sigma > 0.05 {
            // Content just outside the clip still bleeds into it: the children are drawn up to the
            // blur's reach beyond it, and only the composite is clipped.
            let reach = Self.reach(sigma)
            let bounds = IntRect(x: 0, y: 0, width: target.width, height: target.height)
            try drawChildren(group, list, m, inner.grown(by: reach).intersection(bounds), &scratch)
            if !drawn.isEmpty {
                let spread = drawn.grown(by: reach).intersection(bounds)
                scratch.fastBlur(sigmaX: sigma, sigmaY: sigma, in: spread, scratch: &blurScratch)
                drawn = spread
            }
        } else if let reach = Self.readReach(list, group.effects, m), reach > 0 {
            // Effects that read the content some way off (a displacement map) read it beyond the
            // clip too: the children are drawn that far out, and only the composite is clipped.
            let bounds = IntRect(x: 0, y: 0, width: target.width, height: target.height)
            try drawChildren(group, list, m, inner.grown(by: reach).intersection(bounds), &scratch)
        } else {
            try drawChildren(group, list, m, inner, &scratch)
        }
        // Everything the children drew lies in `area`; outside it the layer stays transparent
        // whatever the masks and matte do, and compositing transparency changes nothing. Effects
        // that spread (blur, shadows) grow it.
        var area = drawn.intersection(clip)
        var dirty = drawn
        if !area.isEmpty {
            if !group.masks.isEmpty { area = try applyMasks(list, group.masks, m, area, &scratch) }
            if !group.effects.isEmpty {
                area = try applyEffects(list, group.effects, m, area, clip, &scratch)
                dirty = dirty.union(area)
            }
            if let mode = group.matte {
                drawn = .none
                var matte = try canvas.borrowLayer(width: target.width, height: target.height)
                try draw(list, group.matteSource, parent, clip, &matte)
                var gate = canvas.borrowMask(width: target.width, height: target.height)
                gate.setGate(from: matte, mode: mode, in: area)
                scratch.apply(mask: gate, in: area)
                canvas.recycle(gate)
                canvas.recycle(matte, dirty: drawn)
            }
            target.composite(scratch, opacity: group.opacity, mode: group.blendMode, in: area)
        }
        canvas.recycle(scratch, dirty: dirty)
        drawn = outer.union(area)
    }

    /// How many pixels past a point the group's effects read its content (a displacement map's
    /// largest move); nil when they read nothing beyond where they draw, or it cannot be known.
    private static func readReach(_ list: DisplayList, _ effects: Range<Int>, _ m: Transform) -> Int? {
        var reach = 0.0
        for k in effects {
            guard case .displacementMap(let map) = list.effects[k] else { continue }
            let move = m.applyVector(Point(map.maxHorizontal, 0)).length + m.applyVector(Point(0, map.maxVertical)).length
            guard move.isFinite else { return nil }
            reach = max(reach, move)
        }
        return reach > 0 ? Int(min(reach, 65536).rounded(.up)) + 1 : nil
    }

    /// Draws a group's children with its origin moved down to whole pixels into a scratch layer,
    /// then moves that layer the remaining fraction of a pixel onto `target`, bilinearly
    /// (`GlyphPlacement.resampled`).
    private func drawResampled(_ group: DisplayList.Group, _ list: DisplayList, _ m: Transform, _ clip: IntRect,
                               _ target: inout Pixmap) throws {
        let fx = m.tx - m.tx.rounded(.down), fy = m.ty - m.ty.rounded(.down)
        guard fx.isFinite, fy.isFinite, fx > 0 || fy > 0 else { return try draw(list, group.children, m, clip, &target) }
        var whole = m
        whole.tx -= fx
        whole.ty -= fy
        let outer = drawn
        drawn = .none
        var scratch = try canvas.borrowLayer(width: target.width, height: target.height)
        // What lands in `clip` comes from at most a pixel above and left of it.
        let bounds = IntRect(x: 0, y: 0, width: target.width, height: target.height)
        try draw(list, group.children, whole, IntRect(x: clip.x - 1, y: clip.y - 1, width: clip.width + 1, height: clip.height + 1)
            .intersection(bounds), &scratch)
        let dirty = drawn
        let area = IntRect(x: dirty.x, y: dirty.y, width: dirty.width + 1, height: dirty.height + 1).intersection(clip)
        if !dirty.isEmpty, !area.isEmpty { target.compositeShifted(scratch, fx: fx, fy: fy, in: area) }
        canvas.recycle(scratch, dirty: dirty)
        drawn = dirty.isEmpty ? outer : outer.union(area)
    }

    /// A group that is only blurred (a feathered paint), by a σ `ReducedBlur` reduces: its children
    /// are drawn straight at the reduced resolution (their coverage there is the average of each
    /// cell, what reducing a full-size layer would give), blurred there by the reduced σ, and
    /// interpolated back up onto `target` in one pass, source-over with the group's opacity. The
    /// full-size layer, its reduction and its composite are skipped; the result is the reduced
    /// blur's (ReducedBlur.swift), within a few levels of the exact one.
    private func drawReducedBlur(_ group: DisplayList.Group, _ list: DisplayList, _ m: Transform, _ sigma: Double,
                                 _ clip: IntRect, _ inner: IntRect, _ target: inout Pixmap) throws {
        let f = ReducedBlur.factor(sigma)
        guard let (q, cells, toCells) = reducedGrid(m, sigma, factor: f, inner, target.size) else { return }
        let nw = (q.width + f - 1) / f, nh = (q.height + f - 1) / f
        let outer = drawn
        drawn = .none
        var small = try canvas.borrowLayer(width: target.width, height: target.height)
        try draw(list, group.children, toCells, cells, &small)
        let grid = IntRect(x: 0, y: 0, width: nw, height: nh)
        let reduced = ReducedBlur.reducedSigma(sigma, factor: f)
        let spread = drawn.grown(by: Self.reach(reduced)).intersection(grid)
        var area = IntRect.none
        if !spread.isEmpty {
            small.blur(sigmaX: reduced, sigmaY: reduced, in: spread, scratch: &blurScratch)
            // Output pixels whose interpolation reads a cell of `spread`: one cell more each side.
            area = IntRect(x: q.x + (spread.x - 1) * f, y: q.y + (spread.y - 1) * f,
                           width: (spread.width + 2) * f, height: (spread.height + 2) * f).intersection(q).intersection(clip)
        }
        if !area.isEmpty {
            let op = UInt32(min(max(group.opacity.isNaN ? 0 : group.opacity, 0), 1) * 255 + 0.5)
            let need = ReducedBlur.expandScratchCount(w: area.width)
            if expandScratch.count < need { expandScratch = [UInt32](repeating: 0, count: need) }
            expandScratch.withUnsafeMutableBufferPointer { sp in
                small.withUnsafePixels { sm, ss in
                    target.withUnsafeMutablePixels { dst, ds in
                        ReducedBlur.expand(sm, smallStride: ss, nw: nw, nh: nh, fx: f, fy: f, ox: area.x - q.x, oy: area.y - q.y,
                                           into: dst + area.y * ds + area.x, stride: ds, w: area.width, h: area.height,
                                           opacity: op, scratch: sp.baseAddress!)
                    }
                }
            }
        }
        canvas.recycle(small, dirty: spread.union(drawn))
        drawn = outer.union(area)
    }

    /// The grid a blur of `sigma` pixels is drawn on at `f` pixels a cell for content clipped to
    /// `inner`: the target pixels `q` it covers (the content's reach beyond `inner`, where it still
    /// bleeds in, and the blur's reach beyond that, in whole cells from `q`'s corner), the cells the
    /// content is drawn in, and the mapping `m` continued onto the cells. Nil: nothing to draw.
    private func reducedGrid(_ m: Transform, _ sigma: Double, factor f: Int, _ inner: IntRect, _ size: PixelSize)
        -> (q: IntRect, cells: IntRect, toCells: Transform)? {
        let bounds = IntRect(x: 0, y: 0, width: size.width, height: size.height)
        let reach = Self.reach(sigma)
        let region = inner.grown(by: reach).intersection(bounds)
        let q = region.grown(by: reach).intersection(bounds)
        if region.isEmpty { return nil }
        let cells = IntRect(x: (region.x - q.x) / f, y: (region.y - q.y) / f,
                            width: (region.maxX - q.x + f - 1) / f - (region.x - q.x) / f,
                            height: (region.maxY - q.y + f - 1) / f - (region.y - q.y) / f)
        let toCells = m.then(.translation(Double(-q.x), Double(-q.y))).then(.scale(1 / Double(f), 1 / Double(f)))
        return (q, cells, toCells)
    }

    /// A blurred group holding one solid fill or stroke (a feathered paint), drawn as blurred
    /// coverage (`FeatheredPaint`) on the same grid a reduced layer would use. False for any other
    /// group (and with `featheredPaints` off).
    private func drawFeathered(_ group: DisplayList.Group, _ list: DisplayList, _ m: Transform, _ sigma: Double,
                               _ clip: IntRect, _ inner: IntRect, _ target: inout Pixmap) throws -> Bool {
        guard featheredPaints, group.children.count == 1 else { return false }
        let path: Int, outline: Canvas.Outline, transform: Transform, color: Color, opacity: Double
        switch list.items[group.children.lowerBound] {
        case .fill(let i):
            let fill = list.fills[i]
            guard case .solid(let c) = fill.paint else { return false }
            (path, outline, transform, color, opacity) = (fill.path, .fill(fill.rule), fill.transform, c, fill.opacity)
        case .stroke(let i):
            let stroke = list.strokes[i]
            guard case .solid(let c) = stroke.paint else { return false }
            (path, outline, transform, color, opacity) = (stroke.path, .stroke(stroke.style), stroke.transform, c, stroke.opacity)
        default:
            return false
        }
        let f = ReducedBlur.factor(sigma)
        guard let (q, cells, toCells) = reducedGrid(m, sigma, factor: f, inner, target.size) else { return true }
        let spans = try canvas.coverage(list.path(path), outline, transform: transform.then(toCells), clip: cells)
        let src = color.packedPremultiplied(opacity: opacity * min(max(group.opacity.isNaN ? 0 : group.opacity, 0), 1))
        let area = feathered.paint(spans: spans, cached: canvas.paintedFromCache, sigma: sigma, factor: f, q: q, clip: clip,
                                   color: src, into: &target)
        drawn = drawn.union(area)
        return true
    }

    /// How far a blur of `sigma` pixels spreads: its kernel's radius and a pixel of rounding.
    static func reach(_ sigma: Double) -> Int { Int((3 * sigma).rounded(.up)) + 1 }

    /// Combines a group's masks into one coverage mask and multiplies the layer by it inside `area`;
    /// returns the part of `area` where the layer may still have pixels (the rest is cleared), so
    /// effects and the composite that follow skip what the masks took away.
    ///
    /// Plain masks (add, subtract, intersect; not inverted, expanded or feathered) are combined straight
    /// from their spans, clipped to `area`, touching only the pixels they change; the others go
    /// through a full coverage mask. Both give the same values.
    private func applyMasks(_ list: DisplayList, _ range: Range<Int>, _ m: Transform, _ area: IntRect,
                            _ scratch: inout Pixmap) throws -> IntRect {
        let w = scratch.width, h = scratch.height
        var acc = canvas.borrowMask(width: w, height: h)
        // Lottie starts from everything when the first mask takes away, from nothing when it adds.
        var live = IntRect.none
        if let first = range.first, list.masks[first].mode == .subtract || list.masks[first].mode == .intersect {
            acc.fill(255, in: area)
            live = area
        }
        var coverage: Mask?
        for k in range {
            let mask = list.masks[k]
            let path = list.path(mask.path)
            let spanMode: Bool
            switch mask.mode {
            case .add, .subtract, .intersect: spanMode = true
            default: spanMode = false
            }
            if spanMode && mask.expansion == 0 && !mask.inverted && !(mask.featherX > 0) && !(mask.featherY > 0) {
                // Rasterized in the whole layer, as the coverage path does, so both give the same
                // values at the edges of `area`.
                try canvas.rasterizer.rasterize(path, transform: m, rule: mask.rule, clip: IntRect(x: 0, y: 0, width: w, height: h),
                                                maxPoints: canvas.maxPathPoints)
                live = acc.combine(spans: canvas.rasterizer.spans, mode: mask.mode, opacity: mask.opacity, live: live, area: area)
                continue
            }
            var cov = coverage ?? canvas.borrowMask(width: w, height: h)
            try canvas.fillMask(path, transform: m, rule: mask.rule, into: &cov)
            if mask.expansion != 0 {
                var edge = canvas.borrowMask(width: w, height: h)
                try canvas.strokeMask(path, style: StrokeStyle(width: abs(mask.expansion) * 2, join: .round), transform: m, into: &edge)
                cov.combine(edge, mode: mask.expansion > 0 ? .add : .subtract, in: area)
                canvas.recycle(edge)
            }
            if mask.featherX > 0 || mask.featherY > 0 {
                // A quarter of the feather width: the gaussian's ±2σ (2% to 98%) spans the width.
                // Capped like every blur; a NaN from a degenerate transform is left sharp by `blur`.
                let sx: Double = min(mask.featherX / 4 * (m.a * m.a + m.b * m.b).squareRoot(), Self.maxBlurSigma)
                let sy: Double = min(mask.featherY / 4 * (m.c * m.c + m.d * m.d).squareRoot(), Self.maxBlurSigma)
                cov.blur(sigmaX: sx, sigmaY: sy, scratch: &maskBlurScratch)
            }
            acc.combine(cov, mode: mask.mode, opacity: mask.opacity, inverted: mask.inverted, in: area)
            coverage = cov
            live = area
        }
        // Outside `live` the mask is 0: clear those bands of `area`, multiply inside.
        live = live.intersection(area)
        if live.isEmpty {
            scratch.clearTransparent(in: area)
        } else {
            scratch.clearTransparent(in: IntRect(x: area.x, y: area.y, width: area.width, height: live.y - area.y))
            scratch.clearTransparent(in: IntRect(x: area.x, y: live.maxY, width: area.width, height: area.maxY - live.maxY))
            scratch.clearTransparent(in: IntRect(x: area.x, y: live.y, width: live.x - area.x, height: live.height))
            scratch.clearTransparent(in: IntRect(x: live.maxX, y: live.y, width: area.maxX - live.maxX, height: live.height))
            scratch.apply(mask: acc, in: live)
        }
        if let coverage { canvas.recycle(coverage) }
        canvas.recycle(acc)
        return live
    }

    /// Applies a group's effects to its layer, in order; returns the area that may now hold pixels
    /// (`area` grown by what spreads, within `clip`).
    func applyEffects(_ list: DisplayList, _ range: Range<Int>, _ m: Transform, _ area: IntRect, _ clip: IntRect,
                      _ scratch: inout Pixmap) throws -> IntRect {
        var area = area
        // Lengths in the group's units become pixels by the transform's mean scale.
        let scale = abs(m.determinant).squareRoot()
        for k in range {
            if area.isEmpty { break }
            let effect = list.effects[k]
            switch effect {
            case .fill, .tint, .tritone:
                scratch.applyColorEffect(effect, in: area)
            case .colorTables(let tables):
                scratch.applyColorTables(tables, in: area)
            case .motionTile(let tile):
                guard let toGroup = m.inverted, let reach = pixels(covering: tile.outputBounds, m, clip, scratch) else { break }
                // The tiles read the layer as it was: a copy, since they overwrite it.
                let before = scratch
                scratch.drawMotionTile(tile, from: before, toGroup: toGroup, toPixels: m, in: reach)
                area = reach
            case .cornerPin, .bulge, .radialBlur, .displacementMap:
                // Drawn again from a copy of the layer, over the effect's own rectangle.
                guard let toGroup = m.inverted, let bounds = effect.redrawnBounds,
                      let reach = pixels(covering: bounds, m, clip, scratch) else { break }
                let before = scratch
                scratch.clearTransparent(in: area)
                scratch.redraw(effect, from: before, toGroup: toGroup, toPixels: m, in: reach)
                area = reach
            case .glowFilter(let glow):
                scratch.applyGlow(glow, in: area, scratch: &glowScratch)
            case let .blur(sx, sy):
                let px = sx * (m.a * m.a + m.b * m.b).squareRoot(), py = sy * (m.c * m.c + m.d * m.d).squareRoot()
                area = grow(area, by: 3 * max(px, py) + 1, within: clip)
                scratch.fastBlur(sigmaX: px, sigmaY: py, in: area, scratch: &blurScratch)
            case .dropShadow(let shadow):
                area = try drawShadow(shadow, m, scale, area, clip, &scratch)
            case let .glow(color, spread, sigma):
                let r = max(0, spread * scale), s = sigma * scale
                area = grow(area, by: r + 3 * s + 1, within: clip)
                try paintUnder(&scratch, color: color, grow: r, blur: s, in: area)
            case let .outline(color, width):
                let r = max(0, width * scale)
                area = grow(area, by: r + 1, within: clip)
                try paintUnder(&scratch, color: color, grow: r, blur: 0, in: area)
            case let .stroke(paths, color, style, mode):
                area = try strokeEffect(list, paths, color, style, mode, m, area, clip, &scratch)
            }
        }
        return area
    }

    /// The pixels (within `clip`) that `rect`, in the group's units, covers through `m`; nil when
    /// they cannot be known (a non-finite transform).
    private func pixels(covering rect: Rect, _ m: Transform, _ clip: IntRect, _ scratch: Pixmap) -> IntRect? {
        let box = m.apply(rect)
        let x0 = box.minX, x1 = box.maxX, y0 = box.minY, y1 = box.maxY
        guard x0.isFinite, x1.isFinite, y0.isFinite, y1.isFinite else { return nil }
        let limit = Double(scratch.width + scratch.height)
        return IntRect(x: Int(max(x0, -limit).rounded(.down)), y: Int(max(y0, -limit).rounded(.down)),
                       width: Int((min(x1, limit) - max(x0, -limit)).rounded(.up)) + 1,
                       height: Int((min(y1, limit) - max(y0, -limit)).rounded(.up)) + 1).intersection(clip)
    }

    /// Draws `d` under the layer in `scratch` (or instead of it); returns the pixels drawn.
    private func drawShadow(_ d: DropShadow, _ m: Transform, _ scale: Double, _ area: IntRect, _ clip: IntRect,
                            _ scratch: inout Pixmap) throws -> IntRect {
        let o = m.applyVector(d.offset), s = d.sigma * scale, r = d.spread.isFinite ? max(0, d.spread * scale) : 0
        let limit = Double(scratch.width + scratch.height)
        var dx = o.x.isFinite ? min(max(o.x, -limit), limit) : 0
        var dy = o.y.isFinite ? min(max(o.y, -limit), limit) : 0
        if d.placement == .wholePixels { dx.round(); dy.round() }
        // The shadow's pixels: the layer's grown by the spread, moved (a fraction of a pixel
        // reaches one more), blurred.
        let grown = grow(area, by: r, within: clip)
        let moved = IntRect(x: grown.x + Int(dx.rounded(.down)), y: grown.y + Int(dy.rounded(.down)),
                            width: grown.width + 1, height: grown.height + 1)
        let reach = grow(moved, by: 3 * s + 1, within: clip)
        var shadow = try canvas.borrowLayer(width: scratch.width, height: scratch.height)
        if r > 0, case .sampledRing(let thick) = d.spreadShape {
            var coverage = canvas.borrowMask(width: scratch.width, height: scratch.height)
            coverage.setGate(from: scratch, mode: .alpha, in: grown)
            coverage.ringDilate(radius: min(r, DropShadow.maxRingRadius), thick: thick, in: grown, scratch: &ringScratch)
            var solid = try canvas.borrowLayer(width: scratch.width, height: scratch.height)
            solid.paint(.black, coverage: coverage, in: grown)
            canvas.recycle(coverage)
            shadow.paintShadow(of: solid, color: d.color, dx: dx, dy: dy, in: reach)
            canvas.recycle(solid, dirty: grown)
        } else if r > 0 {
            // After Effects' spread: the coverage grown by a disc before it is blurred.
            let solid = try grownCoverage(of: scratch, color: .black, by: r, in: grown)
            shadow.paintShadow(of: solid, color: d.color, dx: dx, dy: dy, in: reach)
            canvas.recycle(solid, dirty: grown)
        } else {
            shadow.paintShadow(of: scratch, color: d.color, dx: dx, dy: dy, in: reach)
        }
        shadow.fastBlur(sigmaX: s, sigmaY: s, in: reach, scratch: &blurScratch)
        if d.shadowOnly { scratch.clearTransparent(in: area) }
        let drawn = area.union(reach)
        scratch.compositeUnder(shadow, in: drawn)
        canvas.recycle(shadow, dirty: reach)
        return drawn
    }

    /// Paints the layer's coverage, grown by `grow` pixels and blurred by `blur`, in `color` under it.
    private func paintUnder(_ scratch: inout Pixmap, color: Color, grow: Double, blur: Double, in area: IntRect) throws {
        var under = try grownCoverage(of: scratch, color: color, by: grow, in: area)
        under.fastBlur(sigmaX: blur, sigmaY: blur, in: area, scratch: &blurScratch)
        scratch.compositeUnder(under, in: area)
        canvas.recycle(under, dirty: area)
    }

    /// A borrowed layer holding `color` over the coverage of `layer` grown by `radius` pixels (a
    /// disc), within `area`; the caller recycles it (dirty: `area`).
    private func grownCoverage(of layer: Pixmap, color: Color, by radius: Double, in area: IntRect) throws -> Pixmap {
        var coverage = canvas.borrowMask(width: layer.width, height: layer.height)
        coverage.setGate(from: layer, mode: .alpha, in: area)
        coverage.dilate(radius: radius, in: area, scratch: &distanceScratch)
        var grown = try canvas.borrowLayer(width: layer.width, height: layer.height)
        grown.paint(color, coverage: coverage, in: area)
        canvas.recycle(coverage)
        return grown
    }

    /// The stroke effect: the paths stroked over the layer, instead of it, or revealing it.
    private func strokeEffect(_ list: DisplayList, _ paths: Range<Int>, _ color: Color, _ style: StrokeStyle,
                              _ mode: StrokeEffectMode, _ m: Transform, _ area: IntRect, _ clip: IntRect,
                              _ scratch: inout Pixmap) throws -> IntRect {
        switch mode {
        case .overOriginal, .alone:
            if mode == .alone { scratch.clearTransparent(in: area) }
            let outer = drawn
            drawn = .none
            for p in paths {
                try canvas.stroke(list.path(p), style: style, transform: m, paint: .solid(color), clip: clip, into: &scratch)
                trackSpans()
            }
            let stroked = drawn
            drawn = outer
            return mode == .alone ? stroked : area.union(stroked)
        case .revealOriginal:
            var reveal = canvas.borrowMask(width: scratch.width, height: scratch.height)
            var one = canvas.borrowMask(width: scratch.width, height: scratch.height)
            for p in paths {
                try canvas.strokeMask(list.path(p), style: style, transform: m, into: &one)
                reveal.combine(one, mode: .add, opacity: color.a, in: area)
            }
            scratch.apply(mask: reveal, in: area)
            canvas.recycle(one)
            canvas.recycle(reveal)
            return area
        }
    }

    /// `rect` grown by `margin` pixels on every side (rounded up), within `bounds`.
    private func grow(_ rect: IntRect, by margin: Double, within bounds: IntRect) -> IntRect {
        guard margin.isFinite, margin > 0 else { return rect.intersection(bounds) }
        let g = Int(min(margin, Double(bounds.width + bounds.height)).rounded(.up))
        return IntRect(x: rect.x - g, y: rect.y - g, width: rect.width + 2 * g, height: rect.height + 2 * g).intersection(bounds)
    }

    /// Adds the spans the canvas just painted to `drawn`.
    func trackSpans() {
        let spans = canvas.paintedSpans
        guard let first = spans.first, let last = spans.last else { return }
        var x0 = Int.max, x1 = Int.min
        for sp in spans {
            x0 = min(x0, Int(sp.x)); x1 = max(x1, Int(sp.x) + Int(sp.length))
        }
        drawn = drawn.union(IntRect(x: x0, y: Int(first.y), width: x1 - x0, height: Int(last.y) - Int(first.y) + 1))
    }
}
