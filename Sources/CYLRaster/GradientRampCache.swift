/// The colour ramps of the gradients drawn lately, kept between draws and frames. A canvas
/// holding one ramp rebuilt it for every gradient draw in a scene with several gradients: 1,024
/// colours converted and premultiplied each time, a fifth of the render of a file with nine
/// gradient fills (LottieFiles__gradient_shapes). Least recently used out first.
final class GradientRampCache {
    /// Most ramps kept (4 KiB each); lookups are a linear scan of small stop lists.
    static let maxEntries = 32

    private struct Entry {
        var gradient: Gradient
        var opacity: Double
        var ramp: [UInt32]
        var lastUse: Int
    }

    private var entries: [Entry] = []
    private var clock = 0
    /// How many ramps were built (tests check that a scene's gradients are built once).
    private(set) var builds = 0

    /// The ramp of `gradient` at `opacity` (`Gradient.rampSize` premultiplied pixels), built
    /// unless a recent draw's is kept.
    func ramp(for gradient: Gradient, opacity: Double) -> [UInt32] {
        clock &+= 1
        for i in entries.indices where entries[i].opacity == opacity && entries[i].gradient == gradient {
            entries[i].lastUse = clock
            return entries[i].ramp
        }
        builds += 1
        var ramp: [UInt32] = []
        if entries.count >= Self.maxEntries {
            // The oldest entry's storage is reused (unless a caller still holds it).
            let oldest = entries.indices.min { entries[$0].lastUse < entries[$1].lastUse }!
            swap(&ramp, &entries[oldest].ramp)
            entries.remove(at: oldest)
        }
        gradient.ramp(opacity: opacity, into: &ramp)
        entries.append(Entry(gradient: gradient, opacity: opacity, ramp: ramp, lastUse: clock))
        return ramp
    }
}
