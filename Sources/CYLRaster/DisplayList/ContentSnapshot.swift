import CYLGeometry

/// How libpag draws a layer whose content it caches (one with effects or layer styles): the
/// content is drawn once into a bitmap of its own, at the largest scale the layer is shown at,
/// the bitmap's pixel grid starting at the corner of the content's bounds; the bitmap is then
/// drawn where the layer goes, bilinearly. Content at a fractional pixel position is so
/// resampled, and its edges come out softer than drawing it straight makes them — which is what
/// libpag's renders show, and what matching them needs.
public struct ContentSnapshot: Sendable, Equatable {
    /// The bitmap's scale over the group's current scale to pixels (the larger of the lengths
    /// its two unit vectors map to): 1 for content shown at one size, more when it is larger at
    /// another time.
    public var scaleRatio: Double
    /// Whether the bitmap is drawn through halved levels (`ImageSampling.trilinear`), as libpag
    /// draws the snapshot of content shown at times at under `mipmapThreshold` of its largest
    /// scale; otherwise bilinearly from the bitmap.
    public var mipmapped: Bool

    public init(scaleRatio: Double = 1, mipmapped: Bool = false) {
        self.scaleRatio = scaleRatio.isFinite && scaleRatio > 0 ? scaleRatio : 1
        self.mipmapped = mipmapped
    }

    /// libpag's MIPMAP_ENABLED_THRESHOLD.
    public static let mipmapThreshold = 0.4

    /// The largest bitmap drawn (4 Mpx, 16 MiB): content whose bounds need more is drawn
    /// straight.
    public static let maxPixels = 1 << 22

    /// Maps the content's space (mapped to pixels by `m`) onto the bitmap's pixels, for content
    /// whose bounds there are `bounds`, with the bitmap's size; nil when it would be empty or
    /// larger than `maxPixels`.
    func bitmapMapping(bounds b: Rect, _ m: Transform) -> (toBitmap: Transform, width: Int, height: Int)? {
        guard !b.isEmpty else { return nil }
        let s = scaleRatio * max((m.a * m.a + m.b * m.b).squareRoot(), (m.c * m.c + m.d * m.d).squareRoot())
        guard s.isFinite, s > 0 else { return nil }
        let w = (b.width * s).rounded(.up), h = (b.height * s).rounded(.up)
        guard w.isFinite, h.isFinite, w >= 1, h >= 1, w * h <= Double(Self.maxPixels) else { return nil }
        return (Transform.translation(-b.minX, -b.minY).then(.scale(s, s)), Int(w), Int(h))
    }
}
