import CYLGeometry
import CYLImageCodecs
import CYLLimits
import CYLLottieAnimator
import CYLRaster
import Synchronization

/// A video composition's frames, decoded when shown. Composition frame f shows sequence frame
/// round(f' × sequence rate / composition rate), where f' is the start of the static range f is
/// in (the video holds one frame for a run of identical ones); that is the video frame with the
/// latest time not after it. Frames are stored in decode order and may be reordered (B-frames):
/// decoding starts from the keyframe before, and pictures come out in display order, stamped with
/// their time. Going forward continues where decoding stopped, so playing decodes about one frame
/// per frame; going back starts again from a keyframe.
final class VideoSequenceFrames: FrameImages, @unchecked Sendable {
    let source: SequenceSource
    let sequence: PAGVideoSequence
    /// Set when the frames never change (libpag's `Composition::staticContent`: the sequence's
    /// one static range, in composition frames, runs from 0 to the composition's last frame):
    /// libpag then draws the one frame as an image asset (`SequenceSource.stillImage`).
    let stillAsset: ImageAsset?
    /// Video frame times in display order, for finding the frame a time shows.
    private let times: [Int64]

    /// Pictures decoded ahead of the one asked for (reordering brings them early) kept at most.
    static let keptPictures = 8

    private struct State {
        var decoder: H264Decoder?
        /// The next frame (storage order) to feed.
        var next = 0
        /// Pictures decoded and not shown yet, by time (straight colour: `straightRGBA`).
        var pictures: [Int64: Pixmap] = [:]
        var shown: (time: Int64, image: LottieImage?)? = nil
        /// The latest time of a picture the decoder gave out: anything not later is kept in
        /// `pictures` or gone.
        var latestOutput = Int64.min
    }
    private let state = Mutex(State())

    /// Frames of `c` from its largest sequence; a failure (with the reason) when none can be drawn.
    static func make(_ c: PAGComposition, _ sequences: [PAGVideoSequence], file: String, bytes: [UInt8],
                     limits: Limits) -> Result<VideoSequenceFrames, PAGBuildNote> {
        let source = SequenceSource(c, file: file, bytes: bytes, limits: limits)
        return source.largest(sequences).map { VideoSequenceFrames(source, $0, composition: c) }
    }

    private init(_ source: SequenceSource, _ sequence: PAGVideoSequence, composition c: PAGComposition) {
        self.source = source
        self.sequence = sequence
        times = sequence.frames.map(\.frame).sorted()
        let scale = source.compositionRate / max(sequence.frameRate, 1e-9)
        let ranges = sequence.staticRanges.map { (start: (Double($0.start) * scale).rounded(), end: (Double($0.end) * scale).rounded()) }
        let still = c.duration > 1 && ranges.count == 1 && ranges[0].start == 0 && ranges[0].end == Double(c.duration - 1)
        stillAsset = still ? .sequence("\(c.id)") : nil
    }

    /// The time (sequence frames) of the video frame composition frame `time` shows (rounded to a
    /// whole composition frame first, as `BitmapSequenceFrames.sequenceFrame` says).
    func frameTime(at time: Double) -> Int64 {
        var f = time.rounded()
        let scale = source.compositionRate / max(sequence.frameRate, 1e-9)
        for r in sequence.staticRanges {
            let start = (Double(r.start) * scale).rounded(), end = (Double(r.end) * scale).rounded()
            if f >= start && f <= end { f = start; break }
        }
        let target = (f * sequence.frameRate / source.compositionRate).rounded()
        guard target.isFinite else { return times[0] }
        var best = times[0]
        for t in times where Double(t) <= target { best = t }
        return best
    }

    func image(at time: Double) -> LottieImage? {
        let target = frameTime(at: time)
        return state.withLock { s in
            if let shown = s.shown, shown.time == target { return shown.image }
            let image = decode(target, &s).flatMap { stillAsset == nil ? source.image($0, straight: true) : source.stillImage($0) }
            s.shown = (target, image)
            return image
        }
    }

    private func decode(_ target: Int64, _ s: inout State) -> Pixmap? {
        if let p = s.pictures[target] { return p }
        guard let index = sequence.frames.firstIndex(where: { $0.frame == target }) else { return nil }
        var start = index
        while start > 0 && !sequence.frames[start].isKeyframe { start -= 1 }
        // Forward within reach: keep going, also when the target's frame was fed already and its
        // picture is still held back by reordering (the decoder gives pictures a frame or more
        // late). Otherwise (back, a picture already given out and dropped, or a keyframe on the
        // way) start again from the keyframe: restarting for a late picture decoded the whole
        // group again every frame, 24 frames a frame on a 48-frame video.
        let ahead = s.decoder != nil && s.next >= start && target > s.latestOutput
        if !ahead {
            guard let d = try? H264Decoder() else { return nil }
            _ = try? d.decode(Self.annexB(source.bytes[sequence.sps]))
            _ = try? d.decode(Self.annexB(source.bytes[sequence.pps]))
            s = State(decoder: d, next: start)
        }
        guard let decoder = s.decoder else { return nil }
        while s.pictures[target] == nil {
            let picture: H264Decoder.Picture?
            if s.next < sequence.frames.count {
                let f = sequence.frames[s.next]
                s.next += 1
                picture = try? decoder.decode(Self.annexB(source.bytes[f.range]), timestamp: UInt64(bitPattern: f.frame))
            } else {
                picture = decoder.flush()
                if picture == nil { break }
            }
            guard let picture else { continue }
            let t = Int64(bitPattern: picture.timestamp)
            s.latestOutput = max(s.latestOutput, t)
            guard t >= target || s.pictures.count < Self.keptPictures, var p = try? Pixmap(width: sequence.width, height: sequence.height,
                                                                                            maxPixels: source.maxPixels) else { continue }
            picture.straightRGBA(x: 0, y: 0, width: sequence.width, height: sequence.height, alphaX: sequence.alpha?.x, alphaY: sequence.alpha?.y,
                         into: &p)
            s.pictures[t] = p
            // Keep the latest pictures only.
            while s.pictures.count > Self.keptPictures, let oldest = s.pictures.keys.min() { s.pictures[oldest] = nil }
        }
        return s.pictures[target]
    }

    /// NAL units as the decoder takes them: with the 4-byte start code PAG leaves out.
    static func annexB(_ nal: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        ArraySlice([0, 0, 0, 1] + nal)
    }
}
