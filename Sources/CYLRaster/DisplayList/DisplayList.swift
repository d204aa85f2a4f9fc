import CYLGeometry

/// How a glyph drawn as a bitmap is placed: its hinted outline fits the pixel grid only from a
/// whole-pixel origin.
public enum GlyphPlacement: Sendable, Hashable {
    /// At the nearest whole pixel (a text stack drawing masks straight onto the pixels).
    case nearestPixel
    /// Drawn from the whole pixel below and left of its origin, then moved the rest of the way by
    /// bilinear resampling (a text stack drawing its glyph masks as textures).
    case resampled
}

/// How the edges of the content's box meet the target when it is fitted at a fractional offset.
public enum BoxEdges: Sendable, Hashable {
    /// Clipped to whole pixels (the box's edges rounded): what the Lottie and Rive players here
    /// draw, and their references show.
    case pixelRounded
    /// Clipped to the exact box, a pixel the edge crosses keeping the part of its content inside
    /// (libpag clips a composition of layers to its bounds with an anti-aliased rectangle).
    case antialiased
    /// Not clipped within the pixels the box touches: the content's own anti-aliased edges show
    /// (libpag draws a bitmap or video composition's frames so).
    case unclipped
}

/// One frame of vector content as typed drawing commands: what a vector back-end (Lottie, Rive)
/// makes of its model at one time, with every lookup already resolved (parents, mattes, time
/// remapping, colours), and what `DisplayListRenderer` draws with this module. Tests can assert on
/// it without pixels.
///
/// The list is flat: `items` holds the drawing commands back to front; a group's children follow
/// it, and its matte source (if any) follows the children, so a renderer walks index ranges rather
/// than a tree of boxes. `reset` keeps every buffer's capacity, so building the same scene frame
/// after frame allocates nothing once the buffers have grown. Coordinates are the content's own
/// (a Lottie composition's points); the renderer fits `width × height` into its target.
public struct DisplayList: Sendable {
    /// A drawing command; the payload indexes the list's table of that kind.
    public enum Item: Equatable, Sendable {
        case group(Int)
        case fill(Int)
        case stroke(Int)
        case image(Int)
    }

    /// Content drawn together: its children in its own coordinate space, optionally isolated in a
    /// layer of their own that is blurred, masked and gated by a matte before it is composited
    /// with an opacity and a blend mode.
    public struct Group: Sendable {
        /// Maps the children's space to the parent's.
        public var transform: Transform
        /// 0...1.
        public var opacity: Double
        public var blendMode: BlendMode
        /// A rectangle in the group's own space that clips its children (a precomposition's
        /// bounds). It is applied as a pixel-snapped rectangle when the group's transform keeps it
        /// axis-aligned, and not at all otherwise.
        public var clip: Rect?
        /// The standard deviation of a gaussian blur of the children's layer, in the group's own
        /// units (a feathered paint's softness); 0: none. The renderer scales it to pixels by the
        /// mapping's mean scale, so a skewed or stretched group blurs isotropically.
        public var blur: Double
        /// The group's masks (indices into `masks`), combined in order; they gate the blurred layer.
        public var masks: Range<Int>
        /// How the matte source gates the children; nil: no matte.
        public var matte: MatteMode?
        /// The group's pixel effects (indices into `effects`), applied in order after its masks.
        public var effects: Range<Int> = 0..<0
        /// Where the group's origin goes on the pixel grid (`GlyphPlacement`); nil: where its
        /// transform puts it. Only for groups that are not isolated.
        public var glyphPlacement: GlyphPlacement? = nil
        /// Whether the children are drawn through a bitmap of their own first (`ContentSnapshot`);
        /// nil: straight.
        public var snapshot: ContentSnapshot? = nil
        /// Where the group's item sits in `items`.
        public internal(set) var start: Int
        /// `items[start + 1 ..< childrenEnd]` are the children.
        public internal(set) var childrenEnd: Int
        /// `items[childrenEnd ..< end]` are the matte source, drawn in the parent's space (it is the
        /// group's sibling in the source document); the group's last item is `end - 1`.
        public internal(set) var end: Int

        /// Whether the children must be drawn into a layer of their own first: blending, masking,
        /// gating or fading a group is not the same as doing it to each child.
        public var isIsolated: Bool {
            opacity < 1 || !masks.isEmpty || matte != nil || blendMode != .normal || blur > 0 || !effects.isEmpty
        }
        public var children: Range<Int> { (start + 1)..<childrenEnd }
        public var matteSource: Range<Int> { childrenEnd..<end }
    }

    /// A path filled with a paint.
    public struct Fill: Sendable {
        /// Index of the path (`path(_:)`), in the fill's own space.
        public var path: Int
        /// Maps the path's space to the enclosing group's.
        public var transform: Transform
        public var paint: Paint
        public var opacity: Double
        public var rule: FillRule
        public var curve: CoverageCurve = .linear
    }

    /// A path stroked with a paint; the style (width, dashes) is in the path's space.
    public struct Stroke: Sendable {
        public var path: Int
        public var transform: Transform
        public var paint: Paint
        public var opacity: Double
        public var style: StrokeStyle
        public var curve: CoverageCurve = .linear
    }

    /// A bitmap whose pixel (0, 0)-(width, height) rectangle is mapped by `transform`.
    public struct Image: Sendable {
        public var image: Pixmap
        public var transform: Transform
        public var opacity: Double
        /// How it is sampled when drawn smaller than its size.
        public var sampling: ImageSampling = .bilinear
        /// The scales it is drawn at over its layer's keys, relative to this draw's (`.libpag`).
        public var scales = ScaleRatios.constant
    }

    /// One mask of a group: the coverage of a path (in the group's space) under `rule`, grown or
    /// shrunk by `expansion`, softened by `feather`, inverted and scaled by `opacity`, combined
    /// into the masks before it by `mode`.
    public struct MaskShape: Sendable {
        public var path: Int
        public var rule: FillRule
        public var mode: Mask.Mode
        public var opacity: Double
        public var inverted: Bool
        public var expansion: Double
        /// How wide the soft edge is across and down, in the group's units: the coverage goes
        /// from nearly none half the width outside the path to nearly full half the width inside
        /// (a gaussian of a quarter of the width; 0: a sharp edge).
        public var featherX: Double = 0
        public var featherY: Double = 0
    }

    /// The content's size, which renderers fit into their target.
    public private(set) var width = 0.0
    public private(set) var height = 0.0
    /// How the box's edges are clipped when the list is fitted into a target.
    public private(set) var edges = BoxEdges.pixelRounded
    public private(set) var items: [Item] = []
    public private(set) var groups: [Group] = []
    public private(set) var fills: [Fill] = []
    public private(set) var strokes: [Stroke] = []
    public private(set) var images: [Image] = []
    public private(set) var masks: [MaskShape] = []
    public private(set) var effects: [LayerEffect] = []
    /// Paths by index; entries past `pathCount` are spare capacity kept between frames.
    private var pathPool: [Path] = []
    public private(set) var pathCount = 0
    /// Points in all the paths made since `reset`: what a builder bounds so that one frame's
    /// geometry stays bounded however many paints repeat a path.
    public private(set) var pathPoints = 0
    /// Groups begun and not yet ended, innermost last.
    private var open: [Int] = []

    public init() {}

    /// Empties the list for a new frame of content `width × height`, clipped at `edges`, keeping
    /// its buffers.
    public mutating func reset(width: Double, height: Double, edges: BoxEdges = .pixelRounded) {
        self.width = width
        self.height = height
        self.edges = edges
        items.removeAll(keepingCapacity: true)
        groups.removeAll(keepingCapacity: true)
        fills.removeAll(keepingCapacity: true)
        strokes.removeAll(keepingCapacity: true)
        images.removeAll(keepingCapacity: true)
        masks.removeAll(keepingCapacity: true)
        effects.removeAll(keepingCapacity: true)
        open.removeAll(keepingCapacity: true)
        pathCount = 0
        pathPoints = 0
    }

    /// Everything a renderer will draw or combine: items, masks and effects. Back-ends bound it per frame.
    public var drawCount: Int { items.count + masks.count + effects.count }

    /// Whether every group begun has been ended.
    public var isComplete: Bool { open.isEmpty }

    /// The path at `index`.
    public func path(_ index: Int) -> Path { pathPool[index] }

    // MARK: Building

    /// Builds a path for the next fill, stroke or mask: `body` appends to an empty path (reused
    /// memory). Returns its index, or nil when the path stays empty (nothing to draw) unless
    /// `keepEmpty` (a mask whose path is empty still masks: it covers nothing).
    public mutating func makePath(keepEmpty: Bool = false, _ body: (inout Path) throws -> Void) rethrows -> Int? {
        if pathCount == pathPool.count { pathPool.append(Path()) }
        pathPool[pathCount].removeAll(keepingCapacity: true)
        try body(&pathPool[pathCount])
        if pathPool[pathCount].isEmpty && !keepEmpty { return nil }
        pathPoints += pathPool[pathCount].points.count
        pathCount += 1
        return pathCount - 1
    }

    /// Starts a group; what is added until the matching `endGroup` (or `beginMatte`) is its content.
    @discardableResult
    public mutating func beginGroup(transform: Transform, opacity: Double = 1, blendMode: BlendMode = .normal,
                                    clip: Rect? = nil, blur: Double = 0) -> Int {
        let index = groups.count
        // NaN and negative softness blur nothing.
        let blur = blur.isFinite && blur > 0 ? blur : 0
        groups.append(Group(transform: transform, opacity: min(max(opacity, 0), 1), blendMode: blendMode, clip: clip,
                            blur: blur, masks: masks.count..<masks.count, matte: nil, effects: effects.count..<effects.count,
                            start: items.count, childrenEnd: -1, end: -1))
        items.append(.group(index))
        open.append(index)
        return index
    }

    /// Makes the innermost open group draw its children through a snapshot (`ContentSnapshot`).
    public mutating func setSnapshot(_ snapshot: ContentSnapshot) {
        guard let g = open.last else { preconditionFailure("setSnapshot outside a group") }
        groups[g].snapshot = snapshot
    }

    /// Places the innermost open group's origin on the pixel grid as a glyph bitmap is placed
    /// (`GlyphPlacement`).
    public mutating func placeAsGlyph(_ placement: GlyphPlacement) {
        guard let g = open.last else { preconditionFailure("placeAsGlyph outside a group") }
        groups[g].glyphPlacement = placement
    }

    /// Adds a mask to the innermost open group (before its matte source).
    public mutating func addMask(path: Int, mode: Mask.Mode, opacity: Double = 1, inverted: Bool = false,
                                 expansion: Double = 0, featherX: Double = 0, featherY: Double = 0,
                                 rule: FillRule = .nonZero) {
        guard let g = open.last else { preconditionFailure("addMask outside a group") }
        precondition(groups[g].masks.upperBound == masks.count, "a group's masks are added together, before its content's masks")
        masks.append(MaskShape(path: path, rule: rule, mode: mode, opacity: min(max(opacity, 0), 1), inverted: inverted,
                               expansion: expansion, featherX: featherX.isFinite ? max(0, featherX) : 0,
                               featherY: featherY.isFinite ? max(0, featherY) : 0))
        groups[g].masks = groups[g].masks.lowerBound..<masks.count
    }

    /// Adds a pixel effect to the innermost open group (effects apply in the order added). A
    /// stroke effect's paths must be made with `makePath` first.
    public mutating func addEffect(_ effect: LayerEffect) {
        guard let g = open.last else { preconditionFailure("addEffect outside a group") }
        precondition(groups[g].effects.isEmpty || groups[g].effects.upperBound == effects.count,
                     "a group's effects are added together, before its content's effects")
        if groups[g].effects.isEmpty { groups[g].effects = effects.count..<effects.count }
        effects.append(effect)
        groups[g].effects = groups[g].effects.lowerBound..<effects.count
    }

    /// Ends the innermost open group's children: what is added until `endGroup` is its matte
    /// source, drawn in the group's parent space and gating the children by `mode`.
    public mutating func beginMatte(_ mode: MatteMode) {
        guard let g = open.last else { preconditionFailure("beginMatte outside a group") }
        precondition(groups[g].matte == nil, "a group has one matte")
        groups[g].matte = mode
        groups[g].childrenEnd = items.count
    }

    /// Ends the innermost open group.
    public mutating func endGroup() {
        guard let g = open.popLast() else { preconditionFailure("endGroup without beginGroup") }
        if groups[g].matte == nil { groups[g].childrenEnd = items.count }
        groups[g].end = items.count
    }

    public mutating func addFill(path: Int, transform: Transform, paint: Paint, opacity: Double = 1, rule: FillRule = .nonZero,
                                 curve: CoverageCurve = .linear) {
        items.append(.fill(fills.count))
        fills.append(Fill(path: path, transform: transform, paint: paint, opacity: opacity, rule: rule, curve: curve))
    }

    public mutating func addStroke(path: Int, transform: Transform, paint: Paint, opacity: Double = 1, style: StrokeStyle,
                                   curve: CoverageCurve = .linear) {
        items.append(.stroke(strokes.count))
        strokes.append(Stroke(path: path, transform: transform, paint: paint, opacity: opacity, style: style, curve: curve))
    }

    public mutating func addImage(_ image: Pixmap, transform: Transform, opacity: Double = 1,
                                  sampling: ImageSampling = .bilinear, scales: ScaleRatios = .constant) {
        items.append(.image(images.count))
        images.append(Image(image: image, transform: transform, opacity: opacity, sampling: sampling, scales: scales))
    }

    /// How `drawnBounds` measures a filled path.
    public enum FillBounds: Sendable {
        /// The curves' own bounds (each Bézier's extrema).
        case curves
        /// Every point of the path, control points included, after its transform: what Skia's
        /// `SkPath::getBounds` gives, and so what libpag sizes a layer's snapshot by.
        case controlPoints
    }

    /// The bounds of what `items[range]` draw, in the space `transform` maps them to: each filled
    /// path's bounds by `fillBounds`, strokes' outlines (`strokeBounds` of a path and its style,
    /// in the path's space; without it, the path grown by half the width), images' rectangles,
    /// nested groups through their transforms (their blur, effects and mattes left out); empty
    /// when they draw nothing.
    public func drawnBounds(of range: Range<Int>, transform: Transform, fillBounds: FillBounds = .curves,
                            strokeBounds: ((Path, StrokeStyle) -> Rect)? = nil) -> Rect {
        var r = Rect.empty
        func include(_ b: Rect, _ m: Transform) {
            guard !b.isEmpty else { return }
            for p in [Point(b.minX, b.minY), Point(b.maxX, b.minY), Point(b.minX, b.maxY), Point(b.maxX, b.maxY)] {
                r.include(m.apply(p))
            }
        }
        var i = range.lowerBound
        while i < range.upperBound {
            switch items[i] {
            case .group(let g):
                let group = groups[g]
                let inner = drawnBounds(of: group.children, transform: group.transform.then(transform), fillBounds: fillBounds,
                                        strokeBounds: strokeBounds)
                if !inner.isEmpty { r = r.union(inner) }
                i = group.end
                continue
            case .fill(let f):
                let p = path(fills[f].path), m = fills[f].transform.then(transform)
                switch fillBounds {
                case .curves: include(p.bounds, m)
                case .controlPoints: for q in p.points { r.include(m.apply(q)) }
                }
            case .stroke(let s):
                let p = path(strokes[s].path), style = strokes[s].style
                if let strokeBounds {
                    include(strokeBounds(p, style), strokes[s].transform.then(transform))
                } else {
                    // A straight line's bounds have no width or no height; its stroke has both.
                    let b = p.bounds
                    if b.minX <= b.maxX, b.minY <= b.maxY { include(b.insetBy(-style.width / 2), strokes[s].transform.then(transform)) }
                }
            case .image(let m):
                let image = images[m]
                include(Rect(x: 0, y: 0, width: Double(image.image.width), height: Double(image.image.height)),
                        image.transform.then(transform))
            }
            i += 1
        }
        return r
    }

    /// Removes the innermost open group if nothing was added to it since it began (no children,
    /// masks or matte; its effects go with it): a layer that turned out to draw nothing leaves no trace.
    /// Returns whether it was removed.
    @discardableResult
    public mutating func dropEmptyGroup() -> Bool {
        guard let g = open.last, g == groups.count - 1, groups[g].start == items.count - 1,
              groups[g].masks.isEmpty, groups[g].matte == nil else { return false }
        // Effects of nothing draw nothing; they were the last added.
        if !groups[g].effects.isEmpty, groups[g].effects.upperBound == effects.count {
            effects.removeLast(groups[g].effects.count)
        }
        open.removeLast()
        groups.removeLast()
        items.removeLast()
        return true
    }
}
