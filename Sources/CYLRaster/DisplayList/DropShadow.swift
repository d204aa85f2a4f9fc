import CYLGeometry

/// A drop shadow (`LayerEffect.dropShadow`): the layer's coverage grown by `spread` (a disc, After
/// Effects' spread), blurred by `sigma`, moved by `offset` and painted in `color` (its alpha is the
/// shadow's opacity) under the layer, or alone when `shadowOnly`. Lengths are in the group's units.
public struct DropShadow: Sendable, Equatable {
    /// How the offset, once in pixels, places the shadow.
    public enum Placement: Sendable, Equatable {
        /// Rounded to whole pixels (ThorVG, the one Lottie reference that draws the whole effect).
        case wholePixels
        /// Exactly: a fraction of a pixel softens the edges it crosses (libpag).
        case exact
    }

    public var color: Color
    public var offset: Point
    public var sigma: Double
    public var spread: Double
    public var shadowOnly: Bool
    public var placement: Placement

    public init(color: Color, offset: Point, sigma: Double, spread: Double = 0, shadowOnly: Bool = false,
                placement: Placement = .wholePixels) {
        self.color = color
        self.offset = offset
        self.sigma = sigma
        self.spread = spread
        self.shadowOnly = shadowOnly
        self.placement = placement
    }
}
