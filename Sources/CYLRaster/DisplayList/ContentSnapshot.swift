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
    /// Where the bitmap's grid lies.
    public var grid: Grid

    public init(scaleRatio: Double = 1, mipmapped: Bool = false, motionBlur: MotionBlur? = nil, grid: Grid = .drawnBounds) {
        self.scaleRatio = scaleRatio.isFinite && scaleRatio > 0 ? scaleRatio : 1
        self.mipmapped = mipmapped
        self.motionBlur = motionBlur
        self.grid = grid
    }

    /// Where a snapshot's bitmap lies over its content.
    public enum Grid: Sendable, Equatable {
        /// Pixel (0, 0) at the corner of the content's drawn bounds (`DisplayList.drawnBounds`),
        /// at `scaleRatio` times the group's scale: libpag's cache of a layer's content.
        case drawnBounds
        /// libpag's filter pass over text with effects or layer styles, and over a layer drawing
        /// a displacement map (whose shader reads the pass's texels): the bitmap over `bounds`
        /// (in the group's units, as the back-end measures its content: libpag measures text by
        /// its glyphs' boxes, not their outlines) rounded out to whole units, at the group's
        /// scale rounded up to a twentieth (`filterPassScale`) and at most `scaleLimit` (libpag
        /// draws an image layer's at no more than its pixels' scale, 1), rounded out to whole
        /// pixels. `scaleRatio` is not used.
        case filterPass(bounds: Rect, scaleLimit: Double = .infinity)
    }

    /// The scale libpag's filter pass draws content at when it is shown at `scale`: rounded up
    /// to a twentieth, so that a layer growing by little does not shake its edges. libpag
    /// works in single precision, where 0.2 × 20 is 4: the tolerance keeps a double's last bits
    /// from making that 4.000000000000001 and the scale a twentieth larger.
    public static func filterPassScale(_ scale: Double) -> Double {
        guard scale.isFinite, scale > 0 else { return 1 }
        return max((scale * 20 - 1e-5).rounded(.up), 1) / 20
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
        let scale = max((m.a * m.a + m.b * m.b).squareRoot(), (m.c * m.c + m.d * m.d).squareRoot())
        if case .filterPass(_, let limit) = grid {
            // The bounds, whole units, scaled to whole pixels.
            let s = min(Self.filterPassScale(scale), limit)
            let x0 = (b.minX.rounded(.down) * s).rounded(.down), y0 = (b.minY.rounded(.down) * s).rounded(.down)
            let x1 = (b.maxX.rounded(.up) * s).rounded(.up), y1 = (b.maxY.rounded(.up) * s).rounded(.up)
            let w = x1 - x0, h = y1 - y0
            guard w.isFinite, h.isFinite, w >= 1, h >= 1, w * h <= Double(Self.maxPixels) else { return nil }
            return (Transform.scale(s, s).then(.translation(-x0, -y0)), Int(w), Int(h))
        }
        let s = scaleRatio * scale
        guard s.isFinite, s > 0 else { return nil }
        let w = (b.width * s).rounded(.up), h = (b.height * s).rounded(.up)
        guard w.isFinite, h.isFinite, w >= 1, h >= 1, w * h <= Double(Self.maxPixels) else { return nil }
        return (Transform.translation(-b.minX, -b.minY).then(.scale(s, s)), Int(w), Int(h))
    }
}
