import CYLGeometry
import CYLRaster

extension SceneBuilder {
    /// A text: each style that has glyphs, in the order its first glyph was placed, painted by
    /// its fills and strokes as a shape's paths are (in the text's box space, which
    /// `boxTransform` places in the text's own space), inside the box when overflow clips.
    /// Glyphs a modifier fades are drawn after the opaque ones, each opacity as its own path
    /// painted at that opacity, as the runtime buckets them.
    mutating func draw(_ text: RText) throws {
        let world = text.worldTransform * text.boxTransform
        var clipped = false
        if let r = text.clipRect {
            list.beginGroup(transform: .identity)
            if let p = list.makePath(keepEmpty: true, { $0.append(Path.rect(r).transformed(by: world)) }) {
                list.addMask(path: p, mode: .add)
            }
            clipped = true
        }
        for style in text.drawOrder {
            let faded = style.faded.sorted { $0.key < $1.key }
            for paint in style.paints where paint.shouldDraw {
                if !style.glyphs.isEmpty { try add(paint, style.glyphs, world, text.renderOpacity, text) }
                for (opacity, path) in faded { try add(paint, path, world, text.renderOpacity * opacity, text) }
            }
        }
        if clipped { list.endGroup() }
    }

    private mutating func add(_ paint: RShapePaint, _ glyphs: Path, _ world: Transform, _ opacity: Double, _ text: RText) throws {
        if let stroke = paint as? RStroke, !stroke.transformAffectsStroke {
            // A stroke whose width ignores the transform is drawn in artboard space.
            try add(paint, path: glyphs.transformed(by: world), world: .identity, opacity: opacity, blend: text.blendMode,
                    gradientWorld: world)
        } else {
            try add(paint, path: glyphs, world: world, opacity: opacity, blend: text.blendMode)
        }
    }
}
