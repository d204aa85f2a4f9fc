import CYLGeometry

/// A bitmap drawn from a file asset, centred on its origin.
final class RImage: RDrawable {
    var assetID: Int?
    var originX = 0.5, originY = 0.5
    /// The mesh child that deforms the image, if any.
    unowned(unsafe) var mesh: RMesh?

    override func set(_ key: Int, _ value: PropertyValue) -> Bool {
        switch key {
        case RivePropertyKey.imageAssetId: assetID = value.index
        case RivePropertyKey.imageOriginX: originX = value.double ?? originX
        case RivePropertyKey.imageOriginY: originY = value.double ?? originY
        default: return super.set(key, value)
        }
        return true
    }
}

/// Triangles that map an image onto deformable vertices.
final class RMesh: RContainer {
    unowned(unsafe) var skin: RSkin?
    var triangleIndices: [UInt16] = []

    override func set(_ key: Int, _ value: PropertyValue) -> Bool {
        if key == RivePropertyKey.meshTriangleIndexBytes, case .bytes(let b) = value {
            triangleIndices = stride(from: 0, to: b.count - 1, by: 2).map { UInt16(b[$0]) | UInt16(b[$0 + 1]) << 8 }
            return true
        }
        return super.set(key, value)
    }

    override func resolve(_ artboard: ArtboardInstance) {
        (parent as? RImage)?.mesh = self
    }
}
