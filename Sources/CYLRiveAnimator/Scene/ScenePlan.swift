import CYLTimeline

/// What a timeline of a Rive file plays: which artboard and scene, at what step, for how long,
/// and (for a tab) which input selecting the tab sets.
struct ScenePlan: Sendable {
    /// Shortest default-scene timeline of a state machine (or of an artboard with nothing to
    /// play), in seconds; longer when the first linear animation is (the corpus convention).
    static let defaultSceneSeconds = 2.0
    /// Most seconds a tab's resting pose may take to settle before selection; a machine still
    /// moving then is selected at time 0 instead.
    static let maxRestSeconds = 10.0
    /// Most seconds a tab's selection plays before the timeline ends, when the machine keeps
    /// moving (a looping "selected" state).
    static let maxSelectionSeconds = 10.0

    var artboard: Int
    var choice: RiveSceneChoice
    /// Seconds per frame (1 / fps).
    var step: Double
    var frameCount: Int
    /// Steps played before frame 0 (the time the resting pose took to settle).
    var restSteps = 0
    /// The input selecting the tab changes after the rest steps.
    var selection: SelectionInput?
    /// How the frames came about, for `info`.
    var summary: String

    /// A state-machine input that marks a tab as selected.
    struct SelectionInput: Sendable {
        var index: Int
        var name: String
        var isTrigger: Bool
    }
}
