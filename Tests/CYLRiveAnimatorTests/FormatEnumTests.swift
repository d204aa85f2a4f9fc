import CYLGeometry
import CYLRaster
import Testing
@testable import CYLRiveAnimator

/// The format's small enumerations decode at `set` to the values the format defines, and a raw
/// value they do not define to what the renderer did with it before they were decoded (so that
/// output stays the same): a normal blend, non-zero, world space (local for a feather), butt,
/// miter, sequential, exact, after.
@Suite struct FormatEnumTests {
    typealias T = RiveTypeKey
    typealias P = RivePropertyKey

    /// A component of `type` after setting `key` to the raw value `raw`.
    func component<C: RComponent>(_ make: (ComponentModel, Int) -> C, _ type: Int, _ key: Int, _ raw: UInt64) -> C {
        let c = make(ComponentModel(typeKey: type, offset: 0, name: "", parentID: nil, values: []), 0)
        #expect(c.set(key, .uint(raw)), "key \(key) is taken")
        return c
    }

    @Test func blendModes() {
        // The format numbers source-over 3 and the other modes 14...28 in this order.
        let modes: [BlendMode] = [.screen, .overlay, .darken, .lighten, .colorDodge, .colorBurn, .hardLight, .softLight,
                                  .difference, .exclusion, .multiply, .hue, .saturation, .color, .luminosity]
        #expect(BlendMode(raw: 3) == .normal)
        for (i, mode) in modes.enumerated() { #expect(BlendMode(raw: UInt64(14 + i)) == mode) }
        for unknown: UInt64 in [0, 1, 4, 13, 29, 127, 1 << 40] { #expect(BlendMode(raw: unknown) == .normal) }
        // On a drawable, 127 is just another unknown value; on a paint it inherits the shape's mode.
        #expect(component(RShape.init, T.shape, P.drawableBlendModeValue, 127).blendMode == .normal)
        #expect(component(RShape.init, T.shape, P.drawableBlendModeValue, 24).blendMode == .multiply)
        let inherits = component(RFill.init, T.fill, P.shapePaintBlendModeValue, 127).blendMode
        #expect(inherits == .inherited && inherits.resolved(inheriting: .screen) == .screen)
        let own = component(RFill.init, T.fill, P.shapePaintBlendModeValue, 24).blendMode
        #expect(own == .own(.multiply) && own.resolved(inheriting: .screen) == .multiply)
        #expect(component(RFill.init, T.fill, P.shapePaintBlendModeValue, 99).blendMode == .own(.normal))
        #expect(RFill(ComponentModel(typeKey: T.fill, offset: 0, name: "", parentID: nil, values: []), index: 0).blendMode == .inherited)
    }

    @Test func fillRules() {
        let rules: [(UInt64, RiveFillRule, FillRule)] = [(0, .nonZero, .nonZero), (1, .evenOdd, .evenOdd),
                                                         (2, .clockwise, .nonZero), (3, .nonZero, .nonZero)]
        for (raw, rule, raster) in rules {
            let fill = component(RFill.init, T.fill, P.fillFillRule, raw)
            let clip = component(RClippingShape.init, T.clippingShape, P.clippingShapeFillRule, raw)
            #expect(fill.fillRule == rule && clip.fillRule == rule && rule.rasterRule == raster, "fill rule \(raw)")
        }
    }

    @Test func spaces() {
        // Constraints treat only 1 as local; a feather only 0 as world.
        for (raw, constraint, feather): (UInt64, TransformSpace, TransformSpace) in [(0, .world, .world), (1, .local, .local), (2, .world, .local)] {
            let c = component(RTransformConstraint.init, T.transformConstraint, P.transformSpaceConstraintSourceSpaceValue, raw)
            let f = component(RFeather.init, T.feather, P.featherSpaceValue, raw)
            #expect(c.sourceSpace == constraint && f.space == feather, "space \(raw)")
        }
    }

    @Test func strokesTrimsDistancesAndPlacements() {
        let caps: [LineCap] = [.butt, .round, .square, .butt]
        let joins: [LineJoin] = [.miter, .round, .bevel, .miter]
        for raw in 0..<4 {
            #expect(component(RStroke.init, T.stroke, P.strokeCap, UInt64(raw)).style.cap == caps[raw])
            #expect(component(RStroke.init, T.stroke, P.strokeJoin, UInt64(raw)).style.join == joins[raw])
        }
        let trims: [TrimMode] = [.sequential, .sequential, .synchronized, .sequential]
        let distances: [DistanceMode] = [.closer, .further, .exact, .exact]
        let placements: [DrawPlacement] = [.before, .after, .after, .after]
        for raw in 0..<4 {
            #expect(component(RTrimPath.init, T.trimPath, P.trimPathModeValue, UInt64(raw)).mode == trims[raw])
            #expect(component(RDistanceConstraint.init, T.distanceConstraint, P.distanceConstraintModeValue, UInt64(raw)).mode == distances[raw])
            #expect(component(RDrawTarget.init, T.drawTarget, P.drawTargetPlacementValue, UInt64(raw)).placement == placements[raw])
        }
    }

    /// A value that is not a number (a string bound to the property, say) leaves the property as
    /// it was, as every other property does.
    @Test func aValueThatIsNotANumberKeepsTheProperty() {
        let fill = component(RFill.init, T.fill, P.fillFillRule, 1)
        #expect(fill.set(P.fillFillRule, .string("clockwise")) && fill.fillRule == .evenOdd)
    }
}
