import CYLGeometry

// N-slicing as the format's runtime does it. Slice lines (axes) cut a box into a grid; along each
// axis the segments alternate fixed, scalable, fixed, ... starting with a fixed one, so with two
// lines the corners keep their size and the middle stretches (nine-slice). An N-slicer draws its
// image as that grid of patches; an N-sliced node moves the points of the shapes under it through
// the same piecewise-linear map, so their corners keep their size while the node is resized.

/// The slice lines and tile modes an N-slicer or N-sliced node holds (its axis and tile-mode
/// children, in file order).
final class NSliceDetails {
    var xs: [RAxis] = []
    var ys: [RAxis] = []
    /// Tile modes by patch index (row-major, `xs.count + 1` patches a row); the last one a file
    /// gives for an index wins.
    var tileModes: [Int: NSliceTileMode] = [:]

    /// The index the format gives the patch in column `x`, row `y`.
    func patchIndex(_ x: Int, _ y: Int) -> Int { y * (xs.count + 1) + x }

    func removeAll() {
        xs.removeAll()
        ys.removeAll()
        tileModes.removeAll()
    }
}

/// What owns slice lines: an N-slicer or an N-sliced node.
protocol NSliceDetailsOwner: AnyObject {
    var details: NSliceDetails { get }
}

/// How a patch of a sliced image is filled. Values the format does not define stretch, as the
/// runtime (which only tests for repeat and hidden) does.
enum NSliceTileMode: Equatable {
    case stretch, `repeat`, hidden

    init(style: UInt64) {
        switch style {
        case 1: self = .repeat
        case 2: self = .hidden
        default: self = .stretch
        }
    }
}

/// A slice line (the format's AxisX or AxisY): at `offset` units from the box's left or top edge,
/// or at that fraction of its size when `normalized`. Animatable.
final class RAxis: RComponent {
    var offset = 0.0
    var normalized = false

    var isX: Bool { typeKey == RiveTypeKey.axisX }

    override func set(_ key: Int, _ value: PropertyValue) -> Bool {
        switch key {
        case RivePropertyKey.axisOffset: offset = value.double ?? offset
        case RivePropertyKey.axisNormalized: normalized = value.bool ?? normalized
        default: return super.set(key, value)
        }
        return true
    }

    override func double(_ key: Int) -> Double? {
        key == RivePropertyKey.axisOffset ? offset : super.double(key)
    }

    /// An axis slices its parent only; under anything else the runtime drops it.
    override func link(_ artboard: ArtboardInstance) {
        guard let owner = parent as? NSliceDetailsOwner else { return }
        if typeKey == RiveTypeKey.axisX { owner.details.xs.append(self) }
        if typeKey == RiveTypeKey.axisY { owner.details.ys.append(self) }
    }
}

/// How one patch of an N-slicer is filled (the format's NSlicerTileMode). Read once when the
/// artboard is built, as the runtime does: its properties do not animate.
final class RNSlicerTileMode: RComponent {
    var patchIndex = 0
    var style: UInt64 = 0

    override func set(_ key: Int, _ value: PropertyValue) -> Bool {
        switch key {
        case RivePropertyKey.nSlicerTileModePatchIndex: patchIndex = value.index ?? patchIndex
        case RivePropertyKey.nSlicerTileModeStyle: style = value.uint ?? style
        default: return super.set(key, value)
        }
        return true
    }

    override func link(_ artboard: ArtboardInstance) {
        (parent as? NSliceDetailsOwner)?.details.tileModes[patchIndex] = NSliceTileMode(style: style)
    }
}

/// The arithmetic of the runtime's N-slicer helpers, on plain numbers.
enum NSliceMath {
    /// How a scalable segment scales: by `factor` when some segment can scale, else every empty
    /// scalable segment takes `fallback` units (the runtime's ScaleInfo).
    struct ScaleInfo: Equatable {
        var usesScale: Bool
        var factor: Double
        var fallback: Double
    }

    /// Segment `i` (between stop i and i + 1) keeps its size: the first, third, ...
    static func isFixed(_ i: Int) -> Bool { i % 2 == 0 }

    /// `v` within 0...hi; NaN counts as 0, so a broken offset cannot disorder the stops.
    private static func clamp(_ v: Double, _ hi: Double) -> Double {
        v.isNaN ? 0 : min(max(v, 0), hi)
    }

    /// The stops as fractions of `size`: 0, each axis (clamped to 0...1), 1, sorted.
    static func uvStops(_ axes: [RAxis], size: Double) -> [Double] {
        var stops = [0.0]
        for a in axes { stops.append(clamp(a.normalized ? a.offset : a.offset / size, 1)) }
        stops.append(1)
        return stops.sorted()
    }

    /// The stops in units of `size`: 0, each axis (clamped to 0...size), size, sorted.
    static func pxStops(_ axes: [RAxis], size: Double) -> [Double] {
        var stops = [0.0]
        for a in axes { stops.append(a.normalized ? clamp(a.offset, 1) * size : clamp(a.offset, size)) }
        stops.append(size)
        return stops.sorted()
    }

    /// How the scalable segments of `uvs` scale for a box of `size` drawn `scale` times as large:
    /// the fixed segments keep their size, the scalable ones share what is left.
    static func scaleInfo(_ uvs: [Double], size: Double, scale: Double) -> ScaleInfo {
        var fixedFraction = 0.0
        var emptyScalable = 0
        for i in 0..<max(uvs.count - 1, 0) {
            let range = uvs[i + 1] - uvs[i]
            if isFixed(i) { fixedFraction += range } else if range == 0 { emptyScalable += 1 }
        }
        let fixedSize = fixedFraction * size
        let scalableSize = size - fixedSize
        let usesScale = scalableSize != 0
        let factor = usesScale ? (size * scale - fixedSize) / scalableSize : 0
        var fallback = 0.0
        if !usesScale && emptyScalable != 0 { fallback = (size - fixedSize / scale) / Double(emptyScalable) }
        return ScaleInfo(usesScale: usesScale, factor: factor, fallback: fallback)
    }

    /// Where `value` (in the unsliced box, units) lands in the box resized to `size`: fixed
    /// segments keep their length, scalable ones scale; a value left of the box stays, one right
    /// of it keeps its distance from the right edge.
    static func map(_ value: Double, stops: [Double], info: ScaleInfo, size: Double) -> Double {
        guard let first = stops.first, let last = stops.last else { return value }
        if value < first - 0.01 { return value }
        if value > last + 0.01 { return value - last + size }
        var result = 0.0
        for i in 0..<(stops.count - 1) {
            let found = value <= stops[i + 1]
            let span = found ? value - stops[i] : stops[i + 1] - stops[i]
            if isFixed(i) {
                result += span
            } else if info.usesScale {
                result += info.factor * span
            }
            if found { break }
        }
        return result
    }

    /// Where each uv stop of an image `size` pixels long goes in the image's own space when the
    /// image is drawn `scale` times as large (scale > 0): fixed segments come out at their pixel
    /// size once scaled, the scalable ones take the rest; each clamped to 0...size.
    static func vertexStops(_ uvs: [Double], size: Double, scale: Double) -> [Double] {
        let info = scaleInfo(uvs, size: size, scale: scale)
        var vertices: [Double] = []
        vertices.reserveCapacity(uvs.count)
        var vertex = 0.0, inBounds = 0.0
        for i in 0..<max(uvs.count - 1, 0) {
            vertices.append(inBounds)
            let segment = size * (uvs[i + 1] - uvs[i]) / scale
            if isFixed(i) {
                vertex += segment
            } else {
                vertex += info.usesScale ? segment * info.factor : info.fallback
            }
            inBounds = clamp(vertex, size)
        }
        vertices.append(inBounds)
        return vertices
    }
}

/// One quad of a sliced image: the image pixels `uv` (x0, y0 to x1, y1; a zero-width source is a
/// single column or row stretched) drawn onto `rect` in the image's own space (its pixel
/// rectangle before the image's transform), corner to corner.
struct NSlicePatch: Equatable {
    var u0: Double, v0: Double, u1: Double, v1: Double
    var x0: Double, y0: Double, x1: Double, y1: Double
}

/// An N-slicer: its image (its parent) is drawn as a grid of patches, the corners at their pixel
/// size whatever the image's scale, the middles stretched, tiled or left out.
final class RNSlicer: RContainer, NSliceDetailsOwner {
    let details = NSliceDetails()

    override func unlink() {
        super.unlink()
        details.removeAll()
    }

    /// Only an image is sliced; under anything else the runtime drops the slicer.
    override func resolve(_ artboard: ArtboardInstance) {
        (parent as? RImage)?.slicer = self
    }

    /// The runtime's vertex indices are 16 bits, four a quad: a slicer draws at most this many.
    static let maxPatches = 16_384
    /// The runtime stops tiling one patch after this many tiles (rows count too).
    static let maxTileSteps = 10_000

    /// The quads that draw an image of `width × height` pixels scaled by `scaleX`, `scaleY` (its
    /// own scale, which the fixed segments undo), row by row; none when the image or a scale is 0.
    func patches(width: Double, height: Double, scaleX: Double, scaleY: Double) -> [NSlicePatch] {
        let sx = abs(scaleX), sy = abs(scaleY)
        guard width > 0, height > 0, sx > 0, sy > 0, sx.isFinite, sy.isFinite else { return [] }
        let us = NSliceMath.uvStops(details.xs, size: width), vs = NSliceMath.uvStops(details.ys, size: height)
        let xs = NSliceMath.vertexStops(us, size: width, scale: sx)
        let ys = NSliceMath.vertexStops(vs, size: height, scale: sy)
        var out: [NSlicePatch] = []
        for row in 0..<(vs.count - 1) {
            for column in 0..<(us.count - 1) {
                if out.count >= Self.maxPatches { return out }
                let mode = details.tileModes[details.patchIndex(column, row)] ?? .stretch
                let patch = NSlicePatch(u0: us[column] * width, v0: vs[row] * height,
                                        u1: us[column + 1] * width, v1: vs[row + 1] * height,
                                        x0: xs[column], y0: ys[row], x1: xs[column + 1], y1: ys[row + 1])
                switch mode {
                case .hidden: continue
                case .stretch: out.append(patch)
                case .repeat: tile(patch, scaleX: sx, scaleY: sy, into: &out)
                }
            }
        }
        return out
    }

    /// Fills `patch` with copies of its source at the source's pixel size (once the image's scale
    /// applies), from its top-left corner; the last column and row are cut short. Copies under
    /// a unit in the image's space are not drawn, as in the runtime.
    private func tile(_ patch: NSlicePatch, scaleX: Double, scaleY: Double, into out: inout [NSlicePatch]) {
        let sizeX = (patch.u1 - patch.u0) / scaleX, sizeY = (patch.v1 - patch.v0) / scaleY
        guard abs(sizeX) >= 1, abs(sizeY) >= 1, sizeX.isFinite, sizeY.isFinite else { return }
        var steps = Self.maxTileSteps
        var y = patch.y0
        while y < patch.y1 && steps > 0 {
            steps -= 1
            let fy = y + sizeY > patch.y1 ? (patch.y1 - y) / sizeY : 1
            var x = patch.x0
            while x < patch.x1 && steps > 0 {
                steps -= 1
                if out.count >= Self.maxPatches { return }
                let fx = x + sizeX > patch.x1 ? (patch.x1 - x) / sizeX : 1
                out.append(NSlicePatch(u0: patch.u0, v0: patch.v0,
                                       u1: patch.u0 + (patch.u1 - patch.u0) * fx, v1: patch.v0 + (patch.v1 - patch.v0) * fy,
                                       x0: x, y0: y, x1: x + sizeX * fx, y1: y + sizeY * fy))
                x += sizeX
            }
            y += sizeY
        }
    }
}

/// The piecewise-linear map an N-sliced node applies this frame, from world space to world space.
struct NSliceMap {
    let world: Transform
    let inverse: Transform
    let scaleX: Double, scaleY: Double
    let width: Double, height: Double
    let xStops: [Double], yStops: [Double]
    let xInfo: NSliceMath.ScaleInfo, yInfo: NSliceMath.ScaleInfo

    /// `p` (world) moved by the node's slicing: into the node's space, sliced, back.
    func deformWorld(_ p: Point) -> Point {
        let local = inverse * p
        let x = scaleX == 0 ? 0 : NSliceMath.map(local.x, stops: xStops, info: xInfo, size: abs(width)) * (scaleX < 0 ? -1 : 1)
        let y = scaleY == 0 ? 0 : NSliceMath.map(local.y, stops: yStops, info: yInfo, size: abs(height)) * (scaleY < 0 ? -1 : 1)
        return world * Point(x, y)
    }

    /// `p`, in the space `world` maps to world space (`inverseWorld` back), moved by the slicing.
    func deformLocal(_ p: Point, world pathWorld: Transform, inverseWorld: Transform) -> Point {
        inverseWorld * deformWorld(pathWorld * p)
    }
}

/// A node whose box (initialWidth × initialHeight, from its origin) is drawn width × height: the
/// points of the shapes under it (and their gradients' ends) move through the slicing of its axes,
/// so what lies in fixed segments keeps its size. Images, text and nested artboards under it are
/// not moved, as in the runtime.
final class RNSlicedNode: RNode, NSliceDetailsOwner {
    let details = NSliceDetails()
    var initialWidth = 0.0, initialHeight = 0.0
    var width = 0.0, height = 0.0
    /// This frame's map (nil: the node moves nothing, as when its box is empty or its transform
    /// cannot be inverted).
    private(set) var map: NSliceMap?

    override func unlink() {
        super.unlink()
        details.removeAll()
    }

    override func set(_ key: Int, _ value: PropertyValue) -> Bool {
        switch key {
        case RivePropertyKey.nSlicedNodeInitialWidth: initialWidth = value.double ?? initialWidth
        case RivePropertyKey.nSlicedNodeInitialHeight: initialHeight = value.double ?? initialHeight
        case RivePropertyKey.nSlicedNodeWidth: width = value.double ?? width
        case RivePropertyKey.nSlicedNodeHeight: height = value.double ?? height
        default: return super.set(key, value)
        }
        return true
    }

    override func double(_ key: Int) -> Double? {
        switch key {
        case RivePropertyKey.nSlicedNodeInitialWidth: return initialWidth
        case RivePropertyKey.nSlicedNodeInitialHeight: return initialHeight
        case RivePropertyKey.nSlicedNodeWidth: return width
        case RivePropertyKey.nSlicedNodeHeight: return height
        default: return super.double(key)
        }
    }

    /// After the world transform: the shapes under the node update after it and read the map.
    override func update(_ artboard: ArtboardInstance) {
        super.update(artboard)
        map = makeMap()
    }

    private func makeMap() -> NSliceMap? {
        guard initialWidth > 0, initialHeight > 0, let inverse = worldTransform.inverted else { return nil }
        let scaleX = width / initialWidth, scaleY = height / initialHeight
        guard scaleX.isFinite, scaleY.isFinite else { return nil }
        // The runtime weighs both axes' segments against the initial width; the factor does not
        // depend on that size (it cancels), so the height is used here.
        let xInfo = NSliceMath.scaleInfo(NSliceMath.uvStops(details.xs, size: initialWidth), size: initialWidth, scale: abs(scaleX))
        let yInfo = NSliceMath.scaleInfo(NSliceMath.uvStops(details.ys, size: initialHeight), size: initialHeight, scale: abs(scaleY))
        return NSliceMap(world: worldTransform, inverse: inverse, scaleX: scaleX, scaleY: scaleY, width: width, height: height,
                         xStops: NSliceMath.pxStops(details.xs, size: initialWidth),
                         yStops: NSliceMath.pxStops(details.ys, size: initialHeight),
                         xInfo: xInfo, yInfo: yInfo)
    }
}
