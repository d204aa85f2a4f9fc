import CYLTimeline

extension RiveImporter {
    private var currentLayer: (a: Int, sm: Int, layer: Int)? {
        guard let a = artboards.indices.last, let sm = currentStateMachineIndex,
              let l = artboards[a].stateMachines[sm].layers.indices.last else { return nil }
        return (a, sm, l)
    }

    private var currentState: (a: Int, sm: Int, layer: Int, state: Int)? {
        guard let (a, sm, l) = currentLayer, let s = artboards[a].stateMachines[sm].layers[l].states.indices.last else { return nil }
        return (a, sm, l, s)
    }

    mutating func appendState(_ state: StateModel) {
        guard let (a, sm, l) = currentLayer else { return }
        artboards[a].stateMachines[sm].layers[l].states.append(state)
    }

    mutating func importStateMachineObject(_ object: RawObject) throws(RiveError) {
        let t = object.typeKey
        func isA(_ k: Int) -> Bool { RiveDefinitions.isType(t, kindOf: k) }
        switch t {
        case RiveTypeKey.stateMachine:
            guard let a = artboards.indices.last else { throw error(object, "a state machine outside any artboard") }
            artboards[a].stateMachines.append(StateMachineModel(name: string(object, RivePropertyKey.animationName), inputs: [], layers: []))
            open(.stateMachine)
        case _ where isA(RiveTypeKey.stateMachineInput):
            guard let a = artboards.indices.last, let sm = currentStateMachineIndex else {
                throw error(object, "an input outside any state machine")
            }
            let name = string(object, RivePropertyKey.stateMachineComponentName)
            let input: StateMachineInputModel?
            switch t {
            case RiveTypeKey.stateMachineBool: input = .bool(name: name, value: bool(object, RivePropertyKey.stateMachineBoolValue, false))
            case RiveTypeKey.stateMachineNumber: input = .number(name: name, value: double(object, RivePropertyKey.stateMachineNumberValue, 0))
            case RiveTypeKey.stateMachineTrigger: input = .trigger(name: name)
            default: input = nil
            }
            artboards[a].stateMachines[sm].inputs.append(input)
        case RiveTypeKey.stateMachineLayer:
            guard let a = artboards.indices.last, let sm = currentStateMachineIndex else {
                throw error(object, "a layer outside any state machine")
            }
            artboards[a].stateMachines[sm].layers.append(LayerModel(name: string(object, RivePropertyKey.stateMachineComponentName),
                                                                    states: [], entry: -1, any: -1, exit: -1))
            open(.layer)
        case _ where isA(RiveTypeKey.layerState):
            try importState(object)
        case _ where isA(RiveTypeKey.stateTransition):
            try importTransition(object)
        case _ where isA(RiveTypeKey.transitionCondition):
            try importCondition(object)
        case _ where isA(RiveTypeKey.transitionComparator):
            importComparator(object)
        case _ where isA(RiveTypeKey.bindableProperty):
            return
        case _ where isA(RiveTypeKey.blendAnimation):
            try importBlendAnimation(object)
        case _ where isA(RiveTypeKey.listenerAction):
            importAction(object)
        case RiveTypeKey.stateMachineListenerSingle, RiveTypeKey.stateMachineListener:
            guard let a = artboards.indices.last, let sm = currentStateMachineIndex else { return }
            // Only event listeners can act in a timeline: pointers, keys and focus never come.
            var events: [Int] = []
            if t == RiveTypeKey.stateMachineListenerSingle,
               uint(object, RivePropertyKey.stateMachineListenerSingleListenerTypeValue, 0) == 5,
               let e = id(object, RivePropertyKey.stateMachineListenerSingleEventId) {
                events.append(e)
            }
            artboards[a].stateMachines[sm].listeners.append(ListenerModel(
                target: id(object, RivePropertyKey.stateMachineListenerTargetId) ?? -1, events: events, actions: []))
        case RiveTypeKey.listenerInputTypeEvent:
            guard let a = artboards.indices.last, let sm = currentStateMachineIndex,
                  let l = artboards[a].stateMachines[sm].listeners.indices.last,
                  let e = id(object, RivePropertyKey.listenerInputTypeEventEventId) else { return }
            artboards[a].stateMachines[sm].listeners[l].events.append(e)
        case _ where isA(RiveTypeKey.stateMachineFireAction) || isA(RiveTypeKey.listenerInputType)
            || isA(RiveTypeKey.stateMachineComponent):
            // Events fired by states have no visual effect of their own; folders only organise
            // the editor's view.
            return
        case _ where isA(RiveTypeKey.dataConverter):
            dataConverters.append(converter(object))
        case RiveTypeKey.dataConverterGroupItem:
            // An item belongs to the group read last; one elsewhere has nothing to join.
            guard let last = dataConverters.indices.last, case .group(var items) = dataConverters[last].kind,
                  let converter = id(object, RivePropertyKey.dataConverterGroupItemConverterId) else { return }
            items.append(converter)
            dataConverters[last].kind = .group(items)
        case _ where isA(RiveTypeKey.dataBindPath) || isA(RiveTypeKey.formulaToken):
            return
        default:
            note(object.offset, "\(object.typeName) objects are not supported; ignored", key: "unsupported \(t)", feature: Self.feature(ofType: object.typeKey))
        }
    }

    mutating func converter(_ object: RawObject) -> DataConverterModel {
        switch object.typeKey {
        case RiveTypeKey.dataConverterBooleanNegate: return DataConverterModel(kind: .negate)
        case RiveTypeKey.dataConverterTrigger: return DataConverterModel(kind: .trigger)
        case RiveTypeKey.dataConverterSystemDegsToRads: return DataConverterModel(kind: .degreesToRadians)
        case RiveTypeKey.dataConverterGroup: return DataConverterModel(kind: .group([]))
        case RiveTypeKey.dataConverterOperationValue:
            return DataConverterModel(kind: .operation(op: Int(clamping: uint(object, RivePropertyKey.dataConverterOperationOperationType, 0)),
                                                       operand: double(object, RivePropertyKey.dataConverterOperationValueOperationValue, 1)))
        case RiveTypeKey.dataConverterRangeMapper:
            return DataConverterModel(kind: .rangeMapper(
                minIn: double(object, RivePropertyKey.dataConverterRangeMapperMinInput, 0),
                maxIn: double(object, RivePropertyKey.dataConverterRangeMapperMaxInput, 1),
                minOut: double(object, RivePropertyKey.dataConverterRangeMapperMinOutput, 0),
                maxOut: double(object, RivePropertyKey.dataConverterRangeMapperMaxOutput, 1),
                flags: Int(clamping: uint(object, RivePropertyKey.dataConverterRangeMapperFlags, 0))))
        default:
            note(object.offset, "\(object.typeName) data converters are not supported; values pass through unconverted",
                 key: "converter \(object.typeKey)", feature: Self.feature(ofType: object.typeKey))
            return DataConverterModel(kind: .unsupported(object.typeName))
        }
    }

    mutating func importState(_ object: RawObject) throws(RiveError) {
        guard let (a, sm, l) = currentLayer else { throw error(object, "a state outside any layer") }
        let kind: StateKind
        switch object.typeKey {
        case RiveTypeKey.entryState: kind = .entry
        case RiveTypeKey.exitState: kind = .exit
        case RiveTypeKey.anyState: kind = .any
        case RiveTypeKey.animationState:
            // Out-of-range animation ids play nothing (the state still takes part in transitions).
            let id = id(object, RivePropertyKey.animationStateAnimationId)
            kind = .animation(id.flatMap { $0 < artboards[a].animations.count ? $0 : nil })
        case RiveTypeKey.blendState1DInput:
            kind = .blend1D(input: id(object, RivePropertyKey.blendState1DInputInputId), animations: [])
        case RiveTypeKey.blendStateDirect:
            kind = .blendDirect(animations: [])
        default:
            note(object.offset, "\(object.typeName) states are not supported; they play nothing", key: "state \(object.typeKey)")
            kind = .other
        }
        let flags = uint(object, RivePropertyKey.layerStateFlags, 0)
        let index = artboards[a].stateMachines[sm].layers[l].states.count
        switch kind {
        case .entry: artboards[a].stateMachines[sm].layers[l].entry = index
        case .exit: artboards[a].stateMachines[sm].layers[l].exit = index
        case .any: artboards[a].stateMachines[sm].layers[l].any = index
        default: break
        }
        let speed = double(object, RivePropertyKey.advanceableStateSpeed, 1)
        appendState(StateModel(kind: kind, speed: speed.isFinite ? speed : 1, flags: Int(clamping: flags), transitions: [], actions: []))
        lastLayerComponentIsTransition = false
    }

    mutating func importTransition(_ object: RawObject) throws(RiveError) {
        guard let (a, sm, l, s) = currentState else { throw error(object, "a transition outside any state") }
        let transition = TransitionModel(
            target: id(object, RivePropertyKey.stateTransitionStateToId) ?? -1,
            flags: Int(clamping: uint(object, RivePropertyKey.stateTransitionFlags, 0)),
            duration: Int(clamping: uint(object, RivePropertyKey.stateTransitionDuration, 0)),
            exitTime: Int(clamping: uint(object, RivePropertyKey.stateTransitionExitTime, 0)),
            interpolator: nil, randomWeight: Int(clamping: uint(object, RivePropertyKey.stateTransitionRandomWeight, 1)),
            conditions: [], actions: [])
        let index = artboards[a].stateMachines[sm].layers[l].states[s].transitions.count
        artboards[a].stateMachines[sm].layers[l].states[s].transitions.append(transition)
        if uint(object, RivePropertyKey.stateTransitionInterpolationType, 1) != 0,
           let interpolatorID = id(object, RivePropertyKey.stateTransitionInterpolatorId) {
            artboards[a].pendingTransitionInterpolators.append((sm, l, s, index, interpolatorID))
        }
        lastLayerComponentIsTransition = true
    }

    private var currentTransition: (a: Int, sm: Int, layer: Int, state: Int, transition: Int)? {
        guard let (a, sm, l, s) = currentState,
              let tr = artboards[a].stateMachines[sm].layers[l].states[s].transitions.indices.last else { return nil }
        return (a, sm, l, s, tr)
    }

    mutating func importCondition(_ object: RawObject) throws(RiveError) {
        guard let (a, sm, l, s, tr) = currentTransition else { throw error(object, "a condition outside any transition") }
        let inputs = artboards[a].stateMachines[sm].inputs
        let op = ComparisonOp(rawValue: Int(clamping: uint(object, RivePropertyKey.transitionValueConditionOpValue, 0))) ?? .equal
        let condition: ConditionModel
        func input(_ matches: (StateMachineInputModel?) -> Bool) -> Int? {
            guard let i = id(object, RivePropertyKey.transitionInputConditionInputId), i < inputs.count, matches(inputs[i]) else {
                note(object.offset, "a transition condition names a missing input or one of the wrong type; the condition is dropped")
                return nil
            }
            return i
        }
        switch object.typeKey {
        case RiveTypeKey.transitionBoolCondition:
            guard let i = input({ if case .bool? = $0 { return true }; return $0 == nil }) else { return }
            condition = .bool(input: i, op: op)
        case RiveTypeKey.transitionNumberCondition:
            guard let i = input({ if case .number? = $0 { return true }; return $0 == nil }) else { return }
            condition = .number(input: i, op: op, value: double(object, RivePropertyKey.transitionNumberConditionValue, 0))
        case RiveTypeKey.transitionTriggerCondition:
            guard let i = input({ if case .trigger? = $0 { return true }; return $0 == nil }) else { return }
            condition = .trigger(input: i)
        case RiveTypeKey.transitionViewModelCondition:
            let op = ComparisonOp(rawValue: Int(clamping: uint(object, RivePropertyKey.transitionViewModelConditionOpValue, 0))) ?? .equal
            condition = .viewModel(ViewModelConditionModel(op: op, left: nil, right: nil))
        default:
            note(object.offset, "\(object.typeName) conditions are not supported; they never hold", key: "condition \(object.typeKey)",
                 feature: Self.feature(ofType: object.typeKey))
            condition = .unsupported(object.typeName)
        }
        artboards[a].stateMachines[sm].layers[l].states[s].transitions[tr].conditions.append(condition)
    }

    /// The two sides of the latest view-model condition: the first comparator is the left one.
    mutating func importComparator(_ object: RawObject) {
        guard let (a, sm, l, s, tr) = currentTransition,
              case .viewModel(var model)? = artboards[a].stateMachines[sm].layers[l].states[s].transitions[tr].conditions.last else {
            return
        }
        let comparand: ViewModelConditionModel.Comparand?
        switch object.typeKey {
        case RiveTypeKey.transitionPropertyViewModelComparator: comparand = bindable?.readPath.map { .property($0) }
        case RiveTypeKey.transitionPropertyComponentComparator:
            comparand = .component(object: id(object, RivePropertyKey.transitionPropertyComponentComparatorObjectId) ?? -1,
                                   key: Int(clamping: uint(object, RivePropertyKey.transitionPropertyComponentComparatorPropertyKey, 0)))
        case RiveTypeKey.transitionValueNumberComparator: comparand = .number(double(object, RivePropertyKey.transitionValueNumberComparatorValue, 0))
        case RiveTypeKey.transitionValueBooleanComparator: comparand = .bool(bool(object, RivePropertyKey.transitionValueBooleanComparatorValue, false))
        case RiveTypeKey.transitionValueColorComparator:
            comparand = .color(raw(object, RivePropertyKey.transitionValueColorComparatorValue)?.asColor ?? 0xFF1D_1D1D)
        case RiveTypeKey.transitionValueStringComparator: comparand = .string(string(object, RivePropertyKey.transitionValueStringComparatorValue))
        case RiveTypeKey.transitionValueEnumComparator: comparand = .enumValue(id(object, RivePropertyKey.transitionValueIdComparatorValue) ?? -1)
        case RiveTypeKey.transitionValueTriggerComparator, RiveTypeKey.transitionSelfComparator: comparand = .changed
        default: comparand = nil
        }
        if model.left == nil { model.left = comparand } else { model.right = comparand }
        let n = artboards[a].stateMachines[sm].layers[l].states[s].transitions[tr].conditions.count
        artboards[a].stateMachines[sm].layers[l].states[s].transitions[tr].conditions[n - 1] = .viewModel(model)
    }

    mutating func importBlendAnimation(_ object: RawObject) throws(RiveError) {
        guard let (a, sm, l, s) = currentState else { throw error(object, "a blend animation outside any state") }
        let animationCount = artboards[a].animations.count
        let animation = id(object, RivePropertyKey.blendAnimationAnimationId).flatMap { $0 < animationCount ? $0 : nil }
        var state = artboards[a].stateMachines[sm].layers[l].states[s]
        switch state.kind {
        case .blend1D(let input, var animations):
            animations.append((animation, double(object, RivePropertyKey.blendAnimation1DValue, 0)))
            state.kind = .blend1D(input: input, animations: animations)
        case .blendDirect(var animations):
            let source = uint(object, RivePropertyKey.blendAnimationDirectBlendSource, 0)
            animations.append((animation, source == 0 ? id(object, RivePropertyKey.blendAnimationDirectInputId) : nil,
                               double(object, RivePropertyKey.blendAnimationDirectMixValue, 100)))
            state.kind = .blendDirect(animations: animations)
        default:
            throw error(object, "a blend animation in a state that does not blend")
        }
        artboards[a].stateMachines[sm].layers[l].states[s] = state
    }

    /// Input changes a state or transition performs when it starts or ends.
    mutating func importAction(_ object: RawObject) {
        let flags = uint(object, RivePropertyKey.listenerActionFlags, 0)
        let parentKind = (flags >> 1) & 3
        if parentKind == 0 { return importListenerAction(object) }
        guard parentKind == 1 || parentKind == 2, let (a, sm, l, s) = currentState else { return }
        guard let input = id(object, RivePropertyKey.listenerInputChangeInputId),
              id(object, RivePropertyKey.listenerInputChangeNestedInputId) == nil else { return }
        let change: StateActionModel.Change
        switch object.typeKey {
        case RiveTypeKey.listenerBoolChange:
            let v = uint(object, RivePropertyKey.listenerBoolChangeValue, 1)
            change = .setBool(input, v == 0 ? false : (v == 1 ? true : nil))
        case RiveTypeKey.listenerNumberChange: change = .setNumber(input, double(object, RivePropertyKey.listenerNumberChangeValue, 0))
        case RiveTypeKey.listenerTriggerChange: change = .fire(input)
        default: return
        }
        let action = StateActionModel(atEnd: flags & 1 == 1, change: change)
        if lastLayerComponentIsTransition, let tr = artboards[a].stateMachines[sm].layers[l].states[s].transitions.indices.last {
            artboards[a].stateMachines[sm].layers[l].states[s].transitions[tr].actions.append(action)
        } else {
            artboards[a].stateMachines[sm].layers[l].states[s].actions.append(action)
        }
    }

    /// An action of the latest listener.
    mutating func importListenerAction(_ object: RawObject) {
        guard let a = artboards.indices.last, let sm = currentStateMachineIndex,
              let l = artboards[a].stateMachines[sm].listeners.indices.last else { return }
        let action: ListenerActionModel
        switch object.typeKey {
        case RiveTypeKey.listenerViewModelChange:
            guard let b = bindable else { return }
            action = .viewModel(b)
        case RiveTypeKey.listenerFireEvent:
            guard let e = id(object, RivePropertyKey.listenerFireEventEventId) else { return }
            action = .fireEvent(e)
        case RiveTypeKey.listenerBoolChange, RiveTypeKey.listenerNumberChange, RiveTypeKey.listenerTriggerChange:
            guard let input = id(object, RivePropertyKey.listenerInputChangeInputId),
                  id(object, RivePropertyKey.listenerInputChangeNestedInputId) == nil else { return }
            switch object.typeKey {
            case RiveTypeKey.listenerBoolChange:
                let v = uint(object, RivePropertyKey.listenerBoolChangeValue, 1)
                action = .input(.setBool(input, v == 0 ? false : (v == 1 ? true : nil)))
            case RiveTypeKey.listenerNumberChange:
                action = .input(.setNumber(input, double(object, RivePropertyKey.listenerNumberChangeValue, 0)))
            default:
                action = .input(.fire(input))
            }
        default:
            return
        }
        artboards[a].stateMachines[sm].listeners[l].actions.append(action)
    }

    /// A view-model path: little-endian varuints.
    static func decodePath(_ bytes: [UInt8]) -> [Int] {
        var r = BinaryReader(bytes, file: "")
        var out: [Int] = []
        while !r.isAtEnd, let v = try? r.varInt("a path id") { out.append(v) }
        return out
    }

    /// Checks each layer's structure: system states present, transitions pointing at states.
    mutating func validateStateMachines(_ a: Int) throws(RiveError) {
        let board = artboards[a]
        for (m, machine) in board.stateMachines.enumerated() {
            for layer in machine.layers {
                guard layer.entry >= 0, layer.any >= 0, layer.exit >= 0 else {
                    throw RiveError(file: file, byte: board.offset,
                                    "artboard \"\(board.name)\": layer \"\(layer.name)\" of state machine \"\(machine.name)\" lacks its entry, any or exit state")
                }
                for state in layer.states {
                    for transition in state.transitions where transition.target < 0 || transition.target >= layer.states.count {
                        throw RiveError(file: file, byte: board.offset,
                                        "artboard \"\(board.name)\": a transition in layer \"\(layer.name)\" of state machine \(m) goes to state \(transition.target), but the layer has \(layer.states.count)")
                    }
                }
            }
        }
    }
}
