import CFreeType
import CYLGeometry
#if canImport(Glibc)
import Glibc
#endif

/// One glyph's outline in em units (1 = the font's em), y pointing down (screen and Lottie
/// convention; fonts point y up), origin on the baseline at the pen position.
public struct GlyphOutline: Sendable, Equatable {
    /// Closed contours; TrueType and CFF fonts wind them for the non-zero rule.
    public var contours: [BezierShape]
    /// How far the pen moves after this glyph, in em.
    public var advance: Double
}

/// A font file opened for its glyph outlines (vector shapes to fill, stroke and transform, as
/// Lottie text needs), where `FontFace` renders hinted bitmaps. Its FreeType memory is owned by a
/// `FreeTypeFace`; no FreeType pointer leaves this type. Not thread-safe.
public final class OutlineFont {
    public let path: String
    /// The family name the font declares ("DejaVu Sans"), empty when it has none.
    public let familyName: String
    /// The ascender above the baseline, in em (from the font's horizontal header).
    public let ascent: Double
    private let freeType: FreeTypeFace
    private var face: FT_Face { freeType.face }
    private let unitsPerEm: Double
    /// Points in one glyph this type accepts; real glyphs have a few hundred.
    public static let maxPointsPerGlyph = 20_000

    /// Opens the font file at `path`.
    public init(path: String) throws(FontError) {
        self.path = path
        freeType = try FreeTypeFace(path: path)
        let f = freeType.face
        let upem = Int(f.pointee.units_per_EM)
        guard upem > 0, (f.pointee.face_flags & FT_Long(FT_FACE_FLAG_SCALABLE)) != 0 else {
            throw FontError(file: path, "the font has no outlines (a bitmap-only font)")
        }
        // FreeType's advice for unscaled outlines: no hinting, the em size as the ppem, so
        // coordinates come back in font units times 64 (26.6), composite glyphs included.
        guard FT_Set_Pixel_Sizes(f, 0, FT_UInt(min(upem, 0xFFFF))) == 0 else {
            throw FontError(file: path, "FreeType cannot size the font to its em (\(upem) units)")
        }
        unitsPerEm = Double(min(upem, 0xFFFF))
        familyName = f.pointee.family_name.map { String(cString: $0) } ?? ""
        ascent = Double(f.pointee.ascender) / Double(upem)
    }


    /// Whether the font maps `scalar` to a glyph of its own (not its missing-glyph box).
    public func hasGlyph(_ scalar: UInt32) -> Bool {
        return FT_Get_Char_Index(face, FT_ULong(scalar)) != 0
    }

    /// The outline of the glyph for `scalar` (the missing-glyph box when the font lacks it), or
    /// nil when FreeType cannot load it or it has more than `maxPointsPerGlyph` points.
    public func outline(_ scalar: UInt32) -> GlyphOutline? {
        let index = FT_Get_Char_Index(face, FT_ULong(scalar))
        let flags = Int32(FT_LOAD_NO_HINTING) | Int32(FT_LOAD_NO_BITMAP)
        guard FT_Load_Glyph(face, index, flags) == 0, let slot = face.pointee.glyph else { return nil }
        return Self.read(slot, scale: 1 / (64 * unitsPerEm))
    }

    /// The outline FreeType loaded into `slot`, its 26.6 coordinates times `scale` (y flipped
    /// down), or nil when it is malformed or has more than `maxPointsPerGlyph` points.
    ///
    /// `freeTypeSegments`: quadratic curves come back as the straight segments FreeType's own
    /// rasterizer draws them with (coordinates must then be in pixels), so that filling the
    /// outline covers each pixel as FreeType's bitmap of the glyph does.
    static func read(_ slot: FT_GlyphSlot, scale: Double, freeTypeSegments: Bool = false) -> GlyphOutline? {
        let advance = Double(slot.pointee.advance.x) * scale
        guard slot.pointee.format == FT_GLYPH_FORMAT_OUTLINE else { return GlyphOutline(contours: [], advance: advance) }
        let outline = slot.pointee.outline
        let nPoints = Int(outline.n_points), nContours = Int(outline.n_contours)
        guard nPoints >= 0, nPoints <= Self.maxPointsPerGlyph, nContours >= 0, nContours <= nPoints,
              let points = outline.points, let tags = outline.tags, let ends = outline.contours
        else { return nPoints == 0 ? GlyphOutline(contours: [], advance: advance) : nil }
        var contours: [BezierShape] = []
        var first = 0
        for c in 0..<nContours {
            let last = Int(ends[c])
            guard last >= first, last < nPoints else { return nil }
            var pts: [Point] = [], kinds: [UInt8] = []
            pts.reserveCapacity(last - first + 1)
            for i in first...last {
                pts.append(Point(Double(points[i].x) * scale, -Double(points[i].y) * scale))
                kinds.append(UInt8(bitPattern: tags[i]) & 3)
            }
            if let shape = Self.contour(pts, kinds, freeTypeSegments: freeTypeSegments) { contours.append(shape) }
            first = last + 1
        }
        return GlyphOutline(contours: contours, advance: advance)
    }

    /// How many equal steps of its parameter FreeType's anti-aliasing rasterizer (`ftgrays.c`)
    /// draws the quadratic from `a` through `c` to `b` with (pixel coordinates): one while the
    /// curve's deviation |a + b − 2c| (in 1/256 pixel, the largest axis) is at most a quarter
    /// pixel, doubled for each quartering it takes to get there otherwise.
    static func freeTypeSegmentCount(_ a: Point, _ c: Point, _ b: Point) -> Int {
        func units(_ v: Double) -> Int { Int((v * 256).rounded()) }
        var d = max(abs(units(a.x) + units(b.x) - 2 * units(c.x)), abs(units(a.y) + units(b.y) - 2 * units(c.y)))
        guard d > 64 else { return 1 }
        var n = 1
        repeat { d >>= 2; n <<= 1 } while d > 64 && n < 1 << 16
        return n
    }

    /// One TrueType/CFF contour as a closed `BezierShape`. Tags (FT_CURVE_TAG): 1 on the curve,
    /// 0 a quadratic control (two in a row imply an on-curve point midway), 2 a cubic control
    /// (they come in pairs). `freeTypeSegments`: quadratics as FreeType's rasterizer draws them
    /// (`freeTypeSegmentCount`), in pixel coordinates.
    static func contour(_ pts: [Point], _ kinds: [UInt8], freeTypeSegments: Bool = false) -> BezierShape? {
        let n = pts.count
        guard n >= 2 else { return nil }
        let on: UInt8 = 1, conic: UInt8 = 0
        // Start on an on-curve point; with none at either end, midway between the two controls.
        var start: Point
        var order: [Int]
        if kinds[0] == on {
            start = pts[0]; order = Array(1..<n)
        } else if kinds[n - 1] == on {
            start = pts[n - 1]; order = Array(0..<(n - 1))
        } else {
            start = pts[0].lerp(pts[n - 1], 0.5); order = Array(0..<n)
        }
        var shape = BezierShape(closed: true, vertices: [start], inTangents: [.zero], outTangents: [.zero])
        // Appends a cubic from the current last vertex to `p` (nil controls: a straight line).
        func add(_ p: Point, _ c1: Point?, _ c2: Point?) {
            let a = shape.vertices.count - 1
            if let c1, c2 != nil { shape.outTangents[a] = c1 - shape.vertices[a] }
            shape.vertices.append(p)
            shape.inTangents.append(c2.map { $0 - p } ?? .zero)
            shape.outTangents.append(.zero)
        }
        func quad(_ c: Point, _ p: Point) {
            let a = shape.vertices[shape.vertices.count - 1]
            guard freeTypeSegments else { return add(p, a + (c - a) * (2.0 / 3.0), p + (c - p) * (2.0 / 3.0)) }
            let n = Self.freeTypeSegmentCount(a, c, p)
            for i in 1..<n {
                let t = Double(i) / Double(n), u = 1 - t
                add(Point(u * u * a.x + 2 * u * t * c.x + t * t * p.x, u * u * a.y + 2 * u * t * c.y + t * t * p.y), nil, nil)
            }
            add(p, nil, nil)
        }
        var k = 0
        while k < order.count {
            let i = order[k]
            if kinds[i] == on {
                add(pts[i], nil, nil); k += 1
            } else if kinds[i] == conic {
                // The quad ends at the next on-curve point, or midway to the next control.
                let nextIndex = k + 1 < order.count ? order[k + 1] : -1
                if nextIndex < 0 { quad(pts[i], start); k += 1 }
                else if kinds[nextIndex] == on { quad(pts[i], pts[nextIndex]); k += 2 }
                else { quad(pts[i], pts[i].lerp(pts[nextIndex], 0.5)); k += 1 }
            } else {
                // Cubic: two controls, then an on-curve point (or the start when the contour ends).
                guard k + 1 < order.count else { return nil }
                let c1 = pts[i], c2 = pts[order[k + 1]]
                let end = k + 2 < order.count ? pts[order[k + 2]] : start
                add(end, c1, c2); k += 3
            }
        }
        // The closing segment is implied: a final vertex on the start merges into it.
        if shape.vertices.count > 1, shape.vertices[shape.vertices.count - 1] == start {
            let last = shape.vertices.count - 1
            shape.inTangents[0] = shape.inTangents[last]
            shape.vertices.removeLast(); shape.inTangents.removeLast(); shape.outTangents.removeLast()
        }
        return shape.vertices.count >= 2 ? shape : nil
    }
}
