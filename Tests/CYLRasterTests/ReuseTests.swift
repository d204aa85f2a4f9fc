import Testing
import CYLGeometry
@testable import CYLRaster

@Suite struct ReuseTests {
    /// Renders a small scene: fills, a stroke, a gradient, a masked layer.
    func scene(_ c: Canvas, _ target: inout Pixmap) throws -> [UnsafeRawPointer] {
        target.fill(.white)
        try c.fill(.circle(center: Point(32, 32), radius: 20), paint: .solid(Color(0.2, 0.4, 0.8)), into: &target)
        try c.stroke(.rect(Rect(x: 8, y: 8, width: 48, height: 48)), style: StrokeStyle(width: 3, dashes: [6, 3]),
                     paint: .radial(Gradient([ColorStop(0, .black), ColorStop(1, .white)]), center: Point(32, 32), radius: 30),
                     into: &target)
        var layer = try c.borrowLayer(width: 64, height: 64)
        var mask = c.borrowMask(width: 64, height: 64)
        try c.fill(.rect(Rect(x: 0, y: 0, width: 64, height: 32)), paint: .solid(Color(1, 0, 0, 0.8)), into: &layer)
        try c.fillMask(.circle(center: Point(32, 32), radius: 25), into: &mask)
        layer.apply(mask: mask)
        target.composite(layer, opacity: 0.7)
        let ids = layer.bytes.withUnsafeBytes { [UnsafeRawPointer($0.baseAddress!)] }
            + mask.bytes.withUnsafeBytes { [UnsafeRawPointer($0.baseAddress!)] }
            + c.rasterizer.scratchIdentity
            + c.rasterizer.spans.withUnsafeBytes { [UnsafeRawPointer($0.baseAddress!)] }
        c.recycle(layer, dirty: nil)
        c.recycle(mask)
        return ids
    }

    @Test func secondRenderReusesEveryScratchBuffer() throws {
        let c = Canvas()
        var a = try Pixmap(width: 64, height: 64)
        let first = try scene(c, &a)
        let firstImage = a
        let second = try scene(c, &a)
        #expect(first == second)
        #expect(a == firstImage)
    }
}
