import Synchronization

/// Frame-sized index buffers going round between pass 2's mappers and `place`: a mapper takes
/// one, `place` gives it back once the frame is on the canvas.
///
/// A fresh buffer a frame was fresh memory a frame: the heap rarely had a free block of that size
/// left (smaller allocations made between frames split the one just freed), so each frame's
/// indices page-faulted in a new quarter megabyte at 512x512 and the heap grew by as much (15 MB
/// over a 60-frame conversion; two thirds of its page faults). Only as many buffers as frames in
/// flight at once are ever made.
final class GIFIndexBuffers: Sendable {
    /// Bytes in each buffer (the frame's pixel count).
    let count: Int
    private let free = Mutex<[[UInt8]]>([])

    init(count: Int) { self.count = count }

    /// A buffer of `count` bytes; its contents are whatever the last frame left.
    func take() -> [UInt8] {
        free.withLock { $0.popLast() } ?? [UInt8](repeating: 0, count: count)
    }

    /// Hands `buffer` back for another frame (one of another size is dropped).
    func give(_ buffer: consuming [UInt8]) {
        guard buffer.count == count else { return }
        let buffer = buffer
        free.withLock { $0.append(buffer) }
    }
}
