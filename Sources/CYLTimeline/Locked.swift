#if canImport(Glibc)
import Glibc
#endif

/// A value shared between threads behind a lock.
///
/// A pthread mutex, not `Synchronization.Mutex`: on Linux a contended `Mutex` waits in the
/// kernel (`FUTEX_LOCK_PI`) and takes the lock there, where ThreadSanitizer cannot see it, so
/// `make test-tsan` reported races on data the lock did guard. TSan intercepts pthread calls.
public final class Locked<Value>: @unchecked Sendable {
    // Allocated once and never moved: a pthread mutex must keep its address.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    // Guarded by `mutex`.
    private var value: Value

    public init(_ value: Value) {
        self.value = value
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// Runs `body` on the value with the lock held.
    public func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}
