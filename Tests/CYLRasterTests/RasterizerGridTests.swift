import CYLGeometry
@testable import CYLRaster
import Testing

/// The cell grid covers the part of the clip the path can touch, so a small shape on a huge canvas
/// costs a small grid, and its coverage is what it would be anywhere.
@Suite struct RasterizerGridTests {
    /// Coverage of pixel (x, y) in the spans (0 outside them).
    func coverage(_ spans: [Span], _ x: Int, _ y: Int) -> Int {
        for s in spans where Int(s.y) == y && Int(s.x) <= x && x < Int(s.x + s.length) { return Int(s.coverage) }
        return 0
    }

    @Test func aSmallShapeOnAHugeCanvasUsesASmallGridAndExactCoverage() throws {
        let r = Rasterizer()
        // 20 x 10 from (4000.25, 3000.5): columns 4000..4020, rows 3000..3010.
        try r.rasterize(Path.rect(Rect(x: 4000.25, y: 3000.5, width: 20, height: 10)),
                        clip: IntRect(x: 0, y: 0, width: 4096, height: 4096))
        // A 21 x 11 grid: (21 + 2) x 11 cells of two Int32, one 64-bit word a row. The canvas's
        // own would be 134 MB.
        #expect(r.gridBytes <= 23 * 11 * 8 + 11 * 8, "\(r.gridBytes) bytes")
        // Exact areas, in 255ths (the sweep rounds a·255 + 1/2): a full pixel 255, three quarters
        // 191, a half 128, three eighths 96, an eighth 32; nothing outside.
        #expect(coverage(r.spans, 4010, 3005) == 255)
        #expect(coverage(r.spans, 4000, 3005) == 191)
        #expect(coverage(r.spans, 4010, 3000) == 128)
        #expect(coverage(r.spans, 4000, 3000) == 96)
        #expect(coverage(r.spans, 4020, 3010) == 32)
        #expect(coverage(r.spans, 3999, 3005) == 0 && coverage(r.spans, 4021, 3005) == 0 && coverage(r.spans, 4010, 3011) == 0)
        let area = r.spans.reduce(0) { $0 + Int($1.length) * Int($1.coverage) }
        #expect(abs(Double(area) / 255 - 200) < 0.5, "area \(Double(area) / 255)")
    }

    /// A path running off the clip on every side still fills the clip to its edges (segments left
    /// of it count at its left edge, the rest are dropped), and one wholly outside draws nothing.
    @Test func pathsCrossingOrMissingTheClip() throws {
        let r = Rasterizer()
        let clip = IntRect(x: 100, y: 100, width: 50, height: 40)
        try r.rasterize(Path.rect(Rect(x: -1000, y: -1000, width: 5000, height: 5000)), clip: clip)
        #expect(r.spans == (100..<140).map { Span(x: 100, y: $0, length: 50, coverage: 255) })
        for outside in [Rect(x: 0, y: 0, width: 50, height: 50), Rect(x: 200, y: 110, width: 5, height: 5),
                        Rect(x: 110, y: 300, width: 5, height: 5), Rect(x: 110, y: 0, width: 5, height: 5)] {
            try r.rasterize(Path.rect(outside), clip: clip)
            #expect(r.spans.isEmpty, "\(outside)")
        }
    }

    /// Shapes far outside the clip, at coordinates no Int holds (found by FuzzLottie: the grid's
    /// bounds were clamped on one side only, and Int(-1e300) trapped): nothing is drawn, and a
    /// shape spanning them still fills the clip.
    @Test func farAwayShapesDoNotTrap() throws {
        let r = Rasterizer()
        let clip = IntRect(x: 0, y: 0, width: 30, height: 20)
        for far in [Rect(x: -1e300, y: 5, width: 1e290, height: 5), Rect(x: 1e300, y: 5, width: 1e290, height: 5),
                    Rect(x: 5, y: -1e300, width: 5, height: 1e290), Rect(x: 5, y: 1e300, width: 5, height: 1e290)] {
            try r.rasterize(Path.rect(far), clip: clip)
            #expect(r.spans.isEmpty, "\(far)")
        }
        try r.rasterize(Path.rect(Rect(x: -1e300, y: -1e300, width: 2e300, height: 2e300)), clip: clip)
        #expect(r.spans == (0..<20).map { Span(x: 0, y: $0, length: 30, coverage: 255) })
    }
}
