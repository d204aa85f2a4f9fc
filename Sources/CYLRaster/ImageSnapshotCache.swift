import CYLGeometry

/// Images drawn at a scale into pixmaps of their own, for `ImageSampling.libpag` (libpag's
/// snapshots of image layers shown at 0.7x or less), kept for the images drawn lately so that
/// a still layer is resampled once: least recently used out first, at most `maxEntries` and
/// `maxPixels` together (a snapshot is never more than half its image's pixels).
final class ImageSnapshotCache {
    static let maxPixels = 4 << 20
    static let maxEntries = 16

    private struct Entry {
        /// Held so its storage stays alive (entries are found by `Pixmap.sharesStorage`).
        var image: Pixmap
        var scale: Double
        var trilinear: Bool
        var snapshot: Pixmap
        var lastUse: Int
    }

    private var entries: [Entry] = []
    private var keptPixels = 0
    private var clock = 0
    /// Draws the snapshots (its own caches hold the levels and samples they need).
    private lazy var canvas = Canvas()
    /// How many snapshots were drawn (tests check that a still image's is drawn once).
    private(set) var draws = 0

    /// `image` drawn at `scale` into a `ceil(width × scale)` x `ceil(height × scale)` pixmap,
    /// trilinear or plain bilinear; nil when that would be empty.
    func snapshot(of image: Pixmap, scale: Double, trilinear: Bool) throws(GeometryError) -> Pixmap? {
        clock &+= 1
        // The largest scale is worked out again each frame (now × ratio): the last bits may differ.
        if let i = entries.firstIndex(where: { abs($0.scale - scale) <= 1e-9 * scale && $0.trilinear == trilinear
                                                   && $0.image.sharesStorage(with: image) }) {
            entries[i].lastUse = clock
            return entries[i].snapshot
        }
        let w = Int((Double(image.width) * scale).rounded(.up)), h = Int((Double(image.height) * scale).rounded(.up))
        guard w > 0, h > 0, var snapshot = try? Pixmap(width: w, height: h, maxPixels: image.width * image.height) else {
            return nil
        }
        canvas.imageLevels = false
        try canvas.drawImage(image, transform: .scale(scale, scale), sampling: trilinear ? .trilinear : .bilinear,
                             into: &snapshot)
        draws += 1
        // The same image at another scale (an animated layer) replaces its snapshot.
        if let same = entries.firstIndex(where: { $0.image.sharesStorage(with: image) }) { evict(same) }
        while !entries.isEmpty && (entries.count >= Self.maxEntries || keptPixels + w * h > Self.maxPixels) {
            evict(entries.indices.min { entries[$0].lastUse < entries[$1].lastUse }!)
        }
        if w * h <= Self.maxPixels {
            entries.append(Entry(image: image, scale: scale, trilinear: trilinear, snapshot: snapshot, lastUse: clock))
            keptPixels += w * h
        }
        return snapshot
    }

    private func evict(_ i: Int) {
        keptPixels -= entries[i].snapshot.width * entries[i].snapshot.height
        entries.remove(at: i)
    }
}
