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
///
/// `add` runs three steps a caller with threads runs apart: `plan` (in order: what changed on the
/// canvas), `preparer.encode` of each candidate (libwebp, any thread, the expensive part) and
/// `append` (in order: the chunks). See `plan` for what depends on what.
public final class WebPAnimationEncoder {
    public let width: Int, height: Int
    public let options: WebPEncodeOptions
    /// The libwebp encodes, safe on any thread.
    public let preparer: FramePreparer
    /// Straight RGBA of the canvas a player shows after the frames planned so far.
    private var canvas: [UInt8]
    /// A plan whose choice between candidates decides the canvas and is not settled yet.
    private var unsettled = false
    private var planned = 0
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
        preparer = try FramePreparer(width: width, height: height, options: options)
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
        let rgba = try preparer.straight(frame)
        let plan = try self.plan(rgba)
        let encoded = try plan.candidates.map { (blend) throws(WebPEncodeError) in
            try preparer.encode(plan, blend: blend, frameNumber: frameCount)
        }
        let chosen = plan.choose(encoded)
        if plan.needsChoice, let chosen { try settle(plan, with: chosen) }
        try append(plan, chosen, duration: duration)
    }

    /// In order, before the frame's candidates are encoded: what straight-RGBA `rgba` changes on
    /// the canvas the frames planned so far leave, and which candidates to encode.
    ///
    /// Dependency rule: a frame is encoded against the canvas, which is the previous frame when
    /// lossless (every changed pixel is written) but drifts when lossy (pixels within the
    /// tolerance are left as shown), so the canvas is kept here, in order. Encoding depends only
    /// on the plan. The canvas after a frame depends on the candidate chosen only when a lossy
    /// frame tries both blending and replacing (`needsChoice`): then `settle` must be called with
    /// the choice before the next `plan`; otherwise the canvas is brought up to date here.
    public func plan(_ rgba: [UInt8]) throws(WebPEncodeError) -> WebPFramePlan {
        guard !unsettled else { throw WebPEncodeError("plan() before the frame before was settled") }
        guard rgba.count == width * height * 4 else { throw WebPEncodeError("frame has \(rgba.count) bytes, not \(width * height * 4)") }
        let first = planned == 0
        planned += 1
        let change = FrameDiff(old: canvas, new: rgba, width: width, height: height, tolerance: preparer.tolerance)
        guard var rect = change.rect ?? (first ? FrameDiff.Rect(x: 0, y: 0, width: 1, height: 1) : nil) else {
            return WebPFramePlan(rgba: rgba, canvas: [], rect: nil, candidates: [], newHasAlpha: change.newHasAlpha)
        }
        // Offsets are stored halved: widen the rectangle to even ones.
        rect = rect.evenAligned
        var candidates: [Bool] = []
        if change.changedAllOpaque, rect.width * rect.height > 64 { candidates.append(true) }
        // Lossless runs of transparency cost next to nothing, so blending wins whenever it can;
        // lossy alpha edges cost more, so there the replacing rectangle is tried too.
        if candidates.isEmpty || !options.lossless { candidates.append(false) }
        // Only the blended candidate reads the canvas before the frame; holding it otherwise would
        // make the canvas update below copy it.
        let before = candidates.contains(true) ? canvas : []
        let plan = WebPFramePlan(rgba: rgba, canvas: before, rect: rect, candidates: candidates, newHasAlpha: change.newHasAlpha)
        if plan.needsChoice {
            unsettled = true
        } else {
            FrameDiff.apply(rgba, to: &canvas, width: width, rect: rect, blended: candidates[0], tolerance: preparer.tolerance)
        }
        return plan
    }

    /// Brings the canvas up to date after a plan that `needsChoice`, with the candidate chosen.
    public func settle(_ plan: WebPFramePlan, with chosen: EncodedFrame) throws(WebPEncodeError) {
        let blend = chosen.blend
        guard unsettled, plan.needsChoice, let rect = plan.rect else { throw WebPEncodeError("settle() without a plan waiting for it") }
        unsettled = false
        FrameDiff.apply(plan.rgba, to: &canvas, width: width, rect: rect, blended: blend, tolerance: preparer.tolerance)
    }

    /// In play order: appends a planned frame with the candidate `plan.choose` picked (nil when
    /// the frame changed nothing), shown for `duration`.
    public func append(_ plan: WebPFramePlan, _ frame: EncodedFrame?, duration: Duration) throws(WebPEncodeError) {
        guard !finished else { throw WebPEncodeError("append() after finish()") }
        let start = ms(elapsed)
        elapsed += duration
        guard let frame else { return }  // nothing changed: the frame before lasts longer
        hasAlpha = hasAlpha || plan.newHasAlpha
        try flushPending(until: start)
        pending = (start, frame)
        frameCount += 1
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

    /// The libwebp work of the encoder: a value holding only settings, so any thread may run it.
    public struct FramePreparer: @unchecked Sendable {  // WebPConfig: plain numbers, no pointers
        public let width: Int, height: Int
        public let options: WebPEncodeOptions
        private let config: WebPConfig
        /// How far a channel may move and count as unchanged (0 when lossless).
        let tolerance: UInt32

        init(width: Int, height: Int, options: WebPEncodeOptions) throws(WebPEncodeError) {
            self.width = width
            self.height = height
            self.options = options
            tolerance = FrameDiff.tolerance(lossless: options.lossless, quality: options.quality)
            var config = WebPConfig()
            guard WebPConfigInit(&config) != 0 else { throw WebPEncodeError("libwebp version mismatch") }
            config.lossless = options.lossless ? 1 : 0
            config.quality = options.quality
            config.method = Int32(options.method)
            guard WebPValidateConfig(&config) != 0 else { throw WebPEncodeError("invalid encoder settings") }
            self.config = config
        }

        /// The frame's straight RGBA, checked for size: what `plan` takes.
        public func straight(_ frame: Pixmap) throws(WebPEncodeError) -> [UInt8] {
            guard frame.width == width, frame.height == height else {
                throw WebPEncodeError("frame is \(frame.width)x\(frame.height), the animation \(width)x\(height)")
            }
            return frame.straightRGBA()
        }

        /// Encodes one candidate of a plan (`blend`: the changed pixels over the canvas, else the
        /// whole rectangle). Reads only the plan; `frameNumber` is for messages.
        public func encode(_ plan: WebPFramePlan, blend: Bool, frameNumber: Int) throws(WebPEncodeError) -> EncodedFrame {
            guard let rect = plan.rect else { throw WebPEncodeError("frame \(frameNumber) changed nothing; there is nothing to encode") }
            if blend {
                let masked = FrameDiff.maskingUnchanged(new: plan.rgba, old: plan.canvas, width: width, rect: rect, tolerance: tolerance)
                return try masked.withUnsafeBufferPointer { p throws(WebPEncodeError) in
                    try encode(UnsafeRawPointer(p.baseAddress!).assumingMemoryBound(to: UInt8.self), stride: rect.width * 4, rect,
                               blend: true, frameNumber: frameNumber)
                }
            }
            return try encode(plan.rgba, rect, blend: false, frameNumber: frameNumber)
        }

        func encode(_ rgba: [UInt8], _ rect: FrameDiff.Rect, blend: Bool, frameNumber: Int) throws(WebPEncodeError) -> EncodedFrame {
            try rgba.withUnsafeBufferPointer { p throws(WebPEncodeError) in
                try encode(p.baseAddress! + (rect.y * width + rect.x) * 4, stride: width * 4, rect, blend: blend, frameNumber: frameNumber)
            }
        }

        /// Encodes the `rect.width × rect.height` pixels at `pixels` (rows `stride` bytes apart) as a
        /// still WebP and keeps its image chunks.
        private func encode(_ pixels: UnsafePointer<UInt8>, stride: Int, _ rect: FrameDiff.Rect, blend: Bool,
                            frameNumber: Int) throws(WebPEncodeError) -> EncodedFrame {
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
                throw WebPEncodeError("frame \(frameNumber): libwebp error \(pic.error_code.rawValue)")
            }
            let still = UnsafeBufferPointer(start: writer.pointee.mem, count: writer.pointee.size)
            guard let image = RIFFChunks.imageChunks(ofStill: still) else {
                throw WebPEncodeError("libwebp wrote a still image this muxer cannot read")
            }
            return EncodedFrame(rect: rect, blend: blend, image: image)
        }
    }

    /// Assembles the file.
    public func finish() throws(WebPEncodeError) -> [UInt8] {
        guard !finished, frameCount > 0 else { throw WebPEncodeError(frameCount == 0 ? "no frames were added" : "finish() called twice") }
        finished = true
        if frameCount == 1, let only = pending?.frame {
            // The canvas is that frame: re-encode it whole if only its changed part was.
            let whole = FrameDiff.Rect(x: 0, y: 0, width: width, height: height)
            return still(only.rect == whole ? only.image : try preparer.encode(canvas, whole, blend: false, frameNumber: 0).image)
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

/// What `WebPAnimationEncoder.plan` found a frame changes, with what its candidates are encoded from.
public struct WebPFramePlan: Sendable {
    let rgba: [UInt8]
    /// The canvas before the frame (for the blended candidate's mask); empty without that candidate.
    let canvas: [UInt8]
    /// The rectangle to store, even-aligned; nil: the frame changed nothing.
    let rect: FrameDiff.Rect?
    /// The candidates to encode, in this order: `true` blends, `false` replaces.
    public let candidates: [Bool]
    let newHasAlpha: Bool

    /// Both blending and replacing are tried and the smaller kept, and the canvas depends on which.
    public var needsChoice: Bool { candidates.count > 1 }

    /// The candidate to write, from the encodes of `candidates` in their order: replacing when it
    /// is no larger than blending. Nil when the frame changed nothing.
    public func choose(_ encoded: [EncodedFrame]) -> EncodedFrame? {
        guard var best = encoded.first else { return nil }
        for e in encoded.dropFirst() where e.chunkBytes <= best.chunkBytes { best = e }
        return best
    }
}

/// One frame's rectangle and its encoded image chunks (VP8L, or ALPH and VP8), waiting for its
/// duration to become an ANMF chunk.
public struct EncodedFrame: Sendable {
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
