import CYLImageCodecs
import CYLGeometry
import CYLRaster
import CYLTimeline

/// Decoded image assets of a file, decoded once per scene (nested artboards share it).
final class ImageCache {
    private var images: [Int: Pixmap?] = [:]
    private(set) var notes: [ArtboardNote] = []

    /// The image of file asset `index`, or nil (with a note) when it has no embedded PNG, JPEG
    /// or WebP data that decodes.
    func image(_ index: Int, file: RiveFileModel, limits: Limits) -> Pixmap? {
        if let cached = images[index] { return cached }
        var result: Pixmap?
        if index >= 0, index < file.assets.count, file.assets[index].isImage {
            let asset = file.assets[index]
            if let bytes = asset.contents {
                do {
                    if JPEGCodec.isJPEG(bytes) {
                        result = try JPEGCodec.decode(bytes, name: asset.name, maxPixels: limits.maxCanvasPixels)
                    } else if WebPDecoder.isWebP(bytes) {
                        result = try WebPDecoder.decode(bytes, name: asset.name, maxPixels: limits.maxCanvasPixels)
                    } else {
                        result = try PNGCodec.decode(bytes, name: asset.name, maxPixels: limits.maxCanvasPixels)
                    }
                } catch {
                    notes.append(ArtboardNote(message: "image asset \"\(asset.name)\" cannot be decoded: \(error)", feature: .imageFormat))
                }
            } else {
                let looked = RiveAssetFiles.candidates(asset)
                let beside = looked.isEmpty ? "" : " and no file beside it is named \(looked.joined(separator: " or "))"
                notes.append(ArtboardNote(message: "image asset \"\(asset.name)\" is not embedded in the file\(beside); it is not drawn", feature: .externalImage))
            }
        }
        images[index] = result
        return result
    }
}

/// A bitmap drawn from a file asset, centred on its origin.
final class RImage: RDrawable {
    var assetID: Int?
    var originX = 0.5, originY = 0.5
    /// The mesh child that deforms the image, if any.
    unowned(unsafe) var mesh: RMesh?
    /// The N-slicer child that draws the image as a grid of patches, if any.
    unowned(unsafe) var slicer: RNSlicer?
    var image: Pixmap?
    /// Set once resolved, so a bound or keyed asset id takes effect at once.
    unowned(unsafe) var artboard: ArtboardInstance?

    override func set(_ key: Int, _ value: PropertyValue) -> Bool {
        switch key {
        case RivePropertyKey.imageAssetId:
            assetID = value.index
            if let artboard { resolve(artboard) }
        case RivePropertyKey.imageOriginX: originX = value.double ?? originX
        case RivePropertyKey.imageOriginY: originY = value.double ?? originY
        default: return super.set(key, value)
        }
        return true
    }

    override func resolve(_ artboard: ArtboardInstance) {
        self.artboard = artboard
        image = assetID.flatMap { artboard.images.image($0, file: artboard.file, limits: artboard.limits) }
    }

    override var willDraw: Bool { super.willDraw && renderOpacity != 0 && image != nil }

    /// The N-slicer that draws the image this frame: a mesh and a slicer each claim the image when
    /// the runtime adds them, in file order, so the later one is drawn.
    var activeSlicer: RNSlicer? {
        guard let slicer else { return nil }
        guard let mesh else { return slicer }
        return slicer.index > mesh.index ? slicer : nil
    }

    /// Maps the bitmap's pixel rectangle into the artboard: centred on the origin point.
    var imageTransform: Transform? {
        guard let image else { return nil }
        return worldTransform * .translation(-Double(image.width) * originX, -Double(image.height) * originY)
    }
}

/// Triangles that map an image onto deformable vertices.
final class RMesh: RContainer {
    override func unlink() {
        super.unlink()
        vertices.removeAll()
    }

    unowned(unsafe) var skin: RSkin?
    var vertices: [RMeshVertex] = []
    /// Vertex indices, three per triangle (the file stores them as varuints).
    var triangleIndices: [Int] = []

    override func set(_ key: Int, _ value: PropertyValue) -> Bool {
        if key == RivePropertyKey.meshTriangleIndexBytes, case .bytes(let b) = value {
            triangleIndices = Self.decodeIndices(b)
            return true
        }
        return super.set(key, value)
    }

    /// LEB128 varuints; a truncated last value is dropped.
    static func decodeIndices(_ bytes: [UInt8]) -> [Int] {
        var out: [Int] = []
        var value = 0, shift = 0
        for byte in bytes {
            if shift < 63 { value |= Int(byte & 0x7f) << shift }
            shift += 7
            if byte & 0x80 == 0 {
                out.append(value)
                value = 0; shift = 0
            }
        }
        return out
    }

    override func resolve(_ artboard: ArtboardInstance) {
        (parent as? RImage)?.mesh = self
    }

    /// Whether every index names a vertex (the reference drops a mesh that does not).
    var isValid: Bool { !triangleIndices.contains { $0 < 0 || $0 >= vertices.count } }

    /// Where the vertices are drawn: in the image's space, or in the artboard's when skinned.
    var space: Transform { skin == nil ? ((parent as? RImage)?.worldTransform ?? .identity) : .identity }

    /// The vertices' current positions (deformed by the skin, if any).
    func positions() -> [Point] {
        skin?.deform(vertices)
        return vertices.map(\.renderTranslation)
    }
}

/// A mesh vertex: a position plus the image coordinates (0…1) it shows.
final class RMeshVertex: RVertex {
    var u = 0.0, v = 0.0

    override func set(_ key: Int, _ value: PropertyValue) -> Bool {
        switch key {
        case RivePropertyKey.meshVertexU: u = value.double ?? u
        case RivePropertyKey.meshVertexV: v = value.double ?? v
        default: return super.set(key, value)
        }
        return true
    }

    override func link(_ artboard: ArtboardInstance) {
        (parent as? RMesh)?.vertices.append(self)
    }
}
