#if canImport(Glibc)
import Glibc
#endif
import Testing
@testable import CYLGeometry

/// `DashMeasure.chords`: distances along a path as Skia's contour measure takes them (libpag's
/// dashes), against lengths worked out by hand.
@Suite struct ChordMeasureTests {
    static func measured(_ path: Path, tolerance: Double = 0.5) throws -> (Polylines, [Double]) {
        var flat = Polylines(), distances: [Double] = []
        try Flattener.flattenMeasuringChords(path, tolerance: 0.01, chordTolerance: tolerance, maxPoints: 1 << 20,
                                             into: &flat, distances: &distances)
        return (flat, distances)
    }

    /// Lines are measured exactly.
    @Test func linesAreTheirLength() throws {
        let (flat, d) = try Self.measured(Path.polygon([Point(0, 0), Point(30, 40), Point(30, 50)], closed: false))
        #expect(flat.points.count == 3 && d == [0, 50, 60])
    }

    /// A circle of radius 80 in four cubics: a quarter's midpoint is r(1 − cos θ/2) from its
    /// chord's, along the radius at the arc's middle, so its larger component is that times
    /// cos or sin of that angle, at least 0.707. An arc of π/8 is then 1.54 · (≥ 0.707) > 0.5
    /// away and is split; one of π/16 is 0.385 · (≤ 1) < 0.5 and is not. So each quarter is 8
    /// chords, each 2r·sin(π/32): 32 of them, 501.85 around, where the arc is 502.65. The cubics
    /// bulge past the circle by up to 0.027% of its radius, which lengthens the chords by up to
    /// 0.14; 16 or 64 chords would measure 499.4 or 502.45, so 0.15 still tells them apart.
    @Test func aCircleIsMeasuredByItsChords() throws {
        let (flat, d) = try Self.measured(Path.circle(center: Point(0, 0), radius: 80))
        let chords = 32 * 2 * 80 * sin(Double.pi / 32)
        // Around the open contour's last point back to its start (the closing chord has no length).
        let total = try #require(d.last)
        #expect(abs(total - chords) < 0.15, "\(total) against \(chords)")
        #expect(2 * Double.pi * 80 - total > 0.7, "shorter than the arc")
        // Distances only grow, and each point is as far along as the chords put it: the top
        // (t = 0 of the first quarter) at 0, the right (the first quarter's end) at 8 chords.
        #expect(zip(d, d.dropFirst()).allSatisfy { $0 <= $1 })
        let right = try #require(flat.points.firstIndex { $0.distance(to: Point(80, 0)) < 1e-9 })
        #expect(abs(d[right] - chords / 4) < 0.04)
    }

    /// Dashing by chords on a straight line is dashing by length; on a curve, the chords being
    /// shorter, each dash reaches further along it.
    @Test func dashesByChordsRunAheadOnCurves() throws {
        var stroker = Stroker(), exact = Path(), chords = Path()
        let line = Path.polygon([Point(0, 0), Point(100, 0)], closed: false)
        try stroker.stroke(line, style: StrokeStyle(width: 2, dashes: [10, 10]), tolerance: 0.01, into: &exact)
        try stroker.stroke(line, style: StrokeStyle(width: 2, dashes: [10, 10], dashMeasure: .libpag), tolerance: 0.01, into: &chords)
        #expect(exact == chords)
        let circle = Path.circle(center: Point(0, 0), radius: 80)
        // One dash a third of the way round, by each measure: by chords it ends further on.
        let dash = 2 * Double.pi * 80 / 3
        try stroker.stroke(circle, style: StrokeStyle(width: 2, dashes: [dash, 1000]), tolerance: 0.01, into: &exact)
        try stroker.stroke(circle, style: StrokeStyle(width: 2, dashes: [dash, 1000], dashMeasure: .libpag), tolerance: 0.01, into: &chords)
        // Starting at the top going clockwise, a third of the way is at 30° below the x axis on
        // screen; the dash's far end lies at the outline's lowest point (its largest y).
        let end = { (p: Path) in p.points.map(\.y).max()! }
        #expect(end(chords) > end(exact) + 0.2, "\(end(chords)) against \(end(exact))")
    }

    /// A huge curve is split at most `maxChordDepth` deep, its chords counted against the point
    /// limit: a circle of radius 1e9 would need 2^21 chords a quarter at tolerance 0.5; it gets
    /// 4 096, and past a limit of 1 000 it is refused instead of measured.
    @Test func hugeCurvesAreBounded() throws {
        var flat = Polylines(), distances: [Double] = []
        #expect(throws: GeometryError.tooComplex(limit: 1000)) {
            try Flattener.flattenMeasuringChords(Path.circle(center: .zero, radius: 1e9), tolerance: 1e6, chordTolerance: 0.5,
                                                 maxPoints: 1000, into: &flat, distances: &distances)
        }
    }
}
