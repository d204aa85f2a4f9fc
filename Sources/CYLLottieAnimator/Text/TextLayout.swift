import CYLGeometry
import CYLRaster

/// A character placed on its line: where its pen starts, how far it advances.
package struct PlacedGlyph: Sendable, Equatable {
    /// The character (a grapheme), after caps.
    package var character: String
    /// Pen position: the glyph's origin on the baseline, in layer space.
    package var pen: Point
    /// The glyph's own advance at the size it is drawn (no tracking), in pixels.
    package var advance: Double
    package var line: Int
    /// Word number in the whole text (spaces belong to the word before them).
    package var word: Int
    package var isSpace: Bool
    /// The glyph's size over the document's (a layout that shrinks text to fit its box).
    package var scale = 1.0
    /// Where the glyph goes from its pen, in layer pixels at its size: a character set in a
    /// vertical line is moved left of it by half its width, or turned on its side.
    package var placement = Transform.identity
    /// Whether its line runs down (tracking moves it down, not right).
    package var vertical = false

    package init(character: String, pen: Point, advance: Double, line: Int, word: Int, isSpace: Bool, scale: Double = 1,
                 placement: Transform = .identity, vertical: Bool = false) {
        self.character = character; self.pen = pen; self.advance = advance
        self.line = line; self.word = word; self.isSpace = isSpace; self.scale = scale
        self.placement = placement; self.vertical = vertical
    }
}

/// A layout other than After Effects' (`TextLayout`): PAG's, whose rules are libpag's.
package protocol TextLayoutEngine: Sendable {
    /// Places every drawn character of the document shown at `time` (a layer's time), whose
    /// glyphs are `font`'s; tracking animators move drawn character `i` by `before[i]` pixels
    /// more than the one before it, and the ones after it by `after[i]` more (missing entries
    /// count as 0).
    func layout(at time: Double, font: FontGlyphs?, before: [Double], after: [Double]) -> [PlacedGlyph]

    /// What is drawn under the characters `placed` of the document shown at `time`, in layer
    /// space, once text animators have moved character `i` by `moved[i]` (layer space to layer
    /// space); nil: nothing.
    func background(at time: Double, placed: [PlacedGlyph], moved: [Transform], font: FontGlyphs?) -> TextBackground?
}

/// A filled shape under a text's characters.
package struct TextBackground: Sendable {
    package var path: Path
    package var color: Color
    /// 0...1.
    package var opacity: Double

    package init(path: Path, color: Color, opacity: Double) {
        self.path = path; self.color = color; self.opacity = opacity
    }
}

/// Lays a text document out in lines: hard breaks at \r, \n or \u{3} (After Effects writes \r),
/// wrapping at spaces inside a text box, line height, tracking, justification and baseline shift.
/// Advances come from the glyphs (file glyph data or the font's outlines, in a 100-unit em,
/// scaled by size / 100); tracking is 1/1000 em after every character.
///
/// Point text: line `i`'s baseline is at y = i × lineHeight − baselineShift; a left-justified
/// line starts at x = 0, a right-justified one ends there, a centred one is centred on it.
/// Box text: the box's top-left corner is `ps`; the first baseline is one ascent below it; lines
/// are justified within the box width.
enum TextLayout {
    static func isBreak(_ c: Character) -> Bool { c == "\r" || c == "\n" || c == "\r\n" || c == "\u{3}" }
    static func isSpace(_ s: String) -> Bool { s == " " || s == "\t" || s == "\u{a0}" }

    /// The characters a document draws (line breaks included), in caps when it asks, at most
    /// `TextLimits.maxCharacters`.
    static func characters(of doc: TextDocument) -> [Character] {
        var out: [Character] = []
        let text = doc.allCaps ? doc.text.uppercased() : doc.text
        for c in text {
            if out.count >= TextLimits.maxCharacters { break }
            out.append(c)
        }
        return out
    }

    /// Whether `doc` has more characters than `TextLimits.maxCharacters` (they are not drawn).
    static func isCut(_ doc: TextDocument) -> Bool {
        var n = 0
        for _ in doc.text { n += 1; if n > TextLimits.maxCharacters { return true } }
        return false
    }

    /// Places every drawn character of `doc`. `extraAdvance[i]` (pixels, e.g. from tracking
    /// animators) is added after drawn character `i`; missing entries count as 0.
    static func layout(_ doc: TextDocument, font: FontGlyphs?, extraAdvance: [Double] = []) -> [PlacedGlyph] {
        let scale = doc.size / 100
        let tracking = doc.tracking / 1000 * doc.size
        let lineHeight = doc.lineHeight ?? doc.size * 1.2
        // Hard lines of (character, advance including tracking).
        var lines: [[PlacedGlyph]] = [[]]
        var widths: [[Double]] = [[]]
        var drawn = 0
        for c in characters(of: doc) {
            if isBreak(c) { lines.append([]); widths.append([]); continue }
            let s = String(c)
            let adv = (font?.glyphs[s] ?? FontGlyphs.missing).advance * scale
            let extra = drawn < extraAdvance.count ? extraAdvance[drawn] : 0
            drawn += 1
            lines[lines.count - 1].append(PlacedGlyph(character: s, pen: .zero, advance: adv, line: 0, word: 0, isSpace: isSpace(s)))
            widths[widths.count - 1].append(adv + tracking + extra)
        }
        if let box = doc.boxSize { (lines, widths) = wrap(lines, widths, width: box.x) }

        var out: [PlacedGlyph] = []
        out.reserveCapacity(drawn)
        var word = 0
        let ascent = (font?.ascent ?? 75) * scale
        for (i, line) in lines.enumerated() {
            let w = lineWidth(line, widths[i])
            var x: Double
            switch (doc.justify, doc.boxSize) {
            case (.left, nil): x = 0
            case (.right, nil): x = -w
            case (.center, nil): x = -w / 2
            case (.left, _?): x = doc.boxPosition.x
            case (.right, let b?): x = doc.boxPosition.x + b.x - w
            case (.center, let b?): x = doc.boxPosition.x + (b.x - w) / 2
            }
            var y = Double(i) * lineHeight - doc.baselineShift
            if doc.boxSize != nil { y += doc.boxPosition.y + ascent }
            var previousSpace = true
            for (k, var g) in line.enumerated() {
                if !g.isSpace && previousSpace && !out.isEmpty { word += 1 }
                previousSpace = g.isSpace
                g.pen = Point(x, y); g.line = i; g.word = word
                out.append(g)
                x += widths[i][k]
            }
        }
        return out
    }

    /// The width a line is justified by: every character's advance and tracking, trailing spaces
    /// left out (a wrapped line ends in the space it broke at).
    static func lineWidth(_ line: [PlacedGlyph], _ widths: [Double]) -> Double {
        var end = line.count
        while end > 0 && line[end - 1].isSpace { end -= 1 }
        var w = 0.0
        for k in 0..<end { w += widths[k] }
        return w
    }

    /// Breaks lines wider than `width` after their last space that fits (or, for a word longer
    /// than the box, before the character that does not fit). Linear in the characters: each
    /// character is added once and moved to a new line at most once per break.
    static func wrap(_ lines: [[PlacedGlyph]], _ widths: [[Double]], width: Double) -> ([[PlacedGlyph]], [[Double]]) {
        var outLines: [[PlacedGlyph]] = [], outWidths: [[Double]] = []
        for (li, line) in lines.enumerated() {
            var cur: [PlacedGlyph] = [], curW: [Double] = []
            var running = 0.0        // width of `cur`
            var lastSpace = -1       // index in `cur` of the last space after some content
            var hasContent = false   // whether `cur` has a non-space character
            for (k, g) in line.enumerated() {
                let w = widths[li][k]
                if !g.isSpace && !cur.isEmpty && running + w > width + 1e-9 {
                    if lastSpace >= 0 {
                        // Break after the last space; the word after it starts the new line.
                        outLines.append(Array(cur[...lastSpace])); outWidths.append(Array(curW[...lastSpace]))
                        cur = Array(cur[(lastSpace + 1)...]); curW = Array(curW[(lastSpace + 1)...])
                    } else {
                        outLines.append(cur); outWidths.append(curW)
                        cur = []; curW = []
                    }
                    running = curW.reduce(0, +); lastSpace = -1
                    hasContent = cur.contains { !$0.isSpace }
                }
                cur.append(g); curW.append(w); running += w
                if g.isSpace { if hasContent { lastSpace = cur.count - 1 } } else { hasContent = true }
            }
            outLines.append(cur); outWidths.append(curW)
        }
        return (outLines, outWidths)
    }
}
