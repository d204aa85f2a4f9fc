import CYLGeometry
import CYLLimits
import CYLText

/// One paragraph's shaped glyphs flattened for line breaking: glyph `k` of the paragraph is
/// glyph `k - runStart[r]` of run `r`; `x[k]` is the pen position before it (in logical order,
/// `x[count]` the paragraph's width).
struct ParagraphGlyphs {
    var runs: [ShapedRun]
    var runStart: [Int] = [0]
    var runOf: [Int] = []
    var x: [Double] = [0]
    var isSpace: [Bool] = []
    /// The first character of each glyph's cluster (index in the whole text).
    var cluster: [Int] = []
    /// The paragraph ends with a separator (a newline).
    var endsWithSeparator = false
    var count: Int { runOf.count }

    init(_ paragraph: ShapedParagraph, text: [UInt32]) {
        runs = paragraph.runs
        var pen = 0.0
        for (r, run) in runs.enumerated() {
            for (k, advance) in run.advances.enumerated() {
                runOf.append(r)
                isSpace.append(Self.isWhiteSpace(text[run.clusters[k]]))
                cluster.append(run.clusters[k])
                pen += advance
                x.append(pen)
            }
            runStart.append(runOf.count)
        }
        if let last = paragraph.range.last { endsWithSeparator = TextShaper.isParagraphSeparator(text[last]) }
    }

    /// What lines break at (the runtime's definition: control characters, spaces, the line
    /// separator and the zero-width space).
    static func isWhiteSpace(_ c: UInt32) -> Bool { c <= 0x20 || c == 0x2028 || c == 0x200B }
}

/// A line of a paragraph: glyphs `start..<end` of its `ParagraphGlyphs`, and its vertical
/// metrics relative to the top of the paragraph.
struct TextLine {
    var start: Int, end: Int
    /// The runs (of its paragraph) the line's metrics come from.
    var firstRun = 0, lastRun = 0
    var top = 0.0, baseline = 0.0, bottom = 0.0
    var startX = 0.0
    var width = 0.0
}

/// Shaped, broken and spaced text: what one layout pass of a text object produces before its
/// glyphs are placed.
struct BrokenText {
    var paragraphs: [ParagraphGlyphs] = []
    var lines: [[TextLine]] = []
    var maxWidth = 0.0
    /// The characters, glyph clusters and lines, as modifier ranges count them.
    var units = TextUnits()
    var isEmpty: Bool { paragraphs.isEmpty }
}

extension RText {
    /// Clamps a size, spacing or length read from the file to a finite value.
    static func sane(_ v: Double, min low: Double = -Limits.maxTextMagnitude) -> Double {
        guard v.isFinite else { return 0 }
        return Swift.min(Swift.max(v, low), Limits.maxTextMagnitude)
    }

    var width: Double { Self.sane(boxWidth, min: 0) }
    var height: Double { Self.sane(boxHeight, min: 0) }
    var spacing: Double { Self.sane(paragraphSpacing) * fitScale }

    /// Lays the text out: shapes its runs, breaks and aligns lines, applies overflow, and
    /// collects each style's glyph outlines (`RTextStylePaint.glyphs`) in box space.
    func layOut(_ artboard: ArtboardInstance) {
        needsLayout = false
        for s in styles { s.glyphs.removeAll(); s.faded.removeAll() }
        drawOrder.removeAll()
        clipRect = nil
        fitScale = 1
        if overflow == .fitFontSize { fitScale = fitFontScale(artboard) }
        let text = shapeAndBreak(artboard, scale: fitScale, note: true)
        guard !text.isEmpty else {
            bounds = Rect(minX: 0, minY: 0, maxX: 0, maxY: 0)
            boxTransform = .identity
            return
        }
        place(text, artboard)
    }

    /// Shapes the runs at `scale` times their sizes and breaks them into lines.
    func shapeAndBreak(_ artboard: ArtboardInstance, scale: Double, note: Bool) -> BrokenText {
        var scalars: [UInt32] = []
        var spans: [TextSpan] = []
        var runSpans: [ObjectIdentifier: Range<Int>] = [:]
        var cut = false
        for (i, run) in runs.enumerated() {
            guard let style = run.style, !run.text.isEmpty,
                  let font = artboard.fonts.font(style.fontAssetID, axes: style.axes.map { ($0.tag, $0.value) },
                                                 file: artboard.file, limits: artboard.limits) else { continue }
            var count = 0
            for u in run.text.unicodeScalars {
                guard scalars.count < Limits.maxTextCharacters else { cut = true; break }
                scalars.append(u.value)
                count += 1
            }
            guard count > 0 else { continue }
            runSpans[ObjectIdentifier(run)] = (scalars.count - count)..<scalars.count
            var span = TextSpan(font: font, size: Self.sane(style.fontSize, min: 0) * scale,
                                letterSpacing: Self.sane(style.letterSpacing) * scale, count: count, tag: i)
            span.features = style.features.map { ($0.tag, $0.value) }
            spans.append(span)
        }
        if cut && note {
            artboard.noteOnce("text (\"\(name)\") has more than \(Limits.maxTextCharacters) characters; the rest is not drawn")
        }
        var out = BrokenText()
        guard !spans.isEmpty else { return out }
        let shaped = artboard.fonts.shaper.shape(scalars, spans: spans)
        let last = shaped.count - 1
        // Auto width lays every line out unbroken; the widest line is then the width lines align in.
        let limit = sizing == .autoWidth || wrap == .noWrap ? Double.infinity : width
        for (p, paragraph) in shaped.enumerated() {
            let glyphs = ParagraphGlyphs(paragraph, text: scalars)
            let lines = Self.breakLines(glyphs, limit: limit, isLast: p == last)
            for l in lines { out.maxWidth = max(out.maxWidth, l.width) }
            out.paragraphs.append(glyphs)
            out.lines.append(lines)
        }
        let alignWidth = sizing == .autoWidth ? out.maxWidth : width
        for p in out.lines.indices {
            spaceLines(&out.lines[p], out.paragraphs[p], isFirst: p == 0, alignWidth: alignWidth, scale: scale)
        }
        if !modifierGroups.isEmpty { out.units = Self.units(scalars, runSpans, out) }
        return out
    }

    /// The text as modifier ranges count it: which glyph each character belongs to (a character
    /// inside a ligature belongs to the ligature's glyph) and each line's characters.
    static func units(_ scalars: [UInt32], _ runSpans: [ObjectIdentifier: Range<Int>], _ text: BrokenText) -> TextUnits {
        var u = TextUnits(scalars: scalars, glyphOf: Array(repeating: -1, count: scalars.count), lines: [], runSpans: runSpans)
        var ordinal = 0
        for (p, g) in text.paragraphs.enumerated() {
            for c in g.cluster {
                if c < u.glyphOf.count && u.glyphOf[c] < 0 { u.glyphOf[c] = ordinal }
                ordinal += 1
            }
            for line in text.lines[p] where line.end > line.start {
                var lo = Int.max, hi = Int.min
                for k in line.start..<line.end { lo = min(lo, g.cluster[k]); hi = max(hi, g.cluster[k]) }
                u.lines.append(lo..<(hi + 1))
            }
        }
        var last = -1
        for i in u.glyphOf.indices {
            if u.glyphOf[i] < 0 { u.glyphOf[i] = last } else { last = u.glyphOf[i] }
        }
        // A line ends where the next begins, so a ligature at its end stays whole.
        for i in u.lines.indices {
            var end = u.lines[i].upperBound
            while end < scalars.count, end > 0, u.glyphOf[end] == u.glyphOf[end - 1] { end += 1 }
            u.lines[i] = u.lines[i].lowerBound..<end
        }
        return u
    }

    /// Greedy line breaking at word boundaries: a line takes words while they fit `limit`; a
    /// word wider than a line on its own is broken between glyphs. The first line of a
    /// paragraph starts at its first glyph (leading spaces count), later lines at their first
    /// word; trailing spaces count only at the very end of the text, as in the runtime.
    static func breakLines(_ g: ParagraphGlyphs, limit: Double, isLast: Bool) -> [TextLine] {
        var lines: [TextLine] = []
        var lineStart = 0
        var lineEnd = -1  // no word on the line yet
        func emit(_ s: Int, _ e: Int) { lines.append(TextLine(start: s, end: e, width: g.x[e] - g.x[s])) }
        var k = 0
        while k < g.count {
            guard !g.isSpace[k] else { k += 1; continue }
            var e = k
            while e < g.count && !g.isSpace[e] { e += 1 }
            addWord(k, e)
            k = e
        }
        if isLast && !g.endsWithSeparator, g.count > 0, g.isSpace[g.count - 1] {
            // The text ends in spaces: they are a word of their own, so alignment sees them.
            addWord(max(lineEnd, 0), g.count)
        }
        if lineEnd >= 0 {
            emit(lineStart, lineEnd)
        } else if g.endsWithSeparator || g.count > 0 {
            // An empty paragraph (a blank line) still takes a line's height.
            emit(0, 0)
        }
        return lines

        func addWord(_ s: Int, _ e: Int) {
            if lineEnd >= 0 && g.x[e] - g.x[lineStart] > limit {
                emit(lineStart, lineEnd)
                lineStart = s
                lineEnd = -1
            }
            // A word too wide for a line of its own is cut after the last glyph that fits
            // (at least one glyph a line, so this ends).
            while g.x[e] - g.x[lineStart] > limit {
                var cutAt = lineStart + 1
                while cutAt < e && g.x[cutAt + 1] - g.x[lineStart] <= limit { cutAt += 1 }
                guard cutAt < e else { break }
                emit(lineStart, cutAt)
                lineStart = cutAt
            }
            lineEnd = e
        }
    }

    /// Each line's top, baseline and bottom (from the ascent and descent of the runs it holds,
    /// or their styles' line height) and its start for the alignment.
    func spaceLines(_ lines: inout [TextLine], _ g: ParagraphGlyphs, isFirst: Bool, alignWidth: Double, scale: Double) {
        var first = isFirst
        var y = 0.0
        for i in lines.indices {
            var ascent = 0.0, fontAscent = 0.0, descent = 0.0
            let line = lines[i]
            let firstRun = line.start < g.count ? g.runOf[line.start] : max(g.runs.count - 1, 0)
            let lastRun = line.end > line.start ? g.runOf[line.end - 1] : firstRun
            if !g.runs.isEmpty {
                for r in firstRun...lastRun {
                    let run = g.runs[r]
                    let a = -run.font.ascent * run.size, d = run.font.descent * run.size
                    fontAscent = min(fontAscent, a)
                    var lh = runs.indices.contains(run.tag) ? (runs[run.tag].style?.lineHeight ?? -1) : -1
                    lh = Self.sane(lh) * (lh >= 0 ? scale : 1)
                    if lh < 0 {
                        ascent = min(ascent, a); descent = max(descent, d)
                    } else {
                        // A custom line height keeps the font's ratio of ascent to descent.
                        let total = -a + d
                        let customAscent = total > 0 ? -(-a / total) * lh : 0
                        ascent = min(ascent, customAscent); descent = max(descent, lh + customAscent)
                    }
                }
            }
            lines[i].firstRun = firstRun
            lines[i].lastRun = g.runs.isEmpty ? firstRun : lastRun
            lines[i].top = y
            if first {
                // The first line of the text sits on the font's own ascent.
                y = -fontAscent
                first = false
            } else {
                y -= ascent
            }
            lines[i].baseline = y
            y += descent
            lines[i].bottom = y
            switch align {
            case .left: lines[i].startX = 0
            case .right: lines[i].startX = alignWidth - line.width
            case .center: lines[i].startX = alignWidth / 2 - line.width / 2
            }
        }
    }

    /// The largest whole font size (for the largest style) at which the text fits its box.
    private func fitFontScale(_ artboard: ArtboardInstance) -> Double {
        var largest = 0.0
        for run in runs where !run.text.isEmpty { largest = max(largest, Self.sane(run.style?.fontSize ?? 0, min: 0)) }
        guard largest > 1, sizing != .autoWidth else { return 1 }
        func fits(_ size: Int) -> Bool {
            let s = Double(size) / largest
            fitScale = s
            let text = shapeAndBreak(artboard, scale: s, note: false)
            var y = 0.0
            for lines in text.lines {
                y += lines.last?.bottom ?? 0
                y += spacing
            }
            return text.maxWidth <= width && (sizing != .fixed || y <= height)
        }
        // Binary search over whole sizes; each probe shapes the text once (at most 20 probes).
        var lo = 1, hi = max(1, Int(min(largest, 1_000_000))), best = 1
        while lo <= hi {
            let mid = lo + (hi - lo) / 2
            if fits(mid) { best = mid; lo = mid + 1 } else { hi = mid - 1 }
        }
        return Double(best) / largest
    }
}
