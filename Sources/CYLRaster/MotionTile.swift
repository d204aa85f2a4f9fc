import CYLGeometry

/// The motion tile effect (After Effects' Motion Tile, as libpag's MotionTileFilter draws it): the
/// layer's content rectangle repeated around itself. Lengths are in the group's units.
public struct MotionTile: Sendable, Equatable {
    /// The layer's content rectangle (what one tile shows).
    public var bounds: Rect
    /// The centre of the tiles.
    public var center: Point
    /// A tile's size, and the area tiled, as fractions of the content's size (1: the same).
    public var tileWidth: Double, tileHeight: Double
    public var outputWidth: Double, outputHeight: Double
    /// Every other tile mirrored, so the tiles meet edge to edge.
    public var mirrorEdges: Bool
    /// Every other column (or row, when `horizontalPhase`) shifted by `phase` degrees (360: a tile).
    public var phase: Double
    public var horizontalPhase: Bool

    public init(bounds: Rect, center: Point, tileWidth: Double, tileHeight: Double, outputWidth: Double, outputHeight: Double,
                mirrorEdges: Bool, phase: Double, horizontalPhase: Bool) {
        self.bounds = bounds
        self.center = center
        self.tileWidth = tileWidth
        self.tileHeight = tileHeight
        self.outputWidth = outputWidth
        self.outputHeight = outputHeight
        self.mirrorEdges = mirrorEdges
        self.phase = phase
        self.horizontalPhase = horizontalPhase
    }

    /// The area the tiles cover: the content's rectangle scaled by the output size about its centre.
    public var outputBounds: Rect {
        let w = bounds.width * outputWidth, h = bounds.height * outputHeight
        return Rect(x: bounds.minX + (bounds.width - w) / 2, y: bounds.minY + (bounds.height - h) / 2, width: w, height: h)
    }

    /// Where in the content (0...1 each way) the point at `v` of the output area (0...1) samples:
    /// libpag's shader, term for term.
    @inline(__always) func source(_ v: Point) -> Point {
        guard tileWidth > 0, tileHeight > 0, outputWidth > 0, outputHeight > 0, bounds.width > 0, bounds.height > 0 else { return v }
        let c = Point((center.x - bounds.minX) / bounds.width, (center.y - bounds.minY) / bounds.height)
        let originX = 1 / outputWidth, originY = 1 / outputHeight
        let newCenterX = 0.5 - originX / 2 + c.x / outputWidth, newCenterY = 0.5 - originY / 2 + c.y / outputHeight
        let stepX = originX * tileWidth, stepY = originY * tileHeight
        let dx = v.x - (newCenterX - stepX / 2), dy = v.y - (newCenterY - stepY / 2)
        func mod(_ a: Double, _ b: Double) -> Double { a - b * (a / b).rounded(.down) }
        let edge = 0.005
        var tx = min(max(mod(dx, stepX) * outputWidth / tileWidth, edge), 1 - edge)
        var ty = min(max(mod(dy, stepY) * outputHeight / tileHeight, edge), 1 - edge)
        let oddX = mod((dx / stepX).rounded(.down), 2), oddY = mod((dy / stepY).rounded(.down), 2)
        if mirrorEdges {
            if oddX == 1 { tx = 1 - tx }
            if oddY == 1 { ty = 1 - ty }
        }
        if phase > 0 {
            let shift = mod(phase, 360) / 360
            if horizontalPhase {
                if oddY == 1 { tx = mod(tx + shift, 1) }
            } else if oddX == 1 {
                ty = mod(ty + shift, 1)
            }
        }
        return Point(tx, ty)
    }
}

extension Pixmap {
    /// Draws `tile` of `source` (the layer before the effect) into this pixmap within `area`:
    /// each pixel, taken back to the group's units by `toGroup`, samples the content at the place
    /// the tiling maps it to, bilinearly, through `toPixels`.
    mutating func drawMotionTile(_ tile: MotionTile, from source: Pixmap, toGroup: Transform, toPixels: Transform, in area: IntRect) {
        let out = tile.outputBounds, b = tile.bounds
        guard out.width > 0, out.height > 0 else { return }
        let maxX = source.width - 1, maxY = source.height - 1
        source.withUnsafePixels { src, srcPitch in
            withUnsafeMutablePixels { dst, pitch in
                for y in area.y..<area.maxY {
                    let row = dst + y * pitch
                    for x in area.x..<area.maxX {
                        let g = toGroup.apply(Point(Double(x) + 0.5, Double(y) + 0.5))
                        let v = Point((g.x - out.minX) / out.width, (g.y - out.minY) / out.height)
                        guard v.x >= 0, v.x < 1, v.y >= 0, v.y < 1 else { row[x] = 0; continue }
                        let t = tile.source(v)
                        let p = toPixels.apply(Point(b.minX + t.x * b.width, b.minY + t.y * b.height))
                        let u = Int(((p.x - 0.5) * 65536).rounded()), w = Int(((p.y - 0.5) * 65536).rounded())
                        row[x] = Canvas.bilinear(src, srcPitch, u, w, maxX, maxY)
                    }
                }
            }
        }
    }
}
