import Testing
import CYLGeometry
@testable import CYLRaster

@Suite struct MaskTests {
    @Test(arguments: Mask.Mode.allCases)
    func combineModes(mode: Mask.Mode) {
        // m = 0.5, c = 0.5 (and the inverted / half-opacity variants).
        var m = Mask(width: 2, height: 1, value: 128)
        let c = Mask(width: 2, height: 1, value: 128)
        m.combine(c, mode: mode)
        let expected: [Mask.Mode: UInt8] = [.add: 192, .subtract: 64, .intersect: 64, .difference: 0, .lighten: 128, .darken: 128]
        #expect(m[0, 0] == expected[mode]!)
        // Inverted 255 -> 0, at half opacity: c' = 0 whatever the opacity.
        var m2 = Mask(width: 1, height: 1, value: 100)
        m2.combine(Mask(width: 1, height: 1, value: 255), mode: mode, opacity: 0.5, inverted: true)
        let e2: [Mask.Mode: UInt8] = [.add: 100, .subtract: 100, .intersect: 0, .difference: 100, .lighten: 100, .darken: 0]
        #expect(m2[0, 0] == e2[mode]!)
        // Opacity scales the incoming mask: c = 255 at 50% → 128.
        var m3 = Mask(width: 1, height: 1, value: 0)
        m3.combine(Mask(width: 1, height: 1, value: 255), mode: mode, opacity: 0.5)
        let e3: [Mask.Mode: UInt8] = [.add: 128, .subtract: 0, .intersect: 0, .difference: 128, .lighten: 128, .darken: 0]
        #expect(m3[0, 0] == e3[mode]!)
    }

    /// Every pixel and mask value pair the row kernel may meet, on rows long enough for its
    /// vector code, against the rounding written out per channel: round(c * m / 255).
    @Test func applyMaskScalesEveryChannelRounded() throws {
        let w = 67, h = 9
        var layer = try Pixmap(width: w, height: h)
        var mask = Mask(width: w, height: h)
        var state: UInt32 = 12345
        func next() -> UInt32 { state = state &* 1_103_515_245 &+ 12345; return state >> 8 }
        for y in 0..<h {
            for x in 0..<w {
                let a = UInt8(next() & 255)
                // Premultiplied: no channel above alpha.
                func channel() -> UInt8 { a == 0 ? 0 : UInt8(next() % (UInt32(a) + 1)) }
                layer[x, y] = RGBA8(channel(), channel(), channel(), a)
                let pick = next() % 4
                mask[x, y] = pick == 0 ? 0 : pick == 1 ? 255 : UInt8(next() & 255)
            }
        }
        var masked = layer
        masked.apply(mask: mask)
        func scaled(_ c: UInt8, _ m: UInt8) -> UInt8 { UInt8((Int(c) * Int(m) * 2 + 255) / 510) }
        for y in 0..<h {
            for x in 0..<w {
                let p = layer[x, y], m = mask[x, y]
                #expect(masked[x, y] == RGBA8(scaled(p.r, m), scaled(p.g, m), scaled(p.b, m), scaled(p.a, m)), "(\(x), \(y))")
            }
        }
    }

    @Test func applyMaskAndMattes() throws {
        var layer = try Pixmap(width: 4, height: 1)
        layer.fill(RGBA8(200, 100, 50, 255))
        var mask = Mask(width: 4, height: 1)
        mask.bytes = [0, 64, 128, 255]
        var l1 = layer
        l1.apply(mask: mask)
        #expect(l1[0, 0] == .transparent)
        #expect(near(l1[2, 0], RGBA8(100, 50, 25, 128)))
        #expect(l1[3, 0] == layer[3, 0])

        var matte = try Pixmap(width: 4, height: 1)
        matte[0, 0] = RGBA8(255, 255, 255, 255)          // white opaque: luma 255, alpha 255
        matte[1, 0] = RGBA8(0, 0, 0, 255)                // black opaque: luma 0, alpha 255
        matte[2, 0] = RGBA8(128, 128, 128, 128)          // white at 50% (premultiplied): luma 128, alpha 128
        matte[3, 0] = .transparent
        let alpha = Mask(matte: matte, mode: .alpha).bytes
        let alphaInv = Mask(matte: matte, mode: .alphaInverted).bytes
        let luma = Mask(matte: matte, mode: .luma).bytes
        let lumaInv = Mask(matte: matte, mode: .lumaInverted).bytes
        #expect(alpha == [255, 255, 128, 0])
        #expect(alphaInv == [0, 0, 127, 255])
        #expect(luma == [255, 0, 128, 0])
        #expect(lumaInv == [0, 255, 127, 255])
        var l2 = layer
        l2.apply(matte: matte, mode: .luma)
        #expect(l2[1, 0] == .transparent && l2[0, 0] == layer[0, 0])
    }

    @Test func masksFromPaths() throws {
        let canvas = Canvas()
        var a = Mask(width: 20, height: 20), b = Mask(width: 20, height: 20)
        try canvas.fillMask(.rect(Rect(x: 0, y: 0, width: 10, height: 20)), into: &a)
        try canvas.fillMask(.rect(Rect(x: 5, y: 0, width: 10, height: 20)), into: &b)
        var m = a
        m.combine(b, mode: .intersect)
        #expect(m.coveredArea == 100)
        m = a; m.combine(b, mode: .add)
        #expect(m.coveredArea == 300)
        m = a; m.combine(b, mode: .subtract)
        #expect(m.coveredArea == 100)
        m = a; m.combine(b, mode: .difference)
        #expect(m.coveredArea == 200)
    }
}

@Suite struct BlurTests {
    @Test func impulseSpreadsWithSigma() {
        var m = Mask(width: 101, height: 101)
        // A 255 block so rounding does not swamp the tails.
        for y in 48...52 { for x in 48...52 { m[x, y] = 255 } }
        let before = m.coveredArea
        m.blur(sigma: 6)
        // Mass is kept (within rounding) and spread symmetrically.
        #expect(abs(m.coveredArea - before) / before < 0.02, "\(m.coveredArea) vs \(before)")
        #expect(m[50 - 7, 50] == m[50 + 7, 50] && m[50, 50 - 7] == m[50, 50 + 7])
        // Variance along x ≈ 0.97 σ² (kernel cut at 3σ) + 2 (the 5-px block) ≈ 37; 8-bit rounding
        // of the faint tails takes a little more off.
        var sum = 0.0, s2 = 0.0
        for y in 0..<101 { for x in 0..<101 { let v = Double(m[x, y]); sum += v; s2 += v * Double(x - 50) * Double(x - 50) } }
        #expect(abs(s2 / sum - 36.5) < 1.5, "variance \(s2 / sum)")
    }

    @Test func flatAreasStayFlatAndLayersKeepPremultiplication() throws {
        var p = try Pixmap(width: 40, height: 40)
        p.fill(RGBA8(100, 50, 200, 220))
        p.blur(sigma: 3)
        #expect(p[20, 20] == RGBA8(100, 50, 200, 220))
        // The edge fades towards transparent, never with colour above alpha.
        let e = p[0, 0]
        #expect(e.a < 220 && e.r <= e.a && e.g <= e.a && e.b <= e.a)
    }

    /// Blurring only a rectangle that holds the content and the kernel's reach gives the whole-image
    /// blur bit for bit, and leaves everything outside the rectangle alone.
    @Test func regionBlurEqualsWholeBlurAroundTheContent() throws {
        var content = try Pixmap(width: 60, height: 50)
        for y in 20..<28 { for x in 25..<31 { content[x, y] = RGBA8(UInt8(x * 4), 90, UInt8(y * 5), 255) } }
        var whole = content, region = content
        whole.blur(sigma: 2)
        var scratch: [UInt32] = []
        // σ = 2 reaches 6 pixels: the content spans x 25…30, y 20…27.
        region.blur(sigma: 2, in: IntRect(x: 18, y: 13, width: 20, height: 22), scratch: &scratch)
        for y in 0..<50 { for x in 0..<60 { #expect(region[x, y] == whole[x, y], "(\(x), \(y))") } }
        // Outside the rectangle nothing is written even where there is content.
        var marked = content
        marked[2, 2] = .white
        marked.blur(sigma: 2, in: IntRect(x: 18, y: 13, width: 20, height: 22), scratch: &scratch)
        #expect(marked[2, 2] == .white && marked[3, 2] == .transparent)
    }
}

/// The rectangle-limited forms of the mask, matte and composite operations: inside the rectangle
/// exactly what the whole-image form gives, outside it nothing changes.
@Suite struct RegionLimitedTests {
    func pattern(_ w: Int, _ h: Int, seed: UInt32) -> Pixmap {
        var p = try! Pixmap(width: w, height: h)
        var s = seed
        for i in 0..<(w * h) {
            s = s &* 1664525 &+ 1013904223
            let a = UInt8(truncatingIfNeeded: s >> 24)
            let c = { (k: UInt32) -> UInt8 in UInt8(truncatingIfNeeded: (UInt32(a) * ((s >> k) & 0xff)) / 255) }
            p[i % w, i / w] = RGBA8(c(0), c(8), c(16), a)
        }
        return p
    }
    func mask(_ w: Int, _ h: Int, seed: UInt32) -> Mask {
        var m = Mask(width: w, height: h)
        var s = seed
        for i in 0..<(w * h) { s = s &* 22695477 &+ 1; m.bytes[i] = UInt8(truncatingIfNeeded: s >> 23) }
        return m
    }
    let rect = IntRect(x: 3, y: 2, width: 7, height: 5)
    func inside(_ x: Int, _ y: Int) -> Bool { x >= 3 && x < 10 && y >= 2 && y < 7 }

    @Test func combineAndApplyAndGateInRect() {
        let w = 13, h = 9
        for mode in Mask.Mode.allCases {
            var whole = mask(w, h, seed: 1), part = whole
            let other = mask(w, h, seed: 2)
            whole.combine(other, mode: mode, opacity: 0.6, inverted: true)
            let before = part
            part.combine(other, mode: mode, opacity: 0.6, inverted: true, in: rect)
            for y in 0..<h { for x in 0..<w { #expect(part[x, y] == (inside(x, y) ? whole[x, y] : before[x, y])) } }
        }
        for mode in MatteMode.allCases {
            let matte = pattern(w, h, seed: 3)
            var whole = Mask(width: w, height: h), part = Mask(width: w, height: h, value: 9)
            whole.setGate(from: matte, mode: mode)
            part.setGate(from: matte, mode: mode, in: rect)
            for y in 0..<h { for x in 0..<w { #expect(part[x, y] == (inside(x, y) ? whole[x, y] : 9)) } }
        }
        let m = mask(w, h, seed: 4)
        var whole = pattern(w, h, seed: 5), part = whole
        let before = part
        whole.apply(mask: m)
        part.apply(mask: m, in: rect)
        for y in 0..<h { for x in 0..<w {
            #expect(part[x, y] == (inside(x, y) ? whole[x, y] : before[x, y]))
        } }
        var f = Mask(width: w, height: h)
        f.fill(200, in: IntRect(x: -2, y: 5, width: 100, height: 100))
        for y in 0..<h { for x in 0..<w { #expect(f[x, y] == (y >= 5 ? 200 : 0)) } }
    }

    @Test func compositeAndClearInRect() {
        let w = 13, h = 9
        for mode in [BlendMode.normal, .multiply, .screen, .add] {
            let layer = pattern(w, h, seed: 6)
            var whole = pattern(w, h, seed: 7), part = whole
            let before = part
            whole.composite(layer, opacity: 0.7, mode: mode)
            part.composite(layer, opacity: 0.7, mode: mode, in: rect)
            for y in 0..<h { for x in 0..<w {
                #expect(part[x, y] == (inside(x, y) ? whole[x, y] : before[x, y]))
            } }
        }
        var p = pattern(w, h, seed: 8)
        let before = p
        p.clearTransparent(in: rect)
        for y in 0..<h { for x in 0..<w {
            #expect(p[x, y] == (inside(x, y) ? RGBA8(0, 0, 0, 0) : before[x, y]))
        } }
    }
}
