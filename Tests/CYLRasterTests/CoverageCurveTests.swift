import CYLGeometry
@testable import CYLRaster
import Testing

/// Coverage through the sRGB curve (how libpag's glyph masks are blended) and groups whose origin
/// snaps to a whole pixel (a hinted glyph's): values worked out by hand.
@Suite struct CoverageCurveTests {
    @Test func theCurveIsSRGBsEncoding() {
        let t = CoverageCurve.sRGBTable
        // 1/255 is in the straight part: 12.92 levels. 128/255 = 0.50196:
        // 1.055 · 0.50196^(1/2.4) − 0.055 = 0.73666, 187.85 levels.
        #expect(t[0] == 0 && t[1] == 13 && t[128] == 188 && t[255] == 255)
        #expect(zip(t, t.dropFirst()).allSatisfy { $0 <= $1 }, "the curve never falls")
    }

    /// A 10 × 10 target with white filling x 1.5...3 over its full height: column 1 half
    /// covered, column 2 fully.
    func halfCoveredColumn(_ curve: CoverageCurve) throws -> Pixmap {
        var list = DisplayList()
        list.reset(width: 10, height: 10)
        let path = list.makePath { $0.append(.rect(Rect(x: 1.5, y: 0, width: 1.5, height: 10))) }!
        list.addFill(path: path, transform: .identity, paint: .solid(Color(1, 1, 1)), curve: curve)
        var target = try Pixmap(width: 10, height: 10)
        try DisplayListRenderer().render(list, into: &target)
        return target
    }

    @Test func aCurvedFillBrightensPartlyCoveredPixelsOnly() throws {
        let linear = try halfCoveredColumn(.linear), curved = try halfCoveredColumn(.sRGB)
        let half = linear[1, 5].a
        #expect(half == 127 || half == 128, "half covered: \(half)")
        #expect(curved[1, 5].a == CoverageCurve.sRGBTable[Int(half)], "\(curved[1, 5])")
        #expect(curved[1, 5].a >= 187)
        #expect(curved[2, 5] == linear[2, 5] && curved[2, 5].a == 255)
        #expect(curved[0, 5] == .transparent && curved[3, 5] == .transparent)
    }

    @Test func aSnappingGroupStartsOnTheNearestWholePixel() throws {
        var list = DisplayList()
        list.reset(width: 40, height: 40)
        // At (10.4, 20.6) the square would straddle pixels; snapped it starts at (10, 21).
        list.beginGroup(transform: .translation(10.4, 20.6))
        list.snapToPixels()
        let path = list.makePath { $0.append(.rect(Rect(x: 0, y: 0, width: 5, height: 5))) }!
        list.addFill(path: path, transform: .identity, paint: .solid(Color(0, 0, 0)))
        list.endGroup()
        var target = try Pixmap(width: 40, height: 40)
        try DisplayListRenderer().render(list, into: &target)
        for y in 19...27 {
            for x in 8...16 {
                let inside = (10..<15).contains(x) && (21..<26).contains(y)
                #expect(target[x, y].a == (inside ? 255 : 0), "(\(x), \(y)): \(target[x, y])")
            }
        }
    }
}
