import CFreeType
#if canImport(Glibc)
import Glibc
#endif

/// A FreeType library with one face opened from a font file or from font bytes in memory: the
/// one owner of that C memory for `FontFace` (hinted bitmaps at a pixel size), `OutlineFont`
/// (outlines) and `ShapingFont` (shaping), all freed in deinit. No FreeType pointer leaves the
/// types that hold one. Not thread-safe.
final class FreeTypeFace {
    let library: FT_Library
    let face: FT_Face
    /// The font's bytes when opened from memory: FreeType reads them for as long as the face
    /// lives (FT_New_Memory_Face does not copy), so they are freed after the face, in deinit
    /// (by the face that copied them; one sharing them keeps that face alive instead).
    let memory: UnsafeMutableRawBufferPointer?
    private let ownsMemory: Bool
    private let sharedFrom: FreeTypeFace?

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
        memory = nil
        ownsMemory = false
        sharedFrom = nil
    }

    /// Opens the first face of the font file `bytes` (a copy is kept); `name` says which font in
    /// messages.
    init(bytes: [UInt8], name: String) throws(FontError) {
        guard !bytes.isEmpty else { throw FontError(file: name, "the font is empty") }
        var lib: FT_Library?
        guard FT_Init_FreeType(&lib) == 0, let lib else { throw FontError(file: name, "FreeType could not start") }
        let copy = UnsafeMutableRawBufferPointer.allocate(byteCount: bytes.count, alignment: 16)
        copy.copyBytes(from: bytes)
        var f: FT_Face?
        let err = FT_New_Memory_Face(lib, copy.baseAddress!.assumingMemoryBound(to: FT_Byte.self), FT_Long(bytes.count), 0, &f)
        guard err == 0, let f else {
            FT_Done_FreeType(lib)
            copy.deallocate()
            throw FontError(file: name, "FreeType cannot open this font (error \(err))")
        }
        library = lib
        face = f
        memory = copy
        ownsMemory = true
        sharedFrom = nil
    }

    /// Opens a second face over the bytes `other` was opened from, with a FreeType library of
    /// its own (so its variation coordinates and size are its own); keeps `other` alive.
    init(sharing other: FreeTypeFace, name: String) throws(FontError) {
        guard let bytes = other.memory else { throw FontError(file: name, "the font was not opened from memory") }
        var lib: FT_Library?
        guard FT_Init_FreeType(&lib) == 0, let lib else { throw FontError(file: name, "FreeType could not start") }
        var f: FT_Face?
        let err = FT_New_Memory_Face(lib, bytes.baseAddress!.assumingMemoryBound(to: FT_Byte.self), FT_Long(bytes.count), 0, &f)
        guard err == 0, let f else {
            FT_Done_FreeType(lib)
            throw FontError(file: name, "FreeType cannot open this font (error \(err))")
        }
        library = lib
        face = f
        memory = bytes
        ownsMemory = false
        sharedFrom = other
    }

    deinit {
        FT_Done_Face(face)
        FT_Done_FreeType(library)
        if ownsMemory { memory?.deallocate() }
    }
}
