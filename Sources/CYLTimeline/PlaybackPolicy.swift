/// How a tab-bar item plays its animation (DESIGN.md §4, after CYLTabBarController).
public enum PlaybackPolicy: String, Sendable, Equatable, CaseIterable {
    /// Selecting plays frames 0 → last once and holds the last frame; deselecting shows frame 0;
    /// tapping the selected tab replays from the start.
    case playOnceOnSelect
    /// As `playOnceOnSelect` while selected, but loops while not selected
    /// (`CYLTabBarLottieLoopsWhenUnselected`).
    case loopsWhenUnselected
    /// Loops forever whatever the selection (a GIF given as a plain image).
    case loop
}

/// What a player reports, like the seed library's `animationDidStart` / `animationDidFinish`
/// (`CYLTabBarItemAnimationPlayingNotification`).
public enum PlayerEvent: Sendable, Equatable {
    /// Playback began at `time` (a select, a reselect, or a loop starting).
    case didStart(at: Duration)
    /// Playback ended at `time`: `completed` is true when the last frame was reached, false when a
    /// deselect or reselect cut it short.
    case didFinish(at: Duration, completed: Bool)
}

/// Why a player could not be made.
public enum PlayerError: Error, Sendable, Equatable, CustomStringConvertible {
    case invalidSpeed(Double)
    case noFrames

    public var description: String {
        switch self {
        case .invalidSpeed(let s):
            return "animation speed must be from \(Player.speedRange.lowerBound) to \(Int(Player.speedRange.upperBound)) (got \(s))"
        case .noFrames: return "the animation has no frames"
        }
    }
}
