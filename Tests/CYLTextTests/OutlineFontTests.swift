@testable import CYLText
import CYLGeometry
import Testing

/// Glyph outlines: TrueType contour points to cubic contours, and a real font's glyph.
@Suite struct OutlineFontTests {
    @Test func quadraticContourBecomesCubics() throws {
        // on (0,0), conic (1,0), on (1,1), conic (0,1), closing back to (0,0). A quadratic with
        // control c from a to b is the cubic a + 2/3 (c - a), b + 2/3 (c - b):
        //   (0,0)->(1,1): controls (2/3, 0) and (1, 1/3)
        //   (1,1)->(0,0): controls (1/3, 1) and (0, 2/3)
        let s = try #require(OutlineFont.contour([Point(0, 0), Point(1, 0), Point(1, 1), Point(0, 1)], [1, 0, 1, 0]))
        #expect(s.closed && s.vertices == [Point(0, 0), Point(1, 1)])
        func near(_ a: Point, _ b: Point) -> Bool { abs(a.x - b.x) < 1e-12 && abs(a.y - b.y) < 1e-12 }
        #expect(near(s.outTangents[0], Point(2.0 / 3, 0)))
        #expect(near(s.inTangents[1], Point(0, -2.0 / 3)))
        #expect(near(s.outTangents[1], Point(-2.0 / 3, 0)))
        #expect(near(s.inTangents[0], Point(0, 2.0 / 3)))
    }

    @Test func twoConicsInARowImplyAPointMidway() throws {
        // on (0,0), conic (2,0), conic (2,2): the implied on-point is (2,1); the second quad ends
        // on the start point (0,0).
        let s = try #require(OutlineFont.contour([Point(0, 0), Point(2, 0), Point(2, 2)], [1, 0, 0]))
        #expect(s.vertices == [Point(0, 0), Point(2, 1)])
    }

    @Test func straightContourKeepsItsCorners() throws {
        let s = try #require(OutlineFont.contour([Point(0, 0), Point(4, 0), Point(4, 3)], [1, 1, 1]))
        #expect(s.vertices == [Point(0, 0), Point(4, 0), Point(4, 3)])
        #expect(s.inTangents.allSatisfy { $0 == .zero } && s.outTangents.allSatisfy { $0 == .zero })
    }

    @Test func dejaVuGlyphOutlinesAreInEmUnitsYDown() throws {
        // DejaVu Sans (installed by `make deps`): 2048 units per em; "H" advances 1540 units and
        // its cap height is 1493 units (0.729 em) above the baseline, so y runs from -0.729 to 0
        // (both read from the font by Pillow at 2048 px: getlength 1540, bbox top -1493).
        let font = try OutlineFont(path: try FontFace.locateDefault())
        let h = try #require(font.outline(UInt32(UInt8(ascii: "H"))))
        #expect(abs(h.advance - 1540.0 / 2048) < 1e-9)
        let ys = h.contours.flatMap { $0.vertices.map(\.y) }
        #expect(abs((ys.min() ?? 0) + 1493.0 / 2048) < 1e-9)
        #expect(ys.max() == 0)
        #expect(h.contours.count == 1)   // H is one contour
        #expect(font.familyName == "DejaVu Sans")
        // A space has an advance and no contours.
        let space = try #require(font.outline(32))
        #expect(space.contours.isEmpty && space.advance > 0)
    }

    @Test func aMissingFileIsAnError() {
        #expect(throws: FontError.self) { try OutlineFont(path: "/nonexistent/font.ttf") }
    }
}
