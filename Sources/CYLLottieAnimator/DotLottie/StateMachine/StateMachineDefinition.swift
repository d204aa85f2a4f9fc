import CYLDocuments

// A dotLottie v2 state machine (`s/<id>.json`), as the format and its official runtime
// (dotlottie-rs) define it, decoded once at the parser: references to inputs (`"$name"`), the
// built-in `@elapsedTime`, and literal values are distinct cases here, never strings to
// re-interpret while the machine runs.
//
// Invariants the parser establishes (`StateMachineParser`), which the engine relies on:
// - state names are unique, at most one state is a global state, `initial` names a state;
// - every transition's target names a state;
// - every guard and action names a declared input of the kind it needs (events for `Fire` and
//   event guards, numbers for arithmetic, ...), and every `"$name"` operand names one of the kind
//   its place needs; `@`-prefixed inputs are the runtime's own and are dropped, as dotlottie-rs does;
// - a state has at most one transition without guards;
// - no cycle of guardless transitions (each would take the next at once, for ever).

/// A parsed, checked dotLottie state machine.
public struct StateMachineDefinition: Sendable {
    /// The id the manifest gives it (`s/<id>.json`), or the file's name.
    public var id: String
    /// The state the machine enters when started.
    public var initial: String
    public var states: [StateMachineState]
    public var interactions: [StateMachineInteraction]
    public var inputs: [StateMachineInput]
    /// Things read but not used (dropped `@` inputs), for `info` and `lint`.
    public var notes: [String]

    /// The state named `name`.
    public func state(named name: String) -> StateMachineState? { states.first { $0.name == name } }
    /// The input named `name`.
    public func input(named name: String) -> StateMachineInput? { inputs.first { $0.name == name } }
    /// The global state (its transitions are evaluated from every state), if any.
    public var globalState: StateMachineState? { states.first { $0.isGlobal } }
}

/// A state: a playback state (plays an animation or a marker of it) or the global state.
public struct StateMachineState: Sendable {
    public var name: String
    /// nil for the global state.
    public var playback: Playback?
    public var transitions: [StateMachineTransition]
    public var entryActions: [StateMachineAction]
    public var exitActions: [StateMachineAction]
    /// Where the state is in its file (`states[2]`), for messages.
    public var path: JSONPath

    public var isGlobal: Bool { playback == nil }

    /// How a playback state sets the player up when entered.
    public struct Playback: Sendable, Equatable {
        /// The animation id to show; empty: keep the one loaded.
        public var animation: String
        /// A marker whose range plays; nil: the whole animation.
        public var segment: String?
        public var loop: Bool
        /// Loops before completing; 0: unlimited (with `loop`).
        public var loopCount: Int
        /// Entering the state stops the machine.
        public var isFinal: Bool
        public var autoplay: Bool
        public var mode: PlayMode
        public var speed: Double
    }

    /// The direction a playback state plays in.
    public enum PlayMode: String, Sendable, Equatable, CaseIterable {
        case forward = "Forward", reverse = "Reverse", bounce = "Bounce", reverseBounce = "ReverseBounce"
        var startsReversed: Bool { self == .reverse || self == .reverseBounce }
    }
}

/// A transition to `target`, taken when every guard holds (no guards: at once).
public struct StateMachineTransition: Sendable {
    public var target: String
    public var guards: [StateMachineGuard]
    /// A tweened transition moves the pose to the target state's first frame over this time.
    public var tween: Tween?
    public var path: JSONPath

    public struct Tween: Sendable, Equatable {
        public var seconds: Double
        /// Cubic bezier control points x1, y1, x2, y2 of the easing.
        public var easing: (Double, Double, Double, Double)
        public static func == (a: Tween, b: Tween) -> Bool { a.seconds == b.seconds && a.easing == b.easing }
    }

    /// Whether a guard waits for an event: such a transition is only taken as the event fires.
    public var waitsForEvent: Bool { guards.contains { if case .event = $0 { return true }; return false } }
}

/// How a guard compares.
public enum StateMachineComparison: String, Sendable, Equatable, CaseIterable {
    case equal = "Equal", notEqual = "NotEqual", greaterThan = "GreaterThan"
    case greaterThanOrEqual = "GreaterThanOrEqual", lessThan = "LessThan", lessThanOrEqual = "LessThanOrEqual"

    func holds<T: Comparable>(_ a: T, _ b: T) -> Bool {
        switch self {
        case .equal: return a == b
        case .notEqual: return a != b
        case .greaterThan: return a > b
        case .greaterThanOrEqual: return a >= b
        case .lessThan: return a < b
        case .lessThanOrEqual: return a <= b
        }
    }
}

/// A number in a guard or an action: a literal, a numeric input, or the time since start.
public enum StateMachineNumber: Sendable, Equatable {
    case value(Double)
    case input(String)
    case elapsedTime
    /// A string that names nothing the runtime resolves (no `$` or `@` prefix): a guard with it
    /// never holds, an action with it does nothing (or its default), as in dotlottie-rs.
    case unresolved(String)
}

/// A guard on a transition.
public enum StateMachineGuard: Sendable, Equatable {
    /// `input` may be `@elapsedTime` (`.elapsedTime`).
    case numeric(StateMachineNumber, StateMachineComparison, StateMachineNumber)
    /// Only equal and not-equal ever hold. `compareTo` is a literal or a string input; nil: a
    /// number or boolean was given, which never holds.
    case string(input: String, StateMachineComparison, compareTo: StringOperand?)
    /// Only equal and not-equal ever hold.
    case boolean(input: String, StateMachineComparison, compareTo: BoolOperand)
    /// Holds while the event is being fired.
    case event(String)

    public enum StringOperand: Sendable, Equatable { case value(String), input(String) }
    public enum BoolOperand: Sendable, Equatable { case value(Bool), input(String) }
}

/// What an action does when an interaction happens or a state is entered or left.
public enum StateMachineAction: Sendable, Equatable {
    /// Adds (subtracts) the operand, 1 when absent or unresolved.
    case increment(String, by: StateMachineNumber?)
    case decrement(String, by: StateMachineNumber?)
    case toggle(String)
    case setBoolean(String, StateMachineGuard.BoolOperand)
    /// The value, or the string input it names with `$` when there is one.
    case setString(String, String)
    case setNumeric(String, StateMachineNumber)
    /// A random number from min (default 0) to max (default 1); whole numbers when `integer`.
    case setRandom(String, min: StateMachineNumber?, max: StateMachineNumber?, integer: Bool)
    case multiply(String, StateMachineNumber)
    case floor(String)
    case clamp(String, min: StateMachineNumber?, max: StateMachineNumber?)
    case fire(String)
    case reset(String)
    /// Draws with another theme (a string input's value with `$`).
    case setTheme(String)
    case setFrame(StateMachineNumber)
    /// Percent 0...100 of the animation.
    case setProgress(StateMachineNumber)
    case fireCustomEvent(String)
    /// Reported, never opened: a tab icon tool has no browser.
    case openURL(String, target: String)
}

/// Something that happens to the animation and runs actions.
public struct StateMachineInteraction: Sendable {
    public var kind: Kind
    public var actions: [StateMachineAction]
    public var path: JSONPath

    public enum Kind: Sendable, Equatable {
        /// A pointer event; `layer` limits it to a layer's area (nil: anywhere).
        case pointerDown(layer: String?), pointerUp(layer: String?), pointerEnter(layer: String?)
        case pointerExit(layer: String?), click(layer: String?)
        case pointerMove
        /// The named state's playback completed (a loop completed).
        case onComplete(state: String), onLoopComplete(state: String)

        /// The format's name for it.
        public var typeName: String {
            switch self {
            case .pointerDown: return "PointerDown"
            case .pointerUp: return "PointerUp"
            case .pointerEnter: return "PointerEnter"
            case .pointerExit: return "PointerExit"
            case .click: return "Click"
            case .pointerMove: return "PointerMove"
            case .onComplete: return "OnComplete"
            case .onLoopComplete: return "OnLoopComplete"
            }
        }

        public var layer: String? {
            switch self {
            case .pointerDown(let l), .pointerUp(let l), .pointerEnter(let l), .pointerExit(let l), .click(let l): return l
            case .pointerMove, .onComplete, .onLoopComplete: return nil
            }
        }
    }
}

/// A declared input and its initial value.
public struct StateMachineInput: Sendable, Equatable {
    public var name: String
    public var kind: Kind

    public enum Kind: Sendable, Equatable {
        case numeric(Double), string(String), boolean(Bool), event

        public var typeName: String {
            switch self {
            case .numeric: return "Numeric"
            case .string: return "String"
            case .boolean: return "Boolean"
            case .event: return "Event"
            }
        }
    }
}
