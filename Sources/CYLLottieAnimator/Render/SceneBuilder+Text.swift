#if canImport(Glibc)
import Glibc
#endif
import CYLGeometry
import CYLRaster
import CYLText
import CYLTimeline

/// One character's look after the animators: offsets, scale, rotation, paints.
struct GlyphStyle {
    var position = Point.zero
    var anchor = Point.zero
    var scale = Point(1, 1)
    /// Radians.
    var rotation = 0.0
    var opacity = 1.0
    var fill: Color?
    var stroke: Color?
    var strokeWidth: Double
    var fillOpacity = 1.0
    var strokeOpacity = 1.0

    init(_ doc: TextDocument) {
        fill = doc.fillColor; stroke = doc.strokeColor; strokeWidth = doc.strokeWidth
    }

    /// Applies animator properties `p` at frame `t` with selection `w` (see `TextSelection`):
    /// offsets add `w` of their value, factors move `w` of the way from 1 to their value,
    /// colours mix `w` of the way to theirs.
    mutating func apply(_ p: TextAnimatorProperties, _ w: Double, at t: Double) {
        if let v = p.position { position += v.point(at: t) * w }
        if let v = p.anchor { anchor += v.point(at: t) * w }
        if let v = p.scale {
            let s = v.value(at: t)
            let sx = s.first ?? 100, sy = s.count > 1 ? s[1] : sx
            scale = Point(scale.x * (1 + (sx / 100 - 1) * w), scale.y * (1 + (sy / 100 - 1) * w))
        }
        if let v = p.rotation { rotation += v.scalar(at: t) * w * .pi / 180 }
        if let v = p.opacity { opacity *= 1 + (v.scalar(at: t) / 100 - 1) * w }
        if let v = p.fillOpacity { fillOpacity *= 1 + (v.scalar(at: t) / 100 - 1) * w }
        if let v = p.strokeOpacity { strokeOpacity *= 1 + (v.scalar(at: t) / 100 - 1) * w }
        if let v = p.fillColor, let c = fill { fill = Self.mix(c, v.value(at: t), w) }
        if let v = p.strokeColor, let c = stroke { stroke = Self.mix(c, v.value(at: t), w) }
        if let v = p.strokeWidth { strokeWidth += v.scalar(at: t) * w }
    }

    static func mix(_ c: Color, _ v: [Double], _ w: Double) -> Color {
        func at(_ i: Int) -> Double { i < v.count && v[i].isFinite ? v[i] : 0 }
        func m(_ a: Double, _ b: Double) -> Double { min(max(a + (b - a) * w, 0), 1) }
        return Color(m(c.r, at(0)), m(c.g, at(1)), m(c.b, at(2)), c.a)
    }
}

extension LottieSceneBuilder {
    /// Faux italic: x moves left by a fifth of y (y is down, so glyphs lean right), the slant
    /// libpag's text engine (tgfx, ITALIC_SKEW) synthesises; a quarter matched none of
    /// text_matte.pag's frames, a fifth all five.
    static let fauxItalicSlant = Transform(a: 1, b: 0, c: -0.20, d: 1, tx: 0, ty: 0)

    /// Faux bold: glyphs stroked in their fill colour by 1/24 of the size for small text, 1/32
    /// from 36 px up, linearly between (the widths font engines use to embolden).
    static func fauxBoldWidth(_ size: Double) -> Double {
        let k = min(max((size - 9) / 27, 0), 1)
        return size * (1.0 / 24 + (1.0 / 32 - 1.0 / 24) * k)
    }

    /// Adds a text layer's characters at `time`: each glyph's contours, scaled to the document's
    /// size, moved and turned by its animators about the middle of its advance, filled and
    /// stroked (stroke under or over the fill) in layer space. The glyphs' vertices together
    /// are bounded by `Limits.maxPathPoints`: one huge glyph repeated 5 000 times would
    /// otherwise be billions of points a frame.
    ///
    /// Glyphs with hinted outlines (`GlyphModel.hinted`) are drawn as glyph bitmaps are when
    /// nothing turns or stretches them (`fitsPixels`: nor the layer, and it is no matte's
    /// source): hinted at their size in pixels (`pixelScale` pixels a layer unit), from a whole
    /// pixel (`GlyphPlacement`), their coverage through the sRGB curve.
    ///
    /// With `measuring`, returns the text's bounds as libpag measures them, where its filter
    /// pass lays its bitmap (`ContentSnapshot.Grid.filterPass`): each glyph's box (its hinted
    /// outline at the document's size, rounded out to whole units) where the glyph goes, the
    /// background's, grown by the widest stroke; otherwise `Rect.empty`.
    @discardableResult
    func addText(_ text: TextLayerModel, time: Double, pixelScale: Double, fitsPixels: Bool, measuring: Bool = false,
                 into list: inout DisplayList) throws(SceneLimitError) -> Rect {
        let doc = text.documents.document(at: time)
        guard doc.size > 0 else { return .empty }
        var bounds = Rect.empty, widestStroke = 0.0
        let font = model.fonts[doc.font]
        func layout(before: [Double], after: [Double]) -> [PlacedGlyph] {
            if let engine = text.layoutEngine { return engine.layout(at: time, font: font, before: before, after: after) }
            // After Effects moves only the characters after a tracked one.
            return TextLayout.layout(doc, font: font, extraAdvance: after)
        }
        var glyphs = layout(before: [], after: [])
        guard !glyphs.isEmpty else { return .empty }
        var selections = text.animators.map { TextSelection.amounts($0.selectors, at: time, glyphs: glyphs) }
        if text.animators.contains(where: { $0.properties.tracking != nil }) {
            // Tracking animators move the characters about each selected one; the layout is
            // made again with the extra advances (and the selection with its new lines).
            var before = [Double](repeating: 0, count: glyphs.count), after = before
            for (a, sel) in zip(text.animators, selections) {
                guard let tr = a.properties.tracking else { continue }
                let v = tr.scalar(at: time)
                guard v.isFinite else { continue }
                let share = min(max(a.properties.trackingBefore, 0), 1)
                for i in after.indices {
                    before[i] += v * sel[i] * share
                    after[i] += v * sel[i] * (1 - share)
                }
            }
            glyphs = layout(before: before, after: after)
            selections = text.animators.map { TextSelection.amounts($0.selectors, at: time, glyphs: glyphs) }
        }
        let scale = doc.size / 100
        let align = text.alignment.point(at: time)
        let styles = glyphs.indices.map { i in
            var style = GlyphStyle(doc)
            for (a, sel) in zip(text.animators, selections) where sel[i] != 0 { style.apply(a.properties, sel[i], at: time) }
            return style
        }
        if let engine = text.layoutEngine {
            // Where the animators move each glyph, in layer space: the background follows them.
            let moves = zip(glyphs, styles).map { g, style in
                let pivot = Point(g.pen.x + g.advance / 2 + align.x * g.advance / 200, g.pen.y + align.y * doc.size / 100)
                return Transform.translation(-pivot.x - style.anchor.x, -pivot.y - style.anchor.y)
                    .then(.scale(style.scale.x, style.scale.y)).then(.rotation(style.rotation))
                    .then(.translation(pivot.x + style.position.x, pivot.y + style.position.y))
            }
            if let b = engine.background(at: time, placed: glyphs, moved: moves, font: font), b.opacity > 0,
               let path = list.makePath({ $0.append(b.path) }) {
                list.addFill(path: path, transform: .identity, paint: .solid(b.color), opacity: min(b.opacity, 1))
                if measuring { bounds = bounds.union(b.path.bounds) }
            }
        }
        var points = 0
        for (i, g) in glyphs.enumerated() {
            guard let glyph = font?.glyphs[g.character], !glyph.contours.isEmpty else { continue }
            for c in glyph.contours { points += c.vertices.count }
            guard points <= limits.maxPathPoints else {
                throw SceneLimitError(description: "a text layer's glyphs have more than \(limits.maxPathPoints) points in one frame (\(Limit.maxPathPoints))")
            }
            let style = styles[i]
            let opacity = min(max(style.opacity, 0), 1)
            guard opacity > 0 else { continue }
            let half = g.advance / 2
            let alignOffset = Point(align.x * g.advance / 200, align.y * doc.size / 100)
            let slant = doc.fauxItalic ? Self.fauxItalicSlant : .identity
            // From the glyph at the document's size to the layer.
            let placed = g.placement
                .then(.translation(-half - alignOffset.x - style.anchor.x, -alignOffset.y - style.anchor.y))
                .then(.scale(style.scale.x, style.scale.y))
                .then(.rotation(style.rotation))
                .then(.translation(alignOffset.x + style.position.x + g.pen.x + half, alignOffset.y + style.position.y + g.pen.y))
            let upright = Transform.scale(scale * g.scale, scale * g.scale).then(placed)
            let m = slant.then(upright)
            guard m.a.isFinite, m.b.isFinite, m.c.isFinite, m.d.isFinite, m.tx.isFinite, m.ty.isFinite else { continue }
            if measuring {
                bounds = bounds.union(Self.glyphBox(glyph, size: doc.size * g.scale, slant: slant, placed: placed))
                if style.stroke != nil { widestStroke = max(widestStroke, style.strokeWidth) }
            }
            // A glyph fitted to the pixels: its hinted outline at its size there, drawn from a
            // whole pixel as a glyph bitmap is: at the nearest one, or, stroked (libpag then draws
            // its masks as textures; strokes under 0.1 px it leaves out), resampled the rest of
            // the way.
            // A faux italic slants the hinted outline (FreeType's transform after hinting).
            var fitted: GlyphOutline? = nil
            let u = upright
            if let hinted = glyph.hinted, fitsPixels, u.b == 0, u.c == 0, u.a == u.d, u.a > 0, pixelScale > 0 {
                fitted = hinted.font.outline(hinted.scalar, pixelSize: u.a * 100 * pixelScale)
            }
            let curve: CoverageCurve = fitted == nil ? .linear : .sRGB
            if fitted != nil {
                list.beginGroup(transform: .translation(u.tx, u.ty))
                let stroked = style.stroke != nil && style.strokeWidth >= 0.1
                list.placeAsGlyph(stroked ? .resampled : .nearestPixel)
            }
            defer { if fitted != nil { list.endGroup() } }
            let toLayer = fitted == nil ? m : slant.then(.scale(1 / pixelScale, 1 / pixelScale))
            guard let path = list.makePath({ p in
                for c in fitted?.contours ?? glyph.contours { c.append(to: &p, transform: toLayer) }
            }) else { continue }
            let fillAlpha = opacity * min(max(style.fillOpacity, 0), 1)
            let strokeAlpha = opacity * min(max(style.strokeOpacity, 0), 1)
            let width = style.strokeWidth
            let stroke = style.stroke.flatMap { c -> (Color, StrokeStyle)? in
                guard width > 0, width.isFinite, strokeAlpha > 0 else { return nil }
                return (c, StrokeStyle(width: width, cap: .butt, join: .miter, miterLimit: 4))
            }
            if let (c, s) = stroke, !doc.strokeOverFill {
                list.addStroke(path: path, transform: .identity, paint: .solid(c), opacity: strokeAlpha, style: s, curve: curve)
            }
            if let c = style.fill, fillAlpha > 0 {
                list.addFill(path: path, transform: .identity, paint: .solid(c), opacity: fillAlpha, rule: .nonZero, curve: curve)
                if doc.fauxBold {
                    list.addStroke(path: path, transform: .identity, paint: .solid(c), opacity: fillAlpha,
                                   style: StrokeStyle(width: Self.fauxBoldWidth(doc.size), cap: .butt, join: .round), curve: curve)
                }
            }
            if let (c, s) = stroke, doc.strokeOverFill {
                list.addStroke(path: path, transform: .identity, paint: .solid(c), opacity: strokeAlpha, style: s, curve: curve)
            }
        }
        return bounds.isEmpty ? bounds : bounds.insetBy(-widestStroke)
    }

    /// A glyph's box as libpag measures it (tgfx's `getBounds`): the control points of its
    /// outline hinted at `size` pixels (unhinted when the font has no hinter), slanted by a
    /// faux italic, rounded out to whole units; mapped by `placed`.
    static func glyphBox(_ glyph: GlyphModel, size: Double, slant: Transform, placed: Transform) -> Rect {
        var box = Rect.empty
        if let hinted = glyph.hinted, let outline = hinted.font.outline(hinted.scalar, pixelSize: size) {
            for c in outline.contours { include(c, slant, into: &box) }
        } else {
            for c in glyph.contours { include(c, Transform.scale(size / 100, size / 100).then(slant), into: &box) }
        }
        guard !box.isEmpty else { return .empty }
        let r = Rect(minX: box.minX.rounded(.down), minY: box.minY.rounded(.down), maxX: box.maxX.rounded(.up), maxY: box.maxY.rounded(.up))
        var out = Rect.empty
        for p in [Point(r.minX, r.minY), Point(r.maxX, r.minY), Point(r.minX, r.maxY), Point(r.maxX, r.maxY)] { out.include(placed.apply(p)) }
        return out
    }

    /// Adds a contour's vertices and control points, mapped by `m`, to `box`.
    private static func include(_ c: BezierShape, _ m: Transform, into box: inout Rect) {
        for (i, v) in c.vertices.enumerated() {
            box.include(m.apply(v))
            if i < c.inTangents.count { box.include(m.apply(v + c.inTangents[i])) }
            if i < c.outTangents.count { box.include(m.apply(v + c.outTangents[i])) }
        }
    }
}
