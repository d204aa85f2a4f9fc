import CYLScript
import CYLTimeline
import Synchronization

/// The CPU time one opened file's expressions may use over a whole command
/// (`Limits.maxExpressionTotalTime`), shared by the expression check and every renderer of the file,
/// on any thread. Each runtime charges the time of the frames it builds; once the total passes
/// the limit the file's expressions are off for good (`isExhausted`) and their properties keep
/// their keyframes. Time is the thread's CPU time, so a busy machine does not trip it sooner.
final class ExpressionTimeBudget: Sendable {
    /// The whole budget in nanoseconds.
    let total: UInt64
    private let used = Atomic<UInt64>(0)
    /// The warning for the moment the budget ran out, kept by whichever runtime saw it first.
    private let exhaustion = Locked<Diagnostic?>(nil)

    init(limits: Limits) { total = ScriptEngine.cpuBudget(nanoseconds: limits.maxExpressionTotalTime.nanoseconds) }

    /// CPU time left, in nanoseconds (0 once exhausted).
    var remaining: UInt64 {
        let spent = used.load(ordering: .relaxed)
        return spent >= total ? 0 : total - spent
    }

    var isExhausted: Bool { remaining == 0 }

    /// Adds `nanoseconds` spent by one frame's expressions; true when this charge used the last
    /// of the budget (exactly one caller sees the crossing, to report it once).
    @discardableResult
    func charge(_ nanoseconds: UInt64) -> Bool {
        let before = used.wrappingAdd(nanoseconds, ordering: .relaxed).oldValue
        return before < total && before &+ nanoseconds >= total
    }

    /// Records that the file's expressions were turned off, naming the first expression that was
    /// still on (`path`) and the limit; later calls keep the first.
    func noteExhausted(at path: String, _ message: String) {
        exhaustion.withLock { if $0 == nil { $0 = Diagnostic(.warning, at: path, message, feature: .expressionLimit) } }
    }

    /// The warning once the budget has run out, else nothing.
    var diagnostics: [Diagnostic] { exhaustion.withLock { $0.map { [$0] } ?? [] } }
}
