import CYLGeometry

/// An integer pixel rectangle.
public struct IntRect: Hashable, Sendable, CustomStringConvertible {
    public var x: Int, y: Int, width: Int, height: Int
    public init(x: Int, y: Int, width: Int, height: Int) { self.x = x; self.y = y; self.width = width; self.height = height }

    /// The empty rectangle.
    public static let none = IntRect(x: 0, y: 0, width: 0, height: 0)

    public var maxX: Int { x + width }
    public var maxY: Int { y + height }
    public var isEmpty: Bool { width <= 0 || height <= 0 }

    public func intersection(_ o: IntRect) -> IntRect {
        let x0 = max(x, o.x), y0 = max(y, o.y), x1 = min(maxX, o.maxX), y1 = min(maxY, o.maxY)
        return IntRect(x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0))
    }

    /// The smallest rectangle holding both (an empty one adds nothing).
    public func union(_ o: IntRect) -> IntRect {
        if o.isEmpty { return self }
        if isEmpty { return o }
        let x0 = min(x, o.x), y0 = min(y, o.y)
        return IntRect(x: x0, y: y0, width: max(maxX, o.maxX) - x0, height: max(maxY, o.maxY) - y0)
    }

    /// The rectangle with each edge moved out by `d` pixels.
    public func grown(by d: Int) -> IntRect { IntRect(x: x - d, y: y - d, width: width + 2 * d, height: height + 2 * d) }

    /// The pixels `rect` touches (its edges rounded outwards), within `bounds`.
    ///
    /// Every conversion from a drawing's coordinates to pixels goes through here or
    /// `init(rounding:clampedTo:)`: the edges are clamped to `bounds` while still floating point,
    /// so coordinates from a file (1e300, NaN, infinity) give an empty or clamped rectangle, never
    /// an integer conversion that traps.
    public init(covering rect: Rect, clampedTo bounds: IntRect) {
        self.init(rect.minX.rounded(.down), rect.minY.rounded(.down), rect.maxX.rounded(.up), rect.maxY.rounded(.up),
                  clampedTo: bounds)
    }

    /// The pixels whose centres `rect` holds (its edges rounded to the nearest pixel boundary),
    /// within `bounds`: a pixel-snapped clip.
    public init(rounding rect: Rect, clampedTo bounds: IntRect) {
        self.init(rect.minX.rounded(), rect.minY.rounded(), rect.maxX.rounded(), rect.maxY.rounded(), clampedTo: bounds)
    }

    private init(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, clampedTo b: IntRect) {
        // NaN fails every comparison: `clamp` maps it to the low edge, so the result is empty.
        @inline(__always) func clamp(_ v: Double, _ lo: Int, _ hi: Int) -> Int {
            v > Double(lo) ? (v < Double(hi) ? Int(v) : hi) : lo
        }
        let left = clamp(x0, b.x, b.maxX), right = clamp(x1, b.x, b.maxX)
        let top = clamp(y0, b.y, b.maxY), bottom = clamp(y1, b.y, b.maxY)
        self.init(x: left, y: top, width: max(0, right - left), height: max(0, bottom - top))
    }

    public var description: String { "IntRect(\(x), \(y), \(width)x\(height))" }
}
