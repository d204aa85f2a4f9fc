import CYLPAGAnimator
import CYLRaster
import CYLTimeline
import Testing

/// Layer styles and effects PAG files use, drawn as libpag draws them.
@Suite struct PAGEffectTests {
    /// The drop shadow falls away from the light: at 120° (After Effects' default, the light up
    /// left) and distance 20 it is offset by (-cos 120°, sin 120°) × 20 = (10, 17.3), in layer
    /// units, scaled with the layer (`DropShadowFilter`).
    @Test func aDropShadowFallsAwayFromTheLight() throws {
        let bytes = PAGWriter.file([
            PAGWriter.composition(id: 1, width: 100, height: 100, frames: 1, layers: [
                PAGWriter.layer(type: 4, id: 2, frames: 1, [PAGWriter.rectangle(30, 30, 20, 20), PAGWriter.fill(255, 255, 255),
                                                             PAGWriter.dropShadow(angle: 120, distance: 20)]),
            ]),
        ])
        let t = try PAGDocument(bytes: bytes, name: "shadow.pag").timeline()
        let p = try t.render(frame: 0, size: PixelSize(100, 100))
        func pixel(_ x: Int, _ y: Int) -> (UInt8, UInt8, UInt8, UInt8) {
            p.withUnsafeBytes { b in let i = (y * 100 + x) * 4; return (b[i], b[i + 1], b[i + 2], b[i + 3]) }
        }
        // The square: x, y 20..<40. The shadow: x 30..<50, y 37.3..<57.3, under the square.
        #expect(pixel(30, 30) == (255, 255, 255, 255))
        #expect(pixel(45, 50) == (0, 0, 0, 191))
        #expect(pixel(45, 30).3 == 0)  // beside the square, above the shadow
        #expect(pixel(25, 50).3 == 0)  // below the square, left of the shadow
    }
}
