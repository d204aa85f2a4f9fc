import CYLGeometry
import CYLLottieAnimator
import CYLRaster

/// Lays PAG text out by libpag's rules, which are not After Effects' (`TextLayout`):
///
/// - advances are the font's at the document's size as its hinter gives them (whole pixels for
///   most fonts); tracking (1/1000 em) is rounded to whole pixels and goes between characters;
/// - box text wraps at any character, not at spaces: a line ends before the character that
///   would take it past the box's width;
/// - box text that does not fit its box is shrunk a point at a time until it does (to 5 points
///   at least), and text with fewer lines than the box holds is centred down it by half a line
///   per line missing;
/// - lines are justified in the box (or about the origin for point text); the justified modes
///   spread the letters over the box width except on a paragraph's last line.
///
/// A line's height is split above and below its baseline in the ratio of its fonts' ascent and
/// descent (the fonts of its characters, fallbacks included).
struct PAGTextLayout: TextLayoutEngine {
    /// The layer's documents, each from its time on.
    let documents: [(time: Double, document: PAGTextDocument)]

    /// The height of a line as a multiple of the size, when the document gives no leading; and
    /// for splitting a line above and below its baseline.
    static let lineGapFactor = 1.2
    /// Sizes a box's text is not shrunk below.
    static let minimumFitSize = 5.0

    /// The document shown at `time`: the last whose time has come.
    func document(at time: Double) -> PAGTextDocument {
        var d = documents[0].document
        for k in documents where k.time <= time { d = k.document }
        return d
    }

    func layout(at time: Double, font: FontGlyphs?, before: [Double], after: [Double]) -> [PlacedGlyph] {
        let d = document(at: time)
        guard d.fontSize > 0 else { return [] }
        var placed = Self.layout(d, font: font)
        if !before.isEmpty || !after.isEmpty { Self.track(&placed, d.justification, before: before, after: after) }
        return placed
    }

    /// libpag's text background: each line's box (its characters' advances, from the highest
    /// glyph top to the lowest glyph bottom of the whole text; across a vertical column, as its
    /// glyphs are placed; each character's where its animators move it), grown by a margin
    /// (`backgroundMargin` of the size, or the stroke width if wider), stretched to meet the next
    /// line halfway, rounded to whole pixels, its corners cut by quadratic curves as far as a
    /// third of the whole background's smaller side (25 pixels at most).
    func background(at time: Double, placed: [PlacedGlyph], moved: [Transform], font: FontGlyphs?) -> TextBackground? {
        let d = document(at: time)
        guard d.backgroundAlpha > 0, !placed.isEmpty else { return nil }
        // The line's extent across it: from the highest glyph top to the lowest glyph bottom of
        // the whole text (in a vertical line, from the rightmost glyph edge to the leftmost, of
        // the glyphs as placed).
        let vertical = placed[0].vertical
        var top = 0.0, bottom = 0.0
        for g in placed {
            guard let glyph = font?.glyphs[g.character] else { continue }
            var b = Rect.empty
            let k = d.fontSize / 100 * g.scale
            for c in glyph.contours { for v in c.vertices { b.include(vertical ? g.placement.apply(v * k) : v * k) } }
            guard !b.isEmpty else { continue }
            if vertical {
                top = min(top, -b.maxX); bottom = max(bottom, -b.minX)
            } else {
                top = min(top, b.minY); bottom = max(bottom, b.maxY)
            }
        }
        var lines: [Rect] = []
        var current = Rect.empty, line = placed[0].line
        let margin = max(d.fontSize * Self.backgroundMargin, d.strokeWidth)
        func finish() { if !current.isEmpty { lines.append(current.insetBy(-margin)) } }
        // libpag maps each character's box through the glyph's whole matrix: its placement in a
        // vertical line, its pen, and what the animators do to it.
        for (i, g) in placed.enumerated() {
            if g.line != line { finish(); current = .empty; line = g.line }
            let move = i < moved.count ? moved[i] : .identity
            let m = (vertical ? g.placement : .identity).then(.translation(g.pen.x, g.pen.y)).then(move)
            let corners = vertical ? [Point(-bottom, 0), Point(-top, 0), Point(-bottom, g.advance), Point(-top, g.advance)]
                : [Point(0, top), Point(g.advance, top), Point(0, bottom), Point(g.advance, bottom)]
            for p in corners { current.include(m.apply(p)) }
        }
        finish()
        var path = Path()
        var bounds = Rect.empty
        var rects: [Rect] = []
        // Lines stretch to meet the next halfway: down to the next row, or left to the next column.
        var before = 0.0
        for i in lines.indices {
            var r = lines[i]
            var after = 0.0
            if vertical {
                if i + 1 < lines.count, r.minX > lines[i + 1].maxX { after = (r.minX - lines[i + 1].maxX) / 2 }
                r.minX -= after; r.maxX += before
            } else {
                if i + 1 < lines.count, r.maxY < lines[i + 1].minY { after = (lines[i + 1].minY - r.maxY) / 2 }
                r.minY -= before; r.maxY += after
            }
            before = after
            r = Rect(minX: r.minX.rounded(), minY: r.minY.rounded(), maxX: r.maxX.rounded(), maxY: r.maxY.rounded())
            rects.append(r)
            bounds = bounds.union(r)
        }
        let radius = min(min(bounds.width, bounds.height) / 3, 25)
        for r in rects { Self.appendCutCorners(r, radius: radius, to: &path) }
        let c = d.backgroundColor
        return TextBackground(path: path, color: Color(c.count > 0 ? c[0] : 1, c.count > 1 ? c[1] : 1, c.count > 2 ? c[2] : 1),
                              opacity: Double(d.backgroundAlpha) / 255)
    }

    /// The background's margin around its lines, a fraction of the size.
    static let backgroundMargin = 0.4

    /// A rectangle whose corners are cut by quadratic curves from `radius` before the corner to
    /// `radius` after it (half the side where a side is shorter than two radii), the corner as
    /// their control point: a path effect's rounding of corners.
    static func appendCutCorners(_ r: Rect, radius: Double, to path: inout Path) {
        guard !r.isEmpty else { return }
        let rx = min(radius, r.width / 2), ry = min(radius, r.height / 2)
        guard rx > 0, ry > 0 else { return path.append(.rect(r)) }
        path.move(to: Point(r.minX + rx, r.minY))
        path.line(to: Point(r.maxX - rx, r.minY))
        path.quad(to: Point(r.maxX, r.minY + ry), control: Point(r.maxX, r.minY))
        path.line(to: Point(r.maxX, r.maxY - ry))
        path.quad(to: Point(r.maxX - rx, r.maxY), control: Point(r.maxX, r.maxY))
        path.line(to: Point(r.minX + rx, r.maxY))
        path.quad(to: Point(r.minX, r.maxY - ry), control: Point(r.minX, r.maxY))
        path.line(to: Point(r.minX, r.minY + ry))
        path.quad(to: Point(r.minX + rx, r.minY), control: Point(r.minX, r.minY))
        path.close()
    }

    /// Moves the characters as libpag's tracking animators do, after the layout (lines stay as
    /// they were): along each line, character `i` moves `before[i]` (unless it starts the line)
    /// more than the one before it and the ones after it `after[i]` more; a right-justified line
    /// then moves back by all it grew, any other but a left-justified one by half.
    static func track(_ placed: inout [PlacedGlyph], _ justification: UInt8, before: [Double], after: [Double]) {
        func at(_ a: [Double], _ i: Int) -> Double { i < a.count && a[i].isFinite ? a[i] : 0 }
        var start = 0
        while start < placed.count {
            var end = start + 1
            while end < placed.count, placed[end].line == placed[start].line { end += 1 }
            var grown = 0.0
            for i in start..<end {
                if i > start { grown += at(before, i) }
                if i < end - 1 { grown += at(after, i) }
            }
            var offset = justification == 0 ? 0 : justification == 2 ? -grown : -grown / 2
            for i in start..<end {
                if i > start { offset += at(before, i) }
                if placed[i].vertical { placed[i].pen.y += offset } else { placed[i].pen.x += offset }
                offset += at(after, i)
            }
            start = end
        }
    }

    /// One character to place: its advance at the document's size and its font's vertical
    /// metrics, in layer pixels (ascent negative, up).
    private struct Character {
        var text: String
        var isBreak: Bool
        var advance: Double
        var ascent: Double
        var descent: Double
        var placement = Transform.identity
    }

    /// A character set in a vertical line: one byte of UTF-8 (Latin, digits, punctuation) turns
    /// on its side, moved left by a quarter of its font's cap height plus x-height; anything else
    /// stands upright where its vertical metrics put it, advancing by their advance, its line
    /// height split evenly about the line.
    private static func vertical(_ c: inout Character, _ glyph: GlyphModel, size: Double) {
        if c.text.utf8.count == 1 {
            let font = glyph.hinted?.font
            let offset = ((font?.capHeight ?? 0.7) + (font?.xHeight ?? 0.5)) * size / 4
            c.placement = Transform.rotation(.pi / 2).then(.translation(-offset, 0))
            c.ascent += offset
            c.descent += offset
        } else {
            let width = c.advance
            if let v = glyph.hinted.flatMap({ $0.font.vertical($0.scalar, pixelSize: size) }) {
                c.placement = .translation(v.offset.x, v.offset.y)
                if v.advance > 0 { c.advance = v.advance }
            }
            c.ascent = -width / 2
            c.descent = width / 2
        }
    }

    static func layout(_ d: PAGTextDocument, font: FontGlyphs?) -> [PlacedGlyph] {
        // Sizes and lengths past `TextLimits.maxMagnitude` are clamped, so every product is finite.
        func clamped(_ v: Double) -> Double { v.isFinite ? min(max(v, -TextLimits.maxMagnitude), TextLimits.maxMagnitude) : 0 }
        var d = d
        d.fontSize = clamped(d.fontSize)
        d.tracking = clamped(d.tracking); d.leading = clamped(d.leading); d.baselineShift = clamped(d.baselineShift)
        d.firstBaseline = clamped(d.firstBaseline)
        d.boxPosition = Point(clamped(d.boxPosition.x), clamped(d.boxPosition.y))
        d.boxSize = Point(clamped(d.boxSize.x), clamped(d.boxSize.y))
        d.strokeWidth = clamped(d.strokeWidth)
        let size = d.fontSize
        guard size > 0 else { return [] }
        // Vertical text is laid out as horizontal text is, in a frame turned a quarter turn:
        // its lines run down and follow each other leftwards.
        let isVertical = d.direction == 2
        var chars: [Character] = []
        for c in d.text {
            if chars.count >= TextLimits.maxCharacters { break }
            let s = String(c)
            // libpag's shaper (its build without HarfBuzz, which drew the references) gives a
            // character that no installed font maps no glyph: it takes no room and draws nothing.
            // A line break is one of those (no common font maps U+000A or U+000D), so it breaks
            // no line; a font that maps U+000A would make it a glyph that does.
            guard let glyph = font?.glyphs[s], !glyph.isMissing else { continue }
            if c == "\n" {
                chars.append(Character(text: s, isBreak: true, advance: 0, ascent: 0, descent: 0))
                continue
            }
            let advance = glyph.hinted.flatMap { $0.font.outline($0.scalar, pixelSize: size)?.advance } ?? glyph.advance * size / 100
            let ascender = glyph.hinted?.font.ascender ?? (font?.ascent ?? 75) / 100
            let descender = glyph.hinted?.font.descender ?? -0.25
            var char = Character(text: s, isBreak: false, advance: advance, ascent: -ascender * size, descent: -descender * size)
            if isVertical { vertical(&char, glyph, size: size) }
            chars.append(char)
        }
        guard !chars.isEmpty else { return [] }

        var tracking = (d.tracking * size / 1000).rounded()
        var lineGap = d.leading == 0 ? (size * lineGapFactor).rounded() : d.leading
        let minAscent = chars.reduce(0) { min($0, $1.ascent) }, maxDescent = chars.reduce(0) { max($0, $1.descent) }
        let lineHeight = size * lineGapFactor
        var fontBottom = maxDescent - minAscent > 0 ? maxDescent / (maxDescent - minAscent) * lineHeight : 0
        var fontTop = fontBottom - lineHeight
        var glyphScale = 1.0
        var box: Rect? = nil
        var firstBaseline = 0.0
        // From the layout's frame to the layer.
        let frame: Transform
        switch (d.boxText, isVertical) {
        case (false, false): frame = .identity
        case (false, true): frame = .rotation(.pi / 2)
        case (true, false): frame = .translation(d.boxPosition.x, d.boxPosition.y)
        case (true, true): frame = Transform.rotation(.pi / 2).then(.translation(d.boxPosition.x + d.boxSize.x, d.boxPosition.y))
        }
        if d.boxText {
            let b = isVertical ? Rect(x: 0, y: 0, width: d.boxSize.y, height: d.boxSize.x)
                               : Rect(x: 0, y: 0, width: d.boxSize.x, height: d.boxSize.y)
            box = b
            firstBaseline = isVertical ? d.boxPosition.x + d.boxSize.x - d.firstBaseline : d.firstBaseline - d.boxPosition.y
            // Fit the box: shrink until every line's baseline and descent stay inside it.
            let boxLines = ((b.height - (firstBaseline - b.minY)) / lineGap).rounded(.down) + 1
            let visibleTop = firstBaseline + fontTop
            let visibleBottom = firstBaseline + lineGap * (boxLines - 1) + fontBottom
            // Whether the text fits at `fit` points, and in how many lines.
            func attempt(_ fit: Double) -> (fits: Bool, lines: Int) {
                let k = fit / size
                var baseline = visibleTop - fontTop * k
                var lines = 0, i = 0
                while i < chars.count {
                    i = nextLine(chars, from: i, scale: k, maxWidth: b.width, tracking: tracking * k).end
                    if baseline + fontBottom * k > visibleBottom || baseline > b.maxY { return (false, lines) }
                    baseline += lineGap * k
                    lines += 1
                }
                return (true, lines)
            }
            // libpag tries the size, then a point less each time, down to the first size not over
            // 5 points (taken whether it fits or not). Smaller text never fits worse, so the first
            // size that fits is found by halving: a few tries rather than one per point.
            let steps = max(0, (size - minimumFitSize).rounded(.up))
            var low = 0.0, high = steps
            if !attempt(size).fits {
                low = 1
                while low < high {
                    let mid = (low + high) / 2
                    let n = mid.rounded(.down)
                    if attempt(size - n).fits { high = n } else { low = n + 1 }
                }
            } else {
                high = 0
            }
            let fit = size - high
            let lines = attempt(fit).lines
            let k = fit / size
            if k != 1 {
                glyphScale = k
                firstBaseline = visibleTop - fontTop * k
                if lines == 1 { firstBaseline += (1 - k) * 0.5 * lineGap }
                fontTop *= k; fontBottom *= k; tracking *= k; lineGap *= k
                for i in chars.indices { chars[i].advance *= k }
            } else if Double(lines) < boxLines {
                firstBaseline += (boxLines - Double(lines)) * lineGap * 0.5
            }
        }

        var placed: [PlacedGlyph] = []
        placed.reserveCapacity(chars.count)
        let maxWidth = box?.width ?? .infinity, maxY = box?.maxY ?? .infinity
        var baseline = firstBaseline
        var i = 0, line = 0, word = 0
        var previousSpace = false
        while i < chars.count, baseline <= maxY {
            let next = nextLine(chars, from: i, scale: 1, maxWidth: maxWidth, tracking: tracking)
            let endsParagraph = chars[next.end - 1].isBreak || next.end == chars.count
            let glyphEnd = chars[next.end - 1].isBreak ? next.end - 1 : next.end
            var x = startX(d.justification, width: next.width, lastLine: endsParagraph, box: box)
            let spacing = letterSpacing(d.justification, tracking: tracking, width: next.width,
                                        count: glyphEnd - i, lastLine: endsParagraph, box: box)
            let y = baseline - d.baselineShift
            for c in chars[i..<glyphEnd] {
                let space = c.text == " " || c.text == "\t" || c.text == "\u{a0}"
                if previousSpace && !space { word += 1 }
                previousSpace = space
                placed.append(PlacedGlyph(character: c.text, pen: frame.apply(Point(x, y)), advance: c.advance,
                                          line: line, word: word, isSpace: space, scale: glyphScale,
                                          placement: c.placement, vertical: isVertical))
                x += c.advance + spacing
            }
            i = next.end
            baseline += lineGap
            line += 1
        }
        return placed
    }

    /// Where the line starting at `start` ends (past its break, if any) and how wide it is:
    /// advances (times `scale`) and the tracking between them, ending before the character that
    /// would take it past `maxWidth`.
    private static func nextLine(_ chars: [Character], from start: Int, scale: Double, maxWidth: Double,
                                 tracking: Double) -> (end: Int, width: Double) {
        var width = 0.0, i = start, hasPrevious = false
        while i < chars.count {
            let c = chars[i]
            i += 1
            if c.isBreak { break }
            width += c.advance * scale
            if hasPrevious { width += tracking }
            hasPrevious = true
            let nextWidth = i < chars.count ? chars[i].advance * scale : 0
            if width + tracking + nextWidth > maxWidth { break }
        }
        return (i, width)
    }

    private static func startX(_ justification: UInt8, width: Double, lastLine: Bool, box: Rect?) -> Double {
        guard let box else {
            switch justification {
            case 1: return -width / 2
            case 2: return -width
            default: return 0
            }
        }
        switch justification {
        case 1: return box.center.x - width / 2
        case 2: return box.maxX - width
        case 4: return lastLine ? box.maxX - width : box.minX
        case 5: return lastLine ? box.center.x - width / 2 : box.minX
        default: return box.minX
        }
    }

    private static func letterSpacing(_ justification: UInt8, tracking: Double, width: Double, count: Int,
                                      lastLine: Bool, box: Rect?) -> Double {
        guard let box, count > 1 else { return tracking }
        let gaps = Double(count - 1)
        let spread = (box.width - width + gaps * tracking) / gaps
        switch justification {
        case 3, 4, 5: return lastLine ? tracking : spread
        case 6: return spread
        default: return tracking
        }
    }
}
