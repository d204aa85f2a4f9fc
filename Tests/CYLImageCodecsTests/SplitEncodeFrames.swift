import CYLRaster

/// A small animation that exercises every branch of the encoders' frame-to-frame logic: a square
/// moving over a translucent soft ramp (changed rectangles, translucent pixels, pixels turning
/// transparent), a colour drifting by one or two levels (the GIF and lossy-WebP tolerances), two
/// identical frames in a row (merging) and, with `opaque`, an opaque backdrop (WebP blending).
enum SplitEncodeFrames {
    static let width = 48, height = 40

    static func frames(opaque: Bool) -> [Pixmap] {
        (0..<12).map { i in
            let k = i == 5 ? 4 : i  // frame 5 repeats frame 4
            var p = try! Pixmap(width: width, height: height)
            for y in 0..<height { for x in 0..<width {
                var c = RGBA8(UInt8(truncatingIfNeeded: 40 + x * 3 + k), UInt8(truncatingIfNeeded: 90 + y * 2), 160,
                              UInt8(truncatingIfNeeded: opaque ? 255 : (x * 255 / (width - 1))))
                if !opaque && y >= 30 && k >= 7 { c = .transparent }  // pixels that turn transparent
                p[x, y] = c.premultiplied
            } }
            for y in 8..<20 { for x in (2 + 3 * k)..<(14 + 3 * k) where x < width {
                p[x, y] = RGBA8(220, UInt8(truncatingIfNeeded: 30 + k * 2), 40, 255).premultiplied
            } }
            return p
        }
    }

    static let durations: [Duration] = (0..<12).map { .milliseconds(30 + 7 * $0) }
    static let delays: [Int] = (0..<12).map { 3 + $0 % 4 }
}
