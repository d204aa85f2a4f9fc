import CYLGeometry
import CYLImageCodecs
import CYLLimits
import CYLLottieAnimator
import CYLRaster
import Synchronization

/// A bitmap composition's frames, decoded when shown: each frame is its WebP patches written over
/// the frame before (replacing its pixels; a keyframe smaller than the frame clears it first, as
/// libpag's `BitmapSequenceReader` does). Composition frame f shows sequence frame
/// round(f × sequence rate / composition rate), the last one held. The frame last composed is kept,
/// so playing forward decodes one frame's patches per frame; going back starts again from the
/// nearest keyframe before.
final class BitmapSequenceFrames: FrameImages, @unchecked Sendable {
    let file: String
    let bytes: [UInt8]
    let sequence: PAGBitmapSequence
    let compositionRate: Double
    /// The box frames are drawn in (the composition's size; sequences may be smaller).
    let width: Double, height: Double
    let maxPixels: Int

    private struct State {
        var canvas: Pixmap?
        var frame = -1
        var shown: (frame: Int, image: LottieImage?)? = nil
    }
    /// Renderers on several threads share one sequence.
    private let state = Mutex(State())

    /// Nil (with the reason) when the sequence cannot be drawn: no frames, or frames larger than
    /// `Limits.maxCanvasPixels`.
    static func make(_ c: PAGComposition, _ sequences: [PAGBitmapSequence], file: String, bytes: [UInt8],
                     limits: Limits) -> Result<BitmapSequenceFrames, PAGBuildNote> {
        // The largest sequence: frames are drawn at tab-bar sizes, never larger than exported.
        guard let seq = sequences.filter({ $0.width > 0 && $0.height > 0 && !$0.frames.isEmpty }).max(by: { $0.width < $1.width })
        else { return .failure(PAGBuildNote("it has no frames")) }
        guard seq.width <= limits.maxCanvasPixels / seq.height else {
            return .failure(PAGBuildNote("its frames of \(seq.width)x\(seq.height) pixels are more than \(limits.maxCanvasPixels) (\(Limit.maxCanvasPixels))"))
        }
        return .success(BitmapSequenceFrames(file: file, bytes: bytes, sequence: seq, compositionRate: c.frameRate > 0 ? c.frameRate : 30,
                                             width: Double(max(1, c.width)), height: Double(max(1, c.height)),
                                             maxPixels: limits.maxCanvasPixels))
    }

    private init(file: String, bytes: [UInt8], sequence: PAGBitmapSequence, compositionRate: Double, width: Double, height: Double,
                 maxPixels: Int) {
        self.file = file
        self.bytes = bytes
        self.sequence = sequence
        self.compositionRate = compositionRate
        self.width = width
        self.height = height
        self.maxPixels = maxPixels
    }

    /// The sequence frame composition frame `time` shows.
    func sequenceFrame(at time: Double) -> Int {
        let f = (time.rounded(.down) * sequence.frameRate / compositionRate).rounded()
        guard f.isFinite else { return 0 }
        return min(sequence.frames.count - 1, max(0, Int(f)))
    }

    /// Frames are sampled trilinearly: measured against libpag's renders, the snapshot rule its
    /// still images follow (`.libpag`) matched fewer sequence frames (video 3 against 5 of 20).
    func image(at time: Double) -> LottieImage? {
        let target = sequenceFrame(at: time)
        return state.withLock { s in
            if let shown = s.shown, shown.frame == target { return shown.image }
            let image = compose(target, &s).map {
                LottieImage.make($0, width: width, height: height, offset: Point(0, 0), sampling: .trilinear)
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
            guard let blank = try? Pixmap(width: sequence.width, height: sequence.height, maxPixels: maxPixels) else { return nil }
            s.canvas = blank
        }
        for i in start...target {
            let frame = sequence.frames[i]
            var first = true
            for patch in frame.patches where !patch.range.isEmpty {
                // A patch that cannot be decoded leaves the pixels before it.
                guard let image = try? WebPDecoder.decode(Array(bytes[patch.range]), name: "\(file):byte \(patch.range.lowerBound)",
                                                          maxPixels: maxPixels) else { continue }
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

/// Why part of a file is not drawn, for the builder to note.
struct PAGBuildNote: Error {
    var message: String
    init(_ message: String) { self.message = message }
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
