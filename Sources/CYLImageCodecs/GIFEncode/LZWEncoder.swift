/// The GIF variant of LZW (GIF89a spec, appendix F): variable-length codes packed least significant
/// bit first, a clear code and an end-of-information code after the literals, code width growing
/// from `minCodeSize + 1` to 12 bits, and a clear code whenever the dictionary is full.
///
/// The dictionary is a flat open-addressing table from (prefix code, next index) to code, owned by
/// the encoder and emptied on every clear: no per-pixel allocation, no `Dictionary`. Codes are
/// packed into a 64-bit accumulator and written into a buffer sized for the worst case up front.
/// One encoder per writer (frames are encoded in order); not shared between threads.
final class LZWEncoder {
    /// The first code never assigned: the dictionary is cleared when the next code would be this
    /// one (4095 is left unused, as giflib does, so our streams match its byte for byte).
    static let codeLimit = 4095
    /// Slots of the hash table: a power of two over twice the most entries (4096), so probes stay short.
    private static let slots = 8192
    private static let empty: UInt32 = 0xFFFF_FFFF

    private let keys: UnsafeMutablePointer<UInt32>
    private let codes: UnsafeMutablePointer<UInt16>

    init() {
        keys = .allocate(capacity: LZWEncoder.slots)
        codes = .allocate(capacity: LZWEncoder.slots)
        codes.initialize(repeating: 0, count: LZWEncoder.slots)
        keys.initialize(repeating: LZWEncoder.empty, count: LZWEncoder.slots)
    }

    deinit {
        keys.deallocate()
        codes.deallocate()
    }

    /// Most bytes `encode` can produce for `pixels` indices: every pixel its own code of at most 12
    /// bits, plus a clear code every `codeLimit - 258` codes, the first clear, the end code and a
    /// partial byte.
    static func maxBytes(pixels n: Int) -> Int {
        let codes = n + n / (codeLimit - 258) + 3
        return (codes * 12 + 7) / 8 + 8
    }

    /// LZW-codes the `width x height` indices (rows `rowStride` apart, each below `1 << minCodeSize`)
    /// into `out` (at least `maxBytes(pixels:)` bytes); returns the byte count. The data only: no
    /// code-size byte and no sub-block framing.
    func encode(_ pixels: UnsafePointer<UInt8>, width w: Int, height h: Int, rowStride: Int, minCodeSize m: Int,
                into out: UnsafeMutablePointer<UInt8>) -> Int {
        let clear = 1 << m, eoi = clear + 1
        let keys = self.keys, codes = self.codes
        let slotMask = LZWEncoder.slots - 1
        var codeBits = m + 1
        var next = eoi + 1
        var acc: UInt64 = 0, bits = 0, n = 0

        @inline(__always) func emit(_ code: Int) {
            acc |= UInt64(code) << UInt64(bits)
            bits &+= codeBits
            while bits >= 8 {
                out[n] = UInt8(truncatingIfNeeded: acc)
                n &+= 1
                acc >>= 8
                bits &-= 8
            }
        }
        /// After a code is written the dictionary gains an entry (or would, when full): the decoder
        /// widens its codes once the next free code needs another bit, and so must we.
        @inline(__always) func grow() {
            if next > (1 << codeBits) && codeBits < 12 { codeBits += 1 }
        }

        emit(clear)
        guard w > 0, h > 0 else { emit(eoi); if bits > 0 { out[n] = UInt8(truncatingIfNeeded: acc); n += 1 }; return n }
        var prefix = Int(pixels[0])
        var x = 1
        for y in 0..<h {
            let row = pixels + y * rowStride
            while x < w {
                let k = UInt32(row[x])
                x &+= 1
                let key = UInt32(truncatingIfNeeded: prefix) << 8 | k
                var s = Int((key &* 0x9E37_79B1) >> 19) & slotMask
                var found = false
                while true {
                    let kk = keys[s]
                    if kk == key { prefix = Int(codes[s]); found = true; break }
                    if kk == LZWEncoder.empty { break }
                    s = (s &+ 1) & slotMask
                }
                if found { continue }
                emit(prefix)
                if next < LZWEncoder.codeLimit {
                    keys[s] = key
                    codes[s] = UInt16(truncatingIfNeeded: next)
                    next &+= 1
                    grow()
                } else {
                    emit(clear)
                    keys.update(repeating: LZWEncoder.empty, count: LZWEncoder.slots)
                    next = eoi + 1
                    codeBits = m + 1
                }
                prefix = Int(k)
            }
            x = 0
        }
        emit(prefix)
        next += 1
        grow()
        emit(eoi)
        if bits > 0 { out[n] = UInt8(truncatingIfNeeded: acc); n += 1 }
        keys.update(repeating: LZWEncoder.empty, count: LZWEncoder.slots)
        return n
    }
}
