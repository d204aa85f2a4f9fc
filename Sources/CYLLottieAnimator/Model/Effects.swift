/// One parameter of a layer effect (`ef[i].ef[j]`): a slider, angle, colour, point, checkbox,
/// dropdown or layer choice. Expressions read it by name, match name or position.
struct EffectParam: Sendable {
    var name: String
    var matchName: String
    /// Lottie's value type (0 slider, 1 angle, 2 colour, 3 point, 4 checkbox, 7 dropdown, 10 layer).
    var type: Int
    var value: VectorProperty
}

/// What a layer effect draws.
enum EffectKind: Sendable, Equatable {
    /// Expression controls (sliders, colours, checkboxes…): they feed expressions and draw nothing.
    case control
    case fill, tint, tritone, dropShadow, gaussianBlur, stroke
    /// An effect this renderer does not draw (reported when parsed; drawn without it).
    case unsupported
}

/// A layer effect (`ef[i]`): its parameters in file order (nested groups flattened), and what
/// it draws. Drawing effects read their parameters by position, as the format lays them out.
struct EffectModel: Sendable {
    var name: String
    var matchName: String
    var kind: EffectKind
    var enabled: Bool
    var params: [EffectParam]

    /// The value of parameter `index` at `t`, or `fallback` when the effect has fewer parameters.
    func value(_ index: Int, at t: Double, _ fallback: [Double]) -> [Double] {
        index < params.count ? params[index].value.value(at: t) : fallback
    }
    func scalar(_ index: Int, at t: Double, _ fallback: Double) -> Double {
        let v = value(index, at: t, [fallback])
        return v.isEmpty ? fallback : v[0]
    }
}

/// A layer style (`sy[i]`, Photoshop-like styles After Effects applies after effects).
struct LayerStyleModel: Sendable {
    enum Kind: Sendable, Equatable { case stroke, dropShadow, outerGlow }
    var kind: Kind
    var color: VectorProperty
    /// Percent.
    var opacity: VectorProperty
    /// Stroke width, shadow blur or glow size, in layer units.
    var size: VectorProperty
    /// Shadow: light angle in degrees (0 = light from the right; the shadow falls away from it).
    var angle: VectorProperty
    var distance: VectorProperty
    /// Spread (choke), percent of the size that stays solid.
    var choke: VectorProperty
}
