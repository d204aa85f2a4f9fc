import CWebP
import CYLLimits
import CYLRaster

/// Why a WebP still image cannot be decoded.
public struct WebPDecodeError: Error, Sendable, CustomStringConvertible {
    public var name: String
    public var message: String
    public var description: String { "\(name): WebP: \(message)" }
}

/// Still WebP decoding through libwebp (the first frame of an animation is not read).
public enum WebPDecoder {
    /// Whether `bytes` start like a WebP file (`RIFF....WEBP`).
    public static func isWebP(_ bytes: [UInt8]) -> Bool {
        bytes.count >= 12 && Array(bytes[0..<4]) == Array("RIFF".utf8) && Array(bytes[8..<12]) == Array("WEBP".utf8)
    }

    public static func decode(_ bytes: [UInt8], name: String, maxPixels: Int = Pixmap.defaultMaxPixels) throws(WebPDecodeError) -> Pixmap {
        var w: Int32 = 0, h: Int32 = 0
        let ok = bytes.withUnsafeBufferPointer { WebPGetInfo($0.baseAddress, $0.count, &w, &h) }
        guard ok != 0, w > 0, h > 0 else { throw WebPDecodeError(name: name, message: "not a still WebP image or corrupt header") }
        guard Int(w) * Int(h) <= maxPixels else {
            throw WebPDecodeError(name: name, message: "image \(w)x\(h) has more than \(maxPixels) pixels (\(Limit.maxCanvasPixels))")
        }
        var rgba = [UInt8](repeating: 0, count: Int(w) * Int(h) * 4)
        let decoded = bytes.withUnsafeBufferPointer { src in
            rgba.withUnsafeMutableBufferPointer { dst in
                WebPDecodeRGBAInto(src.baseAddress, src.count, dst.baseAddress, dst.count, w * 4)
            }
        }
        guard decoded != nil else { throw WebPDecodeError(name: name, message: "corrupt image data") }
        do { return try Pixmap(width: Int(w), height: Int(h), straightRGBA: rgba) } catch {
            throw WebPDecodeError(name: name, message: "\(error)")
        }
    }
}
