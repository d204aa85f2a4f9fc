@testable import CYLLottieAnimator
@testable import CYLPAGAnimator
import CYLLimits
import CYLRaster
import CYLTimeline
import Testing

/// Video compositions: H.264 with B-frames (decode order differs from display order), alpha packed
/// beside the colour. Uses the corpus's video_sequence_test.pag (libpag's own test file).
@Suite struct PAGVideoSequenceTests {
    static func timeline() throws -> FrameTimeline? {
        guard PAGCorpus.require(), let entry = PAGCorpus.entries.first(where: { $0.stem == "resources__apitest__video_sequence_test" })
        else { return nil }
        return try PAGDocument(bytes: try PAGCorpus.bytes(entry), name: entry.file).timeline()
    }

    /// Any order of frames gives the pixels decoding each alone gives: going back restarts from a
    /// keyframe, going forward continues, pictures reordered early are kept.
    @Test func framesAreTheSameInAnyOrder() throws {
        guard let first = try Self.timeline() else { return }
        let size = PixelSize(64, 96)
        var alone: [Int: Pixmap] = [:]
        for f in [3, 10, 11, 30, 31] {
            guard let fresh = try Self.timeline() else { return }
            alone[f] = try fresh.render(frame: f, size: size)
        }
        for f in [30, 10, 31, 3, 11, 30] {
            #expect(try first.render(frame: f, size: size) == alone[f], "frame \(f) after others")
        }
        #expect(alone[10] != alone[30], "the video moves between frames 10 and 30")
    }

    /// The file's alpha picture is black at frame 0 and white by frame 120 (libpag's renders:
    /// all transparent, then all opaque), while the colour beside it is green throughout.
    @Test func theAlphaBesideTheColourGatesIt() throws {
        guard let t = try Self.timeline() else { return }
        func alphas(_ frame: Int) throws -> (transparent: Int, opaque: Int, all: Int) {
            let p = try t.render(frame: frame, size: t.canvasSize)
            var transparent = 0, opaque = 0
            p.withUnsafeBytes { b in
                var i = 3
                while i < b.count { if b[i] == 0 { transparent += 1 } else if b[i] == 255 { opaque += 1 }; i += 4 }
            }
            return (transparent, opaque, p.width * p.height)
        }
        let first = try alphas(0), later = try alphas(120)
        #expect(first.transparent == first.all)
        #expect(later.opaque == later.all)
    }

    /// libpag draws a video composition whose frames never change as an image
    /// (`Composition::staticContent`): the sequence's static ranges, in composition frames, must
    /// be one, from 0 to the composition's last frame. Nothing is decoded to tell.
    @Test func aVideoIsStillWhenOneStaticRangeCoversTheComposition() throws {
        func frames(_ ranges: [(start: Int64, end: Int64)], duration: Int64, rate: Double = 25, sequenceRate: Double = 25) throws
            -> (any FrameImages)? {
            let sequence = PAGVideoSequence(width: 4, height: 4, frameRate: sequenceRate, alpha: nil, sps: 0..<0, pps: 0..<0,
                                            frames: [(true, 0, 0..<0)], staticRanges: ranges, offset: 0)
            let c = PAGComposition(id: 65, content: .video([sequence]), width: 4, height: 4, duration: duration, frameRate: rate, offset: 0)
            return try VideoSequenceFrames.make(c, [sequence], file: "v.pag", bytes: [], limits: Limits()).get()
        }
        #expect(try frames([(0, 239)], duration: 240)?.stillAsset == .sequence("65"))
        // A sequence at 24 fps in a composition at 25: its ranges are rescaled (239 × 25/24 rounds to 249).
        #expect(try frames([(0, 239)], duration: 250, rate: 25, sequenceRate: 24)?.stillAsset == .sequence("65"))
        #expect(try frames([(0, 200)], duration: 240)?.stillAsset == nil, "the end still moves")
        #expect(try frames([(0, 12), (13, 239)], duration: 240)?.stillAsset == nil, "two runs: it changes once")
        #expect(try frames([], duration: 240)?.stillAsset == nil)
        #expect(try frames([(0, 0)], duration: 1)?.stillAsset == nil, "one frame is not static content")
    }
}
