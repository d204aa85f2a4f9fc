#if canImport(Glibc)
import Glibc
#endif
import Testing
import CYLGeometry
@testable import CYLRaster

func strokeCoverage(_ path: Path, _ style: StrokeStyle, _ w: Int, _ h: Int, transform: Transform = .identity) throws -> Mask {
    let canvas = Canvas()
    var m = Mask(width: w, height: h)
    try canvas.strokeMask(path, style: style, transform: transform, into: &m)
    return m
}

/// Runs of covered pixels (coverage ≥ 128) along row `y`.
func runs(_ m: Mask, row y: Int) -> [(Int, Int)] {
    var out: [(Int, Int)] = []
    var x = 0
    while x < m.width {
        if m[x, y] >= 128 {
            let s = x
            while x < m.width && m[x, y] >= 128 { x += 1 }
            out.append((s, x - s))
        } else { x += 1 }
    }
    return out
}

@Suite struct StrokeTests {
    @Test(arguments: [0.0, 0.3, 1.1])
    func straightStrokeAreaIsLengthTimesWidth(angle: Double) throws {
        let c = Point(100, 100), d = Point(cos(angle), sin(angle)) * 80
        let line = Path.polygon([c - d, c + d], closed: false)
        let m = try strokeCoverage(line, StrokeStyle(width: 5.3), 200, 200)
        let expected = 160 * 5.3
        #expect(abs(m.coveredArea - expected) / expected < 0.01, "\(m.coveredArea) vs \(expected)")
    }

    @Test func capsAddWhatTheySay() throws {
        let line = Path.polygon([Point(20, 50.5), Point(120, 50.5)], closed: false)
        let w = 8.0
        let square = try strokeCoverage(line, StrokeStyle(width: w, cap: .square), 160, 100)
        #expect(abs(square.coveredArea - (100 + w) * w) < 0.5)
        #expect(runs(square, row: 50).first! == (16, 108))
        let round = try strokeCoverage(line, StrokeStyle(width: w, cap: .round), 160, 100)
        let exp = 100 * w + Double.pi * (w / 2) * (w / 2)
        #expect(abs(round.coveredArea - exp) / exp < 0.005)
        let butt = try strokeCoverage(line, StrokeStyle(width: w, cap: .butt), 160, 100)
        #expect(runs(butt, row: 50).first! == (20, 100))
    }

    @Test func dashesHaveTheirLengths() throws {
        let line = Path.polygon([Point(10, 20), Point(110, 20)], closed: false)
        let m = try strokeCoverage(line, StrokeStyle(width: 4, dashes: [10, 5]), 130, 40)
        let r = runs(m, row: 20)
        #expect(r.count == 7)
        #expect(r.allSatisfy { $0.1 == 10 })
        #expect(r.map(\.0) == [10, 25, 40, 55, 70, 85, 100])
        #expect(abs(m.coveredArea - 70 * 4) < 0.5)
        // Offset 5: the first dash is half gone; an odd list repeats.
        let o = try strokeCoverage(line, StrokeStyle(width: 4, dashes: [10, 5], dashOffset: 5), 130, 40)
        #expect(runs(o, row: 20).first! == (10, 5))
        let odd = try strokeCoverage(line, StrokeStyle(width: 4, dashes: [10]), 130, 40)
        #expect(runs(odd, row: 20).map(\.0) == [10, 30, 50, 70, 90])
        // Square caps on dashes extend each by half the width on both ends.
        let sq = try strokeCoverage(line, StrokeStyle(width: 4, cap: .square, dashes: [10, 5]), 130, 40)
        #expect(runs(sq, row: 20)[1] == (23, 14))
    }

    @Test func zeroLengthDashesAreDots() throws {
        let line = Path.polygon([Point(10, 20), Point(110, 20)], closed: false)
        let m = try strokeCoverage(line, StrokeStyle(width: 6, cap: .round, dashes: [0, 20]), 130, 40)
        // Dots at 10, 30, 50, 70, 90, 110.
        let exp = 6 * Double.pi * 9
        #expect(abs(m.coveredArea - exp) / exp < 0.02, "\(m.coveredArea)")
        let butt = try strokeCoverage(line, StrokeStyle(width: 6, cap: .butt, dashes: [0, 20]), 130, 40)
        #expect(butt.coveredArea < 0.1)
    }

    @Test func closedSquareRingWithMiters() throws {
        let sq = Path.rect(Rect(x: 20, y: 20, width: 20, height: 20))
        let m = try strokeCoverage(sq, StrokeStyle(width: 4, join: .miter), 60, 60)
        #expect(abs(m.coveredArea - (24 * 24 - 16 * 16)) < 0.5)
        #expect(m[18, 18] == 255 && m[30, 30] == 0)
        let bevel = try strokeCoverage(sq, StrokeStyle(width: 4, join: .bevel), 60, 60)
        #expect(abs(bevel.coveredArea - (24 * 24 - 16 * 16 - 4 * 2)) < 0.5)  // four corner triangles of area 2
        let round = try strokeCoverage(sq, StrokeStyle(width: 4, join: .round), 60, 60)
        #expect(abs(round.coveredArea - (24 * 24 - 16 * 16 - 4 * (4 - Double.pi))) < 0.5)
    }

    @Test func miterLimitTurnsSharpJoinsIntoBevels() throws {
        let v = Path.polygon([Point(10, 80), Point(50, 10), Point(90, 80)], closed: false)
        let sharp = try strokeCoverage(v, StrokeStyle(width: 6, join: .miter, miterLimit: 10), 100, 100)
        let limited = try strokeCoverage(v, StrokeStyle(width: 6, join: .miter, miterLimit: 1.5), 100, 100)
        // The miter tip reaches above the apex; the bevel does not.
        #expect(sharp[50, 5] > 128)
        #expect(limited[50, 5] == 0)
        #expect(sharp.coveredArea > limited.coveredArea)
    }

    @Test func userSpaceStrokeStretchesWithTheTransform() throws {
        // A circle of radius 10 stroked with width 2, then scaled 3x horizontally.
        let c = Path.circle(center: Point(0, 0), radius: 10)
        let t = Transform.scale(3, 1).then(.translation(50, 20))
        let m = try strokeCoverage(c, StrokeStyle(width: 2), 100, 40, transform: t)
        // Along the middle row the ring is 6 px thick on each side; along the middle column 2 px.
        let r = runs(m, row: 20)
        #expect(r.count == 2 && r.allSatisfy { $0.1 == 6 })
        var col = 0
        for y in 0..<40 where m[50, y] >= 128 { col += 1 }
        #expect(col == 4)
    }

    @Test func degenerateInputs() throws {
        var p = Path()
        p.move(to: Point(10, 10)); p.line(to: Point(10, 10)); p.line(to: Point(30, 10)); p.line(to: Point(30, 10))
        p.line(to: Point(10, 10))  // doubles back: 180° join
        let m = try strokeCoverage(p, StrokeStyle(width: 4, join: .round), 40, 20)
        #expect(m[20, 10] == 255)
        var dot = Path(); dot.move(to: Point(20, 20)); dot.line(to: Point(20, 20))
        let d = try strokeCoverage(dot, StrokeStyle(width: 10, cap: .round), 40, 40)
        #expect(abs(d.coveredArea - 25 * Double.pi) / (25 * Double.pi) < 0.01)
        #expect(try strokeCoverage(dot, StrokeStyle(width: 10), 40, 40).coveredArea == 0)
        #expect(throws: GeometryError.self) { try strokeCoverage(p, StrokeStyle(width: .nan), 40, 20) }
        #expect(try strokeCoverage(p, StrokeStyle(width: 0), 40, 20).coveredArea == 0)
    }

    @Test func closedDashedCircleJoinsTheSeam() throws {
        // 2πr·k: a pattern that is "on" at both ends of the closed path joins there.
        let c = Path.circle(center: Point(50, 50), radius: 30)
        let L = c.length
        let m = try strokeCoverage(c, StrokeStyle(width: 4, dashes: [L / 8 * 0.6, L / 8 * 0.4], dashOffset: L / 8 * 0.3), 100, 100)
        let exp = L * 0.6 * 4
        #expect(abs(m.coveredArea - exp) / exp < 0.02, "\(m.coveredArea) vs \(exp)")
    }
}
