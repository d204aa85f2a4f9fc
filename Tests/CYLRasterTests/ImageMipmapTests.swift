import Testing
import CYLGeometry
@testable import CYLRaster

/// Images drawn at less than half their size are sampled from averaged levels.
@Suite struct ImageMipmapTests {
    /// 64x64, opaque: texel column i white when i % 4 == 0, else black (a quarter white).
    func lines() throws -> Pixmap {
        var p = try Pixmap(width: 64, height: 64)
        for y in 0..<64 { for x in 0..<64 { p[x, y] = x % 4 == 0 ? RGBA8(255, 255, 255, 255) : RGBA8(0, 0, 0, 255) } }
        return p
    }

    /// Halving averages 2x2 boxes, rounded; an odd last column and row repeat their edge texel.
    @Test func halvingAveragesBoxes() throws {
        var p = try Pixmap(width: 3, height: 3)
        let values: [[UInt8]] = [[0, 10, 100], [30, 41, 200], [255, 7, 9]]
        for y in 0..<3 { for x in 0..<3 { let v = values[y][x]; p[x, y] = RGBA8(v, v / 2, 0, v) } }
        let h = try #require(ImageMipmapCache.halved(p))
        #expect(h.width == 2 && h.height == 2)
        // Red and alpha: (0 + 10 + 30 + 41 + 2) / 4 = 20; (100 + 100 + 200 + 200 + 2) / 4 = 150;
        // (255 + 7 + 255 + 7 + 2) / 4 = 131; (9 * 4 + 2) / 4 = 9. Green (halves): (0 + 5 + 15 + 20 + 2) / 4 = 10.
        #expect(h[0, 0] == RGBA8(20, 10, 0, 20))
        #expect(h[1, 0] == RGBA8(150, 75, 0, 150))
        #expect(h[0, 1] == RGBA8(131, 65, 0, 131))
        #expect(h[1, 1] == RGBA8(9, 4, 0, 9))
    }

    /// At a quarter of its size each pixel covers four columns, one of them white: 25% grey
    /// (64 of 255) everywhere, within 1 for rounding. Sampled without levels, every pixel centre
    /// falls between two black columns and the white lines vanish. Both sampling paths (the
    /// axis-aligned one and, with a quarter turn, the general one).
    @Test(arguments: [true, false]) func aQuarterSizeImageShowsTheMeanOfItsTexels(_ axisAligned: Bool) throws {
        let canvas = Canvas()
        canvas.axisAlignedImages = axisAligned
        var target = try Pixmap(width: 16, height: 16)
        let transform = axisAligned ? Transform.scale(0.25, 0.25)
            : Transform.scale(0.25, 0.25).then(.rotation(.pi / 2)).then(.translation(16, 0))
        try canvas.drawImage(try lines(), transform: transform, into: &target)
        for y in 0..<16 {
            for x in 0..<16 {
                let p = target[x, y]
                #expect(abs(Int(p.r) - 64) <= 1 && p.a == 255, "pixel \(x),\(y) is \(p)")
            }
        }
    }

    /// `.unreduced` samples the image itself: at a third of its size pixel centre k + 0.5 maps to
    /// texel centre 3k + 1, so with the white columns at i % 3 == 1 every pixel is white (the
    /// levels would give about a third grey), and no level is built. Both sampling paths; within
    /// one level, since 1/3 is inexact in the 16.16 fixed point the general path steps texels by.
    @Test(arguments: [true, false]) func unreducedSamplingReadsTheImageItself(_ axisAligned: Bool) throws {
        let canvas = Canvas()
        canvas.axisAlignedImages = axisAligned
        var image = try Pixmap(width: 48, height: 48)
        for y in 0..<48 { for x in 0..<48 { image[x, y] = x % 3 == 1 ? RGBA8(255, 255, 255, 255) : RGBA8(0, 0, 0, 255) } }
        let transform = axisAligned ? Transform.scale(1 / 3, 1 / 3)
            : Transform.scale(1 / 3, 1 / 3).then(.rotation(.pi / 2)).then(.translation(16, 0))
        var target = try Pixmap(width: 16, height: 16)
        try canvas.drawImage(image, transform: transform, sampling: .unreduced, into: &target)
        var grey = 0
        for y in 0..<16 { for x in 0..<16 where target[x, y].r < 254 || target[x, y].a != 255 { grey += 1 } }
        #expect(grey == 0, "\(grey) pixels not white, e.g. \(target[5, 5])")
        #expect(canvas.mipmaps.builds == 0)
        var levelled = try Pixmap(width: 16, height: 16)
        try canvas.drawImage(image, transform: transform, into: &levelled)
        #expect(levelled[5, 5].r < 200, "with levels: \(levelled[5, 5])")
    }

    /// A still image's levels are built once; an image drawn above half its size builds none.
    @Test func levelsAreBuiltOnceAndOnlyWhenReduced() throws {
        let canvas = Canvas()
        let image = try lines()
        var target = try Pixmap(width: 64, height: 64)
        try canvas.drawImage(image, transform: .scale(0.6, 0.6), into: &target)
        #expect(canvas.mipmaps.builds == 0)
        for _ in 0..<3 { try canvas.drawImage(image, transform: .scale(0.25, 0.25), into: &target) }
        #expect(canvas.mipmaps.builds == 2)
        try canvas.drawImage(image, transform: .scale(0.1, 0.1), into: &target)
        #expect(canvas.mipmaps.builds == 3)
    }

    /// A frame drawing more images than the caches kept entries for before (32; a composition of
    /// 43 image layers, 29056-nepenthe-illustration.json, rebuilt every level and sample each
    /// frame, least recently used eviction keeping nothing of a cycle) builds each image's levels
    /// and samples once over three frames.
    @Test func aFrameOfManyReducedImagesKeepsThemAll() throws {
        let count = 48
        let images = try (0..<count).map { i -> Pixmap in
            var p = try Pixmap(width: 16, height: 16)
            for y in 0..<16 { for x in 0..<16 { p[x, y] = RGBA8(UInt8(i * 5), UInt8(x * 16), UInt8(y * 16), 255) } }
            return p
        }
        let canvas = Canvas()
        for _ in 0..<3 {
            var target = try Pixmap(width: 64, height: 64)
            for (i, image) in images.enumerated() {
                try canvas.drawImage(image, transform: Transform.scale(0.25, 0.25).then(.translation(Double(i % 8) * 8, Double(i / 8) * 8)),
                                     into: &target)
            }
        }
        #expect(canvas.mipmaps.builds == 2 * count)  // levels 1 and 2 of each (4x reduced)
        #expect(canvas.imageSamples.fills == count)
    }
}
