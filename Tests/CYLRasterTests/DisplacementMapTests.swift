import CYLGeometry
import CYLRaster
import Testing

/// libpag's displacement map, checked against moves worked out by hand from the rule
/// (2D − 1) × max × C: a layer whose colour is its x (red = x × 255 / 99) shows, after the
/// effect, which x each pixel read, so every move can be read back off the pixels.
@Suite struct DisplacementMapTests {
    /// A 100 x 100 horizontal ramp, opaque.
    static func ramp() throws -> Pixmap {
        var layer = try Pixmap(width: 100, height: 100)
        layer.withUnsafeMutablePixels { base, pitch in
            for y in 0..<100 { for x in 0..<100 { base[y * pitch + x] = UInt32(x * 255 / 99) | 0xff00_0000 } }
        }
        return layer
    }

    /// A `width` x `height` map of one premultiplied colour.
    static func map(_ c: RGBA8, width: Int = 100, height: Int = 100) throws -> Pixmap {
        var m = try Pixmap(width: width, height: height)
        m.fill(c, over: IntRect(x: 0, y: 0, width: width, height: height))
        return m
    }

    static func effect(_ map: Pixmap, horizontal: DisplacementMap.Source = .red, maxHorizontal: Double = 10,
                       vertical: DisplacementMap.Source = .half, maxVertical: Double = 0, toMap: Transform = .identity,
                       tiles: Bool = false, wraps: Bool = false, expands: Bool = false) -> LayerEffect {
        .displacementMap(DisplacementMap(bounds: Rect(x: 0, y: 0, width: 100, height: 100), map: map, toMap: toMap,
                                         horizontal: horizontal, maxHorizontal: maxHorizontal, vertical: vertical,
                                         maxVertical: maxVertical, tilesMap: tiles, wrapsEdges: wraps, expandsOutput: expands))
    }

    /// The ramp's x that pixel (x, y) of `p` shows.
    static func readX(_ p: Pixmap, _ x: Int, _ y: Int = 50) -> Double {
        Double(PAGFilterTests.pixel(p, x, y).r) * 99 / 255
    }

    /// A white map (red 1) moves by +max: pixel 40 shows x 50. A black one by −max: x 30. A
    /// mid grey (128/255, D − 0.5 = 0.002) moves 0.02: nothing visible.
    @Test func whiteMovesByTheLargestMoveBlackTheOtherWay() throws {
        let white = try PAGFilterTests.render(Self.ramp(), Self.effect(Self.map(RGBA8(255, 255, 255, 255))))
        #expect(abs(Self.readX(white, 40) - 50) <= 0.6, "\(Self.readX(white, 40))")
        let black = try PAGFilterTests.render(Self.ramp(), Self.effect(Self.map(RGBA8(0, 0, 0, 255))))
        #expect(abs(Self.readX(black, 40) - 30) <= 0.6, "\(Self.readX(black, 40))")
        let grey = try PAGFilterTests.render(Self.ramp(), Self.effect(Self.map(RGBA8(128, 128, 128, 255))))
        #expect(abs(Self.readX(grey, 40) - 40) <= 0.6)
        // Read past the right edge: nothing there (edges not wrapped).
        #expect(PAGFilterTests.pixel(white, 95, 50).a == 0)
    }

    /// The move is scaled by the map's alpha (C = a for colour channels): a half-transparent
    /// white (premultiplied 128, alpha 128, straight white) moves by +max × 128/255 ≈ 5.0.
    /// With `.alpha` as the source, C is 1 and D the alpha: the same pixel moves by
    /// (2 × 128/255 − 1) × 10 ≈ 0.04, nothing visible.
    @Test func mapAlphaScalesColourMoves() throws {
        let half = RGBA8(128, 128, 128, 128)
        let p = try PAGFilterTests.render(Self.ramp(), Self.effect(Self.map(half)))
        #expect(abs(Self.readX(p, 40) - (40 + 10 * 128.0 / 255)) <= 0.6, "\(Self.readX(p, 40))")
        let q = try PAGFilterTests.render(Self.ramp(), Self.effect(Self.map(half), horizontal: .alpha))
        #expect(abs(Self.readX(q, 40) - 40) <= 0.6, "\(Self.readX(q, 40))")
    }

    /// Off a map that is not tiled nothing moves; tiled, the map repeats. A 10 x 10 white map at
    /// the layer's origin: pixel 5 moves, pixel 40 does not, unless tiled.
    @Test func offTheMapNothingMovesUnlessItIsTiled() throws {
        let small = try Self.map(RGBA8(255, 255, 255, 255), width: 10, height: 10)
        let p = try PAGFilterTests.render(Self.ramp(), Self.effect(small))
        #expect(abs(Self.readX(p, 5, 5) - 15) <= 0.6, "\(Self.readX(p, 5, 5))")
        #expect(abs(Self.readX(p, 40, 50) - 40) <= 0.6, "\(Self.readX(p, 40, 50))")
        let tiled = try PAGFilterTests.render(Self.ramp(), Self.effect(small, tiles: true))
        #expect(abs(Self.readX(tiled, 40, 50) - 50) <= 0.6, "\(Self.readX(tiled, 40, 50))")
    }

    /// Wrapped edges read the other side: pixel 95 moved +10 reads x 5.
    @Test func wrappedEdgesReadTheOtherSide() throws {
        let p = try PAGFilterTests.render(Self.ramp(), Self.effect(Self.map(RGBA8(255, 255, 255, 255)), wraps: true))
        #expect(abs(Self.readX(p, 95) - 5) <= 0.6, "\(Self.readX(p, 95))")
    }

    /// Vertically, luminance: a green map (luminance 0.7152) moves down rows by
    /// (2 × 0.7152 − 1) × 20 ≈ 8.6. Read on a vertical ramp: row 40 shows row 48.6.
    @Test func luminanceMovesVertically() throws {
        var layer = try Pixmap(width: 100, height: 100)
        layer.withUnsafeMutablePixels { base, pitch in
            for y in 0..<100 { for x in 0..<100 { base[y * pitch + x] = UInt32(y * 255 / 99) | 0xff00_0000 } }
        }
        let p = try PAGFilterTests.render(layer, Self.effect(Self.map(RGBA8(0, 255, 0, 255)), horizontal: .half, maxHorizontal: 0,
                                                             vertical: .luminance, maxVertical: 20))
        let row = Double(PAGFilterTests.pixel(p, 50, 40).r) * 99 / 255
        #expect(abs(row - (40 + (2 * 0.7152 - 1) * 20)) <= 0.6, "\(row)")
    }

    /// An expanded output draws past the content's rectangle. The ramp is squeezed into a 50-unit
    /// wide layer at pixel 20 and a black map moves it by −10: the point at content x shows
    /// content x − 10, so content x 10..<60 (pixels 30..<80) has colour. Not expanded, only the
    /// bounds (content x 0..<50, pixels 20..<70) are drawn; expanded, they grow by 10 each way.
    @Test func expandedOutputDrawsPastTheBounds() throws {
        func render(expands: Bool) throws -> Pixmap {
            var list = DisplayList()
            list.reset(width: 100, height: 100)
            list.beginGroup(transform: .translation(20, 0))
            list.addImage(try Self.ramp(), transform: .scale(0.5, 1))
            list.addEffect(.displacementMap(DisplacementMap(
                bounds: Rect(x: 0, y: 0, width: 50, height: 100), map: try Self.map(RGBA8(0, 0, 0, 255)), toMap: .identity,
                horizontal: .red, maxHorizontal: 10, vertical: .half, maxVertical: 0, tilesMap: true, wrapsEdges: false,
                expandsOutput: expands)))
            list.endGroup()
            var out = try Pixmap(width: 100, height: 100)
            try DisplayListRenderer().render(list, into: &out)
            return out
        }
        let expanded = try render(expands: true), clipped = try render(expands: false)
        #expect(PAGFilterTests.pixel(expanded, 35, 50).a == 255 && PAGFilterTests.pixel(clipped, 35, 50).a == 255)
        #expect(PAGFilterTests.pixel(expanded, 25, 50).a == 0, "content x 5 reads x −5: nothing")
        #expect(PAGFilterTests.pixel(clipped, 75, 50).a == 0, "beyond the bounds (content x 55) nothing is drawn")
        #expect(PAGFilterTests.pixel(expanded, 75, 50).a == 255, "expanded, content x 55 reads x 45")
    }
}
