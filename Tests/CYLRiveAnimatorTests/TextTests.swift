import CYLGeometry
import CYLRaster
import CYLText
import CYLTimeline
import Foundation
import Testing
@testable import CYLRiveAnimator

/// Rive text laid out and drawn (issue 28), checked against expectations computed independently
/// of the layout: glyph ink boxes from FreeType's outlines and advances of the same font (DejaVu
/// Sans, found through fontconfig at test time and embedded in a synthetic file), placed by the
/// runtime's rules (first baseline at the font's ascent, alignment in the box, line height).
/// Ink is where alpha is at least 128; positions are compared within 1 pixel (anti-aliasing of
/// an edge moves the half-coverage point by less than a pixel).
@Suite struct TextTests {
    typealias T = RiveTypeKey
    typealias P = RivePropertyKey

    static func fontPath() throws -> String {
        try #require(try FontLookup().locate("DejaVu Sans")?.path, "DejaVu Sans is installed by make deps")
    }

    static func fontBytes() throws -> [UInt8] { [UInt8](try Data(contentsOf: URL(fileURLWithPath: try fontPath()))) }

    /// A value written as the format's bytes field: its length, then the bytes.
    static func bytesField(_ b: [UInt8]) -> RiveWriter.V {
        var w = RiveWriter()
        w.bytes = []
        w.varuint(UInt64(b.count))
        return .raw(w.bytes + b)
    }

    /// A 300x200 artboard with one text at (20, 30): a style of `size` px in the font asset
    /// (embedded unless `embed` is nil), filled opaque black, and one run of `text`.
    static func file(_ text: String, size: Double = 40, textProps: [(Int, RiveWriter.V)] = [], styleProps: [(Int, RiveWriter.V)] = [],
                     embed: [UInt8]?, assetName: String = "Sans.ttf") -> RiveWriter {
        var f = RiveWriter()
        f.object(T.backboard)
        f.object(T.fontAsset, [(P.assetName, .s(assetName)), (P.fileAssetAssetId, .u(9))])
        if let embed { f.object(T.fileAssetContents, [(P.fileAssetContentsBytes, bytesField(embed))]) }
        f.object(T.artboard, [(P.componentName, .s("Board")), (P.layoutComponentWidth, .d(300)), (P.layoutComponentHeight, .d(200))])
        f.object(T.text, [(P.componentName, .s("Label")), (P.componentParentId, .u(0)), (P.nodeX, .d(20)), (P.nodeY, .d(30))] + textProps)  // 1
        f.object(T.textStylePaint, [(P.componentParentId, .u(1)), (P.textStyleFontSize, .d(size)), (P.textStyleFontAssetId, .u(0))] + styleProps)  // 2
        f.object(T.fill, [(P.componentParentId, .u(2))])  // 3
        f.object(T.solidColor, [(P.componentParentId, .u(3)), (P.solidColorColorValue, .c(0xFF00_0000))])  // 4
        f.object(T.textValueRun, [(P.componentParentId, .u(1)), (P.textValueRunStyleId, .u(2)), (P.textValueRunText, .s(text))])  // 5
        return f
    }

    static func render(_ f: RiveWriter, name: String = "t.riv", options: OpenOptions = OpenOptions()) throws -> (RiveDocument, Pixmap) {
        let doc = try RiveDocument(bytes: f.bytes, name: name, options: options)
        return (doc, try doc.timeline().render(frame: 0, size: PixelSize(300, 200)))
    }

    struct Box: CustomStringConvertible {
        var minX = Int.max, minY = Int.max, maxX = Int.min, maxY = Int.min
        var isEmpty: Bool { minX > maxX }
        var description: String { "x \(minX)...\(maxX) y \(minY)...\(maxY)" }
    }

    /// Pixels with alpha ≥ 128, as a box of whole pixels (max inclusive).
    static func ink(_ p: Pixmap) -> Box {
        var b = Box()
        for y in 0..<p.height { for x in 0..<p.width where p[x, y].a >= 128 {
            b.minX = min(b.minX, x); b.maxX = max(b.maxX, x); b.minY = min(b.minY, y); b.maxY = max(b.maxY, y)
        } }
        return b
    }

    /// The ink box FreeType's outlines give `text` at `size` with its pen starting at (x, baseline):
    /// (minX, minY, maxX, maxY) in pixels, edges as real numbers. Pens advance by FreeType's advances.
    static func expectedInk(_ text: String, size: Double, x: Double, baseline: Double) throws -> (Double, Double, Double, Double, advance: Double) {
        let font = try OutlineFont(path: try fontPath())
        var pen = x
        var box = (Double.infinity, Double.infinity, -Double.infinity, -Double.infinity)
        for s in text.unicodeScalars {
            let g = try #require(font.outline(s.value))
            for c in g.contours {
                for v in c.vertices {
                    box.0 = min(box.0, pen + v.x * size); box.2 = max(box.2, pen + v.x * size)
                    box.1 = min(box.1, baseline + v.y * size); box.3 = max(box.3, baseline + v.y * size)
                }
            }
            pen += g.advance * size
        }
        return (box.0, box.1, box.2, box.3, pen - x)
    }

    /// The font's ascent in em as FreeType reads it (hhea), the first line's baseline offset.
    static func ascent() throws -> Double { try OutlineFont(path: try fontPath()).ascent }

    /// The first line's baseline of the text `file` writes (at y 30, 40 px).
    static func baseline() throws -> Double { try 30 + 40 * ascent() }

    /// A pixel box's edges against real edges: the ink's first and last pixels hold the edges.
    static func near(_ box: Box, _ e: (Double, Double, Double, Double, advance: Double), _ tolerance: Double = 1) -> Bool {
        abs(Double(box.minX) - e.0) <= tolerance && abs(Double(box.minY) - e.1) <= tolerance
            && abs(Double(box.maxX + 1) - e.2) <= tolerance && abs(Double(box.maxY + 1) - e.3) <= tolerance
    }

    @Test func glyphsSitOnTheFirstBaselineAtTheirAdvances() throws {
        // "HIH": straight stems, no kerning pairs, so ink edges are exactly outline points.
        let (doc, frame) = try Self.render(Self.file("HIH", embed: try Self.fontBytes()))
        #expect(doc.diagnostics.isEmpty, "\(doc.diagnostics)")
        let e = try Self.expectedInk("HIH", size: 40, x: 20, baseline: 30 + 40 * Self.ascent())
        let box = Self.ink(frame)
        #expect(Self.near(box, e), "ink \(box) vs \(e)")
        // The fill's colour, opaque, inside the first stem.
        #expect(frame[Int(e.0) + 2, Int(e.1 + e.3) / 2] == RGBA8(0, 0, 0, 255))
    }

    @Test(arguments: [(0, 0.0), (2, 0.5), (1, 1.0)])  // left, center, right: the share of the free width before the line
    func alignmentShiftsLinesInAFixedBox(align: UInt64, share: Double) throws {
        let props: [(Int, RiveWriter.V)] = [(P.textSizingValue, .u(2)), (P.textWidth, .d(250)), (P.textHeight, .d(100)), (P.textAlignValue, .u(align))]
        let (_, frame) = try Self.render(Self.file("HIH", textProps: props, embed: try Self.fontBytes()))
        let plain = try Self.expectedInk("HIH", size: 40, x: 0, baseline: 0)
        let e = try Self.expectedInk("HIH", size: 40, x: 20 + (250 - plain.advance) * share, baseline: 30 + 40 * Self.ascent())
        let box = Self.ink(frame)
        #expect(Self.near(box, e), "ink \(box) vs \(e)")
    }

    @Test func wordsWrapToTheBoxWidthOneFontHeightApart() throws {
        // Two words, each fitting 150 px, both not: two lines, the second one line height lower
        // (descent of the first plus ascent of the second, the font's own metrics).
        let props: [(Int, RiveWriter.V)] = [(P.textSizingValue, .u(1)), (P.textWidth, .d(150))]
        let (_, frame) = try Self.render(Self.file("HIH HIH", textProps: props, embed: try Self.fontBytes()))
        let font = try ShapingFont(path: try Self.fontPath(), maxBytes: 64 << 20)
        let first = try 30 + 40 * Self.ascent()
        let second = first + 40 * (font.descent + font.ascent)
        let top = try Self.expectedInk("HIH", size: 40, x: 20, baseline: first)
        let bottom = try Self.expectedInk("HIH", size: 40, x: 20, baseline: second)
        let box = Self.ink(frame)
        #expect(Self.near(box, (top.0, top.1, top.2, bottom.3, advance: 0)), "ink \(box) vs lines at \(first), \(second)")
    }

    @Test func aLineHeightSpacesBaselinesByItself() throws {
        let props: [(Int, RiveWriter.V)] = [(P.textSizingValue, .u(1)), (P.textWidth, .d(150))]
        let (_, frame) = try Self.render(Self.file("HIH HIH", textProps: props, styleProps: [(P.textStyleLineHeight, .d(70))],
                                                   embed: try Self.fontBytes()))
        let first = try 30 + 40 * Self.ascent()
        let top = try Self.expectedInk("HIH", size: 40, x: 20, baseline: first)
        let bottom = try Self.expectedInk("HIH", size: 40, x: 20, baseline: first + 70)
        let box = Self.ink(frame)
        #expect(Self.near(box, (top.0, top.1, top.2, bottom.3, advance: 0)), "ink \(box) vs baselines \(first), \(first + 70)")
    }

    @Test func aBaselineOriginPutsTheBaselineOnTheTextsPosition() throws {
        let (_, frame) = try Self.render(Self.file("HIH", textProps: [(P.textOriginValue, .u(1))], embed: try Self.fontBytes()))
        let e = try Self.expectedInk("HIH", size: 40, x: 20, baseline: 30)
        #expect(Self.near(Self.ink(frame), e), "ink \(Self.ink(frame)) vs \(e)")
    }

    @Test func verticalTrimPutsTheCapHeightOnTheTopAndTheBaselineOnTheBottom() throws {
        // Top edge cap height (1), bottom edge the baseline (1 << 8): the box is the capitals' band.
        let f = Self.file("HIH", textProps: [(P.textVerticalTrimValue, .u(1 | 1 << 8))], embed: try Self.fontBytes())
        let (doc, frame) = try Self.render(f)
        let h = try Self.expectedInk("H", size: 40, x: 0, baseline: 0)
        let capHeight = -h.1  // the top of "H" above its baseline
        let e = try Self.expectedInk("HIH", size: 40, x: 20, baseline: 30 + capHeight)
        #expect(Self.near(Self.ink(frame), e), "ink \(Self.ink(frame)) vs \(e)")
        let scene = doc.makeScene()
        scene.advance(0)
        let text = try #require(scene.artboard.object(1) as? RText)
        #expect(abs(text.bounds.height - capHeight) < 1e-6, "\(text.bounds) vs cap height \(capHeight)")
    }

    @Test func clippedOverflowKeepsInkInsideTheBox() throws {
        // A fixed 60x20 box: "HIH" at 40 px is wider and taller than it.
        let props: [(Int, RiveWriter.V)] = [(P.textSizingValue, .u(2)), (P.textWidth, .d(60)), (P.textHeight, .d(20)),
                                            (P.textOverflowValue, .u(2)), (P.textWrapValue, .u(1))]
        let (_, frame) = try Self.render(Self.file("HIH", textProps: props, embed: try Self.fontBytes()))
        let box = Self.ink(frame)
        #expect(!box.isEmpty)
        #expect(box.minX >= 20 && box.maxX < 80 && box.minY >= 30 && box.maxY < 50, "\(box)")
    }

    @Test func aFontBesideTheFileIsReadAndDrawsAsTheEmbeddedOne() throws {
        let font = try Self.fontBytes()
        let (_, embedded) = try Self.render(Self.file("HIH", embed: font))
        let dir = try AssetFileTests.folder(Self.file("HIH", embed: nil), files: ["Sans-9.ttf": font])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let doc = try RiveDocument(bytes: [UInt8](Data(contentsOf: URL(fileURLWithPath: dir + "/icon.riv"))), name: dir + "/icon.riv", options: OpenOptions())
        let beside = try doc.timeline().render(frame: 0, size: PixelSize(300, 200))
        #expect(doc.diagnostics.isEmpty, "\(doc.diagnostics)")
        #expect(doc.assetSources == [.file(dir + "/Sans-9.ttf")])
        let listed = doc.contents.first { $0.name == "assets" }?.value.lines().joined() ?? ""
        #expect(listed.contains("\"Sans.ttf\" (font, id 9): read from \(dir)/Sans-9.ttf"), "\(listed)")
        #expect(beside == embedded)
    }

    @Test func aMissingFontFallsBackToAnInstalledOneWithAWarning() throws {
        let (doc, frame) = try Self.render(Self.file("HIH", embed: nil, assetName: "Brand"))
        let notes = doc.diagnostics.filter { $0.feature == .missingFont }
        #expect(notes.map(\.message) == ["font asset \"Brand\" is not embedded in the file and no file beside it is named Brand-9.ttf or Brand-9.otf or Brand; text set in it is drawn in DejaVu Sans instead"], "\(doc.diagnostics)")
        // DejaVu Sans is the font the expectation is computed with: the same ink.
        let e = try Self.expectedInk("HIH", size: 40, x: 20, baseline: 30 + 40 * Self.ascent())
        #expect(Self.near(Self.ink(frame), e))
        let listed = doc.contents.first { $0.name == "assets" }?.value.lines().joined() ?? ""
        #expect(listed.contains("its text is drawn in an installed font (DejaVu Sans)"), "\(listed)")
    }

    @Test func aFontTheLibrariesRefuseFallsBackWithTheirReason() throws {
        let (doc, frame) = try Self.render(Self.file("HIH", embed: Array(repeating: 0x41, count: 5000), assetName: "Broken"))
        let notes = doc.diagnostics.filter { $0.feature == .missingFont }
        #expect(notes.count == 1 && notes[0].message.hasPrefix("font asset \"Broken\" cannot be read (FreeType cannot open this font"), "\(notes)")
        #expect(!Self.ink(frame).isEmpty)
    }

    @Test func hugeTextIsCutAndAbsurdSizesStayBounded() throws {
        let font = try Self.fontBytes()
        let long = String(repeating: "ab ", count: 20_000)
        let (doc, _) = try Self.render(Self.file(long, size: 8, textProps: [(P.textSizingValue, .u(1)), (P.textWidth, .d(280))], embed: font))
        #expect(doc.diagnostics.contains { $0.message == "text (\"Label\") has more than 10000 characters; the rest is not drawn" }, "\(doc.diagnostics)")
        for size in [1e30, -5, .nan, .infinity, 0] {
            let (_, frame) = try Self.render(Self.file("HIH", size: size, embed: font))
            if !(size.isFinite && size > 0) { #expect(Self.ink(frame).isEmpty, "size \(size)") }
        }
        // A letter spacing far past the canvas: lines break at every word, nothing traps.
        _ = try Self.render(Self.file("a b c", textProps: [(P.textSizingValue, .u(1)), (P.textWidth, .d(100))],
                                      styleProps: [(P.textStyleLetterSpacing, .d(1e38))], embed: font))
    }

    @Test func aStyleFeatureReachesTheShaper() throws {
        // "fi" ligates in DejaVu Sans; a TextStyleFeature liga = 0 under the style keeps f and i:
        // the style's glyphs are then the contours of f and of i, as FreeType reads them.
        var f = Self.file("fi", embed: try Self.fontBytes())
        f.object(T.textStyleFeature, [(P.componentParentId, .u(2)), (P.textStyleFeatureTag, .u(0x6C69_6761)), (P.textStyleFeatureFeatureValue, .u(0))])
        func contours(_ file: RiveWriter) throws -> Int {
            let scene = try RiveDocument(bytes: file.bytes, name: "t.riv").makeScene()
            scene.advance(0)
            let style = try #require(scene.artboard.object(2) as? RTextStylePaint)
            return style.glyphs.verbs.filter { $0 == .move }.count
        }
        let font = try OutlineFont(path: try Self.fontPath())
        let separate = try #require(font.outline(0x66)).contours.count + (try #require(font.outline(0x69)).contours.count)
        #expect(try contours(f) == separate)
        #expect(try contours(Self.file("fi", embed: try Self.fontBytes())) != separate, "the ligature is one glyph of its own")
    }

    @Test func keyedTextAndBoundStringsRelayOut() throws {
        // The run's text property set as an animation or a binding sets it: the layout follows.
        let (doc, _) = try Self.render(Self.file("I", embed: try Self.fontBytes()))
        let artboard = ArtboardInstance(doc.model.artboards[0], file: doc.model, limits: Limits())
        let run = try #require(artboard.object(5) as? RTextValueRun)
        let text = try #require(artboard.object(1) as? RText)
        artboard.update()
        let narrow = text.bounds.width
        #expect(run.set(P.textValueRunText, .string("HIHIH")))
        artboard.update()
        let e = try Self.expectedInk("HIHIH", size: 40, x: 0, baseline: 0)
        #expect(abs(text.bounds.width - e.advance) < 1e-6 && narrow < text.bounds.width / 3, "\(narrow) -> \(text.bounds.width)")
    }
}

/// The corpus's text files against the official runtime's renders, closer than the conformance
/// rule asks: their text is small, so with no text drawn at all they still passed the 1% rule
/// (0.22-0.51% of pixels off by more than 16). Drawn, at most 0.05% of pixels may be off (the
/// frames measure 0.000-0.003%: anti-aliasing of a few glyph edges).
@Suite struct TextCorpusTests {
    @Test(arguments: ["unit__new_text", "unit__data_bind_font_test"])
    func textFramesMatchTheReference(stem: String) throws {
        guard RiveCorpus.require() else { return }
        let entry = try #require(RiveCorpus.entries.first { $0.stem == stem })
        let (matched, judged, worst) = try RiveConformanceTests.score(entry)
        #expect(judged == 5 && matched == judged)
        #expect(worst <= 0.05, "worst frame: \(worst)% of pixels off by more than 16")
    }
}

/// A run's text bound to a view-model string: the scene binds a new instance (an empty string, as
/// the corpus's references bind it), and a value set on it is laid out on the next frame.
@Suite struct TextBindingTests {
    typealias T = RiveTypeKey
    typealias P = RivePropertyKey

    @Test func aBoundStringIsLaidOut() throws {
        var f = RiveWriter()
        f.object(T.backboard)
        f.object(T.fontAsset, [(P.assetName, .s("Sans.ttf")), (P.fileAssetAssetId, .u(9))])
        f.object(T.fileAssetContents, [(P.fileAssetContentsBytes, TextTests.bytesField(try TextTests.fontBytes()))])
        f.object(T.viewModel, [(P.viewModelComponentName, .s("VM"))])
        f.object(T.viewModelPropertyString, [(P.viewModelComponentName, .s("label"))])
        f.object(T.viewModelInstance, [(P.viewModelInstanceViewModelId, .u(0))])
        f.object(T.artboard, [(P.layoutComponentWidth, .d(300)), (P.layoutComponentHeight, .d(200)), (P.artboardViewModelId, .u(0))])
        f.object(T.text, [(P.componentParentId, .u(0)), (P.nodeX, .d(20)), (P.nodeY, .d(30))])  // 1
        f.object(T.textStylePaint, [(P.componentParentId, .u(1)), (P.textStyleFontSize, .d(40)), (P.textStyleFontAssetId, .u(0))])  // 2
        f.object(T.fill, [(P.componentParentId, .u(2))])  // 3
        f.object(T.solidColor, [(P.componentParentId, .u(3)), (P.solidColorColorValue, .c(0xFF00_0000))])  // 4
        f.object(T.textValueRun, [(P.componentParentId, .u(1)), (P.textValueRunStyleId, .u(2)), (P.textValueRunText, .s("file text"))])  // 5
        f.object(T.dataBindContext, [(P.dataBindPropertyKey, .u(UInt64(P.textValueRunText))), (P.dataBindContextSourcePathIds, .raw([2, 0, 0]))])
        let doc = try RiveDocument(bytes: f.bytes, name: "bound.riv")
        let scene = doc.makeScene()
        let text = try #require(scene.artboard.object(1) as? RText)
        scene.advance(0)
        #expect((scene.artboard.object(5) as? RTextValueRun)?.text == "")
        #expect(text.drawOrder.isEmpty && !text.willDraw)
        scene.artboard.context!.instances[0].set(0, .string("HIH"))
        scene.advance(1.0 / 60)
        let e = try TextTests.expectedInk("HIH", size: 40, x: 0, baseline: 0)
        #expect(abs(text.bounds.width - e.advance) < 1e-6, "\(text.bounds) vs \(e.advance)")
        #expect(text.willDraw)
    }
}

/// Variable fonts: a style's axes reach shaping and outlines. The font is the variable one of
/// the corpus's new_text.riv (read from the corpus at test time).
@Suite struct VariableFontTests {
    typealias T = RiveTypeKey
    typealias P = RivePropertyKey

    static func variableFont() throws -> [UInt8]? {
        guard RiveCorpus.require() else { return nil }
        let url = RiveCorpus.root.appendingPathComponent("unit__new_text.riv")
        let model = try RiveDocument(bytes: [UInt8](Data(contentsOf: url)), name: url.path).model
        for asset in model.assets {
            if let bytes = asset.contents, (try? ShapingFont(bytes: bytes, name: "v"))?.isVariable == true { return bytes }
        }
        Issue.record("new_text.riv has a variable font")
        return nil
    }

    @Test func anAxisAtItsMaximumChangesAdvancesAndOutlines() throws {
        guard let bytes = try Self.variableFont() else { return }
        let font = try ShapingFont(bytes: bytes, name: "v")
        let axis = try #require(font.axes.first)
        #expect(axis.minimum <= axis.default && axis.default <= axis.maximum && axis.minimum < axis.maximum)
        let text: [UInt32] = [0x48, 0x6F]  // "Ho"
        func shape(_ f: ShapingFont) throws -> (Double, Path) {
            let run = try #require(TextShaper().shape(text, spans: [TextSpan(font: f, size: 100, letterSpacing: 0, count: 2, tag: 0)]).first?.runs.first)
            return (run.width, try #require(f.path(glyph: run.glyphs[0])))
        }
        let (plainWidth, plainH) = try shape(font)
        let varied = try ShapingFont(bytes: bytes, name: "v")
        varied.setVariations([(axis.tag, axis.maximum)])
        let (width, h) = try shape(varied)
        #expect(width != plainWidth || h != plainH, "axis \(axis) changes nothing")
        #expect(h != plainH, "the outline follows the axis")
        // Setting the default again gives the default outline back.
        varied.setVariations([(axis.tag, axis.default)])
        #expect(try shape(varied).1 == plainH)
    }

    @Test func variantsShareTheBytesButKeepTheirOwnAxes() throws {
        guard let bytes = try Self.variableFont() else { return }
        let base = try ShapingFont(bytes: bytes, name: "v")
        let axis = try #require(base.axes.first)
        let glyph = try #require(base.glyph(for: 0x48))
        let plain = try #require(base.path(glyph: glyph))
        var heavy = try #require(base.variant([(axis.tag, axis.maximum)]))
        let light = try #require(base.variant([(axis.tag, axis.minimum)]))
        #expect(try #require(heavy.path(glyph: glyph)) != plain)
        #expect(try #require(light.path(glyph: glyph)) != (try #require(heavy.path(glyph: glyph))))
        #expect(try #require(base.path(glyph: glyph)) == plain, "the base keeps its default axes")
        // A variant outlives its base (it keeps the bytes alive).
        let kept = try #require(heavy.path(glyph: glyph))
        heavy = try #require(try ShapingFont(bytes: bytes, name: "w").variant([(axis.tag, axis.maximum)]))
        #expect(try #require(heavy.path(glyph: glyph)) == kept)
    }

    @Test func aStylesAxisReachesTheTextsGlyphs() throws {
        guard let bytes = try Self.variableFont() else { return }
        let axis = try #require(try ShapingFont(bytes: bytes, name: "v").axes.first)
        func glyphs(_ value: Double?) throws -> Path {
            var f = TextTests.file("Ho", embed: bytes)
            if let value { f.object(T.textStyleAxis, [(P.componentParentId, .u(2)), (P.textStyleAxisTag, .u(UInt64(axis.tag))), (P.textStyleAxisAxisValue, .d(value))]) }
            let scene = try RiveDocument(bytes: f.bytes, name: "t.riv").makeScene()
            scene.advance(0)
            return try #require(scene.artboard.object(2) as? RTextStylePaint).glyphs
        }
        let plain = try glyphs(nil)
        #expect(try glyphs(axis.maximum) != plain)
        #expect(try glyphs(axis.default) == plain)
    }
}
