/// Lottie's time rules for layers, in one place: when a layer is drawn and what time a precomp
/// layer's content is at. Every time here is in frames (fractional; nothing is rounded at any
/// level), counted in the composition the layer belongs to (its *parent time*).
enum LayerTime {
    /// Whether `layer` is drawn at `time` of its composition: `ip ≤ time < op`. The in and out
    /// points are in the composition's own time, the time its keyframes use, and are not moved by
    /// the layer's start time or stretch (exporters write them already moved).
    static func isVisible(_ layer: LayerModel, at time: Double) -> Bool {
        time >= layer.inPoint && time < layer.outPoint
    }

    /// How far from a whole frame a stretched time may land and still count as that frame, relative
    /// to the time. Exporters write stretches as 32-bit floats (120% is written 1.20000004768372),
    /// so (28 − 22) / sr lands at 4.9999998 instead of 5 and a precomp of one-frame layers shows
    /// the layer before the one its author timed (dotLottie pigeon, frame 28); 1e-6 is a few float
    /// ulps, far below anything a keyframe or an in point is meant to resolve.
    static let wholeFrameTolerance = 1e-6

    /// `t`, or the whole frame it is within `wholeFrameTolerance` of.
    static func snapped(_ t: Double) -> Double {
        let whole = t.rounded()
        return abs(t - whole) <= wholeFrameTolerance * max(1, abs(t)) ? whole : t
    }

    /// The one rule mapping a precomp layer's parent time to the time of the composition it shows
    /// (its *child time*); the child's layers then apply `isVisible` and this rule to that time,
    /// level by level, so nesting composes without further cases.
    ///
    /// - Without time remapping: `child = (parent − st) / sr`. `st` (start time, parent frames)
    ///   shifts the precomp: a negative `st` means its frame 0 was before the parent's frame 0.
    ///   `sr` (stretch) slows it: 2 plays it at half speed, 0.5 at double speed.
    /// - With time remapping `tm`: `child = tm(parent) · fps`. `tm` is a property of the layer, so
    ///   its keyframes are keyed in parent time like the layer's other properties; its values are
    ///   seconds of the child. It replaces `st` and `sr` (exporters bake both into its keys), and
    ///   `fps` is the file's one frame rate (every composition shares it).
    ///   A remap that lands exactly on the layer's out point shows frame `op − 1` instead: remaps
    ///   ending at the precomp's end would otherwise show its exclusive last frame, i.e. nothing
    ///   (lottie-web's rule, which ThorVG follows; a remap past the end still shows nothing).
    ///
    /// Returns nil when the result is not a finite number (a zero or non-finite stretch is caught
    /// by the parser; a remap's keyframes can still hold anything), so nothing of the precomp draws.
    static func childTime(of layer: LayerModel, at parentTime: Double, frameRate: Double) -> Double? {
        let t: Double
        if let remap = layer.timeRemap {
            t = remap.scalar(at: parentTime) * frameRate
            // Equal up to the rounding of seconds·fps (a few ulps of the frame number).
            if abs(t - layer.outPoint) <= 1e-9 * max(1, abs(layer.outPoint)) { return layer.outPoint - 1 }
        } else {
            t = Self.snapped((parentTime - layer.startTime) / layer.stretch)
        }
        return t.isFinite ? t : nil
    }
}
