import CYLGeometry

/// A bone: a transform component that sits at its parent bone's tip.
class RBone: RTransformComponent {
    override func unlink() {
        super.unlink()
        childBones.removeAll()
        peerConstraints.removeAll()
    }

    var length = 0.0
    var childBones: [RBone] = []
    /// IK constraints that also move this bone (it is in their chain).
    var peerConstraints: [RConstraint] = []

    override func set(_ key: Int, _ value: PropertyValue) -> Bool {
        if key == RivePropertyKey.boneLength { length = value.double ?? length; return true }
        return super.set(key, value)
    }

    override func double(_ key: Int) -> Double? {
        key == RivePropertyKey.boneLength ? length : super.double(key)
    }

    override func link(_ artboard: ArtboardInstance) {
        super.link(artboard)
        (parent as? RBone)?.childBones.append(self)
    }

    override var localX: Double { (parent as? RBone)?.length ?? 0 }
    override var localY: Double { 0 }

    var tipWorldTranslation: Point { worldTransform * Point(length, 0) }
}

/// The first bone of a chain: positioned by its own x and y.
final class RRootBone: RBone {
    override func set(_ key: Int, _ value: PropertyValue) -> Bool {
        switch key {
        case RivePropertyKey.rootBoneX: x = value.double ?? x
        case RivePropertyKey.rootBoneY: y = value.double ?? y
        default: return super.set(key, value)
        }
        return true
    }

    override func double(_ key: Int) -> Double? {
        switch key {
        case RivePropertyKey.rootBoneX: return x
        case RivePropertyKey.rootBoneY: return y
        default: return super.double(key)
        }
    }

    override var localX: Double { x }
    override var localY: Double { y }
}

/// Binds a path's or mesh's vertices to bones: each vertex moves with a weighted blend of its
/// bones' transforms relative to their bind pose.
final class RSkin: RContainer {
    override func unlink() {
        super.unlink()
        tendons.removeAll()
    }

    var world = Transform.identity
    var tendons: [RTendon] = []
    /// Index 0 is the identity (weights that name no bone); tendon i is at i + 1.
    var boneTransforms: [Transform] = [.identity]

    override func set(_ key: Int, _ value: PropertyValue) -> Bool {
        let v = value.double ?? 0
        switch key {
        case RivePropertyKey.skinXx: world.a = v
        case RivePropertyKey.skinXy: world.b = v
        case RivePropertyKey.skinYx: world.c = v
        case RivePropertyKey.skinYy: world.d = v
        case RivePropertyKey.skinTx: world.tx = v
        case RivePropertyKey.skinTy: world.ty = v
        default: return super.set(key, value)
        }
        return true
    }

    override func resolve(_ artboard: ArtboardInstance) {
        if let path = parent as? RPointsPath { path.skin = self }
        if let mesh = parent as? RMesh { mesh.skin = self }
    }

    override func buildDependencies(_ artboard: ArtboardInstance) {
        for t in tendons {
            guard let bone = t.bone else { continue }
            bone.addDependent(self)
            for c in bone.peerConstraints { c.parent?.addDependent(self) }
        }
    }

    override func update(_ artboard: ArtboardInstance) {
        boneTransforms.removeAll(keepingCapacity: true)
        boneTransforms.append(.identity)
        for t in tendons {
            boneTransforms.append((t.bone?.worldTransform ?? .identity) * t.inverseBind)
        }
    }

    func deform(_ vertices: [RVertex]) {
        for v in vertices where v.weight != nil { v.deform(world, boneTransforms) }
    }
}

/// A skin's link to one bone, with the bone's bind pose.
final class RTendon: RComponent {
    var bind = Transform.identity
    var boneID: Int?
    unowned(unsafe) var bone: RBone?

    override func set(_ key: Int, _ value: PropertyValue) -> Bool {
        let v = value.double ?? 0
        switch key {
        case RivePropertyKey.tendonBoneId: boneID = value.index
        case RivePropertyKey.tendonXx: bind.a = v
        case RivePropertyKey.tendonXy: bind.b = v
        case RivePropertyKey.tendonYx: bind.c = v
        case RivePropertyKey.tendonYy: bind.d = v
        case RivePropertyKey.tendonTx: bind.tx = v
        case RivePropertyKey.tendonTy: bind.ty = v
        default: return super.set(key, value)
        }
        return true
    }

    /// The bind pose inverted (identity when it cannot be, as the editor allows).
    var inverseBind: Transform { bind.inverted ?? .identity }

    override func resolve(_ artboard: ArtboardInstance) {
        bone = boneID.flatMap { artboard.object($0) as? RBone }
    }

    override func link(_ artboard: ArtboardInstance) {
        (parent as? RSkin)?.tendons.append(self)
    }
}

/// A vertex's bone weights: four 8-bit weights and four 8-bit bone indices, packed.
class RWeight: RComponent {
    var values: UInt64 = 255
    var indices: UInt64 = 1
    /// The deformed position, in world space.
    var translation = Point.zero

    override func set(_ key: Int, _ value: PropertyValue) -> Bool {
        switch key {
        case RivePropertyKey.weightValues: values = value.uint ?? values
        case RivePropertyKey.weightIndices: indices = value.uint ?? indices
        default: return super.set(key, value)
        }
        return true
    }

    override func resolve(_ artboard: ArtboardInstance) {
        (parent as? RVertex)?.weight = self
    }

    static func deform(_ p: Point, _ indices: UInt64, _ weights: UInt64, _ world: Transform, _ bones: [Transform]) -> Point {
        var m = Transform(a: 0, b: 0, c: 0, d: 0, tx: 0, ty: 0)
        for i in 0..<4 {
            let w = Double((weights >> UInt64(i * 8)) & 0xFF)
            if w == 0 { continue }
            let n = w / 255
            let index = Int((indices >> UInt64(i * 8)) & 0xFF)
            let b = index < bones.count ? bones[index] : .identity
            m.a += b.a * n; m.b += b.b * n; m.c += b.c * n; m.d += b.d * n; m.tx += b.tx * n; m.ty += b.ty * n
        }
        return m * (world * p)
    }
}

/// Weights of a cubic vertex: one set for the point and one for each control point.
final class RCubicWeight: RWeight {
    var inValues: UInt64 = 255, inIndices: UInt64 = 1, outValues: UInt64 = 255, outIndices: UInt64 = 1
    var inTranslation = Point.zero, outTranslation = Point.zero

    override func set(_ key: Int, _ value: PropertyValue) -> Bool {
        switch key {
        case RivePropertyKey.cubicWeightInValues: inValues = value.uint ?? inValues
        case RivePropertyKey.cubicWeightInIndices: inIndices = value.uint ?? inIndices
        case RivePropertyKey.cubicWeightOutValues: outValues = value.uint ?? outValues
        case RivePropertyKey.cubicWeightOutIndices: outIndices = value.uint ?? outIndices
        default: return super.set(key, value)
        }
        return true
    }
}
