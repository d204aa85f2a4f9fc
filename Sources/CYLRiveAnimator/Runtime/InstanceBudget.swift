import CYLTimeline

/// How many components one scene may instantiate, nested artboards included, and how many path
/// points its paths may hold. A file's objects are bounded by `--max-objects` when it is read,
/// but nested artboards copy an artboard per reference: a few kilobytes of artboards nesting each
/// other ten times over multiply into millions of components. Likewise each polygon or star is
/// bounded by `--max-path-points`, but a few bytes per polygon with a huge point count multiply
/// that bound by the number of polygons. Every instance of a scene takes its share from one budget.
final class InstanceBudget {
    let limit: Int
    /// Most points all the scene's paths may hold together (`Limits.maxFramePathPoints`).
    let pathPointLimit: Int
    /// Points the scene's paths hold now (each path as last built).
    private(set) var pathPoints = 0
    /// Set once a path was left empty because the scene's paths would have held too many points.
    private(set) var pathPointsExhausted = false
    private(set) var used = 0
    /// Set once a nested artboard was left out because the budget ran out.
    private(set) var exhausted = false

    init(limit: Int, pathPointLimit: Int = Limits.standard.maxFramePathPoints) {
        self.limit = limit
        self.pathPointLimit = pathPointLimit
    }

    /// Takes `count` components from the budget; false (and `exhausted`) when that would pass it.
    func take(_ count: Int) -> Bool {
        guard count <= limit - used else {
            exhausted = true
            return false
        }
        used += count
        return true
    }

    /// Returns what a nested artboard took once it is gone (a swapped-out artboard).
    func giveBack(_ count: Int) { used = max(0, used - count) }

    /// Records a path rebuilt from `old` to `new` points; false (the path must then be left
    /// empty, and is counted so) when the scene's paths would hold more than the limit.
    func repath(from old: Int, to new: Int) -> Bool {
        let others = max(0, pathPoints - old)
        guard new <= pathPointLimit - others else {
            pathPoints = others
            pathPointsExhausted = true
            return false
        }
        pathPoints = others + new
        return true
    }

    var exhaustedMessage: String {
        "nested artboards make more than \(limit) objects (\(Limit.maxObjects))"
    }
}
