import CHarfBuzz
import CYLGeometry

/// A stretch of text set in one font, size and letter spacing.
public struct TextSpan {
    /// The font the span's characters are shaped with.
    public var font: ShapingFont
    /// Font size in pixels (the em's height).
    public var size: Double
    /// Pixels added after every glyph's advance.
    public var letterSpacing: Double
    /// How many scalars of the text the span covers (spans follow each other).
    public var count: Int
    /// The caller's name for the span (a style, a run), carried into its glyph runs.
    public var tag: Int
    /// OpenType features turned on or off (or set) for the span: (tag, value), e.g. ("liga", 0).
    public var features: [(tag: UInt32, value: UInt32)] = []

    /// A span of `count` characters in `font` at `size` pixels, `letterSpacing` pixels apart.
    public init(font: ShapingFont, size: Double, letterSpacing: Double, count: Int, tag: Int) {
        self.font = font
        self.size = size
        self.letterSpacing = letterSpacing
        self.count = count
        self.tag = tag
    }
}

/// Glyphs of one span shaped in one direction and script, in logical order (the order of the
/// text; a right-to-left run is drawn from its last glyph), positions in pixels, y down.
public struct ShapedRun {
    /// The span's font, size (pixels) and letter spacing (pixels), and its tag.
    public let font: ShapingFont
    public let size: Double
    public let letterSpacing: Double
    public let tag: Int
    /// The bidi embedding level (odd: right to left).
    public let level: UInt8
    /// Glyph ids in the font.
    public var glyphs: [UInt32] = []
    /// Index in the text of the first scalar of each glyph's cluster.
    public var clusters: [Int] = []
    /// How far each glyph moves the pen, letter spacing included.
    public var advances: [Double] = []
    /// Each glyph's offset from its pen position (marks on their bases, kerning pairs).
    public var offsets: [Point] = []

    /// Whether the run reads right to left (its glyphs are drawn from the last).
    public var isRightToLeft: Bool { level & 1 == 1 }
    /// The run's advance width.
    public var width: Double { advances.reduce(0, +) }
}

/// One paragraph (text up to and including a paragraph separator): its runs in logical order.
public struct ShapedParagraph {
    /// The paragraph's runs in logical order.
    public var runs: [ShapedRun]
    /// The paragraph's base embedding level (odd: a right-to-left paragraph).
    public var level: UInt8
    /// Which scalars of the text it holds.
    public var range: Range<Int>
}

/// Shapes styled text with HarfBuzz: splits it into paragraphs, each paragraph into runs of one
/// span, bidi level (FriBidi) and script, and shapes each run with its span's font. Owns one
/// HarfBuzz buffer reused for every run (destroyed in deinit). Not thread-safe.
public final class TextShaper {
    private let buffer: OpaquePointer
    private var levels: [UInt8] = []
    private var scratch = BidiScratch()

    /// A shaper with its own HarfBuzz buffer.
    public init() {
        // hb_buffer_create never fails; without memory it returns an inert buffer that shapes
        // nothing, which `shape` then reports as no glyphs.
        buffer = hb_buffer_create()
    }

    deinit { hb_buffer_destroy(buffer) }

    /// Whether `scalar` ends a paragraph (UAX #9's paragraph separators).
    @inlinable public static func isParagraphSeparator(_ scalar: UInt32) -> Bool {
        scalar == 0x0A || scalar == 0x0D || (0x1C...0x1E).contains(scalar) || scalar == 0x85 || scalar == 0x2029
    }

    /// Shapes `text` (Unicode scalars) set in `spans` (in order; text past the last span is left
    /// out). Sizes and spacing must be finite: callers clamp what files give them.
    public func shape(_ text: [UInt32], spans: [TextSpan]) -> [ShapedParagraph] {
        let covered = min(text.count, spans.reduce(0) { $0 + max($1.count, 0) })
        var paragraphs: [ShapedParagraph] = []
        var start = 0
        text.withUnsafeBufferPointer { all in
            var spanIndex = 0, spanEnd = spans.first.map { max($0.count, 0) } ?? 0
            while start < covered {
                var end = start
                while end < covered {
                    let s = all[end]
                    end += 1
                    if Self.isParagraphSeparator(s) {
                        if s == 0x0D, end < covered, all[end] == 0x0A { end += 1 }
                        break
                    }
                }
                let paragraph = UnsafeBufferPointer(rebasing: all[start..<end])
                let base = Bidi.levels(paragraph, into: &levels, scratch: &scratch)
                var runs: [ShapedRun] = []
                var i = start
                while i < end {
                    while i >= spanEnd, spanIndex + 1 < spans.count { spanIndex += 1; spanEnd += max(spans[spanIndex].count, 0) }
                    let level = levels[i - start]
                    var script = Self.script(all[i])
                    var j = i + 1
                    while j < end && j < spanEnd && levels[j - start] == level {
                        let s = Self.script(all[j])
                        if s != script && !Self.isNeutral(s) {
                            guard Self.isNeutral(script) else { break }
                            script = s
                        }
                        j += 1
                    }
                    let run = shapeRun(all, paragraph: start..<end, item: i..<j, span: spans[spanIndex], level: level, script: script)
                    if !run.glyphs.isEmpty { runs.append(run) }
                    i = j
                }
                paragraphs.append(ShapedParagraph(runs: runs, level: base, range: start..<end))
                start = end
            }
        }
        return paragraphs
    }

    private static func script(_ scalar: UInt32) -> hb_script_t {
        let funcs = hb_unicode_funcs_get_default()
        if hb_unicode_general_category(funcs, scalar) == HB_UNICODE_GENERAL_CATEGORY_NON_SPACING_MARK { return HB_SCRIPT_INHERITED }
        return hb_unicode_script(funcs, scalar)
    }

    /// Common and inherited characters (spaces, digits, punctuation, marks) take the script
    /// of the text around them rather than starting runs of their own.
    private static func isNeutral(_ s: hb_script_t) -> Bool {
        s == HB_SCRIPT_COMMON || s == HB_SCRIPT_INHERITED || s == HB_SCRIPT_UNKNOWN
    }

    /// Shapes scalars `item` with the rest of `paragraph` as context (so joining scripts join
    /// across span boundaries).
    private func shapeRun(_ text: UnsafeBufferPointer<UInt32>, paragraph: Range<Int>, item: Range<Int>, span: TextSpan,
                          level: UInt8, script: hb_script_t) -> ShapedRun {
        var run = ShapedRun(font: span.font, size: span.size, letterSpacing: span.letterSpacing, tag: span.tag, level: level)
        let rtl = level & 1 == 1
        hb_buffer_clear_contents(buffer)
        hb_buffer_add_utf32(buffer, text.baseAddress! + paragraph.lowerBound, Int32(paragraph.count),
                            UInt32(item.lowerBound - paragraph.lowerBound), Int32(item.count))
        hb_buffer_set_direction(buffer, rtl ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
        if !Self.isNeutral(script) { hb_buffer_set_script(buffer, script) }
        hb_buffer_set_language(buffer, hb_language_get_default())
        hb_buffer_guess_segment_properties(buffer)
        if span.features.isEmpty {
            hb_shape(span.font.hbFont, buffer, nil, 0)
        } else {
            let features = span.features.map { hb_feature_t(tag: $0.tag, value: $0.value, start: 0, end: UInt32.max) }
            hb_shape(span.font.hbFont, buffer, features, UInt32(features.count))
        }
        var count: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer, &count), let positions = hb_buffer_get_glyph_positions(buffer, &count),
              count > 0 else { return run }
        let n = Int(count)
        let scale = span.size / Double(span.font.unitsPerEm)
        run.glyphs.reserveCapacity(n); run.clusters.reserveCapacity(n)
        run.advances.reserveCapacity(n); run.offsets.reserveCapacity(n)
        // HarfBuzz answers right-to-left runs in visual order: read them backwards.
        for k in 0..<n {
            let g = rtl ? n - 1 - k : k
            run.glyphs.append(infos[g].codepoint)
            run.clusters.append(paragraph.lowerBound + Int(infos[g].cluster))
            run.advances.append(Double(positions[g].x_advance) * scale + span.letterSpacing)
            run.offsets.append(Point(Double(positions[g].x_offset) * scale, -Double(positions[g].y_offset) * scale))
        }
        return run
    }
}
