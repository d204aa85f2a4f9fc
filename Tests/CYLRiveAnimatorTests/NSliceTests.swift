import CYLGeometry
import CYLImageCodecs
import CYLRaster
import CYLTimeline
import Testing
@testable import CYLRiveAnimator

/// N-slicing: an N-slicer draws its image as a grid of patches (fixed corners, middles stretched,
/// tiled or hidden); an N-sliced node moves its shapes' points by the same piecewise-linear map.
///
/// The image is 30x30 pixels, nine 10x10 blocks of distinct colours, sliced at 10 and 20 both
/// ways and drawn scaled 3x2 (90x60) into a 90x60 artboard rendered at 90x60, so one artboard unit
/// is one pixel. Expected: corners 10x10, the top and bottom edges 70 wide, the left and right
/// edges 40 tall, the centre 70x40.
///
/// Tolerances. Corner pixels map one to one onto image pixels, so they are exact (±1 for 8-bit
/// rounding). A stretched patch samples the whole image bilinearly, as the runtime's mesh samples
/// its texture, so its pixels next to a slice line blend in the neighbouring block's colour
/// (exactly half-way at the line itself): a pixel is counted as the block whose colour it is
/// nearest, which puts every boundary exactly on its slice line.
@Suite struct NSliceTests {
    typealias T = RiveTypeKey
    typealias P = RivePropertyKey

    static let tl = RGBA8(255, 0, 0, 255), top = RGBA8(0, 255, 0, 255), tr = RGBA8(0, 0, 255, 255)
    static let left = RGBA8(255, 255, 0, 255), centre = RGBA8(255, 0, 255, 255), right = RGBA8(0, 255, 255, 255)
    static let bl = RGBA8(255, 255, 255, 255), bottom = RGBA8(40, 40, 40, 255), br = RGBA8(255, 128, 0, 255)
    /// The second half of the top edge's block when it is split (to see tiles repeat).
    static let top2 = RGBA8(0, 110, 0, 255)

    /// The 30x30 image; `splitTop` paints the right half of the top edge's block `top2`.
    static func png(splitTop: Bool = false) throws -> [UInt8] {
        let blocks = [[tl, top, tr], [left, centre, right], [bl, bottom, br]]
        var p = try Pixmap(width: 30, height: 30)
        for y in 0..<30 {
            for x in 0..<30 {
                p[x, y] = splitTop && y < 10 && (15..<20).contains(x) ? top2 : blocks[y / 10][x / 10]
            }
        }
        return try PNGCodec.encode(p)
    }

    /// A `w × h` artboard; the image at `(x, y)` with its top-left corner on its origin, scaled
    /// 3x2 and turned by `rotation`, sliced by `axes` (offset, normalized; x axes first, then y)
    /// and `tileModes` (patch index, style).
    static func slicedImage(width w: Double = 90, height h: Double = 60, x: Double = 0, y: Double = 0, rotation: Double = 0,
                            xAxes: [(Double, Bool)] = [(10, false), (20, false)], yAxes: [(Double, Bool)] = [(10, false), (20, false)],
                            tileModes: [(UInt64, UInt64)] = [], splitTop: Bool = false) throws -> RiveWriter {
        var f = RiveWriter()
        f.object(T.backboard)
        f.object(T.imageAsset, [(P.assetName, .s("slices.png")), (P.fileAssetAssetId, .u(3))])
        f.object(T.fileAssetContents, [(P.fileAssetContentsBytes, TextTests.bytesField(try png(splitTop: splitTop)))])
        f.object(T.artboard, [(P.componentName, .s("Board")), (P.layoutComponentWidth, .d(w)), (P.layoutComponentHeight, .d(h))])
        f.object(T.image, [(P.componentName, .s("Panel")), (P.componentParentId, .u(0)), (P.nodeX, .d(x)), (P.nodeY, .d(y)),
                           (P.imageOriginX, .d(0)), (P.imageOriginY, .d(0)), (P.transformComponentRotation, .d(rotation)),
                           (P.transformComponentScaleX, .d(3)), (P.transformComponentScaleY, .d(2)), (P.imageAssetId, .u(0))])  // 1
        f.object(T.nSlicer, [(P.componentName, .s("Slices")), (P.componentParentId, .u(1))])  // 2
        for (offset, normalized) in xAxes {
            f.object(T.axisX, [(P.componentParentId, .u(2)), (P.axisOffset, .d(offset)), (P.axisNormalized, .b(normalized))])
        }
        for (offset, normalized) in yAxes {
            f.object(T.axisY, [(P.componentParentId, .u(2)), (P.axisOffset, .d(offset)), (P.axisNormalized, .b(normalized))])
        }
        for (index, style) in tileModes {
            f.object(T.nSlicerTileMode, [(P.componentParentId, .u(2)), (P.nSlicerTileModePatchIndex, .u(index)),
                                         (P.nSlicerTileModeStyle, .u(style))])
        }
        return f
    }

    static func render(_ f: RiveWriter, width: Int = 90, height: Int = 60) throws -> (RiveDocument, Pixmap) {
        let doc = try SceneTests.document(f)
        return (doc, try doc.timeline().render(frame: 0, size: PixelSize(width, height)))
    }

    static func near(_ a: RGBA8, _ b: RGBA8, _ tolerance: Int = 1) -> Bool {
        abs(Int(a.r) - Int(b.r)) <= tolerance && abs(Int(a.g) - Int(b.g)) <= tolerance
            && abs(Int(a.b) - Int(b.b)) <= tolerance && abs(Int(a.a) - Int(b.a)) <= tolerance
    }

    /// The colour of `candidates` nearest `c` (squared distance).
    static func nearest(_ c: RGBA8, _ candidates: [RGBA8]) -> RGBA8 {
        func d(_ p: RGBA8) -> Int {
            let dr = Int(c.r) - Int(p.r), dg = Int(c.g) - Int(p.g), db = Int(c.b) - Int(p.b)
            return dr * dr + dg * dg + db * db
        }
        return candidates.min { d($0) < d($1) }!
    }

    /// Runs along a row (or column) of pixels, each pixel counted as the block colour of the
    /// line (`candidates`) it is nearest: (colour, length).
    static func runs(_ pixels: [RGBA8], _ candidates: [RGBA8]) -> [(RGBA8, Int)] {
        var out: [(RGBA8, Int)] = []
        for p in pixels.map({ nearest($0, candidates) }) {
            if let last = out.last, last.0 == p { out[out.count - 1].1 += 1 } else { out.append((p, 1)) }
        }
        return out
    }

    static func row(_ p: Pixmap, _ y: Int) -> [RGBA8] { (0..<p.width).map { p[$0, y] } }
    static func column(_ p: Pixmap, _ x: Int) -> [RGBA8] { (0..<p.height).map { p[x, $0] } }

    static func same(_ a: [(RGBA8, Int)], _ b: [(RGBA8, Int)]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
    }

    // MARK: Images

    /// Stretch (the default): every corner block is exactly 10x10 pixels of its colour; the edges
    /// stretch to 70 (across) and 40 (down), the centre to 70x40. Nothing is left out (no warning).
    @Test func cornersKeepTheirSizeAndMiddlesStretch() throws {
        let (doc, p) = try Self.render(Self.slicedImage())
        #expect(doc.diagnostics.isEmpty, "\(doc.diagnostics)")
        for (x0, y0, colour) in [(0, 0, Self.tl), (80, 0, Self.tr), (0, 50, Self.bl), (80, 50, Self.br)] {
            for y in y0..<(y0 + 10) {
                for x in x0..<(x0 + 10) { #expect(Self.near(p[x, y], colour), "(\(x), \(y)): \(p[x, y])") }
            }
        }
        #expect(Self.same(Self.runs(Self.row(p, 5), [Self.tl, Self.top, Self.tr]), [(Self.tl, 10), (Self.top, 70), (Self.tr, 10)]))
        #expect(Self.same(Self.runs(Self.row(p, 30), [Self.left, Self.centre, Self.right]), [(Self.left, 10), (Self.centre, 70), (Self.right, 10)]))
        #expect(Self.same(Self.runs(Self.row(p, 55), [Self.bl, Self.bottom, Self.br]), [(Self.bl, 10), (Self.bottom, 70), (Self.br, 10)]))
        #expect(Self.same(Self.runs(Self.column(p, 5), [Self.tl, Self.left, Self.bl]), [(Self.tl, 10), (Self.left, 40), (Self.bl, 10)]))
        #expect(Self.same(Self.runs(Self.column(p, 45), [Self.top, Self.centre, Self.bottom]), [(Self.top, 10), (Self.centre, 40), (Self.bottom, 10)]))
        #expect(Self.same(Self.runs(Self.column(p, 85), [Self.tr, Self.right, Self.br]), [(Self.tr, 10), (Self.right, 40), (Self.br, 10)]))
        // Away from the slice lines (more than half a stretched pixel: 3.5 across, 2 down) the
        // middles are their block's colour exactly.
        #expect(Self.near(p[45, 30], Self.centre) && Self.near(p[14, 5], Self.top) && Self.near(p[5, 13], Self.left))
    }

    /// Slice lines given as fractions of the image (normalized) slice as the same lines in pixels
    /// do (±1: 1/3 is stored as a 32-bit float).
    @Test func normalizedAxesAreFractionsOfTheImage() throws {
        let (_, pixels) = try Self.render(Self.slicedImage())
        let third = 1.0 / 3, twoThirds = 2.0 / 3
        let (_, fractions) = try Self.render(Self.slicedImage(xAxes: [(third, true), (twoThirds, true)],
                                                              yAxes: [(twoThirds, true), (third, true)]))
        for y in 0..<60 { for x in 0..<90 { #expect(Self.near(pixels[x, y], fractions[x, y]), "(\(x), \(y))") } }
    }

    /// Repeat: the top edge's patch (index 1) is filled with its 10x10 source at its pixel size,
    /// seven times across, so its colours have a period of 10 pixels (5 `top`, 5 `top2`); tiles
    /// map one to one, so every pixel is exact. Stretched instead, `top` runs 35 pixels.
    @Test func repeatTilesTheSourceAtItsPixelSize() throws {
        let (_, p) = try Self.render(Self.slicedImage(tileModes: [(1, 1)], splitTop: true))
        for y in 0..<10 {
            for x in 10..<80 {
                let expected = (x - 10) % 10 < 5 ? Self.top : Self.top2
                #expect(Self.near(p[x, y], expected), "(\(x), \(y)): \(p[x, y])")
            }
        }
        #expect(Self.near(p[5, 5], Self.tl) && Self.near(p[85, 5], Self.tr))
        let (_, stretched) = try Self.render(Self.slicedImage(splitTop: true))
        // Stretched by 7 the split (source pixel 15) lies at 10 + 5·7 = 45; looked at from 4 pixels
        // inside the patch, where the corners' colours no longer blend in.
        let inside = Array(Self.row(stretched, 5)[14..<76])
        #expect(Self.same(Self.runs(inside, [Self.top, Self.top2]), [(Self.top, 31), (Self.top2, 31)]), "\(Self.runs(inside, [Self.top, Self.top2]))")
    }

    /// Hidden: the centre patch (index 4) leaves its 70x40 pixels transparent; its neighbours draw
    /// up to its edge and not into it.
    @Test func hiddenPatchesAreLeftOut() throws {
        let (_, p) = try Self.render(Self.slicedImage(tileModes: [(4, 2)]))
        for y in 10..<50 { for x in 10..<80 { #expect(p[x, y].a == 0, "(\(x), \(y)): \(p[x, y])") } }
        #expect(Self.near(p[45, 9], Self.top) && Self.near(p[45, 50], Self.bottom))
        #expect(Self.near(p[9, 30], Self.left) && Self.near(p[80, 30], Self.right))
    }

    /// Turned a quarter (the patches are then kept by masks, not pixel clips): the image lies
    /// 60 wide and 90 tall, its top-left corner block at the top right, still 10x10. The runs
    /// down the middle are 10, 70, 10 (±1 at each slice line: the masks' anti-aliased seams).
    @Test func aTurnedSlicedImageKeepsItsCorners() throws {
        let (_, p) = try Self.render(Self.slicedImage(width: 60, height: 90, x: 60, rotation: .pi / 2), width: 60, height: 90)
        // Image pixel (u, v) lands at (60 - v·scale, u·scale): top-left block at x 50..<60, y 0..<10.
        for (x, y, colour) in [(55, 5, Self.tl), (5, 5, Self.bl), (55, 85, Self.tr), (5, 85, Self.br), (30, 45, Self.centre)] {
            #expect(Self.near(p[x, y], colour, 2), "(\(x), \(y)): \(p[x, y])")
        }
        let down = Self.runs(Self.column(p, 55), [Self.tl, Self.top, Self.tr])
        #expect(down.map(\.0) == [Self.tl, Self.top, Self.tr], "\(down)")
        #expect(down.count == 3 && abs(down[0].1 - 10) <= 1 && abs(down[1].1 - 70) <= 2 && abs(down[2].1 - 10) <= 1, "\(down)")
        let across = Self.runs(Self.row(p, 5), [Self.bl, Self.left, Self.tl])
        #expect(across.map(\.0) == [Self.bl, Self.left, Self.tl], "\(across)")
        #expect(across.count == 3 && abs(across[0].1 - 10) <= 1 && abs(across[1].1 - 40) <= 2 && abs(across[2].1 - 10) <= 1, "\(across)")
    }

    /// The runtime's vertex stops: corners come out at their pixel size once the image's scale
    /// applies (10 px at scale 3 is 10/3 in the image's space); shrunk below its corners the
    /// middle folds back (negative scale) and the corners overlap.
    @Test func vertexStopsUndoTheImageScaleForFixedSegments() {
        let uvs = [0, 1.0 / 3, 2.0 / 3, 1]
        let stretched = NSliceMath.vertexStops(uvs, size: 30, scale: 3)
        for (a, b) in zip(stretched, [0, 10.0 / 3, 30 - 10.0 / 3, 30]) { #expect(abs(a - b) < 1e-9, "\(stretched)") }
        let folded = NSliceMath.vertexStops(uvs, size: 30, scale: 0.5)
        for (a, b) in zip(folded, [0.0, 20, 10, 30]) { #expect(abs(a - b) < 1e-9, "\(folded)") }
        // Every scalable segment empty: the fixed ones fill the box, nothing scales.
        let info = NSliceMath.scaleInfo([0, 0.5, 0.5, 1], size: 30, scale: 2)
        #expect(!info.usesScale && abs(info.fallback - 15) < 1e-9)
    }

    // MARK: Sliced nodes

    /// A 90x60 artboard; an N-sliced node at the origin, 30x30 drawn `width × height`, sliced at
    /// 10 and 20 both ways, holding a shape: a red rectangle from (2, 2) to (28, 28).
    static func slicedNode(width: Double = 90, height: Double = 60) -> RiveWriter {
        var f = RiveWriter()
        f.object(T.backboard)
        f.object(T.artboard, [(P.componentName, .s("Board")), (P.layoutComponentWidth, .d(90)), (P.layoutComponentHeight, .d(60))])
        f.object(T.nSlicedNode, [(P.componentName, .s("Button")), (P.componentParentId, .u(0)),
                                 (P.nSlicedNodeInitialWidth, .d(30)), (P.nSlicedNodeInitialHeight, .d(30)),
                                 (P.nSlicedNodeWidth, .d(width)), (P.nSlicedNodeHeight, .d(height))])  // 1
        for (type, offset) in [(T.axisX, 10.0), (T.axisX, 20), (T.axisY, 10), (T.axisY, 20)] {
            f.object(type, [(P.componentParentId, .u(1)), (P.axisOffset, .d(offset))])  // 2...5
        }
        f.object(T.shape, [(P.componentName, .s("Frame")), (P.componentParentId, .u(1)), (P.nodeX, .d(15)), (P.nodeY, .d(15))])  // 6
        f.object(T.rectangle, [(P.componentParentId, .u(6)), (P.parametricPathWidth, .d(26)), (P.parametricPathHeight, .d(26))])  // 7
        f.object(T.fill, [(P.componentParentId, .u(6))])  // 8
        f.object(T.solidColor, [(P.componentParentId, .u(8)), (P.solidColorColorValue, .c(0xFFFF_0000))])  // 9
        return f
    }

    /// The rectangle's corners stay 2 units inside the node's edges whatever its size: at 90x60
    /// the middle segments scale by (90 - 20) / 10 = 7 and (60 - 20) / 10 = 4, so it spans
    /// 2...88 x 2...58; resized to 60 wide (factor 4) it spans 2...58. Pixels: edges on whole
    /// pixels, so the pixels either side are exactly in or out.
    @Test func aSlicedNodeKeepsItsShapesCornersInPlace() throws {
        let doc = try SceneTests.document(Self.slicedNode())
        #expect(doc.diagnostics.isEmpty, "\(doc.diagnostics)")
        let scene = doc.makeScene()
        let shape = try #require(scene.artboard.object(6) as? RShape)
        // ±1e-9: the scale factor (90 - 20) / 10 is computed, not exact.
        func close(_ r: Rect, _ e: Rect) -> Bool {
            abs(r.minX - e.minX) < 1e-9 && abs(r.minY - e.minY) < 1e-9 && abs(r.maxX - e.maxX) < 1e-9 && abs(r.maxY - e.maxY) < 1e-9
        }
        let big = shape.composer.worldPath.bounds
        #expect(close(big, Rect(minX: 2, minY: 2, maxX: 88, maxY: 58)), "\(big)")
        scene.artboard.set(1, P.nSlicedNodeWidth, .double(60))
        scene.artboard.update()
        let narrow = shape.composer.worldPath.bounds
        #expect(close(narrow, Rect(minX: 2, minY: 2, maxX: 58, maxY: 58)), "\(narrow)")
        // Axes animate: the second x line moved from 20 to 25 leaves 15 units to scale, by
        // (60 - 15) / 15 = 3, so the box's centre (15) lands at 10 + 5·3 = 25 (it was 10 + 5·4).
        let node = try #require(scene.artboard.object(1) as? RNSlicedNode)
        #expect(abs((node.map?.deformWorld(Point(15, 15)).x ?? 0) - 30) < 1e-9)
        scene.artboard.set(3, P.axisOffset, .double(25))
        scene.artboard.update()
        #expect(abs((node.map?.deformWorld(Point(15, 15)).x ?? 0) - 25) < 1e-9)

        let (_, p) = try Self.render(Self.slicedNode())
        let red = RGBA8(255, 0, 0, 255)
        #expect(p[1, 30].a == 0 && p[2, 30] == red && p[87, 30] == red && p[88, 30].a == 0)
        #expect(p[45, 1].a == 0 && p[45, 2] == red && p[45, 57] == red && p[45, 58].a == 0)
    }

    /// The scene of the official runtime's N-slice rendering test, rebuilt: a 173x173 node drawn
    /// 500x173, sliced at 0.646 and 0.826 of its width and at thirds of its height (normalized),
    /// holding a 173x173 triangle centred in it. The height does not change, so y maps to itself;
    /// across, the apex (x 86.5) lies in the first fixed segment (0...111.8) and stays, the left
    /// corner (0) stays, the right corner (173, the box's end) goes to the new end, 500. In the
    /// shape's space (its origin at 86.5, 86.5): (0, -86.5), (413.5, 86.5), (-86.5, 86.5), the
    /// points the runtime's recorded frame holds for it.
    @Test func aTriangleStretchesFromItsFixedApex() throws {
        var f = RiveWriter()
        f.object(T.backboard)
        f.object(T.artboard, [(P.componentName, .s("Artboard")), (P.layoutComponentWidth, .d(500)), (P.layoutComponentHeight, .d(205))])
        f.object(T.nSlicedNode, [(P.componentParentId, .u(0)), (P.nodeY, .d(16)),
                                 (P.nSlicedNodeInitialWidth, .d(173)), (P.nSlicedNodeInitialHeight, .d(173)),
                                 (P.nSlicedNodeWidth, .d(500)), (P.nSlicedNodeHeight, .d(173))])  // 1
        f.object(T.shape, [(P.componentParentId, .u(1)), (P.nodeX, .d(86.5)), (P.nodeY, .d(86.5))])  // 2
        f.object(T.triangle, [(P.componentParentId, .u(2)), (P.parametricPathWidth, .d(173)), (P.parametricPathHeight, .d(173))])
        for (type, offset) in [(T.axisX, 0.6460816860198975), (T.axisX, 0.826190710067749), (T.axisY, 1.0 / 3), (T.axisY, 2.0 / 3)] {
            f.object(type, [(P.componentParentId, .u(1)), (P.axisOffset, .d(offset)), (P.axisNormalized, .b(true))])
        }
        let scene = try SceneTests.document(f).makeScene()
        let shape = try #require(scene.artboard.object(2) as? RShape)
        let points = shape.composer.localPath.points
        let expected = [Point(0, -86.5), Point(413.5, 86.5), Point(-86.5, 86.5), Point(0, -86.5)]
        #expect(points.count == expected.count, "\(points)")
        for (p, e) in zip(points, expected) { #expect(abs(p.x - e.x) < 1e-3 && abs(p.y - e.y) < 1e-3, "\(points)") }
    }

    /// The node's map, point by point: fixed segments keep their length, scalable ones scale by
    /// 7; a point right of the box keeps its distance from the right edge, one left of it stays.
    @Test func theSliceMapIsPiecewiseLinear() {
        let stops = [0.0, 10, 20, 30]
        let info = NSliceMath.scaleInfo([0, 1.0 / 3, 2.0 / 3, 1], size: 30, scale: 3)
        #expect(abs(info.factor - 7) < 1e-9)
        for (value, expected) in [(5.0, 5.0), (10, 10), (15, 45), (20, 80), (28, 88), (35, 95), (-5, -5)] {
            #expect(abs(NSliceMath.map(value, stops: stops, info: info, size: 90) - expected) < 1e-9, "\(value)")
        }
    }

    /// A gradient's ends move with the shape's points: a horizontal gradient from the
    /// rectangle's left edge (-13 in the shape's space) to its right (13) ends at 2 and 88 in the
    /// node, as the rectangle's edges do.
    @Test func aSlicedNodeMovesGradientEnds() throws {
        var f = Self.slicedNode()
        f.object(T.fill, [(P.componentParentId, .u(6))])  // 10
        f.object(T.linearGradient, [(P.componentParentId, .u(10)), (P.linearGradientStartX, .d(-13)), (P.linearGradientEndX, .d(13))])
        let scene = try SceneTests.document(f).makeScene()
        let gradient = try #require(scene.artboard.object(11) as? RLinearGradient)
        let (s, e) = gradient.endpoints(nil)
        // In the node's space the ends are (2, 15) and (28, 15): x stays 2 and goes to 88, y (in
        // the middle segment) to 10 + 5·4 = 30. Back in the shape's space (origin at 15, 15):
        #expect(abs(s.x + 13) < 1e-9 && abs(e.x - 73) < 1e-9 && abs(s.y - 15) < 1e-9 && abs(e.y - 15) < 1e-9, "\(s) \(e)")
    }
}
