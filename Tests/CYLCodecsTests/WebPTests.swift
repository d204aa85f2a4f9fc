import CWebP
import CYLCodecs
import CYLRaster
import Foundation
import Testing

/// libwebp's own animation decoder (WebPAnimDecoder, in libwebpdemux), reached through dlopen because
/// the CWebP module links only the encoder side.
final class WebPDemuxer {
    typealias NewFn = @convention(c) (UnsafePointer<WebPData>?, UnsafePointer<WebPAnimDecoderOptions>?, Int32) -> OpaquePointer?
    typealias InfoFn = @convention(c) (OpaquePointer?, UnsafeMutablePointer<WebPAnimInfo>?) -> Int32
    typealias NextFn = @convention(c) (OpaquePointer?, UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>?, UnsafeMutablePointer<Int32>?) -> Int32
    typealias HasFn = @convention(c) (OpaquePointer?) -> Int32
    typealias DeleteFn = @convention(c) (OpaquePointer?) -> Void
    typealias OptsFn = @convention(c) (UnsafeMutablePointer<WebPAnimDecoderOptions>?, Int32) -> Int32

    struct Result { var width: Int; var height: Int; var loopCount: Int; var frames: [(rgba: [UInt8], endMs: Int)] }

    static func decode(_ bytes: [UInt8]) throws -> Result {
        guard let lib = dlopen("libwebpdemux.so.2", RTLD_NOW) ?? dlopen("libwebpdemux.so", RTLD_NOW) else {
            throw WebPEncodeError("libwebpdemux not found")
        }
        func sym<T>(_ name: String, _: T.Type) -> T { unsafeBitCast(dlsym(lib, name)!, to: T.self) }
        let optsInit = sym("WebPAnimDecoderOptionsInitInternal", OptsFn.self)
        let new = sym("WebPAnimDecoderNewInternal", NewFn.self)
        let info = sym("WebPAnimDecoderGetInfo", InfoFn.self)
        let next = sym("WebPAnimDecoderGetNext", NextFn.self)
        let has = sym("WebPAnimDecoderHasMoreFrames", HasFn.self)
        let delete = sym("WebPAnimDecoderDelete", DeleteFn.self)
        var opts = WebPAnimDecoderOptions()
        guard optsInit(&opts, WEBP_DEMUX_ABI_VERSION) != 0 else { throw WebPEncodeError("demux ABI mismatch") }
        opts.color_mode = MODE_RGBA
        return try bytes.withUnsafeBufferPointer { buf in
            var data = WebPData(bytes: buf.baseAddress, size: buf.count)
            guard let dec = new(&data, &opts, WEBP_DEMUX_ABI_VERSION) else { throw WebPEncodeError("not a WebP animation") }
            defer { delete(dec) }
            var ai = WebPAnimInfo()
            _ = info(dec, &ai)
            var r = Result(width: Int(ai.canvas_width), height: Int(ai.canvas_height), loopCount: Int(ai.loop_count), frames: [])
            while has(dec) != 0 {
                var px: UnsafeMutablePointer<UInt8>? = nil
                var ts: Int32 = 0
                guard next(dec, &px, &ts) != 0, let px else { throw WebPEncodeError("decode failed") }
                r.frames.append((Array(UnsafeBufferPointer(start: px, count: r.width * r.height * 4)), Int(ts)))
            }
            return r
        }
    }
}

@Suite struct WebPTests {
    @Test func losslessRoundTrip() throws {
        let frames = (0..<4).map { Frames.square(16, 16, at: $0 * 3, 3, color: RGBA8(30, 200, 90, $0 == 2 ? 128 : 255)) }
        let e = try WebPAnimationEncoder(width: 16, height: 16, options: WebPEncodeOptions(loopCount: 3))
        for f in frames { try e.add(f, duration: .seconds(1.0 / 30)) }
        let r = try WebPDemuxer.decode(try e.finish())
        #expect(r.width == 16 && r.height == 16)
        #expect(r.loopCount == 3)
        #expect(r.frames.count == 4)
        #expect(r.frames.map(\.endMs) == [33, 67, 100, 133])  // whole ms, rounding not accumulating
        for (f, d) in zip(frames, r.frames) { #expect(f.straightRGBA() == d.rgba) }
    }

    @Test func lossyIsCloseAndSmallerOnNoise() throws {
        var p = try Pixmap(width: 64, height: 64)
        var seed: UInt32 = 1
        for y in 0..<64 { for x in 0..<64 {
            seed = seed &* 1_103_515_245 &+ 12345
            p[x, y] = RGBA8(UInt8(x * 4), UInt8(y * 4), UInt8(truncatingIfNeeded: seed >> 24), 255)
        } }
        func encode(_ o: WebPEncodeOptions) throws -> [UInt8] {
            let e = try WebPAnimationEncoder(width: 64, height: 64, options: o)
            try e.add(p, duration: .milliseconds(100))
            return try e.finish()
        }
        let lossless = try encode(WebPEncodeOptions())
        let lossy = try encode(WebPEncodeOptions(lossless: false, quality: 50))
        #expect(lossy.count < lossless.count)
        #expect(try WebPDemuxer.decode(lossy).frames.count == 1)
    }
}
