import CYLGeometry
import CYLRaster

/// What a display list says about strokes and images, without drawing it.
struct VectorFacts {
    /// A visible stroke: its width and how far its path extends, in canvas units once every
    /// transform above it is applied.
    struct Stroke { var width: Double; var extent: Double; var bounds: Rect }
    /// An embedded image: its pixels and the size it is drawn at, in canvas units.
    struct Image { var pixels: PixelSize; var shownWidth: Double; var shownHeight: Double }

    var strokes: [Stroke] = []
    var images: [Image] = []

    /// Walks `list` as the renderer would draw it, skipping what cannot show (groups, strokes and
    /// images with no opacity left; matte sources, which only gate).
    init(_ list: DisplayList) {
        walk(list, list.items.indices, .identity, 1)
    }

    private mutating func walk(_ list: DisplayList, _ range: Range<Int>, _ parent: Transform, _ opacity: Double) {
        var i = range.lowerBound
        while i < range.upperBound {
            switch list.items[i] {
            case .group(let g):
                let group = list.groups[g]
                let o = opacity * group.opacity
                if o > 0.02 { walk(list, group.children, group.transform.then(parent), o) }
                i = group.end
                continue
            case .stroke(let s):
                let stroke = list.strokes[s]
                let t = stroke.transform.then(parent)
                guard opacity * stroke.opacity * Self.alpha(of: stroke.paint) > 0.05, t.isFinite else { break }
                let bounds = list.path(stroke.path).bounds
                guard !bounds.isEmpty || bounds.width > 0 || bounds.height > 0 else { break }
                // A stroke's width scales with the transform's geometric mean stretch.
                let corners = [Point(bounds.minX, bounds.minY), Point(bounds.maxX, bounds.minY),
                               Point(bounds.minX, bounds.maxY), Point(bounds.maxX, bounds.maxY)].map(t.apply)
                strokes.append(Stroke(width: stroke.style.width * abs(t.determinant).squareRoot(),
                                      extent: max(bounds.width, bounds.height) * t.maxScale,
                                      bounds: Rect(minX: corners.map(\.x).min()!, minY: corners.map(\.y).min()!,
                                                   maxX: corners.map(\.x).max()!, maxY: corners.map(\.y).max()!)))
            case .image(let m):
                let image = list.images[m]
                let t = image.transform.then(parent)
                guard opacity * image.opacity > 0.02, t.isFinite else { break }
                let w = Double(image.image.width), h = Double(image.image.height)
                let across = t.applyVector(Point(w, 0)), down = t.applyVector(Point(0, h))
                images.append(Image(pixels: image.image.size, shownWidth: (across.x * across.x + across.y * across.y).squareRoot(),
                                    shownHeight: (down.x * down.x + down.y * down.y).squareRoot()))
            case .fill:
                break
            }
            i += 1
        }
    }

    /// The most opaque a paint gets.
    static func alpha(of paint: Paint) -> Double {
        switch paint {
        case .solid(let c): return c.a
        case .linear(let g, _, _), .radial(let g, _, _, _):
            let colour = g.colorStops.map(\.color.a).max() ?? 1
            let opacity = g.opacityStops.map(\.opacity).max() ?? 1
            return colour * opacity
        }
    }
}
