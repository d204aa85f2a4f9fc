import CYLGeometry
@testable import CYLLottieAnimator
import CYLRaster
import CYLTimeline
import Testing

/// Merge paths (`mm`) drawn as boolean operations: two overlapping squares, A = [20,60]^2 and
/// B = [40,80]^2 on a 100x100 canvas rendered at 100x100, so every edge is on a pixel boundary
/// and every pixel is either fully covered or empty (coverage 255 or 0 exactly).
@Suite struct MergePathsTests {
    static let squareA = #"{"ty":"rc","p":{"a":0,"k":[40,40]},"s":{"a":0,"k":[40,40]},"r":{"a":0,"k":0}}"#
    static let squareB = #"{"ty":"rc","p":{"a":0,"k":[60,60]},"s":{"a":0,"k":[40,40]},"r":{"a":0,"k":0}}"#
    static func fill(_ rgb: String = "1,0,0", evenOdd: Bool = false) -> String {
        #"{"ty":"fl","c":{"a":0,"k":[\#(rgb),1]},"o":{"a":0,"k":100}\#(evenOdd ? #","r":2"# : "")}"#
    }
    static func merge(_ mode: Int) -> String { #"{"ty":"mm","mm":\#(mode)}"# }

    static func layer(_ items: [String]) -> String {
        #"{"ty":4,"ind":1,"ip":0,"op":10,"st":0,"ks":{},"shapes":[\#(items.joined(separator: ","))]}"#
    }

    static func render(_ items: [String]) throws -> Pixmap {
        try open(lottie(layers: layer(items))).render(frame: 0, size: PixelSize(100, 100))
    }

    /// Covered area in pixels: the sum of alpha / 255.
    static func ink(_ p: Pixmap) -> Double {
        var sum = 0
        for i in stride(from: 3, to: p.bytes.count, by: 4) { sum += Int(p.bytes[i]) }
        return Double(sum) / 255
    }

    // Sample pixels: only in A, in both, only in B, in neither (inside the union's bounding box).
    static let onlyA = (30, 30), both = (50, 50), onlyB = (70, 70), neither = (30, 70)

    @Test(arguments: [
        // mode, only A, both, only B, area (hand-computed from the squares: 1600 each, overlap 400)
        (2, true, true, true, 2800.0),
        (3, true, false, false, 1200.0),
        (4, false, true, false, 400.0),
        (5, true, false, true, 2400.0),
    ])
    func booleanModesCoverTheExpectedPixels(mode: Int, a: Bool, ab: Bool, b: Bool, area: Double) throws {
        let p = try Self.render([Self.squareA, Self.squareB, Self.merge(mode), Self.fill()])
        let red = RGBA8(255, 0, 0, 255)
        #expect((p[Self.onlyA.0, Self.onlyA.1] == red) == a)
        #expect((p[Self.both.0, Self.both.1] == red) == ab)
        #expect((p[Self.onlyB.0, Self.onlyB.1] == red) == b)
        #expect(p[Self.neither.0, Self.neither.1].a == 0)
        // Pixel-aligned edges: exact coverage; 0.5 px^2 allows rounding in the coverage sum.
        #expect(abs(Self.ink(p) - area) < 0.5, "mode \(mode)")
    }

    @Test func mergeModeKeepsThePathsAsOneCompoundPath() throws {
        // Both squares run the same way, so even-odd leaves their overlap empty in mode 1 (no
        // boolean), while the union of mode 2 has winding 1 there and fills it.
        let merged = try Self.render([Self.squareA, Self.squareB, Self.merge(1), Self.fill(evenOdd: true)])
        #expect(merged[Self.both.0, Self.both.1].a == 0 && merged[Self.onlyA.0, Self.onlyA.1].a == 255)
        let added = try Self.render([Self.squareA, Self.squareB, Self.merge(2), Self.fill(evenOdd: true)])
        #expect(added[Self.both.0, Self.both.1].a == 255)
    }

    @Test func stylesBeforeTheMergeKeepTheOriginalPaths() throws {
        // Blue even-odd fill before the merge (on top): paints A xor B of the unmerged squares;
        // red after the merge paints the union below it, seen through the blue's hole.
        let p = try Self.render([Self.squareA, Self.squareB, Self.fill("0,0,1", evenOdd: true), Self.merge(2), Self.fill()])
        #expect(p[Self.onlyA.0, Self.onlyA.1] == RGBA8(0, 0, 255, 255))
        #expect(p[Self.both.0, Self.both.1] == RGBA8(255, 0, 0, 255))
    }

    @Test func nestedGroupTransformsApplyBeforeMerging() throws {
        // A at the origin moved by its group to [20,60]^2; B drawn at half size and scaled 2x
        // about its centre by its group to [40,80]^2: subtracting gives A's L shape.
        let groupA = #"{"ty":"gr","it":[{"ty":"rc","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[40,40]},"r":{"a":0,"k":0}},{"ty":"tr","p":{"a":0,"k":[40,40]}}]}"#
        let groupB = #"{"ty":"gr","it":[{"ty":"rc","p":{"a":0,"k":[60,60]},"s":{"a":0,"k":[20,20]},"r":{"a":0,"k":0}},{"ty":"tr","a":{"a":0,"k":[60,60]},"p":{"a":0,"k":[60,60]},"s":{"a":0,"k":[200,200]}}]}"#
        let p = try Self.render([groupA, groupB, Self.merge(3), Self.fill()])
        #expect(p[Self.onlyA.0, Self.onlyA.1] == RGBA8(255, 0, 0, 255))
        #expect(p[Self.both.0, Self.both.1].a == 0 && p[Self.onlyB.0, Self.onlyB.1].a == 0)
        #expect(abs(Self.ink(p) - 1200) < 0.5)
    }

    @Test func trimAfterTheMergeTrimsTheMergedOutline() throws {
        // The union's outline is A's edges outside B plus B's outside A: 2 * (160 - 40) = 240
        // long; the unmerged squares' outlines are 320. A 2 px butt-capped stroke inks 2 px^2
        // per unit of length plus at most 1 px^2 per corner from the miter joins (8 corners).
        func stroke() -> String { #"{"ty":"st","c":{"a":0,"k":[0,0,0,1]},"o":{"a":0,"k":100},"w":{"a":0,"k":2},"lc":1,"lj":1}"# }
        let trim = #"{"ty":"tm","s":{"a":0,"k":0},"e":{"a":0,"k":50},"o":{"a":0,"k":0},"m":1}"#
        let full = Self.ink(try Self.render([Self.squareA, Self.squareB, Self.merge(2), stroke()]))
        #expect(full >= 480 - 1 && full <= 480 + 8 + 1)
        // A's edge inside B is gone from the merged outline.
        let outline = try Self.render([Self.squareA, Self.squareB, Self.merge(2), stroke()])
        #expect(outline[60, 50].a == 0 && outline[60, 30].a == 255)
        // Half of the merged outline: 120 units, 240 px^2 plus at most 8 corners (not the 320 of
        // half the unmerged outlines).
        let half = Self.ink(try Self.render([Self.squareA, Self.squareB, Self.merge(2), trim, stroke()]))
        #expect(half >= 240 - 2 && half <= 240 + 8 + 2)
    }

    @Test(arguments: [100, 400])
    func curvesAreFlattenedFinelyForTheOutputSize(pixels: Int) throws {
        // A circle of radius 30 around (50,50) intersected with [50,100]^2: a quarter disc,
        // pi 30^2 / 4 = 706.86 canvas units^2. Bound, in canvas units^2: the cubic circle's radius
        // is within 0.03% (2 * 0.0003 * 707 = 0.43), flattening within 0.025 px along the 47-unit
        // arc (1.2 at 1 px per unit, less when larger), coverage rounding of 1/510 per edge pixel
        // (under 0.2): 2 in all. (Measured: 0.61 at 100 px, 0.13 at 400 px.)
        let circle = #"{"ty":"el","p":{"a":0,"k":[50,50]},"s":{"a":0,"k":[60,60]}}"#
        let square = #"{"ty":"rc","p":{"a":0,"k":[75,75]},"s":{"a":0,"k":[50,50]},"r":{"a":0,"k":0}}"#
        let t = try open(lottie(layers: Self.layer([circle, square, Self.merge(4), Self.fill()])))
        let p = try t.render(frame: 0, size: PixelSize(pixels, pixels))
        let unitsPerPixel = 100 / Double(pixels)
        let area = Self.ink(p) * unitsPerPixel * unitsPerPixel
        #expect(abs(area - Double.pi * 900 / 4) < 2, "\(pixels) px: \(area)")
    }

    @Test func flatteningFollowsThePixelScale() {
        // Wang's bound gives chords per curve proportional to 1/sqrt(tolerance): 4x the pixels
        // per unit (from the output or from a group's scale) means 2x the vertices (+-20% for
        // rounding up the chord counts of the four quarter arcs).
        let items: [ShapeItem] = [
            .ellipse(position: .fixed([50, 50]), size: .fixed([60, 60]), reversed: false),
            .rect(position: .fixed([75, 75]), size: .fixed([50, 50]), roundness: .fixed([0]), reversed: false),
            .mergePaths(.intersect),
        ]
        func vertices(pixelScale: Double, groupScale: Double) -> Int {
            var e = ShapeEvaluator(maxPathPoints: 1 << 20, maxDraws: 1000)
            e.pixelScale = pixelScale
            let out = e.collect(items, t: 0, transform: .scale(groupScale, groupScale), opacity: 1)
            return out.count == 1 ? e.geo[out[0]].shapes.reduce(0) { $0 + $1.vertices.count } : -1
        }
        let base = vertices(pixelScale: 1, groupScale: 1)
        #expect(base > 10)
        for (p, g) in [(4.0, 1.0), (1.0, 4.0)] {
            let ratio = Double(vertices(pixelScale: p, groupScale: g)) / Double(base)
            #expect(ratio > 1.6 && ratio < 2.4, "pixel scale \(p), group scale \(g): \(ratio)")
        }
    }

    @Test func pastTheBooleanLimitsOrWithASingularGroupNothingTraps() {
        // A 20000-point star flattens to 40000 edges, past PathBoolean.maxEdges: the two paths are
        // merged as mode 1 does (both shapes kept as they are) instead of failing the frame.
        let star = StarModel(isStar: true, position: .fixed([50, 50]), points: .fixed([20000]), rotation: .fixed([0]),
                             outerRadius: .fixed([40]), outerRoundness: .fixed([0]), innerRadius: .fixed([20]),
                             innerRoundness: .fixed([0]), reversed: false)
        let square: ShapeItem = .rect(position: .fixed([50, 50]), size: .fixed([20, 20]), roundness: .fixed([0]), reversed: false)
        var e = ShapeEvaluator(maxPathPoints: 1 << 20, maxDraws: 1000)
        let out = e.collect([.star(star), square, .mergePaths(.subtract)], t: 0, transform: .identity, opacity: 1)
        #expect(out.count == 1 && e.geo[out[0]].shapes.map(\.vertices.count) == [40000, 4])
        // A group scaled to zero: its merged path is empty (nothing to draw), not a trap.
        var z = ShapeEvaluator(maxPathPoints: 1 << 20, maxDraws: 1000)
        let none = z.collect([square, square, .mergePaths(.add)], t: 0, transform: .scale(0, 1), opacity: 1)
        #expect(none.count == 1 && z.geo[none[0]].shapes.isEmpty)
    }

    @Test func unknownModesAreReportedAndMergePathsAreNoLongerUnsupported() throws {
        let t = try open(lottie(layers: Self.layer([Self.squareA, Self.squareB, Self.merge(7), Self.fill()])))
        let text = t.diagnostics.map(\.description)
        #expect(text.contains { $0.contains("layers[0].shapes[2].mm") && $0.contains("unknown merge mode 7") })
        let known = try open(lottie(layers: Self.layer([Self.squareA, Self.squareB, Self.merge(3), Self.fill()])))
        #expect(!known.diagnostics.contains { $0.feature == .mergePaths })
        #expect(known.diagnostics.isEmpty)
        // Mode 7 falls back to merging: the squares drawn together, nonzero, overlap filled.
        let p = try t.render(frame: 0, size: PixelSize(100, 100))
        #expect(p[Self.both.0, Self.both.1].a == 255 && p[Self.onlyB.0, Self.onlyB.1].a == 255)
    }
}
