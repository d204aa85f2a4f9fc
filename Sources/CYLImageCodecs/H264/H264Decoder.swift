import COpenH264
import CRasterKernels
import CYLRaster

/// Why H.264 data could not be decoded.
public struct H264Error: Error, Sendable, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}

/// An H.264 decoder (openh264, chosen over libavcodec because it is a small decoder-only library
/// with a plain C API that decodes the Main-profile streams with B-frames PAG's exporter writes).
/// Takes Annex B NAL units (each with its 00 00 00 01 start code) in decode order, each stamped;
/// gives pictures in display order, later than their data when frames are reordered, each with
/// the stamp of its data. Owns the C decoder, freed when this is; not thread-safe.
public final class H264Decoder {
    private let decoder: OpaquePointer

    /// A picture: 8-bit Y, U and V planes (U and V at half size), valid until the next call.
    public struct Picture {
        public var width: Int, height: Int
        /// The stamp of the data it was decoded from.
        public var timestamp: UInt64
        fileprivate var planes: (UnsafePointer<UInt8>, UnsafePointer<UInt8>, UnsafePointer<UInt8>)
        fileprivate var strides: (Int, Int)
    }

    public init() throws(H264Error) {
        guard let d = cyl_h264_open() else { throw H264Error(message: "the H.264 decoder cannot be created") }
        decoder = OpaquePointer(d)
    }

    deinit { cyl_h264_close(UnsafeMutablePointer(decoder)) }

    /// Feeds NAL units `nal` (start codes included) stamped `timestamp`; returns the picture that
    /// is ready, if any.
    public func decode(_ nal: ArraySlice<UInt8>, timestamp: UInt64 = 0) throws(H264Error) -> Picture? {
        guard !nal.isEmpty, nal.count <= Int(Int32.max) else { return nil }
        var out = Output()
        let r = nal.withUnsafeBufferPointer { b in
            cyl_h264_decode(UnsafeMutablePointer(decoder), b.baseAddress, Int32(b.count), timestamp, &out.planes, &out.strides,
                            &out.width, &out.height, &out.timestamp)
        }
        guard r >= 0 else { throw H264Error(message: "the H.264 data is refused by the decoder") }
        return r == 1 ? out.picture : nil
    }

    /// A picture still held for reordering after the last data, or nil when none is.
    public func flush() -> Picture? {
        var out = Output()
        let r = cyl_h264_flush(UnsafeMutablePointer(decoder), &out.planes, &out.strides, &out.width, &out.height, &out.timestamp)
        return r == 1 ? out.picture : nil
    }

    /// What the C functions fill in.
    private struct Output {
        var planes: [UnsafeMutablePointer<UInt8>?] = [nil, nil, nil]
        var strides: [Int32] = [0, 0]
        var width: Int32 = 0, height: Int32 = 0
        var timestamp: UInt64 = 0

        var picture: Picture? {
            guard let y = planes[0], let u = planes[1], let v = planes[2], width > 0, height > 0,
                  strides[0] >= width, strides[1] >= (width + 1) / 2 else { return nil }
            return Picture(width: Int(width), height: Int(height), timestamp: timestamp,
                           planes: (UnsafePointer(y), UnsafePointer(u), UnsafePointer(v)), strides: (Int(strides[0]), Int(strides[1])))
        }
    }
}

extension H264Decoder.Picture {
    /// `width` x `height` pixels from (`x`, `y`) as *straight* (not premultiplied) RGBA, as
    /// libpag's shader reads a video frame before it multiplies: chroma upsampled bilinearly
    /// (each pixel between the two nearest chroma samples each way, weights 3/4 and 1/4, as a GPU
    /// samples a half-size plane), colours converted with BT.601 limited range (H.264's default,
    /// what libpag's software path assumes); with an alpha region, alpha is the luma of the pixel
    /// at the same place from (`alphaX`, `alphaY`) (PAG packs a video's alpha as a grey picture
    /// beside its colour), expanded as tgfx expands it: (Y − 16) / 218, clamped, so the 234 that
    /// white comes back as after lossy coding is opaque. Without one, alpha is 255.
    public func straightRGBA(x: Int, y: Int, width: Int, height: Int, alphaX: Int?, alphaY: Int?, into out: inout Pixmap) {
        precondition(out.width == width && out.height == height)
        let w = min(width, self.width - x), h = min(height, self.height - y)
        guard w > 0, h > 0, x >= 0, y >= 0 else { return }
        let (py, pu, pv) = planes
        let (sy, sc) = strides
        let stride = out.stride
        // The chroma samples of the colour region, which neighbours are clamped to.
        let cx0 = x / 2, cx1 = (x + w - 1) / 2, cy0 = y / 2, cy1 = (y + h - 1) / 2
        out.withUnsafeMutableBytes { dst in
            for row in 0..<h {
                let yy = y + row
                // Pixel 2k sits a quarter of a chroma sample before sample k, 2k + 1 a quarter after.
                let near = yy / 2, far = min(max(yy & 1 == 0 ? near - 1 : near + 1, cy0), cy1)
                // The alpha region's row, and how many of its pixels lie inside the picture.
                var alphaRow: UnsafePointer<UInt8>? = nil, alphaCount = 0
                if let ax = alphaX, let ay = alphaY, ay + row < self.height, ax < self.width {
                    alphaRow = py + (ay + row) * sy + ax
                    alphaCount = min(w, self.width - ax)
                }
                // A picture with an alpha region passes a row even when this one lies past the
                // picture's bottom (any row, with a count of 0): the kernel then writes alpha 0.
                cyl_yuv420_straight_row(dst.baseAddress! + row * stride, py + yy * sy, pu + near * sc, pu + far * sc,
                                        pv + near * sc, pv + far * sc, alphaX == nil ? nil : (alphaRow ?? py),
                                        Int32(alphaCount), Int32(x), Int32(w), Int32(cx0), Int32(cx1))
            }
        }
    }
}
