import CFreeType
import CYLRaster
#if canImport(Glibc)
import Glibc
#endif

/// Why a font could not be opened or used.
public struct FontError: Error, Sendable, Equatable, CustomStringConvertible {
    public var file: String
    public var message: String

    public init(file: String, _ message: String) {
        self.file = file
        self.message = message
    }

    public var description: String { file.isEmpty ? message : "\(file): \(message)" }
}

/// The size of a run of text at one pixel size, in whole pixels.
public struct TextMetrics: Sendable, Equatable {
    /// Advance width of the whole run.
    public var width: Int
    /// Distance from the baseline up to the top of the tallest glyph of the face (the face's ascender).
    public var ascent: Int
    /// Distance from the baseline down to the bottom of the face's descender (positive).
    public var descent: Int
}

/// One FreeType font face at one pixel size (its FreeType memory owned by a `FreeTypeFace`).
/// Draws text as anti-aliased coverage (8-bit grey glyph bitmaps) in a solid colour.
///
/// Glyphs are hinted with FreeType's light (vertical-only) auto-hinter, which keeps glyph shapes
/// and advances and renders the same on every run. Not thread-safe: one face per thread.
public final class FontFace {
    /// Where Debian's `fonts-dejavu-core` installs DejaVu Sans (installed by `make deps`).
    public static let defaultFontPaths = [
        "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
        "/usr/share/fonts/dejavu/DejaVuSans.ttf",
    ]
    /// Bold companions of `defaultFontPaths`.
    public static let defaultBoldFontPaths = [
        "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf",
        "/usr/share/fonts/dejavu/DejaVuSans-Bold.ttf",
    ]

    public let path: String
    public let pixelSize: Int
    private let freeType: FreeTypeFace
    private var face: FT_Face { freeType.face }
    private var cache: [UInt32: Glyph] = [:]

    private struct Glyph {
        var width: Int, height: Int, left: Int, top: Int, advance: Int
        var coverage: [UInt8]
        var glyphIndex: UInt32
    }

    /// Finds the default UI font (DejaVu Sans, or its bold form), or explains how to install it.
    public static func locateDefault(bold: Bool = false) throws(FontError) -> String {
        let candidates = bold ? defaultBoldFontPaths + defaultFontPaths : defaultFontPaths
        for p in candidates where access(p, R_OK) == 0 { return p }
        throw FontError(file: candidates[0],
                        "the font for titles and labels is missing; install it with 'apt-get install fonts-dejavu-core' (or run 'make deps')")
    }

    /// Opens the default UI font at `pixelSize`.
    public static func standard(pixelSize: Int, bold: Bool = false) throws(FontError) -> FontFace {
        try FontFace(path: try locateDefault(bold: bold), pixelSize: pixelSize)
    }

    /// Opens the font file at `path` at a size of `pixelSize` pixels per em.
    public init(path: String, pixelSize: Int) throws(FontError) {
        guard pixelSize > 0, pixelSize <= 1024 else { throw FontError(file: path, "font size \(pixelSize) px is out of range (1-1024)") }
        self.path = path
        self.pixelSize = pixelSize
        freeType = try FreeTypeFace(path: path, missingHint: "; install it with 'apt-get install fonts-dejavu-core'")
        guard FT_Set_Pixel_Sizes(freeType.face, 0, FT_UInt(pixelSize)) == 0 else {
            throw FontError(file: path, "FreeType cannot set the size \(pixelSize) px")
        }
    }


    /// The face's ascender above the baseline, in pixels.
    public var ascent: Int { Int(((face.pointee.size.pointee.metrics.ascender) + 63) >> 6) }
    /// The face's descender below the baseline, in pixels (positive).
    public var descent: Int { Int((-(face.pointee.size.pointee.metrics.descender) + 63) >> 6) }

    /// Width and vertical extent of `text`.
    public func measure(_ text: String) -> TextMetrics {
        var x = 0
        var previous: UInt32 = 0
        for scalar in text.unicodeScalars {
            guard let g = glyph(scalar.value) else { continue }
            x += kerning(previous, g.glyphIndex) + g.advance
            previous = g.glyphIndex
        }
        return TextMetrics(width: x, ascent: ascent, descent: descent)
    }

    /// Draws `text` into `target` with its pen starting at `x` and its baseline at `baseline`, in
    /// `color` (straight alpha), source-over. Returns the advance width. Characters the font lacks
    /// are drawn as its missing-glyph box.
    @discardableResult
    public func draw(_ text: String, x: Int, baseline: Int, color: RGBA8, into target: inout Pixmap) -> Int {
        let c = color.premultiplied
        var pen = x
        var previous: UInt32 = 0
        for scalar in text.unicodeScalars {
            guard let g = glyph(scalar.value) else { continue }
            pen += kerning(previous, g.glyphIndex)
            previous = g.glyphIndex
            blit(g, x: pen + g.left, y: baseline - g.top, color: c, into: &target)
            pen += g.advance
        }
        return pen - x
    }

    /// Draws `text` centred horizontally on `centerX`.
    public func drawCentered(_ text: String, centerX: Int, baseline: Int, color: RGBA8, into target: inout Pixmap) {
        let w = measure(text).width
        draw(text, x: centerX - w / 2, baseline: baseline, color: color, into: &target)
    }

    /// The longest prefix of `text` that fits `maxWidth` pixels, with "…" appended when shortened.
    /// Binary search on the prefix length (widths grow with the prefix), so a 100 000-character
    /// title costs ~17 measurements, not 100 000 (tools/dev/fuzz-cli.sh found the quadratic version
    /// taking minutes per frame).
    public func truncated(_ text: String, maxWidth: Int) -> String {
        if measure(text).width <= maxWidth { return text }
        let chars = Array(text)
        func fits(_ n: Int) -> Bool { measure(String(chars[..<n]) + "…").width <= maxWidth }
        // Largest n in 1..<chars.count whose prefix plus "…" fits; 0 when none does.
        var lo = 0, hi = chars.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if fits(mid) { lo = mid } else { hi = mid - 1 }
        }
        if lo > 0 { return String(chars[..<lo]) + "…" }
        return fits(0) ? "…" : ""
    }

    private func kerning(_ left: UInt32, _ right: UInt32) -> Int {
        guard left != 0, (face.pointee.face_flags & FT_Long(FT_FACE_FLAG_KERNING)) != 0 else { return 0 }
        var v = FT_Vector()
        guard FT_Get_Kerning(face, FT_UInt(left), FT_UInt(right), FT_UInt(FT_KERNING_DEFAULT.rawValue), &v) == 0 else { return 0 }
        return Int((v.x + 32) >> 6)
    }

    /// FT_LOAD_TARGET_LIGHT (a function-like macro in C): render mode LIGHT (1) in bits 16-19.
    private static let loadTargetLight: Int32 = 1 << 16

    private func glyph(_ code: UInt32) -> Glyph? {
        if let g = cache[code] { return g }
        let index = FT_Get_Char_Index(face, FT_ULong(code))
        guard FT_Load_Glyph(face, index, Int32(FT_LOAD_RENDER) | Self.loadTargetLight) == 0 else { return nil }
        let slot = face.pointee.glyph!
        let bitmap = slot.pointee.bitmap
        let w = Int(bitmap.width), h = Int(bitmap.rows), pitch = Int(bitmap.pitch)
        var coverage = [UInt8](repeating: 0, count: w * h)
        if w > 0, h > 0, let buffer = bitmap.buffer, bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_GRAY.rawValue) {
            for y in 0..<h {
                let row = pitch >= 0 ? buffer + y * pitch : buffer + (h - 1 - y) * (-pitch)
                for x in 0..<w { coverage[y * w + x] = row[x] }
            }
        }
        let g = Glyph(width: w, height: h, left: Int(slot.pointee.bitmap_left), top: Int(slot.pointee.bitmap_top),
                      advance: Int((slot.pointee.advance.x + 32) >> 6), coverage: coverage, glyphIndex: index)
        cache[code] = g
        return g
    }

    private func blit(_ g: Glyph, x: Int, y: Int, color c: RGBA8, into target: inout Pixmap) {
        let x0 = max(0, x), y0 = max(0, y)
        let x1 = min(target.width, x + g.width), y1 = min(target.height, y + g.height)
        guard x1 > x0, y1 > y0 else { return }
        let stride = target.stride
        target.withUnsafeMutableBytes { p in
            for row in y0..<y1 {
                for col in x0..<x1 {
                    let cov = UInt32(g.coverage[(row - y) * g.width + (col - x)])
                    if cov == 0 { continue }
                    let i = row * stride + col * 4
                    @inline(__always) func mul(_ a: UInt32, _ b: UInt32) -> UInt32 { let t = a * b + 128; return (t + (t >> 8)) >> 8 }
                    let sr = mul(UInt32(c.r), cov), sg = mul(UInt32(c.g), cov), sb = mul(UInt32(c.b), cov), sa = mul(UInt32(c.a), cov)
                    let inv = 255 - sa
                    p[i] = UInt8(min(255, sr + mul(UInt32(p[i]), inv)))
                    p[i + 1] = UInt8(min(255, sg + mul(UInt32(p[i + 1]), inv)))
                    p[i + 2] = UInt8(min(255, sb + mul(UInt32(p[i + 2]), inv)))
                    p[i + 3] = UInt8(min(255, sa + mul(UInt32(p[i + 3]), inv)))
                }
            }
        }
    }
}
