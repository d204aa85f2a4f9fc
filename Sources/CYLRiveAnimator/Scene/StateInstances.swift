/// The playing state of one layer state.
class StateInstance {
    let index: Int
    let model: StateModel
    init(index: Int, model: StateModel) {
        self.index = index
        self.model = model
    }
    func advance(_ seconds: Double, _ machine: StateMachinePlayer) {}
    func apply(_ artboard: ArtboardInstance, mix: Double) {}
    var keepGoing: Bool { false }
    func clearSpilledTime() {}
    /// The animation an exit time is measured on (animation states only).
    var playhead: AnimationPlayhead? { nil }
}

/// Plays one linear animation at the state's speed.
final class AnimationStateInstance: StateInstance {
    var head: AnimationPlayhead
    private var keep = true

    init(index: Int, model: StateModel, animation: BoundAnimation, machine: StateMachinePlayer) {
        head = AnimationPlayhead(animation, speedMultiplier: model.speed)
        head.reporter = { [unowned machine] in machine.reportCallback($0, $1, $2) }
        super.init(index: index, model: model)
    }

    override func advance(_ seconds: Double, _ machine: StateMachinePlayer) {
        keep = head.advance(seconds * model.speed)
    }

    override func apply(_ artboard: ArtboardInstance, mix: Double) { head.apply(artboard, mix: mix) }
    override var keepGoing: Bool { keep }
    override func clearSpilledTime() { head.spilledTime = 0 }
    override var playhead: AnimationPlayhead? { head }
}

/// Blends animations by a number input (1-D) or by each animation's own mix (direct).
final class BlendStateInstance: StateInstance {
    struct Part {
        var head: AnimationPlayhead
        var value: Double
        var input: Int?
        var mix = 0.0
    }
    var parts: [Part]
    let isDirect: Bool
    let blendInput: Int?
    /// Values to restore before applying (the reset flag): the first animation's first keys.
    var reset: AnimationReset?

    init(index: Int, model: StateModel, machine: StateMachinePlayer) {
        var parts: [Part] = []
        switch model.kind {
        case let .blend1D(input, animations):
            isDirect = false
            blendInput = input
            for a in animations {
                guard let i = a.animation, let bound = machine.animation(i) else { continue }
                parts.append(Part(head: AnimationPlayhead(bound), value: a.value))
            }
            parts = parts.enumerated().sorted { ($0.element.value, $0.offset) < ($1.element.value, $1.offset) }.map(\.element)
        case let .blendDirect(animations):
            isDirect = true
            blendInput = nil
            for a in animations {
                guard let i = a.animation, let bound = machine.animation(i) else { continue }
                parts.append(Part(head: AnimationPlayhead(bound), value: a.mix, input: a.input))
            }
        default:
            isDirect = true
            blendInput = nil
        }
        for i in parts.indices { parts[i].head.reporter = { [unowned machine] in machine.reportCallback($0, $1, $2) } }
        self.parts = parts
        super.init(index: index, model: model)
        if !isDirect && model.resetsOnBlend {
            reset = AnimationReset(parts.map(\.head.animation), artboard: machine.artboard, firstIsBaseline: true)
        }
    }

    override func advance(_ seconds: Double, _ machine: StateMachinePlayer) {
        for i in parts.indices where parts[i].head.keepGoing { parts[i].head.advance(seconds) }
        if isDirect {
            for i in parts.indices {
                let v = parts[i].input.map { machine.number($0) } ?? parts[i].value
                parts[i].mix = min(1, max(0, v / 100))
            }
            return
        }
        let value = blendInput.map { machine.number($0) } ?? 0
        // The first part at or above the value, and the one before it.
        var to = 0
        var lo = 0, hi = parts.count - 1
        while lo <= hi {
            let mid = (lo + hi) >> 1
            let v = parts[mid].value
            if v < value { lo = mid + 1 } else if v > value { hi = mid - 1 } else { lo = mid; break }
            to = lo
        }
        to = lo
        let toPart = to < parts.count ? to : nil
        let fromPart = to - 1 >= 0 && to - 1 < parts.count ? to - 1 : nil
        let toValue = toPart.map { parts[$0].value } ?? 0, fromValue = fromPart.map { parts[$0].value } ?? 0
        var mix = 1.0, mixFrom = 1.0
        if toPart != nil && fromPart != nil && toValue != fromValue {
            mix = (value - fromValue) / (toValue - fromValue)
            mixFrom = 1 - mix
        }
        for i in parts.indices {
            let v = parts[i].value
            if toPart != nil && v == toValue { parts[i].mix = mix } else if fromPart != nil && v == fromValue {
                parts[i].mix = mixFrom
            } else {
                parts[i].mix = 0
            }
        }
    }

    override func apply(_ artboard: ArtboardInstance, mix: Double) {
        reset?.apply()
        for p in parts {
            let m = mix * p.mix
            if m != 0 { p.head.apply(artboard, mix: m) }
        }
    }

    override var keepGoing: Bool { true }
}

extension StateModel {
    /// The reset flag of blend states: restore baseline values before blending.
    var resetsOnBlend: Bool { flags & 2 != 0 }
}

/// A snapshot of the number and colour properties some animations key, written back before
/// mixing so that each frame mixes from the same starting values.
struct AnimationReset {
    struct Entry {
        let component: RComponent
        let key: Int
        let value: PropertyValue
    }
    var entries: [Entry] = []

    init(_ animations: [BoundAnimation], artboard: ArtboardInstance, firstIsBaseline: Bool) {
        var seen = Set<[Int]>()
        for (i, animation) in animations.enumerated() {
            let baseline = firstIsBaseline && i == 0
            for k in animation.keyed {
                guard seen.insert([k.component.index, k.key]).inserted else { continue }
                let value: PropertyValue?
                switch RiveDefinitions.fieldType(ofProperty: k.key) {
                case .float?:
                    if baseline, case .double(let d)? = k.keyframes.first?.value { value = .double(d) } else {
                        value = k.component.double(k.key).map { .double($0) }
                    }
                case .color?:
                    if baseline, case .color(let c)? = k.keyframes.first?.value { value = .color(c) } else {
                        value = k.component.color(k.key).map { .color($0) }
                    }
                default:
                    value = nil
                }
                if let value { entries.append(Entry(component: k.component, key: k.key, value: value)) }
            }
        }
    }

    func apply() {
        for e in entries { _ = e.component.set(e.key, e.value) }
    }
}
