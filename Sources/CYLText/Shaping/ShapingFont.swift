import CFreeType
import CHarfBuzz
import CYLGeometry
#if canImport(Glibc)
import Glibc
#endif

/// A font opened from its file's bytes for shaping (HarfBuzz, with its OpenType functions, so
/// advances, kerning and ligatures come from the font's own tables) and for glyph outlines
/// (FreeType, unhinted, in em units). The bytes are copied once and shared by both libraries;
/// the HarfBuzz objects are destroyed in deinit, before the `FreeTypeFace` that owns the bytes.
/// No C pointer leaves this type. Not thread-safe: one font per scene.
public final class ShapingFont {
    /// The name messages give the font (an asset's name, a file path).
    public let name: String
    /// The family name the font declares ("DejaVu Sans"), empty when it has none.
    public let familyName: String
    /// The font's em in its design units.
    public let unitsPerEm: Int
    /// Distance from the baseline up to the font's ascender, in em (positive).
    public private(set) var ascent: Double = 0
    /// Distance from the baseline down to the font's descender, in em (positive).
    public private(set) var descent: Double = 0
    /// How many glyphs the font has (glyph ids are below it).
    public let glyphCount: Int
    /// Whether the font has variation axes (an OpenType variable font).
    public let isVariable: Bool

    private let freeType: FreeTypeFace
    private let blob: OpaquePointer
    private let hbFace: OpaquePointer
    let hbFont: OpaquePointer
    /// Glyph outlines already converted, by glyph id (nil: the glyph has none FreeType loads).
    private var paths: [UInt32: Path?] = [:]

    /// Points in one glyph this type accepts; real glyphs have a few hundred.
    public static let maxPointsPerGlyph = OutlineFont.maxPointsPerGlyph

    /// Opens the font file `bytes` (TrueType or OpenType, its first face). Throws a `FontError`
    /// naming `name` when FreeType or HarfBuzz refuses it, or it has no outlines.
    public convenience init(bytes: [UInt8], name: String) throws(FontError) {
        let freeType = try FreeTypeFace(bytes: bytes, name: name)
        let memory = freeType.memory!
        guard let b = hb_blob_create_or_fail(memory.baseAddress!.assumingMemoryBound(to: CChar.self), UInt32(memory.count),
                                             HB_MEMORY_MODE_READONLY, nil, nil) else {
            throw FontError(file: name, "HarfBuzz cannot read the font")
        }
        try self.init(freeType: freeType, blob: b, face: hb_face_create(b, 0)!, name: name)
    }

    /// Finishes opening a font from its FreeType face and its HarfBuzz blob and face, taking
    /// one reference of each HarfBuzz object (released here when the font is refused).
    private init(freeType: FreeTypeFace, blob b: OpaquePointer, face: OpaquePointer, name: String) throws(FontError) {
        func refuse(_ message: String) -> FontError {
            hb_face_destroy(face)
            hb_blob_destroy(b)
            return FontError(file: name, message)
        }
        let f = freeType.face
        let upem = Int(f.pointee.units_per_EM)
        guard upem >= 16, upem <= 16_384, (f.pointee.face_flags & FT_Long(FT_FACE_FLAG_SCALABLE)) != 0 else {
            throw refuse("the font has no usable outlines (a bitmap-only font, or \(upem) units per em)")
        }
        // Unhinted outlines at a pixel size of one em come back in design units times 64 (26.6).
        guard FT_Set_Pixel_Sizes(f, 0, FT_UInt(upem)) == 0 else {
            throw refuse("FreeType cannot size the font to its em (\(upem) units)")
        }
        // HarfBuzz answers a face it cannot parse with its empty face, which has no glyphs.
        guard hb_face_get_glyph_count(face) > 0, let font = hb_font_create(face) else {
            throw refuse("HarfBuzz cannot read the font's tables")
        }
        self.name = name
        self.freeType = freeType
        unitsPerEm = upem
        familyName = f.pointee.family_name.map { String(cString: $0) } ?? ""
        glyphCount = Int(f.pointee.num_glyphs)
        blob = b
        hbFace = face
        isVariable = hb_ot_var_has_data(face) != 0
        hbFont = font
        hb_ot_font_set_funcs(font)
        // Positions in design units: the layout scales them by size / units per em.
        hb_font_set_scale(font, Int32(upem), Int32(upem))
        readExtents()
    }

    /// This font set to variation `axes` (see `setVariations`), as a font of its own that shares
    /// this one's bytes and HarfBuzz face (its FreeType face and HarfBuzz font are its own, so
    /// each keeps its axes); nil when FreeType cannot open a second face.
    public func variant(_ axes: [(tag: UInt32, value: Double)]) -> ShapingFont? {
        guard let shared = try? FreeTypeFace(sharing: freeType, name: name),
              let v = try? ShapingFont(freeType: shared, blob: hb_blob_reference(blob), face: hb_face_reference(hbFace), name: name)
        else { return nil }
        v.setVariations(axes)
        return v
    }

    /// Height of the capital letters ("H") above the baseline, in em (the ascent when the font
    /// has no "H").
    public private(set) var capHeight: Double = 0
    /// Height of the lowercase letters ("x") above the baseline, in em (the ascent without "x").
    public private(set) var xHeight: Double = 0

    private func readExtents() {
        var extents = hb_font_extents_t()
        _ = hb_font_get_h_extents(hbFont, &extents)
        let scale = 1 / Double(unitsPerEm)
        ascent = Double(extents.ascender) * scale
        descent = -Double(extents.descender) * scale
        // Measured on the glyphs themselves: OS/2's cap and x heights are often missing or 0.
        func top(_ scalar: UInt32) -> Double {
            var g: hb_codepoint_t = 0
            var e = hb_glyph_extents_t()
            guard hb_font_get_nominal_glyph(hbFont, scalar, &g) != 0, hb_font_get_glyph_extents(hbFont, g, &e) != 0 else { return ascent }
            return Double(e.y_bearing) * scale
        }
        capHeight = top(0x48)
        xHeight = top(0x78)
    }

    /// A variable font's axes: OpenType tag and the range and default of its design values.
    public var axes: [(tag: UInt32, minimum: Double, default: Double, maximum: Double)] {
        var count: UInt32 = 64
        var infos = [hb_ot_var_axis_info_t](repeating: hb_ot_var_axis_info_t(), count: 64)
        _ = hb_ot_var_get_axis_infos(hbFace, 0, &count, &infos)
        return infos.prefix(Int(min(count, 64))).map { (UInt32($0.tag), Double($0.min_value), Double($0.default_value), Double($0.max_value)) }
    }

    /// Sets the variable font's axes (OpenType tag, design value such as wght 700) for shaping
    /// and outlines; axes not named keep their defaults, values outside an axis's range are
    /// clamped to it. Does nothing to a font without axes. Outlines kept so far are dropped.
    public func setVariations(_ axes: [(tag: UInt32, value: Double)]) {
        guard isVariable, !axes.isEmpty else { return }
        let finite = axes.filter { $0.value.isFinite }
        let variations = finite.map { hb_variation_t(tag: $0.tag, value: Float(max(-1e6, min($0.value, 1e6)))) }
        hb_font_set_variations(hbFont, variations, UInt32(variations.count))
        var master: UnsafeMutablePointer<FT_MM_Var>?
        if FT_Get_MM_Var(freeType.face, &master) == 0, let master {
            defer { FT_Done_MM_Var(freeType.library, master) }
            let n = Int(master.pointee.num_axis)
            if n > 0, n <= 64, let list = master.pointee.axis {
                var coords = [FT_Fixed](repeating: 0, count: n)
                for i in 0..<n {
                    let axis = list[i]
                    var v = axis.def
                    if let set = finite.last(where: { UInt(axis.tag) == UInt($0.tag) }) {
                        // 16.16 fixed point holds ±32767; axes' ranges are far inside it.
                        let design = max(-32_000, min(set.value, 32_000))
                        v = max(axis.minimum, min(axis.maximum, FT_Fixed((design * 65536).rounded())))
                    }
                    coords[i] = v
                }
                _ = FT_Set_Var_Design_Coordinates(freeType.face, FT_UInt(n), &coords)
            }
        }
        paths.removeAll()
        readExtents()
    }

    /// Opens the font file at `path`, read whole (at most `maxBytes`).
    public convenience init(path: String, maxBytes: Int) throws(FontError) {
        try self.init(bytes: try FontFileReader.read(path, maxBytes: maxBytes), name: path)
    }

    deinit {
        hb_font_destroy(hbFont)
        hb_face_destroy(hbFace)
        hb_blob_destroy(blob)
    }

    /// The glyph the font maps `scalar` to, nil when it has none.
    public func glyph(for scalar: UInt32) -> UInt32? {
        var g: hb_codepoint_t = 0
        return hb_font_get_nominal_glyph(hbFont, scalar, &g) != 0 ? g : nil
    }

    /// The outline of glyph `id` in em units, y pointing down, origin on the baseline at the pen
    /// position; an empty path for a glyph without contours (a space), nil when FreeType cannot
    /// load it or it has more than `maxPointsPerGlyph` points. Kept once converted.
    public func path(glyph id: UInt32) -> Path? {
        if let known = paths[id] { return known }
        let made = loadPath(id)
        paths[id] = .some(made)
        return made
    }

    private func loadPath(_ id: UInt32) -> Path? {
        let face = freeType.face
        guard Int(id) < glyphCount,
              FT_Load_Glyph(face, id, Int32(FT_LOAD_NO_HINTING) | Int32(FT_LOAD_NO_BITMAP)) == 0,
              let slot = face.pointee.glyph else { return nil }
        guard slot.pointee.format == FT_GLYPH_FORMAT_OUTLINE else { return Path() }
        guard Int(slot.pointee.outline.n_points) <= Self.maxPointsPerGlyph else { return nil }
        var sink = OutlineSink(scale: 1 / (64 * Double(unitsPerEm)))
        var funcs = FT_Outline_Funcs(
            move_to: { to, user in OutlineSink.from(user).move(to!.pointee); return 0 },
            line_to: { to, user in OutlineSink.from(user).line(to!.pointee); return 0 },
            conic_to: { c, to, user in OutlineSink.from(user).quad(c!.pointee, to!.pointee); return 0 },
            cubic_to: { c1, c2, to, user in OutlineSink.from(user).cubic(c1!.pointee, c2!.pointee, to!.pointee); return 0 },
            shift: 0, delta: 0)
        let err = withUnsafeMutablePointer(to: &sink) { p in
            withUnsafeMutablePointer(to: &slot.pointee.outline) { FT_Outline_Decompose($0, &funcs, p) }
        }
        guard err == 0 else { return nil }
        if sink.open { sink.path.close() }
        return sink.path
    }
}

/// Collects FreeType's outline decomposition into a `Path`, flipping y (fonts point up).
private struct OutlineSink {
    var path = Path()
    var open = false
    let scale: Double

    /// The sink behind FreeType's user pointer (it is only ever a pointer to an `OutlineSink`
    /// living for the duration of the decomposition).
    static func from(_ user: UnsafeMutableRawPointer?) -> UnsafeMutablePointer<OutlineSink> {
        user!.assumingMemoryBound(to: OutlineSink.self)
    }

    func point(_ v: FT_Vector) -> Point { Point(Double(v.x) * scale, -Double(v.y) * scale) }

    mutating func move(_ to: FT_Vector) {
        if open { path.close() }
        path.move(to: point(to))
        open = true
    }
    mutating func line(_ to: FT_Vector) { path.line(to: point(to)) }
    mutating func quad(_ c: FT_Vector, _ to: FT_Vector) { path.quad(to: point(to), control: point(c)) }
    mutating func cubic(_ c1: FT_Vector, _ c2: FT_Vector, _ to: FT_Vector) {
        path.cubic(to: point(to), control1: point(c1), control2: point(c2))
    }
}

extension UnsafeMutablePointer where Pointee == OutlineSink {
    fileprivate func move(_ to: FT_Vector) { pointee.move(to) }
    fileprivate func line(_ to: FT_Vector) { pointee.line(to) }
    fileprivate func quad(_ c: FT_Vector, _ to: FT_Vector) { pointee.quad(c, to) }
    fileprivate func cubic(_ c1: FT_Vector, _ c2: FT_Vector, _ to: FT_Vector) { pointee.cubic(c1, c2, to) }
}

/// Reads a font file whole, bounded, with messages naming the file.
enum FontFileReader {
    static func read(_ path: String, maxBytes: Int) throws(FontError) -> [UInt8] {
        guard let f = fopen(path, "rb") else { throw FontError(file: path, "no such font file, or it cannot be read") }
        defer { fclose(f) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, f) }
            if n == 0 { break }
            guard bytes.count + n <= maxBytes else { throw FontError(file: path, "the font file is larger than \(maxBytes) bytes") }
            bytes.append(contentsOf: chunk[..<n])
        }
        guard ferror(f) == 0 else { throw FontError(file: path, "the font file cannot be read") }
        return bytes
    }
}
