@testable import CYLText
import CYLGeometry
import Testing

/// HarfBuzz shaping and FriBidi ordering, checked against FreeType's own advances (an
/// independent reading of the font's tables) and the Unicode bidi rules' known answers.
/// The font is DejaVu Sans, found through fontconfig at test time (`make deps` installs it).
@Suite struct ShapingTests {
    static func dejaVu() throws -> (ShapingFont, OutlineFont) {
        let path = try #require(try FontLookup().locate("DejaVu Sans")?.path, "DejaVu Sans is installed by make deps")
        return (try ShapingFont(path: path, maxBytes: 64 << 20), try OutlineFont(path: path))
    }

    static func scalars(_ s: String) -> [UInt32] { s.unicodeScalars.map(\.value) }

    @Test func advancesAreTheFontsAtTheSpanSizePlusLetterSpacing() throws {
        let (font, outlines) = try Self.dejaVu()
        let text = Self.scalars("hello")
        let runs = TextShaper().shape(text, spans: [TextSpan(font: font, size: 40, letterSpacing: 3, count: text.count, tag: 7)])
        #expect(runs.count == 1)
        let run = try #require(runs.first?.runs.first)
        #expect(run.tag == 7 && !run.isRightToLeft)
        #expect(run.glyphs.count == 5)
        #expect(run.clusters == [0, 1, 2, 3, 4])
        for (k, scalar) in text.enumerated() {
            let expected = try #require(outlines.outline(scalar)).advance * 40 + 3
            // Both read hmtx in design units: equal up to float rounding.
            #expect(abs(run.advances[k] - expected) < 1e-9, "glyph \(k): \(run.advances[k]) vs \(expected)")
            #expect(run.glyphs[k] == font.glyph(for: scalar))
        }
        #expect(font.ascent > 0.5 && font.ascent < 1.2 && font.descent > 0.1 && font.descent < 0.5)
    }

    @Test func kerningPairsComeCloserThanTheirAdvances() throws {
        let (font, outlines) = try Self.dejaVu()
        let text = Self.scalars("AVAV")
        let run = try #require(TextShaper().shape(text, spans: [TextSpan(font: font, size: 100, letterSpacing: 0, count: 4, tag: 0)]).first?.runs.first)
        let plain = try text.reduce(0.0) { $0 + (try #require(outlines.outline($1)).advance) * 100 }
        // DejaVu Sans kerns A-V by several units per em; GPOS moves the pen back.
        #expect(run.width < plain - 1, "\(run.width) vs \(plain)")
    }

    @Test func rightToLeftRunsAreShapedInTheirDirectionAndKeptInLogicalOrder() throws {
        let (font, _) = try Self.dejaVu()
        // Arabic "salam": joining letters take contextual forms, not their isolated glyphs.
        let text = Self.scalars("abc \u{0633}\u{0644}\u{0627}\u{0645}")
        let paragraphs = TextShaper().shape(text, spans: [TextSpan(font: font, size: 20, letterSpacing: 0, count: text.count, tag: 0)])
        let runs = try #require(paragraphs.first?.runs)
        #expect(paragraphs.first?.level == 0, "the first strong character is Latin")
        #expect(runs.count == 2)
        let arabic = try #require(runs.last)
        #expect(arabic.isRightToLeft)
        #expect(arabic.clusters == arabic.clusters.sorted(), "logical order: \(arabic.clusters)")
        #expect(arabic.glyphs.first != font.glyph(for: 0x0633), "the initial form of seen, not its isolated glyph")
    }

    @Test func featuresTurnLigaturesOff() throws {
        let (font, _) = try Self.dejaVu()
        let text = Self.scalars("fi")
        var span = TextSpan(font: font, size: 20, letterSpacing: 0, count: 2, tag: 0)
        let shaper = TextShaper()
        // DejaVu Sans ligates "fi" (liga is on by default); "liga" = 0 keeps two glyphs.
        let ligated = try #require(shaper.shape(text, spans: [span]).first?.runs.first)
        #expect(ligated.glyphs.count == 1 && ligated.clusters == [0])
        span.features = [(tag: 0x6C69_6761, value: 0)]
        let plain = try #require(shaper.shape(text, spans: [span]).first?.runs.first)
        #expect(plain.glyphs == [font.glyph(for: 0x66), font.glyph(for: 0x69)])
    }

    @Test func paragraphsEndAtSeparators() throws {
        let (font, _) = try Self.dejaVu()
        let text = Self.scalars("ab\ncd\r\nef")
        let paragraphs = TextShaper().shape(text, spans: [TextSpan(font: font, size: 10, letterSpacing: 0, count: text.count, tag: 0)])
        #expect(paragraphs.map(\.range) == [0..<3, 3..<7, 7..<9])
    }

    @Test func spansSplitRunsAndKeepTheirTags() throws {
        let (font, _) = try Self.dejaVu()
        let text = Self.scalars("abcdef")
        let spans = [TextSpan(font: font, size: 10, letterSpacing: 0, count: 2, tag: 4),
                     TextSpan(font: font, size: 30, letterSpacing: 0, count: 4, tag: 9)]
        let runs = try #require(TextShaper().shape(text, spans: spans).first?.runs)
        #expect(runs.map(\.tag) == [4, 9])
        #expect(runs.map(\.glyphs.count) == [2, 4])
        #expect(runs[1].clusters == [2, 3, 4, 5])
    }

    @Test func visualOrderReversesRightToLeftSequences() {
        #expect(Bidi.visualOrder([0, 0, 0]) == [0, 1, 2])
        #expect(Bidi.visualOrder([0, 1, 1, 0]) == [0, 2, 1, 3])
        // A right-to-left paragraph with an embedded left-to-right number (levels 1, 2, 1).
        #expect(Bidi.visualOrder([1, 2, 1]) == [2, 1, 0])
        #expect(Bidi.visualOrder([1, 2, 2, 1]) == [3, 1, 2, 0])
    }

    @Test func levelsFollowTheFirstStrongCharacter() {
        var levels: [UInt8] = []
        var scratch = BidiScratch()
        let hebrewFirst = Self.scalars("\u{05D0}\u{05D1} 12 ab")
        let base = hebrewFirst.withUnsafeBufferPointer { Bidi.levels($0, into: &levels, scratch: &scratch) }
        #expect(base == 1)
        #expect(levels[0] == 1 && levels[1] == 1)
        #expect(levels[3] == 2, "European digits in a right-to-left paragraph: \(levels)")
        #expect(levels[6] == 2 && levels[7] == 2, "Latin in a right-to-left paragraph: \(levels)")
        let latin = Self.scalars("ab \u{05D0}")
        #expect(latin.withUnsafeBufferPointer { Bidi.levels($0, into: &levels, scratch: &scratch) } == 0)
        #expect(levels == [0, 0, 0, 1])
    }

    @Test func glyphOutlinesAreInEmsWithYDown() throws {
        let (font, _) = try Self.dejaVu()
        let oGlyph = try #require(font.glyph(for: 0x6F))
        let o = try #require(font.path(glyph: oGlyph))  // "o": two contours
        #expect(o.verbs.filter { $0 == .move }.count == 2)
        let b = o.bounds
        // x-height above the baseline: negative y; no ink below it.
        #expect(b.minY < -0.4 && b.minY > -0.7 && b.maxY > -0.02 && b.maxY < 0.05, "\(b)")
        #expect(b.minX > 0 && b.maxX < 0.7)
        let spaceGlyph = try #require(font.glyph(for: 0x20))
        let space = try #require(font.path(glyph: spaceGlyph))
        #expect(space.isEmpty)
        #expect(font.path(glyph: UInt32(font.glyphCount) + 5) == nil)
    }

    @Test func fontsTheLibrariesRefuseAreErrorsNamingThem() throws {
        #expect(throws: FontError.self) { try ShapingFont(bytes: [], name: "empty") }
        do {
            _ = try ShapingFont(bytes: Array("not a font at all, just some text".utf8), name: "text.ttf")
            Issue.record("text accepted as a font")
        } catch {
            #expect(error.file == "text.ttf")
        }
        // A real font cut short: refused, or opened and shaped without trapping.
        let path = try #require(try FontLookup().locate("DejaVu Sans")?.path)
        let whole = try FontFileReader.read(path, maxBytes: 64 << 20)
        for length in [12, 300, 4096, whole.count / 2] {
            if let font = try? ShapingFont(bytes: Array(whole[..<length]), name: "cut") {
                let text = Self.scalars("abc")
                let runs = TextShaper().shape(text, spans: [TextSpan(font: font, size: 10, letterSpacing: 0, count: 3, tag: 0)])
                for run in runs.flatMap(\.runs) { for g in run.glyphs { _ = font.path(glyph: g) } }
            }
        }
        #expect(throws: FontError.self) { try FontFileReader.read(path, maxBytes: 1000) }
    }
}
