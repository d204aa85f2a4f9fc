#if canImport(Glibc)
import Glibc
#endif
import CYLTimeline

/// A state machine playing on an artboard instance: inputs, and per layer the current state,
/// the state it is mixing from and the transition between them. Mirrors the format's runtime
/// step for step, so that the same inputs at the same times give the same poses.
final class StateMachinePlayer {
    let model: StateMachineModel
    let artboard: ArtboardInstance

    enum InputValue: Equatable {
        case bool(Bool)
        case number(Double)
        case trigger(fired: Bool)
        case none
    }
    private(set) var inputs: [InputValue]
    /// Layers that have used each fired trigger (a trigger fires each layer's transition once).
    private var triggerUsedInLayers: [Set<Int>]
    private var layers: [LayerPlayer] = []
    private var bound: [Int: BoundAnimation] = [:]
    private var needsAdvance = false

    init(_ model: StateMachineModel, artboard: ArtboardInstance) {
        self.model = model
        self.artboard = artboard
        inputs = model.inputs.map { input in
            switch input {
            case .bool(_, let v)?: return .bool(v)
            case .number(_, let v)?: return .number(v)
            case .trigger?: return .trigger(fired: false)
            case nil: return .none
            }
        }
        triggerUsedInLayers = Array(repeating: [], count: model.inputs.count)
        layers = model.layers.enumerated().map { LayerPlayer(index: $0.offset, layer: $0.element, machine: self) }
        artboard.machines.append(.init(machine: self))
    }

    /// The nested artboard this machine plays in (its events bubble to the host's machines).
    unowned(unsafe) var nestedIn: RNestedArtboard?

    /// The linear animation `index` of the artboard, bound once.
    func animation(_ index: Int) -> BoundAnimation? {
        if let b = bound[index] { return b }
        guard index >= 0, index < artboard.model.animations.count else { return nil }
        let b = BoundAnimation(artboard.model.animations[index], artboard: artboard)
        bound[index] = b
        return b
    }

    // MARK: Inputs

    func number(_ i: Int) -> Double {
        if i >= 0, i < inputs.count, case .number(let v) = inputs[i] { return v }
        return 0
    }

    func setBool(_ i: Int, _ value: Bool?) {
        guard i >= 0, i < inputs.count, case .bool(let old) = inputs[i] else { return }
        let v = value ?? !old
        if v != old { inputs[i] = .bool(v); needsAdvance = true }
    }

    func setNumber(_ i: Int, _ value: Double) {
        guard i >= 0, i < inputs.count, case .number(let old) = inputs[i] else { return }
        if value != old { inputs[i] = .number(value); needsAdvance = true }
    }

    func fire(_ i: Int) {
        guard i >= 0, i < inputs.count, case .trigger(false) = inputs[i] else { return }
        inputs[i] = .trigger(fired: true)
        needsAdvance = true
    }

    /// A callback keyframe passed: fires a trigger property or nested trigger, or reports an
    /// event (`delay`: seconds since the keyframe's time).
    func reportCallback(_ c: RComponent, _ key: Int, _ delay: Double) {
        switch key {
        case RivePropertyKey.customPropertyTriggerFire:
            (c as? RCustomProperty)?.fire()
        case RivePropertyKey.nestedTriggerFire:
            (c as? RNestedInput)?.fire()
        case RivePropertyKey.eventTrigger:
            reportedEvents.append(c)
        default:
            break
        }
    }

    /// Events reported since the last frame began; the next frame's listeners hear them.
    var reportedEvents: [RComponent] = []

    /// Hands reported events to the listeners (which may report more, up to 100 rounds), here
    /// and in the machines of the artboard this one is nested in.
    private func applyEvents() {
        var rounds = 0
        while !reportedEvents.isEmpty && rounds < 100 {
            rounds += 1
            let events = reportedEvents
            reportedEvents.removeAll()
            notify(events, from: nil)
            if let nested = nestedIn, let host = nested.host {
                for m in host.machines { m.machine?.notify(events, from: nested) }
            }
        }
    }

    /// Performs the listeners that hear one of `events`, reported here (`source` nil) or by the
    /// artboard nested in `source`.
    func notify(_ events: [RComponent], from source: RNestedArtboard?) {
        for listener in model.listeners where !listener.events.isEmpty {
            let target = artboard.object(listener.target)
            if let source { guard target === source else { continue } }
            let eventsArtboard = source?.instance ?? artboard
            for event in events {
                if source == nil, let target, target !== artboard.root, !(target is REvent) { continue }
                guard listener.events.contains(where: { eventsArtboard.object($0) === event }) else { continue }
                perform(listener.actions)
                break
            }
        }
    }

    private func perform(_ actions: [ListenerActionModel]) {
        for action in actions {
            switch action {
            case .input(let change):
                switch change {
                case let .setBool(i, v): setBool(i, v)
                case let .setNumber(i, v): setNumber(i, v)
                case let .fire(i): fire(i)
                }
            case .viewModel(let b):
                writeViewModel(b)
            case .fireEvent(let e):
                if let event = artboard.object(e) as? REvent { reportedEvents.append(event) }
            }
        }
    }

    /// A listener's view-model change: the bindable's value (read through its binding from the
    /// view model, if it has one, else its own) written through its binding to the view model.
    private func writeViewModel(_ b: BindablePropertyModel) {
        guard let context = artboard.context,
              let out = b.binds.first(where: \.toSource), let (instance, property) = context.resolve(out.path) else { return }
        var value: ViewModelLiveValue?
        if let read = b.binds.first(where: { $0.toTarget && !$0.toSource }), let v = context.value(read.path) {
            value = converter(read.converter).map { DataBindings.convertValue(v, $0, in: artboard.file.dataConverters) } ?? v
        } else if let own = b.value {
            value = ViewModelLiveInstance.live(own)
        }
        guard var v = value else { return }
        // Only a binding whose main direction is towards the view model converts forwards.
        if out.flags & 1 != 0, let c = converter(out.converter) {
            v = DataBindings.convertValue(v, c, in: artboard.file.dataConverters)
        }
        instance.set(property, v)
    }

    private func converter(_ index: Int?) -> DataConverterModel? {
        index.flatMap { $0 >= 0 && $0 < artboard.file.dataConverters.count ? artboard.file.dataConverters[$0] : nil }
    }

    func perform(_ actions: [StateActionModel], atEnd: Bool) {
        for a in actions where a.atEnd == atEnd {
            switch a.change {
            case let .setBool(i, v): setBool(i, v)
            case let .setNumber(i, v): setNumber(i, v)
            case let .fire(i): fire(i)
            }
        }
    }

    func evaluate(_ c: ConditionModel, layer: Int) -> Bool {
        switch c {
        case let .bool(i, op):
            guard i < inputs.count, case .bool(let v) = inputs[i] else { return true }
            return (v && op == .equal) || (!v && op == .notEqual)
        case let .number(i, op, value):
            guard i < inputs.count, case .number(let v) = inputs[i] else { return true }
            return op.compare(v, value)
        case let .trigger(i):
            guard i < inputs.count, case .trigger(let fired) = inputs[i] else { return true }
            return fired && !triggerUsedInLayers[i].contains(layer)
        case .viewModel(let m):
            return evaluate(m, layer: layer)
        case .unsupported:
            return false
        }
    }

    /// The value of one side of a view-model condition now.
    private func value(_ c: ViewModelConditionModel.Comparand?) -> ViewModelLiveValue? {
        switch c {
        case .property(let path)?: return artboard.context?.value(path)
        case let .component(object, key)?:
            guard let comp = artboard.object(object) else { return nil }
            switch RiveDefinitions.fieldType(ofProperty: key) {
            case .float?: return comp.double(key).map { .number($0) }
            case .color?: return comp.color(key).map { .color($0) }
            default: return nil
            }
        case .number(let d)?: return .number(d)
        case .bool(let b)?: return .bool(b)
        case .color(let c)?: return .color(c)
        case .string(let s)?: return .string(s)
        case .enumValue(let e)?: return .enumValue(e)
        case .changed?, nil: return nil
        }
    }

    private func evaluate(_ m: ViewModelConditionModel, layer: Int) -> Bool {
        if m.right == .changed {
            guard case .property(let path)? = m.left, let (instance, p) = artboard.context?.resolve(path) else { return false }
            return instance.changed.contains(p) && !instance.isUsed(p, by: layerKey(layer))
        }
        guard let l = value(m.left), let r = value(m.right) else { return false }
        switch (l, r) {
        case let (.number(a), .number(b)): return m.op.compare(a, b)
        case let (.enumValue(a), .enumValue(b)): return m.op.compare(Double(a), Double(b))
        default:
            switch m.op {
            case .equal: return l == r
            case .notEqual: return l != r
            default: return false
            }
        }
    }

    func useInLayer(_ conditions: [ConditionModel], layer: Int) {
        for c in conditions {
            switch c {
            case .trigger(let i) where i < triggerUsedInLayers.count:
                triggerUsedInLayers[i].insert(layer)
            case .viewModel(let m):
                // A view-model change (a trigger) is used once per layer, like a trigger input.
                guard case .property(let path)? = m.left, let (instance, p) = artboard.context?.resolve(path) else { continue }
                instance.use(p, by: layerKey(layer))
            default:
                break
            }
        }
    }

    private func layerKey(_ layer: Int) -> LayerKey { LayerKey(machine: ObjectIdentifier(self), layer: layer) }

    /// Triggers last one step.
    private func inputsAdvanced() {
        for i in inputs.indices {
            if case .trigger(true) = inputs[i] { inputs[i] = .trigger(fired: false) }
            triggerUsedInLayers[i].removeAll()
        }
    }

    // MARK: Stepping

    /// Advances every layer by `seconds` and applies their animations; returns whether anything
    /// may still change.
    @discardableResult
    func advance(_ seconds: Double, newFrame: Bool) -> Bool {
        if newFrame {
            applyEvents()
            needsAdvance = false
        }
        for layer in layers where layer.advance(seconds, newFrame: newFrame) { needsAdvance = true }
        inputsAdvanced()
        return needsAdvance
    }

    func tryChangeState() -> Bool {
        var changed = false
        for layer in layers where layer.updateState() { changed = true }
        return changed
    }

    /// One frame: advance, then settle the artboard and any state changes that follow from it.
    /// Returns false once nothing will change without new input (the machine has settled).
    @discardableResult
    func advanceAndApply(_ seconds: Double) -> Bool {
        var keepGoing = advance(seconds, newFrame: true) || seconds == 0
        if artboard.advanceNested(seconds) { keepGoing = true }
        for _ in 0..<5 {
            artboard.update()
            let changed = tryChangeState()
            if changed {
                advance(0, newFrame: false)
                keepGoing = true
                _ = artboard.advanceNested(0, newFrame: false)
            }
            // View-model changes and fired trigger properties last until here.
            artboard.endFramePass()
            guard changed else { break }
        }
        return keepGoing
    }
}

/// One layer of a playing state machine.
final class LayerPlayer {
    static let maxIterations = 100
    let index: Int
    let layer: LayerModel
    unowned let machine: StateMachinePlayer
    private var anyState: StateInstance!
    private var current: StateInstance?
    private var from: StateInstance?
    private var transition: TransitionModel?
    private var transitionEasing: Easing?
    private var transitionCompleted = false
    private var holdAnimationFrom = false
    // Mixing is accumulated in 32-bit floats, as the runtime does.
    private var mix: Float = 1
    private var mixFrom: Float = 1
    private var waitingForExit = false
    private var holdAnimation: BoundAnimation?
    private var holdTime = 0.0
    private var reset: AnimationReset?
    /// Deterministic choices among random transitions.
    private var random = SplitMix(seed: 1)

    init(index: Int, layer: LayerModel, machine: StateMachinePlayer) {
        self.index = index
        self.layer = layer
        self.machine = machine
        anyState = makeInstance(layer.any)
        changeState(layer.entry)
    }

    private func makeInstance(_ i: Int) -> StateInstance {
        let s = layer.states[i]
        switch s.kind {
        case .animation(let a?):
            if let bound = machine.animation(a) { return AnimationStateInstance(index: i, model: s, animation: bound, machine: machine) }
            return StateInstance(index: i, model: s)
        case .blend1D, .blendDirect:
            return BlendStateInstance(index: i, model: s, machine: machine)
        default:
            return StateInstance(index: i, model: s)
        }
    }

    private func mixTime(_ t: TransitionModel, from: StateInstance) -> Float {
        if t.duration == 0 { return 0 }
        if t.durationIsPercentage {
            return Float(t.duration) / 100 * (from.playhead.map { Self.durationSeconds($0.model) } ?? 0)
        }
        return Float(t.duration) / 1000
    }

    static func durationSeconds(_ m: LinearAnimationModel) -> Float {
        abs(Float(m.endFrame) / Float(m.fps) - Float(m.startFrame) / Float(m.fps))
    }

    private func updateMix(_ seconds: Double) {
        if let t = transition, let f = from, t.duration != 0 {
            let time = mixTime(t, from: f)
            mix = time == 0 ? 1 : min(1, max(0, mix + Float(seconds) / time))
            if mix == 1 && !transitionCompleted {
                transitionCompleted = true
                reset = nil
                machine.perform(t.actions, atEnd: true)
            }
        } else {
            mix = 1
        }
    }

    func advance(_ seconds: Double, newFrame: Bool) -> Bool {
        current?.advance(seconds, machine)
        updateMix(seconds)
        if let f = from, mix < 1, !holdAnimationFrom { f.advance(seconds, machine) }
        apply()
        var changed = false
        var i = 0
        while updateState() {
            changed = true
            apply()
            if i == Self.maxIterations {
                machine.artboard.noteOnce("state machine \"\(machine.model.name)\" changed state more than \(Self.maxIterations) times in one step")
                return false
            }
            i += 1
        }
        current?.clearSpilledTime()
        return changed || mix != 1 || waitingForExit || (current?.keepGoing ?? false)
    }

    private var isTransitioning: Bool {
        guard let t = transition, from != nil else { return false }
        return t.duration != 0 && mix < 1
    }

    func updateState() -> Bool {
        if isTransitioning && !(transition?.enableEarlyExit ?? false) { return false }
        waitingForExit = false
        if tryChangeState(anyState) { return true }
        guard let c = current else { return false }
        return tryChangeState(c)
    }

    private func changeState(_ target: Int) {
        if current?.index == target { return }
        if let c = current { machine.perform(c.model.actions, atEnd: true) }
        let next = makeInstance(target)
        current = next
        machine.perform(next.model.actions, atEnd: false)
    }

    private enum Allowed { case yes, no, waitingForExit }

    private func exitTimeSeconds(_ t: TransitionModel, _ state: StateInstance, absolute: Bool) -> Float {
        if t.exitTimeIsPercentage {
            guard let m = state.playhead?.model else { return 0 }
            return (absolute ? Float(m.startFrame) / Float(m.fps) : 0) + Float(t.exitTime) / 100 * Self.durationSeconds(m)
        }
        return Float(t.exitTime) / 1000
    }

    private func allowed(_ t: TransitionModel, from state: StateInstance) -> Allowed {
        if t.isDisabled { return .no }
        for c in t.conditions where !machine.evaluate(c, layer: index) { return .no }
        if t.enableExitTime, let head = state.playhead {
            var exitTime = exitTimeSeconds(t, state, absolute: false)
            let duration = Self.durationSeconds(head.model)
            if exitTime <= duration && head.model.loop != .oneShot && duration > 0 {
                exitTime += (head.lastTotalTime / duration).rounded(.down) * duration
            }
            if head.totalTime < exitTime { return .waitingForExit }
        }
        return .yes
    }

    private func findAllowedTransition(_ state: StateInstance) -> TransitionModel? {
        let transitions = state.model.transitions
        if state.model.isRandom {
            var weights: [Int] = []
            var total = 0
            for t in transitions {
                var w = 0
                if current?.index != t.target {
                    switch allowed(t, from: state) {
                    case .yes: w = t.randomWeight
                    case .waitingForExit: waitingForExit = true
                    case .no: break
                    }
                }
                weights.append(w)
                total += w
            }
            guard total > 0 else { return nil }
            let pick = random.next() * Double(total)
            var acc = 0.0
            for (t, w) in zip(transitions, weights) {
                if acc + Double(w) > pick {
                    machine.useInLayer(t.conditions, layer: index)
                    return t
                }
                acc += Double(w)
            }
            return nil
        }
        for t in transitions where current?.index != t.target {
            switch allowed(t, from: state) {
            case .yes:
                machine.useInLayer(t.conditions, layer: index)
                return t
            case .waitingForExit: waitingForExit = true
            case .no: break
            }
        }
        return nil
    }

    private func tryChangeState(_ state: StateInstance) -> Bool {
        let outState = current
        guard let t = findAllowedTransition(state) else { return false }
        reset = nil
        changeState(t.target)
        transition = t
        transitionEasing = t.interpolator.map(Easing.init)
        machine.perform(t.actions, atEnd: false)
        if t.duration == 0 {
            transitionCompleted = true
            machine.perform(t.actions, atEnd: true)
        } else {
            transitionCompleted = false
        }
        from = outState
        if !transitionCompleted {
            let animations = [from, current].compactMap { ($0 as? AnimationStateInstance)?.head.animation }
            reset = AnimationReset(animations, artboard: machine.artboard, firstIsBaseline: false)
        }
        if let out = outState as? AnimationStateInstance, t.enableExitTime {
            if t.pauseOnExit { out.head.setTime(Double(exitTimeSeconds(t, out, absolute: true))) }
            holdAnimation = out.head.animation
            holdTime = out.head.time
        }
        mixFrom = mix
        if mix != 0 { holdAnimationFrom = t.pauseOnExit }
        if let c = current {
            let spilled = (from as? AnimationStateInstance)?.head.spilledTime ?? 0
            c.advance(Double(spilled), machine)
        }
        mix = 0
        updateMix(0)
        waitingForExit = false
        return true
    }

    private func apply() {
        let artboard = machine.artboard
        reset?.apply()
        if let hold = holdAnimation {
            hold.apply(artboard, seconds: holdTime, mix: Double(mixFrom))
            holdAnimation = nil
        }
        if let f = from, mix < 1 {
            f.apply(artboard, mix: transitionEasing?.transform(Double(mixFrom)) ?? Double(mixFrom))
        }
        if let c = current {
            c.apply(artboard, mix: transitionEasing?.transform(Double(mix)) ?? Double(mix))
        }
    }
}
