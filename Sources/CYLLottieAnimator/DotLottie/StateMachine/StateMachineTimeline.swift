import CYLRaster
import CYLTimeline

/// A dotLottie state machine played into timeline frames, the way the Rive back-end plays its
/// state machines (`ScenePlan`): `render --state-machine` shows the machine from its start
/// without input; a tab (`OpenOptions.playsSelection`) gets frame 0 as the settled resting pose,
/// then what selecting plays, then what deselecting plays (`FrameTimeline.deselectionStart`),
/// each until the machine settles.
struct StateMachinePlan {
    /// One timeline frame: which animation (an index into `animations`) at which frame.
    struct Frame: Sendable, Equatable {
        var animation: Int
        var time: Double
    }

    /// Most seconds the resting pose may take to settle; a machine still moving then rests at
    /// its start instead.
    static let maxRestSeconds = 10.0
    /// Most seconds a selection (or deselection) plays when the machine keeps moving.
    static let maxPlaySeconds = 10.0

    var animations: [String]
    var frames: [Frame]
    var deselectionStart: Int?
    var summary: String

    /// How a tab's selection reaches the machine.
    enum Selection: Equatable {
        /// Set to true on select, false on deselect.
        case boolean(String)
        /// Fired on select and again on deselect.
        case event(String)
        /// A pointer down at the icon's centre on select, and again on deselect (a toggle).
        case pointerDown
        /// A click at the centre, likewise.
        case click

        var text: String {
            switch self {
            case .boolean(let n): return "boolean \"\(n)\" is set (cleared on deselect)"
            case .event(let n): return "event \"\(n)\" fires (again on deselect)"
            case .pointerDown: return "a pointer-down on the icon happens (again on deselect)"
            case .click: return "a click on the icon happens (again on deselect)"
            }
        }
    }

    /// The selection for `machine`: the input `named` (a Boolean or an Event), else the first
    /// Boolean or Event named for selection, else a pointer-down or click interaction; nil when
    /// the machine has none of these.
    static func selection(_ machine: StateMachineDefinition, named: String?) throws(SelectionError) -> Selection? {
        if let named {
            guard let input = machine.input(named: named) else {
                throw SelectionError("state machine \"\(machine.id)\" has no input named \"\(named)\"; it has "
                                     + (machine.inputs.isEmpty ? "none" : machine.inputs.map { "\"\($0.name)\"" }.joined(separator: ", ")))
            }
            switch input.kind {
            case .boolean: return .boolean(named)
            case .event: return .event(named)
            case .numeric, .string:
                throw SelectionError("input \"\(named)\" of state machine \"\(machine.id)\" is \(input.kind.typeName); selection sets a Boolean or fires an Event")
            }
        }
        for input in machine.inputs where SelectionInputName.matches(input.name) {
            if case .boolean = input.kind { return .boolean(input.name) }
            if input.kind == .event { return .event(input.name) }
        }
        if machine.interactions.contains(where: { if case .pointerDown = $0.kind { return true }; return false }) { return .pointerDown }
        if machine.interactions.contains(where: { if case .click = $0.kind { return true }; return false }) { return .click }
        return nil
    }

    struct SelectionError: Error { var message: String; init(_ m: String) { message = m } }

    /// Plays `engine` (not started) into frames stepped at `step` seconds.
    static func make(_ engine: StateMachineEngine, animations: [String], step: Double, selection: Selection?,
                     centre: (x: Double, y: Double), maxFrames: Int) -> StateMachinePlan {
        var e = engine
        let index = Dictionary(animations.enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
        func frame() -> Frame { Frame(animation: index[e.playhead.animation] ?? 0, time: e.playhead.frame) }
        /// Steps until the machine settles or `seconds` pass; the frames shown after each step.
        func play(seconds: Double) -> (frames: [Frame], settled: Bool) {
            var out: [Frame] = []
            let steps = Int((seconds / step).rounded())
            while out.count < steps, out.count < maxFrames, e.isMoving {
                e.advance(seconds: step)
                out.append(frame())
            }
            return (out, !e.isMoving)
        }
        e.start()
        let name = "state machine \"\(e.definition.id)\""
        guard let selection else {
            let first = frame()
            let (rest, settled) = play(seconds: maxPlaySeconds)
            return StateMachinePlan(animations: animations, frames: [first] + rest, deselectionStart: nil,
                                    summary: "\(name) from its start without input, stepped at \((1 / step).compactText) fps"
                                        + (settled ? " until it settles" : " for \(maxPlaySeconds.compactText) s (it keeps moving)"))
        }
        let restSteps = play(seconds: maxRestSeconds)
        var restNote = "after it settles (\(restSteps.frames.count) steps)"
        if !restSteps.settled {
            e = engine
            e.start()
            restNote = "at its start (it does not settle within \(maxRestSeconds.compactText) s)"
        }
        var frames = [frame()]
        apply(selection, to: &e, selecting: true, centre: centre)
        let selected = play(seconds: maxPlaySeconds)
        frames += selected.frames.isEmpty ? [frame()] : selected.frames
        apply(selection, to: &e, selecting: false, centre: centre)
        let back = play(seconds: maxPlaySeconds)
        var deselection: Int?
        if !back.frames.isEmpty, frames.count + back.frames.count <= maxFrames {
            deselection = frames.count
            frames += back.frames
        }
        let summary = "\(name): frame 0 rests \(restNote); then \(selection.text); selecting plays \(frames.count - 1 - (deselection.map { frames.count - $0 } ?? 0)) frames"
            + (selected.settled ? "" : " (cut at \(maxPlaySeconds.compactText) s: it keeps moving)")
            + (deselection.map { ", deselecting \(frames.count - $0)" } ?? ", deselecting shows frame 0")
        return StateMachinePlan(animations: animations, frames: Array(frames.prefix(maxFrames)), deselectionStart: deselection, summary: summary)
    }

    static func apply(_ s: Selection, to e: inout StateMachineEngine, selecting: Bool, centre: (x: Double, y: Double)) {
        switch s {
        case .boolean(let n): e.setBoolean(n, selecting)
        case .event(let n): e.fire(n)
        case .pointerDown:
            e.post(.pointerDown(x: centre.x, y: centre.y))
            e.post(.pointerUp(x: centre.x, y: centre.y))
        case .click: e.post(.click(x: centre.x, y: centre.y))
        }
    }
}

extension StateMachineEngine {
    /// Whether time passing would change anything: the machine runs and its playhead plays or
    /// tweens, or its current state waits on `@elapsedTime`.
    var isMoving: Bool {
        guard status != .stopped else { return false }
        return playhead.status == .playing || playhead.status == .tweening || waitsOnTime
    }
}

/// Draws the frames of a `StateMachinePlan`: each from its animation's document, at its frame.
final class StateMachineFrameSource: FrameSource {
    let documents: [LottieDocument]
    let frames: [StateMachinePlan.Frame]
    private var renderers: [LottieFrameRenderer?]

    init(documents: [LottieDocument], frames: [StateMachinePlan.Frame]) {
        self.documents = documents
        self.frames = frames
        renderers = Array(repeating: nil, count: documents.count)
    }

    func render(frame index: Int, into target: inout Pixmap) throws {
        let f = frames[min(max(index, 0), frames.count - 1)]
        if renderers[f.animation] == nil { renderers[f.animation] = documents[f.animation].makeRenderer() }
        try renderers[f.animation]!.render(frame: f.time, into: &target)
    }

    func makeWorker() -> (any FrameSource)? { StateMachineFrameSource(documents: documents, frames: frames) }
}
