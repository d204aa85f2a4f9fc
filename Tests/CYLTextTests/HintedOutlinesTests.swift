@testable import CYLText
import CYLGeometry
import Testing

/// Hinted outlines: FreeType's hinter fits a glyph's horizontal edges to whole pixels at the size
/// asked for, and quadratics come back as the straight steps FreeType's rasterizer takes.
@Suite struct HintedOutlinesTests {
    static func dejaVu() throws -> String {
        try #require(try FontLookup().locate("DejaVu Sans")?.path, "DejaVu Sans is installed by make deps")
    }

    /// The highest and lowest points of `o`'s contours.
    static func extent(_ o: GlyphOutline) -> (top: Double, bottom: Double) {
        var top = Double.infinity, bottom = -Double.infinity
        for c in o.contours { for v in c.vertices { top = min(top, v.y); bottom = max(bottom, v.y) } }
        return (top, bottom)
    }

    @Test func barsAndBaselineLandOnWholePixels() throws {
        let path = try Self.dejaVu()
        let hinted = try HintedOutlines(path: path)
        let plain = try #require(try OutlineFont(path: path).outline(UInt32(UInt8(ascii: "H"))))
        // At 13 px DejaVu Sans's cap height (1493/2048 em) is 9.48 px: between pixels unhinted.
        let unhintedTop = Self.extent(plain).top * 13
        #expect(abs(unhintedTop - unhintedTop.rounded()) > 0.2, "the test needs a size whose cap height is fractional")
        let h = try #require(hinted.outline(UInt32(UInt8(ascii: "H")), pixelSize: 13))
        let (top, bottom) = Self.extent(h)
        #expect(top == top.rounded() && bottom == 0, "top \(top), bottom \(bottom)")
        #expect(abs(top - unhintedTop) < 1, "hinting moves an edge by less than a pixel")
        #expect(h.advance == h.advance.rounded(), "hinted advances are whole pixels: \(h.advance)")
        #expect(abs(h.advance - plain.advance * 13) < 1)
        // Asked again, the same outline comes back.
        #expect(hinted.outline(UInt32(UInt8(ascii: "H")), pixelSize: 13) == h)
        #expect(hinted.outline(UInt32(UInt8(ascii: "H")), pixelSize: 0.5) == nil, "sizes under a pixel are not hinted")
    }

    @Test func quadraticsTakeFreeTypesSteps() {
        // The deviation |a + b - 2c| in 1/256 px: up to a quarter pixel (64) one line; each
        // quartering of it past that doubles the steps.
        #expect(OutlineFont.freeTypeSegmentCount(Point(0, 0), Point(1, 0.125), Point(2, 0)) == 1)  // 64
        #expect(OutlineFont.freeTypeSegmentCount(Point(0, 0), Point(1, 0.5), Point(2, 0)) == 2)  // 256 → 64
        #expect(OutlineFont.freeTypeSegmentCount(Point(0, 0), Point(1, 2), Point(2, 0)) == 4)  // 1024 → 256 → 64
        #expect(OutlineFont.freeTypeSegmentCount(Point(0, 0), Point(1, 2.5), Point(2, 0)) == 8)  // 1280 → 320 → 80 → 20
        // A contour from such a curve is its points at equal steps of the parameter.
        let s = try! #require(OutlineFont.contour([Point(0, 0), Point(1, 2), Point(2, 0)], [1, 0, 1], freeTypeSegments: true))
        #expect(s.vertices == [Point(0, 0), Point(0.5, 0.75), Point(1, 1), Point(1.5, 0.75), Point(2, 0)])
        #expect(s.inTangents.allSatisfy { $0 == .zero } && s.outTangents.allSatisfy { $0 == .zero })
    }
}
