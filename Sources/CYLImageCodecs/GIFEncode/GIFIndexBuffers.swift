#if canImport(Glibc)
import Glibc
#endif

/// Frame-sized index buffers going round between pass 2's mappers and `place`: a mapper takes
/// one, `place` gives it back once the frame is on the canvas.
///
/// A fresh buffer a frame was fresh memory a frame: the heap rarely had a free block of that size
/// left (smaller allocations made between frames split the one just freed), so each frame's
/// indices page-faulted in a new quarter megabyte at 512x512 and the heap grew by as much (15 MB
/// over a 60-frame conversion; two thirds of its page faults). Only as many buffers as frames in
/// flight at once are ever made.
final class GIFIndexBuffers: @unchecked Sendable {  // `free` is read and written under `lock` only
    /// Bytes in each buffer (the frame's pixel count).
    let count: Int
    private var free: [[UInt8]] = []
    // A pthread mutex, not Synchronization's Mutex: ThreadSanitizer sees this one's ordering
    // (it reported the Mutex's futex hand-over as a race).
    private let lock: UnsafeMutablePointer<pthread_mutex_t>

    init(count: Int) {
        self.count = count
        lock = .allocate(capacity: 1)
        pthread_mutex_init(lock, nil)
    }

    deinit {
        pthread_mutex_destroy(lock)
        lock.deallocate()
    }

    /// A buffer of `count` bytes; its contents are whatever the last frame left.
    func take() -> [UInt8] {
        pthread_mutex_lock(lock)
        let buffer = free.popLast()
        pthread_mutex_unlock(lock)
        return buffer ?? [UInt8](repeating: 0, count: count)
    }

    /// Hands `buffer` back for another frame (one of another size is dropped).
    func give(_ buffer: consuming [UInt8]) {
        guard buffer.count == count else { return }
        let buffer = buffer
        pthread_mutex_lock(lock)
        free.append(buffer)
        pthread_mutex_unlock(lock)
    }
}
