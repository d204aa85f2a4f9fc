import CYLGeometry
@testable import CYLRaster
import Testing

/// Coverage through the sRGB curve (how libpag's glyph masks are blended), groups placed as
/// glyph bitmaps are (from a whole pixel) and drawn through snapshots: values worked out by hand.
@Suite struct LibpagDrawingTests {
    @Test func theCurveIsSRGBsEncoding() {
        let t = CoverageCurve.sRGBTable
        // 1/255 is in the straight part: 12.92 levels. 128/255 = 0.50196:
        // 1.055 · 0.50196^(1/2.4) − 0.055 = 0.73666, 187.85 levels.
        #expect(t[0] == 0 && t[1] == 13 && t[128] == 188 && t[255] == 255)
        #expect(zip(t, t.dropFirst()).allSatisfy { $0 <= $1 }, "the curve never falls")
    }

    /// A 10 × 10 target with white filling x 1.5...3 over its full height: column 1 half
    /// covered, column 2 fully.
    func halfCoveredColumn(_ curve: CoverageCurve) throws -> Pixmap {
        var list = DisplayList()
        list.reset(width: 10, height: 10)
        let path = list.makePath { $0.append(.rect(Rect(x: 1.5, y: 0, width: 1.5, height: 10))) }!
        list.addFill(path: path, transform: .identity, paint: .solid(Color(1, 1, 1)), curve: curve)
        var target = try Pixmap(width: 10, height: 10)
        try DisplayListRenderer().render(list, into: &target)
        return target
    }

    @Test func aCurvedFillBrightensPartlyCoveredPixelsOnly() throws {
        let linear = try halfCoveredColumn(.linear), curved = try halfCoveredColumn(.sRGB)
        let half = linear[1, 5].a
        #expect(half == 127 || half == 128, "half covered: \(half)")
        #expect(curved[1, 5].a == CoverageCurve.sRGBTable[Int(half)], "\(curved[1, 5])")
        #expect(curved[1, 5].a >= 187)
        #expect(curved[2, 5] == linear[2, 5] && curved[2, 5].a == 255)
        #expect(curved[0, 5] == .transparent && curved[3, 5] == .transparent)
    }

    /// A 3 × 2 box fitted into 10 × 10 (scale 10/3: 10 × 6.667, rows 1.667...8.333), content
    /// filling it and, for `overflow`, running a unit past it on every side.
    func fittedBox(_ edges: BoxEdges, overflow: Bool = false) throws -> Pixmap {
        var list = DisplayList()
        list.reset(width: 3, height: 2, edges: edges)
        let r = overflow ? Rect(x: -1, y: -1, width: 5, height: 4) : Rect(x: 0, y: 0, width: 3, height: 2)
        let path = list.makePath { $0.append(.rect(r)) }!
        list.addFill(path: path, transform: .identity, paint: .solid(Color(1, 1, 1)))
        var target = try Pixmap(width: 10, height: 10)
        try DisplayListRenderer().render(list, into: &target)
        return target
    }

    @Test func boxEdgesClipAsTheirPlayersDo() throws {
        // Row 1 is a third inside the box (1.667...2), row 8 a third (8...8.333): 85 of 255.
        let rounded = try fittedBox(.pixelRounded, overflow: true)
        // Origin 1.667 and height 6.667 each rounded: rows 2...8, whole.
        #expect(rounded[5, 1].a == 0 && rounded[5, 2].a == 255 && rounded[5, 8].a == 255 && rounded[5, 9].a == 0,
                "snapped to rows 2...8: \(rounded[5, 1]) \(rounded[5, 8])")
        let clipped = try fittedBox(.antialiased, overflow: true)
        #expect(clipped[5, 0].a == 0 && clipped[5, 9].a == 0)
        #expect(clipped[5, 1].a == 85 && clipped[5, 8].a == 85, "\(clipped[5, 1]) \(clipped[5, 8])")
        #expect(clipped[5, 1] == RGBA8(85, 85, 85, 85), "premultiplied white scaled alike")
        #expect(clipped[5, 2].a == 255 && clipped[0, 5].a == 255 && clipped[9, 5].a == 255)
        // Content that ends at the box keeps its own anti-aliased edge, clipped once more by the
        // box when `.antialiased` (85 × 85 / 255 = 28), as libpag's renders show.
        let exact = try fittedBox(.antialiased), unclipped = try fittedBox(.unclipped)
        #expect(exact[5, 1].a == 28 && exact[5, 8].a == 28, "\(exact[5, 1]) \(exact[5, 8])")
        #expect(unclipped[5, 1].a == 85 && unclipped[5, 8].a == 85 && unclipped[5, 4].a == 255)
        // Overflowing content is cut at the pixels the box touches when unclipped.
        let overflowing = try fittedBox(.unclipped, overflow: true)
        #expect(overflowing[5, 0].a == 0 && overflowing[5, 1].a == 255 && overflowing[5, 9].a == 0)
    }

    /// A group clipped at x = 4.4 holding a fill that ends at `fillEnd`: where the list's box
    /// edges are rounded, the clip is too (column 4 cut); otherwise column 4, which the clip's
    /// edge crosses, keeps what the content draws there (its own anti-aliased edge).
    @Test(arguments: [BoxEdges.pixelRounded, .antialiased, .unclipped])
    func groupClipsFollowTheBoxEdges(_ edges: BoxEdges) throws {
        func column4(fillEnd: Double) throws -> (UInt8, UInt8) {
            var list = DisplayList()
            list.reset(width: 10, height: 10, edges: edges)
            list.beginGroup(transform: .identity, clip: Rect(x: 0, y: 0, width: 4.4, height: 10))
            let path = list.makePath { $0.append(.rect(Rect(x: 0, y: 0, width: fillEnd, height: 10))) }!
            list.addFill(path: path, transform: .identity, paint: .solid(Color(0, 0, 0)))
            list.endGroup()
            var target = try Pixmap(width: 10, height: 10)
            try DisplayListRenderer().render(list, into: &target)
            return (target[4, 5].a, target[5, 5].a)
        }
        let overflowing = try column4(fillEnd: 10), ending = try column4(fillEnd: 4.4)
        if edges == .pixelRounded {
            #expect(overflowing == (0, 0) && ending == (0, 0))
        } else {
            #expect(overflowing == (255, 0), "\(overflowing)")
            #expect(ending == (102, 0), "0.4 of the pixel: \(ending)")
        }
    }

    @Test func aSnappingGroupStartsOnTheNearestWholePixel() throws {
        var list = DisplayList()
        list.reset(width: 40, height: 40)
        // At (10.4, 20.6) the square would straddle pixels; snapped it starts at (10, 21).
        list.beginGroup(transform: .translation(10.4, 20.6))
        list.placeAsGlyph(.nearestPixel)
        let path = list.makePath { $0.append(.rect(Rect(x: 0, y: 0, width: 5, height: 5))) }!
        list.addFill(path: path, transform: .identity, paint: .solid(Color(0, 0, 0)))
        list.endGroup()
        var target = try Pixmap(width: 40, height: 40)
        try DisplayListRenderer().render(list, into: &target)
        for y in 19...27 {
            for x in 8...16 {
                let inside = (10..<15).contains(x) && (21..<26).contains(y)
                #expect(target[x, y].a == (inside ? 255 : 0), "(\(x), \(y)): \(target[x, y])")
            }
        }
    }

    /// A diagonal sliver (whose coverage at a fractional origin is not the bilinear mix of its
    /// whole-pixel one) drawn from `origin` in a group that `configure` sets up, on 20 × 20.
    func sliver(at origin: Point, _ configure: (inout DisplayList) -> Void = { _ in }) throws -> Pixmap {
        var list = DisplayList()
        list.reset(width: 20, height: 20)
        list.beginGroup(transform: .translation(origin.x, origin.y))
        configure(&list)
        let path = list.makePath { $0.append(.polygon([Point(0, 0), Point(8, 6), Point(7, 8)])) }!
        list.addFill(path: path, transform: .identity, paint: .solid(Color(0, 0, 1)))
        list.endGroup()
        var target = try Pixmap(width: 20, height: 20)
        try DisplayListRenderer().render(list, into: &target)
        return target
    }

    /// Checks that `moved`, the sliver drawn from (4.25, 3.5) by a group set up by `configure`,
    /// is the sliver drawn at (4, 3) moved by (0.25, 0.5) with bilinear weights, within
    /// `tolerance` levels, and that drawing it in place at (4.25, 3.5) would not be.
    func expectMovedBilinearly(tolerance: Double, _ configure: (inout DisplayList) -> Void) throws {
        let whole = try sliver(at: Point(4, 3)), moved = try sliver(at: Point(4.25, 3.5), configure)
        let direct = try sliver(at: Point(4.25, 3.5))
        var differsFromDirect = false
        for y in 0..<20 {
            for x in 0..<20 {
                func a(_ x: Int, _ y: Int) -> Double { x < 0 || y < 0 ? 0 : Double(whole[x, y].a) }
                let expected = 0.75 * 0.5 * a(x, y) + 0.25 * 0.5 * a(x - 1, y) + 0.75 * 0.5 * a(x, y - 1) + 0.25 * 0.5 * a(x - 1, y - 1)
                #expect(abs(Double(moved[x, y].a) - expected) <= tolerance, "(\(x), \(y)): \(moved[x, y].a) against \(expected)")
                if abs(Int(direct[x, y].a) - Int(moved[x, y].a)) > 8 { differsFromDirect = true }
            }
        }
        #expect(differsFromDirect, "the test's shape must tell resampling from drawing in place")
    }

    /// A group resampled from a whole pixel is the group drawn from the pixel below its origin,
    /// then moved by the fraction left with bilinear weights (in 1/256: within a level).
    @Test func aResampledGroupIsItsWholePixelDrawingMovedBilinearly() throws {
        try expectMovedBilinearly(tolerance: 1) { $0.placeAsGlyph(.resampled) }
    }

    /// A snapshot (`ContentSnapshot`) draws the content into a bitmap whose grid starts at its
    /// bounds (here the sliver's origin), then draws that bitmap bilinearly. Within 2 levels: the
    /// image's sampling is in 16.16 fixed point and its edges are covered exactly, both rounded.
    @Test func aSnapshotIsTheContentDrawnOnItsOwnGridThenResampled() throws {
        try expectMovedBilinearly(tolerance: 2) { $0.setSnapshot(ContentSnapshot()) }
    }

    /// A straight line's bounds have no width, its stroke has: a snapshot of a stroked vertical
    /// line still holds it.
    @Test func aSnapshotHoldsAStrokedStraightLine() throws {
        var list = DisplayList()
        list.reset(width: 20, height: 20)
        list.beginGroup(transform: .identity)
        list.setSnapshot(ContentSnapshot())
        let path = list.makePath { $0.move(to: Point(5, 2)); $0.line(to: Point(5, 15)) }!
        list.addStroke(path: path, transform: .identity, paint: .solid(Color(0, 0, 0)), style: StrokeStyle(width: 2))
        list.endGroup()
        var target = try Pixmap(width: 20, height: 20)
        try DisplayListRenderer().render(list, into: &target)
        #expect(target[4, 8].a == 255 && target[5, 8].a == 255, "\(target[4, 8]) \(target[5, 8])")
        #expect(target[3, 8].a == 0 && target[6, 8].a == 0)
    }

    /// libpag sizes a snapshot by Skia's `getBounds`, which for a filled path is all its points,
    /// control points included. A bump from (3, 10) to (13, 10) with controls at height 3 tops
    /// out at 4.75 (10/8 + 3·3/8 + 3·3/8 + 10/8 at t = 1/2): its snapshot's grid starts at the
    /// whole pixel (3, 3), so the bitmap is the bump drawn in place, resampled at texel centres
    /// (within 2 levels, as `aSnapshotIsTheContentDrawnOnItsOwnGridThenResampled`); a grid from the
    /// curve's top, a quarter pixel off, softens its edges by more.
    @Test func aSnapshotsGridStartsAtItsPathsControlPoints() throws {
        func bump(snapshot: Bool) throws -> Pixmap {
            var list = DisplayList()
            list.reset(width: 16, height: 12)
            list.beginGroup(transform: .identity)
            if snapshot { list.setSnapshot(ContentSnapshot()) }
            let path = list.makePath {
                $0.move(to: Point(3, 10)); $0.cubic(to: Point(13, 10), control1: Point(3, 3), control2: Point(13, 3)); $0.close()
            }!
            list.addFill(path: path, transform: .identity, paint: .solid(Color(0, 0, 1)))
            list.endGroup()
            #expect(list.drawnBounds(of: list.groups[0].children, transform: .identity, fillBounds: .curves).minY == 4.75)
            #expect(list.drawnBounds(of: list.groups[0].children, transform: .identity, fillBounds: .controlPoints).minY == 3)
            var target = try Pixmap(width: 16, height: 12)
            try DisplayListRenderer().render(list, into: &target)
            return target
        }
        let direct = try bump(snapshot: false), snapped = try bump(snapshot: true)
        for y in 0..<12 {
            for x in 0..<16 {
                #expect(abs(Int(direct[x, y].a) - Int(snapped[x, y].a)) <= 2, "(\(x), \(y)): \(snapped[x, y].a) against \(direct[x, y].a)")
            }
        }
    }

    /// Control-point bounds are taken after the path's transform, as Skia measures a path a
    /// shape group's matrix has moved: the triangle (0, 0), (1, 0), (0, 1) turned 45° reaches
    /// √2/2 down, where its turned bounding box would reach √2 (its corner (1, 1)).
    @Test func controlPointBoundsAreTakenAfterTheTransform() {
        var list = DisplayList()
        list.reset(width: 8, height: 8)
        let path = list.makePath { $0.append(.polygon([Point(0, 0), Point(1, 0), Point(0, 1)])) }!
        list.addFill(path: path, transform: .rotation(Double.pi / 4), paint: .solid(Color(0, 0, 0)))
        let b = list.drawnBounds(of: 0..<list.items.count, transform: .translation(4, 4), fillBounds: .controlPoints)
        let h = 0.5.squareRoot()
        #expect(abs(b.minX - (4 - h)) < 1e-9 && abs(b.maxX - (4 + h)) < 1e-9, "\(b)")
        #expect(abs(b.minY - 4) < 1e-9 && abs(b.maxY - (4 + h)) < 1e-9, "\(b)")
    }
}
