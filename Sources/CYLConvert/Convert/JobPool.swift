import CYLTimeline
import Foundation

/// Runs the jobs one consumer submits on worker threads, each thread with its own `Context`
/// (scratch an encoder step must not share, such as a palette mapper's caches); the consumer
/// takes each job's result when it needs it, usually in submission order.
///
/// This is the encoding half of `--threads`: frames are drawn ahead by an `OrderedFrameProducer`,
/// the consumer runs the small in-order step of an encoder (what depends on the frames before),
/// and the per-frame work that does not (deflate, libwebp, LZW, palette mapping) runs here. A job
/// reads only what it captured, so its result does not depend on which thread ran it or when.
///
/// With one thread a job runs on the calling thread inside `submit`: the one-thread path is the
/// same code in the same order. The consumer bounds memory by how many results it leaves waiting.
/// Call `finish()` when done (also after an error): jobs not started are dropped.
final class JobPool<Context>: @unchecked Sendable {
    /// A submitted job's result, once it ran.
    final class Pending<Value> {
        // Written once under the pool's lock.
        fileprivate var result: Result<Value, any Error>?
        fileprivate init() {}
    }

    /// Worker threads running jobs (1: the calling thread runs them).
    private(set) var threads = 1
    private let makeContext: () -> Context
    /// The calling thread's context when there are no workers.
    private var inlineContext: Context?
    // Guarded by `condition`.
    private let condition = NSCondition()
    private var queue: [(inout Context) -> Void] = []
    private var head = 0
    private var stopped = false
    private var started = WorkerPool.Started.none

    /// A pool of up to `threads` workers; each makes its context with `makeContext` on its own
    /// thread before its first job.
    init(threads: Int, makeContext: @escaping @Sendable () -> Context) {
        self.makeContext = makeContext
        guard threads >= 2 else { return }
        let launched = WorkerPool.start(threads: min(threads, FrameThreads.maximum)) { [self] _ in work() }
        condition.lock()
        started = launched
        self.threads = max(1, launched.count)
        condition.unlock()
        // The system refused every thread: jobs run inline (one thread that did start still works).
    }

    /// Runs `body` on a worker (or here, with one thread); `wait(_:)` gives its result.
    func submit<Value>(_ body: @escaping (inout Context) throws -> Value) -> Pending<Value> {
        let pending = Pending<Value>()
        if started.count == 0 {
            if inlineContext == nil { inlineContext = makeContext() }
            pending.result = Result { try body(&inlineContext!) }
            return pending
        }
        let job: (inout Context) -> Void = { [condition] context in
            let result = Result { try body(&context) }
            condition.lock()
            pending.result = result
            condition.broadcast()
            condition.unlock()
        }
        condition.lock()
        queue.append(job)
        // Broadcast, not signal. With signal here a worker once slept through `finish()`'s
        // broadcast (a burst of 16 jobs the consumer waited for between GIF's passes, an
        // experiment since dropped: 108 of 150 two-thread conversions hung; 0 of 300 with
        // broadcast). Every wait here checks its predicate under the lock, so the suspect is
        // glibc 2.36's lost wakeup in pthread_cond_signal (sourceware bug 25847, fixed after
        // 2.36). Waking every worker for one job costs nothing measurable with a few threads.
        condition.broadcast()
        condition.unlock()
        return pending
    }

    /// The job's result once it ran; rethrows its error.
    func wait<Value>(_ pending: Pending<Value>) throws -> Value {
        // Read under the lock: a worker writes the result under it.
        condition.lock()
        while pending.result == nil { condition.wait() }
        let result = pending.result!
        condition.unlock()
        return try result.get()
    }

    /// Stops the workers (jobs not started are dropped) and waits for them. Every context is
    /// released (a worker's as it exits), so the memory a pass reused is free for the next.
    func finish() {
        inlineContext = nil
        condition.lock()
        stopped = true
        let threads = started
        started = .none
        condition.broadcast()
        condition.unlock()
        threads.join()
    }

    /// One worker: runs queued jobs in submission order until the pool stops.
    private func work() {
        var context: Context?
        while true {
            condition.lock()
            while !stopped && head == queue.count { condition.wait() }
            guard !stopped else {
                condition.unlock()
                return
            }
            let job = queue[head]
            queue[head] = { _ in }  // release what the job captured once it has run
            head += 1
            if head == queue.count {
                queue.removeAll(keepingCapacity: true)
                head = 0
            }
            condition.unlock()
            if context == nil { context = makeContext() }
            job(&context!)
        }
    }
}
