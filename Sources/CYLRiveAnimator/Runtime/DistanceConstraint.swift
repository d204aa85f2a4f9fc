import CYLGeometry

/// Keeps its component closer than, further than, or exactly at a distance from the target.
final class RDistanceConstraint: RTargetedConstraint {
    var distance = 100.0
    var mode = DistanceMode.closer

    override func set(_ key: Int, _ value: PropertyValue) -> Bool {
        switch key {
        case RivePropertyKey.distanceConstraintDistance: distance = value.double ?? distance
        case RivePropertyKey.distanceConstraintModeValue: mode = value.decoded(mode)
        default: return super.set(key, value)
        }
        return true
    }

    override func double(_ key: Int) -> Double? {
        key == RivePropertyKey.distanceConstraintDistance ? distance : super.double(key)
    }

    override func constrain(_ component: RTransformComponent) {
        guard let target = liveTarget else { return }
        let targetPoint = target.worldTranslation
        let ours = component.worldTranslation
        var toTarget = ours - targetPoint
        let current = toTarget.length
        switch mode {
        case .closer where current < distance: return
        case .further where current > distance: return
        default: break
        }
        if current < 0.001 { return }
        toTarget = toTarget * (distance / current)
        let p = ours.lerp(targetPoint + toTarget, strength)
        component.worldTransform.tx = p.x
        component.worldTransform.ty = p.y
    }
}
