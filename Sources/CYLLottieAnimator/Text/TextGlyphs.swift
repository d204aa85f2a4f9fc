import CYLText
import CYLGeometry
import CYLTimeline

/// A glyph of the file's glyph data (`chars`): font family, style and the character.
struct GlyphDataKey: Hashable, Sendable {
    var family: String
    var style: String
    var character: String
}

/// A font a text layer uses (`fonts.list` entry) and the characters it must draw.
struct TextFontRequest: Sendable {
    var name: String
    var family: String
    var style: String
    /// Ascender in percent of the size, as the file gives it.
    var ascent: Double?
    var characters: Set<String>
}

/// Glyph contours from a glyph's shape list (`chars[].data.shapes`): every path, through its
/// groups' transforms, at frame 0 (glyph data does not animate).
enum GlyphShapes {
    static func contours(of items: [ShapeItem], limits: Limits) -> [BezierShape] {
        guard !items.isEmpty else { return [] }
        var evaluator = ShapeEvaluator(maxPathPoints: limits.maxPathPoints, maxDraws: limits.maxDrawsPerFrame)
        evaluator.collect(items, t: 0, transform: .identity, opacity: 1)
        var out: [BezierShape] = []
        for g in evaluator.paths {
            for s in g.shapes { out.append(g.transform == .identity ? s : s.mapped(by: g.transform)) }
        }
        return out
    }
}

extension BezierShape {
    /// The shape with its points mapped by `m` (handles by `m`'s linear part).
    func mapped(by m: Transform) -> BezierShape {
        var out = self
        for i in vertices.indices {
            let v = vertices[i], p = m.apply(v)
            out.vertices[i] = p
            if i < inTangents.count { out.inTangents[i] = m.apply(v + inTangents[i]) - p }
            if i < outTangents.count { out.outTangents[i] = m.apply(v + outTangents[i]) - p }
        }
        return out
    }
}

/// Finds the glyphs of the fonts text layers use: the file's glyph data when it has any for the
/// font's family and style, otherwise the outlines of the installed font fontconfig finds for the
/// font's name or family, otherwise DejaVu Sans, with a note naming the family it could not find.
/// Glyphs come out in a 100-unit em, the unit of Lottie glyph data.
struct TextGlyphLoader {
    let glyphData: [GlyphDataKey: GlyphModel]
    /// Notes for the parser to report, by font name.
    private(set) var notes: [(String, String)] = []
    /// Installed fonts by name (fontconfig is loaded only for names the process has not asked).
    private let lookup = FontLookup()
    /// Fonts opened so far, by file, so fonts that share a file open it once.
    private var opened: [String: OutlineFont] = [:]
    /// Whether installed fonts' glyphs also carry their hinted outlines (`GlyphModel.hinted`).
    private let hinting: Bool
    private var hinters: [String: HintedOutlines?] = [:]

    init(glyphData: [GlyphDataKey: GlyphModel], hinting: Bool = false) {
        self.glyphData = glyphData
        self.hinting = hinting
    }

    mutating func load(_ requests: [TextFontRequest]) -> [String: FontGlyphs] {
        var out: [String: FontGlyphs] = [:]
        for r in requests { out[r.name] = load(r) }
        return out
    }

    private mutating func load(_ r: TextFontRequest) -> FontGlyphs {
        let hasData = glyphData.keys.contains { $0.family == r.family && $0.style == r.style }
        var glyphs: [String: GlyphModel] = [:]
        if hasData {
            var missing: [String] = []
            for ch in r.characters.sorted() {
                if let g = glyphData[GlyphDataKey(family: r.family, style: r.style, character: ch)] { glyphs[ch] = g }
                else if !TextLayout.isSpace(ch) { missing.append(ch) }
            }
            if !missing.isEmpty {
                let list = missing.prefix(8).map { "\"\($0)\"" }.joined(separator: ", ")
                notes.append((r.name, "the glyph data of \(r.family) \(r.style) has no \(list)\(missing.count > 8 ? " …" : ""); those characters draw nothing"))
            }
            return FontGlyphs(name: r.name, ascent: r.ascent ?? 75, glyphs: glyphs)
        }
        guard let font = font(for: r) else {
            return FontGlyphs(name: r.name, ascent: r.ascent ?? 75, glyphs: [:])
        }
        add(r.characters, from: font, to: &glyphs, onlyOwn: true)
        // Characters the font lacks (Chinese in a Latin font) come from the fallback fonts, as a
        // system's text stack would draw them; what none has shows the font's missing-glyph box.
        var missing = r.characters.filter { glyphs[$0] == nil && !TextLayout.isSpace($0) }
        for name in Self.fallbackFamilies where !missing.isEmpty {
            guard let fallback = installedFont(name) else { continue }
            add(missing, from: fallback, to: &glyphs, onlyOwn: true)
            missing = missing.filter { glyphs[$0] == nil }
        }
        add(r.characters, from: font, to: &glyphs, onlyOwn: false)
        return FontGlyphs(name: r.name, ascent: r.ascent ?? font.ascent * 100, glyphs: glyphs)
    }

    /// Fonts tried, in order, for characters a text's own font lacks: DejaVu Sans for Latin,
    /// Greek and Cyrillic, Droid Sans Fallback for Chinese, Japanese and Korean (Debian's
    /// fonts-dejavu-core and fonts-droid-fallback).
    static let fallbackFamilies = ["DejaVu Sans", "Droid Sans Fallback"]

    /// The glyphs of `characters` not in `glyphs` yet, from `font`, in a 100-unit em; `onlyOwn`:
    /// only those the font has (not its missing-glyph box).
    private mutating func add(_ characters: Set<String>, from font: OutlineFont, to glyphs: inout [String: GlyphModel],
                              onlyOwn: Bool) {
        let em = Transform.scale(100, 100)
        let hinter = hinting ? hinter(for: font.path) : nil
        for ch in characters where glyphs[ch] == nil {
            guard let scalar = ch.unicodeScalars.first, !onlyOwn || font.hasGlyph(scalar.value),
                  let o = font.outline(scalar.value) else { continue }
            glyphs[ch] = GlyphModel(contours: o.contours.map { $0.mapped(by: em) }, advance: o.advance * 100,
                                    hinted: hinter.map { HintedGlyph(font: $0, scalar: scalar.value) },
                                    isMissing: !onlyOwn && !font.hasGlyph(scalar.value))
        }
    }

    /// The hinter of the font file at `path`, opened once (nil when FreeType cannot open it,
    /// and the glyphs are then drawn as outlines).
    private mutating func hinter(for path: String) -> HintedOutlines? {
        if let h = hinters[path] { return h }
        let h = try? HintedOutlines(path: path)
        hinters[path] = h
        return h
    }

    /// The installed font fontconfig finds under `name` exactly, opened once.
    private mutating func installedFont(_ name: String) -> OutlineFont? {
        guard let m = try? lookup.locate(name) else { return nil }
        if let f = opened[m.path] { return f }
        guard let f = try? OutlineFont(path: m.path) else { return nil }
        opened[m.path] = f
        return f
    }

    /// The installed font for `r`: by its PostScript name, its full name, then its family.
    private mutating func font(for r: TextFontRequest) -> OutlineFont? {
        var path: String? = nil
        let names = [r.name, r.style.isEmpty ? r.family : "\(r.family) \(r.style)", r.family]
        // A fontconfig that cannot load finds nothing: the default font and its note follow.
        for n in names where !n.isEmpty {
            if let m = try? lookup.locate(n) { path = m.path; break }
        }
        if path == nil {
            do {
                path = try FontFace.locateDefault()
                notes.append((r.name, "font family \"\(r.family)\" (\(r.name)) is not installed; its text is drawn with DejaVu Sans"))
            } catch {
                notes.append((r.name, "font family \"\(r.family)\" is not installed and neither is DejaVu Sans (apt-get install fonts-dejavu-core); its text draws nothing"))
                return nil
            }
        }
        guard let path else { return nil }
        if let f = opened[path] { return f }
        do {
            let f = try OutlineFont(path: path)
            opened[path] = f
            return f
        } catch {
            notes.append((r.name, "font \(error.description) cannot be used; its text draws nothing"))
            return nil
        }
    }
}
