/// One parameter of a layer effect (`ef[i].ef[j]`): a slider, angle, colour, point, checkbox,
/// dropdown or layer choice. Expressions read it by name, match name or position.
package struct EffectParam: Sendable {
    package var name: String
    package var matchName: String
    /// Lottie's value type (0 slider, 1 angle, 2 colour, 3 point, 4 checkbox, 7 dropdown, 10 layer).
    package var type: Int
    package var value: VectorProperty
}

/// What a layer effect draws.
package enum EffectKind: Sendable, Equatable {
    /// Expression controls (sliders, colours, checkboxes…): they feed expressions and draw nothing.
    case control
    case fill, tint, tritone, dropShadow, gaussianBlur, stroke
    /// Levels per channel (PAG's LevelsIndividual): parameters are the composite's input black,
    /// input white, gamma, output black, output white (0-255), then red's, green's, blue's.
    case levels
    /// Motion tile (PAG): tile centre, tile width and height, output width and height (percent),
    /// mirror edges, phase (degrees), horizontal phase shift.
    case motionTile
    /// Corner pin (PAG): upper left, upper right, lower left, lower right, in the layer's units.
    case cornerPin
    /// Bulge (PAG): horizontal radius, vertical radius, centre, height, pinning (0/1).
    case bulge
    /// Glow (PAG, libpag's): threshold (a fraction), radius, intensity.
    case glow
    /// Radial blur (PAG, libpag's zoom blur): amount, centre.
    case radialBlur
    /// Displacement map (PAG): the map layer (its position in the layer's composition; −1: none),
    /// the horizontal source and largest move, the vertical source and largest move, the map's
    /// placement (0 centred, 1 stretched, 2 tiled), wrapped edges (0/1), expanded output (0/1).
    case displacementMap
    /// An effect this renderer does not draw (reported when parsed; drawn without it).
    case unsupported
}

/// A layer effect (`ef[i]`): its parameters in file order (nested groups flattened), and what
/// it draws. Drawing effects read their parameters by position, as the format lays them out.
package struct EffectModel: Sendable {
    package var name: String
    package var matchName: String
    package var kind: EffectKind
    package var enabled: Bool
    package var params: [EffectParam]

    /// The value of parameter `index` at `t`, or `fallback` when the effect has fewer parameters.
    package func value(_ index: Int, at t: Double, _ fallback: [Double]) -> [Double] {
        index < params.count ? params[index].value.value(at: t) : fallback
    }
    package func scalar(_ index: Int, at t: Double, _ fallback: Double) -> Double {
        let v = value(index, at: t, [fallback])
        return v.isEmpty ? fallback : v[0]
    }
}

/// A layer style (`sy[i]`, Photoshop-like styles After Effects applies after effects).
package struct LayerStyleModel: Sendable {
    package enum Kind: Sendable, Equatable { case stroke, dropShadow, outerGlow }
    package var kind: Kind
    package var color: VectorProperty
    /// Percent.
    package var opacity: VectorProperty
    /// Stroke width, shadow blur or glow size, in layer units.
    package var size: VectorProperty
    /// Shadow: light angle in degrees (0 = light from the right; the shadow falls away from it).
    package var angle: VectorProperty
    package var distance: VectorProperty
    /// Spread (choke), percent of the size that stays solid.
    package var choke: VectorProperty
    /// Whether distance and size are in the units of the layer's parent, not the layer's own (PAG:
    /// libpag applies styles as After Effects does, after the layer's transform; Lottie players
    /// apply them in the layer's units).
    package var inParentUnits = false
}
