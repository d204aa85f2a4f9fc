// Actions, input changes and interactions of a running state machine. `evaluate` says whether a
// change evaluates transitions at once (an interaction's actions, a caller's input) or waits for
// the evaluation already under way (a state's entry and exit actions); `fromAction` marks changes
// that evaluation must look at again, as the runtime's `called_from_action` does.

extension StateMachineEngine {
    // MARK: Inputs

    @discardableResult
    mutating func setNumeric(_ name: String, _ v: Double, evaluate run: Bool, fromAction: Bool) -> Bool {
        guard case .number(let old)? = values[name] else { if run { evaluate() }; return false }
        values[name] = .number(v)
        if old != v { events.append(.numericChanged(name, old: old, new: v)) }
        if fromAction { actionsChangedInputs = true }
        if run { evaluate() }
        return true
    }

    @discardableResult
    mutating func setBoolean(_ name: String, _ v: Bool, evaluate run: Bool, fromAction: Bool) -> Bool {
        guard case .bool(let old)? = values[name] else { if run { evaluate() }; return false }
        values[name] = .bool(v)
        if old != v { events.append(.booleanChanged(name, old: old, new: v)) }
        if fromAction { actionsChangedInputs = true }
        if run { evaluate() }
        return true
    }

    @discardableResult
    mutating func setString(_ name: String, _ v: String, evaluate run: Bool, fromAction: Bool) -> Bool {
        guard case .string(let old)? = values[name] else { if run { evaluate() }; return false }
        values[name] = .string(v)
        if old != v { events.append(.stringChanged(name, old: old, new: v)) }
        if fromAction { actionsChangedInputs = true }
        if run { evaluate() }
        return true
    }

    @discardableResult
    mutating func fire(_ name: String, evaluate run: Bool) -> Bool {
        guard values[name] == .event else { return false }
        events.append(.inputFired(name))
        pendingEvent = name
        if run { evaluate() }
        return true
    }

    mutating func reset(_ name: String, evaluate run: Bool, fromAction: Bool) {
        guard status != .stopped else { return }
        switch (values[name], defaults[name]) {
        case (.number(let old)?, .number(let d)?): values[name] = .number(d); if old != d { events.append(.numericChanged(name, old: old, new: d)) }
        case (.bool(let old)?, .bool(let d)?): values[name] = .bool(d); if old != d { events.append(.booleanChanged(name, old: old, new: d)) }
        case (.string(let old)?, .string(let d)?): values[name] = .string(d); if old != d { events.append(.stringChanged(name, old: old, new: d)) }
        default: break
        }
        if fromAction { actionsChangedInputs = true }
        if run { evaluate() }
    }

    // MARK: Actions

    /// Runs `actions` in order.
    mutating func run(_ actions: [StateMachineAction], evaluate run: Bool, fromAction: Bool) {
        for a in actions { perform(a, evaluate: run, fromAction: fromAction) }
    }

    private mutating func perform(_ a: StateMachineAction, evaluate run: Bool, fromAction: Bool) {
        switch a {
        case .increment(let name, let by), .decrement(let name, let by):
            guard let v = numeric(name) else { return }
            let step = by.flatMap(resolve) ?? 1
            let sign: Double = if case .increment = a { 1 } else { -1 }
            // The runtime marks an increment without a value as an action's change even when an
            // interaction ran it; kept, since it decides whether the global state is looked at again.
            let marked = fromAction || (by == nil && sign > 0)
            setNumeric(name, v + sign * step, evaluate: run, fromAction: marked)
        case .toggle(let name):
            guard let v = boolean(name) else { return }
            setBoolean(name, !v, evaluate: run, fromAction: fromAction)
        case .setBoolean(let name, let operand):
            guard boolean(name) != nil else { return }
            switch operand {
            case .value(let b): setBoolean(name, b, evaluate: run, fromAction: fromAction)
            case .input(let other): if let b = boolean(other) { setBoolean(name, b, evaluate: run, fromAction: fromAction) }
            }
        case .setString(let name, let value):
            guard string(name) != nil else { return }
            let referenced = value.hasPrefix("$") ? string(String(value.dropFirst())) : nil
            setString(name, referenced ?? value, evaluate: run, fromAction: fromAction)
        case .setNumeric(let name, let operand):
            guard numeric(name) != nil, let v = resolve(operand) else { return }
            setNumeric(name, v, evaluate: run, fromAction: fromAction)
        case .setRandom(let name, let minimum, let maximum, let integer):
            guard numeric(name) != nil else { return }
            guard let lo = bound(minimum, default: 0), let hi = bound(maximum, default: 1), lo <= hi else { return }
            let r = random.next()
            setNumeric(name, integer ? lo + (r * (hi - lo + 1)).rounded(.down) : lo + r * (hi - lo), evaluate: run, fromAction: fromAction)
        case .multiply(let name, let operand):
            guard let v = numeric(name), let m = resolve(operand), v * m != v else { return }
            setNumeric(name, v * m, evaluate: run, fromAction: fromAction)
        case .floor(let name):
            guard let v = numeric(name), v.rounded(.down) != v else { return }
            setNumeric(name, v.rounded(.down), evaluate: run, fromAction: fromAction)
        case .clamp(let name, let minimum, let maximum):
            guard let v = numeric(name) else { return }
            let lo = minimum.map(resolve), hi = maximum.map(resolve)
            // An operand that names nothing cancels the clamp, as does a minimum above the maximum.
            if lo == .some(nil) || hi == .some(nil) { return }
            let l = lo ?? nil, h = hi ?? nil
            if l == nil && h == nil { return }
            if let l, let h, l > h { return }
            var r = v
            if let l { r = Swift.max(r, l) }
            if let h { r = Swift.min(r, h) }
            if r != v { setNumeric(name, r, evaluate: run, fromAction: fromAction) }
        case .fire(let name):
            fire(name, evaluate: run)
        case .reset(let name):
            reset(name, evaluate: run, fromAction: fromAction)
        case .setTheme(let value):
            let theme = value.hasPrefix("$") ? string(String(value.dropFirst())) ?? value : value
            playhead.theme = theme
        case .setFrame(let operand):
            guard let f = resolve(operand) else { return }
            playhead.setFrame(Swift.min(Swift.max(f, 0), playhead.lastFrame))
        case .setProgress(let operand):
            guard let p = resolve(operand) else { return }
            playhead.setFrame(playhead.lastFrame * Swift.min(Swift.max(p, 0), 100) / 100)
        case .fireCustomEvent(let value):
            events.append(.customEvent(value))
        case .openURL(let url, let target):
            let resolved = url.hasPrefix("$") ? string(String(url.dropFirst())) ?? url : url
            events.append(.openURL(resolved, target: target))
        }
    }

    /// A SetRandom bound: the default when absent, nil (no action) when it names nothing.
    private func bound(_ n: StateMachineNumber?, default d: Double) -> Double? {
        guard let n else { return d }
        return resolve(n)
    }

    // MARK: Interactions

    /// OnComplete / OnLoopComplete: the actions of those naming the current state.
    mutating func playerEvent(_ event: StateMachinePointerEvent) {
        var todo: [StateMachineAction] = []
        for i in definition.interactions {
            switch i.kind {
            case .onComplete(let s) where event == .complete && s == currentState: todo += i.actions
            case .onLoopComplete(let s) where event == .loopComplete && s == currentState: todo += i.actions
            default: break
            }
        }
        run(todo, evaluate: true, fromAction: false)
    }

    /// Interactions of the event's own type: one limited to a layer runs when the point is in the
    /// layer (PointerExit: when it has left the layer it entered); one without a layer always.
    mutating func explicit(_ event: StateMachinePointerEvent) {
        let (x, y) = event.point
        var todo: [StateMachineAction] = []
        var entered = enteredLayer
        for i in definition.interactions where i.kind.typeName == event.typeName {
            guard let layer = i.kind.layer else { todo += i.actions; continue }
            if case .pointerExit = event {
                if enteredLayer == layer && !hitTest(layer, x, y) { entered = ""; todo += i.actions }
            } else if hitTest(layer, x, y) {
                entered = layer
                todo += i.actions
            }
        }
        enteredLayer = entered
        run(todo, evaluate: true, fromAction: false)
    }

    /// What a moving pointer means on platforms that only report moves, downs and ups: PointerMove
    /// interactions, and entering or leaving the layers PointerEnter / PointerExit interactions name.
    mutating func crossPlatform(_ event: StateMachinePointerEvent) {
        let (x, y) = event.point
        var todo: [StateMachineAction] = []
        if case .pointerMove = event {
            for i in definition.interactions where i.kind == .pointerMove { todo += i.actions }
        }
        var hit = false
        let old = enteredLayer
        for i in definition.interactions {
            let layer: String
            switch i.kind {
            case .pointerEnter(let l?), .pointerExit(let l?): layer = l
            default: continue
            }
            guard hitTest(layer, x, y) else { continue }
            hit = true
            if enteredLayer == layer { break }
            enteredLayer = layer
            for j in definition.interactions where j.kind == .pointerEnter(layer: layer) { todo += j.actions }
        }
        if !hit && !old.isEmpty {
            enteredLayer = ""
            for j in definition.interactions where j.kind == .pointerExit(layer: old) { todo += j.actions }
        }
        run(todo, evaluate: true, fromAction: false)
    }
}
