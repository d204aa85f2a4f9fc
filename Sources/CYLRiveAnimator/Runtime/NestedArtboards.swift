import CYLTimeline
import CYLGeometry

/// Another artboard of the file drawn in this one, with its own animations or state machine.
final class RNestedArtboard: RDrawable {
    override func unlink() {
        super.unlink()
        animations.removeAll()
    }

    var artboardID: Int?
    /// A path to the view-model instance the nested artboard binds (else it reads its host's).
    var dataBindPath: [Int]?
    var isStateful = false
    var isPaused = false
    var speed = 1.0
    var quantize = -1.0
    /// The playing instance (nil when the id is out of range or nesting is too deep).
    var instance: ArtboardInstance?
    var animations: [RNestedAnimation] = []
    /// The artboard this one is nested in, once resolved.
    unowned(unsafe) var host: ArtboardInstance?
    /// A state machine played on an artboard swapped in by data binding.
    var swappedMachine: StateMachinePlayer?
    private var cumulated = 0.0

    override func set(_ key: Int, _ value: PropertyValue) -> Bool {
        switch key {
        case RivePropertyKey.nestedArtboardArtboardId:
            let id = value.index
            guard id != artboardID || host == nil else { return true }
            artboardID = id
            // A bound artboard swaps what is nested (none when the id names no artboard).
            if let host { swap(host) }
        case RivePropertyKey.nestedArtboardIsPaused: isPaused = value.bool ?? isPaused
        case RivePropertyKey.nestedArtboardIsStateful: isStateful = value.bool ?? isStateful
        case RivePropertyKey.nestedArtboardSpeed: speed = value.double ?? speed
        case RivePropertyKey.nestedArtboardQuantize: quantize = value.double ?? quantize
        case RivePropertyKey.nestedArtboardDataBindPathIds:
            if case .bytes(let b) = value { dataBindPath = RiveImporter.decodePath(b) }
        default: return super.set(key, value)
        }
        return true
    }

    override func double(_ key: Int) -> Double? {
        switch key {
        case RivePropertyKey.nestedArtboardSpeed: return speed
        case RivePropertyKey.nestedArtboardQuantize: return quantize
        default: return super.double(key)
        }
    }

    /// Replaces the nested artboard after its id changed: the new artboard plays its first state
    /// machine, as the runtime does for swapped artboards.
    private func swap(_ artboard: ArtboardInstance) {
        instance = nil
        swappedMachine = nil
        guard let id = artboardID, id < artboard.file.artboards.count, artboard.depth < artboard.limits.maxPrecompDepth,
              artboard.budget.take(artboard.file.artboards[id].objects.count) else { return }
        instance = ArtboardInstance(artboard.file.artboards[id], file: artboard.file, limits: artboard.limits,
                                    depth: artboard.depth + 1, context: artboard.context.map { DataContext(instances: [], parent: $0) },
                                    images: artboard.images, fonts: artboard.fonts, budget: artboard.budget)
        instance?.root.frameOrigin = false
        if let board = instance, !board.model.stateMachines.isEmpty {
            swappedMachine = StateMachinePlayer(board.model.stateMachines[0], artboard: board)
            swappedMachine?.nestedIn = self
        }
    }

    override func resolve(_ artboard: ArtboardInstance) {
        host = artboard
        guard let id = artboardID, id < artboard.file.artboards.count else {
            artboard.noteOnce("a nested artboard refers to artboard \(artboardID.map(String.init) ?? "none"), which does not exist")
            return
        }
        guard artboard.depth < artboard.limits.maxPrecompDepth else {
            artboard.noteOnce("nested artboards deeper than \(artboard.limits.maxPrecompDepth) are not drawn (\(Limit.maxPrecompDepth))")
            return
        }
        guard artboard.budget.take(artboard.file.artboards[id].objects.count) else {
            artboard.noteOnce(artboard.budget.exhaustedMessage)
            return
        }
        var context: DataContext? = artboard.context.map { DataContext(instances: [], parent: $0) }
        if let path = dataBindPath, !path.isEmpty, case .instance(let bound)? = artboard.context?.value(path) {
            context = DataContext(instances: [bound], parent: artboard.context)
        } else if let own = children.lazy.compactMap({ $0 as? RViewModelInstance }).first {
            // A stateful component keeps its own instance (its values may be bound by the host).
            own.resolve(artboard)
            if let live = own.live { context = DataContext(instances: [live], parent: artboard.context) }
        }
        instance = ArtboardInstance(artboard.file.artboards[id], file: artboard.file, limits: artboard.limits,
                                    depth: artboard.depth + 1, context: context, images: artboard.images, fonts: artboard.fonts,
                                    budget: artboard.budget)
        instance?.root.frameOrigin = false
        for n in instance?.notes ?? [] { artboard.noteOnce(n.message, feature: n.feature) }
    }

    override func link(_ artboard: ArtboardInstance) {
        super.link(artboard)
        guard let instance else { return }
        for child in children {
            if let origin = child as? RComponentOrigin {
                instance.root.originX = origin.originX
                instance.root.originY = origin.originY
            }
        }
        for a in animations { a.initialize(instance) }
    }

    override var willDraw: Bool { super.willDraw && instance != nil }

    override func update(_ artboard: ArtboardInstance) {
        super.update(artboard)
        guard let instance else { return }
        instance.root.hostOpacity = renderOpacity
        instance.update()
    }

    private func localElapsed(_ seconds: Double) -> Double {
        var local = seconds * (speed >= 0 ? speed : 1)
        if quantize >= 0 {
            cumulated += local
            let q = 1 / quantize
            if cumulated > q {
                local = (cumulated / q).rounded(.down) * q
                cumulated -= local
            } else {
                local = 0
            }
        }
        return local
    }

    /// Advances the nested animations; returns whether they may still change.
    func advance(_ seconds: Double, newFrame: Bool) -> Bool {
        guard let instance, !isCollapsed, !isPaused else { return false }
        let local = localElapsed(seconds)
        if local == 0 && quantize >= 0 && newFrame { return true }
        var keepGoing = false
        if let m = swappedMachine {
            if newFrame || m.tryChangeState() { keepGoing = m.advance(local, newFrame: newFrame) }
        } else {
            for a in animations where a.advance(local, newFrame: newFrame) { keepGoing = true }
        }
        if instance.advanceNested(local, newFrame: newFrame) { keepGoing = true }
        return keepGoing
    }
}

/// What plays in a nested artboard: a linear animation (free-running or remapped) or a state machine.
class RNestedAnimation: RContainer {
    var animationID: Int?

    override func set(_ key: Int, _ value: PropertyValue) -> Bool {
        if key == RivePropertyKey.nestedAnimationAnimationId { animationID = value.index; return true }
        return super.set(key, value)
    }

    override func resolve(_ artboard: ArtboardInstance) {
        (parent as? RNestedArtboard)?.animations.append(self)
    }

    func initialize(_ instance: ArtboardInstance) {}
    func advance(_ seconds: Double, newFrame: Bool) -> Bool { false }
}

/// A nested linear animation applied with a mix.
class RNestedLinearAnimation: RNestedAnimation {
    var mix = 1.0
    var head: AnimationPlayhead?
    unowned(unsafe) var nested: ArtboardInstance?

    override func set(_ key: Int, _ value: PropertyValue) -> Bool {
        if key == RivePropertyKey.nestedLinearAnimationMix { mix = value.double ?? mix; return true }
        return super.set(key, value)
    }

    override func double(_ key: Int) -> Double? {
        key == RivePropertyKey.nestedLinearAnimationMix ? mix : super.double(key)
    }

    override func initialize(_ instance: ArtboardInstance) {
        nested = instance
        guard let id = animationID, id < instance.model.animations.count else { return }
        head = AnimationPlayhead(BoundAnimation(instance.model.animations[id], artboard: instance))
    }
}

/// Plays on its own, at a speed, while `isPlaying`.
final class RNestedSimpleAnimation: RNestedLinearAnimation {
    var speed = 1.0
    var isPlaying = false

    override func set(_ key: Int, _ value: PropertyValue) -> Bool {
        switch key {
        case RivePropertyKey.nestedSimpleAnimationSpeed: speed = value.double ?? speed
        case RivePropertyKey.nestedSimpleAnimationIsPlaying: isPlaying = value.bool ?? isPlaying
        default: return super.set(key, value)
        }
        return true
    }

    override func advance(_ seconds: Double, newFrame: Bool) -> Bool {
        guard head != nil, let nested else { return false }
        var keepGoing = false
        if isPlaying { keepGoing = head!.advance(seconds * speed) }
        if mix != 0 { head!.apply(nested, mix: mix) }
        return keepGoing
    }
}

/// Shows its animation at `time` (0...1 of its duration), typically keyed by the host.
final class RNestedRemapAnimation: RNestedLinearAnimation {
    var time = 0.0

    override func set(_ key: Int, _ value: PropertyValue) -> Bool {
        if key == RivePropertyKey.nestedRemapAnimationTime {
            time = value.double ?? time
            remap()
            return true
        }
        return super.set(key, value)
    }

    override func double(_ key: Int) -> Double? {
        key == RivePropertyKey.nestedRemapAnimationTime ? time : super.double(key)
    }

    override func initialize(_ instance: ArtboardInstance) {
        super.initialize(instance)
        remap()
    }

    private func remap() {
        guard let h = head else { return }
        let m = h.model
        let seconds = m.durationSeconds * time
        let local: Double
        switch m.loop {
        case .oneShot: local = seconds + m.startTime
        case .loop: local = positiveMod(seconds, m.durationSeconds) + m.startTime
        case .pingPong:
            let t = positiveMod(seconds, m.durationSeconds)
            let direction = m.durationSeconds > 0 ? Int(seconds / m.durationSeconds) % 2 : 0
            local = direction == 0 ? t + m.startTime : m.endTime - t
        }
        head!.setTime(local)
    }

    override func advance(_ seconds: Double, newFrame: Bool) -> Bool {
        if let nested, head != nil, mix != 0 { head!.apply(nested, mix: mix) }
        return false
    }
}

/// A state machine of the nested artboard, with inputs the host can set.
final class RNestedStateMachine: RNestedAnimation {
    override func unlink() {
        super.unlink()
        inputs.removeAll()
    }

    var machine: StateMachinePlayer?
    var inputs: [RNestedInput] = []

    override func initialize(_ instance: ArtboardInstance) {
        guard let id = animationID, id < instance.model.stateMachines.count else { return }
        machine = StateMachinePlayer(instance.model.stateMachines[id], artboard: instance)
        machine?.nestedIn = parent as? RNestedArtboard
        for i in inputs { i.apply(to: machine!) }
    }

    override func advance(_ seconds: Double, newFrame: Bool) -> Bool {
        guard let machine else { return false }
        if !newFrame {
            guard machine.tryChangeState() else { return false }
        }
        return machine.advance(seconds, newFrame: newFrame)
    }
}

/// An input of a nested state machine set by the host (initially, or keyed by its animations).
final class RNestedInput: RComponent {
    var inputID: Int?
    var boolValue: Bool?
    var numberValue: Double?
    unowned(unsafe) var owner: RNestedStateMachine?

    override func set(_ key: Int, _ value: PropertyValue) -> Bool {
        switch key {
        case RivePropertyKey.nestedInputInputId: inputID = value.index
        case RivePropertyKey.nestedBoolNestedValue:
            boolValue = value.bool ?? boolValue
            if let m = owner?.machine { apply(to: m) }
        case RivePropertyKey.nestedNumberNestedValue:
            numberValue = value.double ?? numberValue
            if let m = owner?.machine { apply(to: m) }
        default: return super.set(key, value)
        }
        return true
    }

    override func double(_ key: Int) -> Double? {
        key == RivePropertyKey.nestedNumberNestedValue ? numberValue : super.double(key)
    }

    override func resolve(_ artboard: ArtboardInstance) {
        if let sm = parent as? RNestedStateMachine {
            owner = sm
            sm.inputs.append(self)
        }
    }

    /// A nested trigger fired (by a keyframe): fires the nested state machine's input.
    func fire() {
        guard typeKey == RiveTypeKey.nestedTrigger, let i = inputID, let m = owner?.machine else { return }
        m.fire(i)
    }

    func apply(to machine: StateMachinePlayer) {
        guard let i = inputID else { return }
        if let b = boolValue { machine.setBool(i, b) }
        if let n = numberValue { machine.setNumber(i, n) }
    }
}

/// Overrides a nested artboard's origin.
final class RComponentOrigin: RComponent {
    var originX = 0.0, originY = 0.0

    override func set(_ key: Int, _ value: PropertyValue) -> Bool {
        switch key {
        case RivePropertyKey.componentOriginOriginX: originX = value.double ?? originX
        case RivePropertyKey.componentOriginOriginY: originY = value.double ?? originY
        default: return super.set(key, value)
        }
        // Animated overrides move the nested artboard's content at once.
        if let root = (parent as? RNestedArtboard)?.instance?.root {
            root.originX = originX
            root.originY = originY
        }
        return true
    }

    override func double(_ key: Int) -> Double? {
        switch key {
        case RivePropertyKey.componentOriginOriginX: return originX
        case RivePropertyKey.componentOriginOriginY: return originY
        default: return super.double(key)
        }
    }
}
