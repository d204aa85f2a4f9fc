import CFreeType
#if canImport(Glibc)
import Glibc
#endif

/// A FreeType library with one face opened from a font file: the one owner of that C memory for
/// `FontFace` (hinted bitmaps at a pixel size) and `OutlineFont` (outlines), both freed in
/// deinit. No FreeType pointer leaves the types that hold one. Not thread-safe.
final class FreeTypeFace {
    let library: FT_Library
    let face: FT_Face

    /// Opens the font file at `path`; `missingHint` follows "no such font file" when the file is
    /// not there (how to install it, for the fonts this package draws titles with).
    init(path: String, missingHint: String = "") throws(FontError) {
        var lib: FT_Library?
        guard FT_Init_FreeType(&lib) == 0, let lib else { throw FontError(file: path, "FreeType could not start") }
        var f: FT_Face?
        let err = FT_New_Face(lib, path, 0, &f)
        guard err == 0, let f else {
            FT_Done_FreeType(lib)
            if access(path, F_OK) != 0 { throw FontError(file: path, "no such font file" + missingHint) }
            throw FontError(file: path, "FreeType cannot open this font (error \(err))")
        }
        library = lib
        face = f
    }

    deinit {
        FT_Done_Face(face)
        FT_Done_FreeType(library)
    }
}
