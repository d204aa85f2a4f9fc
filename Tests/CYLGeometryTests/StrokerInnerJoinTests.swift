import Testing
import CYLGeometry

/// Inner joins: the corner where the two offsets meet when it lies within the segments, else the
/// path through the centre point (and `foldsInward` says so).
@Suite struct StrokerInnerJoinTests {
    func outline(_ path: Path, _ style: StrokeStyle) throws -> (points: [Point], folds: Bool) {
        var s = Stroker()
        var out = Path()
        try s.stroke(path, style: style, into: &out)
        return (out.points, s.foldsInward)
    }

    func contains(_ pts: [Point], _ p: Point) -> Bool { pts.contains { $0.distance(to: p) < 1e-9 } }

    /// Right, then down (on screen) with half-width 1: the inside of the bend is x < 10, y > 0, and
    /// the offsets y = 1 and x = 9 meet at (9, 1), one unit back along each 10-unit leg.
    @Test func rightAngleTurnsAtTheOffsetsCorner() throws {
        let o = try outline(.polygon([Point(0, 0), Point(10, 0), Point(10, 10)], closed: false), StrokeStyle(width: 2))
        #expect(contains(o.points, Point(9, 1)))
        #expect(!contains(o.points, Point(10, 0)))  // no detour through the centre point
        #expect(!o.folds)
    }

    /// The same turn onto a 0.5-unit leg: the corner would lie 1 unit back, beyond the leg's middle,
    /// so the inner side goes through the centre point and the outline folds.
    @Test func aLegShorterThanTheCornerFolds() throws {
        let o = try outline(.polygon([Point(0, 0), Point(10, 0), Point(10, 0.5)], closed: false), StrokeStyle(width: 2))
        #expect(contains(o.points, Point(10, 0)))
        #expect(o.folds)
    }

    /// A circle folds on its inside exactly when the half-width exceeds its radius (the flattened
    /// circle's segments turn by about length/radius, so the corner lies half-width/radius of a
    /// half segment back). Radii 2 and 5 against half-width 3 sit well clear of the boundary.
    @Test(arguments: [(2.0, true), (5.0, false)])
    func circlesFoldWhenTighterThanHalfTheWidth(radius: Double, folds: Bool) throws {
        let o = try outline(.circle(center: Point(20, 20), radius: radius), StrokeStyle(width: 6))
        #expect(o.folds == folds)
    }

    /// The flag describes the last outline only.
    @Test func theFlagIsPerOutline() throws {
        var s = Stroker()
        var out = Path()
        try s.stroke(.circle(center: Point(20, 20), radius: 2), style: StrokeStyle(width: 6), into: &out)
        #expect(s.foldsInward)
        try s.stroke(.circle(center: Point(20, 20), radius: 5), style: StrokeStyle(width: 6), into: &out)
        #expect(!s.foldsInward)
    }
}

extension StrokerInnerJoinTests {
    /// A closed square's inner side is the inset square itself: four corners, no point of the
    /// outline back on the first segment's offset (the close used to double back from the last
    /// corner to the first segment's start).
    @Test func closedSquareInnerSideIsTheInsetSquare() throws {
        var s = Stroker()
        var out = Path()
        try s.stroke(.rect(Rect(minX: 0, minY: 0, maxX: 10, maxY: 10)), style: StrokeStyle(width: 2), into: &out)
        let corners = [Point(1, 1), Point(9, 1), Point(9, 9), Point(1, 9)]
        // Every outline point is a corner of the inset square (inner side) or lies on the outset
        // square's boundary, 6 from the centre in x or y (outer side: offsets and miters).
        for p in out.points {
            let onOutset = abs(max(abs(p.x - 5), abs(p.y - 5)) - 6) < 1e-9
            #expect(corners.contains { $0.distance(to: p) < 1e-9 } || onOutset, "unexpected outline point \(p)")
        }
        #expect(out.points.filter { p in corners.contains { $0.distance(to: p) < 1e-9 } }.count == 4)
        #expect(!s.foldsInward)
    }
}
