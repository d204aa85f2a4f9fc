import CYLGeometry
import CYLRaster

// The format's small enumerations, decoded from their raw values where a component's `set`
// receives them (setup values, keyframes, data binding), so that nothing past it compares raw
// numbers. The raw values are the format's (its definitions name them).
//
// A raw value an enumeration does not list (a newer editor's, or a corrupt file's) decodes to
// `unknown`: the value each type names is what the runtime and renderer did with such a value
// before these types existed, so that every output stays the same.

/// A value of the format stored as an unsigned integer property, decoded from any raw value.
protocol FormatDecodable {
    init(raw: UInt64)
}

/// An enumeration of the format: its cases' raw values are the format's.
protocol FormatEnum: FormatDecodable, RawRepresentable where RawValue == UInt64 {
    /// What a raw value the enumeration does not list decodes to.
    static var unknown: Self { get }
}

extension FormatEnum {
    init(raw: UInt64) { self = Self(rawValue: raw) ?? .unknown }
}

extension PropertyValue {
    /// The value decoded, or `current` when it is not a number (every property keeps its value
    /// then).
    func decoded<E: FormatDecodable>(_ current: E) -> E { uint.map(E.init(raw:)) ?? current }
}

/// How a fill decides what is inside its path.
enum RiveFillRule: UInt64, FormatEnum {
    case nonZero = 0, evenOdd = 1
    /// Every contour turned clockwise unless it is a hole, then filled non-zero (clipping shapes
    /// clip non-zero with it, as the reference renderer does).
    case clockwise = 2
    /// Non-zero: the renderer tested only for 1 (even-odd) and, on fills, 2 (clockwise).
    static let unknown = RiveFillRule.nonZero

    /// The raster rule the path is filled with (a clockwise path is already wound for non-zero).
    var rasterRule: FillRule { self == .evenOdd ? .evenOdd : .nonZero }
}

/// The space a constraint reads its target in, writes its component in, or limits it in, and the
/// space a feather's offset is in.
enum TransformSpace: UInt64, FormatEnum {
    case world = 0, local = 1
    /// World: constraints tested only for 1 (local). A feather is the exception and says why.
    static let unknown = TransformSpace.world
}

/// How a trim path treats several contours.
enum TrimMode: UInt64, FormatEnum {
    /// The contours as one line, trimmed together (also the property's default, 0).
    case sequential = 1
    /// Each contour trimmed on its own.
    case synchronized = 2
    /// Sequential: the trim tested only for 2 (synchronized), and the property defaults to 0.
    static let unknown = TrimMode.sequential
}

/// What a distance constraint keeps its component at.
enum DistanceMode: UInt64, FormatEnum {
    /// At most the distance from the target.
    case closer = 0
    /// At least the distance.
    case further = 1
    /// Exactly the distance.
    case exact = 2
    /// Exact: the constraint tested only for 0 and 1.
    static let unknown = DistanceMode.exact
}

/// Where a draw target puts the drawables of its rules: before (above) or after its drawable.
enum DrawPlacement: UInt64, FormatEnum {
    case before = 0, after = 1
    /// After: the draw order tested only for 0 (before).
    static let unknown = DrawPlacement.after
}

/// The case at `raw` in `cases` (a format enumeration numbered from 0 in that order), else
/// `unknown`.
func formatCase<T>(_ raw: UInt64, _ cases: [T], unknown: T) -> T {
    raw < UInt64(cases.count) ? cases[Int(raw)] : unknown
}

extension LineCap: FormatDecodable {
    /// Butt 0, round 1, square 2; anything else butt (the stroke style tested only for 1 and 2).
    init(raw: UInt64) { self = formatCase(raw, [.butt, .round, .square], unknown: .butt) }
}

extension LineJoin: FormatDecodable {
    /// Miter 0, round 1, bevel 2; anything else miter (the stroke style tested only for 1 and 2).
    init(raw: UInt64) { self = formatCase(raw, [.miter, .round, .bevel], unknown: .miter) }
}

/// The format's blend modes from 14 on, in its order (source-over, normal here, is 3).
private let blendModesFrom14: [BlendMode] = [
    .screen, .overlay, .darken, .lighten, .colorDodge, .colorBurn, .hardLight, .softLight,
    .difference, .exclusion, .multiply, .hue, .saturation, .color, .luminosity,
]

extension BlendMode: FormatDecodable {
    /// Source-over 3 is normal, and so is any value the format does not define: the renderer
    /// drew every value it did not list as normal.
    init(raw: UInt64) { self = raw >= 14 ? formatCase(raw - 14, blendModesFrom14, unknown: .normal) : .normal }
}

/// A paint's blend mode: its own, or (the format's value 127, a paint's default) its shape's.
enum PaintBlendMode: FormatDecodable, Equatable {
    case inherited
    case own(BlendMode)

    /// Any other value is the paint's own mode, unknown ones included (the renderer inherited
    /// only for 127).
    init(raw: UInt64) { self = raw == 127 ? .inherited : .own(BlendMode(raw: raw)) }

    /// The mode drawn with, given the blend mode of the shape (or artboard) the paint belongs to.
    func resolved(inheriting shape: BlendMode) -> BlendMode {
        switch self {
        case .inherited: return shape
        case .own(let mode): return mode
        }
    }
}
