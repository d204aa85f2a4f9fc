import CJPEG
import CYLLimits
import CYLRaster

/// Why a JPEG cannot be decoded.
public struct JPEGError: Error, Sendable, CustomStringConvertible {
    public var name: String
    public var message: String
    public var description: String { "\(name): JPEG: \(message)" }
}

/// JPEG decoding through libjpeg(-turbo). The library's memory is freed before returning.
public enum JPEGCodec {
    /// Whether `bytes` start like a JPEG (SOI marker).
    public static func isJPEG(_ bytes: [UInt8]) -> Bool { bytes.count >= 3 && bytes[0] == 0xFF && bytes[1] == 0xD8 && bytes[2] == 0xFF }

    /// Decodes a baseline or progressive JPEG to an opaque pixmap.
    public static func decode(_ bytes: [UInt8], name: String, maxPixels: Int = Pixmap.defaultMaxPixels) throws(JPEGError) -> Pixmap {
        guard isJPEG(bytes) else { throw JPEGError(name: name, message: "not a JPEG (no start-of-image marker)") }
        var image = CYLJPEGImage()
        let code = bytes.withUnsafeBufferPointer { cyl_jpeg_decode_rgba($0.baseAddress, $0.count, maxPixels, &image) }
        defer { cyl_jpeg_free(&image) }
        switch Int(code) {
        case Int(CYL_JPEG_OK): break
        case Int(CYL_JPEG_ERR_TOO_LARGE):
            throw JPEGError(name: name, message: "image \(image.width)x\(image.height) has more than \(maxPixels) pixels (\(Limit.maxCanvasPixels))")
        default:
            let message = withUnsafeBytes(of: image.message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            throw JPEGError(name: name, message: message.isEmpty ? "corrupt data" : message)
        }
        let w = Int(image.width), h = Int(image.height)
        let rgba = [UInt8](UnsafeBufferPointer(start: image.rgba, count: w * h * 4))
        do { return try Pixmap(width: w, height: h, premultipliedBytes: rgba) } catch {
            throw JPEGError(name: name, message: "\(error)")
        }
    }
}
