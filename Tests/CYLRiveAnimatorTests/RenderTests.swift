#if canImport(Glibc)
import Glibc
#endif
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

    /// A shape that multiplies under a clip blends with what is drawn below it (the clip is a mask
    /// of its own blended group, not an isolated layer that would hide the backdrop), and only
    /// inside the clip. Grey 0x80 times red is (0x80, 0, 0); outside the clip the grey shows.
    @Test func aBlendedShapeUnderAClipSeesItsBackdrop() throws {
        var f = RiveWriter()
        f.object(T.backboard)
        f.object(T.artboard, [(P.layoutComponentWidth, .d(20)), (P.layoutComponentHeight, .d(20))])
        // The first drawable in the file is drawn last (on top).
        f.object(T.shape, [(P.componentName, .s("Top")), (P.componentParentId, .u(0)), (P.nodeX, .d(10)), (P.nodeY, .d(10)),
                           (P.drawableBlendModeValue, .u(24))])  // 1: multiply
        f.object(T.rectangle, [(P.componentParentId, .u(1)), (P.parametricPathWidth, .d(20)), (P.parametricPathHeight, .d(20))])
        f.object(T.fill, [(P.componentParentId, .u(1))])  // 3
        f.object(T.solidColor, [(P.componentParentId, .u(3)), (P.solidColorColorValue, .c(0xFFFF_0000))])
        f.object(T.clippingShape, [(P.componentParentId, .u(1)), (P.clippingShapeSourceId, .u(6))])
        f.object(T.shape, [(P.componentName, .s("Clip")), (P.componentParentId, .u(0)), (P.nodeX, .d(5)), (P.nodeY, .d(10))])  // 6
        f.object(T.rectangle, [(P.componentParentId, .u(6)), (P.parametricPathWidth, .d(10)), (P.parametricPathHeight, .d(20))])
        f.object(T.shape, [(P.componentName, .s("Back")), (P.componentParentId, .u(0)), (P.nodeX, .d(10)), (P.nodeY, .d(10))])  // 8
        f.object(T.rectangle, [(P.componentParentId, .u(8)), (P.parametricPathWidth, .d(20)), (P.parametricPathHeight, .d(20))])
        f.object(T.fill, [(P.componentParentId, .u(8))])  // 10
        f.object(T.solidColor, [(P.componentParentId, .u(10)), (P.solidColorColorValue, .c(0xFF80_8080))])
        let timeline = try SceneTests.document(f).timeline()
        let pixels = try timeline.render(frame: 0, size: PixelSize(20, 20))
        #expect(pixels[5, 10] == RGBA8(128, 0, 0, 255))
        #expect(pixels[15, 10] == RGBA8(128, 128, 128, 255))
    }

    /// A feathered fill is blurred by a gaussian of standard deviation strength / 2: a 40-unit
    /// square with strength 8 (σ = 4) keeps 1 − Φ(d/σ) of its alpha d units outside its edge.
    @Test func aFeatheredFillIsBlurredByHalfItsStrength() throws {
        var f = RiveWriter()
        f.object(T.backboard)
        f.object(T.artboard, [(P.layoutComponentWidth, .d(100)), (P.layoutComponentHeight, .d(100))])
        f.object(T.shape, [(P.componentParentId, .u(0)), (P.nodeX, .d(50)), (P.nodeY, .d(50))])  // 1
        f.object(T.rectangle, [(P.componentParentId, .u(1)), (P.parametricPathWidth, .d(40)), (P.parametricPathHeight, .d(40))])
        f.object(T.fill, [(P.componentParentId, .u(1))])  // 3
        f.object(T.solidColor, [(P.componentParentId, .u(3)), (P.solidColorColorValue, .c(0xFF00_00FF))])
        f.object(T.feather, [(P.componentParentId, .u(3)), (P.featherStrength, .d(8))])
        let source = try RiveFrameSource(SceneTests.document(f))
        let list = try source.displayList(frame: 0)
        #expect(list.groups.contains { $0.blur == 4 })
        var pixels = try Pixmap(width: 100, height: 100)
        try source.render(frame: 0, into: &pixels)
        // The square spans 30…70; pixel x has its centre at x + 0.5. Kernel sampling, 3σ cut and
        // 8-bit alpha: ±3 of 255.
        for x in [22, 26, 29, 30, 33, 37] {
            let expected = 255 * 0.5 * erfc((30 - (Double(x) + 0.5)) / (4 * 2.0.squareRoot()))
            #expect(abs(Double(pixels[x, 50].a) - expected) <= 3, "x \(x): \(pixels[x, 50].a) vs \(expected)")
        }
        #expect(pixels[50, 50] == RGBA8(0, 0, 255, 255))
    }
    /// A shape of `count` polygons of `corners` corners each. Asking 2^40 corners, every polygon
    /// is bounded by `--max-path-points` alone, so only the scene's bound on all its paths
    /// together keeps a few bytes per polygon from multiplying into gigabytes.
    static func polygons(_ count: Int, corners: UInt64) -> RiveWriter {
        var f = RiveWriter()
        f.object(T.backboard)
        f.object(T.artboard, [(P.layoutComponentWidth, .d(100)), (P.layoutComponentHeight, .d(100))])
        f.object(T.shape, [(P.componentParentId, .u(0)), (P.nodeX, .d(50)), (P.nodeY, .d(50))])  // 1
        for _ in 0..<count {
            f.object(T.polygon, [(P.componentParentId, .u(1)), (P.parametricPathWidth, .d(80)), (P.parametricPathHeight, .d(80)),
                                 (P.polygonPoints, .u(corners))])
        }
        f.object(T.fill, [(P.componentParentId, .u(1))])
        f.object(T.solidColor, [(P.componentParentId, .u(2 + UInt64(count))), (P.solidColorColorValue, .c(0xFF00_00FF))])
        return f
    }

    /// With --max-path-points 1000 the scene's paths may hold 8 x 1000 points: five polygons of
    /// 100 corners draw; twenty asking 2^40 corners (each kept to 1000) make the frame an error
    /// that names the flag.
    @Test func aSceneIsBoundedByItsPathsTogether() throws {
        let options = OpenOptions(limits: Limits(maxPathPoints: 1000))
        let few = try RiveFrameSource(SceneTests.document(Self.polygons(5, corners: 100), options))
        var pixels = try Pixmap(width: 100, height: 100)
        try few.render(frame: 0, into: &pixels)
        #expect(pixels[50, 50] == RGBA8(0, 0, 255, 255))
        let many = try RiveFrameSource(SceneTests.document(Self.polygons(20, corners: 1 << 40), options))
        let error = #expect(throws: RenderError.self) { try many.render(frame: 0, into: &pixels) }
        #expect(error?.message.contains("more than 8000 points") == true && error?.message.contains("Limits.maxPathPoints") == true,
                "\(String(describing: error))")
    }
}
