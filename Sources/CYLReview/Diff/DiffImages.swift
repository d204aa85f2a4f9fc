import CYLDocuments
import CYLImageCodecs
import CYLText
import CYLConvert
import CYLRaster

/// Pictures of a diff: a PNG strip (a row per worst frame: A, B and the heat map) and a
/// review-style HTML page with the same rows and every frame's numbers.
enum DiffImages {
    struct Row {
        var comparison: FrameComparison
        var a: Pixmap
        var b: Pixmap
        var heat: Pixmap
    }

    static let margin = 10, gap = 8, labelSize = 12
    static let background = RGBA8(0xEE, 0xEE, 0xEE, 255), ink = RGBA8(0x22, 0x22, 0x22, 255)

    /// Rows of A | B | heat map, each under a line with its frames and numbers; A and B on a
    /// checkerboard so transparency shows.
    static func strip(_ rows: [Row], report: DiffReport) throws -> Pixmap {
        let font = try FontFace.standard(pixelSize: labelSize)
        let line = font.ascent + font.descent + 2
        let cell = report.size
        let header = ["A: \(report.nameA)", "B: \(report.nameB)", "heat map: yellow just over the tolerance (\(report.tolerance)), red at 255"]
        let labels = rows.map { DiffReport.line($0.comparison) }
        let textWidth = (header + labels).map { font.measure($0).width }.max() ?? 0
        let width = max(2 * margin + 3 * cell.width + 2 * gap, 2 * margin + textWidth)
        let height = 2 * margin + header.count * line + gap + max(1, rows.count) * (line + cell.height + gap)
        var sheet = try Pixmap(width: width, height: height)
        sheet.fill(background)
        var y = margin
        for text in header { font.draw(text, x: margin, baseline: y + font.ascent, color: ink, into: &sheet); y += line }
        y += gap
        for (row, label) in zip(rows, labels) {
            font.draw(label, x: margin, baseline: y + font.ascent, color: ink, into: &sheet)
            y += line
            for (i, image) in [row.a, row.b].enumerated() {
                var cellImage = try Pixmap(size: cell)
                drawChecker(&cellImage)
                cellImage.composite(image)
                sheet.composite(cellImage, x: margin + i * (cell.width + gap), y: y)
            }
            sheet.composite(row.heat, x: margin + 2 * (cell.width + gap), y: y)
            y += cell.height + gap
        }
        return sheet
    }

    static func drawChecker(_ p: inout Pixmap) {
        for y in 0..<p.height {
            for x in 0..<p.width { p[x, y] = ((x / 6 + y / 6) & 1) == 0 ? .white : RGBA8(0xCC, 0xCC, 0xCC, 255) }
        }
    }

    /// The comparison as a self-contained page: verdict, the worst rows as images, every frame's numbers.
    static func page(_ rows: [Row], report: DiffReport) throws -> String {
        var s = HTML.head(title: "Diff: \(report.nameA) vs \(report.nameB)", style: style)
        s += "<body><header><h1>Diff</h1><p>A: \(TextEscaping.html(report.nameA)) (\(TextEscaping.html(report.summaryA)))<br>"
        s += "B: \(TextEscaping.html(report.nameB)) (\(TextEscaping.html(report.summaryB)))</p>"
        s += "<p class=\"\(report.passed ? "pass" : "fail")\">\(TextEscaping.html(report.text().last ?? ""))</p></header><main>"
        s += "<h2>Worst frames</h2>"
        for row in rows {
            s += "<section><p>\(TextEscaping.html(DiffReport.line(row.comparison)))</p><div class=\"row\">"
            for (label, image, checker) in [("A", row.a, true), ("B", row.b, true), ("heat map", row.heat, false)] {
                let png = try PNGCodec.encode(image, compressionLevel: 6, filter: .adaptive)
                s += "<figure><img class=\"\(checker ? "checker" : "")\" width=\"\(image.width)\" height=\"\(image.height)\" alt=\"\(label)\" src=\"\(HTML.dataURI(png, mime: "image/png"))\"><figcaption>\(label)</figcaption></figure>"
            }
            s += "</div></section>"
        }
        s += "<h2>Every frame</h2><table><tr><th>time</th><th>A</th><th>B</th><th>changed</th><th>pixels</th><th>max</th><th>PSNR</th></tr>"
        for c in report.frames {
            let d = c.difference
            s += "<tr class=\"\(report.limit.allows(d) ? "" : "fail")\"><td>\(c.pair.time.map { ReviewIcon.seconds($0.seconds) } ?? "")</td>"
            s += "<td>\(c.pair.a)</td><td>\(c.pair.b)</td><td>\(DiffReport.percent(d.changedShare))</td><td>\(d.changedPixels)</td>"
            s += "<td>\(d.maxDifference)</td><td>\(DiffReport.psnrText(d.psnr))</td></tr>"
        }
        return s + "</table></main></body></html>\n"
    }

    static let style = """
    body{font:14px/1.4 system-ui,sans-serif;margin:0;background:#f2f2f4;color:#1c1c1e}
    header{padding:16px 24px;background:#fff;border-bottom:1px solid #ddd}main{padding:16px 24px}
    h1{font-size:20px;margin:0 0 4px}h2{font-size:16px}
    section{background:#fff;border-radius:8px;padding:8px 16px;margin:0 0 12px}
    .row{display:flex;gap:12px;flex-wrap:wrap}figure{margin:0}figcaption{font-size:12px;color:#666}
    img{image-rendering:pixelated;display:block}
    img.checker{background:repeating-conic-gradient(#ccc 0 25%,#fff 0 50%) 0 0/12px 12px}
    table{border-collapse:collapse;background:#fff}td,th{padding:2px 10px;text-align:right;font-variant-numeric:tabular-nums}
    .fail{color:#b00020}.pass{color:#1b7f3b}
    """
}
