import CYLImageCodecs
import CYLConvert
import CYLRaster
import CYLTimeline

/// `cylanim diff A B`: two animations (or reference frames) compared frame by frame, aligned by
/// time, at one size.
public struct DiffJob {
    /// Compared frames are fitted into this box when no size is given and no side is references.
    public static let defaultBox = 256
    /// Default per-channel difference a pixel may have and still count as unchanged: the shared
    /// corpus's rule for "two renders agree" (16 of 255 in a premultiplied channel).
    public static let defaultTolerance = 16

    public var a: String
    public var b: String
    /// nil: the references' size, else A's canvas fitted into `defaultBox`.
    public var size: PixelSize?
    public var tolerance = DiffJob.defaultTolerance
    /// Default: 1% of a frame's pixels (with `defaultTolerance`, the corpus's agreement rule).
    public var limit = ChangedPixelsLimit.share(0.01)
    /// A PNG strip of A, B and a heat map for the worst frames.
    public var strip: String?
    /// A review-style HTML page of the comparison.
    public var html: String?
    /// How many of the worst frames the strip and the page show.
    public var worstShown = 4
    public var openOptions = OpenOptions()

    public init(a: String, b: String) {
        self.a = a
        self.b = b
    }

    /// Opens both sides with `registry`, compares every aligned pair and writes the strip and the
    /// page (through an `OutputWriter`: never over an input). Throws open, render, usage and
    /// output errors; the verdict is `DiffReport.passed`.
    public func run(registry: AnimatorRegistry) throws -> DiffReport {
        guard (0...255).contains(tolerance) else { throw UsageError("Invalid tolerance \(tolerance): expected 0-255.") }
        guard (1...64).contains(worstShown) else { throw UsageError("Invalid number of worst frames \(worstShown): expected 1-64.") }
        let sideA = try DiffSide.open(a, registry: registry, options: openOptions)
        let sideB = try DiffSide.open(b, registry: registry, options: openOptions)
        let writer = OutputWriter(inputs: sideA.inputs + sideB.inputs)
        for path in [strip, html].compactMap({ $0 }) { try writer.check(path) }
        let size = try size ?? Self.defaultSize(sideA, sideB)
        guard size.width <= openOptions.limits.maxCanvasPixels / size.height else {
            throw UsageError("Comparing at \(size) is more than the limit of \(openOptions.limits.maxCanvasPixels) pixels (\(Limit.maxCanvasPixels)).")
        }
        let aligned = FrameAlignment.align(sideA, sideB)
        var frames: [FrameComparison] = []
        var lastA: (Int, Pixmap)?, lastB: (Int, Pixmap)?
        let maxPixels = openOptions.limits.maxCanvasPixels
        for pair in aligned.pairs {
            // Pairs come in time order, so each side's frame is drawn once while it shows.
            let ia = lastA?.0 == pair.a ? lastA!.1 : try sideA.render(pair.a, size: size, maxPixels: maxPixels)
            let ib = lastB?.0 == pair.b ? lastB!.1 : try sideB.render(pair.b, size: size, maxPixels: maxPixels)
            lastA = (pair.a, ia); lastB = (pair.b, ib)
            frames.append(FrameComparison(pair: pair, difference: PixelDifference.compare(ia, ib, tolerance: tolerance)))
        }
        var report = DiffReport(nameA: sideA.name, nameB: sideB.name, summaryA: sideA.summary, summaryB: sideB.summary,
                                size: size, tolerance: tolerance, limit: limit, frames: frames,
                                unmatchedA: aligned.unmatchedA, unmatchedB: aligned.unmatchedB)
        let worst = try report.worstFirst.prefix(worstShown).map { c in
            let ia = try sideA.render(c.pair.a, size: size, maxPixels: maxPixels), ib = try sideB.render(c.pair.b, size: size, maxPixels: maxPixels)
            return DiffImages.Row(comparison: c, a: ia, b: ib, heat: try PixelDifference.heatMap(ia, ib, tolerance: tolerance))
        }
        if let strip { try writer.stage(try PNGCodec.encode(try DiffImages.strip(worst, report: report), compressionLevel: 6, filter: .adaptive), to: strip) }
        if let html { try writer.stage(Array(try DiffImages.page(worst, report: report).utf8), to: html) }
        report.written = try writer.commit()
        return report
    }

    /// The references' size when a side is references, else A's canvas fitted into `defaultBox`
    /// (never enlarged).
    static func defaultSize(_ a: DiffSide, _ b: DiffSide) throws -> PixelSize {
        if case .references(let r) = a { return r.size }
        if case .references(let r) = b { return r.size }
        guard case .animation(let t) = a else { return PixelSize(defaultBox, defaultBox) }
        let c = t.canvasSize
        let s = min(1, Double(defaultBox) / Double(max(c.width, c.height)))
        return PixelSize(max(1, Int((Double(c.width) * s).rounded())), max(1, Int((Double(c.height) * s).rounded())))
    }
}
