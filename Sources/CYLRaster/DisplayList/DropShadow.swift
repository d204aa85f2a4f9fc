import CYLGeometry

/// A drop shadow (`LayerEffect.dropShadow`): the layer's coverage grown by `spread` (as
/// `spreadShape` says), blurred by `sigma`, moved by `offset` and painted in `color` (its alpha is the
/// shadow's opacity) under the layer, or alone when `shadowOnly`. Lengths are in the group's units.
public struct DropShadow: Sendable, Equatable {
    /// How the offset, once in pixels, places the shadow.
    public enum Placement: Sendable, Equatable {
        /// Rounded to whole pixels (ThorVG, the one Lottie reference that draws the whole effect).
        case wholePixels
        /// Exactly: a fraction of a pixel softens the edges it crosses (libpag).
        case exact
    }

    /// How the spread grows the layer's coverage.
    public enum SpreadShape: Sendable, Equatable {
        /// By a disc, from where the coverage is half, with a soft edge (After Effects).
        case disc
        /// libpag's solid stroke filter: solid wherever the layer covers any of a pixel or any
        /// bilinear sample on a ring of the spread's radius about it (`Mask.ringDilate`; with
        /// `thick`, a second ring at half the radius), hard-edged; the radius at most
        /// `maxRingRadius` pixels.
        case sampledRing(thick: Bool)
    }

    /// libpag's STROKE_MAX_SPREAD_SIZE: the largest ring, in pixels.
    public static let maxRingRadius = 25.0

    public var color: Color
    public var offset: Point
    public var sigma: Double
    public var spread: Double
    public var shadowOnly: Bool
    public var placement: Placement
    public var spreadShape: SpreadShape

    public init(color: Color, offset: Point, sigma: Double, spread: Double = 0, shadowOnly: Bool = false,
                placement: Placement = .wholePixels, spreadShape: SpreadShape = .disc) {
        self.color = color
        self.offset = offset
        self.sigma = sigma
        self.spread = spread
        self.shadowOnly = shadowOnly
        self.placement = placement
        self.spreadShape = spreadShape
    }
}
