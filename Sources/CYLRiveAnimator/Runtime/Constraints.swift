import CYLGeometry

// What the constraints share, written once: strength and mixing by it, the target lookup, the
// source and destination spaces, and the per-axis copy and limit settings of the translation,
// rotation and scale constraints with the min/max space they limit in. Each constraint's own
// file holds only what it does differently.

/// A constraint of its parent transform component, applied after the parent's world transform
/// is composed.
class RConstraint: RComponent {
    var strength = 1.0

    override func set(_ key: Int, _ value: PropertyValue) -> Bool {
        if key == RivePropertyKey.constraintStrength { strength = value.double ?? strength; return true }
        return super.set(key, value)
    }

    override func double(_ key: Int) -> Double? {
        key == RivePropertyKey.constraintStrength ? strength : super.double(key)
    }

    override func resolve(_ artboard: ArtboardInstance) {
        (parent as? RTransformComponent)?.constraints.append(self)
    }

    override func buildDependencies(_ artboard: ArtboardInstance) {
        parent?.addDependent(self)
    }

    func constrain(_ component: RTransformComponent) {}

    static func parentWorld(_ c: RTransformComponent) -> Transform {
        (c.parent as? RTransformComponent)?.worldTransform ?? .identity
    }

    /// `from` moved towards `to` by the strength.
    func mix(_ from: Double, _ to: Double) -> Double { mixed(from, to, strength) }
}

/// A constraint that follows another transform component.
class RTargetedConstraint: RConstraint {
    var targetID: Int?
    unowned(unsafe) var target: RTransformComponent?

    override func set(_ key: Int, _ value: PropertyValue) -> Bool {
        if key == RivePropertyKey.targetedConstraintTargetId { targetID = value.index; return true }
        return super.set(key, value)
    }

    override func resolve(_ artboard: ArtboardInstance) {
        super.resolve(artboard)
        target = targetID.flatMap { artboard.object($0) as? RTransformComponent }
    }

    override func buildDependencies(_ artboard: ArtboardInstance) {
        if let target, let parent { target.addDependent(parent) }
    }

    /// The target when it is there and not collapsed: a target a solo hides switches the
    /// constraint off.
    var liveTarget: RTransformComponent? {
        guard let target, !target.isCollapsed else { return nil }
        return target
    }
}

/// What a constraint moves between spaces: a point, a transform or a decomposed transform.
protocol SpaceMappable {
    /// The value mapped by `t` (applied after the value's own transform).
    func mapped(by t: Transform) -> Self
}

extension Point: SpaceMappable {
    func mapped(by t: Transform) -> Point { t * self }
}

extension Transform: SpaceMappable {
    func mapped(by t: Transform) -> Transform { t * self }
}

extension TransformComponents: SpaceMappable {
    func mapped(by t: Transform) -> TransformComponents { (t * Transform.compose(self)).decompose() }
}

/// Constraints that read their target in a source space and write their component in a
/// destination space: world, or local (relative to the parent of the target, or of the component).
class RTransformSpaceConstraint: RTargetedConstraint {
    var sourceSpace = TransformSpace.world
    var destSpace = TransformSpace.world

    override func set(_ key: Int, _ value: PropertyValue) -> Bool {
        switch key {
        case RivePropertyKey.transformSpaceConstraintSourceSpaceValue: sourceSpace = value.decoded(sourceSpace)
        case RivePropertyKey.transformSpaceConstraintDestSpaceValue: destSpace = value.decoded(destSpace)
        default: return super.set(key, value)
        }
        return true
    }

    /// `t`, a world transform at the target, in the source space; nil when that space is the
    /// target's parent's and it has no inverse (the constraint then leaves its component alone).
    func inSourceSpace(_ t: Transform, of target: RTransformComponent) -> Transform? {
        guard sourceSpace == .local else { return t }
        guard let inverse = Self.parentWorld(target).inverted else { return nil }
        return t.mapped(by: inverse)
    }

    /// `v`, in the destination space, in world space.
    func fromDestSpace<V: SpaceMappable>(_ v: V, of component: RTransformComponent) -> V {
        destSpace == .local ? v.mapped(by: Self.parentWorld(component)) : v
    }
}

/// One axis of a translation, rotation or scale constraint (rotation has only the first): how
/// much of the target's value it copies, and the limits it keeps the result within.
struct ConstraintAxis {
    var copyFactor = 1.0, minValue = 0.0, maxValue = 0.0
    var doesCopy = true, useMin = false, useMax = false

    /// The property keys of one axis (the first axis's and the second's differ).
    struct Keys {
        let copyFactor, minValue, maxValue, doesCopy, useMin, useMax: Int
    }

    typealias P = RivePropertyKey
    static let first = Keys(copyFactor: P.transformComponentConstraintCopyFactor, minValue: P.transformComponentConstraintMinValue,
                            maxValue: P.transformComponentConstraintMaxValue, doesCopy: P.transformComponentConstraintDoesCopy,
                            useMin: P.transformComponentConstraintMin, useMax: P.transformComponentConstraintMax)
    static let second = Keys(copyFactor: P.transformComponentConstraintYCopyFactorY, minValue: P.transformComponentConstraintYMinValueY,
                             maxValue: P.transformComponentConstraintYMaxValueY, doesCopy: P.transformComponentConstraintYDoesCopyY,
                             useMin: P.transformComponentConstraintYMinY, useMax: P.transformComponentConstraintYMaxY)

    /// Applies a value of property `key` when it is one of this axis's (named by `keys`).
    mutating func set(_ key: Int, _ value: PropertyValue, _ keys: Keys) -> Bool {
        switch key {
        case keys.copyFactor: copyFactor = value.double ?? copyFactor
        case keys.minValue: minValue = value.double ?? minValue
        case keys.maxValue: maxValue = value.double ?? maxValue
        case keys.doesCopy: doesCopy = value.bool ?? doesCopy
        case keys.useMin: useMin = value.bool ?? useMin
        case keys.useMax: useMax = value.bool ?? useMax
        default: return false
        }
        return true
    }

    /// The current value of number property `key` when it is one of this axis's.
    func double(_ key: Int, _ keys: Keys) -> Double? {
        switch key {
        case keys.copyFactor: return copyFactor
        case keys.minValue: return minValue
        case keys.maxValue: return maxValue
        default: return nil
        }
    }

    /// `v` within the limits that are on (the maximum applied first, so a minimum above the
    /// maximum wins).
    func limited(_ v: Double) -> Double {
        var v = v
        if useMax && v > maxValue { v = maxValue }
        if useMin && v < minValue { v = minValue }
        return v
    }
}

/// Translation, rotation and scale constraints: copy one part of the target's transform, scaled
/// by a factor, offset, limited.
class RTransformComponentConstraint: RTransformSpaceConstraint {
    var minMaxSpace = TransformSpace.world
    var offset = false
    /// The x (or rotation) settings, and the y settings.
    var xAxis = ConstraintAxis(), yAxis = ConstraintAxis()

    override func set(_ key: Int, _ value: PropertyValue) -> Bool {
        switch key {
        case RivePropertyKey.transformComponentConstraintMinMaxSpaceValue: minMaxSpace = value.decoded(minMaxSpace)
        case RivePropertyKey.transformComponentConstraintOffset: offset = value.bool ?? offset
        default:
            return xAxis.set(key, value, ConstraintAxis.first) || yAxis.set(key, value, ConstraintAxis.second) || super.set(key, value)
        }
        return true
    }

    override func double(_ key: Int) -> Double? {
        xAxis.double(key, ConstraintAxis.first) ?? yAxis.double(key, ConstraintAxis.second) ?? super.double(key)
    }

    /// One copied part of the goal: the target's `target` times the axis's copy factor, combined
    /// with the component's own `own` when the constraint offsets. An axis that does not copy
    /// keeps the component's `current` value, or takes `neutral` (which combines to nothing) when
    /// the destination is local.
    func copied(_ axis: ConstraintAxis, _ target: Double, current: Double, own: Double, neutral: Double,
                _ combine: (Double, Double) -> Double) -> Double {
        guard axis.doesCopy else { return destSpace == .local ? neutral : current }
        let v = target * axis.copyFactor
        return offset ? combine(v, own) : v
    }

    /// What the component moves towards, in world space: the part of the target's transform (in
    /// the source space) that `read` takes, with `copy` applied and moved from the destination
    /// space, or without a target the component's `current` value; then limited by `limit` in
    /// the min/max space. Nil when the constraint is off: its target is collapsed, or a local
    /// space's transform has no inverse.
    func goal<V: SpaceMappable>(_ component: RTransformComponent, current: V, read: (Transform) -> V,
                                copy: (inout V) -> Void, limit: (inout V) -> Void) -> V? {
        var v = current
        if let target {
            guard !target.isCollapsed, let t = inSourceSpace(target.worldTransform, of: target) else { return nil }
            v = read(t)
            copy(&v)
            v = fromDestSpace(v, of: component)
        }
        guard minMaxSpace == .local else {
            limit(&v)
            return v
        }
        let parent = Self.parentWorld(component)
        guard let inverse = parent.inverted else { return nil }
        var local = v.mapped(by: inverse)
        limit(&local)
        return local.mapped(by: parent)
    }
}
