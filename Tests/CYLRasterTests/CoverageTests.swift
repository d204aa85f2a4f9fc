#if canImport(Glibc)
import Glibc
#endif
import Testing
import CYLGeometry
@testable import CYLRaster

/// Renders `path` as a coverage mask.
func coverage(_ path: Path, _ w: Int, _ h: Int, rule: FillRule = .nonZero, transform: Transform = .identity) throws -> Mask {
    let canvas = Canvas()
    var m = Mask(width: w, height: h)
    try canvas.fillMask(path, transform: transform, rule: rule, into: &m)
    return m
}

@Suite struct CoverageTests {
    @Test func alignedSquareIsExact() throws {
        let m = try coverage(.rect(Rect(x: 4, y: 5, width: 10, height: 7)), 20, 20)
        for y in 0..<20 {
            for x in 0..<20 {
                let inside = x >= 4 && x < 14 && y >= 5 && y < 12
                #expect(m[x, y] == (inside ? 255 : 0), "pixel \(x),\(y)")
            }
        }
    }

    @Test(arguments: [FillRule.nonZero, .evenOdd])
    func halfCoveredPixels(rule: FillRule) throws {
        // Edges at x = 2.5 and y = 3.5: edge pixels are half covered, the corner a quarter.
        let m = try coverage(.rect(Rect(minX: 2.5, minY: 3.5, maxX: 8, maxY: 9)), 12, 12, rule: rule)
        #expect(abs(Int(m[2, 5]) - 128) <= 1)
        #expect(abs(Int(m[5, 3]) - 128) <= 1)
        #expect(abs(Int(m[2, 3]) - 64) <= 1)
        #expect(m[5, 5] == 255)
        #expect(m[1, 5] == 0 && m[8, 5] == 0)
    }

    @Test func diagonalHalfPixel() throws {
        // A triangle whose hypotenuse runs corner to corner through pixels: those are half covered.
        let m = try coverage(.polygon([Point(0, 0), Point(8, 0), Point(0, 8)]), 8, 8)
        for i in 0..<8 { #expect(abs(Int(m[i, 7 - i]) - 128) <= 1, "pixel \(i)") }
        #expect(m[0, 0] == 255)
        #expect(m[7, 7] == 0)
    }

    @Test(arguments: [10.0, 23.7, 40.0])
    func circleArea(radius: Double) throws {
        let size = Int(radius * 2 + 6)
        let c = Double(size) / 2 + 0.3
        let m = try coverage(.circle(center: Point(c, c - 0.17), radius: radius), size, size)
        let expected = Double.pi * radius * radius
        #expect(abs(m.coveredArea - expected) / expected < 0.005, "area \(m.coveredArea) vs \(expected)")
    }

    @Test func evenOddDiffersExactlyWhereWindingIsTwo() throws {
        // Two overlapping squares, same orientation: overlap has winding 2.
        var p = Path.rect(Rect(x: 2, y: 2, width: 10, height: 10))
        p.append(.rect(Rect(x: 6, y: 6, width: 10, height: 10)))
        let nz = try coverage(p, 20, 20, rule: .nonZero)
        let eo = try coverage(p, 20, 20, rule: .evenOdd)
        for y in 0..<20 {
            for x in 0..<20 {
                let inA = (2..<12).contains(x) && (2..<12).contains(y)
                let inB = (6..<16).contains(x) && (6..<16).contains(y)
                let w = (inA ? 1 : 0) + (inB ? 1 : 0)
                #expect(nz[x, y] == (w > 0 ? 255 : 0))
                #expect(eo[x, y] == (w == 1 ? 255 : 0))
            }
        }
    }

    @Test func oppositeWindingCancels() throws {
        // Inner square reversed: a hole under both rules.
        var p = Path.rect(Rect(x: 1, y: 1, width: 10, height: 10))
        p.append(.polygon([Point(4, 4), Point(4, 8), Point(8, 8), Point(8, 4)]))
        for rule in [FillRule.nonZero, .evenOdd] {
            let m = try coverage(p, 12, 12, rule: rule)
            #expect(m[5, 5] == 0)
            #expect(m[2, 2] == 255)
        }
    }

    @Test func clippingLeftRightTopBottom() throws {
        // A big square mostly outside the target covers all of it.
        let m = try coverage(.rect(Rect(x: -100, y: -50, width: 1000, height: 300)), 16, 16)
        #expect(m.bytes.allSatisfy { $0 == 255 })
        // A square left of the canvas does not leak in.
        let n = try coverage(.rect(Rect(x: -30, y: 2, width: 20, height: 5)), 16, 16)
        #expect(n.bytes.allSatisfy { $0 == 0 })
        // A triangle crossing the left edge: coverage right of the edge equals the clipped area.
        let t = try coverage(.polygon([Point(-8, 0), Point(8, 8), Point(-8, 16)]), 16, 16)
        #expect(abs(t.coveredArea - 32) < 0.1, "\(t.coveredArea)")
    }

    @Test func hugeAndTinyCoordinates() throws {
        let huge = try coverage(.polygon([Point(-1e12, -1e12), Point(1e12, -1e12), Point(1e12, 1e12), Point(-1e12, 1e12)]), 8, 8)
        #expect(huge.bytes.allSatisfy { $0 == 255 })
        let hugeCurve = try coverage(.circle(center: Point(4, 1e9), radius: 1e9 - 4), 8, 8)
        #expect(hugeCurve[4, 6] == 255 && hugeCurve[4, 1] == 0)
        let tiny = try coverage(.rect(Rect(x: 3, y: 3, width: 1e-9, height: 1e-9)), 8, 8)
        #expect(tiny.bytes.allSatisfy { $0 == 0 })
        let far = try coverage(.circle(center: Point(1e7, 1e7), radius: 5), 8, 8)
        #expect(far.bytes.allSatisfy { $0 == 0 })
    }

    @Test func rejectsNonFinite() {
        var p = Path()
        p.move(to: Point(0, 0)); p.line(to: Point(.nan, 3)); p.line(to: Point(3, 3))
        #expect(throws: GeometryError.self) { try coverage(p, 8, 8) }
        #expect(throws: GeometryError.self) {
            try coverage(.rect(Rect(x: 0, y: 0, width: 4, height: 4)), 8, 8, transform: .scale(.infinity, 1))
        }
        #expect(throws: GeometryError.self) {
            try coverage(.rect(Rect(x: 0, y: 0, width: 1e300, height: 4)), 8, 8, transform: .scale(1e300, 1))
        }
    }

    @Test func selfIntersectingStar() throws {
        // A pentagram: the centre has winding 2.
        var pts: [Point] = []
        for i in 0..<5 {
            let a = -Double.pi / 2 + Double(i) * 4 * Double.pi / 5
            pts.append(Point(32 + 30 * cos(a), 32 + 30 * sin(a)))
        }
        let star = Path.polygon(pts)
        let nz = try coverage(star, 64, 64, rule: .nonZero)
        let eo = try coverage(star, 64, 64, rule: .evenOdd)
        #expect(nz[32, 32] == 255 && eo[32, 32] == 0)
        #expect(nz[32, 8] == 255 && eo[32, 8] == 255)
    }

    @Test func offsetClipRectangle() throws {
        let r = Rasterizer()
        let clip = IntRect(x: 3, y: 2, width: 5, height: 4)
        try r.rasterize(.circle(center: Point(5, 4), radius: 40), clip: clip)
        #expect(r.spans == (2..<6).map { Span(x: 3, y: $0, length: 5, coverage: 255) })
        // Half-pixel edge inside an offset clip.
        try r.rasterize(.rect(Rect(minX: 4.5, minY: 0, maxX: 100, maxY: 100)), clip: clip)
        #expect(r.spans.first == Span(x: 4, y: 2, length: 1, coverage: 128))
        #expect(r.spans.allSatisfy { $0.x >= 3 && Int($0.x + $0.length) <= 8 && $0.y >= 2 && $0.y < 6 })
        // Canvas.fill honours the clip.
        var pm = try Pixmap(width: 10, height: 10)
        try Canvas().fill(.rect(Rect(x: 0, y: 0, width: 10, height: 10)), paint: .solid(.black), clip: clip, into: &pm)
        #expect(pm[3, 2] == .black && pm[7, 5] == .black && pm[2, 2] == .transparent && pm[8, 5] == .transparent)
    }

    @Test func rasterizerMatchesAreaOfRandomPolygons() throws {
        // Shoelace area of a star polygon vs summed non-zero coverage, at odd offsets.
        var seed: UInt64 = 12345
        func rnd() -> Double { seed = seed &* 6364136223846793005 &+ 1442695040888963407; return Double(seed >> 11) / Double(1 << 53) }
        for _ in 0..<20 {
            var pts: [Point] = []
            let n = 12
            for i in 0..<n {
                let a = Double(i) / Double(n) * 2 * Double.pi
                let rad = 10 + 20 * rnd()
                pts.append(Point(32.37 + rad * cos(a), 31.81 + rad * sin(a)))
            }
            var area = 0.0
            for i in 0..<n { let p = pts[i], q = pts[(i + 1) % n]; area += p.x * q.y - q.x * p.y }
            area = abs(area) / 2
            let m = try coverage(.polygon(pts), 64, 64)
            // Each edge pixel is rounded to 1/255 of a pixel: allow half a step per boundary pixel.
            #expect(abs(m.coveredArea - area) < 0.6, "\(m.coveredArea) vs \(area)")
        }
    }
}
