import CYLGeometry
@testable import CYLRaster
import Testing

/// `SpanCache`: a fill or stroke equal to the same draw of the frame before reuses its coverage,
/// and the pixels are exactly those drawn without the cache.
@Suite struct SpanCacheTests {
    static let circle = Path.ellipse(in: Rect(x: 4, y: 6, width: 30, height: 22))
    static let style = StrokeStyle(width: 3, cap: .round, join: .round)

    /// Draws the test scene (a fill, then a stroke) as one frame.
    func frame(_ canvas: Canvas, shift: Double = 0, style: StrokeStyle = style) throws -> Pixmap {
        var target = try Pixmap(width: 48, height: 40)
        canvas.beginFrame()
        try canvas.fill(Self.circle, transform: .translation(shift, 0), paint: .solid(Color(0.2, 0.4, 0.9)), into: &target)
        try canvas.stroke(Self.circle, style: style, transform: .scale(1.1, 1.1), paint: .solid(Color(1, 0, 0, 0.8)),
                          into: &target)
        return target
    }

    @Test func aStillSceneIsScanConvertedOnce() throws {
        let canvas = Canvas()
        let first = try frame(canvas)
        #expect(canvas.spanCache.misses == 2 && canvas.spanCache.hits == 0)
        let second = try frame(canvas)
        #expect(canvas.spanCache.hits == 2)
        #expect(second == first)
        // An equal path in other storage (rebuilt, as a scene builder does each frame) still hits.
        var target = try Pixmap(width: 48, height: 40)
        canvas.beginFrame()
        let rebuilt = Path.ellipse(in: Rect(x: 4, y: 6, width: 30, height: 22))
        try canvas.fill(rebuilt, paint: .solid(Color(0.2, 0.4, 0.9)), into: &target)
        #expect(canvas.spanCache.hits == 3)
    }

    /// Whatever changes (the transform, the stroke style), the draw is made anew, and every frame
    /// equals the one a fresh canvas draws.
    @Test func aChangedDrawIsMadeAnewAndMatchesAFreshCanvas() throws {
        let canvas = Canvas()
        let wide = StrokeStyle(width: 5, cap: .butt, join: .miter)
        for (shift, style) in [(0.0, Self.style), (0.0, Self.style), (1.5, Self.style), (1.5, wide), (0.0, Self.style)] {
            let cached = try frame(canvas, shift: shift, style: style)
            let fresh = try frame(Canvas(), shift: shift, style: style)
            #expect(cached == fresh, "shift \(shift), width \(style.width)")
        }
        // Hits: frame 2 both draws; frame 3 its stroke; frame 4 its fill (same shift as frame 3).
        #expect(canvas.spanCache.hits == 4)
    }

    /// Painting from the cache reports the spans it painted (the renderer's dirty rectangle
    /// comes from them), and a drawn image reports its own.
    @Test func paintedSpansFollowTheLastDraw() throws {
        let canvas = Canvas()
        _ = try frame(canvas)
        _ = try frame(canvas)
        let fromCache = canvas.paintedSpans
        #expect(!fromCache.isEmpty && fromCache == canvas.spanCache.lastSpans)
        var target = try Pixmap(width: 48, height: 40)
        try canvas.drawImage(try Pixmap(width: 2, height: 2), transform: .translation(40, 30), into: &target)
        #expect(canvas.paintedSpans.allSatisfy { $0.y >= 30 && $0.x >= 40 })
    }
}
