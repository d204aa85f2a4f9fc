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

/// Animated WebP through libwebp's `WebPAnimEncoder` (which also crops frames to what changed and
/// merges identical frames). Owns the encoder handle; timestamps are whole milliseconds, rounded
/// from the exact start times so the total duration is exact to the millisecond.
public final class WebPAnimationEncoder {
    public let width: Int, height: Int
    public let options: WebPEncodeOptions
    private var encoder: OpaquePointer?
    private var config = WebPConfig()
    private var elapsed: Duration = .zero
    private var count = 0

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
        var anim = WebPAnimEncoderOptions()
        guard WebPAnimEncoderOptionsInit(&anim) != 0 else { throw WebPEncodeError("libwebp version mismatch") }
        anim.anim_params.loop_count = Int32(clamping: max(0, options.loopCount))
        anim.anim_params.bgcolor = 0  // transparent
        guard let enc = WebPAnimEncoderNew(Int32(width), Int32(height), &anim) else {
            throw WebPEncodeError("libwebp could not create an animation encoder")
        }
        encoder = enc
        guard WebPConfigInit(&config) != 0 else { throw WebPEncodeError("libwebp version mismatch") }
        config.lossless = options.lossless ? 1 : 0
        config.quality = options.quality
        config.method = Int32(options.method)
        guard WebPValidateConfig(&config) != 0 else { throw WebPEncodeError("invalid encoder settings") }
    }

    deinit {
        if let encoder { WebPAnimEncoderDelete(encoder) }
    }

    private func errorText() -> String {
        WebPAnimEncoderGetError(encoder).map { String(cString: $0) } ?? "unknown error"
    }

    @inline(__always) private func ms(_ d: Duration) -> Int32 {
        let (s, atto) = d.components
        return Int32(clamping: Int64((Double(s) * 1000 + Double(atto) * 1e-15).rounded()))
    }

    /// Adds a premultiplied frame shown for `duration`.
    public func add(_ frame: Pixmap, duration: Duration) throws(WebPEncodeError) {
        guard let encoder else { throw WebPEncodeError("add() after finish()") }
        guard frame.width == width, frame.height == height else {
            throw WebPEncodeError("frame is \(frame.width)x\(frame.height), the animation \(width)x\(height)")
        }
        var pic = WebPPicture()
        guard WebPPictureInit(&pic) != 0 else { throw WebPEncodeError("libwebp version mismatch") }
        pic.width = Int32(width)
        pic.height = Int32(height)
        pic.use_argb = 1
        defer { WebPPictureFree(&pic) }
        let rgba = frame.straightRGBA()
        let ok = rgba.withUnsafeBufferPointer { WebPPictureImportRGBA(&pic, $0.baseAddress, Int32(width * 4)) }
        guard ok != 0 else { throw WebPEncodeError("out of memory importing a frame") }
        guard WebPAnimEncoderAdd(encoder, &pic, ms(elapsed), &config) != 0 else {
            throw WebPEncodeError("frame \(count): \(errorText())")
        }
        elapsed += duration
        count += 1
    }

    /// Assembles the file.
    public func finish() throws(WebPEncodeError) -> [UInt8] {
        guard let encoder, count > 0 else { throw WebPEncodeError(count == 0 ? "no frames were added" : "finish() called twice") }
        defer { if let e = self.encoder { WebPAnimEncoderDelete(e); self.encoder = nil } }
        guard WebPAnimEncoderAdd(encoder, nil, ms(elapsed), nil) != 0 else {
            throw WebPEncodeError("closing the animation: \(errorText())")
        }
        var data = WebPData()
        guard WebPAnimEncoderAssemble(encoder, &data) != 0 else {
            throw WebPEncodeError("assembling the file: \(errorText())")
        }
        defer { WebPDataClear(&data) }
        // The encoder's own frames go before the copy: at most two copies of the file at once.
        WebPAnimEncoderDelete(encoder)
        self.encoder = nil
        return [UInt8](UnsafeBufferPointer(start: data.bytes, count: data.size))
    }
}
