import CYLLottieAnimator

// Layer effects and styles libpag draws, read into the shared model's where it has them (drop
// shadow style, fast blur); the others are noted as not drawn.

extension PAGReader {
    /// Reads an effect or layer style tag into `layer`; false when `code` is neither.
    mutating func readEffect(_ tag: inout Tag, _ code: TagCode, into layer: inout PAGLayer) throws(PAGError) -> Bool {
        var s = tag.body
        defer { tag.body = s }
        let name = "the \(code.name) tag"
        switch code {
        case .dropShadowStyle, .dropShadowStyleV2:
            // blend mode, colour, opacity, angle, distance, size (V2: animatable), V2: spread.
            var kinds: [AttributeKind] = [.discreteProperty, .simpleProperty, .simpleProperty, .simpleProperty, .simpleProperty]
            kinds += code == .dropShadowStyle ? [.discreteProperty] : [.simpleProperty, .simpleProperty]
            var b = try AttributeBlock(kinds, tag: name, &s)
            let blend = try b.property(&s, .byte, [0], "the blend mode")
            if blend.initialValue != [0] { note(tag.offset, "blend modes of drop shadows are drawn as normal", .approximated) }
            let color = try b.property(&s, .color, [0, 0, 0], "the colour").vector
            let opacity = try b.property(&s, .opacity, [191 * 100 / 255], "the opacity").vector
            let angle = try b.property(&s, .float, [120], "the angle").vector
            let distance = try b.property(&s, .float, [5], "the distance").vector
            let size = try b.property(&s, .float, [5], "the size").vector
            // Spread is a fraction of the size; the model's choke is percent.
            let spread = code == .dropShadowStyleV2 ? try b.property(&s, .float, [0], "the spread").percent : .fixed([0])
            layer.styles.append(LayerStyleModel.make(.dropShadow, color: color, opacity: opacity, size: size, angle: angle,
                                                     distance: distance, choke: spread).measuredInParentUnits())
        case .fastBlurEffect:
            var b = try AttributeBlock([.simpleProperty, .discreteProperty, .discreteProperty, .simpleProperty, .custom], tag: name, &s)
            // libpag's σ is half the blurriness; the model's is 0.3 of it.
            let blurriness = try b.property(&s, .float, [0], "the blurriness").map { $0.map { $0 * 0.5 / 0.3 } }.vector
            let dimensions = try b.property(&s, .byte, [0], "the blur dimensions").initialValue.first ?? 0
            let repeatEdges = try b.property(&s, .byte, [0], "the edge mode").initialValue.first ?? 0
            try readCompositingOption(&b, &s, tag)
            if repeatEdges != 0 { note(tag.offset, "blurs that repeat edge pixels are drawn with transparent edges", .approximated) }
            layer.effects.append(EffectModel.gaussianBlur(blurriness: blurriness, dimensions: Int(dimensions) + 1))
        case .levelsIndividualEffect:
            var b = try AttributeBlock(Array(repeating: .simpleProperty, count: 21) + [.custom], tag: name, &s)
            // The composite's levels, then red's, green's and blue's; then the compositing option.
            let defaults: [Double] = [0, 255, 1, 0, 255]
            var values: [VectorProperty] = []
            for i in 0..<20 { values.append(try b.property(&s, .float, [defaults[i % 5]], "a levels value").vector) }
            try readCompositingOption(&b, &s, tag)
            layer.effects.append(EffectModel.levels(values))
        case .motionTileEffect:
            var b = try AttributeBlock([.spatialProperty, .simpleProperty, .simpleProperty, .simpleProperty, .simpleProperty,
                                        .discreteProperty, .simpleProperty, .discreteProperty, .simpleProperty, .custom], tag: name, &s)
            // libpag's default centre is (640, 360), the middle of a 1280x720 layer.
            var values = [try b.property(&s, .spatialPoint, [640, 360], "the tile centre").vector]
            for what in ["the tile width", "the tile height", "the output width", "the output height"] {
                values.append(try b.property(&s, .float, [100], what).vector)
            }
            values.append(try b.property(&s, .byte, [0], "mirror edges").vector)
            values.append(try b.property(&s, .float, [0], "the phase").vector)
            values.append(try b.property(&s, .byte, [0], "the horizontal phase shift").vector)
            try readCompositingOption(&b, &s, tag)
            layer.effects.append(EffectModel.motionTile(values))
        case .cornerPinEffect:
            var b = try AttributeBlock([.spatialProperty, .spatialProperty, .spatialProperty, .spatialProperty, .simpleProperty, .custom],
                                       tag: name, &s)
            // Upper left, upper right, lower left, lower right (defaults: a 1280x720 layer's corners).
            var values: [VectorProperty] = []
            for (what, p) in [("the upper left corner", [0.0, 0]), ("the upper right corner", [1280, 0]),
                              ("the lower left corner", [0, 720]), ("the lower right corner", [1280, 720])] {
                values.append(try b.property(&s, .spatialPoint, p, what).vector)
            }
            try readCompositingOption(&b, &s, tag)
            layer.effects.append(EffectModel.cornerPin(values))
        case .bulgeEffect:
            var b = try AttributeBlock([.simpleProperty, .simpleProperty, .spatialProperty, .simpleProperty, .simpleProperty,
                                        .discreteProperty, .simpleProperty, .custom], tag: name, &s)
            var values = [try b.property(&s, .float, [50], "the horizontal radius").vector,
                          try b.property(&s, .float, [50], "the vertical radius").vector,
                          try b.property(&s, .spatialPoint, [640, 360], "the bulge centre").vector,
                          try b.property(&s, .float, [1], "the bulge height").vector]
            let taper = try b.property(&s, .float, [0], "the taper radius")
            if taper.isAnimated || taper.initialValue != [0] { note(tag.offset, "the taper radius of bulges is not drawn (nor by libpag)", .approximated) }
            values.append(try b.property(&s, .byte, [0], "pinning").vector)
            try readCompositingOption(&b, &s, tag)
            layer.effects.append(EffectModel.bulge(values))
        case .glowEffect:
            var b = try AttributeBlock([.simpleProperty, .simpleProperty, .simpleProperty, .simpleProperty, .custom], tag: name, &s)
            // Threshold (a fraction), radius, intensity (libpag does not use it).
            let values = [try b.property(&s, .float, [1], "the glow threshold").vector,
                          try b.property(&s, .float, [100], "the glow radius").vector,
                          try b.property(&s, .float, [0], "the glow intensity").vector]
            try readCompositingOption(&b, &s, tag)
            layer.effects.append(EffectModel.glow(values))
        case .radialBlurEffect:
            var b = try AttributeBlock([.simpleProperty, .spatialProperty, .discreteProperty, .discreteProperty, .simpleProperty, .custom],
                                       tag: name, &s)
            let values = [try b.property(&s, .float, [10], "the blur amount").vector,
                          try b.property(&s, .spatialPoint, [640, 360], "the blur centre").vector]
            // Spin or zoom, and the antialiasing: libpag draws every radial blur as a zoom.
            let mode = try b.property(&s, .byte, [0], "the radial blur mode")
            _ = try b.property(&s, .byte, [0], "the radial blur antialiasing")
            if mode.isAnimated || mode.initialValue != [1] { note(tag.offset, "spin radial blurs are drawn as zoom blurs (as libpag draws them)", .approximated) }
            try readCompositingOption(&b, &s, tag)
            layer.effects.append(EffectModel.radialBlur(values))
        case .displacementMapEffect:
            var b = try AttributeBlock([.value, .discreteProperty, .simpleProperty, .discreteProperty, .simpleProperty,
                                        .discreteProperty, .discreteProperty, .discreteProperty, .simpleProperty, .custom], tag: name, &s)
            // The map layer by id (the builder finds it in the layer's composition), then the
            // sources (red, green by default), largest moves, placement (centred), wrapped edges
            // (no) and expanded output (yes).
            let mapLayer = try b.value(&s, UInt32(0)) { (s: inout PAGStream) throws(PAGError) in try s.encodedUInt32("the map layer id") }
            var values: [VectorProperty] = [.fixed([Double(mapLayer)])]
            values.append(try b.property(&s, .byte, [0], "the horizontal source").vector)
            values.append(try b.property(&s, .float, [5], "the largest horizontal move").vector)
            values.append(try b.property(&s, .byte, [1], "the vertical source").vector)
            values.append(try b.property(&s, .float, [5], "the largest vertical move").vector)
            values.append(try b.property(&s, .byte, [0], "the map placement").vector)
            values.append(try b.property(&s, .bool, [0], "wrapped edges").vector)
            values.append(try b.property(&s, .bool, [1], "expanded output").vector)
            try readCompositingOption(&b, &s, tag)
            if layer.type == .shape || layer.type == .text {
                note(tag.offset, "displacement maps of shape and text layers are not drawn", .notDrawn, key: "tag \(code) shapes")
            } else {
                layer.effects.append(EffectModel.displacementMap(values))
            }
        case .mosaicEffect, .hueSaturationEffect, .brightnessContrastEffect, .gradientOverlayStyle,
             .strokeStyle, .outerGlowStyle:
            note(tag.offset, "\(tag.description) is not drawn yet", .notDrawn, key: "tag \(code)")
        default:
            return false
        }
        return true
    }

    /// An effect's opacity and the masks it is limited to (noted: effects apply to the whole layer).
    private mutating func readCompositingOption(_ b: inout AttributeBlock, _ s: inout PAGStream, _ tag: Tag) throws(PAGError) {
        let opacity = try b.property(&s, .opacity, [100], "the effect opacity")
        if opacity.isAnimated || opacity.initialValue != [100] {
            note(tag.offset, "effect opacity is drawn as 100%", .approximated)
        }
        if b.custom() {
            let n = try s.count("the number of effect masks")
            for _ in 0..<n { _ = try s.encodedUInt32("an effect mask id") }
            if n > 0 { note(tag.offset, "effects limited to masks are drawn on the whole layer", .approximated) }
        }
    }
}
