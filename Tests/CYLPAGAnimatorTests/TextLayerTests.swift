import CYLPAGAnimator
import CYLRaster
import CYLText
import CYLTimeline
import Testing

/// Text layers: documents laid out on their baseline with installed fonts (DejaVu Sans when the
/// file names none), characters the font lacks from the fallback fonts (Droid Sans Fallback for
/// Chinese, as libpag's references were drawn).
@Suite struct PAGTextLayerTests {
    static func file(_ text: String, size: Float) -> [UInt8] {
        PAGWriter.file([
            PAGWriter.composition(id: 1, width: 200, height: 100, frames: 1, layers: [
                PAGWriter.layer(type: 3, id: 2, frames: 1, [PAGWriter.position(20, 60), PAGWriter.textSource(text, size: size, rgb: [0, 0, 0])]),
            ]),
        ])
    }

    /// Columns and rows holding ink (alpha ≥ 128): (x0, y0, x1, y1), ends exclusive.
    static func ink(_ p: Pixmap) -> (Int, Int, Int, Int) {
        var x0 = p.width, y0 = p.height, x1 = 0, y1 = 0
        p.withUnsafeBytes { b in
            for y in 0..<p.height { for x in 0..<p.width where b[(y * p.width + x) * 4 + 3] >= 128 {
                x0 = min(x0, x); y0 = min(y0, y); x1 = max(x1, x + 1); y1 = max(y1, y + 1)
            } }
        }
        return (x0, y0, x1, y1)
    }

    @Test func pointTextSitsOnItsBaselineAtTheLayerOrigin() throws {
        // "H" in DejaVu Sans: its outline's extent, read from the font, at 40 px.
        let font = try OutlineFont(path: try FontFace.locateDefault())
        let h = try #require(font.outline(UInt32(UInt8(ascii: "H"))))
        var minX = Double.infinity, maxX = -Double.infinity, minY = Double.infinity, maxY = -Double.infinity
        for c in h.contours { for v in c.vertices { minX = min(minX, v.x); maxX = max(maxX, v.x); minY = min(minY, v.y); maxY = max(maxY, v.y) } }
        let t = try PAGDocument(bytes: Self.file("H", size: 40), name: "text.pag").timeline()
        let (x0, y0, x1, y1) = Self.ink(try t.render(frame: 0, size: PixelSize(200, 100)))
        // Straight stems and bars: the ink's edges are the outline's, within a pixel of rounding.
        #expect(abs(Double(x0) - (20 + minX * 40)) <= 1)
        #expect(abs(Double(x1) - (20 + maxX * 40)) <= 1)
        #expect(abs(Double(y1) - (60 + maxY * 40)) <= 1, "the baseline is at the layer's y")
        #expect(abs(Double(y0) - (60 + minY * 40)) <= 1)
    }

    /// Faux italic leans a glyph by a fifth of its height, as libpag's text engine (tgfx's
    /// ITALIC_SKEW) does: the left edge of "H"'s stem moves right by 0.2 px a row going up
    /// (0.25, FreeType's and others' usual slant, would be 7.3 px over its 29 rows, not 5.8).
    @Test func fauxItalicLeansAFifth() throws {
        func leftEdge(_ p: Pixmap, row: Int) -> Int? { (0..<p.width).first { p[$0, row].a >= 128 } }
        let bytes = PAGWriter.file([
            PAGWriter.composition(id: 1, width: 200, height: 100, frames: 1, layers: [
                PAGWriter.layer(type: 3, id: 2, frames: 1, [PAGWriter.position(20, 60),
                                                            PAGWriter.textSource("H", size: 40, rgb: [0, 0, 0], italic: true)]),
            ]),
        ])
        let p = try PAGDocument(bytes: bytes, name: "italic.pag").timeline().render(frame: 0, size: PixelSize(200, 100))
        let (_, y0, _, y1) = Self.ink(p)
        let top = try #require(leftEdge(p, row: y0 + 1)), bottom = try #require(leftEdge(p, row: y1 - 2))
        let slant = Double(top - bottom) / Double(y1 - 2 - (y0 + 1))
        #expect(abs(slant - 0.2) <= 0.04, "\(top - bottom) px over \(y1 - y0 - 3) rows: \(slant)")
    }

    @Test func chineseComesFromTheFallbackFont() throws {
        let fallback = try? FontLookup().locate("Droid Sans Fallback")
        try #require(fallback != nil, "Droid Sans Fallback is not installed (make deps installs fonts-droid-fallback)")
        let t = try PAGDocument(bytes: Self.file("测", size: 40), name: "text.pag").timeline()
        let (x0, y0, x1, y1) = Self.ink(try t.render(frame: 0, size: PixelSize(200, 100)))
        // A CJK ideograph fills most of its em square: about 40 px each way, above the baseline.
        #expect(x1 - x0 >= 30 && y1 - y0 >= 30, "ink \(x0),\(y0)-\(x1),\(y1)")
        #expect(y1 <= 66 && y0 >= 60 - 40)
    }

    /// Text drawn as libpag draws glyph bitmaps: hinted at its size in pixels from a whole-pixel
    /// origin, so a bar's edges are pixel edges. "E" at 13 px placed at (20.3, 60.4) draws from
    /// (20, 60): its bottom bar ends on row 60 (row 59 fully inked, row 60 bare) and its top bar
    /// starts on a whole row too. Unhinted at 60.4, row 60 would hold 40% of a row of ink.
    @Test func glyphsAreHintedFromAWholePixel() throws {
        let bytes = PAGWriter.file([
            PAGWriter.composition(id: 1, width: 100, height: 100, frames: 1, layers: [
                PAGWriter.layer(type: 3, id: 2, frames: 1, [PAGWriter.position(20.3, 60.4), PAGWriter.textSource("E", size: 13, rgb: [0, 0, 0])]),
            ]),
        ])
        let p = try PAGDocument(bytes: bytes, name: "text.pag").timeline().render(frame: 0, size: PixelSize(100, 100))
        func row(_ y: Int) -> [UInt8] { (18..<30).map { p[$0, y].a } }
        #expect(row(60).allSatisfy { $0 == 0 }, "\(row(60))")
        #expect(row(59).filter { $0 == 255 }.count >= 5, "\(row(59))")
        let (_, y0, _, _) = Self.ink(p)
        #expect(row(y0).filter { $0 == 255 }.count >= 5, "the top bar's first row is whole: \(row(y0))")
        #expect(row(y0 - 1).allSatisfy { $0 == 0 })
    }

    /// Text that is a track matte's source gates by its outlines (libpag clips with the text's
    /// path), not by glyph bitmaps: "E" at (20.3, 60.4) gating a black square leaves 40% of a
    /// row of ink on row 60 under its bottom bar, where the same text drawn itself has none.
    @Test func matteTextGatesByItsOutline() throws {
        let bytes = PAGWriter.file([
            PAGWriter.composition(id: 1, width: 100, height: 100, frames: 1, layers: [
                PAGWriter.layer(type: 3, id: 2, frames: 1, [PAGWriter.position(20.3, 60.4), PAGWriter.textSource("E", size: 13, rgb: [0, 0, 0])]),
                PAGWriter.layer(type: 4, id: 3, frames: 1, matte: 1, [PAGWriter.rectangle(50, 50, 100, 100), PAGWriter.fill(0, 0, 0)]),
            ]),
        ])
        let p = try PAGDocument(bytes: bytes, name: "matte.pag").timeline().render(frame: 0, size: PixelSize(100, 100))
        let row60 = (18..<30).map { p[$0, 60].a }
        #expect(row60.contains { $0 >= 80 && $0 <= 125 }, "\(row60)")
    }

    /// A TextSourceV2 document that leaves its background out has the codec's default: opaque
    /// white, which libpag draws (its margin 0.4 of the size around the line).
    @Test func aBackgroundLeftOutIsOpaqueWhite() throws {
        func render(_ tag: [UInt8]) throws -> Pixmap {
            let bytes = PAGWriter.file([
                PAGWriter.composition(id: 1, width: 200, height: 100, frames: 1, layers: [
                    PAGWriter.layer(type: 3, id: 2, frames: 1, [PAGWriter.position(20, 60), tag]),
                ]),
            ])
            return try PAGDocument(bytes: bytes, name: "text.pag").timeline().render(frame: 0, size: PixelSize(200, 100))
        }
        let v1 = try render(PAGWriter.textSource("H", size: 40, rgb: [0, 0, 0]))
        let v2 = try render(PAGWriter.textSource("H", size: 40, rgb: [0, 0, 0], version: 2))
        // 10 px left of the pen and just under the baseline: inside the margin (16 px), clear of the ink.
        #expect(v1[10, 62] == .transparent)
        #expect(v2[10, 62] == RGBA8(255, 255, 255, 255), "\(v2[10, 62])")
        #expect(v2[24, 40] == v1[24, 40], "the text draws over it")
    }
}
