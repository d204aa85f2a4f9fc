/// An open-addressing hash table from 24-bit colours (`0x00BBGGRR`, the low three bytes of a
/// little-endian RGBA word) to a pixel count and a small payload (a palette index).
///
/// It is the colour histogram of a whole animation and, once a palette exists, the cache that maps
/// each colour seen to its nearest palette entry. Capacity is a power of two, grown at half load.
/// Owns its memory; used from one thread.
final class ColorTable {
    /// A key no 24-bit colour can take.
    static let emptyKey: UInt32 = 0xFFFF_FFFF
    /// Payload of a colour whose palette entry is not known yet.
    static let noIndex: Int16 = -1

    private(set) var capacity: Int
    private(set) var count = 0
    private var shift: UInt32
    private(set) var keys: UnsafeMutablePointer<UInt32>
    private(set) var counts: UnsafeMutablePointer<UInt32>
    private(set) var payload: UnsafeMutablePointer<Int16>

    init(capacity: Int = 1 << 12) {
        var c = 16
        while c < capacity { c <<= 1 }
        self.capacity = c
        shift = UInt32(32 - c.trailingZeroBitCount)
        keys = .allocate(capacity: c)
        counts = .allocate(capacity: c)
        payload = .allocate(capacity: c)
        keys.initialize(repeating: ColorTable.emptyKey, count: c)
        counts.initialize(repeating: 0, count: c)
        payload.initialize(repeating: ColorTable.noIndex, count: c)
    }

    deinit {
        keys.deallocate()
        counts.deallocate()
        payload.deallocate()
    }

    @inline(__always) private func home(_ key: UInt32) -> Int {
        Int((key &* 0x9E37_79B1) >> shift)
    }

    /// The slot holding `key`, or the empty slot where it would go.
    @inline(__always) func slot(of key: UInt32) -> Int {
        let mask = capacity - 1
        var i = home(key)
        while true {
            let k = keys[i]
            if k == key || k == ColorTable.emptyKey { return i }
            i = (i + 1) & mask
        }
    }

    /// Adds `n` pixels of colour `key`; returns the slot (valid until the next insertion).
    @discardableResult
    @inline(__always) func add(_ key: UInt32, _ n: UInt32 = 1) -> Int {
        var i = slot(of: key)
        if keys[i] == ColorTable.emptyKey {
            if (count + 1) * 2 > capacity {
                grow()
                i = slot(of: key)
            }
            keys[i] = key
            count += 1
        }
        counts[i] &+= n
        return i
    }

    private func grow() {
        let oldKeys = keys, oldCounts = counts, oldPayload = payload, oldCapacity = capacity
        capacity *= 2
        shift -= 1
        keys = .allocate(capacity: capacity)
        counts = .allocate(capacity: capacity)
        payload = .allocate(capacity: capacity)
        keys.initialize(repeating: ColorTable.emptyKey, count: capacity)
        counts.initialize(repeating: 0, count: capacity)
        payload.initialize(repeating: ColorTable.noIndex, count: capacity)
        for j in 0..<oldCapacity where oldKeys[j] != ColorTable.emptyKey {
            let i = slot(of: oldKeys[j])
            keys[i] = oldKeys[j]
            counts[i] = oldCounts[j]
            payload[i] = oldPayload[j]
        }
        oldKeys.deallocate()
        oldCounts.deallocate()
        oldPayload.deallocate()
    }

    /// Every colour with its count, in slot order.
    func entries() -> (colors: [UInt32], counts: [UInt32]) {
        var colors: [UInt32] = [], weights: [UInt32] = []
        colors.reserveCapacity(count)
        weights.reserveCapacity(count)
        for i in 0..<capacity where keys[i] != ColorTable.emptyKey {
            colors.append(keys[i])
            weights.append(counts[i])
        }
        return (colors, weights)
    }

    /// Forgets every palette index (after the palette changes).
    func clearPayload() {
        payload.update(repeating: ColorTable.noIndex, count: capacity)
    }
}
