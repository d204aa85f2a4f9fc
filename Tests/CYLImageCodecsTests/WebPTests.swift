import CWebP
import CYLImageCodecs
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

    /// The chunks after a WebP file's RIFF header: tag and data.
    static func chunks(_ file: [UInt8]) -> [(tag: String, data: ArraySlice<UInt8>)] {
        var out: [(tag: String, data: ArraySlice<UInt8>)] = []
        var at = 12
        while at + 8 <= file.count {
            let size = Int(file[at + 4]) | Int(file[at + 5]) << 8 | Int(file[at + 6]) << 16 | Int(file[at + 7]) << 24
            out.append((String(decoding: file[at..<(at + 4)], as: UTF8.self), file[(at + 8)..<min(file.count, at + 8 + size)]))
            at += 8 + size + (size & 1)
        }
        return out
    }

    /// The ANMF chunks of a file: (x, y, width, height, duration ms, blends).
    static func frames(_ file: [UInt8]) -> [(x: Int, y: Int, w: Int, h: Int, ms: Int, blends: Bool)] {
        chunks(file).filter { $0.tag == "ANMF" }.map { chunk in
            let d = Array(chunk.data)
            func u24(_ i: Int) -> Int { Int(d[i]) | Int(d[i + 1]) << 8 | Int(d[i + 2]) << 16 }
            return (u24(0) * 2, u24(3) * 2, u24(6) + 1, u24(9) + 1, u24(12), d[15] & 2 == 0)
        }
    }

    /// A sequence exercising what the muxer decides per frame: a first frame over the
    /// transparent canvas, a 3x3 change at an odd position (the rectangle widens to even offsets),
    /// a repeat (merged into the frame before), a hole cut to transparent and a translucent patch
    /// (both must replace, not blend), and opaque changes scattered over the whole frame.
    static func editedSequence() -> [Pixmap] {
        var f0 = try! Pixmap(width: 48, height: 40)
        for y in 0..<40 { for x in 0..<48 { f0[x, y] = RGBA8(UInt8(x * 5), UInt8(y * 6), 128, 255) } }
        var f1 = f0
        for y in 9..<12 { for x in 7..<10 { f1[x, y] = RGBA8(255, 0, 0, 255) } }
        var f3 = f1
        for y in 20..<25 { for x in 30..<35 { f3[x, y] = RGBA8.transparent } }
        var f4 = f3
        for y in 0..<6 { for x in 40..<48 { f4[x, y] = RGBA8(0, 0, 200, 100).premultiplied } }
        var f5 = f4
        for i in stride(from: 0, to: 48 * 40, by: 7) where f5[i % 48, i / 48].a == 255 { f5[i % 48, i / 48] = RGBA8(255, 255, 255, 255) }
        return [f0, f1, f1, f3, f4, f5]
    }

    @Test func eachFrameIsWhatChangedAndDecodesExactly() throws {
        let sequence = Self.editedSequence()
        let e = try WebPAnimationEncoder(width: 48, height: 40)
        for f in sequence { try e.add(f, duration: .seconds(1.0 / 30)) }
        #expect(e.frameCount == 5)
        let expectedSize = e.encodedBytes
        let file = try e.finish()
        #expect(file.count == expectedSize, "encodedBytes must be the size of the file, so the output limit is checked per frame")
        let decoded = try WebPDemuxer.decode(file)
        #expect(decoded.frames.map(\.endMs) == [33, 100, 133, 167, 200])
        for (f, d) in zip([0, 1, 3, 4, 5].map { sequence[$0] }, decoded.frames) { #expect(f.straightRGBA() == d.rgba) }
        let chunks = Self.frames(file)
        #expect(chunks.count == 5)
        #expect(chunks[0].x == 0 && chunks[0].y == 0 && chunks[0].w == 48 && chunks[0].h == 40)
        #expect(chunks[1].x == 6 && chunks[1].y == 8 && chunks[1].w == 4 && chunks[1].h == 4, "\(chunks[1])")
        #expect(chunks[1].ms == 67)  // the repeat lengthened it
        #expect(chunks[2].x == 30 && chunks[2].y == 20 && chunks[2].w == 5 && chunks[2].h == 5 && !chunks[2].blends)
        #expect(chunks[3].x == 40 && chunks[3].y == 0 && chunks[3].w == 8 && chunks[3].h == 6 && !chunks[3].blends)
        // Scattered opaque changes: blending them over the canvas, the unchanged pixels
        // transparent, is smaller than replacing the whole frame (and decoded exactly above).
        #expect(chunks[4].blends, "\(chunks[4])")
    }

    /// Lossy frames are close to the source, and changes stay within their rectangles.
    @Test func lossySequenceIsClose() throws {
        let sequence = Self.editedSequence()
        let e = try WebPAnimationEncoder(width: 48, height: 40, options: WebPEncodeOptions(lossless: false, quality: 90))
        for f in sequence { try e.add(f, duration: .milliseconds(50)) }
        let decoded = try WebPDemuxer.decode(try e.finish())
        #expect(decoded.frames.count == 5)
        for (f, d) in zip([0, 1, 3, 4, 5].map { sequence[$0] }, decoded.frames) {
            let want = f.straightRGBA()
            // Mean absolute error over visible pixels, in 8-bit steps: quality 90 stays within a few.
            var sum = 0, n = 0
            for i in stride(from: 0, to: want.count, by: 4) where want[i + 3] > 0 {
                for c in 0..<4 { sum += abs(Int(want[i + c]) - Int(d.rgba[i + c])) }
                n += 4
            }
            #expect(Double(sum) / Double(n) < 6, "mean error \(Double(sum) / Double(n))")
        }
    }

    /// A single frame is a still image (no ANIM or ANMF chunks), whole even when only part of
    /// it differs from the empty canvas, with a VP8X chunk only where lossy alpha needs one.
    @Test(arguments: [true, false])
    func aSingleFrameIsAStillImage(_ lossless: Bool) throws {
        let frame = Frames.square(20, 12, at: 5, 3, color: RGBA8(200, 40, 10, 255))
        let e = try WebPAnimationEncoder(width: 20, height: 12, options: WebPEncodeOptions(lossless: lossless, quality: 100))
        try e.add(frame, duration: .milliseconds(100))
        let file = try e.finish()
        let tags = Self.chunks(file).map(\.tag)
        #expect(tags == (lossless ? ["VP8L"] : ["VP8X", "ALPH", "VP8 "]), "\(tags)")
        let decoded = try WebPDemuxer.decode(file)
        #expect(decoded.width == 20 && decoded.height == 12 && decoded.frames.count == 1)
        if lossless { #expect(decoded.frames[0].rgba == frame.straightRGBA()) }
    }
}
