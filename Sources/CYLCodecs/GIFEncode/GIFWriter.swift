import CGIF

/// Where a finished frame's rectangle goes before the next frame (the GCE disposal method).
public enum GIFWriteDisposal: Int, Sendable {
    case unspecified = 0
    /// Leave the frame in place.
    case keep = 1
    /// Clear the frame's rectangle to transparent.
    case background = 2
}

/// The GIF byte stream through giflib: screen descriptor, NETSCAPE loop, graphic control extensions,
/// image descriptors and LZW-coded rows. Owns the giflib handle from `EGifOpen` to `EGifCloseFile`
/// and collects the bytes in memory. Colour choice is the caller's; this only writes indices.
final class GIFWriter {
    /// Collects what giflib writes (reached through the handle's UserData).
    private final class Sink {
        var bytes: [UInt8] = []
    }

    private var gif: UnsafeMutablePointer<GifFileType>?
    private let sink = Sink()
    let width: Int, height: Int
    private var closed = false
    /// LZW minimum code size: bits of the colour table, at least 2 (the GIF minimum).
    private let minCodeSize: Int
    private let lzw = LZWEncoder()
    /// LZW output of one frame before it is cut into sub-blocks; grown to the largest frame's bound.
    private var scratch = UnsafeMutablePointer<UInt8>.allocate(capacity: 1)
    private var scratchCapacity = 1

    /// Opens a stream of `width x height` with a global colour table (`palette`: 0x00BBGGRR words,
    /// padded to a power of two of at least 2 entries).
    init(width: Int, height: Int, palette: [UInt32]) throws(GIFEncodeError) {
        guard width > 0, height > 0, width <= 65535, height <= 65535 else {
            throw GIFEncodeError("a GIF is at most 65535x65535 pixels; \(width)x\(height) asked")
        }
        self.width = width
        self.height = height
        var tableSize = 2
        while tableSize < min(256, palette.count) { tableSize *= 2 }
        minCodeSize = max(2, tableSize.trailingZeroBitCount)
        var err: Int32 = 0
        let user = Unmanaged.passUnretained(sink).toOpaque()
        gif = EGifOpen(user, { file, data, len in
            guard let file, let data, len > 0 else { return 0 }
            let sink = Unmanaged<Sink>.fromOpaque(file.pointee.UserData!).takeUnretainedValue()
            sink.bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(len)))
            return len
        }, &err)
        guard let gif else { throw GIFEncodeError("giflib could not start a stream (error \(err))") }
        EGifSetGifVersion(gif, true)
        var size = 2
        while size < palette.count { size *= 2 }
        guard size <= 256 else { throw GIFEncodeError("a GIF palette has at most 256 colours; \(palette.count) given") }
        var colors = [GifColorType](repeating: GifColorType(Red: 0, Green: 0, Blue: 0), count: size)
        for (i, c) in palette.enumerated() {
            colors[i] = GifColorType(Red: UInt8(c & 0xFF), Green: UInt8((c >> 8) & 0xFF), Blue: UInt8((c >> 16) & 0xFF))
        }
        guard let map = colors.withUnsafeMutableBufferPointer({ GifMakeMapObject(Int32(size), $0.baseAddress) }) else {
            throw GIFEncodeError("giflib could not make a colour map")
        }
        defer { GifFreeMapObject(map) }
        // giflib copies the map into the handle.
        try check(EGifPutScreenDesc(gif, Int32(width), Int32(height), 8, 0, map), "screen descriptor")
    }

    deinit {
        scratch.deallocate()
        if !closed, let gif {
            var err: Int32 = 0
            EGifCloseFile(gif, &err)
        }
    }

    private func check(_ rc: Int32, _ what: String) throws(GIFEncodeError) {
        if rc != GIF_OK {
            let code = gif?.pointee.Error ?? 0
            let text = GifErrorString(code).map { String(cString: $0) } ?? "error \(code)"
            throw GIFEncodeError("giflib failed writing the \(what): \(text)")
        }
    }

    /// The NETSCAPE2.0 application extension: repeat `count` more times after the first play, 0 = forever.
    func putLoop(_ count: Int) throws(GIFEncodeError) {
        let n = UInt16(clamping: count)
        try check(EGifPutExtensionLeader(gif, APPLICATION_EXT_FUNC_CODE), "loop extension")
        var id = Array("NETSCAPE2.0".utf8)
        try check(EGifPutExtensionBlock(gif, 11, &id), "loop extension")
        var sub: [UInt8] = [1, UInt8(n & 0xFF), UInt8(n >> 8)]
        try check(EGifPutExtensionBlock(gif, 3, &sub), "loop extension")
        try check(EGifPutExtensionTrailer(gif), "loop extension")
    }

    /// One frame: graphic control extension, image descriptor, then `rect.height` rows of indices
    /// (`pixels` rows `rowStride` apart).
    ///
    /// giflib writes the extension; the image descriptor and the LZW data are ours (`LZWEncoder`),
    /// appended to the same byte sink: giflib writes through the sink as it goes (it buffers only
    /// inside its own LZW coder, which is not used), so the order of the stream is kept.
    func putFrame(x: Int, y: Int, width w: Int, height h: Int, pixels: UnsafePointer<UInt8>, rowStride: Int,
                  delayCentiseconds: Int, disposal: GIFWriteDisposal, transparentIndex: UInt8?) throws(GIFEncodeError) {
        try putControl(delayCentiseconds: delayCentiseconds, disposal: disposal, transparentIndex: transparentIndex)
        guard x >= 0, y >= 0, w > 0, h > 0, x + w <= width, y + h <= height else {
            throw GIFEncodeError("frame rectangle \(w)x\(h) at (\(x), \(y)) is outside the \(width)x\(height) screen")
        }
        var desc: [UInt8] = [0x2C]
        for v in [x, y, w, h] { desc.append(UInt8(v & 0xFF)); desc.append(UInt8(v >> 8)) }
        desc.append(0)  // no local colour table, not interlaced
        desc.append(UInt8(minCodeSize))
        let bound = LZWEncoder.maxBytes(pixels: w * h)
        if scratchCapacity < bound {
            scratch.deallocate()
            scratch = .allocate(capacity: bound)
            scratchCapacity = bound
        }
        let n = lzw.encode(pixels, width: w, height: h, rowStride: rowStride, minCodeSize: minCodeSize, into: scratch)
        let bytes = sink.bytes.count
        sink.bytes.reserveCapacity(bytes + desc.count + n + n / 255 + 2)
        sink.bytes.append(contentsOf: desc)
        // Sub-blocks of at most 255 bytes, each after its length, then the empty block.
        var at = 0
        while at < n {
            let len = min(255, n - at)
            sink.bytes.append(UInt8(len))
            sink.bytes.append(contentsOf: UnsafeBufferPointer(start: scratch + at, count: len))
            at += len
        }
        sink.bytes.append(0)
    }

    /// The same frame coded by giflib's own LZW (EGifPutImageDesc + EGifPutLine): the reference the
    /// tests hold `putFrame` to, byte for byte.
    func putFrameThroughGiflib(x: Int, y: Int, width w: Int, height h: Int, pixels: UnsafePointer<UInt8>, rowStride: Int,
                               delayCentiseconds: Int, disposal: GIFWriteDisposal, transparentIndex: UInt8?) throws(GIFEncodeError) {
        try putControl(delayCentiseconds: delayCentiseconds, disposal: disposal, transparentIndex: transparentIndex)
        try check(EGifPutImageDesc(gif, Int32(x), Int32(y), Int32(w), Int32(h), false, nil), "image descriptor")
        for row in 0..<h {
            try check(EGifPutLine(gif, UnsafeMutablePointer(mutating: pixels + row * rowStride), Int32(w)), "image data")
        }
    }

    /// The graphic control extension of a frame.
    private func putControl(delayCentiseconds: Int, disposal: GIFWriteDisposal, transparentIndex: UInt8?) throws(GIFEncodeError) {
        let delay = UInt16(clamping: delayCentiseconds)
        var gce: [UInt8] = [UInt8(disposal.rawValue << 2) | (transparentIndex == nil ? 0 : 1),
                            UInt8(delay & 0xFF), UInt8(delay >> 8), transparentIndex ?? 0]
        try check(EGifPutExtension(gif, GRAPHICS_EXT_FUNC_CODE, 4, &gce), "graphic control extension")
    }

    /// Bytes written so far.
    var byteCount: Int { sink.bytes.count }

    /// Writes the trailer, closes the handle and returns the file's bytes.
    func finish() throws(GIFEncodeError) -> [UInt8] {
        var err: Int32 = 0
        closed = true
        if EGifCloseFile(gif, &err) != GIF_OK {
            gif = nil
            throw GIFEncodeError("giflib failed closing the stream: \(GifErrorString(err).map { String(cString: $0) } ?? "error \(err)")")
        }
        gif = nil
        return sink.bytes
    }
}

/// Why a GIF could not be encoded.
public struct GIFEncodeError: Error, Sendable, CustomStringConvertible, Equatable {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { "GIF encoder: \(message)" }
}
