#if canImport(Glibc)
import Glibc
#endif

/// What changed between the canvas a player shows and the next frame (straight RGBA, same
/// size): the animation encoder writes only that rectangle.
struct FrameDiff {
    struct Rect: Equatable {
        var x: Int, y: Int, width: Int, height: Int

        /// Widened to even x and y: ANMF stores offsets halved.
        var evenAligned: Rect {
            let x0 = x & ~1, y0 = y & ~1
            return Rect(x: x0, y: y0, width: width + x - x0, height: height + y - y0)
        }
    }

    /// How far a colour channel may move and still count as unchanged: 0 (exact) for lossless.
    /// Lossy encoding moves colours anyway, so re-encoding a pixel for a step smaller than its
    /// own error only costs bytes; dithered sources change a little everywhere every frame. The
    /// curve is libwebp's own for lossy animations (31 steps at quality 0, 1 at 100).
    static func tolerance(lossless: Bool, quality: Float) -> UInt32 {
        guard !lossless else { return 0 }
        let v = Double(quality / 100).squareRoot()
        return UInt32((31 * (1 - v) + v).rounded())
    }

    /// Whether pixel `a` may stand for `b` (little-endian words: alpha is the top byte). Alpha
    /// must match exactly: it decides which pixels blending leaves alone.
    @inline(__always) static func similar(_ a: UInt32, _ b: UInt32, _ tolerance: UInt32) -> Bool {
        if a == b { return true }
        guard tolerance > 0, a >> 24 == b >> 24 else { return false }
        for shift: UInt32 in [0, 8, 16] {
            let x = (a >> shift) & 0xFF, y = (b >> shift) & 0xFF
            if (x > y ? x - y : y - x) > tolerance { return false }
        }
        return true
    }

    /// The bounding box of the pixels that differ; nil when none do.
    private(set) var rect: Rect?
    /// Every pixel that differs is opaque in the new frame, so blending it over the canvas
    /// reproduces it exactly (players keep opaque pixels as they are; only translucent ones are
    /// mixed, with rounding).
    private(set) var changedAllOpaque = true
    /// Some pixel of the new frame is not opaque.
    private(set) var newHasAlpha = false

    init(old: [UInt8], new: [UInt8], width: Int, height: Int, tolerance: UInt32) {
        precondition(old.count == width * height * 4 && new.count == old.count)
        var minX = width, maxX = -1, minY = height, maxY = -1
        old.withUnsafeBytes { oldBytes in
            new.withUnsafeBytes { newBytes in
                let o = oldBytes.bindMemory(to: UInt32.self), n = newBytes.bindMemory(to: UInt32.self)
                let opaque: UInt32 = 0xFF00_0000
                for y in 0..<height {
                    let row = y * width
                    if !newHasAlpha {
                        for i in row..<(row + width) where n[i] < opaque { newHasAlpha = true; break }
                    }
                    if memcmp(oldBytes.baseAddress! + row * 4, newBytes.baseAddress! + row * 4, width * 4) == 0 { continue }
                    var left = row, right = row + width - 1
                    while left <= right, Self.similar(o[left], n[left], tolerance) { left += 1 }
                    guard left <= right else { continue }
                    while Self.similar(o[right], n[right], tolerance) { right -= 1 }
                    if changedAllOpaque {
                        for i in left...right where n[i] < opaque && !Self.similar(o[i], n[i], tolerance) { changedAllOpaque = false; break }
                    }
                    minX = min(minX, left - row); maxX = max(maxX, right - row)
                    minY = min(minY, y); maxY = y
                }
            }
        }
        if maxY >= 0 { rect = Rect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1) }
    }

    /// The pixels of `rect` in `new`, with those similar in `old` made transparent: blended
    /// over the canvas, transparent pixels leave it as it is, and runs of them compress to
    /// nearly nothing.
    static func maskingUnchanged(new: [UInt8], old: [UInt8], width: Int, rect: Rect, tolerance: UInt32) -> [UInt32] {
        var out = [UInt32](repeating: 0, count: rect.width * rect.height)
        new.withUnsafeBytes { newBytes in
            old.withUnsafeBytes { oldBytes in
                let o = oldBytes.bindMemory(to: UInt32.self), n = newBytes.bindMemory(to: UInt32.self)
                out.withUnsafeMutableBufferPointer { dst in
                    for y in 0..<rect.height {
                        let src = (rect.y + y) * width + rect.x, at = y * rect.width
                        for x in 0..<rect.width where !similar(o[src + x], n[src + x], tolerance) { dst[at + x] = n[src + x] }
                    }
                }
            }
        }
        return out
    }

    /// Brings `canvas` to what a player shows after the frame: the whole rectangle replaced, or
    /// (blended) only its pixels that were not similar.
    static func apply(_ new: [UInt8], to canvas: inout [UInt8], width: Int, rect: Rect, blended: Bool, tolerance: UInt32) {
        new.withUnsafeBytes { newBytes in
            canvas.withUnsafeMutableBytes { canvasBytes in
                let n = newBytes.bindMemory(to: UInt32.self), c = canvasBytes.bindMemory(to: UInt32.self)
                for y in rect.y..<(rect.y + rect.height) {
                    let row = y * width + rect.x
                    if !blended {
                        memcpy(canvasBytes.baseAddress! + row * 4, newBytes.baseAddress! + row * 4, rect.width * 4)
                        continue
                    }
                    for i in row..<(row + rect.width) where !similar(c[i], n[i], tolerance) { c[i] = n[i] }
                }
            }
        }
    }
}
