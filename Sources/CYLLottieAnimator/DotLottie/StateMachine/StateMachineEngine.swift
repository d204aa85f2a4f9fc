import CYLTimeline

/// What a running state machine reports, oldest first (`StateMachineEngine.drainEvents()`).
public enum StateMachineEvent: Sendable, Equatable {
    case start, stop
    case transition(from: String, to: String)
    case stateEntered(String), stateExit(String)
    case customEvent(String), inputFired(String)
    case numericChanged(String, old: Double, new: Double)
    case booleanChanged(String, old: Bool, new: Bool)
    case stringChanged(String, old: String, new: String)
    /// An `OpenUrl` action: reported, never opened.
    case openURL(String, target: String)
    case error(String)
}

/// A pointer or player event fed to a running machine. Coordinates are in the animation's space.
public enum StateMachinePointerEvent: Sendable, Equatable {
    case pointerDown(x: Double, y: Double), pointerUp(x: Double, y: Double), pointerMove(x: Double, y: Double)
    case pointerEnter(x: Double, y: Double), pointerExit(x: Double, y: Double), click(x: Double, y: Double)
    /// The player finished the current state's play (a loop of it): what the player posts itself
    /// as `advance` reaches an end; tests may post it directly.
    case complete, loopComplete

    var typeName: String {
        switch self {
        case .pointerDown: return "PointerDown"
        case .pointerUp: return "PointerUp"
        case .pointerMove: return "PointerMove"
        case .pointerEnter: return "PointerEnter"
        case .pointerExit: return "PointerExit"
        case .click: return "Click"
        case .complete: return "OnComplete"
        case .loopComplete: return "OnLoopComplete"
        }
    }

    var point: (x: Double, y: Double) {
        switch self {
        case .pointerDown(let x, let y), .pointerUp(let x, let y), .pointerMove(let x, let y),
             .pointerEnter(let x, let y), .pointerExit(let x, let y), .click(let x, let y): return (x, y)
        case .complete, .loopComplete: return (0, 0)
        }
    }
}

/// Runs a `StateMachineDefinition` as the official runtime (dotlottie-rs) does: inputs and
/// interactions run actions, every change evaluates the global state's transitions and then the
/// current state's, over and over until none is taken, and entering a playback state sets up the
/// `playhead`.
///
/// A machine that keeps moving without time passing (state after state, each one's entry
/// actions enabling the next transition) is stopped when one evaluation revisits a state
/// `cycleLimit` times, with an `.error("InfiniteLoop")` event, as the runtime does (its limit: 20).
/// Cycles of transitions without guards never get this far: the parser refuses them.
public struct StateMachineEngine: Sendable {
    public enum Status: Sendable, Equatable { case stopped, running, tweening }

    public let definition: StateMachineDefinition
    public private(set) var status: Status = .stopped
    /// The current state's name; empty before `start()`.
    public var currentState: String { current.map { definition.states[$0].name } ?? "" }
    public internal(set) var playhead: StateMachinePlayhead
    /// Whether a point (animation space) is inside a named layer, for interactions limited to a
    /// layer; the default says no to every layer.
    public var hitTest: @Sendable (_ layer: String, _ x: Double, _ y: Double) -> Bool = { _, _, _ in false }
    /// Revisits of a state within one evaluation before the machine is stopped.
    public let cycleLimit: Int

    var values: [String: InputValue] = [:]
    let defaults: [String: InputValue]
    private var current: Int?
    private let global: Int?
    private let stateIndex: [String: Int]
    var pendingEvent: String?
    var events: [StateMachineEvent] = []
    private var history: [Int] = []
    var actionsChangedInputs = false
    private var tweenTarget: Int?
    private var tweenTargetFrame: Double?
    private var tweenSourceExited = false
    private var elapsed: Double = 0
    /// States whose guards read `@elapsedTime`: time passing re-evaluates them.
    private let timedStates: Set<Int>
    var enteredLayer = ""
    private var lastPointerEvent: StateMachinePointerEvent?
    var random: SplitMix
    /// What `SetRandom` draws from. Kept, not only consumed, because `start()` puts the generator
    /// back to it as the runtime does: every run of a machine then draws the same numbers.
    public private(set) var seed: UInt64

    enum InputValue: Sendable, Equatable { case number(Double), string(String), bool(Bool), event }

    /// A machine over `animations` (by id), showing `initialAnimation` until a state picks another.
    public init(_ definition: StateMachineDefinition, animations: [String: StateMachineAnimation], initialAnimation: String,
                cycleLimit: Int = 20, seed: UInt64 = 0x853c_49e6_748f_ea9b) {
        self.definition = definition
        self.cycleLimit = max(1, cycleLimit)
        playhead = StateMachinePlayhead(animations: animations, initial: initialAnimation)
        var d: [String: InputValue] = [:]
        for i in definition.inputs {
            switch i.kind {
            case .numeric(let v): d[i.name] = .number(v)
            case .string(let v): d[i.name] = .string(v)
            case .boolean(let v): d[i.name] = .bool(v)
            case .event: d[i.name] = .event
            }
        }
        defaults = d
        values = d
        stateIndex = Dictionary(definition.states.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { a, _ in a })
        global = definition.states.firstIndex(where: \.isGlobal)
        var timed = Set<Int>()
        for (i, s) in definition.states.enumerated() where s.transitions.contains(where: { $0.guards.contains(where: \.readsElapsedTime) }) {
            timed.insert(i)
        }
        timedStates = timed
        self.seed = seed
        random = SplitMix(seed: seed)
    }

    /// Draws `SetRandom` from `seed` from now on, and again from its start at every `start()`.
    public mutating func setSeed(_ seed: UInt64) {
        self.seed = seed
        random = SplitMix(seed: seed)
    }

    // MARK: Inputs

    public func numeric(_ name: String) -> Double? {
        if name == StateMachineParser.elapsedTime { return elapsed }
        if case .number(let v)? = values[name] { return v }
        return nil
    }

    public func boolean(_ name: String) -> Bool? { if case .bool(let v)? = values[name] { return v }; return nil }
    public func string(_ name: String) -> String? { if case .string(let v)? = values[name] { return v }; return nil }

    /// Sets a Numeric input and evaluates; false when there is no such input.
    @discardableResult public mutating func setNumeric(_ name: String, _ v: Double) -> Bool { setNumeric(name, v, evaluate: true, fromAction: false) }
    @discardableResult public mutating func setBoolean(_ name: String, _ v: Bool) -> Bool { setBoolean(name, v, evaluate: true, fromAction: false) }
    @discardableResult public mutating func setString(_ name: String, _ v: String) -> Bool { setString(name, v, evaluate: true, fromAction: false) }

    /// Fires an Event input and evaluates; false when there is no such event.
    @discardableResult public mutating func fire(_ name: String) -> Bool { fire(name, evaluate: true) }

    /// Puts an input back to its declared value and evaluates.
    public mutating func reset(_ name: String) { reset(name, evaluate: true, fromAction: false) }

    public mutating func drainEvents() -> [StateMachineEvent] {
        defer { events.removeAll(keepingCapacity: true) }
        return events
    }

    // MARK: Running

    /// Enters the initial state and evaluates. Time since start and the random generator start
    /// over, so a second run of the machine behaves as the first did.
    public mutating func start() {
        playhead.stop()
        playhead.setMode(.forward)
        playhead.setSpeed(1)
        playhead.setLoop(false)
        playhead.setLoopCount(0)
        playhead.setAutoplay(false)
        elapsed = 0
        random = SplitMix(seed: seed)
        guard let initial = stateIndex[definition.initial] else { return }
        enter(initial, causing: nil, fromGlobal: false)
        guard status != .running else { return }
        events.append(.start)
        status = .running
        evaluate()
    }

    /// Stops the machine; inputs and events no longer move it.
    public mutating func stop() {
        status = .stopped
        events.append(.stop)
    }

    /// Plays `seconds` of time: the playhead moves (posting completions), a finished tween enters
    /// its state, and states that compare `@elapsedTime` are evaluated again.
    public mutating func advance(seconds: Double) {
        switch playhead.advance(seconds) {
        case .completed: post(.complete)
        case .loopCompleted: post(.loopComplete)
        case .none: break
        }
        if status == .tweening, !playhead.isTweening {
            if playhead.tweenCompleted { finishTween(); evaluate() } else { abortTween() }
        }
        guard status != .stopped else { return }
        elapsed += max(0, seconds)
        if waitsOnTime { evaluate() }
    }

    /// Whether the global state's or the current state's guards compare `@elapsedTime`.
    var waitsOnTime: Bool { global.map(timedStates.contains) == true || current.map(timedStates.contains) == true }

    /// Feeds a pointer or player event: runs the actions of the interactions it triggers.
    public mutating func post(_ event: StateMachinePointerEvent) {
        lastPointerEvent = event
        switch event {
        case .complete, .loopComplete: playerEvent(event)
        case .pointerMove: crossPlatform(event)
        case .pointerDown, .pointerUp: explicit(event); crossPlatform(event)
        case .pointerEnter, .pointerExit, .click: explicit(event)
        }
    }
}

// MARK: - Evaluation

extension StateMachineEngine {
    /// Takes transitions until none applies (the runtime's `run_current_state_pipeline`): the
    /// global state's first, then the current state's; a transition taken because actions or an
    /// event changed things evaluates the global state again.
    mutating func evaluate() {
        guard status != .stopped, current != nil || global != nil else { return }
        var revisits = 0
        var again = true
        var skipGlobal = false
        while again {
            again = false
            var skipChild = false
            if let last = history.last, history.dropLast().contains(last) {
                revisits += 1
                if revisits >= cycleLimit {
                    stop()
                    events.append(.error("InfiniteLoop"))
                    return
                }
                history.removeAll(keepingCapacity: true)
            }
            if let current { history.append(current) }
            if !skipGlobal, evaluateGlobal() {
                if status == .tweening { break }
                if actionsChangedInputs { skipChild = true; again = true; actionsChangedInputs = false }
                if pendingEvent != nil { skipChild = true; again = true }
            }
            if !skipChild, let c = current, let (target, t) = transition(from: definition.states[c], event: pendingEvent) {
                pendingEvent = nil
                guard enter(target, causing: t, fromGlobal: false) else { break }
                if status == .tweening { break }
                again = true
                if actionsChangedInputs {
                    skipGlobal = false
                    actionsChangedInputs = false
                } else {
                    skipGlobal = pendingEvent == nil
                }
            }
        }
        if status != .tweening { pendingEvent = nil }
    }

    /// The global state's transition, unless it leads where the machine is (or is tweening to).
    private mutating func evaluateGlobal() -> Bool {
        guard let g = global, let (target, t) = transition(from: definition.states[g], event: pendingEvent) else { return false }
        pendingEvent = nil
        let settled = status == .tweening ? tweenTarget : current
        if target == settled { return false }
        return enter(target, causing: t, fromGlobal: true)
    }

    /// The first transition in order whose guards all hold, else the one without guards. A
    /// transition with an event guard is only considered while an event fires, one without only
    /// while none does.
    private func transition(from state: StateMachineState, event: String?) -> (Int, StateMachineTransition)? {
        var unguarded: StateMachineTransition?
        for t in state.transitions {
            if t.guards.isEmpty { unguarded = t; continue }
            guard t.waitsForEvent == (event != nil) else { continue }
            if t.guards.allSatisfy({ holds($0, event: event) }), let i = stateIndex[t.target] { return (i, t) }
        }
        guard let u = unguarded, let i = stateIndex[u.target] else { return nil }
        return (i, u)
    }

    private func holds(_ g: StateMachineGuard, event: String?) -> Bool {
        switch g {
        case .numeric(let lhs, let c, let rhs):
            guard let a = resolve(lhs), let b = resolve(rhs) else { return false }
            return c.holds(a, b)
        case .string(let name, let c, let operand):
            guard let a = string(name), let operand, c == .equal || c == .notEqual else { return false }
            let b: String?
            switch operand {
            case .value(let v): b = v
            case .input(let n): b = string(n)
            }
            guard let b else { return false }
            return c.holds(a, b)
        case .boolean(let name, let c, let operand):
            guard let a = boolean(name), c == .equal || c == .notEqual else { return false }
            let b: Bool?
            switch operand {
            case .value(let v): b = v
            case .input(let n): b = boolean(n)
            }
            guard let b else { return false }
            return c == .equal ? a == b : a != b
        case .event(let name):
            return event == name
        }
    }

    func resolve(_ n: StateMachineNumber) -> Double? {
        switch n {
        case .value(let v): return v
        case .input(let name): return numeric(name)
        case .elapsedTime: return elapsed
        case .unresolved: return nil
        }
    }

    /// Leaves the current state and enters `target` (or starts tweening towards it). False when
    /// nothing changed that evaluation should go on from.
    @discardableResult
    mutating func enter(_ target: Int, causing t: StateMachineTransition?, fromGlobal: Bool) -> Bool {
        let interrupting = status == .tweening
        if interrupting, t != nil, tweenTarget == target { return true }
        let sourceExited = interrupting && tweenSourceExited
        let new = definition.states[target]
        events.append(.transition(from: currentState, to: new.name))
        if let c = current, !sourceExited, !fromGlobal { run(definition.states[c].exitActions, evaluate: false, fromAction: true) }
        if !sourceExited { events.append(.stateExit(currentState)) }
        if let tween = t?.tween {
            guard let playback = new.playback else { return true }
            let sameAnimation = current.map { definition.states[$0].playback?.animation == playback.animation } ?? false
            if sameAnimation, let frame = tweenFrame(playback) {
                playhead.startTween(to: frame, seconds: tween.seconds, easing: tween.easing)
                tweenTarget = target
                tweenTargetFrame = frame
                tweenSourceExited = sourceExited || !fromGlobal
                status = .tweening
                return true
            }
        }
        if interrupting {
            playhead.cancelTween()
            abortTween()
        }
        current = target
        events.append(.stateEntered(new.name))
        runEntry(new)
        return true
    }

    /// Where a tween into a playback state lands: its segment's start (end when it plays in reverse).
    private func tweenFrame(_ p: StateMachineState.Playback) -> Double? {
        let reverse = p.mode.startsReversed
        guard let name = p.segment else { return reverse ? playhead.lastFrame : 0 }
        guard let m = playhead.current.markers.first(where: { $0.name == name }) else { return nil }
        return reverse ? min(m.start + m.duration, playhead.lastFrame) : m.start
    }

    /// Sets the playhead up for a playback state and runs the state's entry actions.
    private mutating func runEntry(_ s: StateMachineState) {
        if let p = s.playback {
            playhead.setLoop(p.loop)
            playhead.setLoopCount(p.loopCount)
            playhead.setSpeed(p.speed)
            playhead.setMarker(nil)
            if !p.animation.isEmpty, p.animation != playhead.animation {
                playhead.setAutoplay(false)
                playhead.load(p.animation)
            }
            playhead.setMarker(p.segment)
            playhead.setMode(p.mode)
            playhead.setAutoplay(p.autoplay)
        }
        run(s.entryActions, evaluate: false, fromAction: true)
        if s.playback?.isFinal == true { stop() }
    }

    private mutating func finishTween() {
        guard status == .tweening else { return }
        status = .running
        guard let target = tweenTarget else { return }
        tweenTarget = nil
        current = target
        events.append(.stateEntered(definition.states[target].name))
        runEntry(definition.states[target])
        if let f = tweenTargetFrame { playhead.syncAfterTween(f); tweenTargetFrame = nil }
    }

    private mutating func abortTween() {
        guard status == .tweening else { return }
        status = .running
        tweenTarget = nil
        tweenTargetFrame = nil
    }
}

extension StateMachineGuard {
    var readsElapsedTime: Bool {
        if case .numeric(let a, _, let b) = self { return a == .elapsedTime || b == .elapsedTime }
        return false
    }
}
