import CYLTimeline
import CYLGeometry
#if canImport(Glibc)
import Glibc
#endif

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
        if pointCount > UInt64(limit) { artboard.noteOnce("a polygon or star with \(pointCount) points is limited to \(limit) (\(Limit.maxPathPoints))") }
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
