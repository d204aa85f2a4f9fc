import CYLGeometry
@testable import CYLLottieAnimator
import CYLRaster
import CYLTimeline
import Foundation
import Testing

/// Text layers: parsing, layout numbers worked out by hand, glyph data and FreeType glyphs drawn
/// where they should be, range selectors, and bad input.
@Suite struct TextTests {
    /// Glyph data of family "Box": "A" a 50-unit square glyph (advance 50), "B" advance 60 with a
    /// 60×100 rectangle, " " advance 25 and no contours. Units: a 100-unit em.
    static let boxChars = """
    "fonts":{"list":[{"fName":"Box-Regular","fFamily":"Box","fStyle":"Regular","ascent":75}]},
    "chars":[
     {"ch":"A","size":100,"style":"Regular","w":50,"fFamily":"Box","data":{"shapes":[{"ty":"gr","it":[
       {"ty":"sh","ks":{"a":0,"k":{"c":true,"v":[[0,0],[50,0],[50,-50],[0,-50]],"i":[[0,0],[0,0],[0,0],[0,0]],"o":[[0,0],[0,0],[0,0],[0,0]]}}},
       {"ty":"tr","p":{"a":0,"k":[0,0]},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0},"o":{"a":0,"k":100}}]}]}},
     {"ch":"B","size":100,"style":"Regular","w":60,"fFamily":"Box","data":{"shapes":[{"ty":"gr","it":[
       {"ty":"sh","ks":{"a":0,"k":{"c":true,"v":[[0,0],[60,0],[60,-100],[0,-100]],"i":[[0,0],[0,0],[0,0],[0,0]],"o":[[0,0],[0,0],[0,0],[0,0]]}}}]}]}},
     {"ch":" ","size":100,"style":"Regular","w":25,"fFamily":"Box","data":{}}]
    """

    /// A text layer at `position` with the given document members (JSON without braces) and
    /// animators.
    static func textLayer(_ doc: String, position: String = "[0,0]", animators: String = "[]", more: String = "") -> String {
        """
        {"ty":5,"ind":1,"nm":"t","ip":0,"op":100,"st":0,"ks":{"p":{"a":0,"k":\(position)}},
         "t":{"d":{"k":[{"s":{\(doc)},"t":0}\(more)]},"p":{},"m":{"g":1,"a":{"a":0,"k":[0,0]}},"a":\(animators)}}
        """
    }

    func document(_ layer: String, fonts: String = TextTests.boxChars) throws -> LottieDocument {
        try LottieDocument(bytes: lottie(layers: layer, extra: "," + fonts), name: "text.json")
    }

    func textModel(_ d: LottieDocument) throws -> TextLayerModel {
        guard case .text(let m) = d.model.root.layers[0].content else { throw TestFailure("not a text layer") }
        return m
    }

    struct TestFailure: Error { var message: String; init(_ m: String) { message = m } }

    func render(_ d: LottieDocument, frame: Double = 0) throws -> Pixmap {
        var p = try Pixmap(width: 100, height: 100)
        try d.makeRenderer().render(frame: frame, into: &p)
        return p
    }

    // MARK: Parsing

    @Test func parsesADocumentWithItsKeys() throws {
        let d = try document(Self.textLayer("""
            "s":20,"f":"Box-Regular","t":"AB\\rA","j":2,"tr":100,"lh":30,"ls":4,"fc":[1,0,0],"sc":[0,0,255],
            "sw":3,"of":true,"sz":[60,40],"ps":[5,6],"ca":1
            """, more: #",{"s":{"s":10,"f":"Box-Regular","t":"B"},"t":5}"#))
        let m = try textModel(d)
        let doc = m.documents.document(at: 0)
        #expect(doc.text == "AB\rA")
        #expect(doc.size == 20 && doc.font == "Box-Regular" && doc.justify == .center)
        #expect(doc.tracking == 100 && doc.lineHeight == 30 && doc.baselineShift == 4)
        #expect(doc.fillColor == Color(1, 0, 0, 1))
        #expect(doc.strokeColor == Color(0, 0, 1, 1))   // 0-255 colours are scaled to 0-1
        #expect(doc.strokeWidth == 3 && doc.strokeOverFill && doc.allCaps)
        #expect(doc.boxSize == Point(60, 40) && doc.boxPosition == Point(5, 6))
        // Keyframed documents hold: the first until frame 5, then the second.
        #expect(m.documents.document(at: 4.99).text == "AB\rA")
        #expect(m.documents.document(at: 5).text == "B")
        // Glyph data: "A" is the 50-unit square, advance 50; the space has no contours.
        let font = try #require(d.model.fonts["Box-Regular"])
        #expect(font.ascent == 75)
        #expect(font.glyphs["A"]?.advance == 50)
        #expect(font.glyphs["A"]?.contours.first?.vertices == [Point(0, 0), Point(50, 0), Point(50, -50), Point(0, -50)])
        // Only the characters the documents use are kept (the text has no space).
        #expect(font.glyphs[" "] == nil && font.glyphs["B"] != nil)
        #expect(!d.diagnostics.contains { $0.feature == .text })
    }

    @Test func justificationCodesAndSmallCaps() throws {
        // 4 and 5 end their (last) line right and centred; 3 and 6, left. Small caps draw as caps
        // with a note; full justification of box text is a note too.
        for (j, want) in [(0, TextJustify.left), (1, .right), (2, .center), (3, .left), (4, .right), (5, .center), (6, .left)] {
            let d = try document(Self.textLayer(#""s":20,"f":"Box-Regular","t":"a","j":\#(j),"ca":2"#))
            let doc = try textModel(d).documents.document(at: 0)
            #expect(doc.justify == want && doc.allCaps)
            #expect(d.diagnostics.contains { $0.message.contains("small caps") })
        }
        let boxed = try document(Self.textLayer(#""s":20,"f":"Box-Regular","t":"A","j":6,"sz":[50,50]"#))
        #expect(boxed.diagnostics.contains { $0.feature == .text && $0.message.contains("full justification") })
    }

    @Test func parsesAnimatorsAndTheirSelector() throws {
        let d = try document(Self.textLayer(#""s":20,"f":"Box-Regular","t":"AB""#, animators: """
            [{"s":{"t":0,"s":{"a":0,"k":10},"e":{"a":0,"k":90},"o":{"a":0,"k":5},"a":{"a":0,"k":50},"r":2,"b":3,"sh":3},
              "a":{"p":{"a":0,"k":[1,2]},"o":{"a":0,"k":0},"fc":{"a":0,"k":[0,1,0]},"t":{"a":0,"k":7}}}]
            """))
        let a = try #require(try textModel(d).animators.first)
        let sel = try #require(a.selectors.first)
        #expect(a.selectors.count == 1)
        #expect(sel.start.scalar(at: 0) == 10 && sel.end.scalar(at: 0) == 90)
        #expect(sel.offset.scalar(at: 0) == 5 && sel.amount.scalar(at: 0) == 50)
        #expect(sel.byIndex && sel.base == .words && sel.shape == .rampDown)
        #expect(a.properties.position?.value(at: 0) == [1, 2])
        #expect(a.properties.opacity?.scalar(at: 0) == 0)
        #expect(a.properties.fillColor?.value(at: 0) == [0, 1, 0])
        #expect(a.properties.tracking?.scalar(at: 0) == 7)
    }

    // MARK: Layout (hand-computed)

    func font() throws -> FontGlyphs {
        try #require(try document(Self.textLayer(#""s":20,"f":"Box-Regular","t":"AB ""#)).model.fonts["Box-Regular"])
    }

    @Test func advancesTrackingAndJustification() throws {
        let f = try font()
        // Size 20: advances A 50·0.2 = 10, B 60·0.2 = 12; tracking 100/1000 em = 2 px after each.
        var doc = TextDocument(text: "AB", size: 20, font: "Box-Regular", tracking: 100)
        var g = TextLayout.layout(doc, font: f)
        #expect(g.map(\.pen.x) == [0, 12])
        #expect(f.glyphs[" "]?.contours.isEmpty == true && f.glyphs[" "]?.advance == 25)
        // Line width 10+2 + 12+2 = 26: right-justified lines end at 0, centred ones straddle it.
        doc.justify = .right
        g = TextLayout.layout(doc, font: f)
        #expect(g.map(\.pen.x) == [-26, -14])
        doc.justify = .center
        g = TextLayout.layout(doc, font: f)
        #expect(g.map(\.pen.x) == [-13, -1])
        // Line height 30 and a baseline shift of 4 (up): baselines at -4 and 26.
        doc = TextDocument(text: "A\rB", size: 20, font: "Box-Regular", lineHeight: 30, baselineShift: 4)
        g = TextLayout.layout(doc, font: f)
        #expect(g.map(\.pen.y) == [-4, 26])
        #expect(g.map(\.line) == [0, 1])
        // Caps: "ab" draws "AB".
        doc = TextDocument(text: "ab", size: 20, allCaps: true)
        #expect(TextLayout.layout(doc, font: f).map(\.character) == ["A", "B"])
    }

    @Test func boxedTextWrapsAtSpacesAndJustifiesInTheBox() throws {
        let f = try font()
        // "AB AB AB" at size 20: "AB " is 10+12+5 = 27, "AB AB" 49 (fits 60), "AB AB AB" 76 (does
        // not): the break comes after the second space.
        var doc = TextDocument(text: "AB AB AB", size: 20, font: "Box-Regular", lineHeight: 24,
                               boxSize: Point(60, 100), boxPosition: Point(5, 6))
        var g = TextLayout.layout(doc, font: f)
        #expect(g.map(\.line) == [0, 0, 0, 0, 0, 0, 1, 1])
        // First baseline one ascent (75% of 20 = 15) below the box top (6): 21; then +24.
        #expect(g[0].pen == Point(5, 21))
        #expect(g[6].pen == Point(5, 45))
        // Centred in the box: line 1 is 49 wide without its trailing space, so it starts at
        // 5 + (60 - 49) / 2 = 10.5; line 2 ("AB", 22) at 5 + 19 = 24.
        doc.justify = .center
        g = TextLayout.layout(doc, font: f)
        #expect(g[0].pen.x == 10.5 && g[6].pen.x == 24)
        // Right: 5 + 60 - 22 = 43.
        doc.justify = .right
        #expect(TextLayout.layout(doc, font: f)[6].pen.x == 43)
        // A word wider than the box breaks before the character that does not fit: "BBBBB" is
        // 5 × 12 = 60 wide; a 30-wide box holds two.
        doc = TextDocument(text: "BBBBB", size: 20, boxSize: Point(30, 100))
        #expect(TextLayout.layout(doc, font: f).map(\.line) == [0, 0, 1, 1, 2])
    }

    // MARK: Range selector (hand-computed)

    func glyphs(_ n: Int) -> [PlacedGlyph] {
        (0..<n).map { _ in PlacedGlyph(character: "A", pen: .zero, advance: 10, line: 0, word: 0, isSpace: false) }
    }

    @Test func squareSelectorCoversWholeAndPartialCharacters() {
        var s = TextRangeSelector()
        // 4 characters, 25%..75%: units 1..3, characters 1 and 2 fully.
        s.start = .fixed([25]); s.end = .fixed([75])
        #expect(TextSelection.amounts(s, at: 0, glyphs: glyphs(4)) == [0, 1, 1, 0])
        // 30%..70%: units 1.2..2.8, so 0.8 of characters 1 and 2.
        s.start = .fixed([30]); s.end = .fixed([70])
        let a = TextSelection.amounts(s, at: 0, glyphs: glyphs(4))
        #expect(zip(a, [0, 0.8, 0.8, 0]).allSatisfy { abs($0 - $1) < 1e-12 })
        // By index with an offset: 1..2 shifted by 1 selects character 2; amount 50% halves it.
        s = TextRangeSelector(start: .fixed([1]), end: .fixed([2]), offset: .fixed([1]), amount: .fixed([50]), byIndex: true)
        #expect(TextSelection.amounts(s, at: 0, glyphs: glyphs(4)) == [0, 0, 0.5, 0])
        // Start after end is the same range reversed.
        s = TextRangeSelector(start: .fixed([3]), end: .fixed([1]), byIndex: true)
        #expect(TextSelection.amounts(s, at: 0, glyphs: glyphs(4)) == [0, 1, 1, 0])
    }

    @Test func rampsAreReadAtCharacterCentres() {
        // 0..100% over 4 characters: centres at 0.5, 1.5, 2.5, 3.5 of 4 units.
        var s = TextRangeSelector(shape: .rampUp)
        #expect(TextSelection.amounts(s, at: 0, glyphs: glyphs(4)) == [0.125, 0.375, 0.625, 0.875])
        s.shape = .rampDown
        #expect(TextSelection.amounts(s, at: 0, glyphs: glyphs(4)) == [0.875, 0.625, 0.375, 0.125])
        // Triangle: 1 - |2u - 1| at u = 0.125, 0.375, ...
        s.shape = .triangle
        #expect(TextSelection.amounts(s, at: 0, glyphs: glyphs(4)) == [0.25, 0.75, 0.75, 0.25])
        // Excluding spaces: a space is not selected and does not count.
        var g = glyphs(3); g[1].isSpace = true
        s = TextRangeSelector(start: .fixed([50]), end: .fixed([100]), base: .charactersExcludingSpaces)
        #expect(TextSelection.amounts(s, at: 0, glyphs: g) == [0, 0, 1])
    }

    @Test func selectorsCombineByTheirModes() {
        // The triangle above: 0.25, 0.75, 0.75, 0.25.
        var tri = TextRangeSelector(shape: .triangle)
        tri.mode = .subtract
        // A first selector that subtracts takes from everything: 1 − s (−1 − s for a negative s).
        #expect(TextSelection.amounts([tri], at: 0, glyphs: glyphs(4)) == [0.75, 0.25, 0.25, 0.75])
        tri.amount = .fixed([-100])
        #expect(TextSelection.amounts([tri], at: 0, glyphs: glyphs(4)) == [-0.75, -0.25, -0.25, -0.75])
        tri.amount = .fixed([100])
        // Any other first selector is taken as it is; the next combines with it. Ramp up over
        // the first half (by index 0-2): 0.25, 0.75, 1, 1.
        var ramp = TextRangeSelector(start: .fixed([0]), end: .fixed([2]), byIndex: true, shape: .rampUp)
        ramp.mode = .intersect
        let expected: [(TextSelectorMode, [Double])] = [
            (.add, [0.5, 1, 1, 1]),                    // sums, kept within ±1
            (.subtract, [0.1875, 0.1875, 0, 0]),       // old · (1 − s)
            (.intersect, [0.0625, 0.5625, 0.75, 0.25]),
            (.min, [0.25, 0.75, 0.75, 0.25]),
            (.max, [0.25, 0.75, 1, 1]),
            (.difference, [0, 0, 0.25, 0.75]),
        ]
        tri.mode = .add
        for (mode, values) in expected {
            ramp.mode = mode
            let got = TextSelection.amounts([tri, ramp], at: 0, glyphs: glyphs(4))
            #expect(zip(got, values).allSatisfy { abs($0 - $1) < 1e-12 }, "\(mode): \(got)")
        }
        ramp.mode = .intersect
        #expect(TextSelection.amounts([ramp], at: 0, glyphs: glyphs(4)) == [0.25, 0.75, 1, 1], "first: as it is")
    }

    // MARK: Drawing

    @Test func glyphDataSquareIsFilledWhereItsShapeIs() throws {
        // "A" at size 40 is a 20×20 square from the pen (x 0..20, y -20..0). Pen at (30.5, 70):
        // the square covers x 30.5..50.5, y 50..70.
        let d = try document(Self.textLayer(#""s":40,"f":"Box-Regular","t":"A","fc":[0,0,1]"#, position: "[30.5,70]"))
        let p = try render(d)
        #expect(p[40, 60] == RGBA8(0, 0, 255, 255))
        #expect(p[31, 51] == RGBA8(0, 0, 255, 255))
        #expect(p[40, 49].a == 0 && p[40, 70].a == 0 && p[29, 60].a == 0 && p[51, 60].a == 0)
        // Columns 30 and 50 are half covered: 128 ± 1 (the rasterizer's exact-area rounding).
        #expect(abs(Int(p[30, 60].a) - 128) <= 1)
        #expect(abs(Int(p[50, 60].a) - 128) <= 1)
    }

    @Test func strokeDrawsUnderOrOverTheFill() throws {
        // A 10 px red stroke around the 20×20 square from (40,50): its outer half lies outside.
        for over in [false, true] {
            let d = try document(Self.textLayer(#""s":40,"f":"Box-Regular","t":"A","fc":[0,0,1],"sc":[1,0,0],"sw":10,"of":\#(over)"#,
                                                position: "[40,70]"))
            let p = try render(d)
            #expect(p[37, 60] == RGBA8(255, 0, 0, 255))          // outside: only the stroke
            #expect(p[50, 60] == RGBA8(0, 0, 255, 255))          // the middle: only the fill
            // 2 px inside the edge: stroke on top when "of", fill on top otherwise.
            #expect(p[42, 60] == (over ? RGBA8(255, 0, 0, 255) : RGBA8(0, 0, 255, 255)))
        }
    }

    @Test func animatorsMoveFadeAndRecolourSelectedCharacters() throws {
        // "AA" at size 40: squares at x 10..30 and 30..50 (pen 10). The animator selects the
        // second character (index 1..2): it moves down 20 and turns green; a 0-opacity animator
        // on the first (0..1) hides it.
        let anims = """
        [{"s":{"s":{"a":0,"k":1},"e":{"a":0,"k":2},"r":2},"a":{"p":{"a":0,"k":[0,20]},"fc":{"a":0,"k":[0,1,0]}}},
         {"s":{"s":{"a":0,"k":0},"e":{"a":0,"k":1},"r":2},"a":{"o":{"a":0,"k":0}}}]
        """
        let d = try document(Self.textLayer(#""s":40,"f":"Box-Regular","t":"AA","fc":[0,0,1]"#, position: "[10,50]", animators: anims))
        let p = try render(d)
        #expect(p[20, 40].a == 0)                            // first: hidden
        #expect(p[40, 40].a == 0)                            // second: moved away from here...
        #expect(p[40, 60] == RGBA8(0, 255, 0, 255))           // ...to y 50..70, green
    }

    @Test func trackingAnimatorSpreadsCharacters() throws {
        // "AA" at size 40 with a tracking animator of 10 px on both: the second square starts
        // at 20 + 10 = 30 from the pen instead of 20.
        let anims = #"[{"s":{},"a":{"t":{"a":0,"k":10}}}]"#
        let d = try document(Self.textLayer(#""s":40,"f":"Box-Regular","t":"AA","fc":[0,0,1]"#, position: "[0,50]", animators: anims))
        let p = try render(d)
        #expect(p[25, 40].a == 0)
        #expect(p[35, 40] == RGBA8(0, 0, 255, 255))
    }

    @Test func colourOverridesRecolourTheText() throws {
        // Dark mode: the layer's name recolours fill and stroke; "t.Stroke Color" only the stroke.
        let layer = Self.textLayer(#""s":40,"f":"Box-Regular","t":"A","fc":[0,0,0],"sc":[0,0,0],"sw":4,"of":true"#, position: "[30,70]")
        let bytes = lottie(layers: layer, extra: "," + Self.boxChars)
        func pixels(_ overrides: [ColorOverride]) throws -> (fill: RGBA8, stroke: RGBA8) {
            let d = try LottieDocument(bytes: bytes, name: "text.json", options: OpenOptions(colorOverrides: overrides))
            #expect(!d.diagnostics.contains { $0.message.contains("matches no") })
            let p = try render(d)
            return (p[40, 60], p[30, 60])   // the square's middle, and its left edge under the stroke
        }
        let white = RGBA8(255, 255, 255, 255), black = RGBA8(0, 0, 0, 255)
        let all = try pixels([ColorOverride(keypath: "t", color: white)])
        #expect(all.fill == white && all.stroke == white)
        let stroke = try pixels([ColorOverride(keypath: "t.Stroke Color", color: white)])
        #expect(stroke.fill == black && stroke.stroke == white)
        let keypaths = try LottieDocument.keypaths(contentsOf: lottie(layers: layer, extra: "," + TextTests.boxChars), name: "text.json")
        #expect(keypaths.first { $0.keypath == "t" }?.hasColor == true)
    }

    @Test func keyframedDocumentsSwitchAtTheirTime() throws {
        let d = try document(Self.textLayer(#""s":40,"f":"Box-Regular","t":"A","fc":[1,0,0]"#, position: "[30,70]",
                                            more: #",{"s":{"s":40,"f":"Box-Regular","t":"A","fc":[0,1,0]},"t":5}"#))
        #expect(try render(d, frame: 4)[40, 60] == RGBA8(255, 0, 0, 255))
        #expect(try render(d, frame: 5)[40, 60] == RGBA8(0, 255, 0, 255))
    }

    /// Ink bounds of a pixmap (alpha > 0), nil when empty.
    func ink(_ p: Pixmap) -> (x0: Int, y0: Int, x1: Int, y1: Int)? {
        var box: (Int, Int, Int, Int)? = nil
        for y in 0..<p.height { for x in 0..<p.width where p[x, y].a > 0 {
            box = box.map { (min($0.0, x), min($0.1, y), max($0.2, x), max($0.3, y)) } ?? (x, y, x, y)
        } }
        return box
    }

    @Test func installedFontDrawsInsideItsEmBox() throws {
        // No glyph data: DejaVu Sans (installed by `make deps`) through fontconfig. "H" at size
        // 50 with its pen at (20, 70): its advance is 0.752 em (1540 of 2048 units) and its cap
        // height 0.729 em (1493 units), so the ink lies within x 20..57.6, y 33.5..70; the ±1
        // pixel slack is anti-aliasing.
        let fonts = #""fonts":{"list":[{"fName":"DejaVuSans","fFamily":"DejaVu Sans","fStyle":"Book"}]}"#
        let d = try document(Self.textLayer(#""s":50,"f":"DejaVuSans","t":"H","fc":[0,0,0]"#, position: "[20,70]"), fonts: fonts)
        #expect(!d.diagnostics.contains { $0.message.contains("not installed") })
        let box = try #require(ink(try render(d)))
        #expect(box.x0 >= 20 && box.x1 <= 58 && box.y0 >= 32 && box.y1 <= 70)
        // And it is an H, not a speck: taller than 30 px and wider than 20.
        #expect(box.y1 - box.y0 >= 30 && box.x1 - box.x0 >= 20)
    }

    @Test func missingFamilyFallsBackToDejaVuWithADiagnostic() throws {
        let fonts = #""fonts":{"list":[{"fName":"NoSuch-Bold","fFamily":"No Such Family","fStyle":"Bold"}]}"#
        let d = try document(Self.textLayer(#""s":50,"f":"NoSuch-Bold","t":"H","fc":[0,0,0]"#, position: "[20,70]"), fonts: fonts)
        #expect(d.diagnostics.contains {
            $0.location == "fonts.list[0]" && $0.message.contains("\"No Such Family\"") && $0.message.contains("DejaVu Sans")
        })
        // Drawn with DejaVu Sans: the same H as above.
        let box = try #require(ink(try render(d)))
        #expect(box.x0 >= 20 && box.x1 <= 58 && box.y0 >= 32 && box.y1 <= 70)
    }

    // MARK: Bad input

    @Test func missingKeysAreDiagnosticsNotTraps() throws {
        for t in [#""t":{}"#, #""t":{"d":{}}"#, #""t":{"d":{"k":[{"t":0}]}}"#, #""t":{"d":{"k":[{"s":{},"t":0}]}}"#, #""t":7"#] {
            let layer = #"{"ty":5,"ind":1,"ip":0,"op":100,"st":0,"ks":{},"# + t + "}"
            let d = try document(layer)
            let p = try render(d)
            #expect(ink(p) == nil)
        }
        // A document without "t" or "f" lays out nothing; one with an unknown font says so.
        let d = try document(Self.textLayer(#""s":20,"f":"Nope","t":"A""#))
        #expect(d.diagnostics.contains { $0.message.contains("\"Nope\"") })
    }

    @Test func hugeAndOddNumbersAreClampedWithNotes() throws {
        let d = try document(Self.textLayer(#""s":1e300,"f":"Box-Regular","t":"AB","tr":-1e300,"lh":1e308,"sz":[1e300,-5],"fc":[1,0]"#))
        let doc = try textModel(d).documents.document(at: 0)
        #expect(doc.size == TextLimits.maxMagnitude && doc.tracking == -TextLimits.maxMagnitude)
        #expect(doc.boxSize == Point(TextLimits.maxMagnitude, 0))
        #expect(doc.fillColor == nil)
        #expect(d.diagnostics.contains { $0.message.contains("out of range") })
        #expect(d.diagnostics.contains { $0.message.contains("colour") })
        _ = try render(d)   // finishes: no trap, nothing to see at that size
        // A selector with huge values selects within [0, 1].
        let s = TextRangeSelector(start: .fixed([-1e300]), end: .fixed([.infinity]), amount: .fixed([1e300]))
        #expect(TextSelection.amounts(s, at: 0, glyphs: glyphs(3)).allSatisfy { $0 >= 0 && $0 <= 1 })
    }

    @Test func glyphPointsPerFrameAreBounded() throws {
        // "A" has 4 vertices: 100 of them are 400 points, over a limit of 300 (and a single
        // glyph, 4 points, is well under it).
        var options = OpenOptions()
        options.limits.maxPathPoints = 300
        let many = String(repeating: "A", count: 100)
        let d = try LottieDocument(bytes: lottie(layers: Self.textLayer(#""s":1,"f":"Box-Regular","t":"\#(many)""#), extra: "," + Self.boxChars),
                                   name: "text.json", options: options)
        do {
            _ = try d.makeRenderer().displayList(frame: 0)
            Issue.record("expected the glyph points to exceed the limit")
        } catch let e as RenderError {
            #expect(e.message.contains("text layer") && e.message.contains("Limits.maxPathPoints"))
        }
        let one = try LottieDocument(bytes: lottie(layers: Self.textLayer(#""s":1,"f":"Box-Regular","t":"A""#), extra: "," + Self.boxChars),
                                     name: "text.json", options: options)
        _ = try one.makeRenderer().displayList(frame: 0)
    }

    @Test func longTextIsCutAtTheCharacterLimit() throws {
        let long = String(repeating: "AB ", count: 40_000)   // 120 000 characters
        let d = try document(Self.textLayer(#""s":1,"f":"Box-Regular","t":"\#(long)","fc":[0,0,0]"#))
        #expect(d.diagnostics.contains { $0.message.contains("more than \(TextLimits.maxCharacters) characters") })
        let list = try d.makeRenderer().displayList(frame: 0)
        // At most one fill per drawn character (spaces have no contours), within the limit.
        #expect(list.drawCount <= TextLimits.maxCharacters + 2)
        #expect(list.drawCount > 1000)
    }
}
