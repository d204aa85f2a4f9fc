import CYLDocuments
import CYLGeometry
import CYLRaster
import CYLTimeline

// Text: the root's `fonts` and `chars`, a text layer's `t` (documents, animators, more options).
// The glyphs themselves are loaded once every layer is parsed (`TextGlyphLoader`), for the
// characters the documents use.

/// The parser's bookkeeping for text.
struct TextParseState {
    /// `fonts.list` entries by `fName`, with where they are (for notes).
    var fonts: [String: TextFontRequest] = [:]
    var fontElements: [String: JSONElement] = [:]
    /// Glyph data (`chars`) by font family, style and character.
    var glyphData: [GlyphDataKey: GlyphModel] = [:]
    /// Characters each font (by `fName`) must draw.
    var needed: [String: Set<String>] = [:]
    /// Where the first text layer using each font is (for notes about the font).
    var firstUse: [String: JSONElement] = [:]
}

extension LottieParser {
    // MARK: Fonts and glyph data

    /// Reads `fonts.list` and `chars` (before the layers, which refer to them).
    mutating func parseFontsAndChars(_ root: JSONElement) throws(LottieError) {
        if let list = root["fonts"]?["list"], let fonts = try? list.array() {
            for f in fonts {
                guard let name = string(f, "fName") else { note(f, "font without a name \"fName\"; ignored"); continue }
                let family = string(f, "fFamily") ?? name
                // Read through `double` rather than `f["ascent"]?.asDouble.flatMap`: Swift 6.3's
                // optimiser crashes (CopyPropagation, "outside of lifetime use") on that chain here.
                let a = double(f, "ascent", .nan)
                let ascent: Double? = a.isFinite && abs(a) <= 1000 ? a : nil
                text.fonts[name] = TextFontRequest(name: name, family: family, style: string(f, "fStyle") ?? "",
                                                   ascent: ascent, characters: [])
                text.fontElements[name] = f
                if let origin = int(f, "origin"), origin == 1 || origin == 2 || origin == 3,
                   let p = string(f, "fPath"), !p.isEmpty {
                    note(f["fPath"], "font file \"\(p)\" is not loaded; the installed font of family \"\(family)\" is used",
                         severity: .note, feature: .text)
                }
            }
        }
        guard let chars = root["chars"] else { return }
        guard let list = try? chars.array() else { note(chars, "\"chars\" is not an array; ignored"); return }
        for c in list {
            guard let ch = string(c, "ch") else { note(c, "glyph without a character \"ch\"; ignored"); continue }
            let key = GlyphDataKey(family: string(c, "fFamily") ?? "", style: string(c, "style") ?? "", character: ch)
            var width = double(c, "w", 0)
            if !width.isFinite || abs(width) > TextLimits.maxMagnitude {
                note(c["w"], "glyph width \(width) is out of range; using 0"); width = 0
            }
            var items: [ShapeItem] = []
            if let data = c["data"], let shapes = data["shapes"] { items = try parseShapeList(shapes) }
            text.glyphData[key] = GlyphModel(contours: GlyphShapes.contours(of: items, limits: limits), advance: width)
        }
    }

    // MARK: Text layers

    /// A text layer's `t`: documents, animators, options. Records the characters each font draws.
    mutating func parseTextLayer(_ l: JSONElement) throws(LottieError) -> LayerContent {
        guard let t = l["t"], t.isObject else {
            note(l, "text layer without text data \"t\"; it draws nothing")
            return .null
        }
        guard let ownDocument = t["d"] else { note(t, "text layer without a document \"d\"; it draws nothing"); return .null }
        // A slot holds a whole document property, or (`--slot title='"Hi"'`) only the text to draw.
        var d = slotted(ownDocument)
        var slotText: String?
        if let text = d["k"]?.asString { slotText = text; d = ownDocument }
        if d["x"] != nil { note(d["x"], "expressions on text documents are not run; the keyframed text is drawn", feature: .expressions) }
        var keyframes: [(time: Double, document: TextDocument)] = []
        if let list = d["k"]?.asArray {
            for kf in list {
                guard let s = kf["s"], s.isObject else {
                    note(kf, "text keyframe without a document \"s\"; ignored"); continue
                }
                var time = double(kf, "t", 0)
                if !time.isFinite { time = 0 }
                if let last = keyframes.last, time < last.time { time = last.time }
                keyframes.append((time, parseTextDocument(s)))
            }
        } else if let k = d["k"], k.isObject {
            keyframes.append((0, parseTextDocument(k)))
        }
        guard !keyframes.isEmpty else { note(d, "text layer without documents; it draws nothing"); return .null }
        if let slotText { for k in keyframes.indices { keyframes[k].document.text = slotText } }
        // Colour overrides (dark mode): naming the layer recolours its text's fill and stroke, as
        // naming a shape layer recolours its fills and strokes; "Fill Color" / "Stroke Color"
        // after the layer's name pick one.
        let fillOverride = overrideColor(property: "Fill Color"), strokeOverride = overrideColor(property: "Stroke Color")
        for k in keyframes.indices {
            if let c = fillOverride, keyframes[k].document.fillColor != nil { keyframes[k].document.fillColor = Color(c) }
            if let c = strokeOverride, keyframes[k].document.strokeColor != nil { keyframes[k].document.strokeColor = Color(c) }
        }
        for (_, doc) in keyframes {
            if text.fonts[doc.font] == nil && text.needed[doc.font] == nil {
                note(d, "text uses font \"\(doc.font)\", which \"fonts.list\" does not define; drawn with the default font",
                     key: "undefined font \(doc.font)")
            }
            text.needed[doc.font, default: []].formUnion(TextLayout.characters(of: doc).map { String($0) })
            if text.firstUse[doc.font] == nil { text.firstUse[doc.font] = d }
        }
        var model = TextLayerModel(documents: TextDocumentTrack(keyframes: keyframes))
        if let a = t["a"], let list = try? a.array() {
            for (i, an) in list.enumerated() {
                guard i < TextLimits.maxAnimators else {
                    note(an, "more than \(TextLimits.maxAnimators) text animators; the rest are ignored"); break
                }
                model.animators.append(parseTextAnimator(an))
            }
        }
        if let m = t["m"] {
            if let g = int(m, "g"), g != 1 {
                note(m["g"], "text animators grouped by \(g == 2 ? "words" : g == 3 ? "lines" : "all") transform each character on its own",
                     feature: .text)
            }
            if let a = m["a"] { model.alignment = textVector(a) }
        }
        if let p = t["p"], p["m"] != nil {
            note(p, "text on a path is not supported; the text is drawn on a straight line", feature: .text)
        }
        return .text(model)
    }

    /// One text document (`t.d.k[].s`); out-of-range numbers are clamped with a note.
    mutating func parseTextDocument(_ s: JSONElement) -> TextDocument {
        var doc = TextDocument()
        if let t = s["t"] {
            if let str = t.asString { doc.text = str } else { note(t, "text \"t\" is not a string; drawn empty") }
            if TextLayout.isCut(doc) {
                note(t, "text has more than \(TextLimits.maxCharacters) characters; the rest are not drawn", key: "long text")
            }
        }
        doc.size = textNumber(s, "s", 10, min: 0)
        doc.font = string(s, "f") ?? ""
        // 3-6 justify box text to both edges, the last line left, right, centred or also full;
        // a line is drawn as its last line would be (left for 3 and 6).
        switch int(s, "j") ?? 0 {
        case 1, 4: doc.justify = .right
        case 2, 5: doc.justify = .center
        case 0: doc.justify = .left
        case 3, 6:
            doc.justify = .left
            if s["sz"] != nil { note(s["j"], "full justification of box text is not applied; lines are drawn left-aligned", key: "full justification", feature: .text) }
        case let j: note(s["j"], "unknown justification \(j); using left"); doc.justify = .left
        }
        doc.tracking = textNumber(s, "tr", 0)
        if s["lh"] != nil { doc.lineHeight = textNumber(s, "lh", doc.size * 1.2) }
        doc.baselineShift = textNumber(s, "ls", 0)
        doc.fillColor = textColor(s["fc"])
        doc.strokeColor = textColor(s["sc"])
        doc.strokeWidth = textNumber(s, "sw", 0, min: 0)
        doc.strokeOverFill = bool(s, "of")
        if let sz = s["sz"], let v = sz.asNumbers, v.count >= 2 {
            let w = clampText(v[0], sz, min: 0), h = clampText(v[1], sz, min: 0)
            doc.boxSize = Point(w, h)
            if let ps = s["ps"], let p = ps.asNumbers, p.count >= 2 {
                doc.boxPosition = Point(clampText(p[0], ps), clampText(p[1], ps))
            }
        }
        if let ca = int(s, "ca"), ca != 0 {
            doc.allCaps = true
            if ca == 2 { note(s["ca"], "small caps are drawn as full-size capitals", key: "small caps", severity: .note, feature: .text) }
        }
        return doc
    }

    private mutating func textNumber(_ el: JSONElement, _ key: String, _ fallback: Double, min lo: Double = -TextLimits.maxMagnitude) -> Double {
        let v = double(el, key, fallback)
        guard let m = el[key] else { return v }
        return clampText(v, m, min: lo)
    }

    /// `v` clamped to [lo, maxMagnitude]; NaN becomes 0. Notes any change at `el`.
    private mutating func clampText(_ v: Double, _ el: JSONElement, min lo: Double = -TextLimits.maxMagnitude) -> Double {
        if v.isNaN { note(el, "text value is not a number; using 0"); return max(0, lo) }
        let c = Swift.min(Swift.max(v, lo), TextLimits.maxMagnitude)
        if c != v { note(el, "text value \(v) is out of range; using \(c)") }
        return c
    }

    /// A document colour: an array of 3 or 4 numbers, 0-1 (or 0-255, which some exporters write).
    private mutating func textColor(_ el: JSONElement?) -> Color? {
        guard let el else { return nil }
        guard let v = el.asNumbers, v.count >= 3, v.allSatisfy({ $0.isFinite }) else {
            note(el, "text colour is not an array of numbers; ignored"); return nil
        }
        let div = v.prefix(3).max()! > 1 ? 255.0 : 1.0
        func c(_ x: Double) -> Double { Swift.min(Swift.max(x / div, 0), 1) }
        return Color(c(v[0]), c(v[1]), c(v[2]), 1)
    }

    /// A property of a text animator or of `m`: keyframes without expressions (these are not run
    /// on text, so an expression is a note and the keyframed value draws).
    private mutating func textVector(_ el: JSONElement) -> VectorProperty {
        if el["x"] != nil { note(el["x"], "expressions on text animators are not run; the keyframed value is used", feature: .expressions) }
        do { return try parseVectorValue(el) } catch {
            note(el, "text property cannot be read (\(error.message)); ignored")
            return .fixed([0])
        }
    }

    /// One text animator (`t.a[]`): its range selector `s` and its properties `a`.
    private mutating func parseTextAnimator(_ an: JSONElement) -> TextAnimator {
        var sel = TextRangeSelector()
        if let s = an["s"] {
            if int(s, "t") == 1 {
                note(s, "expression selectors are not run; the animator applies to every character", feature: .text)
            } else {
                if let v = s["s"] { sel.start = textVector(v) }
                if let v = s["e"] { sel.end = textVector(v) }
                if let v = s["o"] { sel.offset = textVector(v) }
            }
            if let v = s["a"] { sel.amount = textVector(v) }
            sel.byIndex = int(s, "r") == 2
            switch int(s, "b") ?? 1 {
            case 2: sel.base = .charactersExcludingSpaces
            case 3: sel.base = .words
            case 4: sel.base = .lines
            default: sel.base = .characters
            }
            let shapes: [Int: TextSelectorShape] = [1: .square, 2: .rampUp, 3: .rampDown, 4: .triangle, 5: .round, 6: .smooth]
            let sh = int(s, "sh") ?? 1
            if let shape = shapes[sh] { sel.shape = shape } else { note(s["sh"], "unknown selector shape \(sh); using square") }
            for key in ["xe", "ne"] {
                guard let e = s[key] else { continue }
                // Easing left at zero changes nothing; only a used one is worth a note.
                if case .fixed(let v) = textVector(e), (v.first ?? 0) == 0 { continue }
                note(e, "text selector easing (ease high/low) is not applied", key: "selector easing", feature: .text)
            }
            if bool(s, "rn") { note(s["rn"], "randomised text selector order is not applied; characters go in order", feature: .text) }
        }
        var props = TextAnimatorProperties()
        if let a = an["a"] {
            if let v = a["p"] { props.position = textVector(v) }
            if let v = a["a"] { props.anchor = textVector(v) }
            if let v = a["s"] { props.scale = textVector(v) }
            if let v = a["r"] { props.rotation = textVector(v) }
            if let v = a["o"] { props.opacity = textVector(v) }
            if let v = a["fc"] { props.fillColor = normalizedColor(textVector(v)) }
            if let v = a["sc"] { props.strokeColor = normalizedColor(textVector(v)) }
            if let v = a["sw"] { props.strokeWidth = textVector(v) }
            if let v = a["t"] { props.tracking = textVector(v) }
            if let v = a["fo"] { props.fillOpacity = textVector(v) }
            if let v = a["so"] { props.strokeOpacity = textVector(v) }
            for key in ["fh", "fs", "fb", "sk", "sa", "rx", "ry", "bl"] {
                guard let v = a[key] else { continue }
                // A property left at zero changes nothing; only a used one is worth a note.
                if case .fixed(let x) = textVector(v), x.allSatisfy({ $0 == 0 }) { continue }
                note(v, "text animator property \"\(key)\" is not applied", key: "text animator \(key)", feature: .text)
            }
        }
        return TextAnimator(selectors: [sel], properties: props)
    }

    // MARK: Glyphs

    /// Loads the glyphs of every font the text layers use (glyph data, else the installed font).
    mutating func loadTextFonts() -> [String: FontGlyphs] {
        guard !text.needed.isEmpty else { return [:] }
        var requests: [TextFontRequest] = []
        for (name, chars) in text.needed.sorted(by: { $0.key < $1.key }) {
            var r = text.fonts[name] ?? TextFontRequest(name: name, family: name, style: "", ascent: nil, characters: [])
            r.characters = chars
            requests.append(r)
        }
        var loader = TextGlyphLoader(glyphData: text.glyphData)
        let fonts = loader.load(requests)
        for (name, message) in loader.notes {
            note(text.fontElements[name] ?? text.firstUse[name], message, key: "font \(name): \(message)")
        }
        return fonts
    }
}
