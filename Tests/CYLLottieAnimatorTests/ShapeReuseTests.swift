@testable import CYLLottieAnimator
import CYLGeometry
import Testing

/// The evaluator writes rectangles, ellipses and stars into the shapes it made last frame, and
/// reverses them in place: the result must not depend on what the shape held before, and the
/// in-place reversal must be `reversed()`.
@Suite struct ShapeReuseTests {
    static func star(points: Double, reversed: Bool = false) -> StarModel {
        StarModel(isStar: true, position: .fixed([5, 6]), points: .fixed([points]), rotation: .fixed([10]),
                  outerRadius: .fixed([40]), outerRoundness: .fixed([30]), innerRadius: .fixed([20]),
                  innerRoundness: .fixed([10]), reversed: reversed)
    }

    @Test func buildersGiveTheSameShapeWhateverTheyWriteInto() {
        let stale = [BezierShape.empty, BezierShape(closed: false, vertices: [Point(1, 2)], inTangents: [.zero], outTangents: [.zero])]
        func built(_ build: (inout BezierShape) -> Void) -> [BezierShape] {
            var fromStar = BezierShape.empty
            ShapeBuilder.star(Self.star(points: 7), at: 0, maxPoints: 1000, into: &fromStar)
            return (stale + [fromStar]).map { var s = $0; build(&s); return s }
        }
        for reversed in [false, true] {
            for shapes in [built { ShapeBuilder.rect(center: Point(3, 4), size: Point(20, 10), roundness: 0, reversed: reversed, into: &$0) },
                           built { ShapeBuilder.rect(center: Point(3, 4), size: Point(20, 10), roundness: 3, reversed: reversed, into: &$0) },
                           built { ShapeBuilder.ellipse(center: Point(3, 4), size: Point(20, 10), reversed: reversed, into: &$0) },
                           built { ShapeBuilder.star(Self.star(points: 5, reversed: reversed), at: 0, maxPoints: 1000, into: &$0) }] {
                #expect(shapes.allSatisfy { $0 == shapes[0] }, "reversed \(reversed)")
                #expect(shapes[0].closed && shapes[0].vertices.count >= 4)
            }
        }
        // A rectangle: corners clockwise from the top right, and the reversed one keeps its first.
        var r = BezierShape.empty
        ShapeBuilder.rect(center: Point(0, 0), size: Point(4, 2), roundness: 0, reversed: true, into: &r)
        #expect(r.vertices == [Point(2, -1), Point(-2, -1), Point(-2, 1), Point(2, 1)])
        // No points: an empty open shape, whatever was there.
        var none = BezierShape.empty
        ShapeBuilder.star(Self.star(points: 7), at: 0, maxPoints: 1000, into: &none)
        ShapeBuilder.star(Self.star(points: 0), at: 0, maxPoints: 1000, into: &none)
        #expect(none == .empty)
    }

    @Test func reverseInPlaceIsReversed() {
        let v = (0..<5).map { Point(Double($0), Double($0 * $0)) }
        let ins = (0..<5).map { Point(Double($0) + 0.5, -1) }, outs = (0..<5).map { Point(-2, Double($0) + 0.25) }
        for closed in [true, false] {
            let shape = BezierShape(closed: closed, vertices: v, inTangents: ins, outTangents: outs)
            var inPlace = shape
            inPlace.reverse()
            #expect(inPlace == shape.reversed(), "closed \(closed)")
            inPlace.reverse()
            #expect(inPlace == shape, "twice is the shape again, closed \(closed)")
        }
    }

    /// Interpolating a path into a reused shape gives `interpolated(to:progress:)`, whatever the
    /// shape held, also when the two keyframes differ in vertex or handle counts.
    @Test func pathInterpolationIntoAReusedShape() {
        func shape(_ n: Int, handles: Int, closed: Bool, _ k: Double) -> BezierShape {
            BezierShape(closed: closed, vertices: (0..<n).map { Point(Double($0) * k, k) },
                        inTangents: (0..<handles).map { Point(k, Double($0)) }, outTangents: (0..<handles).map { _ in Point(-k, 1) })
        }
        let pairs = [(shape(4, handles: 4, closed: true, 1), shape(4, handles: 4, closed: true, 3)),
                     (shape(5, handles: 5, closed: false, 1), shape(3, handles: 2, closed: true, 2)),
                     (shape(3, handles: 1, closed: true, 1), shape(6, handles: 6, closed: false, 5)),
                     (shape(0, handles: 0, closed: true, 1), shape(4, handles: 4, closed: true, 2))]
        var out = shape(9, handles: 9, closed: false, 7)
        for (a, b) in pairs {
            for t in [0.0, 0.25, 1.0] {
                a.interpolate(to: b, t, into: &out)
                #expect(out == a.interpolated(to: b, progress: [t]), "\(a.vertices.count) -> \(b.vertices.count) at \(t)")
            }
        }
    }

    /// A trim's cut path turned into shapes in a reused array gives `shapes(from:)`: fewer,
    /// more and as many shapes as the array held, closed and open subpaths, curves and lines.
    @Test func shapesFromAPathIntoAReusedArray() {
        var two = Path()
        two.move(to: Point(0, 0)); two.cubic(to: Point(10, 0), control1: Point(3, -4), control2: Point(7, -4)); two.line(to: Point(10, 10))
        two.close()
        two.move(to: Point(20, 20)); two.line(to: Point(30, 20)); two.quad(to: Point(30, 30), control: Point(35, 25))
        var one = Path()
        one.move(to: Point(1, 1)); one.line(to: Point(5, 1)); one.line(to: Point(5, 5)); one.line(to: Point(1, 1)); one.close()
        var out: [BezierShape] = [.empty, .empty, .empty]
        for path in [two, one, Path(), two, two] {
            BezierShape.shapes(from: path, into: &out)
            #expect(out == BezierShape.shapes(from: path))
        }
    }
}
