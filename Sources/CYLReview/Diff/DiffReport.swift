import CYLConvert
import CYLRaster
import CYLTimeline
import Foundation

/// How many changed pixels a frame may have and still pass: a share of its pixels or a count.
public enum ChangedPixelsLimit: Sendable, Equatable, CustomStringConvertible {
    /// 0...1 of the frame's pixels.
    case share(Double)
    case count(Int)

    /// `1%` (a share), `0.5%`, or `20` (pixels).
    public init(parsing text: String) throws(UsageError) {
        if text.hasSuffix("%") {
            guard let v = Double(text.dropLast()), v.isFinite, (0...100).contains(v) else {
                throw UsageError("Invalid value '\(text)' for '--max-changed-pixels': expected a percentage 0%-100% or a pixel count.")
            }
            self = .share(v / 100)
        } else {
            guard let n = Int(text), n >= 0 else {
                throw UsageError("Invalid value '\(text)' for '--max-changed-pixels': expected a percentage such as 1% or a pixel count such as 20.")
            }
            self = .count(n)
        }
    }

    public func allows(_ d: PixelDifference) -> Bool {
        switch self {
        case .share(let s): return d.changedShare <= s + 1e-12
        case .count(let n): return d.changedPixels <= n
        }
    }

    public var description: String {
        switch self {
        case .share(let s): return DiffReport.percent(s)
        case .count(let n): return "\(n) pixel\(n == 1 ? "" : "s")"
        }
    }
}

/// One compared pair of frames.
public struct FrameComparison: Sendable, Equatable {
    public var pair: FramePair
    public var difference: PixelDifference
}

/// What `diff` found: every compared pair in time order, the worst first on request, and whether
/// it is within the limits.
public struct DiffReport: Sendable {
    public var nameA: String
    public var nameB: String
    public var summaryA: String
    public var summaryB: String
    public var size: PixelSize
    public var tolerance: Int
    public var limit: ChangedPixelsLimit
    public var frames: [FrameComparison]
    /// Reference frames with no partner on the other side (numbers).
    public var unmatchedA: [Int]
    public var unmatchedB: [Int]
    /// Files written (strip, page).
    public var written: [OutputWriter.WrittenFile] = []

    /// Worst first: most changed pixels, then largest difference, then lowest PSNR, then time.
    public var worstFirst: [FrameComparison] {
        frames.enumerated().sorted { x, y in
            let a = x.element.difference, b = y.element.difference
            if a.changedPixels != b.changedPixels { return a.changedPixels > b.changedPixels }
            if a.maxDifference != b.maxDifference { return a.maxDifference > b.maxDifference }
            if a.psnr != b.psnr { return a.psnr < b.psnr }
            return x.offset < y.offset
        }.map(\.element)
    }

    /// Frames over the limit.
    public var failing: [FrameComparison] { frames.filter { !limit.allows($0.difference) } }

    /// Within the limits: no frame over, and no reference frame without a partner.
    public var passed: Bool { failing.isEmpty && unmatchedA.isEmpty && unmatchedB.isEmpty && !frames.isEmpty }

    /// The report as text: what was compared, the worst `shown` frames, the verdict.
    public func text(shown: Int = 10) -> [String] {
        var lines = ["A: \(nameA) (\(summaryA))", "B: \(nameB) (\(summaryB))",
                     "compared \(frames.count) frame pair\(frames.count == 1 ? "" : "s") at \(size), a pixel changes when a channel differs by more than \(tolerance)"]
        let worst = worstFirst.prefix(shown)
        if !worst.isEmpty { lines.append("worst frames:") }
        for c in worst { lines.append("  " + Self.line(c)) }
        if !unmatchedA.isEmpty { lines.append("only in A: frames " + Self.list(unmatchedA)) }
        if !unmatchedB.isEmpty { lines.append("only in B: frames " + Self.list(unmatchedB)) }
        let over = failing.count
        lines.append(passed ? "within limits: every frame has at most \(limit) changed pixels"
                     : "over limits: \(over) of \(frames.count) frame\(frames.count == 1 ? "" : "s") with more than \(limit) changed pixels"
                       + (unmatchedA.isEmpty && unmatchedB.isEmpty ? "" : ", frames without a partner"))
        return lines
    }

    static func line(_ c: FrameComparison) -> String {
        let d = c.difference
        let time = c.pair.time.map { "t \(ReviewIcon.seconds($0.seconds))  " } ?? ""
        return "\(time)A \(c.pair.a)  B \(c.pair.b)  \(percent(d.changedShare)) changed (\(d.changedPixels) px)  max \(d.maxDifference)  PSNR \(psnrText(d.psnr))"
    }

    static func list(_ n: [Int]) -> String { n.prefix(12).map(String.init).joined(separator: ", ") + (n.count > 12 ? ", …" : "") }

    /// `3.12%` (two decimals; `0%` for none).
    static func percent(_ share: Double) -> String {
        if share == 0 { return "0%" }
        return String(format: "%.2f%%", share * 100)
    }

    static func psnrText(_ v: Double) -> String { v.isFinite ? String(format: "%.1f dB", v) : "inf" }

    /// Every number, for CI (`--json`); PSNR of identical frames is null (infinite).
    public var json: JSONOutput {
        func side(_ name: String, _ summary: String) -> JSONOutput { .object([("file", .string(name)), ("summary", .string(summary))]) }
        return .object([
            ("a", side(nameA, summaryA)), ("b", side(nameB, summaryB)),
            ("width", .int(size.width)), ("height", .int(size.height)),
            ("tolerance", .int(tolerance)),
            ("maxChangedPixels", { switch limit { case .share(let s): return .object([("share", .double(s))]); case .count(let n): return .object([("count", .int(n))]) } }()),
            ("passed", .bool(passed)),
            ("failingFrames", .int(failing.count)),
            ("unmatchedA", .array(unmatchedA.map { .int($0) })), ("unmatchedB", .array(unmatchedB.map { .int($0) })),
            ("frames", .array(worstFirst.map { c in
                .object([("time", c.pair.time.map { .double($0.seconds) } ?? .null), ("frameA", .int(c.pair.a)), ("frameB", .int(c.pair.b)),
                         ("changedPixels", .int(c.difference.changedPixels)), ("changedShare", .double(c.difference.changedShare)),
                         ("maxDifference", .int(c.difference.maxDifference)), ("psnr", .double(c.difference.psnr)),
                         ("passed", .bool(limit.allows(c.difference)))])
            })),
            ("written", .array(written.map { .string($0.path) })),
        ])
    }
}
