/// An open-addressing hash table from 24-bit colours (`0x00BBGGRR`, the low three bytes of a
/// little-endian RGBA word) to a pixel count and a small payload (a palette index).
///
/// It is the colour histogram of a whole animation and, once a palette exists, the cache that maps
/// each colour seen to its nearest palette entry. Capacity is a power of two, grown at half load.
/// Owns its memory; used from one thread.
///
/// At most `maxEntries` colours are kept: past that, colours are binned by dropping the lowest
/// bit of each channel (again if needed) and counts merged, so a frame of millions of distinct
/// colours (noise, or anything resampled from it) costs at most 2^21 slots (21 MB) instead of
/// 2^25 (335 MB, and half as much again while growing). Keys are then the bins' colours; a palette
/// built from them and lookups through them differ from exact ones by at most the bin width.
final class ColorTable {
    /// A key no 24-bit colour can take.
    static let emptyKey: UInt32 = 0xFFFF_FFFF
    /// Payload of a colour whose palette entry is not known yet.
    static let noIndex: Int16 = -1

    private(set) var capacity: Int
    private(set) var count = 0
    /// 32 - log2(capacity): a key's home slot is the top bits of its Fibonacci hash.
    private(set) var shift: UInt32
    private(set) var keys: UnsafeMutablePointer<UInt32>
    /// Most colours kept before binning coarser.
    static let maxEntries = 1 << 20
    /// The bits of a colour a key keeps (0x00FFFFFF until binning starts).
    private(set) var mask: UInt32 = 0x00FF_FFFF
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

    /// An independent copy (keys, counts, payload and binning): a palette mapper on another
    /// thread gets its own, since mapping writes palette indices into the table it reads.
    init(copying other: ColorTable) {
        capacity = other.capacity
        count = other.count
        shift = other.shift
        mask = other.mask
        keys = .allocate(capacity: capacity)
        counts = .allocate(capacity: capacity)
        payload = .allocate(capacity: capacity)
        keys.initialize(from: other.keys, count: capacity)
        counts.initialize(from: other.counts, count: capacity)
        payload.initialize(from: other.payload, count: capacity)
    }

    deinit {
        keys.deallocate()
        counts.deallocate()
        payload.deallocate()
    }

    @inline(__always) private func home(_ key: UInt32) -> Int { ColorTable.home(key, shift: shift) }

    /// The home slot of `key` in a table whose `shift` is given (for kernels that probe inline).
    @inline(__always) static func home(_ key: UInt32, shift: UInt32) -> Int {
        Int((key &* 0x9E37_79B1) >> shift)
    }

    /// The key a colour is counted under.
    @inline(__always) func key(_ color: UInt32) -> UInt32 { color & mask }

    /// The slot holding the key of `color`, or the empty slot where it would go.
    @inline(__always) func slot(of color: UInt32) -> Int {
        let key = color & self.mask
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
    @inline(__always) func add(_ color: UInt32, _ n: UInt32 = 1) -> Int {
        var i = slot(of: color)
        if keys[i] == ColorTable.emptyKey {
            if (count + 1) * 2 > capacity {
                if count + 1 > ColorTable.maxEntries { coarsen() } else { grow() }
                i = slot(of: color)
            }
            keys[i] = key(color)
            count += 1
        }
        counts[i] &+= n
        return i
    }

    /// Counts every word of `src[0..<n]` except `skip` (the transparent word): the same counts,
    /// and the same order of first insertion, as calling `add(c, runLength)` at the end of each run
    /// of equal words, which is what it replaces in the encoder's analyze pass.
    ///
    /// Why a kernel: on a dithered or noisy frame most pixels start a new run, so the probe runs
    /// once per pixel; here it is inline with the table's pointers, mask and shift in registers,
    /// and only a colour not yet in the table goes through `add` (which may grow or coarsen the
    /// table, so the locals are reloaded after it).
    func addRuns(_ src: UnsafePointer<UInt32>, count n: Int, skip: UInt32) {
        guard n > 0 else { return }
        var keys = self.keys, counts = self.counts, shift = self.shift
        var keyMask = self.mask, slotMask = capacity - 1
        var last = src[0], run: UInt32 = 1
        var i = 1
        while true {
            // Extend the run (a word-pair compare would not help: runs are short where time goes).
            while i < n && src[i] == last { run &+= 1; i += 1 }
            if last != skip {
                let key = last & keyMask
                var j = ColorTable.home(key, shift: shift)
                while true {
                    let k = keys[j]
                    if k == key { counts[j] &+= run; break }
                    if k == ColorTable.emptyKey {
                        add(last, run)
                        keys = self.keys; counts = self.counts; shift = self.shift
                        keyMask = self.mask; slotMask = capacity - 1
                        break
                    }
                    j = (j + 1) & slotMask
                }
            }
            if i >= n { return }
            last = src[i]
            run = 1
            i += 1
        }
    }

    /// Adds `counts[i]` pixels of `colors[i]` for every `i` in order: the same as calling
    /// `add(colors[i], counts[i])` in a loop, with the probe inline as in `addRuns`. The in-order
    /// step of a threaded analyze pass (the runs themselves are made on the workers).
    func addCounts(_ colors: UnsafePointer<UInt32>, _ runs: UnsafePointer<UInt32>, count n: Int) {
        var keys = self.keys, counts = self.counts, shift = self.shift
        var keyMask = self.mask, slotMask = capacity - 1
        for i in 0..<n {
            let c = colors[i], run = runs[i]
            let key = c & keyMask
            var j = ColorTable.home(key, shift: shift)
            while true {
                let k = keys[j]
                if k == key { counts[j] &+= run; break }
                if k == ColorTable.emptyKey {
                    add(c, run)
                    keys = self.keys; counts = self.counts; shift = self.shift
                    keyMask = self.mask; slotMask = capacity - 1
                    break
                }
                j = (j + 1) & slotMask
            }
        }
    }

    /// Drops one more low bit of each channel and merges the counts of colours that now share a
    /// key, until under half of `maxEntries` remain. Palette indices are forgotten.
    private func coarsen() {
        repeat {
            mask &= mask << 1 & 0x00FE_FEFE
            rebuild(capacity: capacity)
        } while count * 2 > ColorTable.maxEntries && mask != 0
        clearPayload()
    }

    private func grow() { rebuild(capacity: capacity * 2) }

    /// Re-inserts every key (under the current mask) into a table of `newCapacity` slots.
    private func rebuild(capacity newCapacity: Int) {
        let oldKeys = keys, oldCounts = counts, oldPayload = payload, oldCapacity = capacity
        capacity = newCapacity
        shift = UInt32(32 - newCapacity.trailingZeroBitCount)
        count = 0
        keys = .allocate(capacity: capacity)
        counts = .allocate(capacity: capacity)
        payload = .allocate(capacity: capacity)
        keys.initialize(repeating: ColorTable.emptyKey, count: capacity)
        counts.initialize(repeating: 0, count: capacity)
        payload.initialize(repeating: ColorTable.noIndex, count: capacity)
        for j in 0..<oldCapacity where oldKeys[j] != ColorTable.emptyKey {
            let i = slot(of: oldKeys[j])
            if keys[i] == ColorTable.emptyKey { keys[i] = key(oldKeys[j]); count += 1 }
            counts[i] &+= oldCounts[j]
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
