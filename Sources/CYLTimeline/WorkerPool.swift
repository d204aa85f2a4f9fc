#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Synchronization

/// A fixed number of worker threads taking work items in order until none are left: `cylanim
/// build` runs jobs on it, and multi-frame commands render frames on it (DESIGN.md §7).
///
/// Each item runs on one thread from start to end, so work that is not thread-safe (a renderer
/// and its scratch buffers) stays on one thread as long as the item creates it. Threads get an
/// 8 MiB stack, as the main thread has: parsers and the renderer recurse.
public enum WorkerPool {
    static let stackBytes = 8 << 20

    /// The number of CPUs this process may run on (Foundation reads the affinity mask and, in a
    /// container, the CPU quota), at least 1.
    public static var availableCores: Int { max(1, ProcessInfo.processInfo.activeProcessorCount) }

    /// Runs `work(i)` for every i in `0..<count` on `threads` threads (the calling thread waits).
    /// Items are taken in index order; `work` must be safe to call from several threads at once.
    public static func run(count: Int, threads: Int, _ work: @escaping @Sendable (Int) -> Void) {
        guard count > 0 else { return }
        let next = Counter()
        let body: @Sendable (Int) -> Void = { _ in
            while true {
                let i = next.value.add(1, ordering: .relaxed).oldValue
                guard i < count else { return }
                work(i)
            }
        }
        let started = start(threads: max(1, min(threads, count)), body)
        // No thread could be started (a process or user thread limit): do the work here.
        if started.count == 0 { body(0) }
        started.join()
    }

    /// Threads started in the background; `join()` waits for all of them. Join exactly once.
    public struct Started: Sendable {
        fileprivate let handles: [pthread_t]
        /// No threads.
        public static let none = Started(handles: [])
        /// How many threads did start (fewer than asked when the system refuses more).
        public var count: Int { handles.count }
        /// Waits until every thread has returned.
        public func join() {
            for h in handles { pthread_join(h, nil) }
        }
    }

    /// Starts up to `threads` threads running `body(t)` (t = 0, 1, ...) and returns at once.
    /// Fewer start when the system refuses more; the caller checks `count` (0: do the work itself).
    public static func start(threads: Int, _ body: @escaping @Sendable (Int) -> Void) -> Started {
        var handles: [pthread_t] = []
        for t in 0..<max(0, threads) {
            guard let h = spawn({ body(t) }) else { break }
            handles.append(h)
        }
        return Started(handles: handles)
    }

    private final class Counter: Sendable {
        let value = Atomic<Int>(0)
    }

    private final class Task: @unchecked Sendable {
        let body: @Sendable () -> Void
        init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }

    private static func spawn(_ body: @escaping @Sendable () -> Void) -> pthread_t? {
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setstacksize(&attributes, stackBytes)
        let task = Unmanaged.passRetained(Task(body)).toOpaque()
        var thread = pthread_t()
        // Workers start with SIGINT, SIGTERM and SIGHUP blocked (a thread inherits its creator's
        // mask), so those signals always reach the main thread: its handlers remove the staged
        // output files, and on a worker they raced the main thread staging the next file, which
        // could then be left behind (InterruptTests found one).
        var blocked = sigset_t(), previous = sigset_t()
        sigemptyset(&blocked)
        for s in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&blocked, s) }
        pthread_sigmask(SIG_BLOCK, &blocked, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        let started = pthread_create(&thread, &attributes, { raw in
            let task = Unmanaged<Task>.fromOpaque(raw!).takeRetainedValue()
            task.body()
            return nil
        }, task)
        guard started == 0 else {
            Unmanaged<Task>.fromOpaque(task).release()
            return nil
        }
        return thread
    }
}
