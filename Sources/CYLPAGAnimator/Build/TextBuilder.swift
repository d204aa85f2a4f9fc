import CYLGeometry
import CYLLottieAnimator
import CYLRaster

/// PAG text documents as the shared model's text, laid out by libpag's rules (`PAGTextLayout`).
/// Fonts are the installed fonts of the file's font table (DejaVu Sans where one is missing,
/// per-character fallbacks such as Droid Sans Fallback for Chinese), loaded once for every text
/// layer of the file, with their hinted outlines: libpag draws glyph bitmaps.
struct TextBuilder {
    /// The glyphs of every font the file's text uses, by `fontKey`.
    let fonts: [String: FontGlyphs]
    let notes: [String]
    private let fontTable: [(family: String, style: String)]

    init(_ pag: PAGFile) {
        fontTable = pag.fonts
        var characters: [String: Set<String>] = [:]
        var families: [String: (String, String)] = [:]
        for c in pag.compositions {
            guard case .vector(let layers) = c.content else { continue }
            for l in layers {
                guard case .text(let source) = l.content else { continue }
                for d in Self.documents(source) {
                    let (key, family, style) = Self.font(d, pag.fonts)
                    families[key] = (family, style)
                    characters[key, default: []].formUnion(d.text.map { String($0) })
                }
            }
        }
        let requests = characters.keys.sorted().map { key in
            (name: key, family: families[key]!.0, style: families[key]!.1, characters: characters[key]!)
        }
        (fonts, notes) = requests.isEmpty ? ([:], []) : FontGlyphs.installed(requests, hinting: true)
    }

    static func documents(_ p: PAGProperty<PAGTextDocument>) -> [PAGTextDocument] {
        switch p {
        case .fixed(let d): return [d]
        case .keyframes(let ks): return [ks[0].start] + ks.map(\.end)
        }
    }

    /// The key a document's glyphs are filed under, and the family and style to look for.
    static func font(_ d: PAGTextDocument, _ table: [(family: String, style: String)]) -> (String, String, String) {
        guard d.fontID >= 0, d.fontID < table.count else { return ("DejaVu Sans", "DejaVu Sans", "") }
        let f = table[d.fontID]
        return (f.style.isEmpty ? f.family : "\(f.family) \(f.style)", f.family, f.style)
    }

    /// The text of a layer whose source text is `source`, changed by `animators`.
    func text(_ source: PAGProperty<PAGTextDocument>, animators: [TextAnimator]) -> TextLayerModel {
        let track: [(time: Double, document: PAGTextDocument)]
        switch source {
        case .fixed(let d): track = [(0, d)]
        case .keyframes(let ks): track = [(ks[0].time, ks[0].start)] + ks.map { ($0.endTime, $0.end) }
        }
        var model = TextLayerModel.make(keyframes: track.map { ($0.time, document($0.document)) }, animators: animators)
        model.layoutEngine = PAGTextLayout(documents: track)
        return model
    }

    func document(_ d: PAGTextDocument) -> TextDocument {
        var out = TextDocument.blank
        let key = Self.font(d, fontTable).0
        out.text = d.text
        out.size = d.fontSize
        out.font = key
        switch d.justification {
        case 1, 5: out.justify = .center
        case 2, 4: out.justify = .right
        default: out.justify = .left
        }
        // libpag rounds tracking to whole pixels; the model keeps it in 1/1000 em.
        if d.fontSize > 0 { out.tracking = (d.tracking * d.fontSize / 1000).rounded() / d.fontSize * 1000 }
        out.lineHeight = d.leading == 0 ? (d.fontSize * 1.2).rounded() : d.leading
        out.baselineShift = d.baselineShift
        if d.applyFill { out.fillColor = Color(d.fillColor[0], d.fillColor[1], d.fillColor[2]) }
        if d.applyStroke {
            out.strokeColor = Color(d.strokeColor[0], d.strokeColor[1], d.strokeColor[2])
            out.strokeWidth = d.strokeWidth
        }
        out.strokeOverFill = d.strokeOverFill
        out.fauxBold = d.fauxBold
        out.fauxItalic = d.fauxItalic
        if d.boxText {
            // The model puts the first baseline one ascent below the box's top; PAG says where it is.
            let ascent = (fonts[key]?.ascent ?? 75) / 100 * d.fontSize
            out.boxSize = d.boxSize
            out.boxPosition = Point(d.boxPosition.x, d.firstBaseline - ascent)
        }
        return out
    }
}
