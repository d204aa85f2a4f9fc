import CYLText
import CYLConvert
import CYLRaster
import CYLTimeline

/// Where things go in a tab bar, in pixels at one scale: the bar is as wide as `tabCount` cells
/// of the standard width, a tab with a width of its own (`CYLTabBarItemWidth`) takes it and the
/// others share the rest equally; the icon sits at the top of its tab and the title under it
/// (UIKit's stacked layout, 49 pt tall for a 30 pt icon).
public struct TabBarLayout: Sendable, Equatable {
    /// Pixels per point.
    public var scale: Int
    /// Tabs across the bar.
    public var tabCount: Int
    /// The standard width of one tab's cell (what every cell is when no tab sets a width).
    public var itemWidth: Int
    private var cellLefts: [Int] = []
    private var cellWidths: [Int] = []
    /// Height of the bar.
    public var height: Int
    /// The icon's box.
    public var iconSize: PixelSize
    /// Top edge of every icon.
    public var iconTop: Int
    /// Baseline of the titles.
    public var titleBaseline: Int
    /// Size of the system title font (10 pt).
    public var titlePixelSize: Int
    /// Whether any tab has a title (the stacked layout) or none (icons centred).
    public var hasTitles: Bool

    /// The layout of `tabCount` tabs with icons of `iconPoints` points at `scale`; `widths` gives
    /// each tab's own width in points (nil, or a missing entry: it shares the rest). A cell is
    /// never narrower than its icon, and the bar grows when the widths given need more than it has.
    public init(iconPoints: Double, scale: Int, tabCount: Int, hasTitles: Bool, widths: [Double?] = []) {
        self.scale = scale
        self.tabCount = tabCount
        self.hasTitles = hasTitles
        let s = Double(scale)
        let icon = max(1, Int((iconPoints * s).rounded()))
        iconSize = PixelSize(icon, icon)
        itemWidth = Int((max(75, iconPoints + 24) * s).rounded())
        let own: [Int?] = (0..<tabCount).map { i in
            i < widths.count ? widths[i].map { max(icon, Int(($0 * s).rounded())) } : nil
        }
        let shared = own.filter { $0 == nil }.count
        let rest = max(itemWidth * tabCount - own.reduce(0) { $0 + ($1 ?? 0) }, shared * icon)
        var left = 0, k = 0
        for w in own {
            // The shared cells split `rest` exactly, the first ones a pixel wider when it does not divide.
            let width = w ?? rest / shared + (k < rest % max(1, shared) ? 1 : 0)
            if w == nil { k += 1 }
            cellLefts.append(left)
            cellWidths.append(width)
            left += width
        }
        titlePixelSize = Int((10 * s).rounded())
        if hasTitles {
            iconTop = Int((4 * s).rounded())
            titleBaseline = iconTop + icon + Int((11 * s).rounded())
            height = icon + Int((19 * s).rounded())
        } else {
            height = max(Int((49 * s).rounded()), icon + Int((8 * s).rounded()))
            iconTop = (height - icon) / 2
            titleBaseline = height
        }
    }

    /// The whole bar.
    public var size: PixelSize { PixelSize((cellLefts.last ?? 0) + (cellWidths.last ?? 0), height) }

    /// Left edge of the cell of tab `index`.
    public func cellLeft(_ index: Int) -> Int { cellLefts[index] }

    /// Width of the cell of tab `index`.
    public func cellWidth(_ index: Int) -> Int { cellWidths[index] }

    /// Left edge of the icon of tab `index`: centred in its cell.
    public func iconLeft(_ index: Int) -> Int { cellLefts[index] + (cellWidths[index] - iconSize.width) / 2 }
}

/// The state of one tab in a drawn frame.
public struct TabState: Sendable, Equatable {
    /// The (light) animation frame to show.
    public var frame: Int
    /// Whether the tab is the selected one.
    public var selected: Bool
    /// A tab showing `frame`, selected or not.
    public init(frame: Int, selected: Bool) { self.frame = frame; self.selected = selected }
}

/// Draws a whole tab bar: background, the selected tab's background colour, top hairline, every
/// icon (animated, or tinted template images) and titles (the selected title and font while
/// selected) in the selected or unselected colour, with FreeType text.
public final class TabBarRenderer {
    /// The bar drawn.
    public let bar: TabBar
    /// Where things go at this renderer's scale.
    public let layout: TabBarLayout
    /// Opened faces by font file and pixel size.
    private var fonts: [String: FontFace] = [:]

    /// A renderer at `scale` pixels per point (default: the configuration's scale). Opens the
    /// title fonts when any tab has a title; a missing font is an error that says what to install.
    public init(bar: TabBar, scale: Int? = nil) throws {
        self.bar = bar
        let config = bar.configuration
        let hasTitles = bar.tabs.contains { tab in
            [tab.item, tab.darkItem].contains { !($0.title ?? "").isEmpty || !($0.selectedTitle ?? "").isEmpty }
        }
        layout = TabBarLayout(iconPoints: config.iconSize, scale: scale ?? config.scale, tabCount: bar.tabs.count, hasTitles: hasTitles,
                              widths: bar.tabs.map(\.item.width))
        if hasTitles {
            for tab in bar.tabs {
                for item in [tab.item, tab.darkItem] {
                    _ = try font(item.titleFont)
                    _ = try font(item.selectedTitleFont ?? item.titleFont)
                }
            }
        }
    }

    /// A renderer of the same bar at the same scale drawing with worker sources (its own fonts,
    /// icon caches and scratch memory), for another thread; nil when the bar cannot be split.
    public func worker() -> TabBarRenderer? {
        guard let bar = bar.worker() else { return nil }
        return try? TabBarRenderer(bar: bar, scale: layout.scale)
    }

    /// The size of every image `render(_:appearance:)` returns.
    public var size: PixelSize { layout.size }

    /// The face for `font` at this scale.
    func font(_ font: TitleFont?) throws -> FontFace {
        let points = font?.size ?? TitleFont.system.size
        let pixels = max(1, Int((points * Double(layout.scale)).rounded()))
        let path = try bar.fontFile(font) ?? FontFace.locateDefault()
        let key = "\(pixels) \(path)"
        if let face = fonts[key] { return face }
        let face = try FontFace(path: path, pixelSize: pixels)
        fonts[key] = face
        return face
    }

    /// Draws the bar with every tab in `states` (one per tab) in `appearance`: a new image of
    /// `size` each call (a player drawing every frame uses `render(_:appearance:into:)`).
    public func render(_ states: [TabState], appearance: Appearance) throws -> Pixmap {
        var image = try Pixmap(size: layout.size)
        try render(states, appearance: appearance, into: &image)
        return image
    }

    /// Draws the bar with every tab in `states` (one per tab) in `appearance` into `image`, every
    /// pixel of it: the same bytes `render(_:appearance:)` returns. An image of another size is
    /// replaced by one of `size`, so the first call may allocate it. Once every icon shown is in
    /// its tab's cache and every title has been drawn, a call allocates nothing (a player drawing
    /// 60 frames a second into one buffer), provided `image`'s storage is not shared with a copy
    /// (writing it would copy it first).
    public func render(_ states: [TabState], appearance: Appearance, into image: inout Pixmap) throws {
        precondition(states.count == bar.tabs.count, "one state per tab")
        if image.size != layout.size { image = try Pixmap(size: layout.size) }
        let colors = bar.configuration(for: appearance).colors(appearance)
        image.fill(colors.background.premultiplied)
        for (i, tab) in bar.tabs.enumerated() where states[i].selected {
            if let fill = tab.item(for: appearance).selectedBackgroundColor {
                image.fill(fill.premultiplied, over: IntRect(x: layout.cellLeft(i), y: 0, width: layout.cellWidth(i), height: layout.height))
            }
        }
        // Top hairline: one pixel at every scale, like UIKit's shadow image.
        image.fill(colors.separator.premultiplied, over: IntRect(x: 0, y: 0, width: layout.size.width, height: 1))
        for (i, tab) in bar.tabs.enumerated() {
            let state = states[i]
            let tint = state.selected ? colors.tint : colors.unselectedTint
            let icon = try tab.icon(frame: state.frame, selected: state.selected, appearance: appearance, size: layout.iconSize, tint: tint)
            image.composite(icon, x: layout.iconLeft(i), y: layout.iconTop)
            guard layout.hasTitles, let title = try self.title(tab: i, selected: state.selected, appearance: appearance, colors: colors) else { continue }
            title.face.draw(title.text, x: title.x, baseline: layout.titleBaseline, color: title.color, into: &image)
        }
    }

    /// What drawing one tab's title takes: the face, the text as truncated to the cell, where the
    /// pen starts so it is centred, and the colour.
    private struct TitleDraw {
        let face: FontFace
        let text: String
        let x: Int
        let color: RGBA8
    }

    /// A tab's title in one appearance and selection state, worked out the first time it is drawn.
    private enum TitleSlot {
        case unknown
        case none
        case draw(TitleDraw)
    }

    /// One slot per tab, appearance and selection (`titleIndex`): truncating a title measures it
    /// glyph by glyph and looking a face up builds a string key, work that a frame drawn 60 times
    /// a second would otherwise repeat (and allocate for).
    private lazy var titleSlots = [TitleSlot](repeating: .unknown, count: bar.tabs.count * 4)

    private func titleIndex(_ tab: Int, selected: Bool, appearance: Appearance) -> Int {
        tab * 4 + (appearance == .dark ? 2 : 0) + (selected ? 1 : 0)
    }

    /// The title of tab `i` as drawn (nil: no title), from its slot or worked out and kept.
    /// `colors` are the appearance's bar colours.
    private func title(tab i: Int, selected: Bool, appearance: Appearance, colors: TabBarConfiguration.BarColors) throws -> TitleDraw? {
        let slot = titleIndex(i, selected: selected, appearance: appearance)
        switch titleSlots[slot] {
        case .draw(let draw): return draw
        case .none: return nil
        case .unknown: break
        }
        let item = bar.tabs[i].item(for: appearance)
        guard let title = item.title(selected: selected), !title.isEmpty else {
            titleSlots[slot] = .none
            return nil
        }
        let face = try font(selected ? item.selectedTitleFont ?? item.titleFont : item.titleFont)
        let color = selected ? (item.selectedTitleColor ?? colors.tint) : (item.titleColor ?? colors.unselectedTint)
        let text = face.truncated(title, maxWidth: layout.cellWidth(i) - 4 * layout.scale)
        // Centred as `FontFace.drawCentered` centres it: the pen starts half the measured width left of the centre.
        let x = layout.cellLeft(i) + layout.cellWidth(i) / 2 - face.measure(text).width / 2
        let draw = TitleDraw(face: face, text: text, x: x, color: color)
        titleSlots[slot] = .draw(draw)
        return draw
    }
}
