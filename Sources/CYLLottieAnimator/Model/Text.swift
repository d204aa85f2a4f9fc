import CYLGeometry
import CYLRaster

/// Bounds on text work, so no file can make a text layer unbounded.
enum TextLimits {
    /// Characters one text document lays out (longer texts are cut, with a warning): a tab icon
    /// shows a word or two; 5 000 characters is pages of text and still a bounded frame.
    static let maxCharacters = 5_000
    /// Font sizes, line heights, tracking and box sizes are clamped to ±this (in pixels or
    /// 1/1000 em): far past any canvas (100 000 px at most), small enough that products stay finite.
    static let maxMagnitude = 1_000_000.0
    /// Animators one text layer applies; each is evaluated per character.
    static let maxAnimators = 64
}

/// How a text line sits on its anchor: `j` 0 left, 1 right, 2 centre (3-6, justified, draw as
/// left or as the last line's alignment, which is what they do for a single line).
enum TextJustify: Sendable, Equatable { case left, right, center }

/// One text document (`t.d.k[].s`): what the text says and how it looks.
struct TextDocument: Sendable, Equatable {
    var text: String = ""
    /// Font size in pixels (`s`).
    var size: Double = 10
    /// The font's `fName` (`f`).
    var font: String = ""
    var justify: TextJustify = .left
    /// Extra space after each character in 1/1000 em (`tr`).
    var tracking: Double = 0
    /// Distance between baselines in pixels (`lh`; nil: 1.2 × size).
    var lineHeight: Double? = nil
    /// Baseline shift in pixels, up (`ls`).
    var baselineShift: Double = 0
    /// Fill colour (`fc`, RGB 0-1); nil: no fill.
    var fillColor: Color? = nil
    /// Stroke colour (`sc`); nil: no stroke.
    var strokeColor: Color? = nil
    /// Stroke width (`sw`).
    var strokeWidth: Double = 0
    /// Whether the stroke draws over the fill (`of`).
    var strokeOverFill: Bool = false
    /// Box text (`sz` width/height and `ps` top-left corner): lines wrap to the box width.
    var boxSize: Point? = nil
    var boxPosition: Point = .zero
    /// All caps (`ca` 1); small caps (`ca` 2) draw as caps too.
    var allCaps: Bool = false
}

/// A text document that changes at keyframes (`t.d.k`), holding each until the next.
struct TextDocumentTrack: Sendable {
    var keyframes: [(time: Double, document: TextDocument)]

    func document(at t: Double) -> TextDocument {
        var doc = keyframes[0].document
        for k in keyframes where k.time <= t { doc = k.document }
        return doc
    }
}

/// What a range selector's amount is spread over (`b`).
enum TextSelectorBase: Sendable, Equatable { case characters, charactersExcludingSpaces, words, lines }

/// A range selector's falloff across its range (`sh`).
enum TextSelectorShape: Sendable, Equatable { case square, rampUp, rampDown, triangle, round, smooth }

/// A text animator's range selector (`a[].s`).
struct TextRangeSelector: Sendable {
    var start: VectorProperty = .fixed([0])
    var end: VectorProperty = .fixed([100])
    var offset: VectorProperty = .fixed([0])
    /// Amount in percent (`a`).
    var amount: VectorProperty = .fixed([100])
    /// True: start/end/offset count characters (`r` 2); false: percent of the count (`r` 1).
    var byIndex: Bool = false
    var base: TextSelectorBase = .characters
    var shape: TextSelectorShape = .square
}

/// What a text animator changes on the selected characters (`a[].a`); nil: left alone.
struct TextAnimatorProperties: Sendable {
    var position: VectorProperty? = nil
    var anchor: VectorProperty? = nil
    var scale: VectorProperty? = nil
    var rotation: VectorProperty? = nil
    var opacity: VectorProperty? = nil
    var fillColor: VectorProperty? = nil
    var strokeColor: VectorProperty? = nil
    var strokeWidth: VectorProperty? = nil
    /// Extra tracking in pixels (`t`).
    var tracking: VectorProperty? = nil
    var fillOpacity: VectorProperty? = nil
    var strokeOpacity: VectorProperty? = nil
}

struct TextAnimator: Sendable {
    var selector: TextRangeSelector
    var properties: TextAnimatorProperties
}

/// A glyph ready to draw: contours in a 100-unit em (a 100 px font), y down, origin on the
/// baseline at the pen, and the advance in the same units.
struct GlyphModel: Sendable {
    var contours: [BezierShape]
    var advance: Double
}

/// The glyphs of one font (`fonts.list` entry), by character.
struct FontGlyphs: Sendable {
    /// The font's `fName`.
    var name: String
    /// Ascender above the baseline in percent of the size (`ascent`, or the font file's).
    var ascent: Double
    var glyphs: [String: GlyphModel]
    /// Used for a character neither the file's glyph data nor the font has (an empty glyph
    /// half an em wide keeps the layout going).
    static let missing = GlyphModel(contours: [], advance: 50)
}

/// A text layer (`ty` 5): its documents, animators and the glyphs its fonts draw.
struct TextLayerModel: Sendable {
    var documents: TextDocumentTrack
    var animators: [TextAnimator] = []
    /// Alignment of each character's anchor (`m.a`), in percent of its advance and size.
    var alignment: VectorProperty = .fixed([0, 0])
}
