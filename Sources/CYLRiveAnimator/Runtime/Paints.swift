import CYLGeometry
import CYLRaster
#if canImport(Glibc)
import Glibc
#endif

/// A colour in the format's packed ARGB.
struct ARGB {
    var value: UInt32
    var alpha: UInt32 { value >> 24 }
    var opacity: Double { Double(alpha) / 255 }

    /// The colour with its alpha multiplied by `opacity`, rounded to 8 bits as the runtime does.
    func modulated(_ opacity: Double) -> ARGB {
        // A NaN opacity (read from the file, or 0 × infinity) draws nothing rather than trapping.
        let o = self.opacity * opacity
        let a = UInt32((255 * (o > 0 ? min(o, 1) : 0)).rounded())
        return ARGB(value: (value & 0x00FF_FFFF) | a << 24)
    }

    var color: Color {
        Color(Double((value >> 16) & 0xFF) / 255, Double((value >> 8) & 0xFF) / 255, Double(value & 0xFF) / 255,
              Double(alpha) / 255)
    }

    /// Per-channel interpolation, rounded to 8 bits.
    static func lerp(_ from: UInt32, _ to: UInt32, _ t: Double) -> UInt32 {
        var out: UInt32 = 0
        for shift in stride(from: 0, through: 24, by: 8) {
            let a = Double((from >> UInt32(shift)) & 0xFF), b = Double((to >> UInt32(shift)) & 0xFF)
            let mixed = a * (1 - t) + b * t
            let v = UInt32((mixed > 0 ? min(mixed, 255) : 0).rounded())
            out |= v << UInt32(shift)
        }
        return out
    }
}

/// Sets one 8-bit channel of a packed ARGB colour from a bound or keyed channel property (values
/// above 255 clamp); nil when `key` is not a channel.
func settingChannel(_ key: Int, of color: UInt32, to value: PropertyValue) -> UInt32? {
    let shift: UInt32
    switch key {
    case RivePropertyKey.colorChannelsColorRed: shift = 16
    case RivePropertyKey.colorChannelsColorGreen: shift = 8
    case RivePropertyKey.colorChannelsColorBlue: shift = 0
    case RivePropertyKey.colorChannelsColorAlpha: shift = 24
    default: return nil
    }
    let v = UInt32(min(value.uint ?? 0, 255))
    return (color & ~(0xFF << shift)) | (v << shift)
}

/// A fill or stroke of a shape (or of the artboard's background).
class RShapePaint: RContainer {
    override func unlink() {
        super.unlink()
        effects.removeAll()
    }

    var isVisible = true
    var blendMode = PaintBlendMode.inherited
    /// The colour source (one solid colour or gradient child).
    unowned(unsafe) var mutator: RPaintMutator?
    /// Trim and dash effects, applied in order.
    var effects: [RStrokeEffect] = []
    unowned(unsafe) var feather: RFeather?

    override func set(_ key: Int, _ value: PropertyValue) -> Bool {
        switch key {
        case RivePropertyKey.shapePaintIsVisible: isVisible = value.bool ?? isVisible
        case RivePropertyKey.shapePaintBlendModeValue: blendMode = value.decoded(blendMode)
        default: return super.set(key, value)
        }
        return true
    }

    override func link(_ artboard: ArtboardInstance) {
        // A paint without a colour source (one this reader does not know) draws nothing.
        guard mutator != nil else { return }
        if let shape = parent as? RShape {
            shape.paints.append(self)
        } else if let board = parent as? RArtboard {
            board.paints.append(self)
        } else if let style = parent as? RTextStylePaint {
            style.paints.append(self)
        }
    }

    var shouldDraw: Bool { isVisible && (mutator?.isVisible ?? false) }
}

final class RFill: RShapePaint {
    var fillRule = RiveFillRule.nonZero

    override func set(_ key: Int, _ value: PropertyValue) -> Bool {
        if key == RivePropertyKey.fillFillRule { fillRule = value.decoded(fillRule); return true }
        return super.set(key, value)
    }
}

final class RStroke: RShapePaint {
    var thickness = 1.0
    var cap = LineCap.butt
    var join = LineJoin.miter
    var transformAffectsStroke = true

    override func set(_ key: Int, _ value: PropertyValue) -> Bool {
        switch key {
        case RivePropertyKey.strokeThickness: thickness = value.double ?? thickness
        case RivePropertyKey.strokeCap: cap = value.decoded(cap)
        case RivePropertyKey.strokeJoin: join = value.decoded(join)
        case RivePropertyKey.strokeTransformAffectsStroke: transformAffectsStroke = value.bool ?? transformAffectsStroke
        default: return super.set(key, value)
        }
        return true
    }

    override func double(_ key: Int) -> Double? {
        key == RivePropertyKey.strokeThickness ? thickness : super.double(key)
    }

    override var shouldDraw: Bool { super.shouldDraw && thickness > 0 }

    /// The stroke style (cairo's default miter limit of 10, as the reference renderer uses).
    var style: StrokeStyle {
        StrokeStyle(width: thickness, cap: cap, join: join, miterLimit: 10)
    }
}

/// What colours a paint: a solid colour or a gradient.
class RPaintMutator: RContainer {
    var isVisible: Bool { true }

    override func resolve(_ artboard: ArtboardInstance) {
        if let paint = parent as? RShapePaint, paint.mutator == nil { paint.mutator = self }
    }

    /// The paint for this frame. `world` maps the gradient's space for strokes drawn in world
    /// space (nil when the paint is drawn in the shape's own space).
    func paint(opacity: Double, world: Transform?) -> Paint { .solid(.clear) }
}

final class RSolidColor: RPaintMutator {
    var colorValue: UInt32 = 0xFF74_7474

    override func set(_ key: Int, _ value: PropertyValue) -> Bool {
        if key == RivePropertyKey.solidColorColorValue { colorValue = value.color ?? colorValue; return true }
        if let c = settingChannel(key, of: colorValue, to: value) { colorValue = c; return true }
        return super.set(key, value)
    }

    override func color(_ key: Int) -> UInt32? {
        key == RivePropertyKey.solidColorColorValue ? colorValue : super.color(key)
    }

    override var isVisible: Bool { ARGB(value: colorValue).alpha > 0 }

    override func paint(opacity: Double, world: Transform?) -> Paint {
        .solid(ARGB(value: colorValue).modulated(opacity).color)
    }
}

class RLinearGradient: RPaintMutator {
    override func unlink() {
        super.unlink()
        stops.removeAll()
    }

    var startX = 0.0, startY = 0.0, endX = 0.0, endY = 0.0
    var opacity = 1.0
    var stops: [RGradientStop] = []

    override func set(_ key: Int, _ value: PropertyValue) -> Bool {
        switch key {
        case RivePropertyKey.linearGradientStartX: startX = value.double ?? startX
        case RivePropertyKey.linearGradientStartY: startY = value.double ?? startY
        case RivePropertyKey.linearGradientEndX: endX = value.double ?? endX
        case RivePropertyKey.linearGradientEndY: endY = value.double ?? endY
        case RivePropertyKey.linearGradientOpacity: opacity = value.double ?? opacity
        default: return super.set(key, value)
        }
        return true
    }

    override func double(_ key: Int) -> Double? {
        switch key {
        case RivePropertyKey.linearGradientStartX: return startX
        case RivePropertyKey.linearGradientStartY: return startY
        case RivePropertyKey.linearGradientEndX: return endX
        case RivePropertyKey.linearGradientEndY: return endY
        case RivePropertyKey.linearGradientOpacity: return opacity
        default: return super.double(key)
        }
    }

    override var isVisible: Bool { stops.contains { ARGB(value: $0.colorValue).alpha > 0 } }

    func gradient(_ opacity: Double) -> Gradient {
        let ro = self.opacity * opacity
        let sorted = stops.enumerated().sorted { ($0.element.position, $0.offset) < ($1.element.position, $1.offset) }
        return Gradient(sorted.map { ColorStop(min(max($0.element.position, 0), 1), ARGB(value: $0.element.colorValue).modulated(ro).color) })
    }

    /// The shape this gradient paints, when it paints one (its N-sliced node moves the ends).
    unowned(unsafe) var shape: RShape?

    override func link(_ artboard: ArtboardInstance) {
        super.link(artboard)
        shape = parent?.parent as? RShape
    }

    func endpoints(_ world: Transform?) -> (Point, Point) {
        var s = Point(startX, startY), e = Point(endX, endY)
        let map = shape?.deformer?.map
        if let world {
            s = world * s; e = world * e
            if let map { s = map.deformWorld(s); e = map.deformWorld(e) }
        } else if let map, let shape, let inverse = shape.worldTransform.inverted {
            // The runtime leaves the ends alone when the shape's transform cannot be inverted.
            s = map.deformLocal(s, world: shape.worldTransform, inverseWorld: inverse)
            e = map.deformLocal(e, world: shape.worldTransform, inverseWorld: inverse)
        }
        return (s, e)
    }

    override func paint(opacity: Double, world: Transform?) -> Paint {
        let (s, e) = endpoints(world)
        return .linear(gradient(opacity), start: s, end: e)
    }
}

final class RRadialGradient: RLinearGradient {
    override func paint(opacity: Double, world: Transform?) -> Paint {
        let (s, e) = endpoints(world)
        return .radial(gradient(opacity), center: s, radius: s.distance(to: e))
    }
}

final class RGradientStop: RComponent {
    var colorValue: UInt32 = 0xFFFF_FFFF
    var position = 0.0

    override func set(_ key: Int, _ value: PropertyValue) -> Bool {
        switch key {
        case RivePropertyKey.gradientStopColorValue: colorValue = value.color ?? colorValue
        case RivePropertyKey.gradientStopPosition: position = value.double ?? position
        default:
            if let c = settingChannel(key, of: colorValue, to: value) { colorValue = c; return true }
            return super.set(key, value)
        }
        return true
    }

    override func double(_ key: Int) -> Double? {
        key == RivePropertyKey.gradientStopPosition ? position : super.double(key)
    }

    override func color(_ key: Int) -> UInt32? {
        key == RivePropertyKey.gradientStopColorValue ? colorValue : super.color(key)
    }

    override func resolve(_ artboard: ArtboardInstance) {
        (parent as? RLinearGradient)?.stops.append(self)
    }
}

/// A path effect of a paint (or of a group of effects): trim, dash, or a reference to a group.
class RStrokeEffect: RContainer {
    override func link(_ artboard: ArtboardInstance) {
        if let paint = parent as? RShapePaint { paint.effects.append(self) }
        if let group = parent as? RGroupEffect { group.effects.append(self) }
    }

    /// Applies the effect to `path`; `isFill` closes trimmed pieces.
    func apply(_ path: Path, isFill: Bool) -> Path { path }
}

/// Effects shared by several paints, which reach them through target effects.
final class RGroupEffect: RStrokeEffect {
    override func unlink() {
        super.unlink()
        effects.removeAll()
    }

    var effects: [RStrokeEffect] = []

    override func link(_ artboard: ArtboardInstance) {}

    override func apply(_ path: Path, isFill: Bool) -> Path {
        effects.reduce(path) { $1.apply($0, isFill: isFill) }
    }
}

/// Applies a group of effects to its paint's path.
final class RTargetEffect: RStrokeEffect {
    var targetID: Int?
    unowned(unsafe) var group: RGroupEffect?

    override func set(_ key: Int, _ value: PropertyValue) -> Bool {
        if key == RivePropertyKey.targetEffectTargetId { targetID = value.index; return true }
        return super.set(key, value)
    }

    override func resolve(_ artboard: ArtboardInstance) {
        group = targetID.flatMap { artboard.object($0) as? RGroupEffect }
    }

    override func apply(_ path: Path, isFill: Bool) -> Path {
        // A group without effects leaves the path as it is.
        guard let group, !group.effects.isEmpty else { return path }
        return group.apply(path, isFill: isFill)
    }
}

/// A path effect computed by a script. Scripts are not run here (nor by the reference
/// renderer): the effect yields no path, so its paint draws nothing.
final class RScriptedPathEffect: RStrokeEffect {
    override func apply(_ path: Path, isFill: Bool) -> Path { Path() }
}

final class RTrimPath: RStrokeEffect {
    var start = 0.0, end = 0.0, offset = 0.0
    var mode = TrimMode.sequential

    override func set(_ key: Int, _ value: PropertyValue) -> Bool {
        switch key {
        case RivePropertyKey.trimPathStart: start = value.double ?? start
        case RivePropertyKey.trimPathEnd: end = value.double ?? end
        case RivePropertyKey.trimPathOffset: offset = value.double ?? offset
        case RivePropertyKey.trimPathModeValue: mode = value.decoded(mode)
        default: return super.set(key, value)
        }
        return true
    }

    override func double(_ key: Int) -> Double? {
        switch key {
        case RivePropertyKey.trimPathStart: return start
        case RivePropertyKey.trimPathEnd: return end
        case RivePropertyKey.trimPathOffset: return offset
        default: return super.double(key)
        }
    }

    override func apply(_ path: Path, isFill: Bool) -> Path {
        TrimEffect.trim(path, start: start, end: end, offset: offset, sequential: mode == .sequential, closeEach: isFill)
    }
}

final class RDashPath: RStrokeEffect {
    var offset = 0.0
    var offsetIsPercentage = false

    override func set(_ key: Int, _ value: PropertyValue) -> Bool {
        switch key {
        case RivePropertyKey.dashPathOffset: offset = value.double ?? offset
        case RivePropertyKey.dashPathOffsetIsPercentage: offsetIsPercentage = value.bool ?? offsetIsPercentage
        default: return super.set(key, value)
        }
        return true
    }

    override func double(_ key: Int) -> Double? {
        key == RivePropertyKey.dashPathOffset ? offset : super.double(key)
    }

    override func apply(_ path: Path, isFill: Bool) -> Path {
        // Dashes do not apply to fills.
        if isFill { return path }
        let dashes = children.compactMap { $0 as? RDash }
        return DashEffect.dash(path, dashes: dashes.map { ($0.length, $0.lengthIsPercentage) },
                               offset: (offset, offsetIsPercentage))
    }
}

final class RDash: RComponent {
    var length = 0.0
    var lengthIsPercentage = false

    override func set(_ key: Int, _ value: PropertyValue) -> Bool {
        switch key {
        case RivePropertyKey.dashLength: length = value.double ?? length
        case RivePropertyKey.dashLengthIsPercentage: lengthIsPercentage = value.bool ?? lengthIsPercentage
        default: return super.set(key, value)
        }
        return true
    }

    override func double(_ key: Int) -> Double? {
        key == RivePropertyKey.dashLength ? length : super.double(key)
    }
}

/// Softens a paint's edge: a blur of `strength` (a Gaussian of about that many units).
final class RFeather: RContainer {
    /// World: the offset is in the artboard's space; local: in the shape's.
    var space = TransformSpace.world
    var strength = 12.0
    var offsetX = 0.0, offsetY = 0.0
    var inner = false

    override func set(_ key: Int, _ value: PropertyValue) -> Bool {
        switch key {
        case RivePropertyKey.featherSpaceValue:
            // Unknown values are local here, unlike constraints': the renderer offset in the
            // artboard's space only for 0 and in the shape's for anything else.
            space = value.uint.map { TransformSpace(rawValue: $0) ?? .local } ?? space
        case RivePropertyKey.featherStrength: strength = value.double ?? strength
        case RivePropertyKey.featherOffsetX: offsetX = value.double ?? offsetX
        case RivePropertyKey.featherOffsetY: offsetY = value.double ?? offsetY
        case RivePropertyKey.featherInner: inner = value.bool ?? inner
        default: return super.set(key, value)
        }
        return true
    }

    override func double(_ key: Int) -> Double? {
        switch key {
        case RivePropertyKey.featherStrength: return strength
        case RivePropertyKey.featherOffsetX: return offsetX
        case RivePropertyKey.featherOffsetY: return offsetY
        default: return super.double(key)
        }
    }

    override func resolve(_ artboard: ArtboardInstance) {
        (parent as? RShapePaint)?.feather = self
    }
}
