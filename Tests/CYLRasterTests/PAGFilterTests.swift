import CYLGeometry
import CYLRaster
import Foundation
import Testing

/// The effects libpag draws with its own filters (corner pin, bulge, radial blur, glow), checked
/// against expectations worked out from the geometry, not from the renderer's code.
@Suite struct PAGFilterTests {
    /// Renders `layer` (a 100 x 100 pixmap) through `effect` in a 100 x 100 list.
    static func render(_ layer: Pixmap, _ effect: LayerEffect) throws -> Pixmap {
        var list = DisplayList()
        list.reset(width: 100, height: 100)
        list.beginGroup(transform: .identity)
        list.addImage(layer, transform: .identity)
        list.addEffect(effect)
        list.endGroup()
        var out = try Pixmap(width: 100, height: 100)
        try DisplayListRenderer().render(list, into: &out)
        return out
    }

    static func pixel(_ p: Pixmap, _ x: Int, _ y: Int) -> RGBA8 {
        p.withUnsafeBytes { b in let i = (y * p.width + x) * 4; return RGBA8(b[i], b[i + 1], b[i + 2], b[i + 3]) }
    }

    static let red = RGBA8(255, 0, 0, 255), blue = RGBA8(0, 0, 255, 255)

    /// A 100 x 100 layer, red above y 50 and blue below, pinned to the trapezoid (20, 20), (80, 20),
    /// (0, 80), (100, 80). In perspective the image's middle row goes through the crossing of the
    /// diagonals, (50, 42.5) (solving (0, 80) + s (80, −60) = (20, 20) + t (80, 60): t = 3/8), not
    /// halfway down (y 50) as an affine stretch would put it. So y 45 is already blue, y 40 red;
    /// the corners' neighbourhoods take the corners' colours and outside the trapezoid is empty.
    @Test func aCornerPinIsDrawnInPerspective() throws {
        var layer = try Pixmap(width: 100, height: 100)
        layer.fill(Self.red, over: IntRect(x: 0, y: 0, width: 100, height: 50))
        layer.fill(Self.blue, over: IntRect(x: 0, y: 50, width: 100, height: 50))
        let pin = CornerPin(bounds: Rect(x: 0, y: 0, width: 100, height: 100), upperLeft: Point(20, 20), upperRight: Point(80, 20),
                            lowerLeft: Point(0, 80), lowerRight: Point(100, 80))
        let p = try Self.render(layer, .cornerPin(pin))
        #expect(Self.pixel(p, 50, 40) == Self.red)
        #expect(Self.pixel(p, 50, 45) == Self.blue)
        #expect(Self.pixel(p, 22, 22) == Self.red && Self.pixel(p, 78, 22) == Self.red)
        #expect(Self.pixel(p, 3, 78) == Self.blue && Self.pixel(p, 96, 78) == Self.blue)
        // Left of the left edge (x 16.7 at y 30), above the top, below the bottom.
        #expect(Self.pixel(p, 10, 30).a == 0 && Self.pixel(p, 50, 10).a == 0 && Self.pixel(p, 50, 90).a == 0)
        // The left edge, x = 20 − (y − 20) / 3, crosses pixel (9, 51) through its centre (9.5, 51.5):
        // two of its four samples are inside, so it is partly covered.
        let edge = Self.pixel(p, 9, 51).a
        #expect(edge > 0 && edge < 255, "\(edge)")
    }

    /// A horizontal ramp (red = x × 255 / 99) bulged about (50, 50) with radius 40, height 1. A
    /// point 20.5 px right of the centre is p = 0.205 in texture units (the layer is 100 wide),
    /// d = (0.205 / 0.4)² inside the ellipse; libpag's shader samples p − (1 − d) atan2(p, √(1 − √p)) / π
    /// (≈ 0.11), so the content is magnified: x 70 shows the ramp near x 61. Outside the ellipse
    /// (x 95) and at the centre nothing moves; pinned, the content stays within its rectangle.
    @Test func aBulgeMagnifiesInsideItsEllipseOnly() throws {
        var layer = try Pixmap(width: 100, height: 100)
        layer.withUnsafeMutablePixels { base, pitch in
            for y in 0..<100 { for x in 0..<100 { let r = UInt32(x * 255 / 99); base[y * pitch + x] = r | 0xff00_0000 } }
        }
        let bulge = Bulge(bounds: Rect(x: 0, y: 0, width: 100, height: 100), center: Point(50, 50), horizontalRadius: 40,
                          verticalRadius: 40, height: 1, pinning: false)
        let p = try Self.render(layer, .bulge(bulge))
        let t = 0.205, d = (t / 0.4) * (t / 0.4)
        let sampled = (0.5 + t - (1 - d) * atan2(t, (1 - t.squareRoot()).squareRoot()) / Double.pi) * 100  // in pixels
        let expected = (sampled - 0.5) * 255 / 99
        #expect(abs(Double(Self.pixel(p, 70, 50).r) - expected) <= 2, "\(Self.pixel(p, 70, 50).r) vs \(expected)")
        #expect(Self.pixel(p, 70, 50).r < Self.pixel(layer, 70, 50).r)
        #expect(Self.pixel(p, 95, 50) == Self.pixel(layer, 95, 50))
        #expect(Self.pixel(p, 50, 95) == Self.pixel(layer, 50, 95))
        #expect(abs(Int(Self.pixel(p, 50, 50).r) - Int(Self.pixel(layer, 50, 50).r)) <= 1)
    }

    /// A white ring (radii 20 to 30 about (50, 50)) zoom-blurred about its centre with amount
    /// 0.1: every pixel averages 16 samples at 1 + k × 0.1 / 16 times its distance from the centre.
    /// The result is as symmetric as the ring (a quarter turn maps it onto itself, to rounding);
    /// it spreads inwards only (a pixel at radius 19 sees the ring, one at 31 does not); and each
    /// sample reads the ring shrunk by 1 + k a / 16, so total alpha is the ring's times the mean of
    /// 1 / (1 + k a / 16)², within 2% (edge pixels and bilinear sampling).
    @Test func aRadialBlurOfACentredRingStaysSymmetric() throws {
        var layer = try Pixmap(width: 100, height: 100)
        var ringAlpha = 0.0
        layer.withUnsafeMutablePixels { base, pitch in
            for y in 0..<100 {
                for x in 0..<100 {
                    // Coverage from 4 x 4 samples.
                    var n = 0
                    for i in 0..<4 {
                        for j in 0..<4 {
                            let dx = Double(x) + (Double(i) + 0.5) / 4 - 50, dy = Double(y) + (Double(j) + 0.5) / 4 - 50
                            let r = (dx * dx + dy * dy).squareRoot()
                            if r >= 20 && r < 30 { n += 1 }
                        }
                    }
                    let a = UInt32((Double(n) * 255 / 16).rounded())
                    ringAlpha += Double(a)
                    base[y * pitch + x] = a | a << 8 | a << 16 | a << 24
                }
            }
        }
        let amount = 0.1
        let p = try Self.render(layer, .radialBlur(RadialBlur(bounds: Rect(x: 0, y: 0, width: 100, height: 100), center: Point(50, 50),
                                                              amount: amount)))
        var worst = 0, total = 0.0
        for y in 0..<100 {
            for x in 0..<100 {
                let a = Int(Self.pixel(p, x, y).a), turned = Int(Self.pixel(p, 99 - y, x).a)
                worst = max(worst, abs(a - turned))
                total += Double(a)
            }
        }
        #expect(worst <= 2, "\(worst)")
        #expect(Self.pixel(p, 50 + 19, 50).a > 0)
        #expect(Self.pixel(p, 50 + 31, 50).a == 0)
        let shrink = (0..<16).map { k in 1 / pow(1 + Double(k) * amount / 16, 2) }.reduce(0, +) / 16
        #expect(abs(total / (ringAlpha * shrink) - 1) < 0.02, "\(total) vs \(ringAlpha * shrink)")
    }

    /// Glow at threshold 0.5: every channel is divided by 0.5 (so only what was at or above half
    /// brightness saturates) and alpha is kept. Beside a white block, a black pixel 1 px away picks
    /// up light from the short blur (taps at 1.18 and 3.03 px); 8 px away it stays black.
    @Test func aGlowAddsLightByItsThresholdAndNearBrightEdges() throws {
        var layer = try Pixmap(width: 100, height: 100)
        layer.fill(RGBA8(0, 0, 0, 255))
        layer.fill(RGBA8(255, 255, 255, 255), over: IntRect(x: 50, y: 0, width: 50, height: 50))
        layer.fill(RGBA8(60, 100, 200, 255), over: IntRect(x: 0, y: 60, width: 100, height: 40))
        let p = try Self.render(layer, .glowFilter(Glow(threshold: 0.5, radius: 0)))
        #expect(Self.pixel(p, 20, 80) == RGBA8(120, 200, 255, 255))
        #expect(Self.pixel(p, 75, 25) == RGBA8(255, 255, 255, 255))
        #expect(Self.pixel(p, 48, 25).r > 0)
        #expect(Self.pixel(p, 41, 25) == RGBA8(0, 0, 0, 255))
        #expect(Self.pixel(p, 20, 20) == RGBA8(0, 0, 0, 255))
    }
}
