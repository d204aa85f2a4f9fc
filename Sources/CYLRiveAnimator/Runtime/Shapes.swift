import CYLGeometry
#if canImport(Glibc)
import Glibc
#endif

/// Something drawn: a shape, an image, a nested artboard.
class RDrawable: RNode {
    override func unlink() {
        super.unlink()
        clippingShapes.removeAll()
    }

    /// The format's blend mode value (3 is source-over).
    var blendModeValue: UInt64 = 3
    var drawableFlags: UInt64 = 0
    /// Clipping shapes that clip this drawable, outermost first.
    var clippingShapes: [RClippingShape] = []
    /// The draw rules that place this drawable, if any ancestor has some.
    unowned(unsafe) var drawRules: RDrawRules?

    var isHidden: Bool { drawableFlags & 1 != 0 || isCollapsed }

    override func set(_ key: Int, _ value: PropertyValue) -> Bool {
        switch key {
        case RivePropertyKey.drawableBlendModeValue: blendModeValue = value.uint ?? blendModeValue
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

    override func link(_ artboard: ArtboardInstance) {
        super.link(artboard)
        composer = RPathComposer(shape: self)
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
        rawPath.removeAll()
        PathBuilder.build(points(artboard), closed: isClosed, into: &rawPath)
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

/// A path computed from a few properties: rectangle, ellipse, polygon, star, triangle.
class RParametricPath: RPath {
    var width = 0.0, height = 0.0, originX = 0.5, originY = 0.5

    override func set(_ key: Int, _ value: PropertyValue) -> Bool {
        switch key {
        case RivePropertyKey.parametricPathWidth: width = value.double ?? width
        case RivePropertyKey.parametricPathHeight: height = value.double ?? height
        case RivePropertyKey.parametricPathOriginX: originX = value.double ?? originX
        case RivePropertyKey.parametricPathOriginY: originY = value.double ?? originY
        default: return super.set(key, value)
        }
        return true
    }

    override func double(_ key: Int) -> Double? {
        switch key {
        case RivePropertyKey.parametricPathWidth: return width
        case RivePropertyKey.parametricPathHeight: return height
        case RivePropertyKey.parametricPathOriginX: return originX
        case RivePropertyKey.parametricPathOriginY: return originY
        default: return super.double(key)
        }
    }
}

final class RRectangle: RParametricPath {
    var linkCornerRadius = true
    var cornerTL = 0.0, cornerTR = 0.0, cornerBL = 0.0, cornerBR = 0.0

    override func set(_ key: Int, _ value: PropertyValue) -> Bool {
        switch key {
        case RivePropertyKey.rectangleLinkCornerRadius: linkCornerRadius = value.bool ?? linkCornerRadius
        case RivePropertyKey.rectangleCornerRadiusTL: cornerTL = value.double ?? cornerTL
        case RivePropertyKey.rectangleCornerRadiusTR: cornerTR = value.double ?? cornerTR
        case RivePropertyKey.rectangleCornerRadiusBL: cornerBL = value.double ?? cornerBL
        case RivePropertyKey.rectangleCornerRadiusBR: cornerBR = value.double ?? cornerBR
        default: return super.set(key, value)
        }
        return true
    }

    override func double(_ key: Int) -> Double? {
        switch key {
        case RivePropertyKey.rectangleCornerRadiusTL: return cornerTL
        case RivePropertyKey.rectangleCornerRadiusTR: return cornerTR
        case RivePropertyKey.rectangleCornerRadiusBL: return cornerBL
        case RivePropertyKey.rectangleCornerRadiusBR: return cornerBR
        default: return super.double(key)
        }
    }

    override func points(_ artboard: ArtboardInstance) -> [PathPoint] {
        let ox = -originX * width, oy = -originY * height
        let r = cornerTL
        return [.straight(Point(ox, oy), radius: r),
                .straight(Point(ox + width, oy), radius: linkCornerRadius ? r : cornerTR),
                .straight(Point(ox + width, oy + height), radius: linkCornerRadius ? r : cornerBR),
                .straight(Point(ox, oy + height), radius: linkCornerRadius ? r : cornerBL)]
    }
}

final class REllipse: RParametricPath {
    /// The cubic handle length of a quarter circle, as a fraction of the radius.
    static let circleConstant = 0.552284749831

    override func points(_ artboard: ArtboardInstance) -> [PathPoint] {
        let rx = width / 2, ry = height / 2
        let ox = -originX * width + rx, oy = -originY * height + ry
        let k = Self.circleConstant
        return [.cubic(in: Point(ox - rx * k, oy - ry), at: Point(ox, oy - ry), out: Point(ox + rx * k, oy - ry)),
                .cubic(in: Point(ox + rx, oy - k * ry), at: Point(ox + rx, oy), out: Point(ox + rx, oy + k * ry)),
                .cubic(in: Point(ox + rx * k, oy + ry), at: Point(ox, oy + ry), out: Point(ox - rx * k, oy + ry)),
                .cubic(in: Point(ox - rx, oy + ry * k), at: Point(ox - rx, oy), out: Point(ox - rx, oy - ry * k))]
    }
}

class RPolygon: RParametricPath {
    var pointCount: UInt64 = 5
    var cornerRadius = 0.0

    override func set(_ key: Int, _ value: PropertyValue) -> Bool {
        switch key {
        case RivePropertyKey.polygonPoints: pointCount = value.uint ?? pointCount
        case RivePropertyKey.polygonCornerRadius: cornerRadius = value.double ?? cornerRadius
        default: return super.set(key, value)
        }
        return true
    }

    override func double(_ key: Int) -> Double? {
        key == RivePropertyKey.polygonCornerRadius ? cornerRadius : super.double(key)
    }

    /// Corner count, bounded so a huge value cannot allocate without limit.
    func count(_ artboard: ArtboardInstance, perPoint: Int) -> Int {
        let limit = max(2, artboard.limits.maxPathPoints / perPoint)
        if pointCount > UInt64(limit) { artboard.noteOnce("a polygon or star with \(pointCount) points is limited to \(limit) (--max-path-points)") }
        return Int(min(pointCount, UInt64(limit)))
    }

    override func points(_ artboard: ArtboardInstance) -> [PathPoint] {
        let n = count(artboard, perPoint: 1)
        guard n > 0 else { return [] }
        let hw = width / 2, hh = height / 2
        let ox = -originX * width + hw, oy = -originY * height + hh
        var angle = -Double.pi / 2
        let inc = 2 * Double.pi / Double(n)
        var out: [PathPoint] = []
        out.reserveCapacity(n)
        for _ in 0..<n {
            out.append(.straight(Point(ox + cos(angle) * hw, oy + sin(angle) * hh), radius: cornerRadius))
            angle += inc
        }
        return out
    }
}

final class RStar: RPolygon {
    var innerRadius = 0.5

    override func set(_ key: Int, _ value: PropertyValue) -> Bool {
        if key == RivePropertyKey.starInnerRadius { innerRadius = value.double ?? innerRadius; return true }
        return super.set(key, value)
    }

    override func double(_ key: Int) -> Double? {
        key == RivePropertyKey.starInnerRadius ? innerRadius : super.double(key)
    }

    override func points(_ artboard: ArtboardInstance) -> [PathPoint] {
        let n = count(artboard, perPoint: 2) * 2
        guard n > 0 else { return [] }
        let hw = width / 2, hh = height / 2
        let ihw = width * innerRadius / 2, ihh = height * innerRadius / 2
        let ox = -originX * width + hw, oy = -originY * height + hh
        var angle = -Double.pi / 2
        let inc = 2 * Double.pi / Double(n)
        var out: [PathPoint] = []
        out.reserveCapacity(n)
        for i in 0..<n {
            let (w, h) = i % 2 == 0 ? (hw, hh) : (ihw, ihh)
            out.append(.straight(Point(ox + cos(angle) * w, oy + sin(angle) * h), radius: cornerRadius))
            angle += inc
        }
        return out
    }
}

final class RTriangle: RParametricPath {
    override func points(_ artboard: ArtboardInstance) -> [PathPoint] {
        let ox = -originX * width, oy = -originY * height
        return [.straight(Point(ox + width / 2, oy), radius: 0),
                .straight(Point(ox + width, oy + height), radius: 0),
                .straight(Point(ox, oy + height), radius: 0)]
    }
}

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

extension Path {
    /// The same contours traversed backwards (each subpath reversed, closed ones stay closed).
    func reversed() -> Path {
        var out = Path()
        var i = 0, pi = 0
        let verbs = self.verbs, pts = self.points
        while i < verbs.count {
            guard verbs[i] == .move else { i += 1; continue }
            // Collect one subpath: its points and verbs.
            let startPoint = pi
            var segs: [(Verb, Int)] = []  // verb and index of its first point
            var j = i + 1, pj = pi + 1
            var closed = false
            while j < verbs.count && verbs[j] != .move {
                switch verbs[j] {
                case .line: segs.append((.line, pj)); pj += 1
                case .quad: segs.append((.quad, pj)); pj += 2
                case .cubic: segs.append((.cubic, pj)); pj += 3
                case .close: closed = true
                case .move: break
                }
                j += 1
            }
            let lastPoint = pj - 1
            out.move(to: pts[lastPoint])
            for k in stride(from: segs.count - 1, through: 0, by: -1) {
                let (verb, p) = segs[k]
                let before = k == 0 ? pts[startPoint] : pts[segs[k - 1].1 + (segs[k - 1].0 == .line ? 0 : (segs[k - 1].0 == .quad ? 1 : 2))]
                switch verb {
                case .line: out.line(to: before)
                case .quad: out.quad(to: before, control: pts[p])
                case .cubic: out.cubic(to: before, control1: pts[p + 1], control2: pts[p])
                default: break
                }
            }
            if closed { out.close() }
            i = j
            pi = pj
        }
        return out
    }
}
