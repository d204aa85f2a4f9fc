import CYLConvert
import CYLDocuments
import CYLRaster
import CYLTabBar
import CYLTimeline

/// The review page, built input by input and written as one self-contained HTML file: every
/// icon's facts and frames (sprite sheets as `data:` URIs), tab bars drawn whole and clickable,
/// and the script that plays them (`ReviewScript`).
struct ReviewPage {
    /// A tab bar drawn whole: its icons (indices into `icons`), layout and colours.
    struct Bar {
        var heading: String
        var summary: String
        var icons: [Int]
        var layout: TabBarLayout
        /// `CYLTabBarLaunchAnimates`: tab 0 plays when the page opens instead of holding its last frame.
        var launchAnimates: Bool
    }

    var title: String
    var pointSize: Double
    var scales: [Int]
    /// The scale bars are drawn at (one of `scales`, so the bar reuses the icons' sheets).
    var barScale: Int
    var sheets: [SpriteSheet] = []
    var icons: [ReviewIcon] = []
    var bars: [Bar] = []
    /// The output's name, for errors.
    let output: String
    let maxBytes: Int
    let maxPixels: Int
    /// `review --watch`: the page's token and the file name of the script that says the newest
    /// token (see `ReviewOptions.watchToken`).
    var watch: (token: String, script: String)?
    /// Bytes of the `data:` URIs embedded so far.
    private(set) var embeddedBytes = 0

    init(title: String, pointSize: Double, scales: [Int], output: String, maxBytes: Int, maxPixels: Int) {
        self.title = title
        self.pointSize = pointSize
        self.scales = scales
        self.barScale = scales.contains(2) ? 2 : scales[0]
        self.output = output
        self.maxBytes = maxBytes
        self.maxPixels = maxPixels
    }

    /// Adds every tab of `bar` as an icon, and the bar itself when `showsBar` (a configuration;
    /// a lone animation is a one-tab bar shown as its icon only).
    mutating func add(_ bar: TabBar, input: String, showsBar: Bool) throws {
        var indices: [Int] = []
        for tab in bar.tabs {
            let heading = showsBar ? tabHeading(tab) : input
            var icon = ReviewIcon(tab: tab, of: bar, heading: heading)
            icon.diagnostics = (showsBar ? [] : bar.diagnostics) + icon.diagnostics
            icon.light = try sheets(tab, .light, tints: bar.configuration.light)
            if ReviewIcon.hasDarkVariant(tab) { icon.dark = try sheets(tab, .dark, tints: bar.configuration(for: .dark).colors(.dark)) }
            indices.append(icons.count)
            icons.append(icon)
        }
        guard showsBar else { return }
        let config = bar.configuration
        let hasTitles = bar.tabs.contains { !($0.item.title ?? "").isEmpty }
        let layout = TabBarLayout(iconPoints: pointSize, scale: barScale, tabCount: bar.tabs.count, hasTitles: hasTitles,
                                  widths: bar.tabs.map(\.item.width))
        let n = bar.tabs.count
        var summary = "\(n) tab\(n == 1 ? "" : "s") · icons \(pointSize.compactText) pt at @\(barScale)x"
        if config.speed != 1 { summary += " · speed \(config.speed.compactText)" }
        bars.append(Bar(heading: "Tab bar · " + input, summary: summary, icons: indices, layout: layout, launchAnimates: config.launchAnimates))
        // The configuration's own notes (unknown keys, dark files found by convention) go with the bar.
        if !bar.diagnostics.isEmpty, let first = indices.first { icons[first].diagnostics = bar.diagnostics + icons[first].diagnostics }
    }

    func tabHeading(_ tab: OpenedTab) -> String {
        var parts = ["Tab \(tab.item.index)"]
        if let title = tab.item.title, !title.isEmpty { parts.append(title) }
        if let id = tab.item.identifier, id != tab.item.title { parts.append("(\(id))") }
        return parts.joined(separator: " ")
    }

    /// One sheet per scale of `tab` in `appearance`: animations every frame (as the selected tab
    /// shows them), static images their normal and selected forms (template images tinted with
    /// the bar's `tints`).
    mutating func sheets(_ tab: OpenedTab, _ appearance: Appearance, tints: TabBarConfiguration.BarColors) throws -> [Int: Int] {
        var out: [Int: Int] = [:]
        for scale in scales {
            let px = max(1, Int((pointSize * Double(scale)).rounded()))
            let size = PixelSize(px, px)
            let isStatic: Bool
            if case .images = tab.light { isStatic = true } else { isStatic = false }
            let sheet: SpriteSheet
            do {
                sheet = try SpriteSheet.make(frameCount: isStatic ? 2 : tab.frameCount, cellSize: size, maxPixels: maxPixels) { i in
                    let selected = !isStatic || i == 1
                    let tint = selected ? tints.tint : tints.unselectedTint
                    return try tab.icon(frame: isStatic ? 0 : i, selected: selected, appearance: appearance, size: size, tint: tint)
                }
            } catch SpriteSheetError.tooLarge(let pixels, let limit) {
                throw OutputError(file: output, .cannotCreate,
                                  "the frames of \(tab.item.label) at @\(scale)x need a \(pixels)-pixel sprite sheet, more than the limit of \(limit) (\(Limit.maxCanvasPixels), or choose a smaller --point-size)")
            }
            embeddedBytes += HTML.dataURILength(byteCount: sheet.bytes.count, mime: sheet.mime)
            guard embeddedBytes <= maxBytes else { throw tooLarge(atLeast: embeddedBytes) }
            out[scale] = sheets.count
            sheets.append(sheet)
        }
        return out
    }

    func tooLarge(atLeast bytes: Int) -> OutputError {
        OutputError(file: output, .cannotCreate,
                    "the review page would be at least \(bytes) bytes (\(ByteCountText.text(bytes))), more than the limit of \(maxBytes) "
                    + "(raise it with --max-bytes, or review fewer inputs or a smaller --point-size)")
    }
}
