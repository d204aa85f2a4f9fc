import CYLGeometry
import CYLRaster
#if canImport(Glibc)
import Glibc
#endif

/// Something drawn: a shape, an image, a nested artboard.
class RDrawable: RNode {
    override func unlink() {
        super.unlink()
        clippingShapes.removeAll()
    }

    var blendMode = BlendMode.normal
    var drawableFlags: UInt64 = 0
    /// Clipping shapes that clip this drawable, outermost first.
    var clippingShapes: [RClippingShape] = []
    /// The draw rules that place this drawable, if any ancestor has some.
    unowned(unsafe) var drawRules: RDrawRules?

    var isHidden: Bool { drawableFlags & 1 != 0 || isCollapsed }

    override func set(_ key: Int, _ value: PropertyValue) -> Bool {
        switch key {
        case RivePropertyKey.drawableBlendModeValue: blendMode = value.decoded(blendMode)
        case RivePropertyKey.drawableDrawableFlags: drawableFlags = value.uint ?? drawableFlags
        default: return super.set(key, value)
        }
        return true
    }

    /// Whether `draw` has anything to add this frame.
    var willDraw: Bool { !isHidden }
}

/// One corner of a path as the format builds it: a straight corner (rounded by `radius`) or a
/// cubic vertex with its control points.
enum PathPoint {
    case straight(Point, radius: Double)
    case cubic(in: Point, at: Point, out: Point)

    var position: Point {
        switch self {
        case .straight(let p, _): return p
        case .cubic(_, let p, _): return p
        }
    }
    /// The point a neighbour's rounded corner aims at: the control point facing it.
    var inPoint: Point {
        switch self {
        case .straight(let p, _): return p
        case .cubic(let i, _, _): return i
        }
    }
    var outPoint: Point {
        switch self {
        case .straight(let p, _): return p
        case .cubic(_, _, let o): return o
        }
    }
}

/// Builds the path of a list of vertices as the format does: cubic segments between cubic
/// vertices, lines between straight ones, and rounded corners where a straight vertex has a
/// radius (negative radii round inwards).
enum PathBuilder {
    /// Control-point distance for a corner of `radius` between directions `toPrev` and `toNext`
    /// (unit vectors), after "natural rounding".
    static func idealControlPointDistance(_ toPrev: Point, _ toNext: Point, _ radius: Double) -> Double {
        let angle = abs(atan2(toPrev.cross(toNext), toPrev.dot(toNext)))
        return min(radius, (4.0 / 3.0) * tan(.pi / (2 * ((2 * .pi) / angle))) * radius
                   * (angle < .pi / 2 ? 1 + cos(angle) : 2 - sin(angle)))
    }

    /// Mirrors the control points of an inward-rounded corner.
    static func rotatePoints(_ next: Point, _ prev: Point, _ point: Point, _ outPoint: inout Point, _ inPoint: inout Point) {
        let v1 = prev - next, v2 = point - next
        let angle = atan2(v1.cross(v2), v1.dot(v2))
        var s = sin(angle * 2), c = cos(angle * 2)
        var o = outPoint - prev
        outPoint = Point(o.x * c - o.y * s + prev.x, o.x * s + o.y * c + prev.y)
        s = sin(-angle * 2); c = cos(-angle * 2)
        o = inPoint - next
        inPoint = Point(o.x * c - o.y * s + next.x, o.x * s + o.y * c + next.y)
    }

    private static func unit(_ v: Point) -> (Point, Double) {
        let l = v.length
        return l > 0 ? (Point(v.x / l, v.y / l), l) : (v, 0)
    }

    static func build(_ v: [PathPoint], closed: Bool, into path: inout Path) {
        let n = v.count
        guard n >= 2 else { return }
        var out: Point, start: Point, startIn: Point
        var prevIsCubic: Bool
        let startIsCubic: Bool
        switch v[0] {
        case .cubic(let i, let p, let o):
            startIsCubic = true; prevIsCubic = true
            startIn = i; out = o; start = p
            path.move(to: start)
        case .straight(let pos, let radius):
            startIsCubic = false; prevIsCubic = false
            if radius != 0 {
                let (toPrev, prevLength) = unit(v[n - 1].outPoint - pos)
                let (toNext, nextLength) = unit(v[1].inPoint - pos)
                let r = min(prevLength / 2, min(nextLength / 2, abs(radius)))
                let ideal = idealControlPointDistance(toPrev, toNext, r)
                start = pos + toPrev * r
                startIn = start
                path.move(to: start)
                var outPoint = pos + toPrev * (r - ideal)
                var inPoint = pos + toNext * (r - ideal)
                out = pos + toNext * r
                if radius < 0 { rotatePoints(out, startIn, pos, &outPoint, &inPoint) }
                path.cubic(to: out, control1: outPoint, control2: inPoint)
            } else {
                start = pos; startIn = pos; out = pos
                path.move(to: pos)
            }
        }
        for i in 1..<n {
            switch v[i] {
            case .cubic(let inPoint, let p, let o):
                path.cubic(to: p, control1: out, control2: inPoint)
                prevIsCubic = true
                out = o
            case .straight(let pos, let radius):
                if radius != 0 {
                    let (toPrev, prevLength) = unit(v[i - 1].outPoint - pos)
                    let (toNext, nextLength) = unit(v[(i + 1) % n].inPoint - pos)
                    let r = min(prevLength / 2, min(nextLength / 2, abs(radius)))
                    let ideal = idealControlPointDistance(toPrev, toNext, r)
                    let translation = pos + toPrev * r
                    if prevIsCubic {
                        path.cubic(to: translation, control1: out, control2: translation)
                    } else {
                        path.line(to: translation)
                    }
                    var outPoint = pos + toPrev * (r - ideal)
                    var inPoint = pos + toNext * (r - ideal)
                    out = pos + toNext * r
                    if radius < 0 { rotatePoints(out, translation, pos, &outPoint, &inPoint) }
                    path.cubic(to: out, control1: outPoint, control2: inPoint)
                    prevIsCubic = false
                } else if prevIsCubic {
                    path.cubic(to: pos, control1: out, control2: pos)
                    prevIsCubic = false
                    out = pos
                } else {
                    out = pos
                    path.line(to: out)
                }
            }
        }
        if closed {
            if prevIsCubic || startIsCubic {
                path.cubic(to: start, control1: out, control2: startIn)
            } else {
                path.line(to: start)
            }
            path.close()
        }
    }
}

/// A drawable made of paths, painted by its fills and strokes.
final class RShape: RDrawable {
    override func unlink() {
        super.unlink()
        paths.removeAll()
        paints.removeAll()
    }

    var paths: [RPath] = []
    var paints: [RShapePaint] = []
    /// Composes the shape's paths (it updates after the shape and all of its paths).
    var composer: RPathComposer!
    /// Set by follow-path constraints and clipping shapes that read this shape's paths.
    var needsWorldPath = false
    /// The nearest N-sliced node above the shape: it moves the points of the shape's paths and
    /// the ends of its gradients (nil: none).
    unowned(unsafe) var deformer: RNSlicedNode?

    override func link(_ artboard: ArtboardInstance) {
        super.link(artboard)
        composer = RPathComposer(shape: self)
        var p = parent
        while let c = p {
            if let node = c as? RNSlicedNode { deformer = node; break }
            p = c.parent
        }
    }

    override func buildDependencies(_ artboard: ArtboardInstance) {
        super.buildDependencies(artboard)
        addDependent(composer)
        for p in paths { p.addDependent(composer) }
    }

    override var willDraw: Bool { super.willDraw && renderOpacity != 0 }

    /// Whether every path is hidden or collapsed.
    var isEmpty: Bool { !paths.contains { !$0.isPathHidden && !$0.isCollapsed } }

    override var constraintBounds: Rect { localBounds }

    /// The bounds of the shape's paths in its own space.
    var localBounds: Rect {
        guard let inverse = worldTransform.inverted else { return Rect(minX: 0, minY: 0, maxX: 0, maxY: 0) }
        var r = Rect.empty
        for p in paths where !p.isCollapsed {
            let b = p.rawPath.transformed(by: inverse * p.pathTransform).bounds
            if !b.isEmpty || b.width == 0 { r = r.union(b) }
        }
        return r.minX.isFinite ? r : Rect(minX: 0, minY: 0, maxX: 0, maxY: 0)
    }
}

/// The shape's paths composed into its own space (fills, local strokes), its own space with every
/// contour turned clockwise unless it is a hole (clockwise fills), and world space (world strokes,
/// clipping, follow-path).
final class RPathComposer: RComponent {
    unowned(unsafe) let shape: RShape
    var localPath = Path()
    var localClockwisePath = Path()
    var worldPath = Path()

    init(shape: RShape) {
        self.shape = shape
        super.init(ComponentModel(typeKey: -1, offset: 0, name: "", parentID: nil, values: []), index: -1)
    }

    override func update(_ artboard: ArtboardInstance) {
        localPath.removeAll()
        localClockwisePath.removeAll()
        worldPath.removeAll()
        let inverse = shape.worldTransform.invertedOrIdentity
        for p in shape.paths where !p.isPathHidden && !p.isCollapsed {
            let local = inverse * p.pathTransform
            let placed = p.rawPath.transformed(by: local)
            localPath.append(placed)
            let counterClockwise = (p as? RPointsPath).map { local.determinant * ($0.isClockwise ? 1 : -1) < 0 } ?? false
            if counterClockwise != p.isHole {
                localClockwisePath.append(placed.reversed())
            } else {
                localClockwisePath.append(placed)
            }
            worldPath.append(p.rawPath.transformed(by: p.pathTransform))
        }
    }
}

/// A path of a shape, in its own space (`pathTransform` maps it to world space).
class RPath: RNode {
    var pathFlags: UInt64 = 0
    var isHole = false
    unowned(unsafe) var shape: RShape?
    var rawPath = Path()

    var isPathHidden: Bool { pathFlags & 1 != 0 }
    var isClosed: Bool { true }
    var pathTransform: Transform { worldTransform }

    override func set(_ key: Int, _ value: PropertyValue) -> Bool {
        switch key {
        case RivePropertyKey.pathPathFlags: pathFlags = value.uint ?? pathFlags
        case RivePropertyKey.pathIsHole: isHole = value.bool ?? isHole
        default: return super.set(key, value)
        }
        return true
    }

    override func link(_ artboard: ArtboardInstance) {
        super.link(artboard)
        var p = parent
        while let c = p {
            if let s = c as? RShape {
                shape = s
                s.paths.append(self)
                return
            }
            p = c.parent
        }
    }

    /// The corners of the path this frame.
    func points(_ artboard: ArtboardInstance) -> [PathPoint] { [] }

    override func update(_ artboard: ArtboardInstance) {
        super.update(artboard)
        let old = rawPath.points.count
        rawPath.removeAll()
        // Once the scene is over its bound the frame is an error: build nothing more.
        if !artboard.budget.pathPointsExhausted { PathBuilder.build(points(artboard), closed: isClosed, into: &rawPath) }
        // An N-sliced node moves every point, control points too, through world space (its map
        // updated before: the path is under it).
        if let map = shape?.deformer?.map, !rawPath.isEmpty {
            let world = pathTransform, inverse = pathTransform.invertedOrIdentity
            rawPath = rawPath.mapped { map.deformLocal($0, world: world, inverseWorld: inverse) }
        }
        if !artboard.budget.repath(from: old, to: rawPath.points.count) {
            rawPath = Path()  // frees the points; the frame is then an error (SceneBuilder)
        }
    }
}

/// A path drawn through its vertex children (possibly deformed by a skin).
final class RPointsPath: RPath {
    override func unlink() {
        super.unlink()
        vertices.removeAll()
    }

    var closed = false
    var vertices: [RVertex] = []
    unowned(unsafe) var skin: RSkin?

    override var isClosed: Bool { closed }
    var isClockwise: Bool { pathFlags & 2 == 0 }
    /// Skinned vertices are already in world space.
    override var pathTransform: Transform { skin == nil ? worldTransform : .identity }

    override func set(_ key: Int, _ value: PropertyValue) -> Bool {
        if key == RivePropertyKey.pointsCommonPathIsClosed { closed = value.bool ?? closed; return true }
        return super.set(key, value)
    }

    override func buildDependencies(_ artboard: ArtboardInstance) {
        super.buildDependencies(artboard)
        skin?.addDependent(self)
    }

    override func points(_ artboard: ArtboardInstance) -> [PathPoint] {
        if let skin { skin.deform(vertices) }
        return vertices.map { $0.pathPoint }
    }
}
