/// How colours that are not in the palette are approximated.
public enum DitherMode: String, Sendable, CaseIterable {
    /// The nearest palette colour: flat, stable between frames (best for icons).
    case none
    /// An 8x8 Bayer pattern: smooth gradients, still stable between frames.
    case ordered
    /// Floyd–Steinberg error diffusion (serpentine): the smoothest still image, but the pattern moves.
    case fs
}

/// Pixel words handed to the mapper: `0x00BBGGRR` for an opaque colour, or `transparentWord`.
enum TargetPixel {
    static let transparent: UInt32 = 0xFF00_0000
}

/// Maps opaque colours to palette indices, with optional dithering. Colours of the palette itself
/// always map to themselves (a flat fill stays flat under every dither mode).
final class PaletteMapper {
    let count: Int
    private let pr: UnsafeMutablePointer<Int32>, pg: UnsafeMutablePointer<Int32>, pb: UnsafeMutablePointer<Int32>
    /// Nearest entry for each 6-bit-per-channel cell (centre of the cell); -1 until computed.
    private let cache: UnsafeMutablePointer<Int16>
    private let table: ColorTable
    /// Ordered-dither amplitude in levels (from the palette's spacing).
    private let orderedAmplitude: Int32
    /// Floyd–Steinberg error rows (3 channels x (width + 2) x 2 rows), grown on demand.
    private var errors: UnsafeMutablePointer<Int32>
    private var errorsCapacity = 0

    init(palette: [UInt32], table: ColorTable) {
        count = palette.count
        pr = .allocate(capacity: max(1, count)); pg = .allocate(capacity: max(1, count)); pb = .allocate(capacity: max(1, count))
        for (i, c) in palette.enumerated() {
            pr[i] = Int32(c & 0xFF); pg[i] = Int32((c >> 8) & 0xFF); pb[i] = Int32((c >> 16) & 0xFF)
        }
        cache = .allocate(capacity: 1 << 18)
        cache.initialize(repeating: -1, count: 1 << 18)
        self.table = table
        errors = .allocate(capacity: 1)
        // Typical distance from a palette colour to its nearest neighbour: the step ordered dithering spans.
        var total = 0.0
        let sample = min(count, 64)
        for i in 0..<sample {
            var best = Int32.max
            for j in 0..<count where j != i {
                let dr = pr[i] - pr[j], dg = pg[i] - pg[j], db = pb[i] - pb[j]
                best = min(best, dr * dr + dg * dg + db * db)
            }
            if best != Int32.max { total += Double(best).squareRoot() }
        }
        orderedAmplitude = Int32(max(4, min(48, sample > 1 ? total / Double(sample) : 16)))
        // Every colour of the histogram: its nearest entry, flagged exact when it is the entry itself.
        table.clearPayload()
        for i in 0..<table.capacity {
            let k = table.keys[i]
            if k != ColorTable.emptyKey { table.payload[i] = resolve(k) }
        }
    }

    deinit {
        pr.deallocate(); pg.deallocate(); pb.deallocate()
        cache.deallocate()
        errors.deallocate()
    }

    /// The palette entry nearest to (r, g, b) by squared RGB distance.
    @inline(__always) func nearest(_ r: Int32, _ g: Int32, _ b: Int32) -> Int {
        var best = 0, bestD = Int32.max
        for j in 0..<count {
            let dr = pr[j] &- r, dg = pg[j] &- g, db = pb[j] &- b
            let d = dr &* dr &+ dg &* dg &+ db &* db
            if d < bestD { bestD = d; best = j; if d == 0 { break } }
        }
        return best
    }

    /// Payload for colour `c`: nearest index, +256 when the colour is exactly that entry.
    private func resolve(_ c: UInt32) -> Int16 {
        let r = Int32(c & 0xFF), g = Int32((c >> 8) & 0xFF), b = Int32((c >> 16) & 0xFF)
        let j = nearest(r, g, b)
        let exact = pr[j] == r && pg[j] == g && pb[j] == b
        return Int16(j + (exact ? 256 : 0))
    }

    /// Payload for an opaque colour word, through the histogram table (adding unseen colours).
    @inline(__always) private func lookup(_ c: UInt32) -> Int16 {
        var s = table.slot(of: c)
        if table.keys[s] != table.key(c) {
            s = table.add(c, 0)
        }
        var p = table.payload[s]
        if p < 0 { p = resolve(c); table.payload[s] = p }
        return p
    }

    /// Nearest entry through the 6-bit cell cache (for dithered colours that are not in the table).
    @inline(__always) private func cached(_ r: Int32, _ g: Int32, _ b: Int32) -> UInt8 {
        let key = Int(r >> 2) | Int(g >> 2) << 6 | Int(b >> 2) << 12
        var v = cache[key]
        if v < 0 {
            v = Int16(nearest((r & ~3) | 2, (g & ~3) | 2, (b & ~3) | 2))
            cache[key] = v
        }
        return UInt8(truncatingIfNeeded: v)
    }

    static let bayer8: [Int32] = [
        0, 32, 8, 40, 2, 34, 10, 42, 48, 16, 56, 24, 50, 18, 58, 26,
        12, 44, 4, 36, 14, 46, 6, 38, 60, 28, 52, 20, 62, 30, 54, 22,
        3, 35, 11, 43, 1, 33, 9, 41, 51, 19, 59, 27, 49, 17, 57, 25,
        15, 47, 7, 39, 13, 45, 5, 37, 63, 31, 55, 23, 61, 29, 53, 21,
    ]

    /// Maps `width x height` target words to indices; transparent words become `transparentIndex`.
    func map(_ src: UnsafePointer<UInt32>, width: Int, height: Int, into dst: UnsafeMutablePointer<UInt8>,
             transparentIndex: UInt8, dither: DitherMode) {
        switch dither {
        case .none: mapNearest(src, count: width * height, into: dst, transparentIndex: transparentIndex)
        case .ordered: mapOrdered(src, width: width, height: height, into: dst, transparentIndex: transparentIndex)
        case .fs: mapFloydSteinberg(src, width: width, height: height, into: dst, transparentIndex: transparentIndex)
        }
    }

    /// Nearest entries through the histogram table, whose payloads the init already resolved for
    /// every colour of the analyze pass. On a dithered frame most pixels differ from their left
    /// neighbour, so the table probe runs once per pixel: it is inline here with the table's
    /// pointers in registers, and only a colour the table lacks (or has no payload for yet) goes
    /// through `lookup`, which may insert and grow the table, so the locals are reloaded after it.
    private func mapNearest(_ src: UnsafePointer<UInt32>, count n: Int, into dst: UnsafeMutablePointer<UInt8>,
                            transparentIndex: UInt8) {
        var keys = table.keys, payload = table.payload, shift = table.shift, keyMask = table.mask
        var slotMask = table.capacity - 1
        var lastKey = TargetPixel.transparent, lastIndex = transparentIndex
        for i in 0..<n {
            let c = src[i]
            if c != lastKey {
                lastKey = c
                if c == TargetPixel.transparent {
                    lastIndex = transparentIndex
                } else {
                    let key = c & keyMask
                    var j = ColorTable.home(key, shift: shift)
                    var p: Int16 = -1
                    while true {
                        let k = keys[j]
                        if k == key { p = payload[j]; break }
                        if k == ColorTable.emptyKey { break }
                        j = (j + 1) & slotMask
                    }
                    if p < 0 {
                        p = lookup(c)
                        keys = table.keys; payload = table.payload; shift = table.shift; keyMask = table.mask
                        slotMask = table.capacity - 1
                    }
                    lastIndex = UInt8(truncatingIfNeeded: p & 0xFF)
                }
            }
            dst[i] = lastIndex
        }
    }

    private func mapOrdered(_ src: UnsafePointer<UInt32>, width: Int, height: Int, into dst: UnsafeMutablePointer<UInt8>,
                            transparentIndex: UInt8) {
        let amp = orderedAmplitude
        Self.bayer8.withUnsafeBufferPointer { m in
            for y in 0..<height {
                let row = y * width
                for x in 0..<width {
                    let c = src[row + x]
                    if c == TargetPixel.transparent { dst[row + x] = transparentIndex; continue }
                    let p = lookup(c)
                    if p >= 256 { dst[row + x] = UInt8(truncatingIfNeeded: p & 0xFF); continue }
                    let off = ((m[(y & 7) * 8 + (x & 7)] * 2 - 63) * amp) / 128
                    let r = min(255, max(0, Int32(c & 0xFF) + off))
                    let g = min(255, max(0, Int32((c >> 8) & 0xFF) + off))
                    let b = min(255, max(0, Int32((c >> 16) & 0xFF) + off))
                    dst[row + x] = cached(r, g, b)
                }
            }
        }
    }

    private func mapFloydSteinberg(_ src: UnsafePointer<UInt32>, width: Int, height: Int,
                                   into dst: UnsafeMutablePointer<UInt8>, transparentIndex: UInt8) {
        let rowLen = (width + 2) * 3
        if errorsCapacity < rowLen * 2 {
            errors.deallocate()
            errors = .allocate(capacity: rowLen * 2)
            errorsCapacity = rowLen * 2
        }
        errors.initialize(repeating: 0, count: rowLen * 2)
        var cur = errors, next = errors + rowLen
        for y in 0..<height {
            next.update(repeating: 0, count: rowLen)
            let leftToRight = y & 1 == 0
            let dir = leftToRight ? 1 : -1
            var x = leftToRight ? 0 : width - 1
            for _ in 0..<width {
                let i = y * width + x
                let c = src[i]
                let e = (x + 1) * 3
                if c == TargetPixel.transparent {
                    dst[i] = transparentIndex
                    x += dir
                    continue
                }
                // Error is stored in sixteenths; it is capped so a streak cannot run away.
                let r = min(255, max(0, Int32(c & 0xFF) + min(64, max(-64, cur[e] >> 4))))
                let g = min(255, max(0, Int32((c >> 8) & 0xFF) + min(64, max(-64, cur[e + 1] >> 4))))
                let b = min(255, max(0, Int32((c >> 16) & 0xFF) + min(64, max(-64, cur[e + 2] >> 4))))
                let exact = r == Int32(c & 0xFF) && g == Int32((c >> 8) & 0xFF) && b == Int32((c >> 16) & 0xFF)
                let j: Int
                if exact {
                    j = Int(lookup(c) & 0xFF)
                } else {
                    j = Int(cached(r, g, b))
                }
                dst[i] = UInt8(truncatingIfNeeded: j)
                let er = r - pr[j], eg = g - pg[j], eb = b - pb[j]
                // 7/16 ahead, 3/16 behind below, 5/16 below, 1/16 ahead below.
                let ahead = e + dir * 3, behind = e - dir * 3
                cur[ahead] += er * 7; cur[ahead + 1] += eg * 7; cur[ahead + 2] += eb * 7
                next[behind] += er * 3; next[behind + 1] += eg * 3; next[behind + 2] += eb * 3
                next[e] += er * 5; next[e + 1] += eg * 5; next[e + 2] += eb * 5
                next[ahead] += er; next[ahead + 1] += eg; next[ahead + 2] += eb
                x += dir
            }
            swap(&cur, &next)
        }
    }
}
