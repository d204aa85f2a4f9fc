#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How a path's coverage of a pixel becomes its paint's alpha there.
public enum CoverageCurve: Sendable, Hashable {
    /// As it is: half covered, half the paint.
    case linear
    /// Through the sRGB encoding curve (coverage taken as linear light): half covered is 74%
    /// of the paint. Text stacks that blend glyph masks so (libpag's, as its renders show to the
    /// level) make small text look heavier than its outline's area.
    case sRGB

    /// `sRGBTable[c]`: coverage `c` (0...255) through the sRGB curve, rounded.
    static let sRGBTable: [UInt8] = (0..<256).map { c in
        let x = Double(c) / 255
        let y = x <= 0.0031308 ? 12.92 * x : 1.055 * pow(x, 1 / 2.4) - 0.055
        return UInt8(min(max((y * 255).rounded(), 0), 255))
    }
}

extension Canvas {
    /// `spans` with their coverage through `curve` (the spans themselves when linear), in a
    /// buffer the canvas keeps.
    func applying(_ curve: CoverageCurve, to spans: [Span]) -> [Span] {
        guard curve == .sRGB else { return spans }
        curvedSpans.removeAll(keepingCapacity: true)
        curvedSpans.reserveCapacity(spans.count)
        CoverageCurve.sRGBTable.withUnsafeBufferPointer { table in
            for var s in spans {
                s.coverage = table[Int(s.coverage)]
                curvedSpans.append(s)
            }
        }
        return curvedSpans
    }
}
