/// A point or vector in user space or pixel space (doubles; y grows downward as in Lottie and PNG).
public struct Point: Hashable, Sendable, BitwiseCopyable, CustomStringConvertible {
    public var x: Double
    public var y: Double
    @inlinable public init(_ x: Double, _ y: Double) { self.x = x; self.y = y }
    @inlinable public init(x: Double, y: Double) { self.x = x; self.y = y }
    public static let zero = Point(0, 0)

    @inlinable public static func + (a: Point, b: Point) -> Point { Point(a.x + b.x, a.y + b.y) }
    @inlinable public static func - (a: Point, b: Point) -> Point { Point(a.x - b.x, a.y - b.y) }
    @inlinable public static func * (a: Point, s: Double) -> Point { Point(a.x * s, a.y * s) }
    @inlinable public static func * (s: Double, a: Point) -> Point { Point(a.x * s, a.y * s) }
    @inlinable public static prefix func - (a: Point) -> Point { Point(-a.x, -a.y) }
    @inlinable public static func += (a: inout Point, b: Point) { a = a + b }

    @inlinable public func dot(_ o: Point) -> Double { x * o.x + y * o.y }
    /// The z component of the 3-D cross product (positive when `o` turns clockwise from `self` with y down).
    @inlinable public func cross(_ o: Point) -> Double { x * o.y - y * o.x }
    @inlinable public var length: Double { (x * x + y * y).squareRoot() }
    @inlinable public var lengthSquared: Double { x * x + y * y }
    /// The unit vector in this direction, or zero for a zero vector.
    @inlinable public var normalized: Point {
        let l = length
        return l > 0 ? Point(x / l, y / l) : .zero
    }
    /// This vector turned 90° (from +x towards +y).
    @inlinable public var perpendicular: Point { Point(-y, x) }
    @inlinable public func distance(to o: Point) -> Double { (self - o).length }
    @inlinable public func lerp(_ o: Point, _ t: Double) -> Point { Point(x + (o.x - x) * t, y + (o.y - y) * t) }
    @inlinable public var isFinite: Bool { x.isFinite && y.isFinite }
    public var description: String { "(\(x), \(y))" }
}

/// An axis-aligned rectangle given by its edges; empty when `maxX <= minX` or `maxY <= minY`.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    public var minX: Double, minY: Double, maxX: Double, maxY: Double
    @inlinable public init(minX: Double, minY: Double, maxX: Double, maxY: Double) {
        self.minX = minX; self.minY = minY; self.maxX = maxX; self.maxY = maxY
    }
    @inlinable public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(minX: x, minY: y, maxX: x + width, maxY: y + height)
    }
    /// The rectangle that contains nothing; `union` with it returns the other operand.
    public static let empty = Rect(minX: .infinity, minY: .infinity, maxX: -.infinity, maxY: -.infinity)
    @inlinable public var width: Double { maxX - minX }
    @inlinable public var height: Double { maxY - minY }
    @inlinable public var isEmpty: Bool { !(maxX > minX && maxY > minY) }
    @inlinable public var center: Point { Point((minX + maxX) / 2, (minY + maxY) / 2) }
    @inlinable public func union(_ o: Rect) -> Rect {
        Rect(minX: Swift.min(minX, o.minX), minY: Swift.min(minY, o.minY),
             maxX: Swift.max(maxX, o.maxX), maxY: Swift.max(maxY, o.maxY))
    }
    @inlinable public func intersection(_ o: Rect) -> Rect {
        Rect(minX: Swift.max(minX, o.minX), minY: Swift.max(minY, o.minY),
             maxX: Swift.min(maxX, o.maxX), maxY: Swift.min(maxY, o.maxY))
    }
    @inlinable public func intersects(_ o: Rect) -> Bool {
        minX < o.maxX && o.minX < maxX && minY < o.maxY && o.minY < maxY
    }
    /// Grows the rectangle to include `p`.
    @inlinable public mutating func include(_ p: Point) {
        if p.x < minX { minX = p.x }
        if p.x > maxX { maxX = p.x }
        if p.y < minY { minY = p.y }
        if p.y > maxY { maxY = p.y }
    }
    @inlinable public func insetBy(_ d: Double) -> Rect { Rect(minX: minX + d, minY: minY + d, maxX: maxX - d, maxY: maxY - d) }
    public var description: String { "Rect(\(minX), \(minY), \(maxX), \(maxY))" }
}

/// Why geometry could not be used.
public enum GeometryError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A coordinate, transform entry or stroke parameter is NaN or infinite (also after transforming).
    case nonFinite(String)
    /// Flattening would produce more than `limit` points (a path absurdly larger than the pixels it is drawn to).
    case tooComplex(limit: Int)
    public var description: String {
        switch self {
        case let .nonFinite(what): return "non-finite geometry: \(what)"
        case let .tooComplex(limit): return "path too complex: flattening it needs more than \(limit) points"
        }
    }
}
