import CYLGeometry
#if canImport(Glibc)
import Glibc
#endif

/// Constraints that copy transforms between world and local spaces.
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
}

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
        guard let target, !target.isCollapsed else { return }
        let bounds = target.constraintBounds
        let local = Transform.translation(bounds.minX + bounds.width * originX, bounds.minY + bounds.height * originY)
        var b = target.worldTransform * local
        if sourceSpace == .local {
            guard let inverse = Self.parentWorld(target).inverted else { return }
            b = inverse * b
        }
        if destSpace == .local { b = Self.parentWorld(component) * b }
        component.worldTransform = Self.blend(component.worldTransform, b, strength)
    }

    static func blend(_ from: Transform, _ to: Transform, _ t: Double) -> Transform {
        let a = from.decompose()
        var b = to.decompose()
        let angleA = fmod(a.rotation, .pi * 2)
        var diff = fmod(b.rotation, .pi * 2) - angleA
        if diff > .pi { diff -= .pi * 2 } else if diff < -.pi { diff += .pi * 2 }
        let ti = 1 - t
        b.rotation = angleA + diff * t
        b.x = a.x * ti + b.x * t
        b.y = a.y * ti + b.y * t
        b.scaleX = a.scaleX * ti + b.scaleX * t
        b.scaleY = a.scaleY * ti + b.scaleY * t
        b.skew = a.skew * ti + b.skew * t
        return .compose(b)
    }
}

/// Translation, rotation and scale constraints: copy one part of the target's transform, scaled
/// by a factor, offset, clamped.
class RTransformComponentConstraint: RTransformSpaceConstraint {
    var minMaxSpace = TransformSpace.world
    var copyFactor = 1.0, minValue = 0.0, maxValue = 0.0
    var offset = false, doesCopy = true, useMin = false, useMax = false
    var copyFactorY = 1.0, minValueY = 0.0, maxValueY = 0.0
    var doesCopyY = true, useMinY = false, useMaxY = false

    override func set(_ key: Int, _ value: PropertyValue) -> Bool {
        switch key {
        case RivePropertyKey.transformComponentConstraintMinMaxSpaceValue: minMaxSpace = value.decoded(minMaxSpace)
        case RivePropertyKey.transformComponentConstraintCopyFactor: copyFactor = value.double ?? copyFactor
        case RivePropertyKey.transformComponentConstraintMinValue: minValue = value.double ?? minValue
        case RivePropertyKey.transformComponentConstraintMaxValue: maxValue = value.double ?? maxValue
        case RivePropertyKey.transformComponentConstraintOffset: offset = value.bool ?? offset
        case RivePropertyKey.transformComponentConstraintDoesCopy: doesCopy = value.bool ?? doesCopy
        case RivePropertyKey.transformComponentConstraintMin: useMin = value.bool ?? useMin
        case RivePropertyKey.transformComponentConstraintMax: useMax = value.bool ?? useMax
        case RivePropertyKey.transformComponentConstraintYCopyFactorY: copyFactorY = value.double ?? copyFactorY
        case RivePropertyKey.transformComponentConstraintYMinValueY: minValueY = value.double ?? minValueY
        case RivePropertyKey.transformComponentConstraintYMaxValueY: maxValueY = value.double ?? maxValueY
        case RivePropertyKey.transformComponentConstraintYDoesCopyY: doesCopyY = value.bool ?? doesCopyY
        case RivePropertyKey.transformComponentConstraintYMinY: useMinY = value.bool ?? useMinY
        case RivePropertyKey.transformComponentConstraintYMaxY: useMaxY = value.bool ?? useMaxY
        default: return super.set(key, value)
        }
        return true
    }

    override func double(_ key: Int) -> Double? {
        switch key {
        case RivePropertyKey.transformComponentConstraintCopyFactor: return copyFactor
        case RivePropertyKey.transformComponentConstraintMinValue: return minValue
        case RivePropertyKey.transformComponentConstraintMaxValue: return maxValue
        case RivePropertyKey.transformComponentConstraintYCopyFactorY: return copyFactorY
        case RivePropertyKey.transformComponentConstraintYMinValueY: return minValueY
        case RivePropertyKey.transformComponentConstraintYMaxValueY: return maxValueY
        default: return super.double(key)
        }
    }
}

final class RTranslationConstraint: RTransformComponentConstraint {
    override func constrain(_ component: RTransformComponent) {
        if let target, target.isCollapsed { return }
        let a = component.worldTranslation
        var b: Point
        if let target {
            let localA = offset && (doesCopy || doesCopyY) ? Point(component.localX, component.localY) : .zero
            var tb = target.worldTransform
            if sourceSpace == .local {
                guard let inverse = Self.parentWorld(target).inverted else { return }
                tb = inverse * tb
            }
            b = tb.translation
            if !doesCopy { b.x = destSpace == .local ? 0 : a.x } else {
                b.x *= copyFactor
                if offset { b.x += localA.x }
            }
            if !doesCopyY { b.y = destSpace == .local ? 0 : a.y } else {
                b.y *= copyFactorY
                if offset { b.y += localA.y }
            }
            if destSpace == .local { b = Self.parentWorld(component) * b }
        } else {
            b = a
        }
        let clampLocal = minMaxSpace == .local
        if clampLocal {
            guard let inverse = Self.parentWorld(component).inverted else { return }
            b = inverse * b
        }
        if useMax && b.x > maxValue { b.x = maxValue }
        if useMin && b.x < minValue { b.x = minValue }
        if useMaxY && b.y > maxValueY { b.y = maxValueY }
        if useMinY && b.y < minValueY { b.y = minValueY }
        if clampLocal { b = Self.parentWorld(component) * b }
        let t = strength, ti = 1 - strength
        component.worldTransform.tx = a.x * ti + b.x * t
        component.worldTransform.ty = a.y * ti + b.y * t
    }
}

final class RRotationConstraint: RTransformComponentConstraint {
    override func constrain(_ component: RTransformComponent) {
        if let target, target.isCollapsed { return }
        let ca = component.worldTransform.decompose()
        var cb = ca
        if let target {
            var tb = target.worldTransform
            if sourceSpace == .local {
                guard let inverse = Self.parentWorld(target).inverted else { return }
                tb = inverse * tb
            }
            cb = tb.decompose()
            if !doesCopy {
                cb.rotation = destSpace == .local ? 0 : ca.rotation
            } else {
                cb.rotation *= copyFactor
                if offset { cb.rotation += component.rotation }
            }
            if destSpace == .local { cb = (Self.parentWorld(component) * Transform.compose(cb)).decompose() }
        }
        let clampLocal = minMaxSpace == .local
        if clampLocal {
            guard let inverse = Self.parentWorld(component).inverted else { return }
            cb = (inverse * Transform.compose(cb)).decompose()
        }
        if useMax && cb.rotation > maxValue { cb.rotation = maxValue }
        if useMin && cb.rotation < minValue { cb.rotation = minValue }
        if clampLocal { cb = (Self.parentWorld(component) * Transform.compose(cb)).decompose() }
        let angleA = fmod(ca.rotation, .pi * 2)
        var diff = fmod(cb.rotation, .pi * 2) - angleA
        if diff > .pi { diff -= .pi * 2 } else if diff < -.pi { diff += .pi * 2 }
        var result = ca
        result.rotation = ca.rotation + diff * strength
        component.worldTransform = .compose(result)
    }
}

final class RScaleConstraint: RTransformComponentConstraint {
    override func constrain(_ component: RTransformComponent) {
        if let target, target.isCollapsed { return }
        let ca = component.worldTransform.decompose()
        var cb = ca
        if let target {
            var tb = target.worldTransform
            if sourceSpace == .local {
                guard let inverse = Self.parentWorld(target).inverted else { return }
                tb = inverse * tb
            }
            cb = tb.decompose()
            if !doesCopy { cb.scaleX = destSpace == .local ? 1 : ca.scaleX } else {
                cb.scaleX *= copyFactor
                if offset { cb.scaleX *= component.scaleX }
            }
            if !doesCopyY { cb.scaleY = destSpace == .local ? 1 : ca.scaleY } else {
                cb.scaleY *= copyFactorY
                if offset { cb.scaleY *= component.scaleY }
            }
            if destSpace == .local { cb = (Self.parentWorld(component) * Transform.compose(cb)).decompose() }
        }
        let clampLocal = minMaxSpace == .local
        if clampLocal {
            guard let inverse = Self.parentWorld(component).inverted else { return }
            cb = (inverse * Transform.compose(cb)).decompose()
        }
        if useMax && cb.scaleX > maxValue { cb.scaleX = maxValue }
        if useMin && cb.scaleX < minValue { cb.scaleX = minValue }
        if useMaxY && cb.scaleY > maxValueY { cb.scaleY = maxValueY }
        if useMinY && cb.scaleY < minValueY { cb.scaleY = minValueY }
        if clampLocal { cb = (Self.parentWorld(component) * Transform.compose(cb)).decompose() }
        let t = strength, ti = 1 - strength
        var result = ca
        result.scaleX = ca.scaleX * ti + cb.scaleX * t
        result.scaleY = ca.scaleY * ti + cb.scaleY * t
        component.worldTransform = .compose(result)
    }
}
