import CFreeType
import CYLGeometry
import Synchronization

/// Glyph outlines fitted to the pixel grid by FreeType's hinter at a given pixel size (the font's
/// TrueType instructions, or the auto-hinter for a font without them: FT_LOAD_TARGET_NORMAL),
/// as a text stack that renders glyph bitmaps draws them. Filled at a whole-pixel origin they
/// give FreeType's own bitmap of the glyph: stems one or two pixels wide, tops and baselines on
/// pixel edges.
///
/// Thread-safe: one face behind a lock (renders of several frames at once share it), with the
/// outlines asked for lately kept.
public final class HintedOutlines: Sendable {
    public let path: String
    /// The font's ascender above and descender below the baseline, in em (the descender is
    /// negative), as its horizontal header gives them: what a layout splits a line's height by.
    public let ascender: Double, descender: Double
    /// The heights of capitals and of lower-case x above the baseline, in em (the OS/2 table's,
    /// else measured from "H" and "x"): what turns a Latin character on its side in vertical
    /// text.
    public let capHeight: Double, xHeight: Double
    private struct State {
        let freeType: FreeTypeFace
        var kept: [Key: GlyphOutline?] = [:]
    }
    private struct Key: Hashable {
        var scalar: UInt32
        /// The pixel size in 26.6.
        var size: Int
    }
    private let state: Mutex<State>

    /// Outlines kept before the oldest are dropped: a text layer animating its size asks for a
    /// new size each frame.
    public static let maxKept = 4096
    /// Pixel sizes hinted (FreeType's own limit is far larger; a glyph of more than this many
    /// pixels gains nothing from hinting).
    public static let maxPixelSize = 1024.0

    /// Opens the font file at `path`.
    public init(path: String) throws(FontError) {
        self.path = path
        let face = try FreeTypeFace(path: path)
        guard (face.face.pointee.face_flags & FT_Long(FT_FACE_FLAG_SCALABLE)) != 0 else {
            throw FontError(file: path, "the font has no outlines (a bitmap-only font)")
        }
        let f = face.face.pointee
        let upem = Double(max(f.units_per_EM, 1))
        ascender = Double(f.ascender) / upem
        descender = Double(f.descender) / upem
        var cap = 0.0, x = 0.0
        if let raw = FT_Get_Sfnt_Table(face.face, FT_SFNT_OS2) {
            let os2 = raw.assumingMemoryBound(to: TT_OS2.self).pointee
            if os2.version >= 2 && os2.version != 0xFFFF {
                cap = Double(os2.sCapHeight) / upem
                x = Double(os2.sxHeight) / upem
            }
        }
        func height(_ c: UInt8) -> Double {
            guard FT_Set_Pixel_Sizes(face.face, 0, FT_UInt(min(f.units_per_EM, 0xFFFF))) == 0,
                  FT_Load_Glyph(face.face, FT_Get_Char_Index(face.face, FT_ULong(c)), Int32(FT_LOAD_NO_HINTING) | Int32(FT_LOAD_NO_BITMAP)) == 0,
                  let slot = face.face.pointee.glyph else { return 0 }
            return Double(slot.pointee.metrics.horiBearingY) / 64 / upem
        }
        capHeight = cap > 0 ? cap : height(UInt8(ascii: "H"))
        xHeight = x > 0 ? x : height(UInt8(ascii: "x"))
        state = Mutex(State(freeType: face))
    }

    /// The glyph for `scalar` set in a vertical line at `pixelSize` pixels to the em, hinted:
    /// how far it advances down the line, and where its horizontal origin goes from the pen
    /// (the vertical bearings less the horizontal ones: about half its width left, its top
    /// down). FreeType makes these up from the horizontal metrics for a font without vertical
    /// ones. Nil as `outline`.
    public func vertical(_ scalar: UInt32, pixelSize: Double) -> (advance: Double, offset: Point)? {
        guard pixelSize >= 1, pixelSize <= Self.maxPixelSize else { return nil }
        return state.withLock { s in
            let face = s.freeType.face
            guard FT_Set_Char_Size(face, FT_F26Dot6((pixelSize * 64).rounded()), 0, 72, 72) == 0,
                  FT_Load_Glyph(face, FT_Get_Char_Index(face, FT_ULong(scalar)),
                                Int32(FT_LOAD_NO_BITMAP) | Int32(FT_LOAD_VERTICAL_LAYOUT)) == 0,
                  let slot = face.pointee.glyph else { return nil }
            let m = slot.pointee.metrics
            let offset = Point(Double(m.vertBearingX - m.horiBearingX) / 64, Double(m.horiBearingY + m.vertBearingY) / 64)
            return (Double(slot.pointee.advance.y) / 64, offset)
        }
    }

    /// The outline of the glyph for `scalar` hinted at `pixelSize` pixels to the em, in pixels
    /// (y down, origin on the baseline at the pen), with its advance in pixels; nil when the size
    /// is not in 1...`maxPixelSize` or FreeType cannot load the glyph.
    public func outline(_ scalar: UInt32, pixelSize: Double) -> GlyphOutline? {
        guard pixelSize >= 1, pixelSize <= Self.maxPixelSize else { return nil }
        let key = Key(scalar: scalar, size: Int((pixelSize * 64).rounded()))
        return state.withLock { s in
            if let kept = s.kept[key] { return kept }
            let face = s.freeType.face
            var outline: GlyphOutline? = nil
            if FT_Set_Char_Size(face, FT_F26Dot6(key.size), 0, 72, 72) == 0 {
                let index = FT_Get_Char_Index(face, FT_ULong(scalar))
                // FT_LOAD_TARGET_NORMAL is 0: the default load hints for the normal render mode.
                if FT_Load_Glyph(face, index, Int32(FT_LOAD_NO_BITMAP)) == 0, let slot = face.pointee.glyph {
                    outline = OutlineFont.read(slot, scale: 1.0 / 64, freeTypeSegments: true)
                }
            }
            if s.kept.count >= Self.maxKept { s.kept.removeAll(keepingCapacity: true) }
            s.kept[key] = outline
            return outline
        }
    }
}
