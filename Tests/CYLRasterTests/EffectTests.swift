#if canImport(Glibc)
import Glibc
#endif
import CYLGeometry
@testable import CYLRaster
import Testing

/// Layer effects drawn by `DisplayListRenderer`, checked against values worked out by hand: colour
/// maps on flat colours, a blurred straight edge against the gaussian's integral, shadows and
/// outlines at known distances from an axis-aligned square. Content is 100 × 100 units drawn 1:1.
@Suite struct EffectTests {
    /// A 100 × 100 list with one group holding a square of `color` at (30, 30)-(70, 70) and `effects`.
    func render(_ color: Color = Color(1, 0, 0), transform: Transform = .identity, size: Int = 100,
                _ effects: [LayerEffect] = [], extra: ((inout DisplayList) -> Void)? = nil) throws -> Pixmap {
        var list = DisplayList()
        list.reset(width: 100, height: 100)
        list.beginGroup(transform: transform)
        let p = list.makePath { $0.append(.rect(Rect(x: 30, y: 30, width: 40, height: 40))) }!
        list.addFill(path: p, transform: .identity, paint: .solid(color))
        extra?(&list)
        for e in effects { list.addEffect(e) }
        list.endGroup()
        var target = try Pixmap(width: size, height: size)
        try DisplayListRenderer().render(list, into: &target)
        return target
    }

    @Test func effectsMakeAGroupIsolatedAndLeaveWithAnEmptyGroup() {
        var list = DisplayList()
        list.reset(width: 10, height: 10)
        list.beginGroup(transform: .identity)
        list.addEffect(.blur(sigmaX: 1, sigmaY: 1))
        #expect(list.groups[0].isIsolated && list.drawCount == 2)
        let dropped = list.dropEmptyGroup()
        #expect(dropped)
        #expect(list.effects.isEmpty && list.drawCount == 0)
    }

    /// Fill keeps coverage and replaces the colour; its opacity scales alpha: blue at 0.5 is
    /// premultiplied (0, 0, 128, 128) inside, nothing outside.
    @Test func fillReplacesTheColour() throws {
        let t = try render(Color(1, 0, 0), [.fill(Color(0, 0, 1), opacity: 0.5)])
        #expect(t[50, 50] == RGBA8(0, 0, 128, 128))
        #expect(t[10, 10] == .transparent)
    }

    /// Tint maps luminance between two colours: mid grey (128: luminance 0.502) between black and
    /// red is red at 0.502 (128); half strength mixes it with the grey (128, 64, 64).
    @Test func tintMapsLuminance() throws {
        let grey = Color(128.0 / 255, 128.0 / 255, 128.0 / 255)
        let full = try render(grey, [.tint(black: .black, white: Color(1, 0, 0), amount: 1)])
        #expect(full[50, 50] == RGBA8(128, 0, 0, 255))
        let half = try render(grey, [.tint(black: .black, white: Color(1, 0, 0), amount: 0.5)])
        #expect(half[50, 50] == RGBA8(128, 64, 64, 255))
        let white = try render(Color(1, 1, 1), [.tint(black: .black, white: Color(0, 1, 0), amount: 1)])
        #expect(white[50, 50] == RGBA8(0, 255, 0, 255))
    }

    /// Tritone: black is `dark`, white is `bright`, luminance 0.5 is `mid`.
    @Test func tritoneMapsThreeColours() throws {
        let e: LayerEffect = .tritone(dark: Color(0, 0, 1), mid: Color(0, 1, 0), bright: Color(1, 0, 0), original: 0)
        #expect(try render(.black, [e])[50, 50] == RGBA8(0, 0, 255, 255))
        #expect(try render(.white, [e])[50, 50] == RGBA8(255, 0, 0, 255))
        // Luminance 0.5 exactly: (0.5 / 0.7152) of green alone.
        let g = 0.5 / 0.7152
        let mid = try render(Color(0, g, 0), [e])[50, 50]
        #expect(abs(Int(mid.g) - 255) <= 1 && mid.r <= 1 && mid.b <= 1)
    }

    /// A straight edge blurred by σ: the coverage at distance d outside is Φ(−d/σ) (the normal
    /// CDF), so 0.5 on the edge, 0.159 at one σ out, 0.841 at one σ in; ±2/255 for the kernel's
    /// 16-bit weights and pixel-centre sampling. A horizontal-only blur leaves top and bottom hard.
    @Test func blurSpreadsAnEdgeLikeTheGaussianIntegral() throws {
        let sigma = 4.0
        let t = try render(.white, [.blur(sigmaX: sigma, sigmaY: sigma)])
        func phi(_ z: Double) -> Double { 0.5 * erfc(-z / 2.0.squareRoot()) }
        // Pixel x covers [x, x+1]; its centre is x + 0.5, the edge is at 70.
        for x in [62, 66, 69, 70, 73, 78] {
            let expected = phi((70 - (Double(x) + 0.5)) / sigma) * 255
            #expect(abs(Double(t[x, 50].a) - expected) <= 2.5, "x \(x): \(t[x, 50].a) vs \(expected)")
        }
        let h = try render(.white, [.blur(sigmaX: sigma, sigmaY: 0)])
        #expect(h[50, 29] == .transparent && h[50, 30].a == 255)
        #expect(abs(Double(h[70, 50].a) - phi(-0.5 / sigma) * 255) <= 2.5)
    }

    /// A hard shadow (σ 0) 10 right and 5 down at half opacity: black at alpha 128 where only
    /// the shadow is, the square untouched over it, nothing beyond.
    @Test func dropShadowSitsUnderTheLayer() throws {
        let t = try render(Color(1, 0, 0), [.dropShadow(DropShadow(color: Color(0, 0, 0, 0.5), offset: Point(10, 5), sigma: 0))])
        #expect(t[50, 50] == RGBA8(255, 0, 0, 255))
        #expect(t[75, 50] == RGBA8(0, 0, 0, 128))
        #expect(t[50, 72] == RGBA8(0, 0, 0, 128))
        #expect(t[35, 72] == .transparent)   // left of the shifted square
        #expect(t[81, 50] == .transparent)
        let only = try render(Color(1, 0, 0), [.dropShadow(DropShadow(color: Color(0, 0, 0, 0.5), offset: Point(10, 5), sigma: 0, shadowOnly: true))])
        #expect(only[50, 50] == RGBA8(0, 0, 0, 128))
        #expect(only[35, 35] == .transparent)  // the square itself is gone
    }

    /// A shadow placed exactly, half a pixel off the grid, covers the pixels its edges cross by half: the square
    /// (30-70) moved 10.5 right and 0.25 down spans x 40.5-80.5 and y 30.25-70.25, so columns 40
    /// and 80 are half covered, row 30 three quarters and row 70 a quarter (of 255: 128, 191, 64,
    /// within one step of rounding), and a corner pixel the product of the two (0.5 × 0.75).
    @Test func dropShadowMovesByFractionsOfAPixel() throws {
        let t = try render(Color(1, 0, 0), [.dropShadow(DropShadow(color: .black, offset: Point(10.5, 0.25), sigma: 0, shadowOnly: true, placement: .exact))])
        func near(_ x: Int, _ y: Int, _ a: Double) -> Bool { abs(Double(t[x, y].a) - a * 255) <= 1 }
        #expect(t[39, 50] == .transparent && t[81, 50] == .transparent)
        #expect(t[41, 50] == RGBA8(0, 0, 0, 255) && t[79, 50] == RGBA8(0, 0, 0, 255))
        #expect(near(40, 50, 0.5) && near(80, 50, 0.5), "\(t[40, 50]) \(t[80, 50])")
        #expect(near(60, 30, 0.75) && near(60, 70, 0.25), "\(t[60, 30]) \(t[60, 70])")
        #expect(near(40, 30, 0.375), "\(t[40, 30])")
        #expect(t[60, 29] == .transparent && t[60, 71] == .transparent)
        // Placed on whole pixels (the default), the same offset rounds to (11, 0): hard edges.
        let whole = try render(Color(1, 0, 0), [.dropShadow(DropShadow(color: .black, offset: Point(10.5, 0.25), sigma: 0, shadowOnly: true))])
        #expect(whole[40, 50] == .transparent && whole[41, 50] == RGBA8(0, 0, 0, 255))
        #expect(whole[80, 50] == RGBA8(0, 0, 0, 255) && whole[81, 50] == .transparent)
        #expect(whole[60, 30] == RGBA8(0, 0, 0, 255) && whole[60, 70] == .transparent)
    }

    /// Spread grows the shadow's coverage by a disc before it is blurred or moved, as the outline
    /// does (see `outlineGrowsTheCoverageByADisc`): spread 5 around the square (edge at 70) is full
    /// 4.5 out and empty 5.5 out, rounded at the corners; moved 10 right, all of that moves.
    @Test func dropShadowSpreadGrowsTheCoverageByADisc() throws {
        let t = try render(Color(1, 0, 0), [.dropShadow(DropShadow(color: .black, offset: Point(10, 0), sigma: 0, spread: 5, shadowOnly: true))])
        #expect(t[84, 50] == RGBA8(0, 0, 0, 255))   // 70 + 10 + 4.5
        #expect(t[85, 50] == .transparent)          // 5.5 out
        #expect(t[35, 50] == RGBA8(0, 0, 0, 255))   // 40 − 4.5: the left edge grew too
        #expect(t[34, 50] == .transparent)
        #expect(t[50, 25] == RGBA8(0, 0, 0, 255) && t[50, 24] == .transparent)
        #expect(t[82, 72] == RGBA8(0, 0, 0, 255))   // 3 and 3 past the corner: 4.2 from it
        #expect(t[84, 74] == .transparent)          // 5 and 5: 7.1
    }

    /// Offsets and widths are in the group's units: drawn at twice the size, the same shadow moves
    /// 20 pixels (the square covers 60-140, its shadow 80-160).
    @Test func effectLengthsScaleWithTheGroup() throws {
        let t = try render(Color(1, 0, 0), size: 200,
                           [.dropShadow(DropShadow(color: .black, offset: Point(10, 0), sigma: 0))])
        #expect(t[145, 100] == RGBA8(0, 0, 0, 255))   // square ends at 140, shadow at 160
        #expect(t[161, 100] == .transparent)
    }

    /// An outline of width 5 around the square (edge at 70, outline to 75): full at 2.5 pixels
    /// out, empty at 6.5, and rounded at the corners (distances run between pixel centres, the
    /// last covered one at 69.5: a pixel 3 right and 3 down of it is 4.2 away, inside; 5 and 5 is
    /// 7.1, outside).
    @Test func outlineGrowsTheCoverageByADisc() throws {
        let t = try render(Color(1, 0, 0), [.outline(color: Color(0, 0, 1), width: 5)])
        #expect(t[72, 50] == RGBA8(0, 0, 255, 255))   // centre 72.5: 2.5 out
        #expect(t[74, 50] == RGBA8(0, 0, 255, 255))   // 4.5 out
        #expect(t[75, 50] == .transparent)            // 5.5 out
        #expect(t[50, 50] == RGBA8(255, 0, 0, 255))
        #expect(t[72, 72] == RGBA8(0, 0, 255, 255))
        #expect(t[74, 74] == .transparent)
    }

    /// A glow is the outline blurred: it fades out smoothly and does not cover the layer.
    @Test func glowFadesAwayFromTheLayer() throws {
        let t = try render(Color(1, 0, 0), [.glow(color: Color(1, 1, 0), spread: 2, sigma: 3)])
        #expect(t[50, 50] == RGBA8(255, 0, 0, 255))
        let near = t[71, 50].a, mid = t[75, 50].a, far = t[85, 50].a
        #expect(near > mid && mid > far && far < 8 && near > 128)
    }

    /// The stroke effect strokes the given paths: over the layer, alone, or revealing it.
    @Test func strokeEffectModes() throws {
        func line(_ list: inout DisplayList) -> Range<Int> {
            let p = list.makePath { $0.move(to: Point(0, 50)); $0.line(to: Point(100, 50)) }!
            return p..<(p + 1)
        }
        let style = StrokeStyle(width: 4)
        var paths = 0..<0
        let over = try render(Color(1, 0, 0), [], extra: { list in
            paths = line(&list)
            list.addEffect(.stroke(paths: paths, color: Color(0, 1, 0), style: style, mode: .overOriginal))
        })
        #expect(over[10, 50] == RGBA8(0, 255, 0, 255) && over[50, 50] == RGBA8(0, 255, 0, 255))
        #expect(over[50, 40] == RGBA8(255, 0, 0, 255))
        let alone = try render(Color(1, 0, 0), [], extra: { list in
            list.addEffect(.stroke(paths: line(&list), color: Color(0, 1, 0), style: style, mode: .alone))
        })
        #expect(alone[10, 50] == RGBA8(0, 255, 0, 255) && alone[50, 40] == .transparent)
        let reveal = try render(Color(1, 0, 0), [], extra: { list in
            list.addEffect(.stroke(paths: line(&list), color: .white, style: style, mode: .revealOriginal))
        })
        #expect(reveal[50, 50] == RGBA8(255, 0, 0, 255) && reveal[50, 40] == .transparent && reveal[10, 50] == .transparent)
    }

    /// The distance transform agrees with brute force on a scattered pattern.
    @Test func dilationMatchesBruteForce() {
        var m = Mask(width: 40, height: 30)
        for (x, y) in [(5, 5), (20, 12), (21, 12), (33, 25), (2, 28)] { m[x, y] = 255 }
        let seeds = [(5, 5), (20, 12), (21, 12), (33, 25), (2, 28)]
        var scratch: [Double] = []
        m.dilate(radius: 3.2, in: IntRect(x: 0, y: 0, width: 40, height: 30), scratch: &scratch)
        for y in 0..<30 {
            for x in 0..<40 {
                let d = seeds.map { (Double(($0.0 - x) * ($0.0 - x) + ($0.1 - y) * ($0.1 - y))).squareRoot() }.min()!
                let expected = UInt8(min(max(3.2 + 1 - d, 0), 1) * 255 + 0.5)
                #expect(m[x, y] == max(expected, seeds.contains { $0 == (x, y) } ? 255 : 0), "(\(x), \(y))")
            }
        }
    }
}
