#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CYLGeometry

/// Halved copies of images drawn smaller than half their size, so a minified image is sampled
/// from a level whose texels are about a pixel wide instead of skipping texels: bilinear sampling
/// reads four texels a pixel, so past 2x reduction the texels between samples were never seen and
/// fine detail aliased (a photo at a third of its size, an icon's @3x PNG at tab-bar size).
/// Level k averages 2^k x 2^k texels (2x2 boxes of level k - 1, premultiplied, rounded); the
/// level drawn is the deepest whose reduction still leaves at least one texel a pixel along the
/// image's less reduced axis, so nothing is blurred beyond its footprint there.
///
/// Levels are built when first needed and kept for the images drawn lately (least recently used
/// out first) while all of them hold at most `maxPixels`; the levels of the image being drawn
/// always stay (a third of its own pixels at most, and the image was already within the limits).
final class ImageMipmapCache {
    /// Most level pixels kept, all images together (16 MiB).
    static let maxPixels = 4 << 20
    /// Most images whose levels are kept: more than one frame draws (`ImageSampleCache.maxEntries`).
    static let maxEntries = ImageSampleCache.maxEntries

    private struct Entry {
        /// Held so its storage stays alive (entries are found by `Pixmap.sharesStorage`).
        var image: Pixmap
        /// levels[k] is level k + 1 (half of levels[k - 1], or of the image).
        var levels: [Pixmap]
        var lastUse: Int
        var pixels: Int { levels.reduce(0) { $0 + $1.width * $1.height } }
    }

    private var entries: [Entry] = []
    private var clock = 0
    /// How many levels were built (tests check that a still image's are built once).
    private(set) var builds = 0

    /// The image to sample for `image` drawn with `inverse` (target pixel to image texel), and
    /// the inverse mapping target pixels to that image's texels: `image` and `inverse` themselves
    /// unless the drawing reduces the image more than 2x along both axes.
    func source(for image: Pixmap, inverse inv: Transform) -> (Pixmap, Transform) {
        // Texels one target pixel step covers along each target axis.
        let fx = (inv.a * inv.a + inv.b * inv.b).squareRoot(), fy = (inv.c * inv.c + inv.d * inv.d).squareRoot()
        let footprint = min(fx, fy)
        guard footprint >= 2, footprint.isFinite else { return (image, inv) }
        var level = 0
        while Double(1 << (level + 1)) <= footprint && (image.width >> level > 1 || image.height >> level > 1) { level += 1 }
        guard level > 0, let pixmap = self.level(level, of: image) else { return (image, inv) }
        let scale = 1 / Double(1 << level)
        return (pixmap, inv.then(.scale(scale, scale)))
    }

    /// The two levels `.trilinear` sampling blends for `image` drawn with `inverse`, as OpenGL's
    /// LINEAR_MIPMAP_LINEAR does: lod = log2 of the texels one target pixel step covers along the
    /// more reduced axis (GL's rho), levels floor(lod) and floor(lod) + 1, the second weighted by
    /// lod's fraction (`weight`, 0...256). Nil when the image is not reduced (lod ≤ 0: plain
    /// bilinear from the image). `coarse` is nil when one level alone is drawn (the weight rounds
    /// to 0 or lod reaches the 1x1 level).
    func trilinearSources(for image: Pixmap, inverse inv: Transform)
        -> (fine: Pixmap, fineInverse: Transform, coarse: Pixmap?, coarseInverse: Transform, weight: UInt32)? {
        let fx = (inv.a * inv.a + inv.b * inv.b).squareRoot(), fy = (inv.c * inv.c + inv.d * inv.d).squareRoot()
        let rho = max(fx, fy)
        guard rho > 1, rho.isFinite else { return nil }
        let lod = log2(rho)
        // Deepest level: 1x1 (levels round their size up).
        var top = 0
        while max(image.width, image.height) > 1 << top { top += 1 }
        var k = Int(lod.rounded(.down))
        var weight = UInt32((lod - Double(k)) * 256 + 0.5)
        if weight == 256 { k += 1; weight = 0 }
        if k >= top { k = top; weight = 0 }
        guard let fine = k == 0 ? image : level(k, of: image) else { return nil }
        let fineInverse = k == 0 ? inv : inv.then(.scale(1 / Double(1 << k), 1 / Double(1 << k)))
        guard weight > 0, let coarse = level(k + 1, of: image) else {
            return (fine, fineInverse, nil, fineInverse, 0)
        }
        let s = 1 / Double(1 << (k + 1))
        return (fine, fineInverse, coarse, inv.then(.scale(s, s)), weight)
    }

    /// Level `k` (>= 1) of `image`, built (with the levels above it) unless kept.
    private func level(_ k: Int, of image: Pixmap) -> Pixmap? {
        clock &+= 1
        var i: Int
        if let found = entries.firstIndex(where: { $0.image.sharesStorage(with: image) }) {
            i = found
        } else {
            entries.append(Entry(image: image, levels: [], lastUse: clock))
            i = entries.count - 1
        }
        entries[i].lastUse = clock
        while entries[i].levels.count < k {
            guard let half = Self.halved(entries[i].levels.last ?? image) else { return nil }
            entries[i].levels.append(half)
            builds += 1
        }
        let level = entries[i].levels[k - 1]
        // Past either bound the least recently used other images' levels go.
        while entries.count > 1 && (entries.count > Self.maxEntries || entries.reduce(0, { $0 + $1.pixels }) > Self.maxPixels) {
            let others = entries.indices.filter { $0 != i }
            let oldest = others.min { entries[$0].lastUse < entries[$1].lastUse }!
            entries.remove(at: oldest)
            if oldest < i { i -= 1 }
        }
        return level
    }

    /// `image` halved: each texel the rounded mean of a 2x2 box (an odd last column or row
    /// repeats its edge texel).
    static func halved(_ image: Pixmap) -> Pixmap? {
        let w = (image.width + 1) / 2, h = (image.height + 1) / 2
        guard var out = try? Pixmap(width: w, height: h, maxPixels: image.width * image.height) else { return nil }
        let lo: UInt32 = 0x00FF_00FF
        image.withUnsafePixels { src, spitch in
            out.withUnsafeMutablePixels { dst, dpitch in
                for y in 0..<h {
                    let r0 = src + 2 * y * spitch, r1 = src + min(2 * y + 1, image.height - 1) * spitch
                    let row = dst + y * dpitch
                    for x in 0..<w {
                        let x0 = 2 * x, x1 = min(2 * x + 1, image.width - 1)
                        let p = r0[x0], q = r0[x1], r = r1[x0], s = r1[x1]
                        // Two channels a lane: four sums of at most 1020 fit in 16 bits.
                        let rb = ((p & lo) &+ (q & lo) &+ (r & lo) &+ (s & lo) &+ 0x0002_0002) >> 2 & lo
                        let ag = (((p >> 8) & lo) &+ ((q >> 8) & lo) &+ ((r >> 8) & lo) &+ ((s >> 8) & lo) &+ 0x0002_0002) >> 2 & lo
                        row[x] = rb | ag << 8
                    }
                }
            }
        }
        return out
    }
}
