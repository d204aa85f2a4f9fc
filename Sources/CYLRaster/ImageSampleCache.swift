import CYLGeometry

/// The bilinear samples of one image under one transform without rotation or skew, kept between
/// frames: an image layer that does not move or scale is sampled once, then each frame is only
/// its composite. One entry, bounded by `maxPixels`; anything else is sampled again.
///
/// Samples sit on a grid anchored at the target's origin: pixel (x, y) reads the image at
/// 16.16 fixed point `u0 + x·du`, `v0 + y·dv`, so the value of a pixel does not depend on which
/// span or rectangle asked for it.
final class ImageSampleCache {
    /// Most pixels of samples kept (16 MiB); bigger regions are sampled without being kept.
    static let maxPixels = 4 << 20

    private var image: Pixmap?
    private var inverse = Transform.identity
    private var region = IntRect.none
    /// Samples of `region`, row after row; owned here (`deinit` frees them).
    private var pixels: UnsafeMutablePointer<UInt32> = .allocate(capacity: 1)
    private var capacity = 1
    /// How many times samples were computed (tests check that a still image is sampled once).
    private(set) var fills = 0

    deinit { pixels.deallocate() }

    /// Samples of pixels in `region` (rows of `region.width`).
    struct Samples {
        let base: UnsafeMutablePointer<UInt32>
        let region: IntRect
        /// The sample of pixel (0, `y`) of the target's row `y` (offset by `x` for column x).
        func row(_ y: Int) -> UnsafeMutablePointer<UInt32> { base + (y - region.y) * region.width - region.x }
    }

    /// Samples covering `needed`, computed unless the last call's hold them. The pointer is valid
    /// until the next call.
    func samples(of image: Pixmap, inverse inv: Transform, covering needed: IntRect) -> Samples {
        // Array equality first compares storage identity: O(1) for the same image buffer.
        let hit = self.image == image && inverse == inv && region.intersection(needed) == needed
        if !hit {
            let area = needed.width * needed.height
            // A region too big to keep is sampled into a temporary buffer only.
            self.image = area <= Self.maxPixels ? image : nil
            inverse = inv
            region = needed
            if capacity < area {
                pixels.deallocate()
                pixels = .allocate(capacity: area)
                capacity = area
            }
            fill(image, inv, needed)
        }
        return Samples(base: pixels, region: region)
    }

    private func fill(_ image: Pixmap, _ inv: Transform, _ r: IntRect) {
        let one = 65536.0
        let du = Int(clamping: inv.a * one), dv = Int(clamping: inv.d * one)
        let u0 = Int(clamping: (inv.a * 0.5 + inv.tx - 0.5) * one), v0 = Int(clamping: (inv.d * 0.5 + inv.ty - 0.5) * one)
        let (w, h) = (image.width, image.height)
        // Columns each pixel of the region reads: from the left texel of the first to the right
        // texel of the last, clamped to the image (plus one repeated edge texel each side).
        let uFirst = u0 &+ r.x &* du, uLast = u0 &+ (r.maxX - 1) &* du
        let lo = min(max(min(uFirst, uLast) >> 16, -1), w), hi = min(max((max(uFirst, uLast) >> 16) + 1, -1), w)
        var mixed = [UInt64](repeating: 0, count: hi - lo + 1)
        let out = pixels
        image.withUnsafePixels { src, pitch in
            mixed.withUnsafeMutableBufferPointer { mix in
                for y in r.y..<r.maxY {
                    let v = v0 &+ y &* dv
                    let ty = v >> 16, fy = UInt64(truncatingIfNeeded: (v >> 8) & 255)
                    let r0 = src + min(max(ty, 0), h - 1) * pitch, r1 = src + min(max(ty + 1, 0), h - 1) * pitch
                    for i in 0..<mix.count {
                        let x = min(max(lo + i, 0), w - 1)
                        mix[i] = Canvas.lerpSpread(Canvas.spread(r0[x]), Canvas.spread(r1[x]), fy)
                    }
                    let row = out + (y - r.y) * r.width
                    var u = u0 &+ r.x &* du
                    for k in 0..<r.width {
                        let x = u >> 16
                        let fx = UInt64(truncatingIfNeeded: (u >> 8) & 255)
                        let i0 = min(max(x, lo), hi) - lo, i1 = min(max(x + 1, lo), hi) - lo
                        row[k] = Canvas.pack(Canvas.lerpSpread(mix[i0], mix[i1], fx))
                        u &+= du
                    }
                }
            }
        }
        fills += 1
    }
}
