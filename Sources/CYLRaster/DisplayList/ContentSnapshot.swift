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
    /// The layer's motion since the previous frame, smeared over the bitmap; nil for none.
    public var motionBlur: MotionBlur?

    public init(scaleRatio: Double = 1, mipmapped: Bool = false, motionBlur: MotionBlur? = nil) {
        self.scaleRatio = scaleRatio.isFinite && scaleRatio > 0 ? scaleRatio : 1
        self.mipmapped = mipmapped
        self.motionBlur = motionBlur
    }

    /// libpag's MotionBlurFilter: each texel of the content's bitmap (its bounds, rounded out,
    /// grown 1.2x about their centre) averages 37 samples along how far the layer's transform
    /// moved that point since the previous frame, measured in the content's own units as a
    /// fraction of its bounds (at most `maxShift` of them).
    public struct MotionBlur: Sendable, Equatable {
        /// The current transform minus the previous one, coefficient by coefficient: applied to a
        /// point of the content, how far it moved (in the layer's parent's units).
        public var change: Transform
        /// Whether the layer's scale changed (the samples then run forward from the point, not
        /// centred on it).
        public var scaling: Bool

        public init(change: Transform, scaling: Bool) {
            self.change = change
            self.scaling = scaling
        }

        /// The blur between two transforms of the layer, nil when they are equal (libpag skips it).
        public init?(from previous: Transform, to current: Transform) {
            guard previous != current else { return nil }
            change = Transform(a: current.a - previous.a, b: current.b - previous.b, c: current.c - previous.c,
                               d: current.d - previous.d, tx: current.tx - previous.tx, ty: current.ty - previous.ty)
            scaling = current.a != previous.a || current.d != previous.d
        }

        /// libpag's MOTION_BLUR_SCALE_FACTOR: how much the bounds grow.
        public static let growth = 1.2
        /// The longest shift, as a fraction of the bounds ((growth − 1) / 2).
        public static let maxShift = 0.1
        /// Samples per texel (kSamplesPerFrame).
        public static let samples = 37
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
