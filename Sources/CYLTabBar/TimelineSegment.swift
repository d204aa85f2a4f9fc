import CYLConvert
import CYLRaster
import CYLTimeline

extension FrameTimeline {
    /// The frames of marker `name` as a timeline of their own, its frame 0 the marker's first
    /// frame (a tab's `CYLTabBarAnimationOptions` `marker`). Throws for an unknown marker, listing
    /// the known ones.
    func segment(ofMarker name: String) throws(UsageError) -> FrameTimeline {
        let frames = try frames(ofMarker: name).frames(count: frameCount)
        let first = frames[0], count = frames.count
        let segmentTiming: FrameTiming
        switch timing {
        case .fps(let fps): segmentTiming = .fps(fps)
        case .durations(let d): segmentTiming = .durations(Array(d[first..<(first + count)]))
        }
        var t = FrameTimeline(format: format, file: file, canvasSize: canvasSize, frameCount: count, timing: segmentTiming,
                              loop: loop, suggestedPolicy: suggestedPolicy, hasTransparency: hasTransparency,
                              diagnostics: diagnostics, capabilities: capabilities, inputs: inputs,
                              source: SegmentSource(base: source, offset: first))
        t.markers = markers.map { Marker(name: $0.name, startFrame: $0.startFrame - Double(first), durationFrames: $0.durationFrames) }
        return t
    }
}

/// Frames `offset ..< offset + n` of another source, renumbered from 0.
final class SegmentSource: FrameSource {
    let base: any FrameSource
    let offset: Int

    init(base: any FrameSource, offset: Int) {
        self.base = base
        self.offset = offset
    }

    func render(frame index: Int, into target: inout Pixmap) throws {
        try base.render(frame: index + offset, into: &target)
    }

    func render(frameTime: Double, into target: inout Pixmap) throws {
        try base.render(frameTime: frameTime + Double(offset), into: &target)
    }

    var supportsFractionalFrames: Bool { base.supportsFractionalFrames }

    func makeWorker() -> (any FrameSource)? { base.makeWorker().map { SegmentSource(base: $0, offset: offset) } }
}
