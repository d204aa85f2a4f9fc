import Foundation
import Testing
import CYLGeometry
@testable import CYLRaster

/// `.trilinear` image sampling (OpenGL's LINEAR_MIPMAP_LINEAR, as libpag draws images) against
/// an independent computation in floating point.
@Suite struct TrilinearSamplingTests {
    /// 64x64, opaque: red and green smooth ramps, blue a ramp plus a one-texel checkerboard of
    /// 40 (fine detail that the coarser level averages out; neighbouring texels differ by at most
    /// 46, so the 8-bit sample positions cost at most 46/256 of a level).
    func gradient() throws -> Pixmap {
        var p = try Pixmap(width: 64, height: 64)
        for y in 0..<64 {
            for x in 0..<64 {
                let r = UInt8(x * 4 % 256), g = UInt8((x * 3 + y * 2) % 200), b = UInt8(abs(32 - y) * 3 + (x + y) % 2 * 40)
                p[x, y] = RGBA8(r < 250 ? r : 250, g, b, 255)
            }
        }
        return p
    }

    /// Level 1 of `image` as the test computes it: the unrounded mean of each 2x2 box.
    func halved(_ image: Pixmap) -> [[[Double]]] {
        (0..<image.height / 2).map { y in
            (0..<image.width / 2).map { x in
                (0..<3).map { c in
                    var sum = 0.0
                    for (dx, dy) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
                        let p = image[2 * x + dx, 2 * y + dy]
                        sum += Double([p.r, p.g, p.b][c])
                    }
                    return sum / 4
                }
            }
        }
    }

    /// Bilinear sample of `level` (rows of texels of channels) at texel coordinates (`u`, `v`)
    /// measured from texel centres, edge texels repeated.
    func bilinear(_ level: [[[Double]]], _ u: Double, _ v: Double, _ c: Int) -> Double {
        let h = level.count, w = level[0].count
        let x = Int(u.rounded(.down)), y = Int(v.rounded(.down))
        let fx = u - Double(x), fy = v - Double(y)
        func t(_ x: Int, _ y: Int) -> Double { level[min(max(y, 0), h - 1)][min(max(x, 0), w - 1)][c] }
        return (t(x, y) * (1 - fx) + t(x + 1, y) * fx) * (1 - fy) + (t(x, y + 1) * (1 - fx) + t(x + 1, y + 1) * fx) * fy
    }

    /// At 0.6x the lod is log2(1/0.6) = 0.737: each pixel is 26.3% the bilinear sample of the
    /// image and 73.7% that of its 2x2-box level, at the pixel centre mapped into each. Both
    /// drawing paths (axis-aligned, and a quarter turn for the general one). Tolerance: ours is
    /// computed in 8 bits — levels rounded (±0.5), sample positions truncated to 1/256 of a texel
    /// on each axis of each level (neighbouring texels differ by up to 46 here) and the lod weight
    /// to 1/256, and five rounding 8-bit lerps (two per level, one blending them; each off by at
    /// most 0.5, an earlier one's error carried into the later at a weight of at most 1) — so it
    /// may sit up to 2.5 either side of the exact value (2.42 is the worst seen).
    @Test(arguments: [true, false]) func minifiedImageBlendsTheTwoLevelsAroundTheLod(_ axisAligned: Bool) throws {
        let image = try gradient()
        let level0 = (0..<64).map { y in (0..<64).map { x in [Double(image[x, y].r), Double(image[x, y].g), Double(image[x, y].b)] } }
        let level1 = halved(image)
        let s = 0.6, lod = log2(1 / s), t = lod - lod.rounded(.down)
        let transform = axisAligned ? Transform.scale(s, s) : Transform.scale(s, s).then(.rotation(.pi / 2)).then(.translation(38, 0))
        let inv = try #require(transform.inverted)
        let canvas = Canvas()
        canvas.axisAlignedImages = axisAligned
        var target = try Pixmap(width: 40, height: 40)
        try canvas.drawImage(image, transform: transform, sampling: .trilinear, into: &target)
        // Pixels wholly inside the image (it covers 38.4 pixels).
        for y in 1..<37 {
            for x in 1..<37 {
                let p = inv.apply(Point(Double(x) + 0.5, Double(y) + 0.5))
                let ours = target[x, y]
                #expect(ours.a == 255)
                for c in 0..<3 {
                    let fine = bilinear(level0, p.x - 0.5, p.y - 0.5, c)
                    let coarse = bilinear(level1, p.x / 2 - 0.5, p.y / 2 - 0.5, c)
                    let expected = fine * (1 - t) + coarse * t
                    let d = Double([ours.r, ours.g, ours.b][c]) - expected
                    #expect(abs(d) <= 2.5, "pixel \(x),\(y) channel \(c): \(ours) vs \(expected)")
                }
            }
        }
        // The blend is real: plain bilinear sampling keeps more of the checkerboard, beyond the tolerance.
        var sharp = try Pixmap(width: 40, height: 40)
        try Canvas().drawImage(image, transform: transform, into: &sharp)
        var differs = 0
        for y in 1..<37 { for x in 1..<37 where abs(Int(sharp[x, y].b) - Int(target[x, y].b)) > 3 { differs += 1 } }
        #expect(differs > 0)
    }

    /// Magnified (lod ≤ 0) or at its size, trilinear sampling is plain bilinear sampling, on both paths.
    @Test(arguments: [true, false]) func magnifiedImageIsSampledBilinearly(_ axisAligned: Bool) throws {
        let image = try gradient()
        for s in [1.0, 1.5, 3.0] {
            let transform = axisAligned ? Transform.scale(s, s) : Transform.scale(s, s).then(.rotation(0.3)).then(.translation(30, 0))
            let a = Canvas(), b = Canvas()
            a.axisAlignedImages = axisAligned
            b.axisAlignedImages = axisAligned
            var tri = try Pixmap(width: 96, height: 96), bi = try Pixmap(width: 96, height: 96)
            try a.drawImage(image, transform: transform, sampling: .trilinear, into: &tri)
            try b.drawImage(image, transform: transform, into: &bi)
            #expect(tri.bytes == bi.bytes, "scale \(s)")
            #expect(a.mipmaps.builds == 0)
        }
    }

    /// A still image's level is built once and its blended samples computed once; the display
    /// list keeps today's sampling unless asked.
    @Test func stillImageIsSampledOnce() throws {
        let canvas = Canvas()
        let image = try gradient()
        var target = try Pixmap(width: 40, height: 40)
        for _ in 0..<3 { try canvas.drawImage(image, transform: .scale(0.6, 0.6), sampling: .trilinear, into: &target) }
        #expect(canvas.mipmaps.builds == 1)
        #expect(canvas.imageSamples.fills == 1)
        // At 0.3x (lod 1.74) levels 1 and 2 blend: one more level, new samples.
        try canvas.drawImage(image, transform: .scale(0.3, 0.3), sampling: .trilinear, into: &target)
        #expect(canvas.mipmaps.builds == 2)
        #expect(canvas.imageSamples.fills == 2)

        var list = DisplayList()
        list.addImage(image, transform: .identity)
        list.addImage(image, transform: .identity, sampling: .trilinear)
        #expect(list.images.map(\.sampling) == [.bilinear, .trilinear])
    }

    /// `.libpag` above 0.7x is plain bilinear sampling.
    @Test func libpagAboveSevenTenthsIsBilinear() throws {
        let image = try gradient()
        for transform in [Transform.scale(0.8, 0.8).then(.translation(2.3, 1.6)), .scale(1.5, 1.5)] {
            var a = try Pixmap(width: 96, height: 96), b = try Pixmap(width: 96, height: 96)
            try Canvas().drawImage(image, transform: transform, sampling: .libpag, into: &a)
            try Canvas().drawImage(image, transform: transform, into: &b)
            #expect(a.bytes == b.bytes)
        }
    }

    /// At 0.7x or less `.libpag` draws a snapshot at the image's scale (bilinear from the image
    /// at 0.4x and more, trilinear under it), then the snapshot where the image goes: at a whole
    /// pixel offset that is the snapshot itself, moved; half a pixel right, each pixel is the
    /// mean of two snapshot pixels (the 8-bit lerp at weight 128 truncates: (a + b) >> 1).
    @Test(arguments: [0.6, 0.3]) func libpagDrawsASnapshotThenPlacesIt(_ s: Double) throws {
        let image = try gradient()
        let n = Int((64 * s).rounded(.up))
        let reference = Canvas()
        reference.imageLevels = false
        var snapshot = try Pixmap(width: n, height: n)
        try reference.drawImage(image, transform: .scale(s, s), sampling: s < 0.4 ? .trilinear : .bilinear, into: &snapshot)

        let canvas = Canvas()
        var moved = try Pixmap(width: 48, height: 48)
        try canvas.drawImage(image, transform: Transform.scale(s, s).then(.translation(5, 3)), sampling: .libpag, into: &moved)
        for y in 0..<n { for x in 0..<n { #expect(moved[x + 5, y + 3] == snapshot[x, y], "pixel \(x),\(y)") } }

        var half = try Pixmap(width: 48, height: 48)
        try canvas.drawImage(image, transform: Transform.scale(s, s).then(.translation(0.5, 0)), sampling: .libpag, into: &half)
        for y in 0..<n - 1 {
            for x in 1..<n - 1 {
                let a = snapshot[x - 1, y], b = snapshot[x, y], p = half[x, y]
                #expect(p.r == UInt8((Int(a.r) + Int(b.r) + 1) >> 1) && p.b == UInt8((Int(a.b) + Int(b.b) + 1) >> 1), "pixel \(x),\(y)")
            }
        }
        // One snapshot for both placements (same image, same scale).
        #expect(canvas.imageSnapshots.draws == 1)
    }

    /// `.libpagStill` (a still sequence's frame) draws the snapshot as `.libpag` does, but from
    /// the frame itself, bilinearly, even under 0.4x: at 0.3 and a whole pixel offset each pixel
    /// is a bilinear snapshot's, not the trilinear one `.libpag` makes there.
    @Test func libpagStillMakesItsSnapshotWithoutHalvedLevels() throws {
        let image = try gradient()
        let reference = Canvas()
        reference.imageLevels = false
        var bilinear = try Pixmap(width: 20, height: 20), trilinear = try Pixmap(width: 20, height: 20)  // ceil(64 × 0.3)
        try reference.drawImage(image, transform: .scale(0.3, 0.3), sampling: .bilinear, into: &bilinear)
        try reference.drawImage(image, transform: .scale(0.3, 0.3), sampling: .trilinear, into: &trilinear)
        var still = try Pixmap(width: 32, height: 32), mipmapped = try Pixmap(width: 32, height: 32)
        try Canvas().drawImage(image, transform: Transform.scale(0.3, 0.3).then(.translation(5, 3)), sampling: .libpagStill, into: &still)
        try Canvas().drawImage(image, transform: Transform.scale(0.3, 0.3).then(.translation(5, 3)), sampling: .libpag, into: &mipmapped)
        var differ = 0
        for y in 0..<19 {
            for x in 0..<19 {
                #expect(still[x + 5, y + 3] == bilinear[x, y], "pixel \(x),\(y)")
                #expect(mipmapped[x + 5, y + 3] == trilinear[x, y], "pixel \(x),\(y)")
                if bilinear[x, y] != trilinear[x, y] { differ += 1 }
            }
        }
        #expect(differ > 100, "the gradient must tell the two apart (\(differ) pixels differ)")
    }

    /// An image keyed to scales from 0.25 to 1 of its size, drawn now at 0.3 with the largest
    /// 0.6: `.libpag` draws its snapshot once, at 0.6 (trilinear: the smallest, 0.15, is under
    /// 0.4), and shrinks that by half, trilinearly (0.15 is under 0.4 of 0.6) — so at a whole
    /// pixel offset each pixel is the snapshot's halved level, sampled at its texel centres.
    @Test func libpagSizesTheSnapshotByTheLargestScale() throws {
        let image = try gradient()
        let reference = Canvas()
        reference.imageLevels = false
        var snapshot = try Pixmap(width: 39, height: 39)  // ceil(64 × 0.6)
        try reference.drawImage(image, transform: .scale(0.6, 0.6), sampling: .trilinear, into: &snapshot)
        var expected = try Pixmap(width: 40, height: 40)
        try reference.drawImage(snapshot, transform: Transform.scale(0.5, 0.5).then(.translation(4, 2)), sampling: .trilinear,
                                into: &expected)

        let canvas = Canvas()
        let scales = ScaleRatios(smallest: 0.5, largest: 2)
        var drawn = try Pixmap(width: 40, height: 40)
        try canvas.drawImage(image, transform: Transform.scale(0.3, 0.3).then(.translation(4, 2)), sampling: .libpag,
                             scales: scales, into: &drawn)
        #expect(drawn.bytes == expected.bytes)
        // At 0.45 now (the largest still 0.6) the same snapshot serves.
        try canvas.drawImage(image, transform: .scale(0.45, 0.45), sampling: .libpag,
                             scales: ScaleRatios(smallest: 0.15 / 0.45, largest: 0.6 / 0.45), into: &drawn)
        #expect(canvas.imageSnapshots.draws == 1)
        // Keyed past 0.7 there is no snapshot: the image itself, trilinear (the smallest is under 0.4).
        var direct = try Pixmap(width: 40, height: 40), plain = try Pixmap(width: 40, height: 40)
        try canvas.drawImage(image, transform: .scale(0.3, 0.3), sampling: .libpag, scales: ScaleRatios(smallest: 1, largest: 3),
                             into: &direct)
        reference.imageLevels = false
        try reference.drawImage(image, transform: .scale(0.3, 0.3), sampling: .trilinear, into: &plain)
        #expect(direct.bytes == plain.bytes)
        #expect(canvas.imageSnapshots.draws == 1)
        // Ratios that are not finite and positive mean the scale now.
        #expect(ScaleRatios(smallest: .nan, largest: -1) == .constant)
    }

    /// The same `.libpag` draw gives the same pixels whatever the canvas drew before: a layer
    /// whose largest scale comes out 0.3200000000000001 on one frame and 0.32 on another
    /// (replacement.pag's image, frames 15 and 30) used to reuse the first frame's snapshot, so
    /// a frame's pixels depended on which frame its thread had drawn before.
    @Test func libpagSnapshotsDoNotDependOnEarlierDraws() throws {
        // 512x512 with detail at every texel, so a 1/65536 texel step difference shows.
        var image = try Pixmap(width: 512, height: 512)
        var seed: UInt32 = 12345
        for y in 0..<512 {
            for x in 0..<512 {
                seed = seed &* 1_103_515_245 &+ 12345
                let v = UInt8(truncatingIfNeeded: seed >> 16)
                image[x, y] = RGBA8(v, UInt8(x / 2), UInt8(y / 2), 255)
            }
        }
        let place = Transform.translation(40.3, 20.6)
        let before = Canvas()
        var scratch = try Pixmap(width: 256, height: 256)
        try before.drawImage(image, transform: Transform.scale(0.3200000000000001, 0.3200000000000001).then(place),
                             sampling: .libpag, scales: ScaleRatios(smallest: 0.25, largest: 1), into: &scratch)
        var after = try Pixmap(width: 256, height: 256), fresh = try Pixmap(width: 256, height: 256)
        try before.drawImage(image, transform: Transform.scale(0.32, 0.32).then(place), sampling: .libpag,
                             scales: ScaleRatios(smallest: 0.25, largest: 1), into: &after)
        try Canvas().drawImage(image, transform: Transform.scale(0.32, 0.32).then(place), sampling: .libpag,
                               scales: ScaleRatios(smallest: 0.25, largest: 1), into: &fresh)
        let differing = zip(after.bytes, fresh.bytes).filter { $0 != $1 }.count
        #expect(differing == 0, "bytes differing from a fresh canvas's draw")
        // Scales within the rounding share one snapshot.
        #expect(before.imageSnapshots.draws == 1)
    }

    /// A 2 × 1 straight-colour bitmap, opaque white then transparent black, drawn twice as wide:
    /// pixel 2's centre samples texel 0.75 of the way to the black one. `.unreducedStraight`
    /// interpolates colour and alpha apart and multiplies after: colour and alpha 63.75, so
    /// premultiplied 63.75 × 63.75 / 255 ≈ 16 (libpag's dark fringe); premultiplied
    /// interpolation of white and transparent gives 64 for both.
    @Test func straightColourIsInterpolatedApartFromAlpha() throws {
        var straight = try Pixmap(width: 2, height: 1)
        straight[0, 0] = RGBA8(255, 255, 255, 255)
        straight[1, 0] = RGBA8(0, 0, 0, 0)
        var apart = try Pixmap(width: 4, height: 1), together = try Pixmap(width: 4, height: 1)
        try Canvas().drawImage(straight, transform: .scale(2, 1), sampling: .unreducedStraight, into: &apart)
        try Canvas().drawImage(straight, transform: .scale(2, 1), sampling: .unreduced, into: &together)
        let p = apart[2, 0], q = together[2, 0]
        #expect(abs(Int(p.a) - 64) <= 1 && abs(Int(p.r) - 16) <= 1 && p.r == p.g && p.g == p.b, "\(p)")
        #expect(abs(Int(q.a) - 64) <= 1 && abs(Int(q.r) - 64) <= 1, "\(q)")
        // Pixel 1 samples 0.25 of the way: 191.25 each, premultiplied 143.4.
        #expect(abs(Int(apart[1, 0].r) - 143) <= 1 && abs(Int(apart[1, 0].a) - 191) <= 1, "\(apart[1, 0])")
    }
}
