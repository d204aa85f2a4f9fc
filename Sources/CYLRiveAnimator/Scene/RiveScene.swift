import CYLTimeline

/// What plays on an artboard: one of its state machines, one of its linear animations, or
/// nothing (the artboard as set up).
public enum RiveSceneChoice: Sendable, Equatable {
    case stateMachine(Int)
    case animation(Int)
    case none
}

/// An artboard instance with what plays on it, stepped in fixed increments of time.
final class RiveScene {
    let artboard: ArtboardInstance
    let choice: RiveSceneChoice
    private(set) var machine: StateMachinePlayer?
    private var playhead: AnimationPlayhead?
    /// Seconds advanced since the start.
    private(set) var time = 0.0

    init(file: RiveFileModel, artboard index: Int, choice: RiveSceneChoice, limits: Limits) {
        let board = file.artboards[index]
        artboard = ArtboardInstance(board, file: file, limits: limits, context: DataContext.root(board, file: file))
        self.choice = choice
        switch choice {
        case .stateMachine(let i):
            machine = StateMachinePlayer(board.stateMachines[i], artboard: artboard)
        case .animation(let i):
            playhead = AnimationPlayhead(BoundAnimation(board.animations[i], artboard: artboard))
        case .none:
            break
        }
    }

    /// Advances by `seconds` and updates the artboard; returns whether anything may still change
    /// without new input (false once a state machine has settled or a one-shot animation ended).
    @discardableResult
    func advance(_ seconds: Double) -> Bool {
        time += seconds
        if let machine { return machine.advanceAndApply(seconds) }
        if playhead != nil {
            let more = playhead!.advance(seconds)
            playhead!.apply(artboard)
            let nested = artboard.advanceNested(seconds)
            artboard.update()
            return more || nested || playhead!.keepGoing
        }
        let nested = artboard.advanceNested(seconds)
        artboard.update()
        return nested
    }
}
