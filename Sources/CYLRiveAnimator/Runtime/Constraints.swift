import CYLGeometry
#if canImport(Glibc)
import Glibc
#endif

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
}

/// Solves a chain of bones so the tip reaches the target.
final class RIKConstraint: RTargetedConstraint {
    override func unlink() {
        super.unlink()
        chain.removeAll()
    }

    var invertDirection = false
    var parentBoneCount: UInt64 = 0

    struct Link {
        var bone: RBone
        var index: Int
        var angle = 0.0
        var components = TransformComponents()
        var parentWorldInverse = Transform.identity
    }
    var chain: [Link] = []

    override func set(_ key: Int, _ value: PropertyValue) -> Bool {
        switch key {
        case RivePropertyKey.iKConstraintInvertDirection: invertDirection = value.bool ?? invertDirection
        case RivePropertyKey.iKConstraintParentBoneCount: parentBoneCount = value.uint ?? parentBoneCount
        default: return super.set(key, value)
        }
        return true
    }

    override func link(_ artboard: ArtboardInstance) {
        guard var bone = parent as? RBone else { return }
        var bones = [bone]
        var remaining = parentBoneCount
        while let p = bone.parent as? RBone, remaining > 0 {
            remaining -= 1
            bone = p
            bone.peerConstraints.append(self)
            bones.append(bone)
        }
        chain = bones.reversed().enumerated().map { Link(bone: $0.element, index: $0.offset) }
        // Other children of the chain's bones follow the tip, which the solve moves last.
        let tip = bones[0]
        for i in 1..<bones.count {
            for child in bones[i].children where child !== bones[i - 1] {
                if let t = child as? RTransformComponent { tip.addDependent(t) }
            }
        }
    }

    override func buildDependencies(_ artboard: ArtboardInstance) {
        super.buildDependencies(artboard)
        target?.addDependent(self)
    }

    private func constrainRotation(_ link: Link, _ rotation: Double) {
        let c = link.components
        var t = Transform.riveLocal(x: c.x, y: c.y, rotation: rotation, scaleX: c.scaleX, scaleY: c.scaleY)
        if c.skew != 0 {
            t.c = t.a * c.skew + t.c
            t.d = t.b * c.skew + t.d
        }
        link.bone.transform = t
        link.bone.composeWorldTransform()
    }

    private func solve1(_ i: Int, _ target: Point) {
        let toTarget = target - chain[i].bone.worldTranslation
        let local = chain[i].parentWorldInverse.applyVector(toTarget)
        let r = atan2(local.y, local.x)
        constrainRotation(chain[i], r)
        chain[i].angle = r
    }

    private func solve2(_ i1: Int, _ i2: Int, _ target: Point) {
        let b1 = chain[i1].bone, b2 = chain[i2].bone
        let firstChild = i1 + 1
        let iworld = chain[i1].parentWorldInverse
        var pA = b1.worldTranslation, pC = chain[firstChild].bone.worldTranslation
        var pB = b2.tipWorldTranslation
        var pBT = target
        pA = iworld * pA; pC = iworld * pC; pB = iworld * pB; pBT = iworld * pBT
        let av = pB - pC, bv = pC - pA, cv = pBT - pA
        let a = av.length, b = bv.length, c = cv.length
        let A = acos(max(-1, min(1, (-a * a + b * b + c * c) / (2 * b * c))))
        let C = acos(max(-1, min(1, (a * a + b * b - c * c) / (2 * a * b))))
        let r1: Double, r2: Double
        let cvAngle = atan2(cv.y, cv.x)
        if b2.parent !== b1 {
            let secondChild = chain[i1 + 2]
            let avLocal = secondChild.parentWorldInverse.applyVector(b2.tipWorldTranslation - chain[firstChild].bone.worldTranslation)
            let correction = -atan2(avLocal.y, avLocal.x)
            if invertDirection {
                r1 = cvAngle - A; r2 = -C + .pi + correction
            } else {
                r1 = A + cvAngle; r2 = C - .pi + correction
            }
        } else if invertDirection {
            r1 = cvAngle - A; r2 = -C + .pi
        } else {
            r1 = A + cvAngle; r2 = C - .pi
        }
        constrainRotation(chain[i1], r1)
        constrainRotation(chain[firstChild], r2)
        if firstChild != i2 { b2.composeWorldTransform() }
        chain[i1].angle = r1
        chain[firstChild].angle = r2
    }

    override func constrain(_ component: RTransformComponent) {
        guard let target, !target.isCollapsed, !chain.isEmpty else { return }
        let targetPoint = target.worldTranslation
        for i in chain.indices {
            chain[i].parentWorldInverse = Self.parentWorld(chain[i].bone).invertedOrIdentity
            chain[i].components = (chain[i].parentWorldInverse * chain[i].bone.worldTransform).decompose()
        }
        for i in chain.indices {
            let bone = chain[i].bone
            bone.updateTransform()
            chain[i].components.rotation = bone.transform.decompose().rotation
            chain[i].parentWorldInverse = Self.parentWorld(bone).invertedOrIdentity
            constrainRotation(chain[i], chain[i].components.rotation)
        }
        switch chain.count {
        case 1: solve1(0, targetPoint)
        case 2: solve2(0, 1, targetPoint)
        default:
            let last = chain.count - 1
            for i in 0..<last {
                solve2(i, last, targetPoint)
                for j in (i + 1)..<last {
                    chain[j].parentWorldInverse = Self.parentWorld(chain[j].bone).invertedOrIdentity
                }
            }
        }
        if strength != 1 {
            for i in chain.indices {
                let from = fmod(chain[i].components.rotation, .pi * 2)
                let to = fmod(chain[i].angle, .pi * 2)
                var diff = to - from
                if diff > .pi { diff -= .pi * 2 } else if diff < -.pi { diff += .pi * 2 }
                constrainRotation(chain[i], from + diff * strength)
            }
        }
    }
}

/// Keeps its component closer than, further than, or exactly at a distance from the target.
final class RDistanceConstraint: RTargetedConstraint {
    var distance = 100.0
    var mode: UInt64 = 0

    override func set(_ key: Int, _ value: PropertyValue) -> Bool {
        switch key {
        case RivePropertyKey.distanceConstraintDistance: distance = value.double ?? distance
        case RivePropertyKey.distanceConstraintModeValue: mode = value.uint ?? mode
        default: return super.set(key, value)
        }
        return true
    }

    override func double(_ key: Int) -> Double? {
        key == RivePropertyKey.distanceConstraintDistance ? distance : super.double(key)
    }

    override func constrain(_ component: RTransformComponent) {
        guard let target, !target.isCollapsed else { return }
        let targetPoint = target.worldTranslation
        let ours = component.worldTranslation
        var toTarget = ours - targetPoint
        let current = toTarget.length
        switch mode {
        case 0 where current < distance: return
        case 1 where current > distance: return
        default: break
        }
        if current < 0.001 { return }
        toTarget = toTarget * (distance / current)
        let p = ours.lerp(targetPoint + toTarget, strength)
        component.worldTransform.tx = p.x
        component.worldTransform.ty = p.y
    }
}

/// Constraints that copy transforms between world and local spaces.
class RTransformSpaceConstraint: RTargetedConstraint {
    var sourceSpace: UInt64 = 0
    var destSpace: UInt64 = 0

    override func set(_ key: Int, _ value: PropertyValue) -> Bool {
        switch key {
        case RivePropertyKey.transformSpaceConstraintSourceSpaceValue: sourceSpace = value.uint ?? sourceSpace
        case RivePropertyKey.transformSpaceConstraintDestSpaceValue: destSpace = value.uint ?? destSpace
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
        if sourceSpace == 1 {
            guard let inverse = Self.parentWorld(target).inverted else { return }
            b = inverse * b
        }
        if destSpace == 1 { b = Self.parentWorld(component) * b }
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
    var minMaxSpace: UInt64 = 0
    var copyFactor = 1.0, minValue = 0.0, maxValue = 0.0
    var offset = false, doesCopy = true, useMin = false, useMax = false
    var copyFactorY = 1.0, minValueY = 0.0, maxValueY = 0.0
    var doesCopyY = true, useMinY = false, useMaxY = false

    override func set(_ key: Int, _ value: PropertyValue) -> Bool {
        switch key {
        case RivePropertyKey.transformComponentConstraintMinMaxSpaceValue: minMaxSpace = value.uint ?? minMaxSpace
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
            if sourceSpace == 1 {
                guard let inverse = Self.parentWorld(target).inverted else { return }
                tb = inverse * tb
            }
            b = tb.translation
            if !doesCopy { b.x = destSpace == 1 ? 0 : a.x } else {
                b.x *= copyFactor
                if offset { b.x += localA.x }
            }
            if !doesCopyY { b.y = destSpace == 1 ? 0 : a.y } else {
                b.y *= copyFactorY
                if offset { b.y += localA.y }
            }
            if destSpace == 1 { b = Self.parentWorld(component) * b }
        } else {
            b = a
        }
        let clampLocal = minMaxSpace == 1
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
            if sourceSpace == 1 {
                guard let inverse = Self.parentWorld(target).inverted else { return }
                tb = inverse * tb
            }
            cb = tb.decompose()
            if !doesCopy {
                cb.rotation = destSpace == 1 ? 0 : ca.rotation
            } else {
                cb.rotation *= copyFactor
                if offset { cb.rotation += component.rotation }
            }
            if destSpace == 1 { cb = (Self.parentWorld(component) * Transform.compose(cb)).decompose() }
        }
        let clampLocal = minMaxSpace == 1
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
            if sourceSpace == 1 {
                guard let inverse = Self.parentWorld(target).inverted else { return }
                tb = inverse * tb
            }
            cb = tb.decompose()
            if !doesCopy { cb.scaleX = destSpace == 1 ? 1 : ca.scaleX } else {
                cb.scaleX *= copyFactor
                if offset { cb.scaleX *= component.scaleX }
            }
            if !doesCopyY { cb.scaleY = destSpace == 1 ? 1 : ca.scaleY } else {
                cb.scaleY *= copyFactorY
                if offset { cb.scaleY *= component.scaleY }
            }
            if destSpace == 1 { cb = (Self.parentWorld(component) * Transform.compose(cb)).decompose() }
        }
        let clampLocal = minMaxSpace == 1
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

/// Places its component along the target's path, at a fraction of its length.
final class RFollowPathConstraint: RTransformSpaceConstraint {
    var distance = 0.0
    var orient = true
    var offset = false
    private var measure: PathMeasure?

    override func set(_ key: Int, _ value: PropertyValue) -> Bool {
        switch key {
        case RivePropertyKey.followPathConstraintDistance: distance = value.double ?? distance
        case RivePropertyKey.followPathConstraintOrient: orient = value.bool ?? orient
        case RivePropertyKey.followPathConstraintOffset: offset = value.bool ?? offset
        default: return super.set(key, value)
        }
        return true
    }

    override func double(_ key: Int) -> Double? {
        key == RivePropertyKey.followPathConstraintDistance ? distance : super.double(key)
    }

    override func buildDependencies(_ artboard: ArtboardInstance) {
        if let shape = target as? RShape {
            shape.composer.addDependent(self)
        } else if let path = target as? RPath {
            if let shape = path.shape { shape.composer.addDependent(self) } else { path.addDependent(self) }
        }
        if let parent { addDependent(parent) }
    }

    override func update(_ artboard: ArtboardInstance) {
        var paths: [RPath] = []
        if let shape = target as? RShape { paths = shape.paths } else if let p = target as? RPath { paths = [p] }
        guard !paths.isEmpty else { measure = nil; return }
        var world = Path()
        for p in paths { world.append(p.rawPath.transformed(by: p.pathTransform)) }
        measure = PathMeasure(world)
    }

    /// Position and tangent at `fraction` of the path's length (the fraction wraps).
    private func sample(_ fraction: Double) -> (Point, Point)? {
        guard let m = measure, m.length > 0 else { return nil }
        var f = fmod(fraction, 1)
        if f < 0 { f += 1 }
        if fraction != 0 && f == 0 { f = 1 }
        let d = f * m.length
        let p = m.point(at: d)
        let eps = max(m.length * 1e-4, 1e-6)
        let a = m.point(at: max(0, d - eps)), b = m.point(at: min(m.length, d + eps))
        return (p, b - a)
    }

    override func constrain(_ component: RTransformComponent) {
        guard let target, !target.isCollapsed else { return }
        var b = target.worldTransform
        if target is RShape || target is RPath {
            guard let (pos, tangent) = sample(distance) else { return }
            if orient {
                let cb = b.decompose()
                let angleB = fmod(cb.rotation, .pi * 2)
                var diff = atan2(tangent.y, tangent.x) - angleB
                if diff > .pi { diff -= .pi * 2 } else if diff < -.pi { diff += .pi * 2 }
                b = .rotation(angleB + diff * strength)
            }
            let off = offset ? Point(component.localX, component.localY) : .zero
            b.tx = pos.x + off.x
            b.ty = pos.y + off.y
        }
        if sourceSpace == 1 {
            guard let inverse = Self.parentWorld(target).inverted else { return }
            b = inverse * b
        }
        if destSpace == 1 { b = Self.parentWorld(component) * b }
        let ca = component.worldTransform.decompose()
        var cb = b.decompose()
        let t = strength, ti = 1 - strength
        if !orient { cb.rotation = fmod(ca.rotation, .pi * 2) }
        cb.x = ca.x * ti + cb.x * t
        cb.y = ca.y * ti + cb.y * t
        cb.scaleX = ca.scaleX
        cb.scaleY = ca.scaleY
        cb.skew = ca.skew
        component.worldTransform = .compose(cb)
    }
}

/// A two-axis control: its x and y (-1...1) pick a time in one animation each, applied every
/// update; a handle source makes it follow that component's position.
final class RJoystick: RComponent {
    var x = 0.0, y = 0.0
    var posX = 0.0, posY = 0.0, width = 100.0, height = 100.0, originX = 0.5, originY = 0.5
    var flags: UInt64 = 0
    var xID: Int?, yID: Int?, handleID: Int?
    unowned(unsafe) var handle: RTransformComponent?
    var xAnimation: BoundAnimation?, yAnimation: BoundAnimation?

    /// The bound animations key components of this artboard, possibly this joystick.
    override func unlink() {
        super.unlink()
        xAnimation = nil
        yAnimation = nil
    }

    override func set(_ key: Int, _ value: PropertyValue) -> Bool {
        switch key {
        case RivePropertyKey.joystickX: x = value.double ?? x
        case RivePropertyKey.joystickY: y = value.double ?? y
        case RivePropertyKey.joystickPosX: posX = value.double ?? posX
        case RivePropertyKey.joystickPosY: posY = value.double ?? posY
        case RivePropertyKey.joystickWidth: width = value.double ?? width
        case RivePropertyKey.joystickHeight: height = value.double ?? height
        case RivePropertyKey.joystickOriginX: originX = value.double ?? originX
        case RivePropertyKey.joystickOriginY: originY = value.double ?? originY
        case RivePropertyKey.joystickJoystickFlags: flags = value.uint ?? flags
        case RivePropertyKey.joystickXId: xID = value.index
        case RivePropertyKey.joystickYId: yID = value.index
        case RivePropertyKey.joystickHandleSourceId: handleID = value.index
        default: return super.set(key, value)
        }
        return true
    }

    override func double(_ key: Int) -> Double? {
        switch key {
        case RivePropertyKey.joystickX: return x
        case RivePropertyKey.joystickY: return y
        case RivePropertyKey.joystickPosX: return posX
        case RivePropertyKey.joystickPosY: return posY
        case RivePropertyKey.joystickWidth: return width
        case RivePropertyKey.joystickHeight: return height
        default: return super.double(key)
        }
    }

    override func resolve(_ artboard: ArtboardInstance) {
        handle = handleID.flatMap { artboard.object($0) as? RTransformComponent }
        let animations = artboard.model.animations
        xAnimation = xID.flatMap { $0 < animations.count ? BoundAnimation(animations[$0], artboard: artboard) : nil }
        yAnimation = yID.flatMap { $0 < animations.count ? BoundAnimation(animations[$0], artboard: artboard) : nil }
    }

    override func buildDependencies(_ artboard: ArtboardInstance) {
        guard let handle, let parent else { return }
        parent.addDependent(self)
        handle.addDependent(self)
    }

    /// Whether it applies before the artboard updates (it follows no handle).
    var appliesBeforeUpdate: Bool { handle == nil }

    override func update(_ artboard: ArtboardInstance) {
        guard let handle else { return }
        var world = Transform.translation(posX, posY)
        if let p = parent as? RTransformComponent { world = p.worldTransform * world }
        let pos = world.invertedOrIdentity * handle.worldTranslation
        let minX = -width * originX, minY = -height * originY
        // Where the handle sits in the joystick's box, as -1...1 on each axis.
        x = width == 0 ? 0 : (pos.x - minX) / width * 2 - 1
        y = height == 0 ? 0 : (pos.y - minY) / height * 2 - 1
    }

    func apply(_ artboard: ArtboardInstance) {
        if let a = xAnimation {
            let v = flags & 1 != 0 ? -x : x
            a.apply(artboard, seconds: Double(Float((v + 1) / 2) * LayerPlayer.durationSeconds(a.model)), mix: 1)
        }
        if let a = yAnimation {
            let v = flags & 2 != 0 ? -y : y
            a.apply(artboard, seconds: Double(Float((v + 1) / 2) * LayerPlayer.durationSeconds(a.model)), mix: 1)
        }
    }
}
