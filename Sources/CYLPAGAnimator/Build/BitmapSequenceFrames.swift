import CYLGeometry
import CYLImageCodecs
import CYLLimits
import CYLLottieAnimator
import CYLRaster
import Synchronization

/// A bitmap composition's frames, decoded when shown: each frame is its WebP patches written over
/// the frame before (replacing its pixels; a keyframe smaller than the frame clears it first, as
/// libpag's `BitmapSequenceReader` does). Composition time f (rounded to a whole frame) shows
/// sequence frame round(f × sequence rate / composition rate), the last one held. The frame last
/// composed is kept, so playing forward decodes one frame's patches per frame; going back starts
/// again from the nearest keyframe before.
final class BitmapSequenceFrames: FrameImages, @unchecked Sendable {
    let source: SequenceSource
    let sequence: PAGBitmapSequence

    private struct State {
        var canvas: Pixmap?
        var frame = -1
        var shown: (frame: Int, image: LottieImage?)? = nil
    }
    /// Renderers on several threads share one sequence.
    private let state = Mutex(State())

    /// Frames of `c` from its largest sequence; a failure (with the reason) when none can be drawn.
    static func make(_ c: PAGComposition, _ sequences: [PAGBitmapSequence], file: String, bytes: [UInt8],
                     limits: Limits) -> Result<BitmapSequenceFrames, PAGBuildNote> {
        let source = SequenceSource(c, file: file, bytes: bytes, limits: limits)
        return source.largest(sequences).map { BitmapSequenceFrames(source, $0) }
    }

    private init(_ source: SequenceSource, _ sequence: PAGBitmapSequence) {
        self.source = source
        self.sequence = sequence
    }

    /// The sequence frame composition frame `time` shows. `time` is fractional when a layer of
    /// another frame rate shows the composition; libpag rounds it to a whole composition frame
    /// (`PreComposeLayer::getCompositionFrame`), then to a sequence frame.
    func sequenceFrame(at time: Double) -> Int {
        let f = (time.rounded() * sequence.frameRate / source.compositionRate).rounded()
        guard f.isFinite else { return 0 }
        return min(sequence.frames.count - 1, max(0, Int(f)))
    }

    func image(at time: Double) -> LottieImage? {
        let target = sequenceFrame(at: time)
        return state.withLock { s in
            if let shown = s.shown, shown.frame == target { return shown.image }
            let image = compose(target, &s).map {
                source.image($0)
            }
            s.shown = (target, image)
            return image
        }
    }

    /// Composes frame `target` from the frame kept (when it is before) or the keyframe before it.
    private func compose(_ target: Int, _ s: inout State) -> Pixmap? {
        var start = target
        while start > 0 && !sequence.frames[start].isKeyframe && start != s.frame + 1 { start -= 1 }
        if start != s.frame + 1 || s.canvas == nil {
            guard let blank = try? Pixmap(width: sequence.width, height: sequence.height, maxPixels: source.maxPixels) else { return nil }
            s.canvas = blank
        }
        for i in start...target {
            let frame = sequence.frames[i]
            var first = true
            for patch in frame.patches where !patch.range.isEmpty {
                // A patch that cannot be decoded leaves the pixels before it.
                guard let image = try? WebPDecoder.decode(Array(source.bytes[patch.range]), name: "\(source.file):byte \(patch.range.lowerBound)",
                                                          maxPixels: source.maxPixels) else { continue }
                if first && frame.isKeyframe && (image.width != sequence.width || image.height != sequence.height) {
                    s.canvas!.fill(.transparent)
                }
                first = false
                s.canvas!.replace(with: image, atX: patch.x, y: patch.y)
            }
            s.frame = i
        }
        return s.canvas
    }
}

extension Pixmap {
    /// Writes `image`'s pixels over this one's with its top-left at (`x`, `y`), replacing them
    /// (what a patch of a bitmap sequence does), clipped to this pixmap.
    mutating func replace(with image: Pixmap, atX x: Int, y: Int) {
        let x0 = max(0, x), y0 = max(0, y)
        let x1 = min(width, x + image.width), y1 = min(height, y + image.height)
        guard x0 < x1, y0 < y1 else { return }
        let dstStride = stride, srcStride = image.stride
        image.withUnsafeBytes { src in
            withUnsafeMutableBytes { dst in
                for row in y0..<y1 {
                    let s = (row - y) * srcStride + (x0 - x) * 4, d = row * dstStride + x0 * 4
                    dst.baseAddress!.advanced(by: d).update(from: src.baseAddress!.advanced(by: s), count: (x1 - x0) * 4)
                }
            }
        }
    }
}
