import CYLImageCodecs
import CYLRaster
import Testing

@Suite struct GIFEncoderTests {
    let red = RGBA8(220, 30, 40, 255), blue = RGBA8(20, 60, 200, 255)

    @Test func roundTripsExactColoursAndDelays() throws {
        let frames = (0..<6).map { Frames.square(16, 16, at: $0 * 2, 4, color: $0 % 2 == 0 ? red : blue, background: .white) }
        let gif = try GIFAnimationEncoder.encode(frames: frames, delaysCentiseconds: [3, 3, 4, 3, 3, 4])
        let decoded = try Frames.decodeGIF(gif)
        #expect(decoded.count == 6)
        #expect(decoded.map(\.1) == [3, 3, 4, 3, 3, 4])
        for (f, d) in zip(frames, decoded) { #expect(f == d.0) }  // few colours: lossless
        #expect(try GIFInfo.scan(bytes: gif, name: "t.gif").loopCount == 0)
    }

    @Test func loopCountAndNoLoop() throws {
        let frames = [Frames.square(8, 8, at: 0, 0, color: red), Frames.square(8, 8, at: 4, 4, color: red)]
        let three = try GIFAnimationEncoder.encode(frames: frames, delaysCentiseconds: [5, 5], options: GIFEncodeOptions(loopCount: 3))
        #expect(try GIFInfo.scan(bytes: three, name: "t.gif").loopCount == 3)
        let once = try GIFAnimationEncoder.encode(frames: frames, delaysCentiseconds: [5, 5], options: GIFEncodeOptions(loopCount: nil))
        #expect(try GIFInfo.scan(bytes: once, name: "t.gif").loopCount == nil)
    }

    @Test func singleFrame() throws {
        let gif = try GIFAnimationEncoder.encode(frames: [Frames.square(10, 6, at: 2, 1, color: blue)], delaysCentiseconds: [10])
        let decoded = try Frames.decodeGIF(gif)
        #expect(decoded.count == 1)
        #expect(decoded[0].0 == Frames.square(10, 6, at: 2, 1, color: blue))
    }

    /// A frame identical to the one before is merged into it; the delays add up.
    @Test func unchangedFrameIsMerged() throws {
        let a = Frames.square(12, 12, at: 0, 0, color: red), b = Frames.square(12, 12, at: 6, 6, color: red)
        let gif = try GIFAnimationEncoder.encode(frames: [a, a, b], delaysCentiseconds: [4, 6, 5])
        let decoded = try Frames.decodeGIF(gif)
        #expect(decoded.map(\.1) == [10, 5])
        #expect(decoded[0].0 == a && decoded[1].0 == b)
    }

    /// Pixels that become transparent need the previous frame disposed to background; a browser-
    /// style decoder must then show exactly the new frame.
    @Test func disappearingPixelsUseBackgroundDisposal() throws {
        let frames = [Frames.square(16, 16, at: 0, 0, size: 8, color: red), Frames.square(16, 16, at: 8, 8, size: 8, color: blue),
                      Frames.square(16, 16, at: 8, 8, size: 4, color: blue), try Pixmap(width: 16, height: 16)]
        let gif = try GIFAnimationEncoder.encode(frames: frames, delaysCentiseconds: [2, 2, 2, 2])
        let decoded = try Frames.decodeGIF(gif)
        #expect(decoded.count == 4)
        for (f, d) in zip(frames, decoded) { #expect(f == d.0) }
        let info = try GIFInfo.scan(bytes: gif, name: "t.gif")
        #expect(info.frames[0].disposal == .background)
        // Cropping: the second frame's rectangle is smaller than the canvas.
        #expect(info.frames[2].width < 16 || info.frames[2].height < 16)
    }

    /// Matte: soft edges are blended onto the backdrop and become opaque; only alpha 0 stays transparent.
    /// Threshold: no blending, alpha decides. Over the matte colour the matte version is far closer.
    @Test func matteVersusThreshold() throws {
        let src = Frames.ramp(64, 4, color: RGBA8(0, 0, 0, 255))
        let white = RGBA8.white
        let matte = try Frames.decodeGIF(GIFAnimationEncoder.encode(frames: [src], delaysCentiseconds: [10],
                                                                       options: GIFEncodeOptions(transparency: .matte(white))))[0].0
        let hard = try Frames.decodeGIF(GIFAnimationEncoder.encode(frames: [src], delaysCentiseconds: [10],
                                                                      options: GIFEncodeOptions(transparency: .threshold(128))))[0].0
        #expect(matte[0, 0].a == 0 && matte[32, 0].a == 255 && matte[63, 0] == RGBA8.black)
        #expect(hard[20, 0].a == 0 && hard[40, 0] == RGBA8.black)
        func error(_ p: Pixmap) -> Int {
            var e = 0
            var q = p; q.flatten(onto: white)
            var s = src; s.flatten(onto: white)
            for x in 0..<64 { e += abs(Int(q[x, 0].r) - Int(s[x, 0].r)) }
            return e
        }
        #expect(error(matte) <= 64)          // within one level per pixel
        #expect(error(hard) > 20 * error(matte) + 500)
    }

    /// Many colours: the palette is reduced, yet every dither mode stays close to the source.
    @Test(arguments: DitherMode.allCases)
    func gradientQuality(dither: DitherMode) throws {
        var p = try Pixmap(width: 64, height: 64)
        for y in 0..<64 { for x in 0..<64 { p[x, y] = RGBA8(UInt8(x * 4), UInt8(y * 4), UInt8((x + y) * 2), 255) } }
        let gif = try GIFAnimationEncoder.encode(frames: [p], delaysCentiseconds: [10], options: GIFEncodeOptions(dither: dither))
        let d = try Frames.decodeGIF(gif)[0].0
        var se = 0.0
        for y in 0..<64 { for x in 0..<64 {
            let a = p[x, y], b = d[x, y]
            for (u, v) in [(a.r, b.r), (a.g, b.g), (a.b, b.b)] { let e = Double(Int(u) - Int(v)); se += e * e }
        } }
        let psnr = 10 * log10(255 * 255 / (se / (64 * 64 * 3)))
        #expect(psnr > (dither == .none ? 34 : 30), "PSNR \(psnr) dB with \(dither)")
    }

    @Test func paletteIsExactWhenColoursFit() {
        let colors: [UInt32] = [0x0000FF, 0x00FF00, 0xFF0000]
        #expect(PaletteBuilder.palette(colors: colors, weights: [1, 1, 1], maxColors: 4) == colors.sorted())
        let many = (0..<1000).map { UInt32($0 * 16_000 % 0xFFFFFF) }
        let p = PaletteBuilder.palette(colors: many, weights: Array(repeating: 1, count: 1000), maxColors: 255)
        #expect(p.count <= 255 && p.count > 200)
    }

    @Test func rejectsMismatchedFrames() {
        #expect(throws: GIFEncodeError.self) {
            try GIFAnimationEncoder.encode(frames: [try Pixmap(width: 4, height: 4), try Pixmap(width: 5, height: 4)],
                                           delaysCentiseconds: [1, 1])
        }
    }
}

import Foundation
