import CYLTimeline
import Foundation

/// How many threads multi-frame commands (`render`, `convert`, `preview`, `bench`) draw frames on.
public enum FrameThreads {
    /// Every core this process may use.
    public static var standard: Int { WorkerPool.availableCores }
    /// The most `--threads` accepts: past the core count more threads only cost memory.
    public static let maximum = 256
}

/// Produces items `0 ..< count` (a drawn frame, an encoded PNG) in order for one consumer, drawing
/// them ahead on worker threads.
///
/// Each worker draws with its own copy of the timeline (`FrameTimeline.worker()`: one renderer
/// per thread over the shared, immutable parsed model; DESIGN.md §7) and takes the lowest item not
/// yet taken, so a worker's items only move forward (a Rive scene steps on, never replays). The
/// consumer, on the calling thread, takes items in order with `next()` and can encode item n while
/// the workers draw n+1, n+2, ...; workers stay at most `window` items ahead of it, so memory is
/// bounded by the window, not by the frame count. Every item comes from the same `produce` call on
/// an equal source, so the output does not depend on the thread count (tested bit for bit).
///
/// With one thread, or a source that cannot be split (a GIF decodes each frame from the one
/// before), items are produced on the calling thread when taken. Call `finish()` when done (also
/// after an error): it stops the workers and waits for them.
final class OrderedFrameProducer<Output>: @unchecked Sendable {
    typealias Produce = @Sendable (FrameTimeline, Int) throws -> Output

    /// Worker threads in use (1: the calling thread does the work).
    private(set) var threads = 1
    private let count: Int
    private let produce: Produce
    private let window: Int
    /// The timeline the calling thread draws with when there are no workers.
    private var serial: FrameTimeline?
    // Guarded by `condition`.
    private let condition = NSCondition()
    private var slots: [Result<Output, any Error>?] = []
    private var nextJob = 0
    private var taken = 0
    private var stopped = false
    private var started = WorkerPool.Started.none

    /// Produces `count` items with `produce(timeline, i)` on up to `threads` threads, at most
    /// `window` (at least one per thread) items ahead of the consumer.
    init(timeline: FrameTimeline, count: Int, threads: Int, window: Int, produce: @escaping Produce) {
        self.count = count
        self.produce = produce
        serial = timeline
        var timelines = [timeline]
        let wanted = max(1, min(threads, count, FrameThreads.maximum))
        while timelines.count < wanted, let worker = timeline.worker() { timelines.append(worker) }
        self.window = max(window, timelines.count)
        guard timelines.count >= 2 else { return }
        slots = Array(repeating: nil, count: count)
        // Each timeline goes to one thread only, which is what makes handing it over safe.
        let workers = UncheckedSendable(timelines)
        let launched = WorkerPool.start(threads: timelines.count) { [self] t in work(workers.value[t]) }
        guard launched.count >= 2 else {
            // The system refused threads: stop any that started and draw on this thread.
            finish(launched)
            return
        }
        condition.lock()
        serial = nil
        self.threads = launched.count
        started = launched
        condition.unlock()
    }

    /// How many frames of `frameBytes` each workers may draw ahead: two per thread, fewer when
    /// that would pass the decoded-bytes `budget`, never less than one per thread.
    static func window(threads: Int, frameBytes: Int, budget: Int) -> Int {
        max(threads, min(2 * threads, budget / max(1, frameBytes)))
    }

    /// The next item, in order; rethrows the error that producing it raised.
    func next() throws -> Output {
        precondition(taken < count, "every item was taken")
        if let timeline = serial {
            defer { taken += 1 }
            return try produce(timeline, taken)
        }
        condition.lock()
        let i = taken
        while slots[i] == nil { condition.wait() }
        let result = slots[i]!
        slots[i] = nil
        taken += 1
        condition.broadcast()
        condition.unlock()
        return try result.get()
    }

    /// Stops the workers (items not started are not drawn) and waits for them.
    func finish() {
        condition.lock()
        let threads = started
        started = .none
        condition.unlock()
        finish(threads)
    }

    private func finish(_ threads: WorkerPool.Started) {
        condition.lock()
        stopped = true
        condition.broadcast()
        condition.unlock()
        threads.join()
    }

    /// One worker: takes the lowest item not taken while it is inside the window, until none is
    /// left or the producer stops. An item that fails stops further items from being taken (the
    /// consumer meets the error in order, after the items before it, which are all taken).
    private func work(_ timeline: FrameTimeline) {
        while true {
            condition.lock()
            while !stopped && nextJob < count && nextJob >= taken + window { condition.wait() }
            guard !stopped && nextJob < count else {
                condition.unlock()
                return
            }
            let i = nextJob
            nextJob += 1
            condition.unlock()
            let result = Result { try produce(timeline, i) }
            condition.lock()
            slots[i] = result
            if case .failure = result { stopped = true }
            condition.broadcast()
            condition.unlock()
        }
    }
}

/// A value handed to another thread that the compiler cannot prove safe to share; the code that
/// makes one says why it is.
struct UncheckedSendable<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
