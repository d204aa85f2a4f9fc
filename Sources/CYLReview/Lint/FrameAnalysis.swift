import CYLGeometry
import CYLRaster
import CYLTimeline

/// One frame measured for lint.
struct FrameMeasure {
    /// Content cut by an edge of the canvas: it shows on both sides of the edge, so the part
    /// beyond is clipped (content wholly outside, waiting to move in, is not cut).
    struct Cut { var side: String; var overhang: Double }

    var frame: Int
    /// The visible content's box inside the canvas (alpha at least `FrameAnalysis.visibleAlpha`)
    /// in the canvas's own units, or nil when nothing shows.
    var box: Rect?
    /// Edges that cut content, with how far (canvas units) the content beyond reaches; vector only.
    var cuts: [Cut] = []
    /// The frame inside the canvas at the analysis size.
    var image: Pixmap
    /// Pixels inside the canvas that show (alpha at least `visibleAlpha`).
    var visiblePixels: Int

    /// Nothing, or next to nothing (under 0.1% of the canvas: a few stray pixels), shows.
    var isEmpty: Bool { visiblePixels * 1000 < image.width * image.height }
}

/// Renders frames of a timeline small and measures them: where the content is (also beyond the
/// canvas for vector timelines, drawn from their display list into a view three canvases wide),
/// how much shows, how frames differ.
struct FrameAnalysis {
    /// The canvas's longer side in analysis pixels: fine enough to place content to a third of a
    /// point at 30 pt, small enough to measure every frame quickly.
    static let longSide = 96
    /// Alpha (0-255) from which a pixel counts as showing: fainter anti-aliasing fringes do not.
    static let visibleAlpha: UInt32 = 16

    let timeline: FrameTimeline
    /// The canvas in its own units (points for vector content, pixels for raster).
    let canvasWidth: Double
    let canvasHeight: Double
    /// The canvas at the analysis size.
    let pixels: PixelSize
    private let renderer = DisplayListRenderer()

    init(_ timeline: FrameTimeline) {
        self.timeline = timeline
        canvasWidth = Double(timeline.canvasSize.width)
        canvasHeight = Double(timeline.canvasSize.height)
        let s = Double(Self.longSide) / max(canvasWidth, canvasHeight)
        pixels = PixelSize(max(1, Int((canvasWidth * s).rounded())), max(1, Int((canvasHeight * s).rounded())))
    }

    /// Analysis pixels per canvas unit.
    var scale: Double { Double(pixels.width) / canvasWidth }

    func measure(_ frame: Int) throws -> FrameMeasure {
        if let displayList = timeline.capabilities.displayList {
            let list = try displayList(Double(frame))
            if list.width > 0 && list.height > 0 { return try measureVector(list, frame: frame) }
        }
        let image = try timeline.render(frame: frame, size: pixels)
        let (box, visible) = Self.content(of: image)
        return FrameMeasure(frame: frame, box: box.map { unitRect($0, originX: 0, originY: 0) }, image: image, visiblePixels: visible)
    }

    /// Draws `list` with the canvas in the middle of a view three canvases wide and high.
    private func measureVector(_ list: DisplayList, frame: Int) throws -> FrameMeasure {
        let w = pixels.width, h = pixels.height
        var view = try Pixmap(width: 3 * w, height: 3 * h)
        let transform = Transform.scale(Double(w) / list.width, Double(h) / list.height).then(.translation(Double(w), Double(h)))
        try renderer.render(list, transform: transform, clip: IntRect(x: 0, y: 0, width: 3 * w, height: 3 * h), into: &view)
        var inside = try Pixmap(size: pixels)
        inside.composite(view, x: -w, y: -h)
        let (box, visible) = Self.content(of: inside)
        return FrameMeasure(frame: frame, box: box.map { unitRect($0, originX: 0, originY: 0) }, cuts: cuts(view),
                            image: inside, visiblePixels: visible)
    }

    /// For each edge of the canvas (the middle of `view`): whether some rows (or columns), but
    /// not all, show content on both sides of it, and how far the content beside the canvas
    /// reaches beyond it.
    private func cuts(_ view: Pixmap) -> [FrameMeasure.Cut] {
        let w = pixels.width, h = pixels.height
        var out: [FrameMeasure.Cut] = []
        view.withUnsafePixels { p, pitch in
            @inline(__always) func shows(_ x: Int, _ y: Int) -> Bool { p[y * pitch + x] >> 24 >= Self.visibleAlpha }
            // (side, pairs across the edge, distance of an outside pixel from the edge)
            func scan(_ side: String, _ across: (Int) -> (inside: (Int, Int), outside: (Int, Int)), _ span: Int,
                      _ beyond: (Int, Int) -> (Int, Int)?) {
                let crossing = (0..<span).filter { i in let (a, b) = across(i); return shows(a.0, a.1) && shows(b.0, b.1) }.count
                // Content across the whole edge is a background bleeding past the canvas, which
                // loses nothing to the clip; an element is cut where only part of the edge crosses it.
                guard crossing > 0, crossing * 20 < span * 19 else { return }
                var reach = 0
                for i in 0..<span {
                    for d in 1...max(w, h) {
                        guard let (x, y) = beyond(i, d) else { break }
                        if shows(x, y) { reach = max(reach, d) }
                    }
                }
                out.append(FrameMeasure.Cut(side: side, overhang: Double(reach) / scale))
            }
            scan("left", { i in ((w, h + i), (w - 1, h + i)) }, h) { i, d in d <= w ? (w - d, h + i) : nil }
            scan("right", { i in ((2 * w - 1, h + i), (2 * w, h + i)) }, h) { i, d in d <= w ? (2 * w - 1 + d, h + i) : nil }
            scan("top", { i in ((w + i, h), (w + i, h - 1)) }, w) { i, d in d <= h ? (w + i, h - d) : nil }
            scan("bottom", { i in ((w + i, 2 * h - 1), (w + i, 2 * h)) }, w) { i, d in d <= h ? (w + i, 2 * h - 1 + d) : nil }
        }
        return out
    }

    private func unitRect(_ r: IntRect, originX: Int, originY: Int) -> Rect {
        let s = scale
        return Rect(minX: Double(r.x - originX) / s, minY: Double(r.y - originY) / s,
                    maxX: Double(r.maxX - originX) / s, maxY: Double(r.maxY - originY) / s)
    }

    /// The box of the pixels that show, and how many show.
    static func content(of image: Pixmap) -> (IntRect?, Int) {
        let w = image.width, h = image.height
        var x0 = Int.max, y0 = Int.max, x1 = -1, y1 = -1
        var count = 0
        image.withUnsafePixels { p, pitch in
            for y in 0..<h {
                let row = p + y * pitch
                for x in 0..<w where row[x] >> 24 >= visibleAlpha {
                    count += 1
                    if x < x0 { x0 = x }
                    if x > x1 { x1 = x }
                    if y < y0 { y0 = y }
                    y1 = y
                }
            }
        }
        guard x1 >= 0 else { return (nil, 0) }
        return (IntRect(x: x0, y: y0, width: x1 - x0 + 1, height: y1 - y0 + 1), count)
    }

    /// The frames lint looks at: all of them up to 120, else 60 spread evenly (first and last
    /// included) each with its successor, so steps between neighbours can be measured.
    static func sampleFrames(count: Int) -> [Int] {
        guard count > 120 else { return Array(0..<count) }
        var set = Set<Int>()
        for i in 0..<60 {
            let f = Int((Double(i) * Double(count - 1) / 59).rounded())
            set.insert(f)
            if f + 1 < count { set.insert(f + 1) }
        }
        return set.sorted()
    }
}
