#if canImport(Glibc)
import Glibc
#endif
import CYLTestSupport
import Testing
@testable import CYLRaster
import CYLGeometry

/// The reduced-resolution blur (`Pixmap.fastBlur`, ReducedBlur.swift) against the gaussian it
/// stands for. Tolerance: 4/255 on a blurred edge compared with the analytic profile Φ(d/σ)
/// (0.5·erfc). The exact blur alone is within 2/255 of it (EffectTests: 16-bit weights, the kernel
/// cut at 3σ, pixel-centre sampling); the reduction adds at most the rounding of its two extra
/// 8-bit steps (1/255) and the ripple of the interpolation and the shape difference between the
/// box and tent it adds and a gaussian, which `ReducedBlur.minSigma` keeps small (measured: the worst case printed).
@Suite struct ReducedBlurTests {
    static func phi(_ z: Double) -> Double { 0.5 * erfc(-z / 2.0.squareRoot()) }

    /// A white opaque rectangle [x0, x1) × [y0, y1) on a transparent `size × size` pixmap.
    static func square(_ size: Int, _ x0: Int, _ y0: Int, _ x1: Int, _ y1: Int) throws -> Pixmap {
        var p = try Pixmap(width: size, height: size)
        for y in y0..<y1 { for x in x0..<x1 { p[x, y] = .white } }
        return p
    }

    /// The largest difference (in levels of 255) between the blurred edges of a 200-pixel square and
    /// the analytic blurred square, along the middle row across the right edge and the middle column
    /// across the bottom edge. A square blurred by a gaussian is the product of two differences of
    /// Φ, one per axis (the far edges matter once 3σ passes 100 pixels).
    static func edgeError(sigma: Double, shift: Int) throws -> Double {
        let x0 = 100 + shift, y0 = 100 + 2 * shift, x1 = x0 + 200, y1 = y0 + 200
        var p = try square(512, x0, y0, x1, y1)
        var scratch: [UInt32] = []
        p.fastBlur(sigmaX: sigma, sigmaY: sigma, in: IntRect(x: 0, y: 0, width: 512, height: 512), scratch: &scratch)
        func cover(_ c: Int, _ lo: Int, _ hi: Int) -> Double {
            let centre = Double(c) + 0.5
            return phi((Double(hi) - centre) / sigma) - phi((Double(lo) - centre) / sigma)
        }
        var worst = 0.0
        let reach = Int(3 * sigma) + 2
        for x in (x1 - reach)..<(x1 + reach) {
            let e = cover(x, x0, x1) * cover(y0 + 100, y0, y1) * 255
            worst = max(worst, abs(Double(p[x, y0 + 100].a) - e))
        }
        for y in (y1 - reach)..<(y1 + reach) {
            let e = cover(x0 + 100, x0, x1) * cover(y, y0, y1) * 255
            worst = max(worst, abs(Double(p[x0 + 100, y].a) - e))
        }
        return worst
    }

    /// Every σ at which the factor steps up (there σ' = minSigma, the coarsest reduction), a few
    /// between, and each phase of the edge against the reduced grid.
    @Test func blurredEdgeFollowsTheGaussianIntegral() throws {
        var worstOverall = 0.0
        let m = ReducedBlur.minSigma
        for sigma in [2 * m, 2.5 * m, 3 * m, 4 * m, 5 * m, 6.3, 16, 24, 32, 40] {
            let f = ReducedBlur.factor(sigma)
            #expect(f > 1)
            for shift in Set([0, 1, f / 2, f - 1]).sorted() {
                let e = try Self.edgeError(sigma: sigma, shift: shift)
                worstOverall = max(worstOverall, e)
                #expect(e <= 4, "σ \(sigma) (factor \(f)) shift \(shift): \(e) levels off Φ")
            }
        }
        print("reduced blur: worst edge error \(worstOverall) levels of 255")
    }

    /// Below 2 × minSigma nothing is reduced: the result is the exact blur bit for bit.
    @Test func smallSigmaIsTheExactBlur() throws {
        let m = ReducedBlur.minSigma
        #expect(ReducedBlur.factor(2 * m - 0.01) == 1 && ReducedBlur.factor(2 * m) == 2 && ReducedBlur.factor(.nan) == 1)
        var a = try Self.square(64, 20, 24, 40, 44), b = a
        var scratch: [UInt32] = []
        let r = IntRect(x: 4, y: 4, width: 56, height: 56)
        a.fastBlur(sigmaX: 3, sigmaY: 1.5, in: r, scratch: &scratch)
        b.blur(sigmaX: 3, sigmaY: 1.5, in: r, scratch: &scratch)
        #expect(a == b)
    }

    /// Coloured, semi-transparent content: the reduced blur is within 4 levels of the exact one
    /// everywhere (the same bound as the edge: this content is a sum of such edges), keeps every
    /// colour at or below its alpha (premultiplied), keeps flat areas flat, and writes nothing
    /// outside the rectangle.
    @Test func closeToTheExactBlurOnColouredContent() throws {
        var p = try Pixmap(width: 300, height: 260)
        for y in 90..<170 { for x in 80..<220 {
            let a = UInt8(120 + (x + y) % 100)
            p[x, y] = RGBA8(UInt8(Int(a) * (x % 7) / 7), UInt8(Int(a) * (y % 5) / 5), a / 2, a)
        } }
        p[2, 2] = .white
        for (sx, sy) in [(9.0, 9.0), (12.0, 2.0), (1.0, 20.0), (30.0, 30.0)] {
            var fast = p, exact = p
            var scratch: [UInt32] = []
            let rect = IntRect(x: 8, y: 6, width: 284, height: 250)
            fast.fastBlur(sigmaX: sx, sigmaY: sy, in: rect, scratch: &scratch)
            exact.blur(sigmaX: sx, sigmaY: sy, in: rect, scratch: &scratch)
            var worst = 0
            for y in 0..<260 { for x in 0..<300 {
                let f = fast[x, y], e = exact[x, y]
                worst = max(worst, abs(Int(f.r) - Int(e.r)), abs(Int(f.g) - Int(e.g)), abs(Int(f.b) - Int(e.b)), abs(Int(f.a) - Int(e.a)))
                if f.r > f.a || f.g > f.a || f.b > f.a { Issue.record("(\(x), \(y)) not premultiplied: \(f)") }
            } }
            #expect(worst <= 4, "σ (\(sx), \(sy)): \(worst) levels from the exact blur")
            #expect(fast[2, 2] == .white)
        }
        var flat = try Pixmap(width: 120, height: 120)
        flat.fill(RGBA8(100, 50, 200, 220))
        var scratch: [UInt32] = []
        flat.fastBlur(sigmaX: 10, sigmaY: 10, in: IntRect(x: 0, y: 0, width: 120, height: 120), scratch: &scratch)
        #expect(flat[60, 60] == RGBA8(100, 50, 200, 220))
    }
    /// The renderer's reduced path (`drawReducedBlur`: a blur-only group drawn at the reduced
    /// resolution and interpolated straight onto the target) against the exact steps by hand: the
    /// path filled into a layer, blurred exactly, composited at the group's opacity. Within 5 of
    /// 255 per channel: the reduced blur's 4 plus one for the opacity applied to the interpolated
    /// pixel rather than to the exact one. Outside the clip nothing is drawn, though the blur of
    /// content outside it bleeds in. Both ways of drawing a solid paint reduced: as a layer and as
    /// coverage (`FeatheredPaint`).
    @Test(arguments: [false, true])
    func rendererDrawsBlurOnlyGroupsAtTheReducedResolution(coverage: Bool) throws {
        let shape = Path.circle(center: Point(70, 64), radius: 30)
        let clip = Rect(x: 0, y: 0, width: 100, height: 128)
        for (sigma, opacity) in [(6.0, 1.0), (11.0, 0.6), (24.0, 0.85)] {
            var list = DisplayList()
            list.reset(width: 128, height: 128)
            list.beginGroup(transform: .identity, clip: clip)
            list.beginGroup(transform: .identity, opacity: opacity, blur: sigma)
            list.addFill(path: list.makePath { $0.append(shape) }!, transform: .identity, paint: .solid(Color(0.2, 0.4, 0.9, 1)))
            list.endGroup()
            list.endGroup()
            var target = try Pixmap(width: 128, height: 128)
            target.fill(RGBA8(40, 30, 20, 255))
            var expected = target
            let renderer = DisplayListRenderer()
            renderer.featheredPaints = coverage
            try renderer.render(list, transform: .identity, clip: IntRect(x: 0, y: 0, width: 128, height: 128), into: &target)
            #expect(renderer.feathered.misses == (coverage ? 1 : 0))

            var layer = try Pixmap(width: 128, height: 128)
            try Canvas().fill(shape, paint: .solid(Color(0.2, 0.4, 0.9, 1)), into: &layer)
            var scratch: [UInt32] = []
            layer.blur(sigmaX: sigma, sigmaY: sigma, in: IntRect(x: 0, y: 0, width: 128, height: 128), scratch: &scratch)
            expected.composite(layer, opacity: opacity, mode: .normal, in: IntRect(x: 0, y: 0, width: 100, height: 128))
            var worst = 0
            for y in 0..<128 { for x in 0..<128 {
                let a = target[x, y], e = expected[x, y]
                worst = max(worst, abs(Int(a.r) - Int(e.r)), abs(Int(a.g) - Int(e.g)), abs(Int(a.b) - Int(e.b)), abs(Int(a.a) - Int(e.a)))
            } }
            print("reduced path (\(coverage ? "coverage" : "layer")) σ \(sigma) opacity \(opacity): \(worst) levels from the exact steps")
            #expect(worst <= 5, "σ \(sigma) opacity \(opacity): \(worst) levels from the exact steps")
            #expect(target[110, 64] == RGBA8(40, 30, 20, 255) && target[99, 64] != RGBA8(40, 30, 20, 255))
        }
    }
    /// `ReducedBlur.expand` (the rows interpolated across in Swift, mixed down by the C row
    /// `cyl_lerp_rows`, AVX2 where the CPU has it) against the bilinear sum written out per pixel
    /// and channel: round(Σ corner · (256 − wx or wx)(256 − wy or wy) / 65536). Equal byte for
    /// byte (tolerance 0) on random pixels, factors 2…7 and windows anywhere in the expansion;
    /// compositing mode equals writing then `Kernels.overRow`.
    @Test func expansionIsTheBilinearSumOnRandomInput() {
        var rng = SplitMix(seed: 0xE4_9A)
        for round in 0..<40 {
            let fx = 2 + Int(rng.next() % 6), fy = 2 + Int(rng.next() % 6)
            let nw = 1 + Int(rng.next() % 20), nh = 1 + Int(rng.next() % 12)
            var small = (0..<(nw * nh)).map { _ in UInt32(truncatingIfNeeded: rng.next()) }
            if round % 4 == 0 { for i in small.indices where rng.next() % 3 != 0 { small[i] = 0 } }
            let ox = Int(rng.next() % UInt64(nw * fx)), oy = Int(rng.next() % UInt64(nh * fy))
            let w = 1 + Int(rng.next() % UInt64(nw * fx - ox)), h = 1 + Int(rng.next() % UInt64(nh * fy - oy))
            var out = [UInt32](repeating: 0, count: w * h)
            var scratch = [UInt32](repeating: 0, count: ReducedBlur.expandScratchCount(w: w))
            let backdrop = (0..<(w * h)).map { _ in UInt32(truncatingIfNeeded: rng.next()) | 0xFF00_0000 }
            var over = backdrop
            small.withUnsafeBufferPointer { sp in
                scratch.withUnsafeMutableBufferPointer { sc in
                    out.withUnsafeMutableBufferPointer { o in
                        ReducedBlur.expand(sp.baseAddress!, smallStride: nw, nw: nw, nh: nh, fx: fx, fy: fy, ox: ox, oy: oy,
                                           into: o.baseAddress!, stride: w, w: w, h: h, scratch: sc.baseAddress!)
                    }
                    over.withUnsafeMutableBufferPointer { o in
                        ReducedBlur.expand(sp.baseAddress!, smallStride: nw, nw: nw, nh: nh, fx: fx, fy: fy, ox: ox, oy: oy,
                                           into: o.baseAddress!, stride: w, w: w, h: h, opacity: 200, scratch: sc.baseAddress!)
                    }
                }
            }
            var bad = 0, badOver = 0
            for y in 0..<h { for x in 0..<w {
                let (i0, i1, wx) = ReducedBlur.position(ox + x, f: fx, n: nw)
                let (j0, j1, wy) = ReducedBlur.position(oy + y, f: fy, n: nh)
                var p: UInt32 = 0
                for c in 0..<4 {
                    func ch(_ i: Int, _ j: Int) -> UInt64 { UInt64((small[j * nw + i] >> (8 * c)) & 0xFF) }
                    let sum = ch(i0, j0) * (256 - wx) * (256 - wy) + ch(i1, j0) * wx * (256 - wy)
                        + ch(i0, j1) * (256 - wx) * wy + ch(i1, j1) * wx * wy
                    p |= UInt32((sum + 0x8000) >> 16) << (8 * c)
                }
                if out[y * w + x] != p { bad += 1 }
                var d = backdrop[y * w + x]
                Kernels.overRow(&d, [p], 1, coverage: 200)
                if over[y * w + x] != d { badOver += 1 }
            } }
            #expect(bad == 0 && badOver == 0, "round \(round): \(bad) written and \(badOver) composited pixels differ")
        }
    }
}
