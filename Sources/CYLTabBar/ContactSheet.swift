import CYLText
import CYLConvert
import CYLRaster
import CYLTimeline

/// What a contact sheet shows.
public struct ContactSheetOptions: Sendable, Equatable {
    /// Frames per animation, evenly spaced, always including the first and the last (2-64).
    public var frameCount: Int = 6
    /// Pixels per point, one band of rows each.
    public var scales: [Int] = [1, 2, 3]
    /// Icon size in points; nil: the configuration's.
    public var iconSize: Double? = nil

    /// Sheet options; see the properties.
    public init(frameCount: Int = 6, scales: [Int] = [1, 2, 3], iconSize: Double? = nil) {
        self.frameCount = frameCount
        self.scales = scales
        self.iconSize = iconSize
    }
}

/// A review sheet: for every tab, N evenly spaced frames (first and last included) labelled with
/// frame number and time, in rows on the light bar colour, the dark bar colour (dark variant) and
/// a checkerboard (transparency), at each scale. Deterministic: same input, same pixels.
public enum ContactSheet {
    /// The frames a sheet shows for an animation of `count` frames: `n` evenly spaced, rounded,
    /// first and last included, no repeats.
    public static func sampleFrames(count: Int, n: Int) -> [Int] {
        guard count > 1, n > 1 else { return [0] }
        let k = min(n, count)
        var out: [Int] = []
        for i in 0..<k {
            let f = Int((Double(i) * Double(count - 1) / Double(k - 1)).rounded())
            if out.last != f { out.append(f) }
        }
        return out
    }

    static let margin = 12, gap = 8, pad = 4, labelSize = 12, headerSize = 14, groupHeaderSize = 18
    static let sheetBackground = RGBA8(0xEE, 0xEE, 0xEE, 255), ink = RGBA8(0x22, 0x22, 0x22, 255)
    static let mutedInk = RGBA8(0x66, 0x66, 0x66, 255)
    static let checkerLight = RGBA8(0xFF, 0xFF, 0xFF, 255), checkerDark = RGBA8(0xCC, 0xCC, 0xCC, 255), checkerSquare = 6

    struct Column { var frame: Int; var selected: Bool; var lines: [String] }
    enum RowKind: CaseIterable { case light, dark, checker }

    /// Renders the sheet for every tab of `bar`.
    public static func render(_ bar: TabBar, options: ContactSheetOptions = ContactSheetOptions(),
                              limits: Limits = .standard) throws -> Pixmap {
        try render(groups: [(nil, bar)], options: options, limits: limits)
    }

    /// Renders one group of rows per bar (one per skin with `--all-themes`), each under its
    /// title when it has one.
    public static func render(groups: [(title: String?, bar: TabBar)], options: ContactSheetOptions = ContactSheetOptions(),
                              limits: Limits = .standard) throws -> Pixmap {
        guard (2...64).contains(options.frameCount) else { throw UsageError("a contact sheet shows 2-64 frames per animation, not \(options.frameCount)") }
        guard !options.scales.isEmpty, options.scales.allSatisfy({ (1...4).contains($0) }) else {
            throw UsageError("contact sheet scales are 1-4")
        }
        guard !groups.isEmpty else { throw UsageError("a contact sheet needs a tab bar") }
        let label = try FontFace.standard(pixelSize: labelSize)
        let header = try FontFace.standard(pixelSize: headerSize, bold: true)
        let groupHeader = try FontFace.standard(pixelSize: groupHeaderSize, bold: true)
        let iconPoints = options.iconSize ?? groups[0].bar.configuration.iconSize
        let maxIcon = Int((iconPoints * Double(options.scales.max()!)).rounded())
        let lineHeight = label.ascent + label.descent + 1

        // Columns per tab, per group.
        var sections: [(group: Int, tab: OpenedTab, columns: [Column], title: String)] = []
        for (g, group) in groups.enumerated() {
            let speed = group.bar.configuration.speed
            for tab in group.bar.tabs {
                sections.append((g, tab, columns(tab, speed: speed, options: options), sectionTitle(tab, speed: speed)))
            }
        }

        let rowLabels = options.scales.flatMap { s in RowKind.allCases.map { rowLabel($0, scale: s) } }
        let labelColumn = (rowLabels.map { label.measure($0).width }.max() ?? 0) + gap
        let widestText = sections.flatMap { $0.columns.flatMap(\.lines) }.map { label.measure($0).width }.max() ?? 0
        let columnWidth = max(maxIcon + 2 * pad, widestText) + gap
        let maxColumns = sections.map(\.columns.count).max() ?? 1
        let headerHeight = header.ascent + header.descent + 6
        let groupHeaderHeight = groupHeader.ascent + groupHeader.descent + 8
        let titleWidth = (sections.map { header.measure($0.title).width } + groups.compactMap { $0.title.map { groupHeader.measure($0).width } }).max() ?? 0
        let width = max(2 * margin + labelColumn + maxColumns * columnWidth, 2 * margin + titleWidth)
        let bandHeight = options.scales.reduce(0) { $0 + 3 * (Int((iconPoints * Double($1)).rounded()) + 2 * pad) }
        let sectionHeight = headerHeight + 2 * lineHeight + 4 + bandHeight + margin
        let height = margin + sections.count * sectionHeight + groups.filter { $0.title != nil }.count * groupHeaderHeight
        guard width <= limits.maxCanvasPixels / max(1, height) else {
            throw UsageError("the contact sheet would be \(width)x\(height) pixels, more than \(limits.maxCanvasPixels) (\(Limit.maxCanvasPixels), or show fewer frames or scales)")
        }
        var sheet = try Pixmap(width: width, height: height)
        sheet.fill(sheetBackground)

        var y = margin
        var lastGroup = -1
        for section in sections {
            let bar = groups[section.group].bar
            if section.group != lastGroup, let title = groups[section.group].title {
                groupHeader.draw(title, x: margin, baseline: y + groupHeader.ascent, color: ink, into: &sheet)
                y += groupHeaderHeight
            }
            lastGroup = section.group
            header.draw(section.title, x: margin, baseline: y + header.ascent, color: ink, into: &sheet)
            y += headerHeight
            for (c, column) in section.columns.enumerated() {
                let x = margin + labelColumn + c * columnWidth
                for (l, line) in column.lines.enumerated() where !line.isEmpty {
                    label.draw(line, x: x, baseline: y + label.ascent + l * lineHeight, color: l == 0 ? ink : mutedInk, into: &sheet)
                }
            }
            y += 2 * lineHeight + 4
            for scale in options.scales {
                let px = Int((iconPoints * Double(scale)).rounded())
                let cell = px + 2 * pad
                for kind in RowKind.allCases {
                    label.draw(rowLabel(kind, scale: scale), x: margin, baseline: y + cell / 2 + label.ascent / 2,
                               color: ink, into: &sheet)
                    let appearance: Appearance = kind == .dark ? .dark : .light
                    let colors = bar.configuration(for: appearance).colors(appearance)
                    for (c, column) in section.columns.enumerated() {
                        let x = margin + labelColumn + c * columnWidth
                        var background = try Pixmap(width: cell, height: cell)
                        if kind == .checker { drawChecker(&background) } else { background.fill(colors.background.premultiplied) }
                        let tint = column.selected ? colors.tint : colors.unselectedTint
                        let icon = try section.tab.icon(frame: column.frame, selected: column.selected, appearance: appearance,
                                                        size: PixelSize(px, px), tint: tint)
                        background.composite(icon, x: pad, y: pad)
                        sheet.composite(background, x: x, y: y)
                    }
                    y += cell
                }
            }
            y += margin
        }
        return sheet
    }

    /// The sheet's columns for one tab: sampled frames of an animation, normal and selected
    /// forms of static images that differ, or the one image.
    static func columns(_ tab: OpenedTab, speed: Double, options: ContactSheetOptions) -> [Column] {
        if let timeline = tab.timeline, tab.frameCount > 1 {
            return sampleFrames(count: tab.frameCount, n: options.frameCount).map { f in
                let t = timeline.startTime(ofFrame: f).seconds / (speed * tab.speed)
                return Column(frame: f, selected: true, lines: ["f\(f)", formatSeconds(t)])
            }
        }
        if (tab.isStatic && tab.item.renderingMode == .template) || tabHasSelectedImage(tab) {
            return [Column(frame: 0, selected: false, lines: ["normal", ""]), Column(frame: 0, selected: true, lines: ["selected", ""])]
        }
        return [Column(frame: 0, selected: true, lines: ["f0", "0.00s"])]
    }

    static func tabHasSelectedImage(_ tab: OpenedTab) -> Bool {
        for face in [tab.light, tab.dark] {
            if case .images(_, let selected) = face, selected != nil { return true }
        }
        return false
    }

    static func rowLabel(_ kind: RowKind, scale: Int) -> String {
        switch kind {
        case .light: return "light @\(scale)x"
        case .dark: return "dark @\(scale)x"
        case .checker: return "alpha @\(scale)x"
        }
    }

    static func sectionTitle(_ tab: OpenedTab, speed: Double) -> String {
        var parts = ["\(tab.item.index)"]
        if let title = tab.item.title, !title.isEmpty { parts.append(title) }
        if let id = tab.item.identifier, id != tab.item.title { parts.append("(\(id))") }
        var text = parts.joined(separator: " ")
        switch tab.light {
        case .animation(let light):
            text += " · \(light.format) · \(light.frameCount) frames · \(formatSeconds(light.duration.seconds / (speed * tab.speed)))"
            text += tab.policy == .loopsWhenUnselected ? " · loops when unselected" : tab.policy == .loop ? " · loops" : ""
            if let dark = tab.dark.timeline, dark.source !== light.source { text += " · dark variant" }
            text += " · " + FilePath.lastComponent(of: light.file)
        case .loopingImage(let t):
            text += " · GIF image · \(t.frameCount) frames · loops · " + FilePath.lastComponent(of: t.file)
        case .images:
            text += " · static image · \(tab.item.renderingMode.rawValue)"
            if let image = tab.item.image { text += " · " + FilePath.lastComponent(of: image) }
        }
        if let label = tab.item.accessibilityLabel { text += " · VoiceOver \"\(label)\"" }
        return text
    }

    /// `0.40s` (two decimals).
    public static func formatSeconds(_ s: Double) -> String {
        let cs = Int((s * 100).rounded())
        let frac = cs % 100
        return "\(cs / 100).\(frac < 10 ? "0" : "")\(frac)s"
    }

    static func drawChecker(_ p: inout Pixmap) {
        for y in 0..<p.height {
            for x in 0..<p.width {
                p[x, y] = ((x / checkerSquare + y / checkerSquare) & 1) == 0 ? checkerLight : checkerDark
            }
        }
    }
}
