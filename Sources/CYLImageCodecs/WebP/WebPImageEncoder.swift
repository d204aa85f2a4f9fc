import CWebP
import CYLRaster

/// A still image as lossless WebP (libwebp's simple encoding API): every visible pixel exact,
/// usually a quarter to a third smaller than PNG for flat icon art (the review page's sprite
/// sheets choose whichever is smaller).
public enum WebPImageEncoder {
    /// Encodes `image` (premultiplied) as a lossless WebP file. Colours under fully transparent
    /// pixels are not kept (they are invisible).
    public static func encodeLossless(_ image: Pixmap) throws(WebPEncodeError) -> [UInt8] {
        guard image.width <= 16383, image.height <= 16383 else {
            throw WebPEncodeError("a WebP is 1 to 16383 pixels on each side; \(image.width)x\(image.height) asked")
        }
        let rgba = image.straightRGBA()
        var output: UnsafeMutablePointer<UInt8>?
        let size = rgba.withUnsafeBufferPointer { p in
            WebPEncodeLosslessRGBA(p.baseAddress, Int32(image.width), Int32(image.height), Int32(image.width * 4), &output)
        }
        guard let output, size > 0 else { throw WebPEncodeError("libwebp could not encode a \(image.width)x\(image.height) image") }
        defer { WebPFree(output) }
        return [UInt8](UnsafeBufferPointer(start: output, count: size))
    }
}
