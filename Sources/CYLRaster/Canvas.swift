import CRasterKernels
import CYLGeometry

/// Draws paths into pixmaps. Owns all scratch memory (cell grid, span list, shading row, colour
/// ramp, stroker output, layer pool), so drawing the same scene again allocates nothing.
/// Not thread-safe: use one canvas per thread.
public final class Canvas {
    public let rasterizer = Rasterizer()
    /// Stroker scratch (reused).
    public var stroker = Stroker()
    private var shade: UnsafeMutablePointer<UInt32>
    private var shadeCapacity = 0
    /// Bilinear samples of the last image drawn without rotation or skew.
    let imageSamples = ImageSampleCache()
    /// Halved levels of images drawn at less than half their size.
    let mipmaps = ImageMipmapCache()
    /// Whether `drawImage` may use its row-blending path for transforms without rotation or skew
    /// (tests turn it off to compare with the general path).
    var axisAlignedImages = true
    /// Whether the `.bilinear` path may sample a halved level (off inside `.libpag` drawing,
    /// whose bilinear sampling is OpenGL's plain LINEAR).
    var imageLevels = true
    /// Images drawn at their scale for `.libpag` sampling, and the canvas that draws them.
    let imageSnapshots = ImageSnapshotCache()
    /// The ramp of the gradient being drawn (held from `ramps`).
    private var ramp: [UInt32] = []
    /// Ramps of the gradients drawn lately.
    let ramps = GradientRampCache()
    /// Scratch layers with the rectangle that still needs clearing (nil: all of it).
    private var pool: [(layer: Pixmap, dirty: IntRect?)] = []
    private var maskPool: [Mask] = []
    var strokePath = Path()
    /// Spans of the last frame's fills and strokes (see `SpanCache`; `beginFrame` starts a frame).
    let spanCache = SpanCache()
    /// Whether the spans `fill` or `stroke` last painted came from `spanCache`.
    var paintedFromCache = false
    /// Spans whose coverage went through a curve (`applying(_:to:)`), kept between draws.
    var curvedSpans: [Span] = []
    /// Whether strokes are rasterized with `resolveOverlaps` (tests turn it off to compare).
    var resolveStrokeOverlaps = true

    /// The most points one path may flatten to (fills, strokes and their dashes); past it drawing
    /// throws `GeometryError.tooComplex`. Renderers set it from their path-point limit.
    public var maxPathPoints: Int {
        didSet { stroker.maxPoints = maxPathPoints }
    }

    public init(maxPathPoints: Int = 1 << 20) {
        shade = .allocate(capacity: 1)
        self.maxPathPoints = maxPathPoints
        stroker.maxPoints = maxPathPoints
    }
    deinit { shade.deallocate() }

    /// Starts a frame of a scene drawn frame after frame: a fill or stroke whose path, transform,
    /// clip and style equal those of the same draw (by order) in the frame before reuses its
    /// coverage (`SpanCache`). Callers that never call it simply get fewer cache hits.
    public func beginFrame() { spanCache.beginFrame() }

    /// The coverage the last `fill` or `stroke` painted.
    public var paintedSpans: [Span] { paintedFromCache ? spanCache.lastSpans : rasterizer.spans }

    /// Fills `path` (user space) mapped by `transform` into `target`.
    /// Throws `GeometryError.nonFinite` for NaN or infinite points, transform or paint geometry.
    /// `curve` turns the coverage into the paint's alpha (`CoverageCurve`).
    public func fill(_ path: Path, transform: Transform = .identity, paint: Paint, opacity: Double = 1,
                     rule: FillRule = .nonZero, clip: IntRect? = nil, curve: CoverageCurve = .linear,
                     into target: inout Pixmap) throws(GeometryError) {
        let spans = try coverage(path, .fill(rule), transform: transform, clip: clipRect(clip, target.width, target.height))
        try paintSpans(applying(curve, to: spans), paint: paint, transform: transform, opacity: opacity, into: &target)
    }

    /// Strokes `path` in user space (so a non-uniform `transform` stretches the stroke) into `target`.
    public func stroke(_ path: Path, style: StrokeStyle, transform: Transform = .identity, paint: Paint,
                       opacity: Double = 1, clip: IntRect? = nil, curve: CoverageCurve = .linear,
                       into target: inout Pixmap) throws(GeometryError) {
        let spans = try coverage(path, .stroke(style), transform: transform, clip: clipRect(clip, target.width, target.height))
        try paintSpans(applying(curve, to: spans), paint: paint, transform: transform, opacity: opacity, into: &target)
    }

    /// What a path's coverage is of: its inside by a fill rule, or its stroke.
    enum Outline { case fill(FillRule), stroke(StrokeStyle) }

    /// The coverage spans of `path` mapped by `transform` within `clip`: last frame's when the
    /// same draw had the same inputs (`paintedFromCache` then says so), scan-converted otherwise.
    func coverage(_ path: Path, _ outline: Outline, transform: Transform, clip c: IntRect) throws(GeometryError) -> [Span] {
        let kind: SpanCache.Kind
        switch outline {
        case .fill(let rule): kind = .fill(rule)
        case .stroke(let style): kind = .stroke(style, resolvesOverlaps: resolveStrokeOverlaps)
        }
        paintedFromCache = spanCache.lookup(path, kind, transform: transform, clip: c, maxPoints: maxPathPoints)
        if paintedFromCache { return spanCache.lastSpans }
        switch outline {
        case .fill(let rule):
            try rasterizer.rasterize(path, transform: transform, rule: rule, clip: c, maxPoints: maxPathPoints)
        case .stroke(let style):
            try strokeOutline(path, style: style, transform: transform)
            try rasterizer.rasterize(strokePath, transform: transform, rule: .nonZero, clip: c, maxPoints: maxPathPoints,
                                     resolveOverlaps: resolveStrokeOverlaps && stroker.foldsInward, windingKeepsSign: true,
                                     overlapRegions: stroker.foldRegions)
        }
        spanCache.store(path, kind, transform: transform, clip: c, maxPoints: maxPathPoints, spans: rasterizer.spans)
        return rasterizer.spans
    }

    /// The stroke outline (a fill path in user space) in `strokePath`.
    func strokeOutline(_ path: Path, style: StrokeStyle, transform: Transform) throws(GeometryError) {
        guard transform.isFinite else { throw .nonFinite("transform") }
        let scale = max(transform.maxScale, 1e-9)
        try stroker.stroke(path, style: style, tolerance: Flattener.defaultTolerance / scale, into: &strokePath)
    }

    /// Coverage of `path` written into `mask` (replacing its contents; outside the path is 0).
    public func fillMask(_ path: Path, transform: Transform = .identity, rule: FillRule = .nonZero,
                         into mask: inout Mask) throws(GeometryError) {
        try rasterizer.rasterize(path, transform: transform, rule: rule,
                                 clip: IntRect(x: 0, y: 0, width: mask.width, height: mask.height), maxPoints: maxPathPoints)
        mask.clear()
        mask.write(spans: rasterizer.spans)
    }

    /// Coverage of a stroke written into `mask` (replacing its contents).
    public func strokeMask(_ path: Path, style: StrokeStyle, transform: Transform = .identity,
                           into mask: inout Mask) throws(GeometryError) {
        try strokeOutline(path, style: style, transform: transform)
        try rasterizer.rasterize(strokePath, transform: transform, rule: .nonZero,
                                 clip: IntRect(x: 0, y: 0, width: mask.width, height: mask.height), maxPoints: maxPathPoints,
                                 resolveOverlaps: resolveStrokeOverlaps && stroker.foldsInward, windingKeepsSign: true,
                                 overlapRegions: stroker.foldRegions)
        mask.clear()
        mask.write(spans: rasterizer.spans)
    }

    private func clipRect(_ clip: IntRect?, _ w: Int, _ h: Int) -> IntRect {
        let full = IntRect(x: 0, y: 0, width: w, height: h)
        return clip.map { $0.intersection(full) } ?? full
    }

    // MARK: Layers

    /// A transparent scratch pixmap of the given size from the pool (allocated only when the pool has
    /// none of that size). Give it back with `recycle(_:dirty:)` when done.
    ///
    /// A layer given back says which rectangle it drew into, and only that is cleared before it is
    /// lent again: a small shape isolated on a large canvas costs a clear of its own bounds rather
    /// than of the whole canvas. (Clearing happens here, when the pool holds the only reference,
    /// so the buffer is reused in place rather than copied.)
    public func borrowLayer(width: Int, height: Int) throws(PixmapError) -> Pixmap {
        if let i = pool.lastIndex(where: { $0.layer.width == width && $0.layer.height == height }) {
            var (layer, dirty) = pool.remove(at: i)
            if let dirty { layer.clearTransparent(in: dirty) } else { layer.clearTransparent() }
            return layer
        }
        return try Pixmap(width: width, height: height)
    }

    /// Returns a pixmap to the pool; `dirty` must hold every pixel drawn into it since it was
    /// borrowed (nil: it may have drawn anywhere).
    public func recycle(_ p: consuming Pixmap, dirty: IntRect?) {
        pool.append((p, dirty))
    }

    /// A zeroed scratch mask from the pool.
    public func borrowMask(width: Int, height: Int) -> Mask {
        if let i = maskPool.lastIndex(where: { $0.width == width && $0.height == height }) {
            var m = maskPool.remove(at: i)
            m.clear()
            return m
        }
        return Mask(width: width, height: height)
    }
    public func recycle(_ m: consuming Mask) { maskPool.append(m) }

    // MARK: Painting spans

    private func ensureShade(_ n: Int) {
        if n > shadeCapacity {
            shade.deallocate()
            shade = .allocate(capacity: n)
            shadeCapacity = n
        }
    }

    /// The reusable row of shaded pixels, at least `capacity` long (valid until the next call).
    func shadeRow(capacity: Int) -> UnsafeMutablePointer<UInt32> {
        ensureShade(capacity)
        return shade
    }

    /// Paints `spans` (coverage) with `paint` into `target` using source-over.
    public func paintSpans(_ spans: [Span], paint: Paint, transform: Transform = .identity, opacity: Double = 1,
                           into target: inout Pixmap) throws(GeometryError) {
        if spans.isEmpty { return }
        switch paint {
        case let .solid(color):
            let src = color.packedPremultiplied(opacity: opacity)
            if src == 0 { return }
            // In C: one call for all the spans (SpanLayoutTests checks `Span` is `cyl_span`).
            target.withUnsafeMutablePixels { base, stride32 in
                spans.withUnsafeBufferPointer { sp in
                    UnsafeRawPointer(sp.baseAddress!).withMemoryRebound(to: cyl_span.self, capacity: sp.count) { c in
                        cyl_paint_solid_spans(base, stride32, c, sp.count, src)
                    }
                }
            }
        case let .linear(g, p0, p1):
            guard p0.isFinite, p1.isFinite, let inv = transform.inverted else {
                if !(p0.isFinite && p1.isFinite) { throw .nonFinite("gradient point") }
                return
            }
            prepareRamp(g, opacity)
            let d = p1 - p0, len2 = d.lengthSquared
            // t(px, py) = A px + B py + C in device space.
            var A = 0.0, B = 0.0, C = 0.0
            if len2 > 1e-18 {
                let dx = d.x / len2, dy = d.y / len2
                A = inv.a * dx + inv.b * dy; B = inv.c * dx + inv.d * dy
                C = (inv.tx - p0.x) * dx + (inv.ty - p0.y) * dy
            } else { C = 1 }  // degenerate: the last stop
            shadeSpans(spans, &target) { sh, s in
                let n = Int(s.length)
                var t = A * (Double(s.x) + 0.5) + B * (Double(s.y) + 0.5) + C
                let scale = Double(Gradient.rampSize - 1), maxI = Double(Gradient.rampSize - 1)
                self.ramp.withUnsafeBufferPointer { r in
                    let rp = r.baseAddress!
                    for i in 0..<n {
                        // Clamp first so the rounding trick's range holds; no trapping conversion.
                        let v = t * scale
                        sh[i] = rp[roundToInt(v > 0 ? (v < maxI ? v : maxI) : 0)]  // NaN -> 0
                        t += A
                    }
                }
            }
        case let .radial(g, center, radius, focalIn):
            guard center.isFinite, focalIn.isFinite, radius.isFinite else { throw .nonFinite("gradient geometry") }
            guard let inv = transform.inverted, radius > 1e-12 else { return }
            prepareRamp(g, opacity)
            var f = focalIn
            let fc = f - center
            if fc.length > radius * 0.999 { f = center + fc * (radius * 0.999 / fc.length) }
            let cd = center - f
            let a = cd.lengthSquared - radius * radius  // < 0: focal inside the circle
            let invA = 1 / a
            shadeSpans(spans, &target) { sh, s in
                let n = Int(s.length)
                var u = inv.apply(Point(Double(s.x) + 0.5, Double(s.y) + 0.5)) - f
                let step = Point(inv.a, inv.b)
                let scale = Double(Gradient.rampSize - 1), maxI = Double(Gradient.rampSize - 1)
                self.ramp.withUnsafeBufferPointer { r in
                    for i in 0..<n {
                        let b = u.x * cd.x + u.y * cd.y
                        let disc = max(0, b * b - a * (u.x * u.x + u.y * u.y))
                        let t = (b - disc.squareRoot()) * invA
                        let v = t * scale
                        sh[i] = r.baseAddress![roundToInt(v > 0 ? (v < maxI ? v : maxI) : 0)]  // NaN -> 0
                        u.x += step.x; u.y += step.y
                    }
                }
            }
        }
    }

    private func prepareRamp(_ g: Gradient, _ opacity: Double) {
        ramp = ramps.ramp(for: g, opacity: opacity)
    }

    /// Shades each span into the scratch row with `shader`, then composites it with the span's coverage.
    @inline(__always)
    private func shadeSpans(_ spans: [Span], _ target: inout Pixmap,
                            _ shader: (UnsafeMutablePointer<UInt32>, Span) -> Void) {
        var maxLen = 0
        for s in spans where Int(s.length) > maxLen { maxLen = Int(s.length) }
        ensureShade(maxLen)
        let sh = shade
        target.withUnsafeMutablePixels { base, stride32 in
            for s in spans {
                shader(sh, s)
                Kernels.overRow(base + Int(s.y) * stride32 + Int(s.x), sh, Int(s.length), coverage: UInt32(s.coverage))
            }
        }
    }
}

extension Pixmap {
    /// Sets every byte to 0 (transparent).
    public mutating func clearTransparent() {
        withUnsafeMutableBytes { $0.update(repeating: 0) }
    }

    /// Makes the pixels inside `rect` (clipped to the pixmap) transparent; the rest is untouched.
    public mutating func clearTransparent(in rect: IntRect) {
        let r = rect.intersection(IntRect(x: 0, y: 0, width: width, height: height))
        if r.isEmpty { return }
        withUnsafeMutablePixels { base, pitch in
            for y in r.y..<r.maxY { (base + y * pitch + r.x).update(repeating: 0, count: r.width) }
        }
    }

    /// Scales each pixel of `rect` (premultiplied) by the share of it `box` covers: the pixels
    /// along `rect`'s border that `box`'s fractional edges cross; the rest are left as they are.
    public mutating func scaleEdges(of rect: IntRect, toCoverageOf box: Rect) {
        let r = rect.intersection(IntRect(x: 0, y: 0, width: width, height: height))
        if r.isEmpty { return }
        // The covered share of pixel i on one axis, as 0...255 (255: wholly inside).
        func share(_ i: Int, _ lo: Double, _ hi: Double) -> UInt32 {
            let c = max(0, min(Double(i + 1), hi) - max(Double(i), lo))
            return UInt32((min(c, 1) * 255).rounded())
        }
        let columns = r.width > 1 ? [r.x, r.maxX - 1] : [r.x], rows = r.height > 1 ? [r.y, r.maxY - 1] : [r.y]
        withUnsafeMutablePixels { base, pitch in
            func scale(_ x: Int, _ y: Int, _ c: UInt32) {
                let p = base[y * pitch + x]
                @inline(__always) func channel(_ shift: UInt32) -> UInt32 { ((((p >> shift) & 0xFF) * c + 127) / 255) << shift }
                base[y * pitch + x] = channel(0) | channel(8) | channel(16) | channel(24)
            }
            for y in rows {
                let c = share(y, box.minY, box.maxY)
                if c < 255 { for x in r.x..<r.maxX { scale(x, y, c) } }
            }
            for x in columns {
                let c = share(x, box.minX, box.maxX)
                if c < 255 { for y in r.y..<r.maxY { scale(x, y, c) } }
            }
        }
    }
}
