import CYLConvert
import CYLDocuments
import CYLRaster
import CYLTabBar
import CYLTimeline

extension ReviewPage {
    /// The whole page as UTF-8 bytes.
    func html() -> [UInt8] {
        var page = HTML.head(title: title, style: ReviewScript.style, scriptSource: watch == nil ? nil : "file:")
        let watchAttributes = watch.map { " data-watch=\"\(TextEscaping.html($0.token))\" data-watch-src=\"\(TextEscaping.html($0.script))\"" } ?? ""
        page += "<body\(watchAttributes)>\n<header><h1>\(TextEscaping.html(title))</h1>\n<p>\(TextEscaping.html(summary))</p></header>\n<main>\n"
        var shown = Set<Int>()
        for (b, bar) in bars.enumerated() {
            page += barSection(bar, index: b)
            for i in bar.icons { page += iconSection(i); shown.insert(i) }
        }
        for i in icons.indices where !shown.contains(i) { page += iconSection(i) }
        page += "</main>\n<script type=\"application/json\" id=\"review-data\">\(HTML.scriptJSON(data))</script>\n"
        page += "<script>\(ReviewScript.script)</script>\n"
        if watch != nil { page += "<script>\(ReviewScript.watchScript)</script>\n" }
        page += "</body></html>\n"
        return Array(page.utf8)
    }

    var summary: String {
        let n = icons.count
        return "\(n) icon\(n == 1 ? "" : "s")\(bars.isEmpty ? "" : ", \(bars.count) tab bar\(bars.count == 1 ? "" : "s")") at \(pointSize.compactText) pt, "
            + scales.map { "@\($0)x" }.joined(separator: " ") + "; frames embedded as \(sheets.count) sprite sheets (\(ByteCountText.text(embeddedBytes))). "
            + "Open the page with #frame=N to show frame N everywhere."
    }

    func barSection(_ bar: Bar, index: Int) -> String {
        let size = bar.layout.size
        return """
        <section class="bar" id="bar-\(index)" data-bar="\(index)" data-selected="0" data-appearance="light">
        <h2>\(TextEscaping.html(bar.heading))</h2>
        <p class="note">\(TextEscaping.html(bar.summary)). Click a tab to select it, click it again to reselect.</p>
        <canvas data-role="bar" width="\(size.width)" height="\(size.height)"></canvas>
        <div class="controls"><button type="button" data-appearance="light">Light</button><button type="button" data-appearance="dark">Dark</button>
        <output data-role="bar-state"></output></div>
        </section>\n
        """
    }

    func iconSection(_ i: Int) -> String {
        let icon = icons[i]
        let last = max(0, icon.frameCount - 1)
        var s = "<section class=\"icon\" id=\"icon-\(i)\" data-icon=\"\(i)\" data-frame=\"0\" data-state=\"\">\n"
        s += "<h2>\(TextEscaping.html(icon.heading))</h2>\n"
        if !icon.file.isEmpty && icon.file != icon.heading { s += "<p class=\"note\">\(TextEscaping.html(icon.file))</p>\n" }
        s += "<div class=\"cols\"><table class=\"facts\">"
        for (label, value) in icon.facts { s += "<tr><th>\(TextEscaping.html(label))</th><td>\(TextEscaping.html(value))</td></tr>" }
        s += "</table>\n" + stage(icon) + "</div>\n<div class=\"controls\">"
        if !icon.isStatic {
            s += button("play", "Play") + button("pause", "Pause") + button("prev", "◀ Step") + button("next", "Step ▶")
            s += "<input type=\"range\" min=\"0\" max=\"\(last)\" value=\"0\" step=\"1\" data-role=\"scrub\" aria-label=\"Frame\">"
            s += "<output data-role=\"label\"></output>"
        }
        s += button("select", "Select") + button("reselect", "Reselect") + button("deselect", "Deselect")
        s += "<output data-role=\"state\"></output></div>\n"
        if !icon.diagnostics.isEmpty {
            s += "<ul class=\"diagnostics\">"
            for d in icon.diagnostics {
                s += "<li class=\"\(d.severity.rawValue)\">\(TextEscaping.html(d.location.isEmpty ? d.message : "\(d.location): \(d.message)"))</li>"
            }
            s += "</ul>\n"
        }
        return s + "</section>\n"
    }

    func button(_ action: String, _ label: String) -> String {
        "<button type=\"button\" data-action=\"\(action)\">\(label)</button>"
    }

    /// The grid of canvases: rows for the light bar, the dark bar and transparency; columns for
    /// each scale, and the dark variant's columns beside the light ones when there is one.
    func stage(_ icon: ReviewIcon) -> String {
        let variants = icon.dark == nil ? ["light"] : ["light", "dark"]
        var s = "<table class=\"stage\"><tr><th></th>"
        for v in variants {
            let name = icon.dark == nil ? "" : (v == "light" ? "light variant " : "dark variant ")
            for scale in scales { s += "<th>\(name)@\(scale)x</th>" }
        }
        s += "</tr>"
        for (bg, label) in [("light", "light bar"), ("dark", "dark bar"), ("checker", "transparent")] {
            s += "<tr><th>\(label)</th>"
            for v in variants {
                for scale in scales {
                    let px = max(1, Int((pointSize * Double(scale)).rounded()))
                    s += "<td><canvas width=\"\(px)\" height=\"\(px)\" data-variant=\"\(v)\" data-bg=\"\(bg)\" data-scale=\"\(scale)\"></canvas></td>"
                }
            }
            s += "</tr>"
        }
        return s + "</table>\n"
    }

    /// What the script needs: sheets, icons' timing and rules, bars' layouts.
    var data: JSONOutput {
        .object([
            ("pointSize", .double(pointSize)),
            ("sheets", .array(sheets.map { sheet in
                .object([("src", .string(HTML.dataURI(sheet.bytes, mime: sheet.mime))),
                         ("w", .int(sheet.cellSize.width)), ("h", .int(sheet.cellSize.height)),
                         ("cols", .int(sheet.columns)), ("cells", .array(sheet.cellOfFrame.map { .int($0) }))])
            })),
            ("icons", .array(icons.map(iconData))),
            ("bars", .array(bars.map { bar in
                let l = bar.layout
                return .object([("icons", .array(bar.icons.map { .int($0) })), ("scale", .int(l.scale)),
                                ("lefts", .array(bar.icons.indices.map { .int(l.cellLeft($0)) })),
                                ("widths", .array(bar.icons.indices.map { .int(l.cellWidth($0)) })),
                                ("height", .int(l.height)), ("iconSize", .int(l.iconSize.width)),
                                ("iconTop", .int(l.iconTop)), ("titleBaseline", .int(l.titleBaseline)), ("titlePx", .int(l.titlePixelSize)),
                                ("launchAnimates", .bool(bar.launchAnimates))])
            })),
        ])
    }

    func iconData(_ icon: ReviewIcon) -> JSONOutput {
        func sheetMap(_ m: [Int: Int]) -> JSONOutput { .object(m.sorted { $0.key < $1.key }.map { (String($0.key), .int($0.value)) }) }
        func colors(_ c: TabBarConfiguration.BarColors) -> JSONOutput {
            .object([("background", .string(css(c.background))), ("tint", .string(css(c.tint))),
                     ("unselected", .string(css(c.unselectedTint))), ("separator", .string(css(c.separator)))])
        }
        return .object([
            ("starts", .array(icon.starts.map { .double($0) })),
            ("back", icon.deselectionStart.map { .int($0) } ?? .null),
            ("policy", .string(icon.policy.rawValue)),
            ("reselect", .string(icon.reselect.rawValue)),
            ("speed", .double(icon.speed)),
            ("static", .bool(icon.isStatic)),
            ("light", sheetMap(icon.light)),
            ("dark", icon.dark.map(sheetMap) ?? .null),
            ("colors", .object([("light", colors(icon.colors.light)), ("dark", colors(icon.colors.dark))])),
            ("title", icon.title.map { .string($0) } ?? .null),
            ("titleColor", icon.titleColor.map { .string(css($0)) } ?? .null),
            ("selectedTitleColor", icon.selectedTitleColor.map { .string(css($0)) } ?? .null),
        ])
    }

    /// A colour as CSS: `rgba(r,g,b,a)` with alpha 0-1 (three decimals).
    func css(_ c: RGBA8) -> String {
        c.a == 255 ? "rgb(\(c.r),\(c.g),\(c.b))" : "rgba(\(c.r),\(c.g),\(c.b),\(((Double(c.a) / 255 * 1000).rounded() / 1000).compactText))"
    }
}
