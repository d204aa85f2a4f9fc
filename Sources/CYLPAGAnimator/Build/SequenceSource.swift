import CYLGeometry
import CYLLimits
import CYLLottieAnimator
import CYLRaster

/// A bitmap or video sequence, as far as choosing one goes.
protocol PAGSequence {
    var width: Int { get }
    var height: Int { get }
    var frameCount: Int { get }
}

extension PAGBitmapSequence: PAGSequence { var frameCount: Int { frames.count } }
extension PAGVideoSequence: PAGSequence { var frameCount: Int { frames.count } }

/// What a sequence composition's frames are made from and drawn into: the file's bytes (frames
/// are ranges of them), the composition's frame rate and its box, and the pixel bound.
struct SequenceSource: Sendable {
    let file: String
    let bytes: [UInt8]
    let compositionRate: Double
    let width: Double, height: Double
    let maxPixels: Int

    init(_ c: PAGComposition, file: String, bytes: [UInt8], limits: Limits) {
        self.file = file
        self.bytes = bytes
        compositionRate = c.frameRate > 0 ? c.frameRate : 30
        width = Double(max(1, c.width))
        height = Double(max(1, c.height))
        maxPixels = limits.maxCanvasPixels
    }

    /// The sequence to draw: the largest (frames are drawn at tab-bar sizes, never larger than
    /// exported); a failure (with the reason) when none has frames or its frames are larger than
    /// `Limits.maxCanvasPixels`.
    func largest<S: PAGSequence>(_ sequences: [S]) -> Result<S, PAGBuildNote> {
        guard let seq = sequences.filter({ $0.width > 0 && $0.height > 0 && $0.frameCount > 0 }).max(by: { $0.width < $1.width })
        else { return .failure(PAGBuildNote("it has no frames")) }
        guard seq.width <= maxPixels / seq.height else {
            return .failure(PAGBuildNote("its frames of \(seq.width)x\(seq.height) pixels are more than \(maxPixels) (\(Limit.maxCanvasPixels))"))
        }
        return .success(seq)
    }

    /// A composed frame in the composition's box, sampled as libpag samples sequence frames:
    /// bilinear from the frame itself, no halved levels (`.unreduced`; measured against its
    /// renders, halved levels or `.trilinear` matched 3 of 18 bitmap and 5 of 20 video frames,
    /// this 11 and 7); a video frame's colour and alpha apart (`.unreducedStraight`, its pixels
    /// straight).
    func image(_ pixels: Pixmap, straight: Bool = false) -> LottieImage {
        LottieImage.make(pixels, width: width, height: height, offset: Point(0, 0), sampling: straight ? .unreducedStraight : .unreduced)
    }

    /// The one frame of a sequence whose content never changes, from its straight pixels, as
    /// libpag draws it: an image asset (`.libpagStill`), its colour premultiplied first.
    func stillImage(_ straight: Pixmap) -> LottieImage? {
        guard let p = try? Pixmap(width: straight.width, height: straight.height, straightRGBA: straight.bytes) else { return nil }
        return LottieImage.make(p, width: width, height: height, offset: Point(0, 0), sampling: .libpagStill)
    }
}

/// Why part of a file is not drawn, for the builder to note.
struct PAGBuildNote: Error {
    var message: String
    init(_ message: String) { self.message = message }
}
