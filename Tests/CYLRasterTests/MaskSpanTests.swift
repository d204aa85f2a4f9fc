import CYLGeometry
import Testing
@testable import CYLRaster

/// Masks combined straight from spans (what the display-list renderer does for plain masks) give
/// exactly the values of the full-coverage path, and the rectangle they return holds every
/// non-zero value.
struct MaskSpanTests {
    /// A small deterministic generator (xorshift), so failures replay.
    struct Generator {
        var state: UInt64
        mutating func next(_ n: Int) -> Int {
            state ^= state << 13; state ^= state >> 7; state ^= state << 17
            return Int(state % UInt64(n))
        }
    }

    /// Random spans inside `area`, sorted by row then x, not overlapping within a row: edge-like
    /// runs of up to 6 pixels and, when `long`, interior-like runs of up to 24 (the kernels take
    /// runs of 8 or more another way), with coverage 0 and 255 as often as any other value.
    static func spans(_ g: inout Generator, in area: IntRect, long: Bool = false) -> [Span] {
        var out: [Span] = []
        for y in area.y..<area.maxY where g.next(3) != 0 {
            var x = area.x + g.next(4)
            while x < area.maxX - 1 {
                let len = 1 + g.next(min(long ? 24 : 6, area.maxX - x))
                let pick = g.next(4)
                let coverage = pick == 0 ? 0 : pick == 1 ? 255 : UInt8(g.next(256))
                out.append(Span(x: x, y: y, length: len, coverage: coverage))
                x += len + g.next(4)
            }
        }
        return out
    }

    @Test(arguments: [Mask.Mode.add, .subtract, .intersect], [1.0, 0.6, 0.0])
    func spanCombineMatchesTheCoveragePath(mode: Mask.Mode, opacity: Double) throws {
        var g = Generator(state: 0x9E37_79B9_7F4A_7C15)
        let w = 37, h = 23
        let area = IntRect(x: 3, y: 2, width: 30, height: 19)
        for round in 0..<40 {
            // A starting accumulator: random values inside `live`, 0 outside it (the invariant).
            let live = round % 4 == 0 ? IntRect.none : IntRect(x: 3 + g.next(10), y: 2 + g.next(8), width: 5 + g.next(15), height: 3 + g.next(9)).intersection(area)
            var start = Mask(width: w, height: h)
            for y in live.y..<live.maxY { for x in live.x..<live.maxX { start.bytes[y * w + x] = UInt8(g.next(256)) } }
            // Spans over the whole mask: the combine only takes what lies inside `area`.
            let spans = Self.spans(&g, in: IntRect(x: 0, y: 0, width: w, height: h), long: round % 2 == 1)

            var reference = start
            var coverage = Mask(width: w, height: h)
            coverage.write(spans: spans)
            reference.combine(coverage, mode: mode, opacity: opacity, in: area)

            var fast = start
            let newLive = fast.combine(spans: spans, mode: mode, opacity: opacity, live: live, area: area)
            #expect(fast.bytes == reference.bytes, "round \(round)")
            for y in 0..<h {
                for x in 0..<w where fast.bytes[y * w + x] != 0 {
                    let inside = x >= newLive.x && x < newLive.maxX && y >= newLive.y && y < newLive.maxY
                    #expect(inside, "round \(round): (\(x), \(y)) is non-zero outside \(newLive)")
                }
            }
        }
    }
}
