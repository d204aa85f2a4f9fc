import CYLGeometry
import CYLRaster

extension SceneBuilder {
    /// A text: each style that has glyphs, in the order its first glyph was placed, painted by
    /// its fills and strokes as a shape's paths are (in the text's box space, which
    /// `boxTransform` places in the text's own space), inside the box when overflow clips.
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
            for paint in style.paints where paint.shouldDraw {
                if let stroke = paint as? RStroke, !stroke.transformAffectsStroke {
                    // A stroke whose width ignores the transform is drawn in artboard space.
                    try add(paint, path: style.glyphs.transformed(by: world), world: .identity,
                            opacity: text.renderOpacity, blend: text.blendMode, gradientWorld: world)
                } else {
                    try add(paint, path: style.glyphs, world: world, opacity: text.renderOpacity, blend: text.blendMode)
                }
            }
        }
        if clipped { list.endGroup() }
    }
}
