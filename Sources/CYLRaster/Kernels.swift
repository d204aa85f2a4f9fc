import CRasterKernels

// Pixel kernels on packed premultiplied RGBA8 (`r | g<<8 | b<<16 | a<<24`, the little-endian
// reading of the byte order in `Pixmap.bytes`). Two channels are processed at once in the 16-bit
// lanes of a UInt32 (`0x00FF00FF` masks) or four in a UInt64; division by 255 is the exact
// rounding `(t + (t >> 8)) >> 8` with `t = x + 128`.

@usableFromInline let lo8: UInt32 = 0x00FF_00FF
@usableFromInline let lo8x2: UInt64 = 0x00FF_00FF_00FF_00FF

/// round(x·s/255) for each of the two lanes of `rb` (each lane ≤ 255), `s` ≤ 255.
@inline(__always) @usableFromInline
func mulLanes(_ rb: UInt32, _ s: UInt32) -> UInt32 {
    let t = rb &* s &+ 0x0080_0080
    return ((t &+ ((t >> 8) & lo8)) >> 8) & lo8
}

/// round(x·s/255) for each of the four lanes of `v` (each lane ≤ 255), `s` ≤ 255.
@inline(__always) @usableFromInline
func mulLanes64(_ v: UInt64, _ s: UInt64) -> UInt64 {
    let t = v &* s &+ 0x0080_0080_0080_0080
    return ((t &+ ((t >> 8) & lo8x2)) >> 8) & lo8x2
}

/// Every channel of `p` scaled by `s/255` (rounded).
@inline(__always) @usableFromInline
func scalePixel(_ p: UInt32, _ s: UInt32) -> UInt32 {
    mulLanes(p & lo8, s) | (mulLanes((p >> 8) & lo8, s) << 8)
}

/// Two packed pixels scaled by `s/255` (rounded).
@inline(__always) @usableFromInline
func scalePixels2(_ p: UInt64, _ s: UInt64) -> UInt64 {
    mulLanes64(p & lo8x2, s) | (mulLanes64((p >> 8) & lo8x2, s) << 8)
}

/// Premultiplied source-over of one pixel.
@inline(__always) @usableFromInline
func overPixel(_ s: UInt32, _ d: UInt32) -> UInt32 {
    s &+ scalePixel(d, 255 &- (s >> 24))
}

@inline(__always) @usableFromInline
func pack(_ c: RGBA8) -> UInt32 {
    UInt32(c.r) | UInt32(c.g) << 8 | UInt32(c.b) << 16 | UInt32(c.a) << 24
}
@inline(__always) @usableFromInline
func unpack(_ p: UInt32) -> RGBA8 {
    RGBA8(UInt8(truncatingIfNeeded: p), UInt8(truncatingIfNeeded: p >> 8),
          UInt8(truncatingIfNeeded: p >> 16), UInt8(truncatingIfNeeded: p >> 24))
}

enum Kernels {
    /// `d[i] = s[i] over d[i]`. Branch-free so that LLVM vectorises it (an alpha of 0 leaves `d`
    /// exactly unchanged and an alpha of 255 replaces it exactly, so no special cases are needed).
    @inline(__always)
    static func overRow(_ d: UnsafeMutablePointer<UInt32>, _ s: UnsafePointer<UInt32>, _ n: Int) {
        for i in 0..<n {
            let sp = s[i]
            d[i] = sp &+ scalePixel(d[i], 255 &- (sp >> 24))
        }
    }

    /// Runs at least this long go to the C row (`cyl_over_row`, AVX2 where the CPU has it);
    /// shorter ones stay inline, where a call would cost more than the pixels.
    static let cRowMinimum = 16

    /// `d[i] = (s[i]·cov) over d[i]`.
    @inline(__always)
    static func overRow(_ d: UnsafeMutablePointer<UInt32>, _ s: UnsafePointer<UInt32>, _ n: Int, coverage: UInt32) {
        if n >= cRowMinimum { cyl_over_row(d, s, n, coverage); return }
        if coverage == 255 { overRow(d, s, n); return }
        if coverage == 0 { return }
        for i in 0..<n {
            let sp = scalePixel(s[i], coverage)
            d[i] = sp &+ scalePixel(d[i], 255 &- (sp >> 24))
        }
    }
}
