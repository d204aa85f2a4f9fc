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
    /// Codes this writer's own frames (`putFrame`); frames coded elsewhere come through `putEncodedFrame`.
    private let coder = GIFImageCoder()

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
        minCodeSize = GIFWriter.minCodeSize(colorMapSize: tableSize)
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
        try putDescriptor(x: x, y: y, width: w, height: h)
        coder.encode(pixels, width: w, height: h, rowStride: rowStride, minCodeSize: minCodeSize, appendingTo: &sink.bytes)
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

    /// The global colour table's size for `paletteCount` entries: a power of two, at least 2.
    static func colorMapSize(_ paletteCount: Int) -> Int {
        var size = 2
        while size < paletteCount { size *= 2 }
        return size
    }

    /// The LZW minimum code size of a stream whose global colour table has `colorMapSize` entries:
    /// its bits, at least 2 (the GIF minimum; giflib writes the same).
    static func minCodeSize(colorMapSize: Int) -> Int {
        max(2, colorMapSize.trailingZeroBitCount)
    }

    /// A frame's LZW-coded image data as it follows the image descriptor: the code size byte, the
    /// sub-blocks and the block terminator, for a stream whose global colour table has
    /// `colorMapSize` entries. Any thread may call it: it shares nothing (`coder`, when given, is
    /// the calling thread's own; otherwise one is made for this call). LZW restarts at every
    /// image, so these are the very bytes `putFrame` writes, and `putEncodedFrame` splices them in.
    static func encodeImage(width w: Int, height h: Int, pixels: UnsafePointer<UInt8>, rowStride: Int,
                            colorMapSize: Int, coder: GIFImageCoder? = nil) throws(GIFEncodeError) -> [UInt8] {
        guard w > 0, h > 0, w <= 65535, h <= 65535, rowStride >= w else {
            throw GIFEncodeError("an image of \(w)x\(h) pixels (rows \(rowStride) apart) cannot be coded")
        }
        guard colorMapSize >= 2, colorMapSize <= 256, colorMapSize & (colorMapSize - 1) == 0 else {
            throw GIFEncodeError("a GIF colour table has 2, 4, ... 256 entries, not \(colorMapSize)")
        }
        var out: [UInt8] = []
        (coder ?? GIFImageCoder()).encode(pixels, width: w, height: h, rowStride: rowStride,
                                          minCodeSize: minCodeSize(colorMapSize: colorMapSize), appendingTo: &out)
        return out
    }

    /// One frame whose image data `encodeImage` made (for this stream's colour table): graphic
    /// control extension, image descriptor, then those bytes (checked for their code size and
    /// sub-block framing first, so a stream never holds a foreign or cut image).
    func putEncodedFrame(x: Int, y: Int, width w: Int, height h: Int, data: [UInt8], delayCentiseconds: Int,
                         disposal: GIFWriteDisposal, transparentIndex: UInt8?) throws(GIFEncodeError) {
        guard let codeSize = data.first, Int(codeSize) == minCodeSize else {
            throw GIFEncodeError("encoded image data does not match this stream's colour table")
        }
        try data.withUnsafeBufferPointer { (d) throws(GIFEncodeError) in
            var at = 1
            while at < d.count, d[at] != 0 {
                guard at + Int(d[at]) < d.count else { throw GIFEncodeError("encoded image data is cut short") }
                at += Int(d[at]) + 1
            }
            guard at == d.count - 1 else { throw GIFEncodeError("encoded image data does not end with its terminator") }
        }
        try putControl(delayCentiseconds: delayCentiseconds, disposal: disposal, transparentIndex: transparentIndex)
        try putDescriptor(x: x, y: y, width: w, height: h)
        sink.bytes.append(contentsOf: data)
    }

    /// The image descriptor (no local colour table, not interlaced), written by us: giflib's would
    /// also start its own LZW coder, which is not used.
    private func putDescriptor(x: Int, y: Int, width w: Int, height h: Int) throws(GIFEncodeError) {
        guard x >= 0, y >= 0, w > 0, h > 0, x + w <= width, y + h <= height else {
            throw GIFEncodeError("frame rectangle \(w)x\(h) at (\(x), \(y)) is outside the \(width)x\(height) screen")
        }
        sink.bytes.append(0x2C)
        for v in [x, y, w, h] { sink.bytes.append(UInt8(v & 0xFF)); sink.bytes.append(UInt8(v >> 8)) }
        sink.bytes.append(0)
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

/// LZW-codes frames into GIF image data (code size byte, sub-blocks of at most 255 bytes, block
/// terminator) with `LZWEncoder`, byte for byte what giflib writes. It keeps the coder's table and
/// an output buffer between frames, so one thread (a writer, or a worker of a job pool) keeps one
/// and reuses it; it is never shared between threads.
public final class GIFImageCoder {
    private let lzw = LZWEncoder()
    /// LZW output of one frame before it is cut into sub-blocks; grown to the largest frame's bound.
    private var scratch = UnsafeMutablePointer<UInt8>.allocate(capacity: 1)
    private var scratchCapacity = 1

    public init() {}

    deinit { scratch.deallocate() }

    /// Appends the image data of `w x h` indices (rows `rowStride` apart) to `out`.
    func encode(_ pixels: UnsafePointer<UInt8>, width w: Int, height h: Int, rowStride: Int, minCodeSize: Int,
                appendingTo out: inout [UInt8]) {
        let bound = LZWEncoder.maxBytes(pixels: w * h)
        if scratchCapacity < bound {
            scratch.deallocate()
            scratch = .allocate(capacity: bound)
            scratchCapacity = bound
        }
        let n = lzw.encode(pixels, width: w, height: h, rowStride: rowStride, minCodeSize: minCodeSize, into: scratch)
        out.reserveCapacity(out.count + n + n / 255 + 3)
        out.append(UInt8(minCodeSize))
        // Sub-blocks of at most 255 bytes, each after its length, then the empty block.
        var at = 0
        while at < n {
            let len = min(255, n - at)
            out.append(UInt8(len))
            out.append(contentsOf: UnsafeBufferPointer(start: scratch + at, count: len))
            at += len
        }
        out.append(0)
    }
}

/// Why a GIF could not be encoded.
public struct GIFEncodeError: Error, Sendable, CustomStringConvertible, Equatable {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { "GIF encoder: \(message)" }
}
