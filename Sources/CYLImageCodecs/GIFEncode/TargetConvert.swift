/// Premultiplied RGBA rows to the encoder's target words (`0x00BBGGRR` opaque colour or
/// `TargetPixel.transparent`), under one of the two transparency rules.
///
/// Most pixels of an icon or a screen recording are opaque, and an opaque pixel's word is its
/// colour with the alpha byte cleared whatever the rule, so pixels are read two at a time as one
/// 64-bit word (four per step) and opaque pairs are written with one mask and one store. Only
/// pairs holding a soft or transparent pixel go through the rule, one pixel at a time. The rules
/// are generic structs, so each loop is specialised with its rule inlined.
enum TargetConvert {
    static func rows<R: TargetRule>(_ src: UnsafeRawPointer, stride: Int, width w: Int, height h: Int,
                                    into dst: UnsafeMutablePointer<UInt32>, _ rule: R) {
        for y in 0..<h {
            let row = src + y * stride
            let out = UnsafeMutableRawPointer(dst + y * w)
            var x = 0
            // Four pixels per step when all are opaque (one test for two words), else pair by pair.
            while x &+ 4 <= w {
                let v0 = load2(row, x), v1 = load2(row, x &+ 2)
                if v0 & v1 & opaque2 == opaque2 {
                    out.storeBytes(of: (v0 & colour2).littleEndian, toByteOffset: x &* 4, as: UInt64.self)
                    out.storeBytes(of: (v1 & colour2).littleEndian, toByteOffset: x &* 4 &+ 8, as: UInt64.self)
                } else {
                    pair(v0, out, x, rule)
                    pair(v1, out, x &+ 2, rule)
                }
                x &+= 4
            }
            if x &+ 2 <= w { pair(load2(row, x), out, x, rule); x &+= 2 }
            if x < w {
                out.storeBytes(of: one(UInt32(littleEndian: row.loadUnaligned(fromByteOffset: x &* 4, as: UInt32.self)), rule),
                               toByteOffset: x &* 4, as: UInt32.self)
            }
        }
    }

    /// Alpha bytes of two pixels read as one little-endian word; the colour bytes.
    private static let opaque2: UInt64 = 0xFF00_0000_FF00_0000, colour2: UInt64 = 0x00FF_FFFF_00FF_FFFF

    /// Pixels x and x + 1 as one word (pixel x in the low half, as in the UInt32 reading).
    @inline(__always) private static func load2(_ row: UnsafeRawPointer, _ x: Int) -> UInt64 {
        UInt64(littleEndian: row.loadUnaligned(fromByteOffset: x &* 4, as: UInt64.self))
    }

    @inline(__always) private static func pair<R: TargetRule>(_ v: UInt64, _ out: UnsafeMutableRawPointer, _ x: Int, _ rule: R) {
        if v & opaque2 == opaque2 {
            out.storeBytes(of: (v & colour2).littleEndian, toByteOffset: x &* 4, as: UInt64.self)
        } else {
            out.storeBytes(of: one(UInt32(truncatingIfNeeded: v), rule), toByteOffset: x &* 4, as: UInt32.self)
            out.storeBytes(of: one(UInt32(truncatingIfNeeded: v >> 32), rule), toByteOffset: x &* 4 &+ 4, as: UInt32.self)
        }
    }

    @inline(__always) private static func one<R: TargetRule>(_ p: UInt32, _ rule: R) -> UInt32 {
        p >> 24 == 255 ? p & 0xFF_FFFF : rule.soft(p)
    }
}

/// How a pixel that is not fully opaque becomes a target word.
protocol TargetRule {
    /// `p`: a premultiplied pixel (`r | g<<8 | b<<16 | a<<24`) with alpha below 255.
    func soft(_ p: UInt32) -> UInt32
}

/// Blend onto the matte and make opaque; alpha 0 stays transparent.
struct MatteRule: TargetRule {
    let mr: UInt32, mg: UInt32, mb: UInt32

    @inline(__always) func soft(_ p: UInt32) -> UInt32 {
        let a = p >> 24
        if a == 0 { return TargetPixel.transparent }
        let inv = 255 - a
        @inline(__always) func mix(_ c: UInt32, _ m: UInt32) -> UInt32 {
            let v = m * inv + 128
            return min(255, c + ((v + (v >> 8)) >> 8))
        }
        return mix(p & 0xFF, mr) | mix((p >> 8) & 0xFF, mg) << 8 | mix((p >> 16) & 0xFF, mb) << 16
    }
}

/// Alpha at or above the threshold: opaque in its own (unpremultiplied) colour; below it: transparent.
struct ThresholdRule: TargetRule {
    /// At least 1, so alpha 0 is always transparent (and never divides).
    let threshold: UInt32

    @inline(__always) func soft(_ p: UInt32) -> UInt32 {
        let a = p >> 24
        if a < threshold { return TargetPixel.transparent }
        let half = a / 2
        @inline(__always) func un(_ c: UInt32) -> UInt32 { min(255, (c * 255 + half) / a) }
        return un(p & 0xFF) | un((p >> 8) & 0xFF) << 8 | un((p >> 16) & 0xFF) << 16
    }
}
