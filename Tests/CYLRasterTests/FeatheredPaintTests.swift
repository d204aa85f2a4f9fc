import CRasterKernels
import CYLTestSupport
import Testing
@testable import CYLRaster
import CYLGeometry

/// Feathered solid paints drawn as blurred coverage (`FeatheredPaint`) against the layer path
/// they replace (the paint drawn into a layer, blurred in four channels, composited), which the
/// blur tests check against the gaussian's integral; and the reuse of a still shape's blurred
/// coverage.
@Suite struct FeatheredPaintTests {
    /// The C coverage blur (`cyl_blur_coverage`, AVX2 where the CPU has it) against `Mask.blur`,
    /// the same sums written per pixel in Swift: equal byte for byte (each pass is the same integer
    /// sum rounded the same way), on random coverage and on runs of 0 and 255 (blocks the kernel
    /// fills without multiplying), σ from below a pixel to 9, widths below and above its block of
    /// 32, in a window of a larger image (its rows further apart than its width).
    @Test func coverageBlurIsTheMaskBlurByteForByte() {
        var rng = SplitMix(seed: 0xFEA7)
        for round in 0..<45 {
            let w = 1 + Int(rng.next() % 90), h = 1 + Int(rng.next() % 70)
            let sigma = 0.3 + Double(rng.next() % 870) / 100
            var mask = Mask(width: w, height: h)
            if round % 3 == 1 {
                // Runs of 0 and 255 with a few ramps, as a shape's coverage is: most blocks of
                // the blur then read one value only (the kernel's shortcut for them).
                let bx = 8 + Int(rng.next() % 50), by = 8 + Int(rng.next() % 50)
                for y in 0..<h { for x in 0..<w {
                    let value: UInt8 = (x / bx + y / by) % 2 == 0 ? 0 : 255
                    mask[x, y] = rng.next() % 97 == 0 ? UInt8(truncatingIfNeeded: rng.next()) : value
                } }
            } else {
                for y in 0..<h { for x in 0..<w { mask[x, y] = round % 3 == 0 && rng.next() % 4 != 0 ? 0 : UInt8(truncatingIfNeeded: rng.next()) } }
            }
            var expected = mask
            var swiftScratch: [UInt8] = []
            expected.blur(sigma: sigma, scratch: &swiftScratch)
            // The same bytes in a window at (3, 2) of an image 7 bytes wider.
            let stride = w + 7
            var image = [UInt8](repeating: 0xAB, count: stride * (h + 4))
            for y in 0..<h { for x in 0..<w { image[(y + 2) * stride + x + 3] = mask[x, y] } }
            let k = GaussianKernel.weights(sigma: sigma)
            var scratch = [UInt8](repeating: 0, count: cyl_blur_coverage_scratch(w, h, k.count, k.count))
            image.withUnsafeMutableBufferPointer { img in
                cyl_blur_coverage(img.baseAddress! + 2 * stride + 3, stride, w, h, k, k.count, k, k.count, &scratch)
            }
            var differ = 0
            for y in 0..<h { for x in 0..<w where image[(y + 2) * stride + x + 3] != expected[x, y] { differ += 1 } }
            #expect(differ == 0, "round \(round) \(w)x\(h) σ \(sigma): \(differ) bytes differ")
            #expect(image[stride + 3] == 0xAB && image[(h + 2) * stride + 3] == 0xAB, "outside the window untouched")
        }
    }

    /// The C painting row (`cyl_over_solid_coverage_row`, which leaves blocks of 0 alone and fills
    /// blocks of 255 with an opaque colour) against the per-pixel source-over of `scalePixel`: equal
    /// byte for byte, on rows mixing runs of 0, runs of 255 and ramps, at lengths that end inside a
    /// block, for opaque and translucent colours.
    @Test func paintingRowIsThePerPixelBlendByteForByte() {
        var rng = SplitMix(seed: 0xC0DE)
        for round in 0..<60 {
            let n = Int(rng.next() % 300)
            var cov = [UInt8](repeating: 0, count: n)
            var x = 0
            while x < n {
                let run = min(n - x, 1 + Int(rng.next() % 40))
                let kind = rng.next() % 3
                for i in x..<(x + run) { cov[i] = kind == 0 ? 0 : kind == 1 ? 255 : UInt8(truncatingIfNeeded: rng.next()) }
                x += run
            }
            let alpha = round % 2 == 0 ? UInt32(255) : UInt32(rng.next() % 256)
            let color = alpha << 24 | (UInt32(rng.next() % (UInt64(alpha) + 1)) << 16) | (UInt32(rng.next() % (UInt64(alpha) + 1)) << 8)
                | UInt32(rng.next() % (UInt64(alpha) + 1))
            let before = (0..<n).map { _ -> UInt32 in
                let a = UInt32(rng.next() % 256)
                return a << 24 | UInt32(rng.next() % UInt64(a + 1)) << 16 | UInt32(rng.next() % UInt64(a + 1)) << 8 | UInt32(rng.next() % UInt64(a + 1))
            }
            let expected = (0..<n).map { i -> UInt32 in
                let sp = scalePixel(color, UInt32(cov[i]))
                return sp &+ scalePixel(before[i], 255 - (sp >> 24))
            }
            var got = before
            got.withUnsafeMutableBufferPointer { d in cov.withUnsafeBufferPointer { c in
                if n > 0 { cyl_over_solid_coverage_row(d.baseAddress!, c.baseAddress!, n, color) }
            } }
            let differ = (0..<n).filter { got[$0] != expected[$0] }.count
            #expect(differ == 0, "round \(round), \(n) pixels, colour \(String(color, radix: 16)): \(differ) differ")
        }
    }

    static func list(_ shape: Path, stroke: Bool, sigma: Double, color: Color, opacity: Double = 1,
                     groupOpacity: Double = 1, at offset: Point = Point(0, 0)) -> DisplayList {
        var list = DisplayList()
        list.reset(width: 160, height: 160)
        list.beginGroup(transform: .translation(offset.x, offset.y), opacity: groupOpacity, blur: sigma)
        let path = list.makePath { $0.append(shape) }!
        if stroke {
            list.addStroke(path: path, transform: .identity, paint: .solid(color), opacity: opacity,
                           style: StrokeStyle(width: 9, join: .round))
        } else {
            list.addFill(path: path, transform: .identity, paint: .solid(color), opacity: opacity)
        }
        list.endGroup()
        return list
    }

    /// Renders `list` over a backdrop with the coverage path on or off.
    static func render(_ list: DisplayList, coverage: Bool, renderer: DisplayListRenderer? = nil) throws -> Pixmap {
        var target = try Pixmap(width: 160, height: 160)
        for y in 0..<160 { for x in 0..<160 { target[x, y] = RGBA8(UInt8(x), 90, UInt8(y), 255) } }
        let r = renderer ?? DisplayListRenderer()
        r.featheredPaints = coverage
        try r.render(list, transform: .identity, clip: IntRect(x: 4, y: 6, width: 150, height: 146), into: &target)
        return target
    }

    static func worst(_ a: Pixmap, _ b: Pixmap) -> Int {
        var worst = 0
        for y in 0..<a.height { for x in 0..<a.width {
            let p = a[x, y], q = b[x, y]
            worst = max(worst, abs(Int(p.r) - Int(q.r)), abs(Int(p.g) - Int(q.g)), abs(Int(p.b) - Int(q.b)), abs(Int(p.a) - Int(q.a)))
        } }
        return worst
    }

    /// Fills and strokes, opaque and translucent, at σ from under a pixel (blurred at full
    /// resolution) to 40 (reduced 20x), with paint and group opacity, reaching past the clip: the
    /// coverage path is within 3 of 255 per channel of the layer path. Why 3: the layer path rounds
    /// each of four premultiplied channels through both blur passes and the interpolation, the
    /// coverage path rounds the alpha alone and scales the colour once at the end, so each of the
    /// two sides is up to 1.5 levels from the unrounded result; and both apply the group's opacity
    /// at a different step.
    @Test func coverageMatchesTheLayerPath() throws {
        let disc = Path.circle(center: Point(70, 80), radius: 45)
        var shapes = [disc]
        shapes.append(Path.rect(Rect(x: 100, y: -10, width: 70, height: 60)))
        var worstSeen = 0
        for (k, shape) in shapes.enumerated() {
            for stroke in [false, true] {
                for sigma in [0.6, 1.3, 3.0, 4.5, 9.0, 17.0, 40.0] {
                    for (color, opacity, groupOpacity) in [(Color(0.1, 0.5, 0.9, 1), 1.0, 1.0), (Color(0.9, 0.2, 0.3, 0.7), 0.8, 0.55)] {
                        let list = Self.list(shape, stroke: stroke, sigma: sigma, color: color, opacity: opacity, groupOpacity: groupOpacity)
                        let fast = try Self.render(list, coverage: true), slow = try Self.render(list, coverage: false)
                        let w = Self.worst(fast, slow)
                        worstSeen = max(worstSeen, w)
                        #expect(w <= 3, "shape \(k) stroke \(stroke) σ \(sigma) opacity \(opacity)/\(groupOpacity): \(w) levels apart")
                    }
                }
            }
        }
        print("feathered coverage vs layer path: worst \(worstSeen) levels of 255")
    }

    /// A feathered shape that stands still reuses last frame's blurred coverage: the frame is the
    /// one a fresh renderer draws, byte for byte. Moving it a quarter pixel, changing σ or the
    /// clip blurs again; a new colour alone does not need to.
    @Test func stillShapesReuseTheirBlurredCoverage() throws {
        let shape = Path.circle(center: Point(80, 80), radius: 40)
        let renderer = DisplayListRenderer()
        for sigma in [1.5, 12.0] {
            let base = Self.list(shape, stroke: false, sigma: sigma, color: .black)
            let h0 = renderer.feathered.hits, m0 = renderer.feathered.misses
            _ = try Self.render(base, coverage: true, renderer: renderer)
            let again = try Self.render(base, coverage: true, renderer: renderer)
            #expect(renderer.feathered.hits == h0 + 1 && renderer.feathered.misses == m0 + 1)
            #expect(Self.worst(again, try Self.render(base, coverage: true)) == 0)

            let recoloured = Self.list(shape, stroke: false, sigma: sigma, color: Color(0.2, 0.9, 0.4, 0.6))
            let r = try Self.render(recoloured, coverage: true, renderer: renderer)
            #expect(renderer.feathered.hits == h0 + 2)
            #expect(Self.worst(r, try Self.render(recoloured, coverage: true)) == 0)

            let moved = Self.list(shape, stroke: false, sigma: sigma, color: .black, at: Point(0.25, 0))
            let m = try Self.render(moved, coverage: true, renderer: renderer)
            #expect(renderer.feathered.misses == m0 + 2)
            #expect(Self.worst(m, try Self.render(moved, coverage: true)) == 0)

            let softer = Self.list(shape, stroke: false, sigma: sigma * 1.5, color: .black, at: Point(0.25, 0))
            _ = try Self.render(softer, coverage: true, renderer: renderer)
            #expect(renderer.feathered.misses == m0 + 3)
        }
    }

    /// Only a blur-only group of one solid paint takes the coverage path: a gradient goes through
    /// the layer.
    @Test func gradientsGoThroughTheLayer() throws {
        var list = DisplayList()
        list.reset(width: 160, height: 160)
        list.beginGroup(transform: .identity, blur: 3)
        let g = Gradient([ColorStop(0, .black), ColorStop(1, .white)])
        list.addFill(path: list.makePath { $0.append(.circle(center: Point(80, 80), radius: 40)) }!, transform: .identity,
                     paint: .linear(g, start: Point(40, 0), end: Point(120, 0)))
        list.endGroup()
        let renderer = DisplayListRenderer()
        _ = try Self.render(list, coverage: true, renderer: renderer)
        #expect(renderer.feathered.hits + renderer.feathered.misses == 0)
    }
}
