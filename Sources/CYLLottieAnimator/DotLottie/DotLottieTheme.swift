import CYLDocuments
import CYLTimeline

// dotLottie v2 themes (`t/<id>.json`): rules that override a Lottie animation's slots. Each rule
// becomes the value `p` of the slot whose id is the rule's id, as dotlottie-rs turns a theme into
// ThorVG slots (`Theme::to_slot_types`), and the parser takes it through the ordinary slot
// mechanism (`Parser+Slots`): `--slot` values first, then the theme, then the file's own `slots`.
//
// What each rule type becomes (fields that are absent stay absent):
// - Color `value` [r,g,b(,a)] → `{"a":0,"k":[r,g,b]}` (alpha dropped, as dotlottie-rs does);
//   Scalar `value` n → `{"a":0,"k":n}`; Vector and Position `value` [x,y(,…)] → `{"a":0,"k":[x,y]}`.
// - `keyframes` → `{"a":1,"k":[…]}`, each keyframe `frame`→`t`, `value`→`s`, `inTangent`→`i`,
//   `outTangent`→`o`, `hold`→`h` (1/0), and for Color, Scalar and Position `valueInTangent`→`ti`,
//   `valueOutTangent`→`to`.
// - Gradient `value` [{offset, color:[r,g,b(,a)]}…] → `{"p":stops,"k":{"a":0,"k":[offset,r,g,b,…
//   then offset,alpha… when a stop has an alpha]}}`, the Lottie gradient layout.
// - Image `value` {path | dataUrl, width, height} → an image asset `{"w","h","u","p","e"}`.
// - Text `value` {text, fontName, fontSize, fillColor, …} → a document property
//   `{"k":[{"t":0,"s":{"t","f","s","fc",…}}]}`; keyframes give one document each. The document
//   replaces the layer's own, as any text slot does.
// - `expression` → `x` (not run: expressions run from the property itself, never from a slot;
//   a warning says so); `animations` limits a rule to the animations it names.

/// One theme of a dotLottie file, read and checked, with each rule's slot value ready.
struct DotLottieTheme: Sendable {
    /// The rule types of the dotLottie theme format, spelled as the format spells them.
    enum RuleType: String, Sendable, CaseIterable {
        case color = "Color", scalar = "Scalar", position = "Position", vector = "Vector"
        case gradient = "Gradient", image = "Image", text = "Text"
    }

    struct Rule: Sendable {
        /// The slot id the rule overrides.
        var id: String
        var type: RuleType
        /// The animations the rule is limited to; nil: every animation the theme applies to.
        var animations: [String]?
        /// Keyframes, or nil for a fixed value.
        var keyframes: Int?
        /// Where the rule is in its theme file (`rules[2]`).
        var path: JSONPath
        /// The slot's value (`slots.<id>.p`) as JSON text.
        var slotJSON: String

        func applies(to animation: String) -> Bool { animations.map { $0.contains(animation) } ?? true }
    }

    /// The most rules a theme may hold; a theme overrides slots, and a file has at most
    /// `LottieParser.maxSlots` of those.
    static let maxRules = LottieParser.maxSlots

    let id: String
    /// The archive entry it was read from (`t/dark.json`).
    let entry: String
    /// The archive and entry, as errors name it (`icon.lottie:t/dark.json`).
    let file: String
    var rules: [Rule] = []
    /// Rules of a type the format does not have: left out, each with a warning.
    var notes: [Diagnostic] = []

    /// Reads `t/<id>.json` of `file`; errors name `archiveName:t/<id>.json` and the JSON path.
    init(id: String, in file: DotLottieFile, archiveName: String, limits: Limits) throws(OpenError) {
        self.id = id
        entry = DotLottieFile.themeEntry(id)
        let name = "\(archiveName):\(entry)"
        self.file = name
        let bytes: [UInt8]
        do { bytes = try file.themeJSON(id: id) } catch {
            throw OpenError(file: archiveName, .invalid, "dotLottie: \(error.message)")
        }
        do throws(JSONError) {
            let root = try JSONDocument.parseElement(bytes, name: name, maxDepth: limits.maxJSONDepth,
                                                     maxBytes: limits.maxJSONBytes, maxValues: limits.maxJSONValues)
            let list = try root.member("rules").array()
            guard list.count <= Self.maxRules else {
                throw try root.member("rules").error("\(list.count) rules, more than the limit of \(Self.maxRules)")
            }
            for r in list {
                let type = try r.member("type").string()
                guard let t = RuleType(rawValue: type) else {
                    notes.append(Diagnostic(.warning, at: "\(entry): \(r.path)",
                                            "theme \"\(id)\": rule type \"\(type)\" is not one of the format's (\(RuleType.allCases.map(\.rawValue).joined(separator: ", "))); the rule is left out",
                                            feature: .themes))
                    continue
                }
                let rule = try Self.rule(r, type: t)
                rules.append(rule)
                if let x = r["expression"], !x.isNull {
                    // The slot carries it as `x`, but expressions run from the property itself, so
                    // a slot's never runs here (the file's own slots' neither): say so.
                    notes.append(Diagnostic(.warning, at: "\(entry): \(x.path)",
                                            "theme \"\(id)\": rule \"\(rule.id)\" has an expression, which is not run; its value or keyframes are used",
                                            feature: .expressions))
                }
            }
        } catch {
            throw OpenError(file: name, .invalid, error.message, location: error.location)
        }
    }

    /// The slot values this theme gives animation `animation`, parsed as the parser reads them.
    func slots(for animation: String, limits: Limits) throws(OpenError) -> [String: JSONElement] {
        var out: [String: JSONElement] = [:]
        for r in rules where r.applies(to: animation) {
            do {
                out[r.id] = try JSONDocument.parseElement(Array(r.slotJSON.utf8), name: "\(entry) \(r.path)", maxDepth: limits.maxJSONDepth,
                                                          maxBytes: limits.maxJSONBytes, maxValues: limits.maxJSONValues)
            } catch {
                throw OpenError(file: file, .invalid, "theme \"\(id)\": the slot value made from this rule is over a JSON limit: \(error.message)", location: .path(r.path))
            }
        }
        return out
    }

    // MARK: Rules

    static func rule(_ r: JSONElement, type: RuleType) throws(JSONError) -> Rule {
        let id = try r.member("id").string()
        guard !id.isEmpty else { throw r["id"]!.error("the rule's slot id is empty") }
        var animations: [String]?
        if let a = r["animations"], !a.isNull {
            animations = []
            for e in try a.array() { animations!.append(try e.string()) }
        }
        var keyframes: Int?
        var json: String
        switch type {
        case .image:
            json = try image(r.member("value"))
        case .text:
            if let list = r["keyframes"], !list.isNull {
                let kfs = try list.array()
                guard !kfs.isEmpty else { throw list.error("a rule's \"keyframes\" must not be empty") }
                keyframes = kfs.count
                var items: [String] = []
                for kf in kfs { items.append("{\"t\":\(number(try kf.member("frame").double())),\"s\":\(try document(kf.member("value")))}") }
                json = "{\"k\":[\(items.joined(separator: ","))]}"
            } else {
                json = "{\"k\":[{\"t\":0,\"s\":\(try document(r.member("value")))}]}"
            }
        case .gradient:
            let stops: Int
            let k: String
            if let list = r["keyframes"], !list.isNull {
                let kfs = try list.array()
                guard !kfs.isEmpty else { throw list.error("a rule's \"keyframes\" must not be empty") }
                keyframes = kfs.count
                stops = try kfs[0].member("value").array().count
                k = try animated(kfs, spatial: false) { (v) throws(JSONError) in try gradient(v) }
            } else {
                let v = try r.member("value")
                stops = try v.array().count
                k = "{\"a\":0,\"k\":\(try gradient(v))}"
            }
            json = "{\"p\":\(stops),\"k\":\(k)}"
        case .color, .scalar, .vector, .position:
            let value: (JSONElement) throws(JSONError) -> String
            switch type {
            case .color: value = { (v) throws(JSONError) in try numbers(v, first: 3, "a colour [r, g, b] or [r, g, b, a]") }
            case .scalar: value = { (v) throws(JSONError) in number(try v.double()) }
            default: value = { (v) throws(JSONError) in try numbers(v, first: 2, "a vector [x, y]") }
            }
            if let list = r["keyframes"], !list.isNull {
                let kfs = try list.array()
                guard !kfs.isEmpty else { throw list.error("a rule's \"keyframes\" must not be empty") }
                keyframes = kfs.count
                json = try animated(kfs, spatial: type != .vector, value)
            } else if let v = r["value"] {
                json = "{\"a\":0,\"k\":\(try value(v))}"
            } else {
                throw r.error("a \(type.rawValue) rule needs a \"value\" or \"keyframes\"", kind: .missingKey("value"))
            }
        }
        if let x = r["expression"], !x.isNull, type != .image {
            json = String(json.dropLast()) + ",\"x\":\(TextEscaping.jsonString(try x.string()))}"
        }
        return Rule(id: id, type: type, animations: animations, keyframes: keyframes, path: r.path, slotJSON: json)
    }

    /// `{"a":1,"k":[keyframes]}`; `spatial`: the format's value tangents become `ti`/`to`.
    static func animated(_ kfs: [JSONElement], spatial: Bool, _ value: (JSONElement) throws(JSONError) -> String) throws(JSONError) -> String {
        var items: [String] = []
        for kf in kfs {
            var fields = ["\"t\":\(number(try kf.member("frame").double()))", "\"s\":\(try value(kf.member("value")))"]
            if let e = kf["inTangent"], !e.isNull { fields.append("\"i\":\(try easing(e))") }
            if let e = kf["outTangent"], !e.isNull { fields.append("\"o\":\(try easing(e))") }
            if spatial, let e = kf["valueInTangent"], !e.isNull { fields.append("\"ti\":\(try numbers(e, first: nil, "numbers"))") }
            if spatial, let e = kf["valueOutTangent"], !e.isNull { fields.append("\"to\":\(try numbers(e, first: nil, "numbers"))") }
            if let h = try kf.optionalBool("hold") { fields.append("\"h\":\(h ? 1 : 0)") }
            items.append("{" + fields.joined(separator: ",") + "}")
        }
        return "{\"a\":1,\"k\":[\(items.joined(separator: ","))]}"
    }

    /// An easing handle `{"x": n or [n…], "y": n or [n…]}`.
    static func easing(_ e: JSONElement) throws(JSONError) -> String {
        func axis(_ key: String) throws(JSONError) -> String {
            let a = try e.member(key)
            if let d = a.node.asDouble { return number(d) }
            return try numbers(a, first: nil, "a number or an array of numbers")
        }
        return "{\"x\":\(try axis("x")),\"y\":\(try axis("y"))}"
    }

    /// `[n, …]` from an array of at least `first` numbers, keeping the first `first` (all when nil).
    static func numbers(_ v: JSONElement, first: Int?, _ expected: String) throws(JSONError) -> String {
        guard v.node.asArray != nil else { throw v.error("expected \(expected), found \(v.value.typeDescription)") }
        let all = try v.doubles()
        if let first, all.count < first { throw v.error("expected \(expected), found \(all.count) numbers") }
        return "[" + all.prefix(first ?? all.count).map(number).joined(separator: ",") + "]"
    }

    /// Gradient stops `[{offset, color}]` as Lottie's flat list: offset,r,g,b per stop, then
    /// offset,alpha per stop when any stop has an alpha (1 for those without).
    static func gradient(_ v: JSONElement) throws(JSONError) -> String {
        let stops = try v.array()
        guard !stops.isEmpty else { throw v.error("a gradient needs at least one stop") }
        var colors: [Double] = [], alphas: [Double] = []
        var hasAlpha = false
        for s in stops {
            let offset = try s.member("offset").double()
            let c = try s.member("color").doubles()
            guard c.count == 3 || c.count == 4 else { throw s["color"]!.error("expected a colour [r, g, b] or [r, g, b, a], found \(c.count) numbers") }
            colors += [offset, c[0], c[1], c[2]]
            alphas += [offset, c.count == 4 ? c[3] : 1]
            hasAlpha = hasAlpha || c.count == 4
        }
        return "[" + (colors + (hasAlpha ? alphas : [])).map(number).joined(separator: ",") + "]"
    }

    /// An image rule's value as an image asset: `path` (a file in the archive, `i/` by default),
    /// `dataUrl` (embedded) and `width`/`height` (the box it is drawn in).
    static func image(_ v: JSONElement) throws(JSONError) -> String {
        var fields: [String] = []
        if let w = try v.optionalDouble("width"), let h = try v.optionalDouble("height") {
            fields += ["\"w\":\(number(w))", "\"h\":\(number(h))"]
        }
        if let data = try v.optionalString("dataUrl") {
            fields += ["\"u\":\"\"", "\"p\":\(TextEscaping.jsonString(data))", "\"e\":1"]
        } else if let path = try v.optionalString("path") {
            let slash = path.lastIndex(of: "/")
            let folder = slash.map { String(path[...$0]) } ?? ""
            let file = slash.map { String(path[path.index(after: $0)...]) } ?? path
            fields += ["\"u\":\(TextEscaping.jsonString(folder))", "\"p\":\(TextEscaping.jsonString(file))", "\"e\":0"]
        } else {
            throw v.error("an Image rule's value needs a \"path\" or a \"dataUrl\"", kind: .missingKey("path"))
        }
        return "{" + fields.joined(separator: ",") + "}"
    }

    /// The format's text justifications and capitalisations, by their Lottie numbers.
    static let justifications = ["Left", "Right", "Center", "JustifyLastLeft", "JustifyLastRight", "JustifyLastCenter", "JustifyLastFull"]
    static let capitalisations = ["Regular", "AllCaps", "SmallCaps"]

    /// A Text rule's value as a Lottie text document.
    static func document(_ v: JSONElement) throws(JSONError) -> String {
        var fields = ["\"t\":\(TextEscaping.jsonString(try v.member("text").string()))"]
        if let f = try v.optionalString("fontName") { fields.append("\"f\":\(TextEscaping.jsonString(f))") }
        if let s = try v.optionalDouble("fontSize") { fields.append("\"s\":\(number(s))") }
        if let c = v["fillColor"], !c.isNull { fields.append("\"fc\":\(try numbers(c, first: 3, "a colour [r, g, b]"))") }
        if let c = v["strokeColor"], !c.isNull { fields.append("\"sc\":\(try numbers(c, first: 3, "a colour [r, g, b]"))") }
        if let w = try v.optionalDouble("strokeWidth") { fields.append("\"sw\":\(number(w))") }
        if let o = try v.optionalBool("strokeOverFill") { fields.append("\"of\":\(o)") }
        if let l = try v.optionalDouble("lineHeight") { fields.append("\"lh\":\(number(l))") }
        if let t = try v.optionalDouble("tracking") { fields.append("\"tr\":\(number(t))") }
        for (key, lottieKey, names) in [("justify", "j", justifications), ("textCaps", "ca", capitalisations)] {
            guard let text = try v.optionalString(key) else { continue }
            guard let n = names.firstIndex(of: text) else {
                throw v[key]!.error("\"\(text)\" is not one of \(names.joined(separator: ", "))")
            }
            fields.append("\"\(lottieKey)\":\(n)")
        }
        if let b = try v.optionalDouble("baselineShift") { fields.append("\"ls\":\(number(b))") }
        if let s = v["wrapSize"], !s.isNull { fields.append("\"sz\":\(try numbers(s, first: 2, "a size [width, height]"))") }
        if let p = v["wrapPosition"], !p.isNull { fields.append("\"ps\":\(try numbers(p, first: 2, "a position [x, y]"))") }
        return "{" + fields.joined(separator: ",") + "}"
    }

    /// A finite number as JSON (`Double.description` is valid JSON for finite values).
    static func number(_ d: Double) -> String { d == d.rounded() && abs(d) < 1e15 ? String(Int(d)) : "\(d)" }
}
