@testable import CYLLottieAnimator
@testable import CYLPAGAnimator
import CYLGeometry
import CYLRaster
import CYLTimeline
import Testing

/// libpag's text layout (`PAGTextLayout`), checked against positions worked out by hand from its
/// rules, with a made-up font: every character 50 units wide in a 100-unit em (10 px at size
/// 20), ink from 70 units above the baseline to the baseline, ascent 75 (the layout then takes
/// the descent as a quarter em).
@Suite struct PAGTextLayoutTests {
    // Computed, not stored, for LeakSanitizer (see StaticContentTests).
    static var font: FontGlyphs {
        let square = BezierShape(closed: true, vertices: [Point(0, -70), Point(50, -70), Point(50, 0), Point(0, 0)],
                                 inTangents: Array(repeating: .zero, count: 4), outTangents: Array(repeating: .zero, count: 4))
        return FontGlyphs(name: "test", ascent: 75, glyphs: ["a": GlyphModel(contours: [square], advance: 50)])
    }

    static func document(_ text: String, justification: UInt8 = 0) -> PAGTextDocument {
        var d = PAGTextDocument()
        d.text = text
        d.fontSize = 20
        d.justification = justification
        return d
    }

    /// `text` in a box at `position`, `size` large, its first baseline at `baseline`, lines 30 apart.
    static func boxed(_ text: String, position: Point, size: Point, baseline: Double) -> PAGTextDocument {
        var d = document(text)
        d.boxText = true
        d.boxPosition = position
        d.boxSize = size
        d.firstBaseline = baseline
        d.leading = 30
        return d
    }

    static func pens(_ d: PAGTextDocument) -> [Point] { PAGTextLayout.layout(d, font: font).map(\.pen) }

    @Test func pointTextTracksBetweenCharactersAndCentresOnTheOrigin() {
        var d = Self.document("aaa", justification: 1)
        d.tracking = 90  // 1.8 px at size 20, rounded to 2
        d.baselineShift = 3
        // Width 3 · 10 + 2 · 2 = 34, so the line starts at −17.
        #expect(Self.pens(d) == [Point(-17, -3), Point(-5, -3), Point(7, -3)])
    }

    @Test func boxTextWrapsAtAnyCharacterAndCentresItsLinesDownTheBox() {
        let d = Self.boxed("aaaa", position: Point(100, 50), size: Point(25, 100), baseline: 70)  // 20 below the box's top
        // Two characters make 20 px; a third would make 30 > 25. The box holds
        // floor((100 − 20) / 30) + 1 = 3 lines; two are drawn, so they move down half a line.
        let placed = PAGTextLayout.layout(d, font: Self.font)
        #expect(placed.map(\.pen) == [Point(100, 85), Point(110, 85), Point(100, 115), Point(110, 115)])
        #expect(placed.map(\.line) == [0, 0, 1, 1])
        #expect(placed.allSatisfy { $0.scale == 1 })
    }

    /// A character no font maps takes no room (libpag's shaper gives it no glyph): the missing
    /// box "b" and a line break the font does not map leave "a" and "a" side by side on one line,
    /// 10 px apart. A font that maps U+000A makes the break a glyph that breaks the line (the
    /// second "a" on the next line, 24 px down: round(20 × 1.2)).
    @Test func charactersNoFontMapsTakeNoRoomAndBreakNoLine() {
        var font = Self.font
        font.glyphs["b"] = GlyphModel(contours: [], advance: 60, isMissing: true)
        let d = Self.document("a\nba")
        #expect(PAGTextLayout.layout(d, font: font).map(\.pen) == [Point(0, 0), Point(10, 0)])
        font.glyphs["\n"] = GlyphModel(contours: [], advance: 0)
        let broken = PAGTextLayout.layout(d, font: font)
        #expect(broken.map(\.pen) == [Point(0, 0), Point(0, 24)])
        #expect(broken.map(\.line) == [0, 1])
    }

    @Test func boxTextTooLongForItsBoxShrinksUntilItFits() {
        let d = Self.boxed("aaaaaa", position: Point(100, 50), size: Point(25, 30), baseline: 70)
        // A line is 24 px tall, split 18 above and 6 below the baseline (ascent 15 : descent 5).
        // The box holds one line, whose text must end by 20 + 6 = 26: every size from 19 down
        // wraps into two or more lines until 8 (k = 0.4), where the six characters make 24 px.
        // The baseline is then 2 + 18 · 0.4 = 9.2 below the box's top, plus half of what the
        // line lost: (1 − 0.4) · 0.5 · 30 = 9.
        let placed = PAGTextLayout.layout(d, font: Self.font)
        #expect(placed.count == 6 && placed.allSatisfy { abs($0.scale - 0.4) < 1e-12 && $0.line == 0 })
        for (i, g) in placed.enumerated() {
            #expect(abs(g.pen.x - (100 + 4 * Double(i))) < 1e-9 && abs(g.pen.y - (50 + 18.2)) < 1e-9, "\(i): \(g.pen)")
        }
    }

    @Test func trackingAnimatorsMoveCharactersAboutTheirLinesJustification() {
        var placed = PAGTextLayout.layout(Self.document("aaa", justification: 1), font: Self.font)
        let x = placed.map(\.pen.x)
        // Half the tracking before each character and half after: the line grows by the
        // befores of all but the first and the afters of all but the last, 1 + 1 + 2 + 2 = 6,
        // and, centred, moves back by 3.
        PAGTextLayout.track(&placed, 1, before: [1, 1, 1], after: [2, 2, 2])
        #expect(placed.map(\.pen.x) == [x[0] - 3, x[1], x[2] + 3])
        var left = PAGTextLayout.layout(Self.document("aaa"), font: Self.font)
        PAGTextLayout.track(&left, 0, before: [1, 1, 1], after: [2, 2, 2])
        #expect(left.map(\.pen.x) == [0, 13, 26])
    }

    @Test func theBackgroundBoxesTheLineWithItsMarginAndCutsItsCorners() throws {
        var d = Self.document("aa")
        d.backgroundAlpha = 128
        d.backgroundColor = [1, 0, 0]
        let engine = PAGTextLayout(documents: [(0, d)])
        let placed = engine.layout(at: 0, font: Self.font, before: [], after: [])
        let b = try #require(engine.background(at: 0, placed: placed, moved: [], font: Self.font))
        // Ink from 14 px above the baseline to it, two advances wide; margin 0.4 · 20 = 8:
        // (−8, −22)-(28, 8). Corners cut by a third of the smaller side, 30 / 3 = 10.
        #expect(b.path.controlBounds == Rect(minX: -8, minY: -22, maxX: 28, maxY: 8))
        #expect(b.path.points.first == Point(2, -22))
        #expect(b.color == Color(1, 0, 0) && abs(b.opacity - 128.0 / 255) < 1e-12)
        var none = d
        none.backgroundAlpha = 0
        #expect(PAGTextLayout(documents: [(0, none)]).background(at: 0, placed: placed, moved: [], font: Self.font) == nil)
    }

    /// libpag boxes the characters where their animators put them.
    @Test func theBackgroundFollowsCharactersTheAnimatorsMove() throws {
        var d = Self.document("aa")
        d.backgroundAlpha = 255
        let engine = PAGTextLayout(documents: [(0, d)])
        let placed = engine.layout(at: 0, font: Self.font, before: [], after: [])
        // The second character 30 px right and 6 down, and doubled about its pen: its box,
        // (10, −14)-(20, 0) unmoved, becomes (40, −22)-(60, 6).
        let moved: [Transform] = [.identity, Transform.translation(-10, 0).then(.scale(2, 2)).then(.translation(40, 6))]
        let b = try #require(engine.background(at: 0, placed: placed, moved: moved, font: Self.font))
        #expect(b.path.controlBounds == Rect(minX: -8, minY: -30, maxX: 68, maxY: 14))
    }

    @Test func verticalTextRunsDownInColumnsFromTheRight() {
        var d = Self.document("aaaa")
        d.direction = 2
        d.boxText = true
        d.boxPosition = Point(100, 50)
        d.boxSize = Point(40, 25)  // columns run 25 down; 40 across
        d.firstBaseline = 130  // the first column's line, 10 in from the box's right
        d.leading = 15
        // Laid out as horizontal text 25 wide: two characters a line. One-byte characters turn
        // on their side, moved left by (cap height + x-height) / 4 = (0.7 + 0.5) · 20 / 4 = 6,
        // which moves the line's ascent and descent by 6: −15 + 6 and 5 + 6, so a line is split
        // 10.8 before and 13.2 after its baseline. The box holds floor((40 − 10) / 15) + 1 = 3
        // lines; two are drawn, so the first baseline moves in by half a line, to 17.5.
        // Turned a quarter and moved to the box's top right: (x, y) → (140 − y, 50 + x).
        let placed = PAGTextLayout.layout(d, font: Self.font)
        #expect(placed.map(\.pen) == [Point(122.5, 50), Point(122.5, 60), Point(107.5, 50), Point(107.5, 60)])
        #expect(placed.allSatisfy { $0.vertical })
        let turned = Transform.rotation(.pi / 2).then(.translation(-6, 0))
        #expect(placed.allSatisfy { p in
            [p.placement.a - turned.a, p.placement.b - turned.b, p.placement.c - turned.c, p.placement.d - turned.d,
             p.placement.tx - turned.tx, p.placement.ty - turned.ty].allSatisfy { abs($0) < 1e-12 }
        })
        // Tracking animators move a vertical line's characters down it.
        var tracked = placed
        PAGTextLayout.track(&tracked, 0, before: [], after: [4, 4, 4, 4])
        #expect(tracked.map(\.pen) == [Point(122.5, 50), Point(122.5, 64), Point(107.5, 50), Point(107.5, 64)])
    }

    /// FuzzPAG found box text at a huge size hanging: libpag shrinks it a point at a time. The
    /// first size that fits is found by halving, so 5 000 characters at a million points lay out
    /// in a few dozen tries. (The fuzzer's input was a mutated corpus file; this is a synthetic
    /// reproduction.)
    @Test func hugeBoxTextShrinksInFewTries() {
        var d = Self.boxed(String(repeating: "a", count: TextLimits.maxCharacters), position: Point(0, 0), size: Point(400, 300),
                           baseline: 20)
        d.fontSize = 1e9  // clamped to TextLimits.maxMagnitude
        let placed = PAGTextLayout.layout(d, font: Self.font)
        #expect(!placed.isEmpty && placed.allSatisfy { $0.scale < 1 && $0.scale > 0 && $0.pen.x.isFinite && $0.pen.y.isFinite })
    }

    @Test func aVerticalBackgroundBoxesTheColumnAsLibpagDoes() throws {
        var d = Self.document("aa")
        d.direction = 2
        d.backgroundAlpha = 255
        let engine = PAGTextLayout(documents: [(0, d)])
        let placed = engine.layout(at: 0, font: Self.font, before: [], after: [])
        let b = try #require(engine.background(at: 0, placed: placed, moved: [], font: Self.font))
        // Each "a" turns on its side and moves 6 left: its ink (0, −14)-(10, 0) lands on
        // (−6, 0)-(8, 10), so the column runs from −8 to 6 across (lineTop, lineBottom). libpag
        // maps the box (−6, 0)-(8, 10) through the whole placement again: (−16, −6)-(−6, 8) at
        // the first pen (0, 0), (−16, 4)-(−6, 18) at the second (0, 10). Grown by the margin, 8:
        // (−24, −14)-(2, 26); corners cut by a third of 26.
        #expect(b.path.controlBounds == Rect(minX: -24, minY: -14, maxX: 2, maxY: 26))
        let first = try #require(b.path.points.first)
        #expect(abs(first.x - (-24 + 26.0 / 3)) < 1e-9 && first.y == -14)
    }
}
