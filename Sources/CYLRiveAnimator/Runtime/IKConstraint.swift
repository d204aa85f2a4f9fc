import CYLGeometry
#if canImport(Glibc)
import Glibc
#endif

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
        guard let target = liveTarget, !chain.isEmpty else { return }
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
                constrainRotation(chain[i], mixedAngle(chain[i].components.rotation, chain[i].angle, strength))
            }
        }
    }
}
