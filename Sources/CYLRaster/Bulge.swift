#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CYLGeometry

/// The bulge effect (After Effects' Bulge, as libpag's BulgeFilter draws it): the content inside
/// an ellipse pushed out from (or, with a negative height, pulled towards) its centre. Lengths are
/// in the group's units.
///
/// libpag works in the content rectangle's texture coordinates (0...1 each way, so a wide layer
/// bulges wider): a point p from the centre, inside the ellipse (d = px²/rx² + py²/ry² ≤ 1),
/// samples p − height × (1 − d) × atan2(|p|, √(1 − √|p|)) / π along p's direction. Outside the
/// content nothing is drawn; pinned, samples stay inside its edges.
public struct Bulge: Sendable, Equatable {
    /// The layer's content rectangle.
    public var bounds: Rect
    public var center: Point
    public var horizontalRadius: Double, verticalRadius: Double
    public var height: Double
    /// The content's edges stay where they are (and nothing is drawn outside them).
    public var pinning: Bool

    public init(bounds: Rect, center: Point, horizontalRadius: Double, verticalRadius: Double, height: Double, pinning: Bool) {
        self.bounds = bounds
        self.center = center
        self.horizontalRadius = horizontalRadius
        self.verticalRadius = verticalRadius
        self.height = height
        self.pinning = pinning
    }

    /// The area drawn: the content, grown to the ellipse where it bulges out past the content's
    /// edges (libpag's `filterBounds`; unchanged when pinned or flat).
    public var outputBounds: Rect {
        var r = bounds
        if pinning || height == 0 { return r }
        let c = center, rx = abs(horizontalRadius), ry = abs(verticalRadius)
        // No overlap of the ellipse (radii + 1) with the content: unchanged.
        let dx = max(r.minX - c.x, 0, c.x - r.maxX), dy = max(r.minY - c.y, 0, c.y - r.maxY)
        let ex = rx + 1, ey = ry + 1
        guard ex > 0, ey > 0, dx * dx / (ex * ex) + dy * dy / (ey * ey) < 1 else { return r }
        if c.x > r.minX { r.minX = min(r.minX, c.x - rx) }
        if c.x < r.maxX { r.maxX = max(r.maxX, c.x + rx) }
        if c.y > r.minY { r.minY = min(r.minY, c.y - ry) }
        if c.y < r.maxY { r.maxY = max(r.maxY, c.y + ry) }
        return r
    }

    /// Where, in the content's texture coordinates, the point at `t` samples; nil where nothing is drawn.
    @inline(__always) func source(_ t: Point) -> Point? {
        let b = bounds
        let rx = horizontalRadius / b.width, ry = verticalRadius / b.height
        let c = Point((center.x - b.minX) / b.width, (center.y - b.minY) / b.height)
        var target = t
        let px = t.x - c.x, py = t.y - c.y
        let d = px * px / (rx * rx) + py * py / (ry * ry)
        if d <= 1 {
            let len = (px * px + py * py).squareRoot()
            if len > 0 {
                let weight = (1 - d) * atan2(len, (1 - len.squareRoot()).squareRoot()) / Double.pi
                target = Point(px - height * weight * px / len + c.x, py - height * weight * py / len + c.y)
            }
        }
        if pinning {
            let edge = 0.005
            target = Point(min(max(target.x, edge), 1 - edge), min(max(target.y, edge), 1 - edge))
        }
        guard target.x >= 0, target.x < 1, target.y >= 0, target.y < 1 else { return nil }  // also NaN
        return target
    }
}

extension Pixmap {
    /// Draws `bulge` of `source` (the layer before the effect) into this pixmap within `area`:
    /// each pixel, taken back to the group's units by `toGroup`, samples the content bilinearly
    /// (through `toPixels`) where the bulge moves it.
    mutating func drawBulge(_ bulge: Bulge, from source: Pixmap, toGroup: Transform, toPixels m: Transform, in area: IntRect) {
        let b = bulge.bounds
        guard b.width > 0, b.height > 0, bulge.horizontalRadius != 0, bulge.verticalRadius != 0 else { return }
        let o = m.apply(Point(b.minX, b.minY)), ex = m.applyVector(Point(b.width, 0)), ey = m.applyVector(Point(0, b.height))
        let lx = (ex.x * ex.x + ex.y * ex.y).squareRoot(), ly = (ey.x * ey.x + ey.y * ey.y).squareRoot()
        let hu = lx > 1 ? 0.5 / lx : 0.5, hv = ly > 1 ? 0.5 / ly : 0.5
        let maxX = source.width - 1, maxY = source.height - 1
        source.withUnsafePixels { src, srcPitch in
            withUnsafeMutablePixels { dst, pitch in
                for y in area.y..<area.maxY {
                    let row = dst + y * pitch
                    for x in area.x..<area.maxX {
                        let g = toGroup.apply(Point(Double(x) + 0.5, Double(y) + 0.5))
                        guard let t = bulge.source(Point((g.x - b.minX) / b.width, (g.y - b.minY) / b.height)) else { row[x] = 0; continue }
                        let u = min(max(t.x, hu), 1 - hu), v = min(max(t.y, hv), 1 - hv)
                        let px = o.x + u * ex.x + v * ey.x, py = o.y + u * ex.y + v * ey.y
                        guard abs(px) < 1e7, abs(py) < 1e7 else { row[x] = 0; continue }
                        row[x] = Canvas.bilinear(src, srcPitch, Int(((px - 0.5) * 65536).rounded()), Int(((py - 0.5) * 65536).rounded()),
                                                 maxX, maxY)
                    }
                }
            }
        }
    }
}
