/// Per-pixel kernels of the frame optimiser: where a frame of palette indices differs from what is
/// shown (the canvas), and the cropped rectangle to write.
///
/// Between two frames of an animation most pixels are unchanged, so every scan compares eight
/// indices at once as one 64-bit word and looks at single pixels only inside a word that differs.
/// That is exact because every test here is false where the frame and the canvas hold the same
/// index (see `IndexDiffTest`). The tests are generic parameters, not closures, so each kernel is
/// specialised with the test inlined.
enum IndexDiff {
    /// A half-open pixel rectangle.
    typealias Box = (x0: Int, y0: Int, x1: Int, y1: Int)

    /// Bounding box of the pixels `i` (row-major, `width` per row) where `test(cur[i], canvas[i])`
    /// holds, or nil when none does.
    static func box<T: IndexDiffTest>(_ cur: UnsafePointer<UInt8>, _ canvas: UnsafePointer<UInt8>,
                                      width: Int, height: Int, _ test: T) -> Box? {
        var x0 = width, y0 = -1, x1 = -1, y1 = -1
        for y in 0..<height {
            let a = cur + y * width, b = canvas + y * width
            if y0 < 0 {
                guard let f = first(a, b, 0, width, test) else { continue }
                y0 = y; y1 = y
                x0 = f
                x1 = last(a, b, f, width, test)!
                continue
            }
            // Only hits left of x0 or right of x1 can grow the box; the middle just has to hold
            // one hit for the row to count (for y1).
            var hit = false
            if x0 > 0, let f = first(a, b, 0, x0, test) { x0 = f; hit = true }
            if x1 + 1 < width, let l = last(a, b, x1 + 1, width, test) { x1 = l; hit = true }
            if !hit { hit = first(a, b, x0, x1 + 1, test) != nil }
            if hit { y1 = y }
        }
        return y0 < 0 ? nil : (x0, y0, x1 + 1, y1 + 1)
    }

    /// The lowest `x` in `lo..<hi` where the test holds.
    @inline(__always)
    static func first<T: IndexDiffTest>(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>,
                                        _ lo: Int, _ hi: Int, _ test: T) -> Int? {
        var x = lo
        while x + 8 <= hi {
            if load8(a, x) != load8(b, x) {
                for k in x..<(x + 8) where test.hit(a[k], b[k]) { return k }
            }
            x += 8
        }
        while x < hi {
            if test.hit(a[x], b[x]) { return x }
            x += 1
        }
        return nil
    }

    /// The highest `x` in `lo..<hi` where the test holds.
    @inline(__always)
    static func last<T: IndexDiffTest>(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>,
                                       _ lo: Int, _ hi: Int, _ test: T) -> Int? {
        var x = hi
        while x - 8 >= lo {
            if load8(a, x - 8) != load8(b, x - 8) {
                var k = x - 1
                while k >= x - 8 {
                    if test.hit(a[k], b[k]) { return k }
                    k -= 1
                }
            }
            x -= 8
        }
        while x > lo {
            x -= 1
            if test.hit(a[x], b[x]) { return x }
        }
        return nil
    }

    @inline(__always) static func load8(_ p: UnsafePointer<UInt8>, _ x: Int) -> UInt64 {
        UnsafeRawPointer(p + x).loadUnaligned(as: UInt64.self)
    }

    /// Copies `cur` inside `r` (rows `width` apart) to `out` (rows `r.x1 - r.x0` apart). Pixels
    /// close to what the canvas shows (`close[c << 8 | shown]`) are written as `transparent` and
    /// leave the canvas as it is; the others are written as they are and drawn onto the canvas.
    /// `close` must hold on its diagonal for every index present, so equal words are skipped whole.
    static func copyChanged(_ cur: UnsafePointer<UInt8>, _ canvas: UnsafeMutablePointer<UInt8>, width: Int,
                            _ r: Box, close: UnsafePointer<Bool>, transparent t: UInt8,
                            into out: UnsafeMutablePointer<UInt8>) {
        let w = r.x1 - r.x0
        let fill = UInt64(t) &* 0x0101_0101_0101_0101
        for yy in 0..<(r.y1 - r.y0) {
            let src = cur + (r.y0 + yy) * width + r.x0
            let shown = canvas + (r.y0 + yy) * width + r.x0
            let dst = out + yy * w
            var x = 0
            while x + 8 <= w {
                if load8(src, x) == load8(shown, x) {
                    UnsafeMutableRawPointer(dst + x).storeBytes(of: fill, as: UInt64.self)
                } else {
                    for k in x..<(x + 8) { copyOne(src, shown, dst, k, close, t) }
                }
                x += 8
            }
            while x < w { copyOne(src, shown, dst, x, close, t); x += 1 }
        }
    }

    @inline(__always)
    private static func copyOne(_ src: UnsafePointer<UInt8>, _ shown: UnsafeMutablePointer<UInt8>,
                                _ dst: UnsafeMutablePointer<UInt8>, _ k: Int, _ close: UnsafePointer<Bool>, _ t: UInt8) {
        let c = src[k]
        if close[Int(c) << 8 | Int(shown[k])] {
            dst[k] = t
        } else {
            dst[k] = c
            shown[k] = c
        }
    }
}

/// A per-pixel test of the frame optimiser: `hit(frameIndex, canvasIndex)`. It must be false
/// whenever both are equal, which lets the kernels skip equal words.
protocol IndexDiffTest {
    func hit(_ a: UInt8, _ b: UInt8) -> Bool
}

/// The pixel changed at all (exact frame optimisation).
struct IndexDiffDiffers: IndexDiffTest {
    @inline(__always) func hit(_ a: UInt8, _ b: UInt8) -> Bool { a != b }
}

/// The pixel moved further than the unchanged tolerance (`close[a << 8 | b]` is false); `close`
/// holds on its diagonal, so equal indices never hit.
struct IndexDiffNotClose: IndexDiffTest {
    let close: UnsafePointer<Bool>
    @inline(__always) func hit(_ a: UInt8, _ b: UInt8) -> Bool { !close[Int(a) << 8 | Int(b)] }
}

/// The pixel turns transparent where the canvas shows a colour (a == t, b != t).
struct IndexDiffCleared: IndexDiffTest {
    let transparent: UInt8
    @inline(__always) func hit(_ a: UInt8, _ b: UInt8) -> Bool { a == transparent && b != transparent }
}
