import CYLRaster
import Foundation
import Testing
@testable import CYLRiveAnimator

/// Text modifier groups and their ranges (issue 28): glyphs moved, scaled and faded by how much
/// a range selects them. Expectations come from FreeType's outlines of the same font
/// (`TextTests.expectedInk`), moved as the modifier says; ink edges within 1 pixel.
@Suite struct TextModifierTests {
    typealias T = RiveTypeKey
    typealias P = RivePropertyKey

    /// "HIH" at 40 px with a modifier group (object 6) of `flags` and `group` values and one
    /// range (object 7) of `range` values.
    static func file(flags: UInt64, group: [(Int, RiveWriter.V)], range: [(Int, RiveWriter.V)]) throws -> RiveWriter {
        var f = TextTests.file("HIH", embed: try TextTests.fontBytes())
        f.object(T.textModifierGroup, [(P.componentParentId, .u(1)), (P.textModifierGroupModifierFlags, .u(flags))] + group)  // 6
        f.object(T.textModifierRange, [(P.componentParentId, .u(6))] + range)  // 7
        return f
    }

    static let baseline = 30.0

    static func advances() throws -> [Double] {
        try ["H", "I", "H"].map { try TextTests.expectedInk($0, size: 40, x: 0, baseline: 0).advance }
    }

    @Test func aWholeRangeMovesEveryGlyph() throws {
        let (_, frame) = try TextTests.render(try Self.file(flags: 4, group: [(P.textModifierGroupY, .d(25)), (P.textModifierGroupX, .d(-5))], range: []))
        let e = try TextTests.expectedInk("HIH", size: 40, x: 15, baseline: Self.baseline + 40 * TextTests.ascent() + 25)
        #expect(TextTests.near(TextTests.ink(frame), e), "ink \(TextTests.ink(frame)) vs \(e)")
    }

    @Test func aRangeOfTheFirstThirdMovesOnlyTheFirstGlyph() throws {
        // Percentage range 0...1/3 of 3 characters: unit 0's middle (0.5) is inside, 1.5 is not.
        let range: [(Int, RiveWriter.V)] = [(P.textModifierRangeModifyTo, .d(1.0 / 3)), (P.textModifierRangeFalloffTo, .d(1.0 / 3))]
        let (_, frame) = try TextTests.render(try Self.file(flags: 4, group: [(P.textModifierGroupY, .d(40))], range: range))
        let first = try TextTests.baseline()
        let moved = try TextTests.expectedInk("H", size: 40, x: 20, baseline: first + 40)
        let still = try TextTests.expectedInk("HIH", size: 40, x: 20, baseline: first)
        let box = TextTests.ink(frame)
        #expect(TextTests.near(box, (still.0, still.1, still.2, moved.3, advance: 0)), "ink \(box)")
        // Inside the first H's stem, below the others' baseline: ink; the same height in the I: none.
        let a = try Self.advances()
        #expect(frame[Int(moved.0) + 2, Int(first + 20)].a == 255)
        #expect(frame[Int(20 + a[0] + a[1] / 2), Int(first + 20)].a == 0)
    }

    @Test(arguments: [(0.0, UInt8(0)), (0.5, UInt8(128))])
    func anOpacityModifierFadesTheSelectedGlyph(opacity: Double, alpha: UInt8) throws {
        // Inverted opacity (flags 32 | 64): unselected glyphs keep theirs, selected ones take the group's.
        let range: [(Int, RiveWriter.V)] = [(P.textModifierRangeTypeValue, .u(1)), (P.textModifierRangeModifyFrom, .d(1)),
                                            (P.textModifierRangeModifyTo, .d(2)), (P.textModifierRangeFalloffFrom, .d(1)),
                                            (P.textModifierRangeFalloffTo, .d(2))]
        let (_, frame) = try TextTests.render(try Self.file(flags: 32 | 64, group: [(P.textModifierGroupOpacity, .d(opacity))], range: range))
        let a = try Self.advances()
        let stemY = Int(try TextTests.baseline() - 10)
        let i = try TextTests.expectedInk("I", size: 40, x: 20 + a[0], baseline: 0)
        let h = try TextTests.expectedInk("H", size: 40, x: 20, baseline: 0)
        #expect(abs(Int(frame[Int((i.0 + i.2) / 2), stemY].a) - Int(alpha)) <= 1, "I at \(frame[Int((i.0 + i.2) / 2), stemY])")
        #expect(frame[Int(h.0) + 2, stemY].a == 255)
    }

    @Test func aScaleModifierGrowsGlyphsAboutTheMiddleOfTheirAdvanceOnTheBaseline() throws {
        let (_, frame) = try TextTests.render(try Self.file(flags: 16, group: [(P.textModifierGroupScaleX, .d(2)), (P.textModifierGroupScaleY, .d(2))],
                                                            range: []))
        let first = try TextTests.baseline()
        // Each glyph doubled about (pen + advance / 2, baseline): its ink box doubled about that point.
        var expected = (Double.infinity, Double.infinity, -Double.infinity, -Double.infinity)
        var pen = 20.0
        for (c, adv) in zip(["H", "I", "H"], try Self.advances()) {
            let g = try TextTests.expectedInk(c, size: 40, x: pen, baseline: first)
            let mx = pen + adv / 2
            expected = (min(expected.0, mx + (g.0 - mx) * 2), min(expected.1, first + (g.1 - first) * 2),
                        max(expected.2, mx + (g.2 - mx) * 2), max(expected.3, first + (g.3 - first) * 2))
            pen += adv
        }
        let box = TextTests.ink(frame)
        #expect(TextTests.near(box, (expected.0, expected.1, expected.2, expected.3, advance: 0)), "ink \(box) vs \(expected)")
    }

    /// Values no editor writes (NaN, infinities, huge scales and ranges) draw something or
    /// nothing but never trap or hang; the frame's path budget still bounds what is drawn.
    @Test(arguments: [Double.nan, .infinity, -.infinity, 1e30, -1e30, 0])
    func absurdModifierValuesAreHarmless(v: Double) throws {
        let group: [(Int, RiveWriter.V)] = [(P.textModifierGroupX, .d(v)), (P.textModifierGroupY, .d(v)), (P.textModifierGroupRotation, .d(v)),
                                            (P.textModifierGroupScaleX, .d(v)), (P.textModifierGroupScaleY, .d(v)),
                                            (P.textModifierGroupOpacity, .d(v)), (P.textModifierGroupOriginX, .d(v))]
        let range: [(Int, RiveWriter.V)] = [(P.textModifierRangeModifyFrom, .d(-v)), (P.textModifierRangeModifyTo, .d(v)),
                                            (P.textModifierRangeFalloffFrom, .d(v)), (P.textModifierRangeFalloffTo, .d(-v)),
                                            (P.textModifierRangeOffset, .d(v)), (P.textModifierRangeStrength, .d(v)),
                                            (P.textModifierRangeUnitsValue, .u(3)), (P.textModifierRangeTypeValue, .u(1))]
        let f = try Self.file(flags: 1 | 4 | 8 | 16 | 32, group: group, range: range)
        _ = try? TextTests.render(f)
    }
}
