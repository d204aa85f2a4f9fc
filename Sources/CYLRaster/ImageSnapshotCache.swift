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

    /// The scale a snapshot for `scale` is drawn at: `scale` rounded to nine decimal places.
    /// The largest scale is worked out again each frame (now × ratio), so its last bits differ
    /// from frame to frame (0.32 and 0.3200000000000001); a snapshot found by a tolerance would
    /// then be the one drawn at whichever frame came first, and the frame would depend on the
    /// frames drawn before it on that thread (the 16.16 texel step of 1/0.32 and of
    /// 1/0.3200000000000001 differ). Rounded, the snapshot is a function of the frame alone,
    /// and scales a designer typed (decimals) come out as written.
    static func snapshotScale(_ scale: Double) -> Double { (scale * 1e9).rounded() / 1e9 }

    /// `image` drawn at `scale` (a `snapshotScale`) into a `ceil(width × scale)` x
    /// `ceil(height × scale)` pixmap, trilinear or plain bilinear; nil when that would be empty.
    func snapshot(of image: Pixmap, scale: Double, trilinear: Bool) throws(GeometryError) -> Pixmap? {
        clock &+= 1
        if let i = entries.firstIndex(where: { $0.scale == scale && $0.trilinear == trilinear
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
