import CYLImageCodecs
import CYLRaster
import CYLTimeline

/// What `cylanim render` (or a Swift caller) asks for.
public struct RenderRequest: Sendable {
    public var frames: FrameSelection
    /// Renders the frames of this marker instead of `frames` (see `FrameTimeline.frames(ofMarker:)`).
    public var marker: String?
    public var size: OutputSize
    /// Straight-alpha colour behind the frames; nil keeps them transparent.
    public var background: RGBA8?
    public var output: OutputPattern
    /// zlib level 0-9. The default 1, with no row filtering, is several times faster than adaptive
    /// filtering and smaller on flat-colour icons.
    public var compressionLevel: Int
    /// Threads that draw and encode frames (default: every core). The files are the same for any count.
    public var threads: Int = FrameThreads.standard

    public init(frames: FrameSelection = .all, marker: String? = nil, size: OutputSize = .native, background: RGBA8? = nil,
                output: OutputPattern, compressionLevel: Int = 1) {
        self.frames = frames
        self.marker = marker
        self.size = size
        self.background = background
        self.output = output
        self.compressionLevel = compressionLevel
    }
}

/// One written frame.
public struct RenderedFrame: Sendable, Equatable {
    public var index: Int
    public var path: String
    public var byteCount: Int
}

extension FrameTimeline {
    /// Renders one frame at a pixel size with an optional background.
    public func render(frame index: Int, size: PixelSize, background: RGBA8?) throws -> Pixmap {
        var image = try render(frame: index, size: size)
        if let background { image.flatten(onto: background) }
        return image
    }

    /// `render(frame:size:background:)` into `target` at its size, reusing its memory.
    public func render(frame index: Int, into target: inout Pixmap, background: RGBA8?) throws {
        try render(frame: index, into: &target)
        if let background { target.flatten(onto: background) }
    }

    /// `render(frameTime:size:background:)` into `target` at its size, reusing its memory.
    public func render(frameTime: Double, into target: inout Pixmap, background: RGBA8?) throws {
        try render(frameTime: frameTime, into: &target)
        if let background { target.flatten(onto: background) }
    }

    /// Renders the animation at a fractional frame time (see `render(frameTime:size:)`) with an
    /// optional background.
    public func render(frameTime: Double, size: PixelSize, background: RGBA8?) throws -> Pixmap {
        var image = try render(frameTime: frameTime, size: size)
        if let background { image.flatten(onto: background) }
        return image
    }

    /// The frames of the marker `name` (`markers`): frames `f` with start ≤ f < start + duration,
    /// or the marker's frame alone for a point marker, within the animation. An unknown name, or a
    /// marker outside the animation, is a usage error that lists the known markers.
    public func frames(ofMarker name: String) throws(UsageError) -> FrameSelection {
        func known() -> String {
            markers.isEmpty ? "the animation has no markers"
                : "known markers: " + markers.map { "'\($0.name)'" }.joined(separator: ", ")
        }
        guard let m = markers.first(where: { $0.name == name }) else {
            throw UsageError("unknown marker '\(name)': \(known())")
        }
        // Clamped before converting so odd values (huge, negative, NaN) cannot trap.
        func whole(_ x: Double) -> Int { x.isNaN ? -1 : Int(min(max((x - 1e-6).rounded(.up), -1), Double(frameCount) + 1)) }
        let first = whole(m.startFrame)
        let end = m.durationFrames > 0 ? whole(m.startFrame + m.durationFrames) : first + 1  // exclusive
        let lo = max(0, first), hi = min(frameCount, end)
        guard m.startFrame.isFinite, m.durationFrames.isFinite, lo < hi else {
            throw UsageError("marker '\(name)' (frames \(m.startFrame)-\(m.startFrame + m.durationFrames)) is outside the animation's frames 0-\(frameCount - 1)")
        }
        return FrameSelection(pieces: [.range(lo, hi - 1)])
    }

    /// The frames a request selects: the marker's when it names one, else its frame selection.
    func frameIndices(_ frames: FrameSelection, marker: String?) throws(UsageError) -> [Int] {
        try (marker.map { name throws(UsageError) in try self.frames(ofMarker: name) } ?? frames).frames(count: frameCount)
    }

    /// Renders the requested frames to PNG files, all or nothing: every file is staged and renamed
    /// into place only when all frames succeeded, so a failure part-way leaves no new file and no
    /// clobbered old one; an output that would overwrite one of `inputs` is refused before any
    /// frame is drawn. `progress` is called after each frame with (done, total).
    public func renderPNGs(_ request: RenderRequest, limits: Limits = .standard,
                           progress: (Int, Int) -> Void = { _, _ in }) throws -> [RenderedFrame] {
        let writer = OutputWriter(inputs: inputs)
        let frames = try renderPNGs(request, limits: limits, into: writer, progress: progress)
        try writer.commit()
        return frames
    }

    /// `renderPNGs(_:limits:progress:)` staging into `writer` without committing, so a caller
    /// can write several outputs all or nothing.
    public func renderPNGs(_ request: RenderRequest, limits: Limits = .standard, into writer: OutputWriter,
                           progress: (Int, Int) -> Void = { _, _ in }) throws -> [RenderedFrame] {
        let indices = try frameIndices(request.frames, marker: request.marker)
        if !request.output.isNumbered && indices.count != 1 {
            throw UsageError("output '\(request.output.text)' names one file but \(indices.count) frames are selected; "
                             + "use a pattern such as out/frame-%04d.png or select one frame with --frames")
        }
        let size = request.size.resolve(canvas: canvasSize)
        guard size.width <= limits.maxCanvasPixels / size.height else {
            throw UsageError("output size \(size) has more than \(limits.maxCanvasPixels) pixels (\(Limit.maxCanvasPixels))")
        }
        try limits.checkWork(frames: indices.count, size: size)
        for index in indices { try writer.check(request.output.path(forFrame: index)) }
        // Each worker draws and encodes its frames; this thread only stages the files in order.
        let background = request.background, level = request.compressionLevel
        let pngs = OrderedFrameProducer<[UInt8]>(timeline: self, count: indices.count, threads: request.threads,
                                                 window: 2 * request.threads) { timeline, n in
            try PNGCodec.encode(try timeline.render(frame: indices[n], size: size, background: background), compressionLevel: level)
        }
        defer { pngs.finish() }
        var written: [RenderedFrame] = []
        for (n, index) in indices.enumerated() {
            let png = try pngs.next()
            let path = request.output.path(forFrame: index)
            try writer.stage(png, to: path)
            written.append(RenderedFrame(index: index, path: path, byteCount: png.count))
            progress(n + 1, indices.count)
        }
        return written
    }
}
