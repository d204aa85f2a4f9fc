import CYLGeometry

/// The bilinear samples of images under transforms without rotation or skew, kept between
/// frames: an image layer that does not move or scale is sampled once, then each frame is only
/// its composite. Several entries (a composition may hold a dozen still images at once), least
/// recently used out first, bounded together by `maxPixels`; a region bigger than that is sampled
/// each time into scratch memory.
///
/// Samples sit on a grid anchored at the target's origin: pixel (x, y) reads the image at
/// 16.16 fixed point `u0 + x·du`, `v0 + y·dv`, so the value of a pixel does not depend on which
/// span or rectangle asked for it.
final class ImageSampleCache {
    /// Most pixels of samples kept, all entries together (16 MiB).
    static let maxPixels = 4 << 20
    /// Most entries kept: lookups are a linear scan, so a bounded number, but more than the
    /// images one frame draws (least recently used eviction keeps nothing when a frame cycles
    /// through more: 29056-nepenthe-illustration.json draws 43).
    static let maxEntries = 128

    /// One image's samples under one transform; owns `pixels`.
    private struct Entry {
        /// Held so its storage stays alive (entries are found by `Pixmap.sharesStorage`).
        var image: Pixmap
        var inverse: Transform
        /// The deeper level blended in by `.trilinear` sampling (nil: none), its inverse and weight.
        var coarse: Pixmap?
        var coarseInverse: Transform
        var weight: UInt32
        var region: IntRect
        /// `region.width * region.height` samples.
        var pixels: UnsafeMutablePointer<UInt32>
        var lastUse: Int
    }

    private var entries: [Entry] = []
    private var keptPixels = 0
    private var clock = 0
    /// Samples of a region too big to keep.
    private var scratch: UnsafeMutablePointer<UInt32> = .allocate(capacity: 1)
    private var scratchCapacity = 1
    /// A band of the coarser level's samples, blended into the finer's (trilinear).
    private var band: UnsafeMutablePointer<UInt32> = .allocate(capacity: 1)
    private var bandCapacity = 1
    /// Rows of a band.
    private static let bandRows = 16
    /// How many times samples were computed (tests check that a still image is sampled once).
    private(set) var fills = 0

    deinit {
        for e in entries { e.pixels.deallocate() }
        scratch.deallocate()
        band.deallocate()
    }

    /// Samples of pixels in `region` (rows of `region.width`).
    struct Samples {
        let base: UnsafeMutablePointer<UInt32>
        let region: IntRect
        /// The sample of pixel (0, `y`) of the target's row `y` (offset by `x` for column x).
        func row(_ y: Int) -> UnsafeMutablePointer<UInt32> { base + (y - region.y) * region.width - region.x }
    }

    /// Samples covering `needed`, computed unless an earlier call's hold them. The pointer is
    /// valid until the next call. With `coarse` (trilinear sampling) each sample is the bilinear
    /// sample of `image` blended with that of `coarse` under `coarseInverse` by `weight`/256.
    func samples(of image: Pixmap, inverse inv: Transform, covering needed: IntRect,
                 coarse: Pixmap? = nil, coarseInverse: Transform = .identity, weight: UInt32 = 0) -> Samples {
        clock &+= 1
        var same: Int?
        for i in entries.indices where entries[i].inverse == inv && entries[i].image.sharesStorage(with: image)
            && Self.same(entries[i].coarse, coarse) && entries[i].weight == weight && entries[i].coarseInverse == coarseInverse {
            entries[i].lastUse = clock
            if entries[i].region.intersection(needed) == needed {
                return Samples(base: entries[i].pixels, region: entries[i].region)
            }
            same = i
        }
        let area = needed.width * needed.height
        guard area <= Self.maxPixels else {
            if scratchCapacity < area {
                scratch.deallocate()
                scratch = .allocate(capacity: area)
                scratchCapacity = area
            }
            fill(image, inv, needed, coarse, coarseInverse, weight, into: scratch)
            return Samples(base: scratch, region: needed)
        }
        // The same image and transform over another region replaces its entry; the least
        // recently used entries make room.
        if let same { evict(same) }
        while !entries.isEmpty && (entries.count >= Self.maxEntries || keptPixels + area > Self.maxPixels) {
            evict(entries.indices.min { entries[$0].lastUse < entries[$1].lastUse }!)
        }
        let pixels = UnsafeMutablePointer<UInt32>.allocate(capacity: area)
        entries.append(Entry(image: image, inverse: inv, coarse: coarse, coarseInverse: coarseInverse, weight: weight,
                             region: needed, pixels: pixels, lastUse: clock))
        keptPixels += area
        fill(image, inv, needed, coarse, coarseInverse, weight, into: pixels)
        return Samples(base: pixels, region: needed)
    }

    private func evict(_ i: Int) {
        keptPixels -= entries[i].region.width * entries[i].region.height
        entries[i].pixels.deallocate()
        entries.remove(at: i)
    }

    private static func same(_ a: Pixmap?, _ b: Pixmap?) -> Bool {
        switch (a, b) {
        case (nil, nil): return true
        case let (a?, b?): return a.sharesStorage(with: b)
        default: return false
        }
    }

    private func fill(_ image: Pixmap, _ inv: Transform, _ r: IntRect, _ coarse: Pixmap?, _ coarseInverse: Transform,
                      _ weight: UInt32, into out: UnsafeMutablePointer<UInt32>) {
        fills += 1
        Self.fillBilinear(image, inv, r, into: out)
        guard let coarse, weight > 0 else { return }
        // The coarser level's samples a band of rows at a time, blended into the finer's.
        let rows = min(Self.bandRows, r.height)
        if bandCapacity < rows * r.width {
            band.deallocate()
            band = .allocate(capacity: rows * r.width)
            bandCapacity = rows * r.width
        }
        var y = r.y
        while y < r.maxY {
            let h = min(rows, r.maxY - y)
            Self.fillBilinear(coarse, coarseInverse, IntRect(x: r.x, y: y, width: r.width, height: h), into: band)
            Canvas.blendRow(out + (y - r.y) * r.width, band, h * r.width, weight)
            y += h
        }
    }

    /// Bilinear samples of `image` for the pixels of `r` (rows of `r.width`).
    private static func fillBilinear(_ image: Pixmap, _ inv: Transform, _ r: IntRect, into out: UnsafeMutablePointer<UInt32>) {
        let one = 65536.0
        let du = Int(clamping: inv.a * one), dv = Int(clamping: inv.d * one)
        let u0 = Int(clamping: (inv.a * 0.5 + inv.tx - 0.5) * one), v0 = Int(clamping: (inv.d * 0.5 + inv.ty - 0.5) * one)
        let (w, h) = (image.width, image.height)
        // Columns each pixel of the region reads: from the left texel of the first to the right
        // texel of the last, clamped to the image (plus one repeated edge texel each side).
        let uFirst = u0 &+ r.x &* du, uLast = u0 &+ (r.maxX - 1) &* du
        let lo = min(max(min(uFirst, uLast) >> 16, -1), w), hi = min(max((max(uFirst, uLast) >> 16) + 1, -1), w)
        var mixed = [UInt64](repeating: 0, count: hi - lo + 1)
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
    }
}
