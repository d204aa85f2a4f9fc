#if canImport(Glibc)
import Glibc
#endif
import CYLGeometry
@testable import CYLRaster
import Testing

/// The display list's structure (no pixels) and what its renderer draws, checked against values
/// computed by hand.
@Suite struct DisplayListTests {
    func square(_ list: inout DisplayList, _ x: Double, _ y: Double, _ size: Double) -> Int {
        list.makePath { $0.append(.rect(Rect(x: x, y: y, width: size, height: size))) }!
    }

    @Test func groupsRecordTheirChildrenMasksAndMatteAsRanges() {
        var list = DisplayList()
        list.reset(width: 10, height: 10)
        let outer = list.beginGroup(transform: .translation(1, 0), opacity: 0.5)
        list.addMask(path: square(&list, 0, 0, 5), mode: .add)
        list.addFill(path: square(&list, 0, 0, 2), transform: .identity, paint: .solid(.black))
        list.beginGroup(transform: .identity)
        list.addFill(path: square(&list, 2, 2, 2), transform: .identity, paint: .solid(.white))
        list.endGroup()
        list.beginMatte(.alpha)
        list.addFill(path: square(&list, 0, 0, 10), transform: .identity, paint: .solid(.black))
        list.endGroup()
        #expect(list.isComplete)
        let g = list.groups[outer]
        #expect(list.items[g.start] == .group(outer))
        #expect(g.children == 1..<4)  // fill, inner group, its fill
        #expect(g.matteSource == 4..<5)
        #expect(g.masks == 0..<1)
        #expect(g.isIsolated)
        #expect(list.groups[1].children == 3..<4 && !list.groups[1].isIsolated)
        #expect(list.drawCount == 6)  // 5 items + 1 mask
        #expect(list.pathCount == 4)
    }

    @Test func emptyPathsAndEmptyGroupsLeaveNoTrace() {
        var list = DisplayList()
        list.reset(width: 10, height: 10)
        let empty = list.makePath { _ in }
        let kept = list.makePath(keepEmpty: true) { _ in }
        #expect(empty == nil && kept == 0)
        list.beginGroup(transform: .identity, opacity: 0.5)
        let dropped = list.dropEmptyGroup()
        #expect(dropped)
        #expect(list.items.isEmpty && list.groups.isEmpty && list.isComplete)
    }

    @Test func resetKeepsThePathsMemory() {
        var list = DisplayList()
        list.reset(width: 10, height: 10)
        let p = square(&list, 0, 0, 4)
        let before = list.path(p).points.withUnsafeBufferPointer { $0.baseAddress }
        list.reset(width: 10, height: 10)
        let q = square(&list, 1, 1, 4)
        #expect(q == p)
        #expect(list.path(q).points.withUnsafeBufferPointer { $0.baseAddress } == before)
    }

    /// An opaque square in a group at half opacity: alpha 128 (255 · 0.5 rounded), colour scaled
    /// the same, exactly where the square is; the fit maps 10 units to 20 pixels.
    @Test func isolatedGroupFadesAsOne() throws {
        var list = DisplayList()
        list.reset(width: 10, height: 10)
        list.beginGroup(transform: .identity, opacity: 0.5)
        list.addFill(path: square(&list, 0, 0, 5), transform: .identity, paint: .solid(Color(1, 0, 0)))
        // A second, overlapping square: in a faded *group* the overlap is no darker.
        list.addFill(path: square(&list, 2.5, 0, 5), transform: .identity, paint: .solid(Color(1, 0, 0)))
        list.endGroup()
        var target = try Pixmap(width: 20, height: 20)
        try DisplayListRenderer().render(list, into: &target)
        #expect(target[2, 2] == RGBA8(128, 0, 0, 128))
        #expect(target[7, 2] == RGBA8(128, 0, 0, 128))  // overlap
        #expect(target[12, 2] == RGBA8(128, 0, 0, 128))
        #expect(target[17, 2] == .transparent)
        #expect(target[2, 12] == .transparent)
    }

    /// An alpha matte keeps the children only where the matte source is; an inverted one only
    /// where it is not. The matte is drawn in the group's parent space (the group's own transform
    /// moves its children, not the matte).
    @Test func matteGatesTheChildren() throws {
        for (mode, inside, outside) in [(MatteMode.alpha, true, false), (.alphaInverted, false, true)] {
            var list = DisplayList()
            list.reset(width: 10, height: 10)
            list.beginGroup(transform: .translation(0, 0))
            list.addFill(path: square(&list, 0, 0, 10), transform: .identity, paint: .solid(.white))
            list.beginMatte(mode)
            list.addFill(path: square(&list, 0, 0, 5), transform: .identity, paint: .solid(.black))
            list.endGroup()
            var target = try Pixmap(width: 10, height: 10)
            try DisplayListRenderer().render(list, into: &target)
            #expect((target[2, 2] == .white) == inside)
            #expect((target[7, 7] == .white) == outside)
            #expect(target[2, 2] == .white || target[2, 2] == .transparent)
        }
    }

    /// A group's clip cuts its children to the rectangle (pixel-snapped) when the mapping keeps it
    /// axis-aligned.
    @Test func clipRectangleCutsChildren() throws {
        var list = DisplayList()
        list.reset(width: 10, height: 10)
        list.beginGroup(transform: .translation(2, 2), clip: Rect(x: 0, y: 0, width: 4, height: 4))
        list.addFill(path: square(&list, -5, -5, 20), transform: .identity, paint: .solid(.black))
        list.endGroup()
        var target = try Pixmap(width: 10, height: 10)
        try DisplayListRenderer().render(list, into: &target)
        #expect(target[1, 1] == .transparent && target[6, 6] == .transparent)
        #expect(target[2, 2] == .black && target[5, 5] == .black)
    }

    /// Masks combine in order: add a square, subtract its left half.
    @Test func masksCombineInOrder() throws {
        var list = DisplayList()
        list.reset(width: 10, height: 10)
        list.beginGroup(transform: .identity)
        list.addMask(path: square(&list, 0, 0, 8), mode: .add)
        list.addMask(path: list.makePath { $0.append(.rect(Rect(x: 0, y: 0, width: 4, height: 8))) }!, mode: .subtract)
        list.addFill(path: square(&list, 0, 0, 10), transform: .identity, paint: .solid(.black))
        list.endGroup()
        var target = try Pixmap(width: 10, height: 10)
        try DisplayListRenderer().render(list, into: &target)
        #expect(target[2, 2] == .transparent)
        #expect(target[6, 2] == .black)
        #expect(target[9, 9] == .transparent)
    }

    /// A mask keeps its path's fill rule: an even-odd ring leaves its hole open, a non-zero one
    /// (both squares wound the same way) fills it.
    @Test func masksKeepTheirFillRule() throws {
        for (rule, holeOpen) in [(FillRule.evenOdd, true), (.nonZero, false)] {
            var list = DisplayList()
            list.reset(width: 10, height: 10)
            list.beginGroup(transform: .identity)
            let ring = list.makePath {
                $0.append(.rect(Rect(x: 0, y: 0, width: 10, height: 10)))
                $0.append(.rect(Rect(x: 3, y: 3, width: 4, height: 4)))
            }!
            list.addMask(path: ring, mode: .add, rule: rule)
            list.addFill(path: square(&list, 0, 0, 10), transform: .identity, paint: .solid(.black))
            list.endGroup()
            var target = try Pixmap(width: 10, height: 10)
            try DisplayListRenderer().render(list, into: &target)
            #expect(target[1, 1] == .black)
            #expect((target[5, 5] == .transparent) == holeOpen)
            #expect(target[5, 5] == .transparent || target[5, 5] == .black)
        }
    }

    /// A blurred group spreads a straight edge into the gaussian's integral: a pixel whose centre
    /// lies d pixels outside the edge keeps 1 − Φ(d/σ) of the colour. The group's blur is in its
    /// own units, so a fit of 2 pixels per unit doubles it (σ = 2 units = 4 pixels).
    @Test func blurredGroupSoftensEdgesByTheGaussianIntegral() throws {
        var list = DisplayList()
        list.reset(width: 50, height: 50)
        list.beginGroup(transform: .identity, blur: 2)
        list.addFill(path: list.makePath { $0.append(.rect(Rect(x: 0, y: 0, width: 25, height: 50))) }!,
                     transform: .identity, paint: .solid(.black))
        list.endGroup()
        #expect(list.groups[0].isIsolated)
        var target = try Pixmap(width: 100, height: 100)
        try DisplayListRenderer().render(list, into: &target)
        // The edge is at x = 50 px; pixel x has its centre at x + 0.5. Φ from erfc; the kernel is
        // sampled at whole pixels and cut at 3σ, and alpha is 8-bit: ±3 of 255.
        func expected(_ x: Int) -> Double { 255 * 0.5 * erfc((Double(x) + 0.5 - 50) / (4 * 2.0.squareRoot())) }
        for x in [40, 46, 49, 50, 53, 57, 62] {
            #expect(abs(Double(target[x, 50].a) - expected(x)) <= 3, "x \(x): \(target[x, 50].a) vs \(expected(x))")
        }
        // Far inside, the colour is untouched; past 3σ it is gone.
        #expect(target[20, 50] == .black)
        #expect(target[64, 50] == .transparent)
    }

    /// A blurred group's content just outside the clip bleeds into it (a renderer that clips when
    /// compositing does the same); nothing shows outside the clip.
    @Test func blurBleedsAcrossTheClipEdgeButNotPastIt() throws {
        var list = DisplayList()
        list.reset(width: 20, height: 20)
        list.beginGroup(transform: .identity, clip: Rect(x: 0, y: 0, width: 10, height: 20))
        list.beginGroup(transform: .identity, blur: 1)
        list.addFill(path: list.makePath { $0.append(.rect(Rect(x: 10, y: 0, width: 10, height: 20))) }!,
                     transform: .identity, paint: .solid(.black))
        list.endGroup()
        list.endGroup()
        var target = try Pixmap(width: 20, height: 20)
        try DisplayListRenderer().render(list, into: &target)
        // Half a pixel inside the clip, half a deviation from the edge: 1 − Φ(0.5) ≈ 0.31 of 255.
        #expect(abs(Double(target[9, 10].a) - 78.6) <= 3, "\(target[9, 10].a)")
        #expect(target[10, 10] == .transparent && target[15, 10] == .transparent)
    }

    /// Negative or NaN softness blurs nothing.
    @Test func invalidBlurIsNone() {
        var list = DisplayList()
        list.reset(width: 10, height: 10)
        list.beginGroup(transform: .identity, blur: -.infinity)
        list.endGroup()
        list.beginGroup(transform: .identity, blur: .nan)
        list.endGroup()
        #expect(list.groups.allSatisfy { $0.blur == 0 && !$0.isIsolated })
    }
}

@Suite struct DrawImageTests {
    func checker() throws -> Pixmap {
        var p = try Pixmap(width: 4, height: 4)
        for y in 0..<4 { for x in 0..<4 { p[x, y] = RGBA8(UInt8(x * 60), UInt8(y * 60), 200, 255) } }
        return p
    }

    /// Texel centres map to pixel centres under an integer translation: the copy is exact.
    @Test func identityAndTranslationCopyExactly() throws {
        let image = try checker()
        var target = try Pixmap(width: 8, height: 8)
        try Canvas().drawImage(image, transform: .translation(2, 3), into: &target)
        for y in 0..<4 { for x in 0..<4 { #expect(target[x + 2, y + 3] == image[x, y]) } }
        #expect(target[1, 3] == .transparent && target[6, 3] == .transparent && target[2, 7] == .transparent)
    }

    /// Doubled, a pixel centre falls a quarter texel from the texel centres: the colour is the
    /// 3:1 mix of its neighbours (to within the 8-bit weight's truncation).
    @Test func scaledUpInterpolatesBilinearly() throws {
        var image = try Pixmap(width: 2, height: 1)
        image[0, 0] = RGBA8(0, 0, 0, 255)
        image[1, 0] = RGBA8(200, 100, 40, 255)
        var target = try Pixmap(width: 4, height: 2)
        try Canvas().drawImage(image, transform: .scale(2, 2), into: &target)
        // x = 1: centre 1.5 -> image 0.75 -> 0.25 past texel 0's centre.
        let p = target[1, 0]
        #expect(abs(Int(p.r) - 50) <= 1 && abs(Int(p.g) - 25) <= 1 && abs(Int(p.b) - 10) <= 1 && p.a == 255)
        // x = 0 is left of texel 0's centre: the edge texel repeats.
        #expect(target[0, 0] == RGBA8(0, 0, 0, 255))
        #expect(target[3, 1] == RGBA8(200, 100, 40, 255))
    }

    /// Without rotation the image is drawn by blending texel rows once per pixel row; that path
    /// gives exactly the general path's values, scaled up, down and flipped.
    @Test(arguments: [Transform.scale(2.3, 1.7).then(.translation(3.2, 1.1)), .scale(0.6, 0.45),
                      Transform.scale(-1.5, 2).then(.translation(40, -2))])
    func axisAlignedPathMatchesTheGeneralOne(_ transform: Transform) throws {
        var image = try Pixmap(width: 19, height: 13)
        for y in 0..<13 { for x in 0..<19 {
            let a = UInt8((x * 37 + y * 11) % 256)
            image[x, y] = RGBA8(UInt8((Int(a) * x) / 18), UInt8((Int(a) * y) / 12), a / 2, a)
        } }
        var fast = try Pixmap(width: 48, height: 40), general = fast
        let canvas = Canvas()
        try canvas.drawImage(image, transform: transform, into: &fast)
        canvas.axisAlignedImages = false
        try canvas.drawImage(image, transform: transform, into: &general)
        // The paths place samples by different arithmetic (a grid from the target's origin, an
        // offset per span) that can differ in the last bit of 16.16, which moves one blend weight
        // by 1/256: at most 1 per channel.
        let worst = zip(fast.bytes, general.bytes).map { abs(Int($0) - Int($1)) }.max() ?? 0
        #expect(worst <= 1)
        #expect(fast.bytes.contains { $0 != 0 })
    }

    /// An image that does not move is sampled once: the next frames only composite.
    @Test func aStillImageIsSampledOnce() throws {
        let image = try checker()
        let canvas = Canvas()
        var a = try Pixmap(width: 16, height: 16)
        for _ in 0..<3 { try canvas.drawImage(image, transform: .scale(3, 3), into: &a) }
        #expect(canvas.imageSamples.fills == 1)
        try canvas.drawImage(image, transform: .scale(3, 2), into: &a)
        #expect(canvas.imageSamples.fills == 2)
    }

    /// Several still images drawn each frame (a composition's image layers) are each sampled
    /// once, and the samples of one are never served for another of the same size.
    @Test func severalStillImagesAreEachSampledOnce() throws {
        let images = try (0..<12).map { i -> Pixmap in
            var p = try Pixmap(width: 4, height: 4)
            for y in 0..<4 { for x in 0..<4 { p[x, y] = RGBA8(UInt8(i * 20), UInt8(x * 60), UInt8(y * 60), 255) } }
            return p
        }
        let canvas = Canvas()
        var frames: [[UInt8]] = []
        for _ in 0..<3 {
            var target = try Pixmap(width: 64, height: 64)
            for (i, image) in images.enumerated() {
                try canvas.drawImage(image, transform: Transform.scale(2.5, 2.5).then(.translation(Double(i % 4) * 15, Double(i / 4) * 15)),
                                     into: &target)
            }
            frames.append(target.bytes)
        }
        #expect(canvas.imageSamples.fills == images.count)
        #expect(frames[1] == frames[0] && frames[2] == frames[0])
        // Each image drawn alone by a fresh canvas gives the pixels it has in the shared frame.
        var expected = try Pixmap(width: 64, height: 64)
        for (i, image) in images.enumerated() {
            try Canvas().drawImage(image, transform: Transform.scale(2.5, 2.5).then(.translation(Double(i % 4) * 15, Double(i / 4) * 15)),
                                   into: &expected)
        }
        #expect(frames[0] == expected.bytes)
    }

    /// A half-pixel offset gives the image anti-aliased edges of coverage one half, and opacity
    /// scales everything.
    @Test func edgesAreAntiAliasedAndOpacityApplies() throws {
        var image = try Pixmap(width: 2, height: 2)
        image.fill(.white)
        var target = try Pixmap(width: 4, height: 4)
        try Canvas().drawImage(image, transform: .translation(0.5, 1), opacity: 0.5, into: &target)
        #expect(abs(Int(target[0, 1].a) - 64) <= 1)   // half covered, half opaque
        #expect(abs(Int(target[1, 1].a) - 128) <= 1)  // covered, half opaque
        #expect(target[1, 0] == .transparent)
    }
}
