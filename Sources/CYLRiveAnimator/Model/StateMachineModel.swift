/// A state machine: inputs, layers of states connected by transitions, and listeners.
public struct StateMachineModel: Sendable {
    public var name: String
    /// Inputs by index (nil: an input of a kind this reader does not know, which keeps its slot).
    public var inputs: [StateMachineInputModel?]
    var layers: [LayerModel]
    /// Listeners to events (pointer and keyboard listeners are not kept: a timeline never
    /// sends those).
    var listeners: [ListenerModel] = []
}

/// Reacts to events reported by the machine's own animations or by a nested artboard's.
struct ListenerModel: Sendable {
    /// The nested artboard (or this artboard, or an event) whose events are heard.
    var target: Int
    /// The events heard (ids in the target's artboard).
    var events: [Int]
    var actions: [ListenerActionModel]
}

enum ListenerActionModel: Sendable {
    /// An input change.
    case input(StateActionModel.Change)
    /// Writes a view-model property: the bindable property's value (or the view-model value
    /// it is bound to), through the converter of its binding towards the view model.
    case viewModel(BindablePropertyModel)
    /// Reports an event (`id` in this artboard).
    case fireEvent(Int)
}

/// A state machine's own property bound to view-model properties (for conditions and
/// listener actions).
struct BindablePropertyModel: Sendable {
    var value: ViewModelValue?
    var binds: [Bind]

    struct Bind: Sendable {
        var path: [Int]
        var flags: Int
        var converter: Int?
        var toSource: Bool { flags & 1 != 0 || flags & 2 != 0 }
        var toTarget: Bool { flags & 1 == 0 || flags & 2 != 0 }
    }

    /// The view-model property whose value the bindable reads (conditions compare it).
    var readPath: [Int]? { (binds.first { $0.toTarget } ?? binds.first)?.path }
}

/// A state machine input and its default value.
public enum StateMachineInputModel: Sendable, Equatable {
    case bool(name: String, value: Bool)
    case number(name: String, value: Double)
    case trigger(name: String)

    public var name: String {
        switch self {
        case .bool(let n, _), .number(let n, _), .trigger(let n): return n
        }
    }
    /// "bool", "number" or "trigger".
    public var kind: String {
        switch self {
        case .bool: return "bool"
        case .number: return "number"
        case .trigger: return "trigger"
        }
    }
}

/// One layer: states indexed as in the file (`stateToId` refers to these indices).
struct LayerModel: Sendable {
    var name: String
    var states: [StateModel]
    var entry: Int
    var any: Int
    var exit: Int
}

/// What a state plays.
enum StateKind: Sendable {
    case entry, exit, any
    /// A linear animation (its index in the artboard; nil when the id is out of range).
    case animation(Int?)
    /// Animations blended by a number input: each animation has the input value where it is full.
    case blend1D(input: Int?, animations: [(animation: Int?, value: Double)])
    /// Animations mixed by their own number input or a fixed mix (0-100).
    case blendDirect(animations: [(animation: Int?, input: Int?, mix: Double)])
    /// A state this reader does not understand: it can be entered and left but plays nothing.
    case other
}

struct StateModel: Sendable {
    var kind: StateKind
    var speed: Double
    /// Bit 0: pick among the allowed transitions at random, by weight; bit 1: blend states
    /// restore baseline values before blending.
    var flags: Int
    var isRandom: Bool { flags & 1 != 0 }
    var transitions: [TransitionModel]
    /// Input changes performed when the state is entered (0) or left (1).
    var actions: [StateActionModel]
}

/// An input change a state or transition performs at its start or end.
struct StateActionModel: Sendable {
    enum Change: Sendable { case setBool(Int, Bool?), setNumber(Int, Double), fire(Int) }
    /// True: when the state or transition ends; false: when it starts.
    var atEnd: Bool
    var change: Change
}

struct TransitionModel: Sendable {
    var target: Int
    var flags: Int
    /// Milliseconds, or a percentage of the source animation when `durationIsPercentage`.
    var duration: Int
    /// Milliseconds, or a percentage when `exitTimeIsPercentage`.
    var exitTime: Int
    var interpolator: InterpolatorModel?
    var randomWeight: Int
    var conditions: [ConditionModel]
    var actions: [StateActionModel]

    var isDisabled: Bool { flags & 1 != 0 }
    var durationIsPercentage: Bool { flags & 2 != 0 }
    var enableExitTime: Bool { flags & 4 != 0 }
    var exitTimeIsPercentage: Bool { flags & 8 != 0 }
    var pauseOnExit: Bool { flags & 16 != 0 }
    var enableEarlyExit: Bool { flags & 32 != 0 }
}

enum ComparisonOp: Int, Sendable {
    case equal = 0, notEqual, lessThanOrEqual, greaterThanOrEqual, lessThan, greaterThan

    func compare(_ a: Double, _ b: Double) -> Bool {
        switch self {
        case .equal: return a == b
        case .notEqual: return a != b
        case .lessThanOrEqual: return a <= b
        case .greaterThanOrEqual: return a >= b
        case .lessThan: return a < b
        case .greaterThan: return a > b
        }
    }
}

/// A condition a transition waits for.
enum ConditionModel: Sendable {
    case bool(input: Int, op: ComparisonOp)
    case number(input: Int, op: ComparisonOp, value: Double)
    case trigger(input: Int)
    /// Two view-model or component values compared.
    case viewModel(ViewModelConditionModel)
    /// A condition this reader does not evaluate; it never holds.
    case unsupported(String)
}

/// A comparison of view-model properties, component properties and constants.
struct ViewModelConditionModel: Sendable {
    var op: ComparisonOp
    var left: Comparand?
    var right: Comparand?

    enum Comparand: Sendable, Equatable {
        /// A view-model property, by binding path.
        case property([Int])
        /// A component's property (object index, property key).
        case component(object: Int, key: Int)
        case number(Double)
        case bool(Bool)
        case color(UInt32)
        case string(String)
        case enumValue(Int)
        /// Holds when the other side (a view-model property) changed since the frame began and
        /// this layer has not used that change yet: a view-model trigger fired, or (compared with
        /// itself) any value changed.
        case changed
    }
}
