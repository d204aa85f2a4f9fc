import CYLGeometry
#if canImport(Glibc)
import Glibc
#endif

/// A vertex of a points path or mesh; a skin moves weighted vertices into world space.
class RVertex: RContainer {
    var x = 0.0, y = 0.0
    unowned(unsafe) var weight: RWeight?

    override func set(_ key: Int, _ value: PropertyValue) -> Bool {
        switch key {
        case RivePropertyKey.vertexX: x = value.double ?? x
        case RivePropertyKey.vertexY: y = value.double ?? y
        default: return super.set(key, value)
        }
        return true
    }

    override func double(_ key: Int) -> Double? {
        switch key {
        case RivePropertyKey.vertexX: return x
        case RivePropertyKey.vertexY: return y
        default: return super.double(key)
        }
    }

    override func link(_ artboard: ArtboardInstance) {
        if let path = parent as? RPointsPath { path.vertices.append(self) }
    }

    var renderTranslation: Point { weight?.translation ?? Point(x, y) }
    var pathPoint: PathPoint { .straight(renderTranslation, radius: 0) }

    func deform(_ world: Transform, _ bones: [Transform]) {
        weight?.translation = RWeight.deform(Point(x, y), weight!.indices, weight!.values, world, bones)
    }
}

final class RStraightVertex: RVertex {
    var radius = 0.0

    override func set(_ key: Int, _ value: PropertyValue) -> Bool {
        if key == RivePropertyKey.straightVertexRadius { radius = value.double ?? radius; return true }
        return super.set(key, value)
    }

    override func double(_ key: Int) -> Double? {
        key == RivePropertyKey.straightVertexRadius ? radius : super.double(key)
    }

    override var pathPoint: PathPoint { .straight(renderTranslation, radius: radius) }
}

/// A cubic vertex: subclasses say how its control points follow from its properties.
class RCubicVertex: RVertex {
    var inPoint: Point { Point(x, y) }
    var outPoint: Point { Point(x, y) }

    var renderIn: Point { (weight as? RCubicWeight)?.inTranslation ?? inPoint }
    var renderOut: Point { (weight as? RCubicWeight)?.outTranslation ?? outPoint }

    override var pathPoint: PathPoint { .cubic(in: renderIn, at: renderTranslation, out: renderOut) }

    override func deform(_ world: Transform, _ bones: [Transform]) {
        super.deform(world, bones)
        guard let w = weight as? RCubicWeight else { return }
        w.inTranslation = RWeight.deform(inPoint, w.inIndices, w.inValues, world, bones)
        w.outTranslation = RWeight.deform(outPoint, w.outIndices, w.outValues, world, bones)
    }
}

final class RCubicMirroredVertex: RCubicVertex {
    var rotation = 0.0, distance = 0.0

    override func set(_ key: Int, _ value: PropertyValue) -> Bool {
        switch key {
        case RivePropertyKey.cubicMirroredVertexRotation: rotation = value.double ?? rotation
        case RivePropertyKey.cubicMirroredVertexDistance: distance = value.double ?? distance
        default: return super.set(key, value)
        }
        return true
    }

    override func double(_ key: Int) -> Double? {
        switch key {
        case RivePropertyKey.cubicMirroredVertexRotation: return rotation
        case RivePropertyKey.cubicMirroredVertexDistance: return distance
        default: return super.double(key)
        }
    }

    private var vector: Point { Point(cos(rotation) * distance, sin(rotation) * distance) }
    override var inPoint: Point { Point(x, y) - vector }
    override var outPoint: Point { Point(x, y) + vector }
}

final class RCubicAsymmetricVertex: RCubicVertex {
    var rotation = 0.0, inDistance = 0.0, outDistance = 0.0

    override func set(_ key: Int, _ value: PropertyValue) -> Bool {
        switch key {
        case RivePropertyKey.cubicAsymmetricVertexRotation: rotation = value.double ?? rotation
        case RivePropertyKey.cubicAsymmetricVertexInDistance: inDistance = value.double ?? inDistance
        case RivePropertyKey.cubicAsymmetricVertexOutDistance: outDistance = value.double ?? outDistance
        default: return super.set(key, value)
        }
        return true
    }

    override func double(_ key: Int) -> Double? {
        switch key {
        case RivePropertyKey.cubicAsymmetricVertexRotation: return rotation
        case RivePropertyKey.cubicAsymmetricVertexInDistance: return inDistance
        case RivePropertyKey.cubicAsymmetricVertexOutDistance: return outDistance
        default: return super.double(key)
        }
    }

    override var inPoint: Point { Point(x - cos(rotation) * inDistance, y - sin(rotation) * inDistance) }
    override var outPoint: Point { Point(x + cos(rotation) * outDistance, y + sin(rotation) * outDistance) }
}

final class RCubicDetachedVertex: RCubicVertex {
    var inRotation = 0.0, inDistance = 0.0, outRotation = 0.0, outDistance = 0.0

    override func set(_ key: Int, _ value: PropertyValue) -> Bool {
        switch key {
        case RivePropertyKey.cubicDetachedVertexInRotation: inRotation = value.double ?? inRotation
        case RivePropertyKey.cubicDetachedVertexInDistance: inDistance = value.double ?? inDistance
        case RivePropertyKey.cubicDetachedVertexOutRotation: outRotation = value.double ?? outRotation
        case RivePropertyKey.cubicDetachedVertexOutDistance: outDistance = value.double ?? outDistance
        default: return super.set(key, value)
        }
        return true
    }

    override func double(_ key: Int) -> Double? {
        switch key {
        case RivePropertyKey.cubicDetachedVertexInRotation: return inRotation
        case RivePropertyKey.cubicDetachedVertexInDistance: return inDistance
        case RivePropertyKey.cubicDetachedVertexOutRotation: return outRotation
        case RivePropertyKey.cubicDetachedVertexOutDistance: return outDistance
        default: return super.double(key)
        }
    }

    override var inPoint: Point { Point(x + cos(inRotation) * inDistance, y + sin(inRotation) * inDistance) }
    override var outPoint: Point { Point(x + cos(outRotation) * outDistance, y + sin(outRotation) * outDistance) }
}
