import CGIF
import CYLLimits

/// Owns one giflib `GifFileType` reading from the caller's bytes, and walks its records.
/// Nothing here hands a C pointer out: callers get Swift values, or pass their own buffers in.
///
/// The bytes are shared, not copied (a copy doubled the memory of a large GIF): giflib reads
/// only inside a `DGif*` call, so every call runs within `reading { }`, which lends giflib's
/// source a pointer to the bytes for that call alone.
final class GIFStream {
    struct FrameHeader {
        var info: GIFFrameInfo
    }

    let name: String
    let limits: GIFLimits
    private let gif: UnsafeMutablePointer<GifFileType>
    private let source: UnsafeMutablePointer<CYLGifSource>
    private let bytes: [UInt8]

    /// The logical screen as stored.
    let screenWidth: Int
    let screenHeight: Int
    let hasGlobalPalette: Bool
    /// NETSCAPE2.0 / ANIMEXTS1.0 loop count: nil when absent, 0 = forever.
    private(set) var loopCount: Int?
    private(set) var hasTrailer = false
    private(set) var ended = false
    private(set) var framesRead = 0
    private(set) var warnings: [String] = []

    /// Bytes consumed so far.
    var offset: Int { source.pointee.pos }

    init(bytes: [UInt8], name: String, limits: GIFLimits) throws(GIFError) {
        self.name = name
        self.limits = limits
        if bytes.isEmpty {
            throw GIFError(name: name, offset: 0, kind: .truncated, message: "the file is empty")
        }
        let magicOK = bytes.count >= 6 && bytes[0] == 0x47 && bytes[1] == 0x49 && bytes[2] == 0x46
            && bytes[3] == 0x38 && (bytes[4] == 0x37 || bytes[4] == 0x39) && bytes[5] == 0x61
        if !magicOK {
            if bytes.count < 6 && Array("GIF89a".utf8.prefix(bytes.count)) == bytes
                || bytes.count < 6 && Array("GIF87a".utf8.prefix(bytes.count)) == bytes {
                throw GIFError(name: name, offset: bytes.count, kind: .truncated,
                               message: "the file ends inside the GIF header (\(bytes.count) bytes)")
            }
            throw GIFError(name: name, offset: 0, kind: .notGIF, message: "not a GIF file (it does not start with GIF87a or GIF89a)")
        }
        self.bytes = bytes
        source = UnsafeMutablePointer<CYLGifSource>.allocate(capacity: 1)
        source.initialize(to: CYLGifSource(data: nil, size: bytes.count, pos: 0))
        var err: Int32 = 0
        let source = self.source
        let opened = bytes.withUnsafeBufferPointer { p in
            source.pointee.data = p.baseAddress
            defer { source.pointee.data = nil }
            return cyl_gif_open(source, &err)
        }
        guard let g = opened else {
            let pos = source.pointee.pos
            source.deinitialize(count: 1); source.deallocate()
            throw GIFStream.error(code: Int(err), name: name, frame: nil, offset: pos, context: .screen)
        }
        gif = g
        screenWidth = Int(g.pointee.SWidth)
        screenHeight = Int(g.pointee.SHeight)
        hasGlobalPalette = g.pointee.SColorMap != nil
    }

    deinit {
        var err: Int32 = 0
        DGifCloseFile(gif, &err)
        source.deinitialize(count: 1)
        source.deallocate()
    }

    /// Runs one giflib call with the source pointing at the bytes (valid for that call only).
    @inline(__always)
    private func reading<T>(_ call: () -> T) -> T {
        bytes.withUnsafeBufferPointer { p in
            source.pointee.data = p.baseAddress
            defer { source.pointee.data = nil }
            return call()
        }
    }

    enum Context { case screen, record, frameData }

    static func error(code: Int, name: String, frame: Int?, offset: Int, context: Context) -> GIFError {
        switch code {
        case Int(D_GIF_ERR_READ_FAILED):
            let what: String
            switch context {
            case .screen: what = "the file ends inside the logical screen descriptor"
            case .record: what = "the file ends unexpectedly"
            case .frameData: what = "the file ends inside the frame's image data"
            }
            return GIFError(name: name, frame: frame, offset: offset, kind: .truncated, message: what)
        case Int(D_GIF_ERR_NOT_GIF_FILE):
            return GIFError(name: name, frame: frame, offset: offset, kind: .notGIF, message: "not a GIF file")
        case Int(D_GIF_ERR_NO_SCRN_DSCR):
            return GIFError(name: name, frame: frame, offset: offset, kind: .truncated, message: "no logical screen descriptor")
        case Int(D_GIF_ERR_NO_IMAG_DSCR):
            return GIFError(name: name, frame: frame, offset: offset, kind: .corrupt, message: "image descriptor missing")
        case Int(D_GIF_ERR_NO_COLOR_MAP):
            return GIFError(name: name, frame: frame, offset: offset, kind: .corrupt, message: "colour table missing")
        case Int(D_GIF_ERR_WRONG_RECORD):
            return GIFError(name: name, frame: frame, offset: offset, kind: .corrupt, message: "unknown record type (not an image, extension or trailer)")
        case Int(D_GIF_ERR_DATA_TOO_BIG):
            return GIFError(name: name, frame: frame, offset: offset, kind: .corrupt, message: "image data is larger than the frame")
        case Int(D_GIF_ERR_NOT_ENOUGH_MEM):
            return GIFError(name: name, frame: frame, offset: offset, kind: .library(code: code), message: "giflib ran out of memory")
        case Int(D_GIF_ERR_IMAGE_DEFECT):
            return GIFError(name: name, frame: frame, offset: offset, kind: .corrupt, message: "LZW data is corrupt")
        case Int(D_GIF_ERR_EOF_TOO_SOON):
            return GIFError(name: name, frame: frame, offset: offset, kind: .corrupt, message: "LZW data ends before the frame is complete")
        default:
            return GIFError(name: name, frame: frame, offset: offset, kind: .library(code: code), message: "giflib error \(code)")
        }
    }

    private func fail(_ frame: Int?, _ context: Context) -> GIFError {
        GIFStream.error(code: Int(gif.pointee.Error), name: name, frame: frame, offset: offset, context: context)
    }

    private func warn(_ s: String) { warnings.append("\(name): \(s)") }

    /// Reads records up to and including the next image descriptor (and, in giflib, the LZW code size).
    /// Returns nil at the trailer. After at least one frame, a truncated file or an unknown record
    /// ends the stream with a warning (browsers show the frames before it); before the first frame
    /// it is an error.
    func nextFrameHeader() throws(GIFError) -> FrameHeader? {
        if ended { return nil }
        var disposal = GIFDisposal.unspecified
        var delay = 0
        var transparent: Int? = nil
        let frameIndex = framesRead
        while true {
            var type = UNDEFINED_RECORD_TYPE
            let recordOffset = offset
            if reading({ DGifGetRecordType(gif, &type) }) == GIF_ERROR {
                let e = fail(nil, .record)
                if framesRead > 0 {
                    ended = true
                    if e.kind == .truncated {
                        warn("byte \(recordOffset): the file ends without a trailer after \(framesRead) frames")
                    } else {
                        let b = recordOffset < bytes.count ? bytes[recordOffset] : 0
                        warn("byte \(recordOffset): unknown record type 0x\(String(b, radix: 16)); ignoring the rest of the file")
                    }
                    return nil
                }
                throw e
            }
            switch type {
            case EXTENSION_RECORD_TYPE:
                var code: Int32 = 0
                var ext: UnsafeMutablePointer<GifByteType>? = nil
                if reading({ DGifGetExtension(gif, &code, &ext) }) == GIF_ERROR { return try endOrThrow(fail(nil, .record)) }
                var blockIndex = 0
                var isLoopApp = false
                while let block = ext {
                    let len = Int(block[0])
                    if code == GRAPHICS_EXT_FUNC_CODE && blockIndex == 0 {
                        if len >= 4 {
                            let flags = Int(block[1])
                            disposal = GIFDisposal(gceMethod: (flags >> 2) & 7)
                            delay = Int(block[2]) | Int(block[3]) << 8
                            transparent = flags & 1 != 0 ? Int(block[4]) : nil
                        } else {
                            warn("byte \(offset): graphic control extension is \(len) bytes, not 4; ignored")
                        }
                    } else if code == APPLICATION_EXT_FUNC_CODE {
                        if blockIndex == 0 {
                            if len == 11 {
                                let id = String(decoding: UnsafeBufferPointer(start: block + 1, count: 11), as: UTF8.self)
                                isLoopApp = id == "NETSCAPE2.0" || id == "ANIMEXTS1.0"
                            }
                        } else if blockIndex == 1 && isLoopApp && len >= 3 && block[1] == 1 {
                            loopCount = Int(block[2]) | Int(block[3]) << 8
                        }
                    }
                    blockIndex += 1
                    if reading({ DGifGetExtensionNext(gif, &ext) }) == GIF_ERROR { return try endOrThrow(fail(nil, .record)) }
                }
            case IMAGE_DESC_RECORD_TYPE:
                if framesRead >= limits.maxFrames {
                    throw GIFError(name: name, frame: framesRead, offset: recordOffset, kind: .tooManyFrames(limit: limits.maxFrames),
                                   message: "more than \(limits.maxFrames) frames (\(Limit.maxFrames))")
                }
                if reading({ DGifGetImageDesc(gif) }) == GIF_ERROR { return try endOrThrow(fail(frameIndex, .record)) }
                let im = gif.pointee.Image
                let x = Int(im.Left), y = Int(im.Top), w = Int(im.Width), h = Int(im.Height)
                framesRead += 1
                let info = GIFFrameInfo(
                    index: frameIndex, x: x, y: y, width: w, height: h,
                    delayCentiseconds: delay, playedDelayCentiseconds: GIFFrameInfo.playedDelay(forRaw: delay),
                    disposal: disposal, transparentIndex: transparent, interlaced: im.Interlace,
                    hasLocalPalette: im.ColorMap != nil,
                    extendsOutsideScreen: x + w > screenWidth || y + h > screenHeight)
                return FrameHeader(info: info)
            case TERMINATE_RECORD_TYPE:
                hasTrailer = true
                ended = true
                return nil
            default:
                return try endOrThrow(GIFError(name: name, offset: recordOffset, kind: .corrupt, message: "unknown record type"))
            }
        }
    }

    private func endOrThrow(_ e: GIFError) throws(GIFError) -> FrameHeader? {
        if framesRead > 0 {
            ended = true
            warn("\(e.description); ignoring the rest of the file")
            return nil
        }
        throw e
    }

    /// Skips the current frame's LZW data without decoding it (or what is left of it after
    /// `readLine`s). Returns false if the data is truncated (the stream is then ended).
    @discardableResult
    func skipImageData(started: Bool) -> Bool {
        var block: UnsafeMutablePointer<GifByteType>? = nil
        if !started {
            var codeSize: Int32 = 0
            if reading({ DGifGetCode(gif, &codeSize, &block) }) == GIF_ERROR { ended = true; return false }
        } else {
            if reading({ DGifGetCodeNext(gif, &block) }) == GIF_ERROR { ended = true; return false }
        }
        while block != nil {
            if reading({ DGifGetCodeNext(gif, &block) }) == GIF_ERROR { ended = true; return false }
        }
        return true
    }

    /// Decodes the next `count` palette indices of the current frame into `line`.
    /// Returns 0 or giflib's error code.
    @inline(__always)
    func readLine(_ line: UnsafeMutablePointer<UInt8>, count: Int) -> Int {
        reading { DGifGetLine(gif, line, Int32(count)) } == GIF_ERROR ? Int(gif.pointee.Error) : 0
    }

    func end(warning: String) {
        ended = true
        warn(warning)
    }

    func addWarning(_ s: String) { warn(s) }

    /// Fills a 256-entry table of premultiplied RGBA (little-endian UInt32) for the current frame:
    /// local colour table over global; entries past the table's size and every entry when there is
    /// no table at all read as `missing`.
    func fillPalette(_ table: UnsafeMutablePointer<UInt32>, missing: UInt32) {
        let map = gif.pointee.Image.ColorMap ?? gif.pointee.SColorMap
        var n = 0
        if let map, let colors = map.pointee.Colors {
            n = min(256, max(0, Int(map.pointee.ColorCount)))
            for i in 0..<n {
                let c = colors[i]
                table[i] = (UInt32(c.Red) | UInt32(c.Green) << 8 | UInt32(c.Blue) << 16 | 0xFF00_0000).littleEndian
            }
        }
        for i in n..<256 { table[i] = missing }
    }
}
