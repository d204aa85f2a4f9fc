import CFreeType
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
        state = Mutex(State(freeType: face))
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
