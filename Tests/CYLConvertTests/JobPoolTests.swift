@testable import CYLConvert
import Testing

/// `JobPool` wakes its workers for every job and its consumer for every result, however they
/// interleave: a pipeline of jobs taken in order, then a burst of jobs the consumer waits for
/// all of, then `finish()` while the workers wait; repeated. (With new jobs announced by
/// `pthread_cond_signal`, 108 of 150 two-thread GIF conversions with such a burst hung with a
/// worker asleep through `finish()`'s broadcast. This test did not reproduce that on its own, so
/// the conversions were the check; it stays as the pattern's stress test.)
@Suite struct JobPoolTests {
    static func spin(_ n: Int) -> Int {
        var x = UInt64(n + 1)
        for _ in 0..<n { x = x &* 6364136223846793005 &+ 1442695040888963407 }
        return x == 0 ? 0 : 1
    }

    @Test(.timeLimit(.minutes(1)), arguments: [1, 2, 3])
    func pipelineThenBurstThenFinishNeverHangs(threads: Int) throws {
        for round in 0..<60 {
            let pool = JobPool<Int>(threads: threads) { 0 }
            defer { pool.finish() }
            // Pass 1: jobs waited for in order, a window of four ahead.
            var pending: [JobPool<Int>.Pending<Int>] = [], total = 0
            for i in 0..<60 {
                pending.append(pool.submit { _ in Self.spin(40_000 + 10_000 * (i % 3)) })
                if pending.count > 4 { total += try pool.wait(pending.removeFirst()) }
            }
            for p in pending { total += try pool.wait(p) }
            #expect(total == 60)
            // Between the passes: a burst the consumer waits for as a whole.
            let burst = (0..<16).map { i in pool.submit { _ in Self.spin(30_000 + 1_000 * i) } }
            #expect(try burst.reduce(0) { $0 + (try pool.wait($1)) } == 16, "round \(round)")
        }
    }
}
