import Testing
@testable import CYLGeometry

/// Regressions found by tools/dev/fuzz-cli.sh: hostile stroke parameters must fail cleanly.
@Suite struct StrokerLimitTests {
    /// A 1e-9 dash pattern on a 100-unit path asked for ~1e11 dashes and died allocating;
    /// it must throw `tooComplex` instead.
    @Test func microscopicDashesAreBounded() {
        var stroker = Stroker()
        var out = Path()
        let style = StrokeStyle(width: 8, dashes: [1e-9, 1e-9])
        #expect(throws: GeometryError.tooComplex(limit: stroker.maxPoints)) {
            try stroker.stroke(.rect(Rect(minX: 0, minY: 0, maxX: 100, maxY: 100)), style: style, into: &out)
        }
    }

    /// The bound is the stroker's own setting (renderers set it from `--max-path-points`).
    @Test func theBoundIsConfigurable() throws {
        var stroker = Stroker()
        stroker.maxPoints = 1000
        var out = Path()
        let style = StrokeStyle(width: 2, dashes: [0.25, 0.25])  // 800 dashes of at least 2 points each
        #expect(throws: GeometryError.tooComplex(limit: 1000)) {
            try stroker.stroke(.rect(Rect(minX: 0, minY: 0, maxX: 100, maxY: 100)), style: style, into: &out)
        }
        stroker.maxPoints = 100_000
        try stroker.stroke(.rect(Rect(minX: 0, minY: 0, maxX: 100, maxY: 100)), style: style, into: &out)
        #expect(!out.isEmpty)
    }

    /// A huge segment with a tiny dash used to be able to loop forever (segLen -= 1e-9 does not change 1e20).
    @Test func tinyDashOnHugeSegmentTerminates() {
        var stroker = Stroker()
        var out = Path()
        let style = StrokeStyle(width: 1, dashes: [1e-6, 1e-6])
        #expect(throws: GeometryError.self) {
            try stroker.stroke(.polygon([Point(0, 0), Point(1e20, 0)], closed: false), style: style, into: &out)
        }
    }

    /// Round joins at a tolerance far finer than the stroke (a PAG file drew a stroke a million
    /// times its pixels): each join's arc is thousands of points, so 2000 joins made tens of
    /// millions before the bound on the outline's points; past `maxPoints` it now throws.
    @Test func roundJoinsAreBounded() {
        var stroker = Stroker()
        stroker.maxPoints = 100_000
        var out = Path()
        let zigzag = (0..<2000).map { Point(Double($0) * 10, $0 % 2 == 0 ? 0 : 10) }
        let style = StrokeStyle(width: 1e6, join: .round)
        #expect(throws: GeometryError.tooComplex(limit: 100_000)) {
            try stroker.stroke(.polygon(zigzag, closed: false), style: style, tolerance: 1e-9, into: &out)
        }
        #expect(out.points.count < 200_000, "stopped near the bound: \(out.points.count) points")
    }

    /// Ordinary dashes still work.
    @Test func ordinaryDashesStillDraw() throws {
        var stroker = Stroker()
        var out = Path()
        try stroker.stroke(.rect(Rect(minX: 0, minY: 0, maxX: 100, maxY: 100)), style: StrokeStyle(width: 2, dashes: [5, 5]), into: &out)
        #expect(!out.isEmpty)
    }
}
