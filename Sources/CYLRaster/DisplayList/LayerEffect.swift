import CYLGeometry

/// A pixel effect on an isolated group, applied to the group's layer after its masks and before
/// its matte, in list order (After Effects: masks, then effects, then layer styles, then the
/// matte). Lengths and offsets are in the group's own units; the renderer scales them by the
/// group's transform.
public enum LayerEffect: Sendable, Equatable {
    /// Every pixel takes `color`; coverage is kept and scaled by `opacity` (0...1).
    case fill(Color, opacity: Double)
    /// Luminance maps black to `black` and white to `white`; `amount` (0...1) mixes that over the original.
    case tint(black: Color, white: Color, amount: Double)
    /// Luminance maps through `dark`, `mid` and `bright`; `original` (0...1) keeps that much of the original.
    case tritone(dark: Color, mid: Color, bright: Color, original: Double)
    /// A gaussian blur with standard deviations along x and y (0: not along that axis).
    case blur(sigmaX: Double, sigmaY: Double)
    /// The layer's coverage grown, blurred and moved, painted under the layer (or alone).
    case dropShadow(DropShadow)
    /// The layer's coverage grown by `spread`, blurred by `sigma`, painted in `color` under the layer.
    case glow(color: Color, spread: Double, sigma: Double)
    /// A band of `width` around the outside of the layer's coverage, painted in `color` under it.
    case outline(color: Color, width: Double)
    /// Each pixel's red, green and blue (premultiplied) through their tables; alpha kept.
    case colorTables(ColorTables)
    /// The layer's content repeated around itself.
    case motionTile(MotionTile)
    /// The layer's content rectangle stretched onto four points.
    case cornerPin(CornerPin)
    /// The content inside an ellipse pushed out from its centre.
    case bulge(Bulge)
    /// The content blurred along lines from a centre (libpag's zoom blur).
    case radialBlur(RadialBlur)
    /// The content moved point by point by how far another layer's pixels say.
    case displacementMap(DisplacementMap)
    /// Bright channels brightened and spread a little (libpag's glow).
    case glowFilter(Glow)
    /// Strokes the list's paths `paths` (in the group's space) with `style` in `color` (alpha is
    /// the opacity), over the layer, instead of it, or as the only part of it that shows.
    case stroke(paths: Range<Int>, color: Color, style: StrokeStyle, mode: StrokeEffectMode)
}

extension LayerEffect {
    /// The rectangle (in the group's units) an effect that draws the layer again from a copy of
    /// it covers; nil for the others.
    var redrawnBounds: Rect? {
        switch self {
        case .cornerPin(let pin): return pin.outputBounds
        case .bulge(let bulge): return bulge.outputBounds
        case .radialBlur(let blur): return blur.bounds
        case .displacementMap(let map): return map.outputBounds
        default: return nil
        }
    }
}

extension Pixmap {
    /// Draws `effect` (one with `redrawnBounds`) of `source`, the layer before it, within `area`.
    mutating func redraw(_ effect: LayerEffect, from source: Pixmap, toGroup: Transform, toPixels m: Transform, in area: IntRect) {
        switch effect {
        case .cornerPin(let pin): drawCornerPin(pin, from: source, toPixels: m, in: area)
        case .bulge(let bulge): drawBulge(bulge, from: source, toGroup: toGroup, toPixels: m, in: area)
        case .radialBlur(let blur): drawRadialBlur(blur, from: source, toGroup: toGroup, toPixels: m, in: area)
        case .displacementMap(let map): drawDisplacementMap(map, from: source, toGroup: toGroup, toPixels: m, in: area)
        default: break
        }
    }
}

/// Lookup tables for the red, green and blue channels, 256 entries each, applied to premultiplied
/// values as libpag's levels filter does; results are clamped to the pixel's alpha so the pixel
/// stays premultiplied.
public struct ColorTables: Sendable, Equatable {
    public var red: [UInt8]
    public var green: [UInt8]
    public var blue: [UInt8]

    /// Tables of 256 entries each (shorter ones are padded with their last value, or 255).
    public init(red: [UInt8], green: [UInt8], blue: [UInt8]) {
        func full(_ t: [UInt8]) -> [UInt8] { t.count >= 256 ? Array(t.prefix(256)) : t + Array(repeating: t.last ?? 255, count: 256 - t.count) }
        self.red = full(red)
        self.green = full(green)
        self.blue = full(blue)
    }
}

/// How a stroke effect combines with the layer it strokes.
public enum StrokeEffectMode: Sendable, Equatable {
    /// The stroke is painted over the layer.
    case overOriginal
    /// Only the stroke shows.
    case alone
    /// The layer shows only where the stroke is.
    case revealOriginal
}
