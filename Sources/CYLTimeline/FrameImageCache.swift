import CYLRaster

/// Frames already drawn, kept up to a byte budget, so that playing a loop again (a tab reselected,
/// a preview replayed) costs a copy instead of a render. When a new frame would pass the budget
/// the least recently used ones go first; a frame larger than the whole budget is not kept.
/// Not thread-safe: one per player or renderer.
public final class FrameImageCache<Key: Hashable> {
    /// The budget: bytes of pixels kept at most.
    public let maxBytes: Int
    /// Bytes of pixels kept now.
    public private(set) var bytes = 0
    /// Lookups answered from the cache, and lookups that had to draw.
    public private(set) var hits = 0, misses = 0

    private var entries: [Key: Entry] = [:]
    private var clock: UInt64 = 0

    private struct Entry {
        var image: Pixmap
        var lastUse: UInt64
    }

    /// A cache keeping at most `maxBytes` bytes of pixels (the default is the decoded-bytes limit).
    public init(maxBytes: Int = Limits.defaultMaxDecodedBytes) {
        self.maxBytes = max(0, maxBytes)
    }

    /// Frames kept now.
    public var count: Int { entries.count }

    /// The image kept for `key`, or what `draw` returns (then kept, within the budget).
    public func image(_ key: Key, draw: () throws -> Pixmap) rethrows -> Pixmap {
        clock &+= 1
        if let hit = entries[key] {
            hits += 1
            entries[key]!.lastUse = clock
            return hit.image
        }
        misses += 1
        let image = try draw()
        let size = image.bytes.count
        guard size <= maxBytes else { return image }
        while bytes + size > maxBytes, let oldest = entries.min(by: { $0.value.lastUse < $1.value.lastUse }) {
            bytes -= oldest.value.image.bytes.count
            entries[oldest.key] = nil
        }
        entries[key] = Entry(image: image, lastUse: clock)
        bytes += size
        return image
    }

    /// Forgets every frame (the budget and the counters stay).
    public func removeAll() {
        entries.removeAll()
        bytes = 0
    }
}
