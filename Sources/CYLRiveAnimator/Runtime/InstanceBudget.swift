import CYLTimeline

/// How many components one scene may instantiate, nested artboards included. A file's objects
/// are bounded by `--max-objects` when it is read, but nested artboards copy an artboard per
/// reference: a few kilobytes of artboards nesting each other ten times over multiply into
/// millions of components. Every instance of a scene takes its share from one budget.
final class InstanceBudget {
    let limit: Int
    private(set) var used = 0
    /// Set once a nested artboard was left out because the budget ran out.
    private(set) var exhausted = false

    init(limit: Int) { self.limit = limit }

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

    var exhaustedMessage: String {
        "nested artboards make more than \(limit) objects (raise the limit with --max-objects)"
    }
}
