import CWebP
import CYLRaster

/// How to encode an animated WebP.
public struct WebPEncodeOptions: Sendable, Equatable {
    /// Lossless (the default) keeps every pixel exact; lossy trades quality for size.
    public var lossless: Bool
    /// Lossy: quality 0-100. Lossless: compression effort 0-100 (higher is smaller and slower).
    public var quality: Float
    /// libwebp's method 0-6: speed against size.
    public var method: Int
    /// ANIM loop count: how many times the animation plays in all; 0 = forever.
    public var loopCount: Int

    public init(lossless: Bool = true, quality: Float = 75, method: Int = 4, loopCount: Int = 0) {
        self.lossless = lossless
        self.quality = quality
        self.method = method
        self.loopCount = loopCount
    }
}

/// Why a WebP could not be written.
public struct WebPEncodeError: Error, Sendable, CustomStringConvertible, Equatable {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { "WebP encoder: \(message)" }
}

/// Animated WebP, muxed here from frames libwebp encodes as still images. Each frame is only the
/// rectangle that changed since the one before; a frame that changed nothing lengthens the one
/// before. Where every changed pixel is opaque, the unchanged pixels of the rectangle are made
/// transparent and it is blended over the canvas (lossy: only if that is smaller than replacing).
///
/// Muxing here rather than through libwebp's `WebPAnimEncoder` is what bounds memory: that encoder
/// keeps every encoded frame (several times the file) until the end, so the output size limit
/// could be checked only after it had all been held. Here `encodedBytes` is known after each frame
/// and memory is the file so far plus two canvases. Timestamps are whole milliseconds, rounded
/// from the exact start times so the total duration is exact to the millisecond.
public final class WebPAnimationEncoder {
    public let width: Int, height: Int
    public let options: WebPEncodeOptions
    private var config = WebPConfig()
    /// How far a channel may move and count as unchanged (0 when lossless).
    private let tolerance: UInt32
    /// Straight RGBA of the canvas a player shows after the frames added so far.
    private var canvas: [UInt8]
    /// The ANMF chunks written so far.
    private var chunks: [UInt8] = []
    /// The last frame, held back until the next change tells its duration.
    private var pending: (start: Int, frame: EncodedFrame)?
    private var elapsed: Duration = .zero
    private var hasAlpha = false
    private var finished = false
    /// Frames in the file: added frames that changed the canvas.
    public private(set) var frameCount = 0
    /// Frames shown for `maxFrameMilliseconds` because they were longer.
    public private(set) var clampedFrames = 0
    /// How long the frames written so far play, clamping included.
    public private(set) var writtenMilliseconds = 0

    /// Longest frame a WebP can hold: its duration is 24 bits of milliseconds (about 4.6 hours).
    public static let maxFrameMilliseconds = 0xFF_FFFF
    /// RIFF, VP8X and ANIM chunks before the first frame.
    private static let headerBytes = 12 + 18 + 14

    public init(width: Int, height: Int, options: WebPEncodeOptions = WebPEncodeOptions()) throws(WebPEncodeError) {
        guard width > 0, height > 0, width <= 16383, height <= 16383 else {
            throw WebPEncodeError("a WebP is 1 to 16383 pixels on each side; \(width)x\(height) asked")
        }
        guard (0...100).contains(options.quality), (0...6).contains(options.method) else {
            throw WebPEncodeError("quality must be 0-100 and method 0-6")
        }
        self.width = width
        self.height = height
        self.options = options
        canvas = [UInt8](repeating: 0, count: width * height * 4)
        tolerance = FrameDiff.tolerance(lossless: options.lossless, quality: options.quality)
        guard WebPConfigInit(&config) != 0 else { throw WebPEncodeError("libwebp version mismatch") }
        config.lossless = options.lossless ? 1 : 0
        config.quality = options.quality
        config.method = Int32(options.method)
        guard WebPValidateConfig(&config) != 0 else { throw WebPEncodeError("invalid encoder settings") }
    }

    /// Bytes of the file so far, the frame held back included: `finish()` returns exactly this
    /// many (fewer for a single frame, written as a still image).
    public var encodedBytes: Int { Self.headerBytes + chunks.count + (pending.map { $0.frame.chunkBytes } ?? 0) }

    @inline(__always) private func ms(_ d: Duration) -> Int {
        let (s, atto) = d.components
        return Int(clamping: (Double(s) * 1000 + Double(atto) * 1e-15).rounded())
    }

    /// Adds a premultiplied frame shown for `duration`.
    public func add(_ frame: Pixmap, duration: Duration) throws(WebPEncodeError) {
        guard !finished else { throw WebPEncodeError("add() after finish()") }
        guard frame.width == width, frame.height == height else {
            throw WebPEncodeError("frame is \(frame.width)x\(frame.height), the animation \(width)x\(height)")
        }
        let start = ms(elapsed)
        elapsed += duration
        let rgba = frame.straightRGBA()
        let change = FrameDiff(old: canvas, new: rgba, width: width, height: height, tolerance: tolerance)
        guard var rect = change.rect ?? (pending == nil ? FrameDiff.Rect(x: 0, y: 0, width: 1, height: 1) : nil) else {
            return  // nothing changed: the frame before lasts longer
        }
        // Offsets are stored halved: widen the rectangle to even ones.
        rect = rect.evenAligned
        hasAlpha = hasAlpha || change.newHasAlpha
        var best: EncodedFrame?
        if change.changedAllOpaque, rect.width * rect.height > 64 {
            let masked = FrameDiff.maskingUnchanged(new: rgba, old: canvas, width: width, rect: rect, tolerance: tolerance)
            best = try masked.withUnsafeBufferPointer { p throws(WebPEncodeError) in
                try encode(UnsafeRawPointer(p.baseAddress!).assumingMemoryBound(to: UInt8.self), stride: rect.width * 4, rect, blend: true)
            }
        }
        // Lossless runs of transparency cost next to nothing, so blending wins whenever it can;
        // lossy alpha edges cost more, so there the replacing rectangle is tried too.
        if best == nil || !options.lossless {
            let replacing = try encode(rgba, rect, blend: false)
            if best == nil || replacing.chunkBytes <= best!.chunkBytes { best = replacing }
        }
        let frame = best!
        try flushPending(until: start)
        pending = (start, frame)
        frameCount += 1
        FrameDiff.apply(rgba, to: &canvas, width: width, rect: rect, blended: frame.blend, tolerance: tolerance)
    }

    /// Writes the frame held back, now that the next one starts at `end` ms.
    private func flushPending(until end: Int) throws(WebPEncodeError) {
        guard let (start, frame) = pending else { return }
        pending = nil
        let duration = min(Self.maxFrameMilliseconds, max(0, end - start))
        if duration < end - start { clampedFrames += 1 }
        writtenMilliseconds += duration
        frame.appendChunk(duration: duration, to: &chunks)
        guard chunks.count < Int(UInt32.max) - Self.headerBytes else {
            throw WebPEncodeError("the file would pass 4 GiB, the most a RIFF file can hold")
        }
    }

    private func encode(_ rgba: [UInt8], _ rect: FrameDiff.Rect, blend: Bool) throws(WebPEncodeError) -> EncodedFrame {
        try rgba.withUnsafeBufferPointer { p throws(WebPEncodeError) in
            try encode(p.baseAddress! + (rect.y * width + rect.x) * 4, stride: width * 4, rect, blend: blend)
        }
    }

    /// Encodes the `rect.width × rect.height` pixels at `pixels` (rows `stride` bytes apart) as a
    /// still WebP and keeps its image chunks.
    private func encode(_ pixels: UnsafePointer<UInt8>, stride: Int, _ rect: FrameDiff.Rect, blend: Bool) throws(WebPEncodeError) -> EncodedFrame {
        var pic = WebPPicture()
        guard WebPPictureInit(&pic) != 0 else { throw WebPEncodeError("libwebp version mismatch") }
        pic.width = Int32(rect.width)
        pic.height = Int32(rect.height)
        pic.use_argb = 1
        defer { WebPPictureFree(&pic) }
        guard WebPPictureImportRGBA(&pic, pixels, Int32(stride)) != 0 else {
            throw WebPEncodeError("out of memory importing a \(rect.width)x\(rect.height) frame")
        }
        // libwebp appends to the writer through the picture's pointer: it needs a fixed address.
        let writer = UnsafeMutablePointer<WebPMemoryWriter>.allocate(capacity: 1)
        WebPMemoryWriterInit(writer)
        defer { WebPMemoryWriterClear(writer); writer.deallocate() }
        pic.writer = WebPMemoryWrite
        pic.custom_ptr = UnsafeMutableRawPointer(writer)
        var config = self.config
        guard WebPEncode(&config, &pic) != 0 else {
            throw WebPEncodeError("frame \(frameCount): libwebp error \(pic.error_code.rawValue)")
        }
        let still = UnsafeBufferPointer(start: writer.pointee.mem, count: writer.pointee.size)
        guard let image = RIFFChunks.imageChunks(ofStill: still) else {
            throw WebPEncodeError("libwebp wrote a still image this muxer cannot read")
        }
        return EncodedFrame(rect: rect, blend: blend, image: image)
    }

    /// Assembles the file.
    public func finish() throws(WebPEncodeError) -> [UInt8] {
        guard !finished, frameCount > 0 else { throw WebPEncodeError(frameCount == 0 ? "no frames were added" : "finish() called twice") }
        finished = true
        if frameCount == 1, let only = pending?.frame {
            // The canvas is that frame: re-encode it whole if only its changed part was.
            let whole = FrameDiff.Rect(x: 0, y: 0, width: width, height: height)
            return still(only.rect == whole ? only.image : try encode(canvas, whole, blend: false).image)
        }
        try flushPending(until: ms(elapsed))
        var out: [UInt8] = []
        out.reserveCapacity(Self.headerBytes + chunks.count)
        RIFFChunks.appendHeader(fileBytes: Self.headerBytes + chunks.count, to: &out)
        // VP8X: the animation flag, the alpha flag if any frame is not opaque, the canvas size.
        appendVP8X(flags: hasAlpha ? 0x12 : 0x02, to: &out)
        // ANIM: a transparent background hint, then the loop count (16 bits; 0 = forever).
        let loops = min(0xFFFF, max(0, options.loopCount))
        RIFFChunks.appendChunk("ANIM", [0, 0, 0, 0, UInt8(loops & 0xFF), UInt8(loops >> 8)], to: &out)
        out += chunks
        chunks = []
        return out
    }

    /// The VP8X chunk: feature flags (0x10 alpha, 0x02 animation) and the canvas size.
    private func appendVP8X(flags: UInt8, to out: inout [UInt8]) {
        var vp8x: [UInt8] = [flags, 0, 0, 0]
        RIFFChunks.appendUInt24(width - 1, to: &vp8x)
        RIFFChunks.appendUInt24(height - 1, to: &vp8x)
        RIFFChunks.appendChunk("VP8X", vp8x, to: &out)
    }

    /// One frame covering the canvas is written as a still image, as libwebp does: without the
    /// animation chunks it is smaller, and every viewer shows it.
    private func still(_ image: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        // A separate alpha chunk (lossy) needs VP8X to announce it; lossless carries its own.
        let separateAlpha = image.count >= 4 && Array(image[0..<4]) == Array("ALPH".utf8)
        RIFFChunks.appendHeader(fileBytes: 12 + (separateAlpha ? 18 : 0) + image.count, to: &out)
        if separateAlpha { appendVP8X(flags: 0x10, to: &out) }
        return out + image
    }
}

/// One frame's rectangle and its encoded image chunks (VP8L, or ALPH and VP8), waiting for its
/// duration to become an ANMF chunk.
struct EncodedFrame {
    var rect: FrameDiff.Rect
    /// Blended over the canvas (unchanged pixels are transparent) rather than replacing it.
    var blend: Bool
    var image: [UInt8]

    var chunkBytes: Int { 8 + 16 + image.count }

    func appendChunk(duration: Int, to out: inout [UInt8]) {
        var header: [UInt8] = []
        header.reserveCapacity(16)
        RIFFChunks.appendUInt24(rect.x / 2, to: &header)
        RIFFChunks.appendUInt24(rect.y / 2, to: &header)
        RIFFChunks.appendUInt24(rect.width - 1, to: &header)
        RIFFChunks.appendUInt24(rect.height - 1, to: &header)
        RIFFChunks.appendUInt24(duration, to: &header)
        // Bit 1 set: do not blend; bit 0 clear: do not dispose.
        header.append(blend ? 0 : 0x02)
        RIFFChunks.appendChunk("ANMF", header + image, to: &out)
    }
}
