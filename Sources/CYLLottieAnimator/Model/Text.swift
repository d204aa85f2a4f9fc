import CYLGeometry
import CYLText
import CYLRaster

/// Bounds on text work, so no file can make a text layer unbounded.
package enum TextLimits {
    /// Characters one text document lays out (longer texts are cut, with a warning): a tab icon
    /// shows a word or two; 5 000 characters is pages of text and still a bounded frame.
    package static let maxCharacters = 5_000
    /// Font sizes, line heights, tracking and box sizes are clamped to ±this (in pixels or
    /// 1/1000 em): far past any canvas (100 000 px at most), small enough that products stay finite.
    package static let maxMagnitude = 1_000_000.0
    /// Animators one text layer applies; each is evaluated per character.
    package static let maxAnimators = 64
}

/// How a text line sits on its anchor: `j` 0 left, 1 right, 2 centre (3-6, justified, draw as
/// left or as the last line's alignment, which is what they do for a single line).
package enum TextJustify: Sendable, Equatable { case left, right, center }

/// One text document (`t.d.k[].s`): what the text says and how it looks.
package struct TextDocument: Sendable, Equatable {
    package var text: String = ""
    /// Font size in pixels (`s`).
    package var size: Double = 10
    /// The font's `fName` (`f`).
    package var font: String = ""
    package var justify: TextJustify = .left
    /// Extra space after each character in 1/1000 em (`tr`).
    package var tracking: Double = 0
    /// Distance between baselines in pixels (`lh`; nil: 1.2 × size).
    package var lineHeight: Double? = nil
    /// Baseline shift in pixels, up (`ls`).
    package var baselineShift: Double = 0
    /// Fill colour (`fc`, RGB 0-1); nil: no fill.
    package var fillColor: Color? = nil
    /// Stroke colour (`sc`); nil: no stroke.
    package var strokeColor: Color? = nil
    /// Stroke width (`sw`).
    package var strokeWidth: Double = 0
    /// Whether the stroke draws over the fill (`of`).
    package var strokeOverFill: Bool = false
    /// Box text (`sz` width/height and `ps` top-left corner): lines wrap to the box width.
    package var boxSize: Point? = nil
    package var boxPosition: Point = .zero
    /// All caps (`ca` 1); small caps (`ca` 2) draw as caps too.
    package var allCaps: Bool = false
    /// Synthesised bold and italic (PAG's `fauxBold`/`fauxItalic`; Lottie has none): glyphs
    /// outset by a fraction of the size, and slanted a quarter of their height.
    package var fauxBold: Bool = false
    package var fauxItalic: Bool = false
}

/// A text document that changes at keyframes (`t.d.k`), holding each until the next.
package struct TextDocumentTrack: Sendable {
    package var keyframes: [(time: Double, document: TextDocument)]

    package func document(at t: Double) -> TextDocument {
        var doc = keyframes[0].document
        for k in keyframes where k.time <= t { doc = k.document }
        return doc
    }
}

/// What a range selector's amount is spread over (`b`).
package enum TextSelectorBase: Sendable, Equatable { case characters, charactersExcludingSpaces, words, lines }

/// How a range selector's selection combines with those of the selectors before it in its
/// animator (`m`; libpag's TextSelectorMode): with `old` the selection so far and `s` this one's,
/// add `old + s`, subtract `old·(1 − s)` (`old·(−1 − s)` for a negative s), intersect `old·s`,
/// min, max, difference `|old − s|`. A first selector's selection is `s` as it is, but for
/// subtract, which starts from everything selected (`old` = 1).
package enum TextSelectorMode: Sendable, Equatable { case add, subtract, intersect, min, max, difference }

/// A range selector's falloff across its range (`sh`).
package enum TextSelectorShape: Sendable, Equatable { case square, rampUp, rampDown, triangle, round, smooth }

/// A text animator's range selector (`a[].s`).
package struct TextRangeSelector: Sendable {
    package var start: VectorProperty = .fixed([0])
    package var end: VectorProperty = .fixed([100])
    package var offset: VectorProperty = .fixed([0])
    /// Amount in percent (`a`).
    package var amount: VectorProperty = .fixed([100])
    /// True: start/end/offset count characters (`r` 2); false: percent of the count (`r` 1).
    package var byIndex: Bool = false
    package var base: TextSelectorBase = .characters
    package var shape: TextSelectorShape = .square
    package var mode: TextSelectorMode = .add
}

/// What a text animator changes on the selected characters (`a[].a`); nil: left alone.
package struct TextAnimatorProperties: Sendable {
    package var position: VectorProperty? = nil
    package var anchor: VectorProperty? = nil
    package var scale: VectorProperty? = nil
    package var rotation: VectorProperty? = nil
    package var opacity: VectorProperty? = nil
    package var fillColor: VectorProperty? = nil
    package var strokeColor: VectorProperty? = nil
    package var strokeWidth: VectorProperty? = nil
    /// Extra tracking in pixels (`t`).
    package var tracking: VectorProperty? = nil
    /// The share of the tracking that goes before a character rather than after it (PAG's
    /// tracking type: ½ before and after, 1 before; Lottie's is all after).
    package var trackingBefore = 0.0
    package var fillOpacity: VectorProperty? = nil
    package var strokeOpacity: VectorProperty? = nil
}

package struct TextAnimator: Sendable {
    /// At least one; their selections combine by their modes, in order.
    package var selectors: [TextRangeSelector]
    package var properties: TextAnimatorProperties
}

/// A glyph ready to draw: contours in a 100-unit em (a 100 px font), y down, origin on the
/// baseline at the pen, and the advance in the same units.
package struct GlyphModel: Sendable {
    package var contours: [BezierShape]
    package var advance: Double
    /// Where the glyph's outlines hinted at a pixel size come from, when it is drawn as a text
    /// stack draws glyph bitmaps (libpag's text): fitted to the pixels at its size there, at a
    /// whole-pixel origin, its coverage brightened by the sRGB curve. Nil: drawn as an outline
    /// (Lottie text).
    package var hinted: HintedGlyph? = nil
    /// Whether this is the font's missing-glyph box, drawn for a character no font has (a text
    /// stack that shapes by the fonts' character maps gives such a character no glyph at all).
    package var isMissing = false
}

/// A glyph of an installed font, hinted at whatever pixel size it is drawn.
package struct HintedGlyph: Sendable {
    package var font: HintedOutlines
    package var scalar: UInt32
}

/// The glyphs of one font (`fonts.list` entry), by character.
package struct FontGlyphs: Sendable {
    /// The font's `fName`.
    package var name: String
    /// Ascender above the baseline in percent of the size (`ascent`, or the font file's).
    package var ascent: Double
    package var glyphs: [String: GlyphModel]
    /// Used for a character neither the file's glyph data nor the font has (an empty glyph
    /// half an em wide keeps the layout going).
    package static let missing = GlyphModel(contours: [], advance: 50)
}

/// A text layer (`ty` 5): its documents, animators and the glyphs its fonts draw.
package struct TextLayerModel: Sendable {
    package var documents: TextDocumentTrack
    package var animators: [TextAnimator] = []
    /// Lays the text out instead of After Effects' rules (`TextLayout`); nil for Lottie.
    package var layoutEngine: (any TextLayoutEngine)? = nil
    /// Alignment of each character's anchor (`m.a`), in percent of its advance and size.
    package var alignment: VectorProperty = .fixed([0, 0])
}
