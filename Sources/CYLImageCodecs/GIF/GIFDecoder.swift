import CYLRaster
import CYLLimits

/// Decodes a GIF frame by frame and composites each frame onto the canvas the way Chromium does:
/// - the canvas is the logical screen grown to hold the first frame, and starts fully transparent;
/// - disposal none/unspecified keeps the frame, background clears its rectangle to transparent
///   (the background colour is ignored), previous restores the canvas as it was before the frame
///   (for the first frame: transparent); method 4 counts as previous;
/// - the transparent index leaves the canvas pixel; the local colour table wins over the global one;
///   an index past the table's end is opaque black, a frame with no colour table at all is black;
/// - interlaced rows are put in place; rectangles are clipped to the canvas;
/// - a truncated file shows the rows decoded so far and then ends (a warning says so); LZW data that
///   ends early leaves the rest of the frame as it was; an unknown record after the first frame
///   ends the animation with a warning; corrupt LZW codes are a `GIFError`.
///
/// Keeps only the canvas (plus the saved rectangle for 'previous' disposal) between frames.
public final class GIFDecoder {
    /// What a pixel index past the end of the colour table shows (opaque black, as Chromium).
    static let outOfRangeColor: UInt32 = UInt32(0xFF00_0000).littleEndian

    public let name: String
    public let limits: GIFLimits
    private let bytes: [UInt8]
    private var stream: GIFStream
    private var first: GIFStream.FrameHeader?
    private var canvas: Pixmap
    public let canvasWidth: Int
    public let canvasHeight: Int
    private var nextIndex = 0

    // Disposal of the frame last drawn.
    private var lastDisposal = GIFDisposal.unspecified
    private var lastRect = ClipRect.empty
    private var saved: [UInt32] = []

    private let line: UnsafeMutablePointer<UInt8>
    private let palette: UnsafeMutablePointer<UInt32>
    private var streamWarnings: [String] = []

    /// Warnings so far (truncation, missing trailer, junk after the last frame, ...).
    public var warnings: [String] { streamWarnings + stream.warnings }
    public var loopCount: Int? { stream.loopCount }

    public init(bytes: [UInt8], name: String, limits: GIFLimits = .init()) throws(GIFError) {
        self.name = name
        self.limits = limits
        self.bytes = bytes
        let stream = try GIFStream(bytes: bytes, name: name, limits: limits)
        guard let first = try stream.nextFrameHeader() else {
            throw GIFError(name: name, offset: stream.offset, kind: .noFrames, message: "the GIF has no frames")
        }
        let size = GIFDecoder.canvasSize(screen: (stream.screenWidth, stream.screenHeight), firstFrame: first.info)
        try GIFDecoder.checkCanvas(size, stream: stream)
        do {
            canvas = try Pixmap(width: size.w, height: size.h, maxPixels: limits.maxCanvasPixels)
        } catch {
            throw GIFError(name: name, kind: .canvasTooLarge(width: size.w, height: size.h, limit: limits.maxCanvasPixels),
                           message: "\(error)")
        }
        self.stream = stream
        self.first = first
        canvasWidth = size.w
        canvasHeight = size.h
        line = UnsafeMutablePointer<UInt8>.allocate(capacity: 65536)
        palette = UnsafeMutablePointer<UInt32>.allocate(capacity: 256)
    }

    deinit {
        line.deallocate()
        palette.deallocate()
    }

    static func canvasSize(screen: (Int, Int), firstFrame f: GIFFrameInfo) -> (w: Int, h: Int) {
        (max(screen.0, f.x + f.width), max(screen.1, f.y + f.height))
    }

    static func checkCanvas(_ size: (w: Int, h: Int), stream: GIFStream) throws(GIFError) {
        if size.w <= 0 || size.h <= 0 {
            throw GIFError(name: stream.name, offset: stream.offset, kind: .emptyCanvas,
                           message: "the canvas is \(size.w)x\(size.h): nothing to show")
        }
        let limit = stream.limits.maxCanvasPixels
        if size.w * size.h > limit {
            throw GIFError(name: stream.name, offset: stream.offset, kind: .canvasTooLarge(width: size.w, height: size.h, limit: limit),
                           message: "canvas \(size.w)x\(size.h) has \(size.w * size.h) pixels, more than the limit of \(limit) (\(Limit.maxCanvasPixels))")
        }
    }

    /// Starts again at frame 0 (reopens the input).
    public func rewind() throws(GIFError) {
        let s = try GIFStream(bytes: bytes, name: name, limits: limits)
        guard let f = try s.nextFrameHeader() else {
            throw GIFError(name: name, offset: s.offset, kind: .noFrames, message: "the GIF has no frames")
        }
        stream = s
        first = f
        nextIndex = 0
        lastDisposal = .unspecified
        lastRect = .empty
        streamWarnings = []
        canvas.fill(.transparent)
    }

    /// Decodes and composites the next frame; nil after the last one.
    public func nextFrame() throws(GIFError) -> GIFFrame? {
        let header: GIFStream.FrameHeader
        if let f = first {
            header = f
            first = nil
        } else {
            guard let h = try stream.nextFrameHeader() else { return nil }
            header = h
        }
        let info = header.info
        let w = canvasWidth, h = canvasHeight
        let rect = ClipRect(x0: min(info.x, w), y0: min(info.y, h),
                            x1: min(info.x + info.width, w), y1: min(info.y + info.height, h))

        stream.fillPalette(palette, missing: GIFDecoder.outOfRangeColor)
        let disposalBefore = lastDisposal, rectBefore = lastRect
        var error: GIFError? = nil
        var savedLocal = saved
        saved = []
        canvas.withUnsafeMutablePixels { px, _ in
            // 1. Dispose of the previous frame.
            switch disposalBefore {
            case .background:
                for yy in rectBefore.y0..<rectBefore.y1 {
                    (px + yy * w + rectBefore.x0).update(repeating: 0, count: rectBefore.width)
                }
            case .previous:
                if savedLocal.count == rectBefore.width * rectBefore.height {
                    savedLocal.withUnsafeBufferPointer { s in
                        for (i, yy) in (rectBefore.y0..<rectBefore.y1).enumerated() {
                            (px + yy * w + rectBefore.x0).update(from: s.baseAddress! + i * rectBefore.width, count: rectBefore.width)
                        }
                    }
                }
            case .none, .unspecified:
                break
            }
            // 2. Save what this frame will cover, if it is to be restored afterwards.
            if info.disposal == .previous {
                savedLocal = [UInt32](repeating: 0, count: rect.width * rect.height)
                savedLocal.withUnsafeMutableBufferPointer { s in
                    for (i, yy) in (rect.y0..<rect.y1).enumerated() {
                        (s.baseAddress! + i * rect.width).update(from: px + yy * w + rect.x0, count: rect.width)
                    }
                }
            }
            // 3. Draw the frame.
            error = decodeRows(info: info, rect: rect, canvas: px, canvasWidth: w)
        }
        saved = savedLocal
        lastDisposal = info.disposal
        lastRect = rect
        _ = h
        if let error { throw error }
        nextIndex += 1
        return GIFFrame(info: info, image: canvas)
    }

    /// Decodes the current frame's rows into the canvas. Returns an error only for corrupt data;
    /// truncation ends the stream with a warning and keeps the rows decoded so far.
    private func decodeRows(info: GIFFrameInfo, rect: ClipRect, canvas px: UnsafeMutablePointer<UInt32>,
                            canvasWidth w: Int) -> GIFError? {
        let fw = info.width, fh = info.height
        if fw == 0 || fh == 0 || rect.width == 0 || rect.height == 0 {
            if !stream.skipImageData(started: false) {
                stream.end(warning: "frame \(info.index) (byte \(stream.offset)): the file ends inside the frame's image data")
            }
            return nil
        }
        let visibleRows = rect.height          // rows y0..<y1 of the canvas, i.e. frame rows 0..<visibleRows
        var visibleDone = 0
        let cx0 = rect.x0, n = rect.width, srcStart = rect.x0 - info.x
        let line = self.line, pal = self.palette
        let transparent = info.transparentIndex
        var row = 0, pass = 0, step = info.interlaced ? 8 : 1
        var rowsDone = 0
        while rowsDone < fh {
            let code = stream.readLine(line, count: fw)
            if code != 0 {
                let e = GIFStream.error(code: code, name: name, frame: info.index, offset: stream.offset, context: .frameData)
                switch e.kind {
                case .truncated:
                    stream.end(warning: "frame \(info.index) (byte \(stream.offset)): the file ends inside the frame's image data; \(rowsDone) of \(fh) rows decoded")
                    return nil
                case .corrupt where code == 113: // LZW end code before the last pixel: keep what we have
                    stream.addWarning("frame \(info.index) (byte \(stream.offset)): LZW data ends after \(rowsDone) of \(fh) rows")
                    if !stream.skipImageData(started: true) {
                        stream.end(warning: "frame \(info.index): the file ends inside the frame's image data")
                    }
                    return nil
                default:
                    return e
                }
            }
            if row < visibleRows {
                let dst = px + (rect.y0 + row) * w + cx0
                let src = line + srcStart
                if let t = transparent {
                    let t8 = UInt8(truncatingIfNeeded: t)
                    for i in 0..<n {
                        let idx = src[i]
                        if idx != t8 { dst[i] = pal[Int(idx)] }
                    }
                } else {
                    for i in 0..<n { dst[i] = pal[Int(src[i])] }
                }
                visibleDone += 1
            }
            rowsDone += 1
            if visibleDone == visibleRows && rowsDone < fh {
                // Every row still to come is outside the canvas: skip the rest of the data.
                if !stream.skipImageData(started: true) {
                    stream.end(warning: "frame \(info.index): the file ends inside the frame's image data")
                }
                return nil
            }
            // Next row, in interlaced order when needed.
            row += step
            if info.interlaced {
                while row >= fh && pass < 3 {
                    pass += 1
                    switch pass {
                    case 1: row = 4; step = 8
                    case 2: row = 2; step = 4
                    default: row = 1; step = 2
                    }
                }
            }
        }
        return nil
    }
}

struct ClipRect: Equatable {
    var x0: Int, y0: Int, x1: Int, y1: Int
    static let empty = ClipRect(x0: 0, y0: 0, x1: 0, y1: 0)
    var width: Int { max(0, x1 - x0) }
    var height: Int { max(0, y1 - y0) }
}
