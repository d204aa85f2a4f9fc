#if canImport(Glibc)
import Glibc
#endif
import Testing
@testable import CYLGeometry

/// Zig-zag and twist (`BezierShape.zigZagged`, `.twisted`): vertex positions worked out by hand.
/// Tolerance 1e-9: the expected values are a few additions and one square root or sine away from
/// the inputs, so only double rounding separates them.
@Suite struct ZigZagTwistTests {
    /// The square (0,0) (100,0) (100,100) (0,100): clockwise on screen (y down), sharp corners.
    static let square = BezierShape(closed: true, vertices: [Point(0, 0), Point(100, 0), Point(100, 100), Point(0, 100)],
                                    inTangents: Array(repeating: .zero, count: 4), outTangents: Array(repeating: .zero, count: 4))

    static func near(_ a: Point, _ b: Point) -> Bool { a.distance(to: b) < 1e-9 }

    @Test func cornerZigZagAlternatesSidesAcrossVerticesAndRidges() {
        let z = Self.square.zigZagged(amplitude: 10, ridges: 1, smooth: false, maxPoints: 1000)
        // 4 corners + 1 ridge on each of 4 sides.
        #expect(z.vertices.count == 8 && z.closed)
        let h = 10 / 2.0.squareRoot()  // a corner moves 10 along the diagonal: 7.07 on each axis
        let expected = [
            Point(h, h),            // corner (0,0): right of travel (down-right, into the square)
            Point(50, -10),         // mid top: left of travel (rightward) is up
            Point(100 - h, h),      // corner (100,0): right again, into the square
            Point(110, 50),         // mid right side: travelling down, left is +x
            Point(100 - h, 100 - h),
            Point(50, 110),
            Point(h, 100 - h),
            Point(-10, 50),
        ]
        for (got, want) in zip(z.vertices, expected) { #expect(Self.near(got, want), "\(got) != \(want)") }
        #expect(z.inTangents.allSatisfy { $0 == .zero } && z.outTangents.allSatisfy { $0 == .zero })
    }

    @Test func smoothZigZagHandlesFollowTravelAtAFractionOfTheChord() {
        let z = Self.square.zigZagged(amplitude: 10, ridges: 1, smooth: true, maxPoints: 1000)
        // Handle length: chord 100 / (2 · (1 + 1)) = 25, along the direction of travel.
        #expect(Self.near(z.outTangents[1], Point(25, 0)) && Self.near(z.inTangents[1], Point(-25, 0)))
        #expect(Self.near(z.outTangents[3], Point(0, 25)) && Self.near(z.inTangents[3], Point(0, -25)))
        // A corner's handles run along the line from its previous to its next vertex.
        let d = 25 / 2.0.squareRoot()
        #expect(Self.near(z.outTangents[0], Point(d, -d)) && Self.near(z.inTangents[0], Point(-d, d)))
    }

    @Test func openZigZagEndsMoveAlongTheirOwnSegment() {
        let line = BezierShape(closed: false, vertices: [Point(0, 0), Point(30, 0)], inTangents: [.zero, .zero], outTangents: [.zero, .zero])
        let z = line.zigZagged(amplitude: 5, ridges: 2, smooth: false, maxPoints: 1000)
        // Points at 0, 10, 20, 30 alternate right (+y, down), left, right, left.
        #expect(!z.closed && z.vertices == [Point(0, 5), Point(10, -5), Point(20, 5), Point(30, -5)])
    }

    @Test func zigZagRidgesAreBoundedByThePointBudget() {
        let z = Self.square.zigZagged(amplitude: 3, ridges: 100_000_000, smooth: false, maxPoints: 400)
        // 400 points over 4 sides: 99 ridges a side, 100 points a side.
        #expect(z.vertices.count == 400)
        #expect(Self.square.zigZagged(amplitude: 0, ridges: 5, smooth: false, maxPoints: 400) == Self.square)
    }

    @Test func twistTurnsTheCentreMostAndTheFarthestVertexNot() {
        // A square of side 2 about the origin: corners at distance √2 = R stay put.
        let s = BezierShape(closed: true, vertices: [Point(-1, -1), Point(1, -1), Point(1, 1), Point(-1, 1)],
                            inTangents: Array(repeating: .zero, count: 4), outTangents: Array(repeating: .zero, count: 4))
        let angle = Double.pi / 2
        let t = s.twisted(angle: angle, center: .zero, maxPoints: 1000)
        // Each side is cut in 4: 4 corners + 3 points a side.
        #expect(t.vertices.count == 16 && t.closed)
        #expect(Self.near(t.vertices[0], Point(-1, -1)) && Self.near(t.vertices[4], Point(1, -1)))
        // Top side's midpoint (0,-1): distance 1, turned by 90° · (1 − 1/√2) = 26.36° clockwise on
        // screen: (x cos a − y sin a, x sin a + y cos a) = (sin a, −cos a).
        let a = angle * (1 - 1 / 2.0.squareRoot())
        #expect(Self.near(t.vertices[2], Point(sin(a), -cos(a))), "\(t.vertices[2])")
        // (0.5,-1): distance √1.25.
        let b = angle * (1 - 1.25.squareRoot() / 2.0.squareRoot())
        #expect(Self.near(t.vertices[3], Point(0.5 * cos(b) + sin(b), 0.5 * sin(b) - cos(b))))
        // The straight sides became curves: the pieces' handles (a third of a piece, 0.5/3 long) turned too.
        #expect(t.outTangents[2] != .zero && abs(t.outTangents[2].length - 0.5 / 3) < 0.05)
    }

    @Test func twistWithoutAngleLeavesTheShape() {
        #expect(Self.square.twisted(angle: 0, center: Point(50, 50), maxPoints: 1000) == Self.square)
        #expect(Self.square.twisted(angle: .nan, center: Point(50, 50), maxPoints: 1000) == Self.square)
    }
}
