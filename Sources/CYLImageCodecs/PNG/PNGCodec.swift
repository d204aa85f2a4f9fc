import CPNG
import CZlib
import CYLRaster
import CYLLimits

/// Why a PNG could not be read or written. `description`: `icon.png:byte 33: IHDR: CRC error`.
public struct PNGError: Error, CustomStringConvertible, Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        /// The data does not start with the PNG signature.
        case notPNG
        /// The data ends before the image is complete.
        case truncated
        /// libpng rejected the data (bad CRC, bad chunk, bad compressed data, ...); its message says which.
        case corrupt
        /// The image has more pixels than the limit.
        case tooLarge(width: Int, height: Int, limit: Int)
        /// Encoding: the image or a parameter cannot be written.
        case invalidInput
        /// libpng or the allocator failed in a way that says nothing about the data.
        case library
    }

    public var name: String
    /// Bytes consumed when the problem was found (reading only).
    public var offset: Int?
    public var kind: Kind
    public var message: String

    public init(name: String, offset: Int? = nil, kind: Kind, message: String) {
        self.name = name; self.offset = offset; self.kind = kind; self.message = message
    }

    public var description: String {
        if let offset { return "\(name):byte \(offset): \(message)" }
        return "\(name): \(message)"
    }
}

public enum PNGFilter: Sendable {
    /// No row filter: fastest, what frame dumps use.
    case none
    /// libpng's per-row adaptive choice among all five filters: smaller files, slower.
    case adaptive
}

/// PNG reading and writing over libpng. Every libpng call runs inside a C wrapper that owns the
/// setjmp (Sources/CPNG/shim.h); Swift sees return codes and messages only.
public enum PNGCodec {
    /// Default bound on `width * height` for decoding.
    public static let defaultMaxPixels = 16_777_216
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// The image size from the header (IHDR, CRC checked), without decoding pixels or reading further.
    public static func readSize(_ bytes: [UInt8], name: String) throws(PNGError) -> (width: Int, height: Int) {
        try checkSignature(bytes, name: name)
        guard bytes.count >= 33 else {
            throw PNGError(name: name, offset: bytes.count, kind: .truncated, message: "the file ends inside the IHDR chunk")
        }
        func be32(_ i: Int) -> Int { Int(bytes[i]) << 24 | Int(bytes[i + 1]) << 16 | Int(bytes[i + 2]) << 8 | Int(bytes[i + 3]) }
        guard be32(8) == 13, bytes[12...15].elementsEqual("IHDR".utf8) else {
            throw PNGError(name: name, offset: 8, kind: .corrupt, message: "the first chunk is not a 13-byte IHDR")
        }
        let crc = bytes.withUnsafeBufferPointer { UInt32(crc32(0, $0.baseAddress! + 12, 17)) }
        guard crc == UInt32(be32(29)) else {
            throw PNGError(name: name, offset: 29, kind: .corrupt, message: "IHDR: CRC error")
        }
        let w = be32(16), h = be32(20)
        guard w > 0, h > 0, w <= 0x7FFF_FFFF, h <= 0x7FFF_FFFF else {
            throw PNGError(name: name, offset: 16, kind: .corrupt, message: "IHDR: invalid image size \(w)x\(h)")
        }
        // The rest of IHDR too, so a header-only read (`info` on a folder of frames) rejects what
        // libpng would: bit depth per colour type (PNG spec table 11.1), methods, interlace.
        let depth = Int(bytes[24]), colorType = Int(bytes[25])
        let allowed: [Int: [Int]] = [0: [1, 2, 4, 8, 16], 2: [8, 16], 3: [1, 2, 4, 8], 4: [8, 16], 6: [8, 16]]
        guard let depths = allowed[colorType] else {
            throw PNGError(name: name, offset: 25, kind: .corrupt, message: "IHDR: invalid colour type \(colorType)")
        }
        guard depths.contains(depth) else {
            throw PNGError(name: name, offset: 24, kind: .corrupt, message: "IHDR: invalid bit depth \(depth) for colour type \(colorType)")
        }
        guard bytes[26] == 0, bytes[27] == 0, bytes[28] <= 1 else {
            throw PNGError(name: name, offset: 26, kind: .corrupt,
                           message: "IHDR: invalid compression, filter or interlace method (\(bytes[26]), \(bytes[27]), \(bytes[28]))")
        }
        return (w, h)
    }

    /// Decodes any PNG (palette, grey, grey+alpha, 16-bit, tRNS, interlaced) to a premultiplied pixmap.
    /// Gamma and colour-profile chunks are ignored. Bad data after the image rows (a missing IEND,
    /// a bad CRC in a trailing chunk) is tolerated, as browsers do.
    public static func decode(_ bytes: [UInt8], name: String, maxPixels: Int = defaultMaxPixels) throws(PNGError) -> Pixmap {
        try checkSignature(bytes, name: name)
        var r = CYLPNGReader()
        defer { cyl_png_reader_close(&r) }
        return try bytes.withUnsafeBufferPointer { (buf) throws(PNGError) -> Pixmap in
            let code = cyl_png_reader_open(&r, buf.baseAddress, buf.count, 1)
            if code != 0 { throw error(r.err, offset: r.pos, name: name) }
            let w = Int(r.width), h = Int(r.height)
            guard w > 0, h > 0, w <= maxPixels, h <= maxPixels, w * h <= maxPixels else {
                throw PNGError(name: name, offset: r.pos, kind: .tooLarge(width: w, height: h, limit: maxPixels),
                               message: "image \(w)x\(h) has \(w * h) pixels, more than the limit of \(maxPixels) (\(Limit.maxCanvasPixels))")
            }
            var rgba = [UInt8](repeating: 0, count: w * h * 4)
            let rc = rgba.withUnsafeMutableBufferPointer { cyl_png_reader_read_rgba(&r, $0.baseAddress, w * 4) }
            if rc != 0 { throw error(r.err, offset: r.pos, name: name) }
            do {
                return try Pixmap(width: w, height: h, straightRGBA: rgba)
            } catch {
                throw PNGError(name: name, kind: .library, message: "\(error)")
            }
        }
    }

    /// Encodes a pixmap as an 8-bit RGBA PNG with straight alpha (fully transparent pixels as 0,0,0,0).
    /// `compressionLevel` is zlib's 0...9.
    public static func encode(_ image: Pixmap, compressionLevel: Int = 1, filter: PNGFilter = .none) throws(PNGError) -> [UInt8] {
        guard (0...9).contains(compressionLevel) else {
            throw PNGError(name: "<png encoder>", kind: .invalidInput, message: "compression level \(compressionLevel) is not in 0...9")
        }
        let straight = image.straightRGBA()
        var w = CYLPNGWriter()
        defer { cyl_png_writer_free(&w) }
        let filters: Int32 = filter == .none ? Int32(CYL_PNG_FILTERS_NONE) : Int32(CYL_PNG_FILTERS_ALL)
        // Level 0-1 output is close to the raw size; preallocate so the buffer rarely grows.
        let hint = compressionLevel <= 1 ? image.width * image.height * 4 / 2 + 4096 : 0
        let code = straight.withUnsafeBufferPointer {
            cyl_png_encode_rgba(&w, $0.baseAddress, UInt32(image.width), UInt32(image.height), image.width * 4,
                                Int32(compressionLevel), filters, hint)
        }
        if code != 0 { throw error(w.err, offset: nil, name: "<png encoder>", encoding: true) }
        return [UInt8](UnsafeBufferPointer(start: w.buf, count: w.size))
    }

    static func checkSignature(_ bytes: [UInt8], name: String) throws(PNGError) {
        if bytes.isEmpty { throw PNGError(name: name, offset: 0, kind: .truncated, message: "the file is empty") }
        let n = min(8, bytes.count)
        if Array(bytes.prefix(n)) != Array(signature.prefix(n)) {
            throw PNGError(name: name, offset: 0, kind: .notPNG, message: "not a PNG file (wrong signature)")
        }
        if bytes.count < 8 {
            throw PNGError(name: name, offset: bytes.count, kind: .truncated, message: "the file ends inside the PNG signature")
        }
    }

    static func error(_ e: CYLPNGError, offset: Int?, name: String, encoding: Bool = false) -> PNGError {
        var m = e.message
        let message = withUnsafeBytes(of: &m) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        let kind: PNGError.Kind
        switch Int(e.code) {
        case Int(CYL_PNG_ERR_TRUNCATED): kind = .truncated
        case Int(CYL_PNG_ERR_LIBPNG): kind = encoding ? .invalidInput : .corrupt
        default: kind = .library
        }
        return PNGError(name: name, offset: offset, kind: kind, message: message.isEmpty ? "libpng error \(e.code)" : message)
    }
}
