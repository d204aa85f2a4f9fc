import CYLDocuments
import CYLRaster
import CYLTimeline

/// Dark colours (keypath → colour overrides, what `CYLTabBarLottieDarkColors` holds) as a
/// dotLottie theme: each colour property an override recolours gets a slot id (`sid`), and the
/// theme `dark` one rule per slot with the colour the Lottie back-end would draw, so the file
/// drawn with theme `dark` equals the source drawn with the overrides.
///
/// Matching walks the document as the parser does (`OverrideMatcher` over layer, group and item
/// names, precomps under their layer's name) and recolours as `Recolor` does: a fill's or
/// stroke's colour becomes a Color rule, a gradient's colour stops a Gradient rule, and an
/// override's alpha below 255 multiplies the item's opacity (a Scalar rule). What a theme cannot
/// say the same way is an error naming the place: a solid or text layer's colour (not a slot
/// property), a property that already names a slot, animated opacity or gradients under a
/// recolouring, a precomp drawn at two places that the overrides recolour differently.
struct DarkColorTheme {
    /// The theme's id in the manifest and its entry `t/dark.json`.
    static let id = "dark"

    /// Where a slot id goes: the object at `path` (an item), its member `key`.
    struct SlotEdit {
        var path: [JSONNode.Step]
        var key: String
        var sid: String
        /// The property to add when the item has none (an opacity left at its default 100).
        var added: JSONValue?
    }

    private(set) var edits: [SlotEdit] = []
    private(set) var rules: [String] = []
    private let name: String
    private let matcher: OverrideMatcher
    private let assets: [String: (element: JSONElement, index: Int)]
    private let maxDepth: Int
    /// Per item (its JSON path), the colour it was recoloured with (nil: reached, not recoloured).
    private var seen: [String: RGBA8?] = [:]
    private var visited: Set<[String]> = []

    /// Matches `overrides` against the document `root` (read from `name`).
    init(root: JSONElement, name: String, overrides: [ColorOverride], limits: Limits) throws {
        self.name = name
        matcher = OverrideMatcher(overrides)
        maxDepth = limits.maxPrecompDepth
        var assets: [String: (element: JSONElement, index: Int)] = [:]
        if let list = root["assets"]?.asArray {
            for (i, a) in list.enumerated() {
                guard a["layers"] != nil, let id = a["id"]?.asString else { continue }
                assets[id] = (a, i)
            }
        }
        self.assets = assets
        try layers(root["layers"], at: [.key("layers")], state: matcher.initial, depth: 0)
        guard !rules.isEmpty else {
            let list = overrides.map { $0.keypath.joined(separator: ".") }.joined(separator: ", ")
            throw OpenError(file: name, .invalid, "dark colours: no keypath (\(list)) matches a fill, stroke or gradient of the animation; `cylanim keypaths` lists them")
        }
    }

    /// The theme file: `{"rules":[…]}`.
    var themeJSON: [UInt8] { Array("{\"rules\":[\(rules.joined(separator: ","))]}".utf8) }

    /// Puts each slot id into `document` (the tree `root` was read from).
    func addSlotIDs(to document: inout JSONNode) {
        for e in edits {
            if let added = e.added {
                var property = JSONNode(value: added, offset: 0)
                property.setMember(at: [], "sid", .string(e.sid))
                document.setMember(at: e.path, e.key, property.value)
            } else {
                document.setMember(at: e.path + [.key(e.key)], "sid", .string(e.sid))
            }
        }
    }

    private func fail(_ el: JSONElement, _ message: String) -> OpenError {
        OpenError(file: name, .invalid, "dark colours: \(message)", location: .path(el.path))
    }

    private mutating func layers(_ list: JSONElement?, at path: [JSONNode.Step], state: OverrideState, depth: Int) throws {
        guard let list, let items = list.asArray, depth <= maxDepth else { return }
        for (i, l) in items.enumerated() {
            guard l.isObject else { continue }
            let here = path + [.index(i)]
            let s = matcher.descend(state, keypathName(l, "Layer \(i + 1)"))
            let ty = l["ty"]?.node.asInt ?? -1
            switch ty {
            case 0:
                // A precomp is parsed once per override state; walking it once per state too keeps
                // the work bounded however often it is used. It is walked where nothing recolours
                // it as well: a place drawn unrecoloured conflicts with one drawn recoloured.
                guard let ref = l["refId"]?.node.asString, let asset = assets[ref] else { continue }
                let key = [ref] + s.positions.map { $0.map(String.init).joined(separator: ",") } + [s.inherited.sorted().map(String.init).joined(separator: ",")]
                guard visited.insert(key).inserted else { continue }
                try layers(asset.element["layers"], at: [.key("assets"), .index(asset.index), .key("layers")], state: s, depth: depth + 1)
            case 1, 5:
                let property = ty == 1 ? "Color" : "Fill Color"
                if !matcher.matching(s, property: property).isEmpty || (ty == 5 && !matcher.matching(s, property: "Stroke Color").isEmpty) {
                    throw fail(l, "this \(ty == 1 ? "solid" : "text") layer's colour is recoloured, but it is not a property a theme slot can replace; recolour shapes, or give a dark variant file")
                }
            case 4:
                try shapes(l["shapes"], at: here + [.key("shapes")], state: s)
            default:
                continue
            }
        }
    }

    private mutating func shapes(_ list: JSONElement?, at path: [JSONNode.Step], state: OverrideState) throws {
        guard let list, let items = list.asArray else { return }
        for (i, s) in items.enumerated() {
            guard s.isObject else { continue }
            // Hidden items are skipped by the parser, so they are never recoloured ("hd": true or 1).
            if let hd = s["hd"], hd.node.asBool == true || (hd.node.asDouble ?? 0) != 0 { continue }
            let ty = s["ty"]?.node.asString ?? ""
            if ty == "rp" || ty == "tr" { continue }
            let here = path + [.index(i)]
            let itemState = matcher.descend(state, keypathName(s, "\(LottieParser.shapeKinds[ty] ?? ty) \(i + 1)"))
            if ty == "gr" { try shapes(s["it"], at: here + [.key("it")], state: itemState); continue }
            guard ["fl", "st", "gf", "gs"].contains(ty) else { continue }
            let color = matcher.color(matcher.matching(itemState, property: ty == "gf" || ty == "gs" ? "Colors" : "Color"))
            let key = s.path.description
            if let before = seen[key] {
                guard before == color else {
                    throw fail(s, "this item is in a precomp drawn at two places the dark colours recolour differently; one file cannot theme both, give a dark variant file")
                }
                continue
            }
            seen[key] = color
            guard let color else { continue }
            try recolor(s, ty, at: here, color)
        }
    }

    /// A slot id for the item at JSON path `item`'s property `key`, unique in the file.
    private func sid(_ item: JSONElement, _ key: String) -> String { "dark:\(item.path.description).\(key)" }

    private mutating func recolor(_ s: JSONElement, _ ty: String, at path: [JSONNode.Step], _ c: RGBA8) throws {
        func rgb() -> String { [c.r, c.g, c.b].map { JSONWriter.number(Double($0) / 255) }.joined(separator: ",") }
        let colorKey = ty == "fl" || ty == "st" ? "c" : "g"
        guard let property = s[colorKey], property.node.asObject != nil else {
            throw fail(s, "this item has no colour \"\(colorKey)\" to give a slot")
        }
        if let existing = property["sid"]?.node.asString {
            throw fail(property, "this colour already takes slot \"\(existing)\"; a dark rule for that slot would recolour every property naming it")
        }
        let colorSID = sid(s, colorKey)
        if colorKey == "c" {
            rules.append("{\"id\":\(TextEscaping.jsonString(colorSID)),\"type\":\"Color\",\"value\":[\(rgb())]}")
        } else {
            rules.append("{\"id\":\(TextEscaping.jsonString(colorSID)),\"type\":\"Gradient\",\"value\":\(try gradientStops(property, c))}")
        }
        edits.append(SlotEdit(path: path, key: colorKey, sid: colorSID))
        guard c.a < 255 else { return }
        // Recolor multiplies the opacity by the override's alpha: the same product, as a Scalar rule.
        let k = Double(c.a) / 255
        let opacitySID = sid(s, "o")
        var added: JSONValue?
        let o: Double
        if let op = s["o"] {
            if let existing = op["sid"]?.node.asString {
                throw fail(op, "this opacity already takes slot \"\(existing)\"; a translucent dark colour cannot also give it a dark rule")
            }
            guard (op["a"]?.node.asInt ?? 0) == 0, let v = Self.fixedNumber(op["k"]) else {
                throw fail(op, "an animated opacity under a translucent dark colour (alpha below ff) cannot be one theme value; use an opaque colour or a dark variant file")
            }
            o = v
        } else {
            o = 100
            added = .object([(key: "a", value: JSONNode(value: .number(0), offset: 0)), (key: "k", value: JSONNode(value: .number(100), offset: 0))])
        }
        rules.append("{\"id\":\(TextEscaping.jsonString(opacitySID)),\"type\":\"Scalar\",\"value\":\(JSONWriter.number(o * k))}")
        edits.append(SlotEdit(path: path, key: "o", sid: opacitySID, added: added))
    }

    /// A fixed number property value: `n` or `[n]`.
    static func fixedNumber(_ k: JSONElement?) -> Double? {
        if let d = k?.node.asDouble { return d }
        if let a = k?.node.asArray, a.count == 1 { return a[0].asDouble }
        return nil
    }

    /// The Gradient rule value: the gradient's stops with every colour stop `c` (as `Recolor.stops`
    /// does), offsets and opacity stops kept. The rule format gives each opacity stop its colour
    /// stop's offset, so a gradient whose opacity stops sit elsewhere is an error.
    private func gradientStops(_ g: JSONElement, _ c: RGBA8) throws -> String {
        guard let count = g["p"]?.node.asInt, count > 0, let k = g["k"], (k["a"]?.node.asInt ?? 0) == 0,
              let raw = k["k"]?.node.asArray else {
            throw fail(g, "an animated gradient (or one without its stop count \"p\") cannot be one theme value; give a dark variant file")
        }
        let v = raw.compactMap(\.asDouble)
        guard v.count == raw.count, v.count == count * 4 || v.count == count * 6 else {
            throw fail(g, "the gradient's \(v.count) numbers are not \(count) colour stops (with or without opacity stops)")
        }
        let alphas = v.count == count * 6
        var stops: [String] = []
        for i in 0..<count {
            var color = [Double(c.r) / 255, Double(c.g) / 255, Double(c.b) / 255]
            if alphas {
                guard v[count * 4 + i * 2] == v[i * 4] else {
                    throw fail(g, "opacity stop \(i + 1) is not at its colour stop's offset, which a theme's gradient cannot say; give a dark variant file")
                }
                color.append(v[count * 4 + i * 2 + 1])
            }
            stops.append("{\"offset\":\(JSONWriter.number(v[i * 4])),\"color\":[\(color.map(JSONWriter.number).joined(separator: ","))]}")
        }
        return "[" + stops.joined(separator: ",") + "]"
    }

    private func keypathName(_ el: JSONElement, _ fallback: String) -> String {
        let n = el["nm"]?.node.asString ?? fallback
        return n.isEmpty ? fallback : n
    }
}
