import CYLGeometry
import CYLRaster

/// A layer's or a group's transform (`ks` / `tr`).
package struct TransformModel: Sendable {
    package var anchor: VectorProperty = .fixed([0, 0])
    /// `p`, or separate `x`/`y` when the file splits the position.
    package var position: VectorProperty = .fixed([0, 0])
    package var positionX: VectorProperty? = nil
    package var positionY: VectorProperty? = nil
    package var scale: VectorProperty = .fixed([100, 100])
    package var rotation: VectorProperty = .fixed([0])
    package var opacity: VectorProperty = .fixed([100])
    package var skew: VectorProperty = .fixed([0])
    package var skewAxis: VectorProperty = .fixed([0])

    package var isStatic: Bool {
        anchor.isStatic && position.isStatic && (positionX?.isStatic ?? true) && (positionY?.isStatic ?? true)
            && scale.isStatic && rotation.isStatic && skew.isStatic && skewAxis.isStatic
    }

    package func positionPoint(at t: Double) -> Point {
        if let x = positionX, let y = positionY { return Point(x.scalar(at: t), y.scalar(at: t)) }
        return position.point(at: t)
    }

    /// The matrix at frame `t`: anchor, scale, skew, rotation, then position.
    package func matrix(at t: Double) -> Transform {
        let a = anchor.point(at: t)
        let n = scale.count(at: t)
        let sx = (n > 0 ? scale.component(0, at: t) : 100) / 100, sy = (n > 1 ? scale.component(1, at: t) : sx * 100) / 100
        let r = rotation.scalar(at: t) * .pi / 180
        let p = positionPoint(at: t)
        var m = Transform.translation(-a.x, -a.y).then(.scale(sx, sy))
        let sk = skew.scalar(at: t)
        if sk != 0 {
            let sa = skewAxis.scalar(at: t) * .pi / 180
            m = m.then(Transform.skew(-sk * .pi / 180, axis: sa))
        }
        if r != 0 { m = m.then(.rotation(r)) }
        return m.then(.translation(p.x, p.y))
    }
}

package enum FillRuleModel: Sendable { case nonZero, evenOdd }

package struct DashModel: Sendable {
    package enum Kind: Sendable { case dash, gap, offset }
    package var kind: Kind
    package var value: VectorProperty
}

package struct GradientModel: Sendable {
    package var linear: Bool
    /// How many colour stops `stops` starts with (`g.p`); opacity stops follow them.
    package var colorCount: Int { didSet { fixed = Self.fixedGradient(stops, colorCount) } }
    /// Colour stops (offset, r, g, b) then opacity stops (offset, opacity), flattened.
    package var stops: VectorProperty { didSet { fixed = Self.fixedGradient(stops, colorCount) } }
    package var start: VectorProperty
    package var end: VectorProperty
    package var highlightLength: VectorProperty
    package var highlightAngle: VectorProperty
    /// The gradient itself when its stops never change, built once (kept in step with `stops`
    /// and `colorCount`, which overrides and slots may replace): a frame then builds no stop
    /// arrays for it.
    private(set) var fixed: Gradient?

    package init(linear: Bool, colorCount: Int, stops: VectorProperty, start: VectorProperty, end: VectorProperty,
         highlightLength: VectorProperty, highlightAngle: VectorProperty) {
        self.linear = linear
        self.colorCount = colorCount
        self.stops = stops
        self.start = start
        self.end = end
        self.highlightLength = highlightLength
        self.highlightAngle = highlightAngle
        fixed = Self.fixedGradient(stops, colorCount)
    }

    /// The gradient (its colour and opacity stops) at time `t`.
    package func gradient(at t: Double) -> Gradient {
        fixed ?? Self.gradient(stops.value(at: t), colorCount: colorCount)
    }

    private static func fixedGradient(_ stops: VectorProperty, _ colorCount: Int) -> Gradient? {
        if case .fixed(let raw) = stops { return gradient(raw, colorCount: colorCount) }
        return nil
    }

    /// The gradient `raw` stops describe. Colours in 0-255 (old exporters) are recognised by a
    /// channel above 1.
    package static func gradient(_ raw: [Double], colorCount: Int) -> Gradient {
        let n = max(0, min(colorCount, raw.count / 4))
        var big = false
        for i in 0..<n where raw[i * 4 + 1] > 1 || raw[i * 4 + 2] > 1 || raw[i * 4 + 3] > 1 { big = true }
        let div = big ? 255.0 : 1.0
        var colors: [ColorStop] = []
        colors.reserveCapacity(n)
        for i in 0..<n {
            colors.append(ColorStop(raw[i * 4], Color(raw[i * 4 + 1] / div, raw[i * 4 + 2] / div, raw[i * 4 + 3] / div, 1)))
        }
        var alphas: [OpacityStop] = []
        var k = n * 4
        while k + 1 < raw.count {
            alphas.append(OpacityStop(raw[k], raw[k + 1]))
            k += 2
        }
        if colors.isEmpty { colors = [ColorStop(0, .black)] }
        return Gradient(colors, opacityStops: alphas)
    }
}

package struct StrokeModel: Sendable {
    package var width: VectorProperty
    package var cap: LineCap
    package var join: LineJoin
    package var miterLimit: Double
    package var dashes: [DashModel]
}

/// One item of a shape list (`shapes` / `it`).
package indirect enum ShapeItem: Sendable {
    case group(name: String, items: [ShapeItem], transform: TransformModel?)
    case path(ShapeProperty, reversed: Bool)
    case rect(position: VectorProperty, size: VectorProperty, roundness: VectorProperty, reversed: Bool)
    case ellipse(position: VectorProperty, size: VectorProperty, reversed: Bool)
    case star(StarModel)
    case fill(color: VectorProperty, opacity: VectorProperty, rule: FillRuleModel)
    case stroke(color: VectorProperty, opacity: VectorProperty, StrokeModel)
    case gradientFill(GradientModel, opacity: VectorProperty, rule: FillRuleModel)
    case gradientStroke(GradientModel, opacity: VectorProperty, StrokeModel)
    case trim(start: VectorProperty, end: VectorProperty, offset: VectorProperty, sequential: Bool)
    case roundCorners(VectorProperty)
    /// Pucker (negative) or bloat (positive), in percent.
    case puckerBloat(VectorProperty)
    /// Offset path: amount, join, miter limit.
    case offsetPath(amount: VectorProperty, join: LineJoin, miterLimit: VectorProperty)
    /// Zig-zag: size (amplitude), ridges per segment, point type (1 corner, 2 smooth).
    case zigZag(size: VectorProperty, ridges: VectorProperty, pointType: VectorProperty)
    /// Twist: angle in degrees, centre in the group's space.
    case twist(angle: VectorProperty, center: VectorProperty)
    /// Merge paths: the paths before it in its group become one path, combined by the mode.
    case mergePaths(MergeMode)
    /// A repeater and the items before it in its list (which it copies).
    case repeater(RepeaterModel, content: [ShapeItem])
    /// Something that draws nothing (unsupported items are reported when parsed).
    case ignored
}

/// How merge paths (`mm`) combine the paths before it, in order (the first path is the start,
/// each next one is combined with the running result).
package enum MergeMode: Sendable, Equatable {
    /// 1: the paths together as one compound path, no boolean operation.
    case merge
    /// 2: union.
    case add
    /// 3: the first path minus every later one.
    case subtract
    /// 4: intersection.
    case intersect
    /// 5: exclude intersections (xor).
    case excludeIntersections
}

package struct StarModel: Sendable {
    package var isStar: Bool
    package var position: VectorProperty
    package var points: VectorProperty
    package var rotation: VectorProperty
    package var outerRadius: VectorProperty
    package var outerRoundness: VectorProperty
    package var innerRadius: VectorProperty
    package var innerRoundness: VectorProperty
    package var reversed: Bool
}

package struct RepeaterModel: Sendable {
    package var copies: VectorProperty
    package var offset: VectorProperty
    package var above: Bool
    package var transform: TransformModel
    package var startOpacity: VectorProperty
    package var endOpacity: VectorProperty
}

package struct MaskModel: Sendable {
    package var mode: Mask.Mode?     // nil: "n", no effect
    package var shape: ShapeProperty
    package var opacity: VectorProperty
    package var inverted: Bool
    package var expansion: VectorProperty
    /// Feather (`f`): the soft edge's width across and down, in the layer's units.
    package var feather: VectorProperty = .fixed([0, 0])
}

package enum LayerContent: Sendable {
    case shapes([ShapeItem])
    case precomp(id: String, width: Double?, height: Double?)
    case solid(color: Color, width: Double, height: Double)
    case image(id: String)
    case text(TextLayerModel)
    /// Images decoded when shown (PAG bitmap sequences): one per frame of the composition.
    case frames(any FrameImages)
    case null
    case unsupported
}

/// Images decoded as they are shown, too many to keep decoded (a PAG bitmap sequence's frames).
/// Shared by every renderer of a document, from any thread.
package protocol FrameImages: Sendable {
    /// The image shown at `time` (frames of the composition holding the layer); nil when there is
    /// none or it cannot be decoded.
    func image(at time: Double) -> LottieImage?
    /// For frames that never change, the asset their one image is (libpag draws a sequence with
    /// static content as an image: through a snapshot sized by every layer showing it,
    /// `AnimationModel.imageScaleRanges`); nil for frames that play.
    var stillAsset: ImageAsset? { get }
}

extension FrameImages {
    package var stillAsset: ImageAsset? { nil }
}

/// An image libpag caches once however many layers show it.
package enum ImageAsset: Hashable, Sendable {
    /// An image layer's image, by image id.
    case image(String)
    /// The one frame of a sequence composition whose content never changes, by composition id.
    case sequence(String)
}

/// A layer's track matte: how the source layer's pixels gate it, and where that layer is.
package struct TrackMatte: Sendable {
    package var mode: MatteMode
    /// The source layer's position in the composition's `layers`.
    package var source: Int
}

/// Parts of a layer an expression can drive, keyed by the layer member they live under.
package struct ExpressionParts: OptionSet, Sendable {
    package let rawValue: UInt8
    package init(rawValue: UInt8) { self.rawValue = rawValue }
    package static let transform = ExpressionParts(rawValue: 1), timeRemap = ExpressionParts(rawValue: 2)
    package static let masks = ExpressionParts(rawValue: 4), content = ExpressionParts(rawValue: 8)
    package static let effects = ExpressionParts(rawValue: 16), styles = ExpressionParts(rawValue: 32)
    package static let all: ExpressionParts = [.transform, .timeRemap, .masks, .content, .effects, .styles]

    /// The part of the layer member `key` (`ks`, `tm`, ...); every part for one not known here.
    package init(layerKey key: Substring) {
        switch key {
        case "ks": self = .transform
        case "tm": self = .timeRemap
        case "masksProperties": self = .masks
        case "shapes": self = .content
        case "ef": self = .effects
        case "sy": self = .styles
        default: self = .all
        }
    }
}

/// One layer of a composition.
package struct LayerModel: Sendable {
    package var name: String
    package var content: LayerContent
    package var transform: TransformModel
    package var autoOrient: Bool
    package var inPoint: Double
    package var outPoint: Double
    package var startTime: Double
    package var stretch: Double
    package var timeRemap: VectorProperty?
    package var masks: [MaskModel]
    /// The matte mode `tt` asks for (kept for keypaths and notes; `matte` is what draws).
    package var matteMode: MatteMode?
    package var isMatteSource: Bool
    package var blendMode: BlendMode
    package var hidden: Bool
    /// The parent layer's position in the composition's `layers` (resolved from `parent`/`ind`).
    package var parent: Int? = nil
    /// The resolved track matte (from `tt` with `tp` or the layer above).
    package var matte: TrackMatte? = nil
    /// Effects (`ef`) in order, controls included (expressions read them).
    package var effects: [EffectModel] = []
    /// Layer styles (`sy`), applied after the effects.
    package var styles: [LayerStyleModel] = []
    /// `ind`, the number expressions call the layer's index (nil: its position + 1).
    package var index: Int? = nil
    /// Whether an expression drives one of the layer's properties (or of its precomp's layers).
    package var hasExpressions = false
    /// Which of the layer's own parts hold those expressions: the only parts resolved each frame.
    package var expressionParts: ExpressionParts = []
    /// The named shape items, kept for expressions (`content(name)`) when the file has any.
    package var namedContent: [ContentNode] = []
    /// Whether the content is drawn through a snapshot, as libpag draws the layers whose
    /// content it caches (`ContentSnapshot`); Lottie layers never are.
    package var snapshotsContent = false
    /// PAG's motion blur switch: the snapshot of the content is smeared along the layer's motion
    /// since the previous frame (`ContentSnapshot.MotionBlur`); Lottie layers never are.
    package var motionBlur = false
    /// The scales the layer is keyed to in its composition through its parents (libpag sizes
    /// and mipmaps the snapshot of its content by them).
    package var keyedScale = ScaleRange.one

    /// Whether effects or styles change the layer's pixels (it must be drawn in a layer of its own).
    package var hasPixelEffects: Bool {
        !styles.isEmpty || effects.contains { $0.enabled && $0.kind != .control && $0.kind != .unsupported }
    }
}

/// A composition: the root or a precomp asset.
package struct CompositionModel: Sendable {
    package var layers: [LayerModel]
}

/// An image asset: its pixels and the box (`w` x `h`, layer units) its layers draw it in. An
/// image exported at twice the box (`@2x`) is drawn at half its pixel size.
package struct LottieImage: Sendable {
    package var pixels: Pixmap
    package var width: Double
    package var height: Double
    /// Where the box's origin sits in the layer (PAG images stripped of their transparent border
    /// keep their place this way); zero for Lottie.
    package var offset = Point(0, 0)
    /// How it is sampled when drawn smaller than its size: `.bilinear` for Lottie (lottie-web's
    /// look), `.libpag` for PAG (libpag's snapshots and mipmaps).
    package var sampling = ImageSampling.bilinear

    /// `w` and `h` when both are positive and finite, else the pixel size.
    package init(_ pixels: Pixmap, width: Double?, height: Double?) {
        self.pixels = pixels
        if let width, let height, width.isFinite, height.isFinite, width > 0, height > 0 {
            self.width = width
            self.height = height
        } else {
            self.width = Double(pixels.width)
            self.height = Double(pixels.height)
        }
    }

    /// Maps the pixels into the box as lottie-web does by default (`xMidYMid slice`): scaled
    /// uniformly to cover it, centred; `crops` when the image then overflows the box.
    package var placement: (transform: Transform, crops: Bool) {
        let iw = Double(pixels.width), ih = Double(pixels.height)
        let shift = Transform.translation(offset.x, offset.y)
        if iw == width && ih == height { return (shift, false) }
        let s = max(width / iw, height / ih)
        let t = Transform.scale(s, s).then(.translation((width - iw * s) / 2, (height - ih * s) / 2)).then(shift)
        // A thousandth of a unit: rounding in `s` must not turn a same-aspect image into a crop.
        return (t, iw * s > width + 1e-3 || ih * s > height + 1e-3)
    }
}

/// A parsed Lottie document.
package struct AnimationModel: Sendable {
    package var name: String
    package var width: Double
    package var height: Double
    package var frameRate: Double
    package var inPoint: Double
    package var outPoint: Double
    package var root: CompositionModel
    package var precomps: [String: CompositionModel]
    package var images: [String: LottieImage]
    /// Per image asset, the scales it is drawn at over every layer that shows it, relative to the
    /// root composition's: libpag makes one snapshot of an image for all its layers
    /// (`ImageSampling.libpag`). Empty (Lottie): each layer's own scales count.
    package var imageScaleRanges: [ImageAsset: ScaleRange] = [:]
    /// Image files read from disk for `images` (beside the JSON, `--assets`, `--slot`), in the
    /// order read: the timeline's inputs, which outputs must never overwrite.
    package var imageFiles: [String] = []
    /// Glyphs of the fonts text layers use, by font name (`fName`).
    package var fonts: [String: FontGlyphs] = [:]
    package var markers: [(name: String, time: Double, duration: Double)]
    /// Every expression, indexed by `ExpressionRef`.
    package var expressions: [ExpressionModel] = []
    /// How strokes measure their dash patterns: by arc length (Lottie's players), or by Skia's
    /// chords (PAG: libpag dashes through tgfx).
    package var dashMeasure = DashMeasure.arcLength
    /// How the composition's box clips at fractional letterbox offsets: rounded to whole pixels
    /// (Lottie's players), or anti-aliased (PAG: libpag clips a composition to its bounds).
    package var boxEdges = BoxEdges.pixelRounded
}

/// The smallest and largest scale, per axis, that a layer's keys reach, multiplied through its
/// parents (libpag's Layer::getScaleFactor: the first key's start and every key's end, each
/// parent's extremes multiplied in whatever their times).
package struct ScaleRange: Sendable, Equatable {
    package var smallest: Point
    package var largest: Point

    package init(smallest: Point, largest: Point) { self.smallest = smallest; self.largest = largest }

    package static let one = ScaleRange(smallest: Point(1, 1), largest: Point(1, 1))

    /// Both ranges' extremes multiplied, axis by axis (a layer's range within its parent's).
    package func within(_ outer: ScaleRange) -> ScaleRange {
        ScaleRange(smallest: Point(smallest.x * outer.smallest.x, smallest.y * outer.smallest.y),
                   largest: Point(largest.x * outer.largest.x, largest.y * outer.largest.y))
    }

    /// The smaller smallest and the larger largest, axis by axis (two ranges a thing is shown at).
    package func union(_ other: ScaleRange) -> ScaleRange {
        ScaleRange(smallest: Point(min(smallest.x, other.smallest.x), min(smallest.y, other.smallest.y)),
                   largest: Point(max(largest.x, other.largest.x), max(largest.y, other.largest.y)))
    }
}
