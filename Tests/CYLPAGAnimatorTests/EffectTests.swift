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

    /// Levels with gamma 2: each channel v becomes 255 × (v / 255)^(1/2) (libpag's
    /// LevelsIndividualFilter); 64 grey becomes 127.5, within a step of rounding of 128.
    @Test func levelsMapEachChannelThroughTheCurve() throws {
        let bytes = PAGWriter.file([
            PAGWriter.composition(id: 1, width: 10, height: 10, frames: 1, layers: [
                PAGWriter.layer(type: 4, id: 2, frames: 1, [PAGWriter.rectangle(5, 5, 10, 10), PAGWriter.fill(64, 0, 255),
                                                             PAGWriter.levels(gamma: 2)]),
            ]),
        ])
        let p = try PAGDocument(bytes: bytes, name: "levels.pag").timeline().render(frame: 0, size: PixelSize(10, 10))
        let (r, g, b, a) = p.withUnsafeBytes { b in (b[220], b[221], b[222], b[223]) }
        #expect(abs(Int(r) - 128) <= 1 && g == 0 && b == 255 && a == 255, "\((r, g, b, a))")
    }
}
