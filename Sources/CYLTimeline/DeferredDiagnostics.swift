/// Diagnostics a back-end finds only by doing work that opening does not need (a Lottie file's
/// expressions, each run once): worked out the first time anyone reads them, once, on whichever
/// thread asks, and kept. Opening a file for its frames then costs only the parse and the model;
/// `info`, `lint` and the warnings of `render` read them and pay the check then.
public final class DeferredDiagnostics: @unchecked Sendable {
    private let state: Locked<State>
    private enum State {
        case pending(@Sendable () -> [Diagnostic])
        case done([Diagnostic])
    }

    public init(_ work: @escaping @Sendable () -> [Diagnostic]) { state = Locked(.pending(work)) }

    /// The diagnostics, worked out on the first call (later callers wait for it and share them).
    public var value: [Diagnostic] {
        state.withLock { s in
            switch s {
            case let .done(found): return found
            case let .pending(work):
                let found = work()
                s = .done(found)
                return found
            }
        }
    }

    /// Whether they have been worked out yet (for tests of what opening does).
    public var isDone: Bool { state.withLock { if case .done = $0 { return true }; return false } }
}
