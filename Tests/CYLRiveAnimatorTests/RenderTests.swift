import CYLGeometry
import CYLRaster
import CYLTimeline
import Testing
@testable import CYLRiveAnimator

/// What the scene builder puts in the display list, and a few pixels of the result.
@Suite struct RenderTests {
    typealias T = RiveTypeKey
    typealias P = RivePropertyKey

    @Test func aShapeBecomesAFillInItsArtboardGroup() throws {
        let doc = try SceneTests.document(RiveWriter.rectangleArtboard())
        let list = try RiveFrameSource(doc).displayList(frame: 0)
        #expect(list.width == 100 && list.height == 50)
        #expect(list.groups.count == 1)
        #expect(list.fills.count == 1)
        let fill = list.fills[0]
        #expect(fill.transform == .translation(30, 20))
        #expect(fill.paint == .solid(Color(1, 0, 0)))
        #expect(list.path(fill.path).bounds == Rect(minX: -10, minY: -5, maxX: 10, maxY: 5))
    }

    @Test func framesAreFittedAndCentred() throws {
        let timeline = try SceneTests.document(RiveWriter.rectangleArtboard()).timeline()
        // 100×50 into 200×200: scale 2, offset 50 down; the 20×10 rectangle centred at (30, 20)
        // spans x 20…40, y 15…25, so x 40…80, y 80…100 in pixels.
        let pixels = try timeline.render(frame: 0, size: PixelSize(200, 200))
        #expect(pixels[60, 90] == RGBA8(255, 0, 0, 255))
        #expect(pixels[40, 90] == RGBA8(255, 0, 0, 255))
        #expect(pixels[39, 90].a == 0)
        #expect(pixels[60, 79].a == 0)
        #expect(pixels[60, 100].a == 0)
    }

    @Test func meshTrianglesMapTheirImageCoordinatesAffinely() throws {
        let a = (Point(0, 0), Point(10, 0), Point(0, 10))
        let b = (Point(5, 5), Point(5, 25), Point(-15, 5))  // rotated 90°, scaled 2, moved
        let m = try #require(SceneBuilder.affine(from: a, to: b))
        #expect(m.apply(a.0) == b.0 && m.apply(a.1) == b.1 && m.apply(a.2) == b.2)
        #expect(SceneBuilder.affine(from: (Point(0, 0), Point(1, 1), Point(2, 2)), to: b) == nil)
        // Growing moves every edge out by the distance asked (a right triangle with legs 3, 4).
        let g = SceneBuilder.grown((Point(0, 0), Point(4, 0), Point(0, 3)), by: 0.5)
        #expect(abs(g.0.x + 0.5) < 1e-9 && abs(g.0.y + 0.5) < 1e-9)
    }
}
