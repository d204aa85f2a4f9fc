import CYLGeometry
#if canImport(Glibc)
import Glibc
#endif

/// Copies the target's whole transform, blending by strength.
final class RTransformConstraint: RTransformSpaceConstraint {
    var originX = 0.0, originY = 0.0

    override func set(_ key: Int, _ value: PropertyValue) -> Bool {
        switch key {
        case RivePropertyKey.transformConstraintOriginX: originX = value.double ?? originX
        case RivePropertyKey.transformConstraintOriginY: originY = value.double ?? originY
        default: return super.set(key, value)
        }
        return true
    }

    override func constrain(_ component: RTransformComponent) {
        guard let target = liveTarget else { return }
        let bounds = target.constraintBounds
        let local = Transform.translation(bounds.minX + bounds.width * originX, bounds.minY + bounds.height * originY)
        guard let b = inSourceSpace(target.worldTransform * local, of: target) else { return }
        component.worldTransform = Self.blend(component.worldTransform, fromDestSpace(b, of: component), strength)
    }

    /// `t` of the way from `from` to `to`, decomposed: rotation the short way round.
    static func blend(_ from: Transform, _ to: Transform, _ t: Double) -> Transform {
        let a = from.decompose()
        var b = to.decompose()
        b.rotation = mixedAngle(a.rotation, b.rotation, t)
        b.x = mixed(a.x, b.x, t)
        b.y = mixed(a.y, b.y, t)
        b.scaleX = mixed(a.scaleX, b.scaleX, t)
        b.scaleY = mixed(a.scaleY, b.scaleY, t)
        b.skew = mixed(a.skew, b.skew, t)
        return .compose(b)
    }
}

final class RTranslationConstraint: RTransformComponentConstraint {
    override func constrain(_ component: RTransformComponent) {
        let a = component.worldTranslation
        guard let b = goal(component, current: a, read: \.translation, copy: { b in
            b.x = copied(xAxis, b.x, current: a.x, own: component.localX, neutral: 0, +)
            b.y = copied(yAxis, b.y, current: a.y, own: component.localY, neutral: 0, +)
        }, limit: { $0 = Point(xAxis.limited($0.x), yAxis.limited($0.y)) }) else { return }
        component.worldTransform.tx = mix(a.x, b.x)
        component.worldTransform.ty = mix(a.y, b.y)
    }
}

final class RRotationConstraint: RTransformComponentConstraint {
    override func constrain(_ component: RTransformComponent) {
        let a = component.worldTransform.decompose()
        guard let b = goal(component, current: a, read: { $0.decompose() }, copy: { b in
            b.rotation = copied(xAxis, b.rotation, current: a.rotation, own: component.rotation, neutral: 0, +)
        }, limit: { $0.rotation = xAxis.limited($0.rotation) }) else { return }
        var result = a
        result.rotation = a.rotation + wrappedAngleDifference(a.rotation, b.rotation) * strength
        component.worldTransform = .compose(result)
    }
}

final class RScaleConstraint: RTransformComponentConstraint {
    override func constrain(_ component: RTransformComponent) {
        let a = component.worldTransform.decompose()
        guard let b = goal(component, current: a, read: { $0.decompose() }, copy: { b in
            b.scaleX = copied(xAxis, b.scaleX, current: a.scaleX, own: component.scaleX, neutral: 1, *)
            b.scaleY = copied(yAxis, b.scaleY, current: a.scaleY, own: component.scaleY, neutral: 1, *)
        }, limit: { b in
            b.scaleX = xAxis.limited(b.scaleX)
            b.scaleY = yAxis.limited(b.scaleY)
        }) else { return }
        var result = a
        result.scaleX = mix(a.scaleX, b.scaleX)
        result.scaleY = mix(a.scaleY, b.scaleY)
        component.worldTransform = .compose(result)
    }
}
