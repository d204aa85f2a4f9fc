import CYLGeometry
#if canImport(Glibc)
import Glibc
#endif

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
        guard let target = liveTarget else { return }
        var b = target.worldTransform
        if target is RShape || target is RPath {
            guard let (pos, tangent) = sample(distance) else { return }
            if orient { b = .rotation(mixedAngle(b.decompose().rotation, atan2(tangent.y, tangent.x), strength)) }
            let off = offset ? Point(component.localX, component.localY) : .zero
            b.tx = pos.x + off.x
            b.ty = pos.y + off.y
        }
        guard let source = inSourceSpace(b, of: target) else { return }
        let ca = component.worldTransform.decompose()
        var cb = fromDestSpace(source, of: component).decompose()
        if !orient { cb.rotation = fmod(ca.rotation, .pi * 2) }
        cb.x = mix(ca.x, cb.x)
        cb.y = mix(ca.y, cb.y)
        cb.scaleX = ca.scaleX
        cb.scaleY = ca.scaleY
        cb.skew = ca.skew
        component.worldTransform = .compose(cb)
    }
}
