import CYLGeometry
import CYLLimits
import CYLText

/// One glyph to place: which run and which of its glyphs; the ellipsis's glyphs are not
/// characters of the text, so modifiers leave them alone.
private struct PlacedGlyph {
    var run: ShapedRun
    var index: Int
    var isEllipsis = false
}

extension RText {
    /// Whether overflow treats the box as fixed (the runtime's `overflowAsFixed` without layouts).
    var boxIsFixed: Bool { sizing == .fixed }

    /// Places the broken text's glyphs: vertical extent and ellipsis line, bounds, overflow
    /// (lines hidden or clipped), each line's runs in visual order, then the box transform
    /// (origin, fit, vertical alignment).
    func place(_ text: BrokenText, _ artboard: ArtboardInstance) {
        let lines = text.lines
        var y = 0.0, minY = 0.0
        if origin == .baseline, let first = lines.first?.first {
            y -= first.baseline
            minY = y
        }
        // The ellipsis goes on the last line that fits the box's height (the first when none does).
        let wantEllipsis = overflow == .ellipsis && boxIsFixed
        var ellipsisLine = -1, lastLine = -1
        var ellipsedHeight = 0.0
        for paragraphLines in lines {
            for line in paragraphLines {
                lastLine += 1
                if wantEllipsis && y + line.bottom <= height {
                    ellipsedHeight = y + line.bottom
                    ellipsisLine += 1
                }
            }
            y += paragraphLines.last?.bottom ?? 0
            y += spacing
        }
        if wantEllipsis && ellipsisLine == -1 { ellipsisLine = 0 }
        let totalHeight = ellipsisLine > 0 ? ellipsedHeight : y
        let ellipsisIsLast = lastLine == ellipsisLine

        let (topTrim, bottomTrim) = sizing == .fixed ? (0, 0) : verticalTrims(text)
        let autoMaxY = max(minY, totalHeight - spacing - topTrim - bottomTrim)
        switch sizing {
        case .autoWidth: bounds = Rect(minX: 0, minY: minY, maxX: text.maxWidth, maxY: autoMaxY)
        case .autoHeight: bounds = Rect(minX: 0, minY: minY, maxX: width, maxY: autoMaxY)
        case .fixed: bounds = Rect(minX: 0, minY: minY, maxX: width, maxY: minY + height)
        }
        var alignOffset = 0.0
        switch verticalAlign {
        case .middle: alignOffset = (totalHeight - bounds.height) / 2
        case .bottom: alignOffset = totalHeight - bounds.height
        case .top: break
        }
        if overflow == .clipped {
            clipRect = Rect(minX: bounds.minX, minY: bounds.minY + alignOffset,
                            maxX: bounds.minX + bounds.width, maxY: bounds.minY + alignOffset + bounds.height)
        }

        for group in modifierGroups { group.computeCoverage(text.units) }
        let modified = !modifierGroups.isEmpty
        // Trimmed, the first line's cap (or x) height sits on the box's top.
        var curY = minY - topTrim
        var lineIndex = 0
        var minX = Double.infinity
        var glyphs: [PlacedGlyph] = []
        var budgetLeft = artboard.limits.maxPathPoints
        placing: for (p, paragraphLines) in lines.enumerated() {
            let g = text.paragraphs[p]
            for line in paragraphLines {
                switch lineVisibility(curY, totalHeight, line) {
                case .below: break placing
                case .above: lineIndex += 1; continue
                case .shown: break
                }
                let baseline = curY + line.baseline
                visualGlyphs(line, g, into: &glyphs)
                if lineIndex == ellipsisLine {
                    ellipsize(&glyphs, line: line, isLast: ellipsisIsLast, artboard)
                }
                var pen = line.startX
                minX = min(minX, pen)
                for placed in glyphs {
                    let run = placed.run, k = placed.index
                    if let path = run.font.path(glyph: run.glyphs[k]), runs.indices.contains(run.tag),
                       let style = runs[run.tag].style {
                        // Glyph outlines together are bounded like one path: a huge glyph
                        // repeated thousands of times would otherwise be billions of points.
                        budgetLeft -= path.points.count
                        guard budgetLeft >= 0 else {
                            artboard.noteOnce("text (\"\(name)\") holds more than \(artboard.limits.maxPathPoints) path points; the rest is not drawn")
                            break placing
                        }
                        if !style.hasGlyphs && !drawOrder.contains(where: { $0 === style }) { drawOrder.append(style) }
                        let o = run.offsets[k]
                        var t = Transform(a: run.size, b: 0, c: 0, d: run.size, tx: pen + o.x, ty: baseline + o.y)
                        var alpha = 1.0
                        if modified && !placed.isEllipsis {
                            // Modifiers act about the middle of the glyph's advance.
                            let middle = run.advances[k] / 2
                            var ctm = Transform(a: run.size, b: 0, c: 0, d: run.size, tx: -middle, ty: 0)
                            let first = run.clusters[k], count = text.units.clusterLength(first)
                            for group in modifierGroups {
                                let coverage = group.glyphCoverage(first, count: count)
                                ctm = group.transform(coverage, ctm)
                                if group.modifiesOpacity { alpha = group.opacity(alpha, coverage) }
                            }
                            t = Transform.translation(pen + middle + o.x, baseline + o.y) * ctm
                        }
                        if alpha == 1 {
                            style.glyphs.append(path, transformed: t)
                        } else if alpha > 0 {
                            style.faded[alpha, default: Path()].append(path, transformed: t)
                        }
                    }
                    pen += run.advances[k]
                }
                if lineIndex == ellipsisLine { break placing }
                lineIndex += 1
            }
            curY += paragraphLines.last?.bottom ?? 0
            curY += spacing
        }
        drawOrder.removeAll { !$0.hasGlyphs }

        var scale = 1.0
        var xOffset = -bounds.width * originX, yOffset = -bounds.height * originY
        if overflow == .fit {
            let xScale = (sizing != .autoWidth || boxIsFixed) && text.maxWidth > bounds.width ? bounds.width / text.maxWidth : 1
            let base = fitFromBaseline ? (lines.first?.first?.baseline ?? 0) : 0
            let yScale = boxIsFixed && totalHeight > bounds.height ? (bounds.height - base) / (totalHeight - base) : 1
            if xScale != 1 || yScale != 1 {
                scale = max(0, min(xScale, yScale))
                yOffset += base * (1 - scale)
                let left = minX.isFinite ? minX : 0
                switch align {
                case .center: xOffset += (bounds.width - text.maxWidth * scale) / 2 - left * scale
                case .right: xOffset += bounds.width - text.maxWidth * scale - left * scale
                case .left: break
                }
            }
        }
        if verticalAlign != .top && boxIsFixed {
            yOffset = -bounds.height * originY
            if verticalAlign == .middle {
                yOffset += (bounds.height - totalHeight * scale) / 2
            } else {
                yOffset += bounds.height - totalHeight * scale
            }
        }
        boxTransform = Transform(a: scale, b: 0, c: 0, d: scale, tx: xOffset, ty: yOffset)
    }

    /// How much of the first line's ascent above its cap or x height, and of the last line's
    /// band below its baseline (all of it, or what the font's descent leaves), the box drops.
    private func verticalTrims(_ text: BrokenText) -> (Double, Double) {
        let top = verticalTrim & 0xFF, bottom = (verticalTrim >> 8) & 0xFF
        var topTrim = 0.0, bottomTrim = 0.0
        if top == 1 || top == 2, let first = text.lines.first?.first, let g = text.paragraphs.first, !g.runs.isEmpty {
            var edge = 0.0
            for r in first.firstRun...first.lastRun {
                let run = g.runs[r]
                edge = max(edge, (top == 1 ? run.font.capHeight : run.font.xHeight) * run.size)
            }
            topTrim = max(0, first.baseline - edge - first.top)
        }
        if bottom == 1 || bottom == 2,
           let p = text.lines.lastIndex(where: { !$0.isEmpty }), let last = text.lines[p].last, !text.paragraphs[p].runs.isEmpty {
            let band = last.bottom - last.baseline
            if bottom == 1 {
                bottomTrim = max(0, band)
            } else {
                var descent = 0.0
                for r in last.firstRun...last.lastRun {
                    let run = text.paragraphs[p].runs[r]
                    descent = max(descent, run.font.descent * run.size)
                }
                bottomTrim = max(0, band - descent)
            }
        }
        return (topTrim, bottomTrim)
    }

    private enum LineVisibility { case shown, above, below }

    /// Whether a line is drawn when the box hides or clips what overflows it: hidden overflow
    /// drops lines not wholly inside the box, clipped overflow lines wholly outside it.
    private func lineVisibility(_ y: Double, _ total: Double, _ line: TextLine) -> LineVisibility {
        guard boxIsFixed, overflow == .hidden || overflow == .clipped else { return .shown }
        let hidden = overflow == .hidden
        let h = height
        switch verticalAlign {
        case .top:
            if y + (hidden ? line.bottom : line.top) > h { return .below }
        case .middle:
            if y + (hidden ? line.top : line.bottom) < total / 2 - h / 2 { return .above }
            if y + (hidden ? line.bottom : line.top) > total / 2 + h / 2 { return .below }
        case .bottom:
            if y + (hidden ? line.top : line.bottom) < total - h { return .above }
        }
        return .shown
    }

    /// The line's glyphs left to right: its runs in bidi visual order, a right-to-left run's
    /// glyphs from its last.
    private func visualGlyphs(_ line: TextLine, _ g: ParagraphGlyphs, into out: inout [PlacedGlyph]) {
        out.removeAll(keepingCapacity: true)
        guard line.end > line.start else { return }
        let firstRun = g.runOf[line.start], lastRun = g.runOf[line.end - 1]
        let order = Bidi.visualOrder((firstRun...lastRun).map { g.runs[$0].level })
        for o in order {
            let r = firstRun + o
            let run = g.runs[r]
            let from = max(line.start, g.runStart[r]) - g.runStart[r]
            let to = min(line.end, g.runStart[r + 1]) - g.runStart[r]
            guard from < to else { continue }
            if run.isRightToLeft {
                for k in stride(from: to - 1, through: from, by: -1) { out.append(PlacedGlyph(run: run, index: k)) }
            } else {
                for k in from..<to { out.append(PlacedGlyph(run: run, index: k)) }
            }
        }
    }

    /// Ends the line with "..." where it overflows the box's width (the last line only when it
    /// does not fit): glyphs are dropped from the end until the ellipsis fits after them. The
    /// ellipsis is set in the font and size of the last run it fits after.
    private func ellipsize(_ glyphs: inout [PlacedGlyph], line: TextLine, isLast: Bool, _ artboard: ArtboardInstance) {
        let limit = width
        var total = 0.0
        for p in glyphs { total += p.run.advances[p.index] }
        if isLast && total <= limit { return }
        var ellipsis: ShapedRun?
        var ellipsisWidth = 0.0
        var x = 0.0
        var kept = 0
        var lastShaped: (ObjectIdentifier, Double)?
        for p in glyphs {
            let key = (ObjectIdentifier(p.run.font), p.run.size)
            if lastShaped == nil || lastShaped! != key {
                lastShaped = key
                let dots: [UInt32] = [0x2E, 0x2E, 0x2E]
                let shaped = artboard.fonts.shaper.shape(dots, spans: [TextSpan(font: p.run.font, size: p.run.size,
                                                                                letterSpacing: p.run.letterSpacing, count: 3, tag: p.run.tag)])
                if let run = shaped.first?.runs.first {
                    let w = run.width
                    if ellipsis == nil || x + w <= limit { ellipsis = run; ellipsisWidth = w }
                }
            }
            if x + p.run.advances[p.index] + ellipsisWidth > limit { break }
            x += p.run.advances[p.index]
            kept += 1
        }
        glyphs.removeLast(glyphs.count - kept)
        if let ellipsis {
            for k in ellipsis.glyphs.indices { glyphs.append(PlacedGlyph(run: ellipsis, index: k, isEllipsis: true)) }
        }
    }
}
