import CYLPAGAnimator
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
}
