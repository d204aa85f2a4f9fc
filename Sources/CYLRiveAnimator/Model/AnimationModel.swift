/// How a linear animation continues past its end.
public enum RiveLoop: Int, Sendable, CustomStringConvertible {
    case oneShot = 0, loop = 1, pingPong = 2
    public var description: String {
        switch self {
        case .oneShot: return "oneShot"
        case .loop: return "loop"
        case .pingPong: return "pingPong"
        }
    }
}

/// A keyframed animation of an artboard's properties.
public struct LinearAnimationModel: Sendable {
    public var name: String
    public var fps: Int
    /// Length in frames.
    public var duration: Int
    public var speed: Double
    public var loop: RiveLoop
    public var workStart: Int?
    public var workEnd: Int?
    public var enableWorkArea: Bool
    /// Snap times to whole frames when applying.
    var quantize: Bool
    var keyedObjects: [KeyedObjectModel]

    /// Whether the work area is in effect (enabled and both ends set).
    public var usesWorkArea: Bool { enableWorkArea && workStart != nil && workEnd != nil }
    /// First and last frame played.
    var startFrame: Double { usesWorkArea ? Double(workStart!) : 0 }
    var endFrame: Double { usesWorkArea ? Double(workEnd!) : Double(duration) }
    var startSeconds: Double { startFrame / Double(fps) }
    var endSeconds: Double { endFrame / Double(fps) }
    public var durationSeconds: Double { abs(endSeconds - startSeconds) }
    /// Where playback starts and ends, following the sign of `speed`.
    var startTime: Double { speed >= 0 ? startSeconds : endSeconds }
    var endTime: Double { speed >= 0 ? endSeconds : startSeconds }
}

/// The keyed properties of one object (an index into the artboard's object list).
struct KeyedObjectModel: Sendable {
    var objectID: Int
    var properties: [KeyedPropertyModel]
}

/// One animated property and its keyframes, sorted by time.
struct KeyedPropertyModel: Sendable {
    var propertyKey: Int
    var keyframes: [KeyFrameModel]
}

/// How a keyframe eases towards the next one.
enum KeyFrameInterpolation: Sendable, Equatable {
    /// Keep this keyframe's value until the next keyframe.
    case hold
    case linear
    /// Eased by the interpolator (linear when it has none).
    case eased(InterpolatorModel?)
}

/// Easing curves shared by keyframes and transitions.
enum InterpolatorModel: Sendable, Equatable {
    /// A cubic bezier timing curve (x1, y1, x2, y2), like CSS `cubic-bezier`.
    case cubicEase(x1: Double, y1: Double, x2: Double, y2: Double)
    /// A cubic curve through the values themselves: from value, y1, y2, to value.
    case cubicValue(x1: Double, y1: Double, x2: Double, y2: Double)
    /// Elastic easing: 0 in, 1 out, 2 in-out.
    case elastic(easing: Int, amplitude: Double, period: Double)
}

/// A keyframe's value, typed by the keyframe's type.
enum KeyFrameValue: Sendable, Equatable {
    case double(Double)
    case color(UInt32)
    case bool(Bool)
    /// An object id or enum value, applied as is (no interpolation).
    case id(UInt64)
    case string(String)
    /// A moment at which a callback property (an event, a trigger) fires; it has no value.
    case callback
}

struct KeyFrameModel: Sendable {
    var frame: Int
    var seconds: Double
    var interpolation: KeyFrameInterpolation
    var value: KeyFrameValue
}
