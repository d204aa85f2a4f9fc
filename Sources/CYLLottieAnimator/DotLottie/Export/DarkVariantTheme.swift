import CYLDocuments
import CYLTimeline

/// A dark variant file (`icon_dark.json` beside `icon.json`) as a dotLottie theme: the two
/// documents are compared member by member, and each animatable property whose value differs gets
/// a slot id (`sid`) in the light document and a rule of the theme `dark` holding the dark value,
/// typed by its key (c → Color, o/r/w and other numbers → Scalar, p → Position, s/a → Vector,
/// g → Gradient). Anything else that differs (layer or shape counts, types, names, timing, a
/// property a rule cannot carry exactly) is an error naming both files and the JSON path: the
/// file would otherwise not draw the dark variant.
struct DarkVariantTheme {
    private(set) var edits: [(path: [JSONNode.Step], sid: String)] = []
    private(set) var rules: [String] = []
    let lightName: String, darkName: String

    /// Compares `light` (read from `lightName`) with `dark` (from `darkName`).
    init(light: JSONElement, lightName: String, dark: JSONElement, darkName: String) throws {
        self.lightName = lightName
        self.darkName = darkName
        try compare(light, dark, at: [], key: nil)
        guard !rules.isEmpty else {
            throw OpenError(file: darkName, .invalid, "the dark variant draws the same as \(lightName): no property differs, so there is no dark theme to write")
        }
    }

    /// The theme file: `{"rules":[…]}`.
    var themeJSON: [UInt8] { Array("{\"rules\":[\(rules.joined(separator: ","))]}".utf8) }

    /// Puts each slot id into `document` (the tree `light` was read from).
    func addSlotIDs(to document: inout JSONNode) {
        for e in edits { document.setMember(at: e.path, "sid", .string(e.sid)) }
    }

    private func fail(_ el: JSONElement, _ message: String) -> OpenError {
        OpenError(file: lightName, .invalid, "\(message) in the dark variant \(darkName) (at \(el.path)); a dark theme can only change animatable values, give the differences as dark colours or draw dark separately",
                  location: .path(el.path))
    }

    /// Whether two JSON values are the same (numbers as numbers, members in any order).
    static func same(_ a: JSONNode, _ b: JSONNode) -> Bool {
        switch (a.value, b.value) {
        case (.null, .null): return true
        case let (.bool(x), .bool(y)): return x == y
        case let (.number(x), .number(y)): return x == y
        case let (.string(x), .string(y)): return x == y
        case let (.array(x), .array(y)): return x.count == y.count && zip(x, y).allSatisfy { same($0, $1) }
        case let (.object(x), .object(y)):
            guard x.count == y.count else { return false }
            for m in x {
                guard let other = y.first(where: { $0.key == m.key }), same(m.value, other.value) else { return false }
            }
            return true
        default: return false
        }
    }

    /// The keys whose values are animatable properties a rule can carry.
    static let propertyKeys: Set<String> = ["c", "o", "r", "w", "p", "s", "a", "g", "e", "sk", "sa", "rx", "ry", "rz", "or", "ir", "os", "is", "pt", "sw"]

    private mutating func compare(_ l: JSONElement, _ d: JSONElement, at path: [JSONNode.Step], key: String?) throws {
        if Self.same(l.node, d.node) { return }
        if let key, Self.propertyKeys.contains(key), l.node.asObject != nil, d.node.asObject != nil,
           l["k"] != nil, d["k"] != nil, key == "g" || l["a"] != nil || d["a"] != nil {
            return try addRule(l, d, at: path, key: key)
        }
        switch (l.value, d.value) {
        case (.object, .object):
            if let lt = l["ty"], let dt = d["ty"], !Self.same(lt.node, dt.node) {
                throw fail(l, "the type \"ty\" is \(JSONWriter.text(lt.node)) here and \(JSONWriter.text(dt.node))")
            }
            let lKeys = (l.node.asObject ?? []).map(\.key), dKeys = (d.node.asObject ?? []).map(\.key)
            if Set(lKeys) != Set(dKeys) {
                let only = Set(lKeys).symmetricDifference(dKeys).sorted().map { "\"\($0)\"" }.joined(separator: ", ")
                throw fail(l, "members \(only) are in one file and not the other")
            }
            for (i, k) in lKeys.enumerated() {
                _ = i
                try compare(l[k]!, d[k]!, at: path + [.key(k)], key: k)
            }
        case (.array(let la), .array(let da)):
            guard la.count == da.count else {
                throw fail(l, "\(la.count) items here and \(da.count)")
            }
            for (i, (le, de)) in zip(l.asArray ?? [], d.asArray ?? []).enumerated() { try compare(le, de, at: path + [.index(i)], key: nil) }
        default:
            throw fail(l, "the value \(Self.excerpt(l.node)) is \(Self.excerpt(d.node))")
        }
    }

    static func excerpt(_ n: JSONNode) -> String {
        let t = JSONWriter.text(n)
        return t.count > 40 ? String(t.prefix(37)) + "..." : t
    }

    private mutating func addRule(_ l: JSONElement, _ d: JSONElement, at path: [JSONNode.Step], key: String) throws {
        if let sid = l["sid"]?.node.asString { throw fail(l, "this property, which takes slot \"\(sid)\", differs") }
        if d["x"] != nil || l["x"] != nil { throw fail(l, "this property has an expression and differs") }
        let sid = "dark:\(l.path.description)"
        let body: String
        if key == "g" {
            body = try gradient(l, d)
        } else {
            let k = d["k"]!
            let animated = (d["a"]?.node.asInt ?? 0) == 1
            let number = animated ? k[0]?["s"].flatMap { Self.scalar($0.node) } : Self.scalar(k.node)
            // Typed by key where the key says (c a colour, p a position), else by the value's
            // shape: a number is a Scalar (o, r, w, a trim's s), a list a Vector (s, a, a
            // gradient's e).
            let type: String
            if key == "c" { type = "Color" } else if number != nil { type = "Scalar" } else if key == "p" { type = "Position" } else { type = "Vector" }
            func value(_ v: JSONElement) throws -> String {
                if type == "Scalar" {
                    guard let n = Self.scalar(v.node) else { throw fail(v, "expected a number") }
                    return JSONWriter.number(n)
                }
                guard let a = v.node.asArray, a.allSatisfy({ $0.asDouble != nil }) else { throw fail(v, "expected numbers") }
                return JSONWriter.text(v.node)
            }
            if animated {
                guard let kfs = k.asArray, !kfs.isEmpty else { throw fail(k, "an animated property without keyframes") }
                var items: [String] = []
                for (i, kf) in kfs.enumerated() {
                    guard kf["e"] == nil else { throw fail(kf, "a keyframe with an end value \"e\" (an old format a theme cannot carry) differs") }
                    var f = ["\"frame\":\(JSONWriter.text(try Self.member(kf, "t", fail)))"]
                    if let s = kf["s"] { f.append("\"value\":\(try value(s))") } else if i != kfs.count - 1 {
                        throw fail(kf, "a keyframe without a value \"s\"")
                    } else {
                        // The last keyframe may only mark the end time; its value is the one before.
                        guard i > 0, let previous = kfs[i - 1]["s"] else { throw fail(kf, "a keyframe without a value \"s\"") }
                        f.append("\"value\":\(try value(previous))")
                    }
                    if let v = kf["i"] { f.append("\"inTangent\":\(JSONWriter.text(v.node))") }
                    if let v = kf["o"] { f.append("\"outTangent\":\(JSONWriter.text(v.node))") }
                    if type != "Vector", let v = kf["ti"] { f.append("\"valueInTangent\":\(JSONWriter.text(v.node))") }
                    if type != "Vector", let v = kf["to"] { f.append("\"valueOutTangent\":\(JSONWriter.text(v.node))") }
                    if let h = kf["h"] { f.append("\"hold\":\((h.node.asDouble ?? 0) != 0 || h.node.asBool == true)") }
                    items.append("{" + f.joined(separator: ",") + "}")
                }
                body = "\"type\":\"\(type)\",\"keyframes\":[\(items.joined(separator: ","))]"
            } else {
                body = "\"type\":\"\(type)\",\"value\":\(try value(k))"
            }
        }
        rules.append("{\"id\":\(TextEscaping.jsonString(sid)),\(body)}")
        edits.append((path, sid))
    }

    static func member(_ el: JSONElement, _ key: String, _ fail: (JSONElement, String) -> OpenError) throws -> JSONNode {
        guard let m = el[key] else { throw fail(el, "no \"\(key)\"") }
        return m.node
    }

    /// `n` or `[n]` as a number.
    static func scalar(_ n: JSONNode) -> Double? {
        if let d = n.asDouble { return d }
        if let a = n.asArray, a.count == 1 { return a[0].asDouble }
        return nil
    }

    /// A Gradient rule's body for the dark gradient `d` (`{"p":n,"k":{…}}`): its stops as the
    /// format's `[{offset, color}]`, which gives opacity stops their colour stops' offsets.
    private func gradient(_ l: JSONElement, _ d: JSONElement) throws -> String {
        guard let count = d["p"]?.node.asInt, count > 0, let k = d["k"], let inner = k["k"] else {
            throw fail(d, "a gradient without its stop count \"p\" and stops \"k\"")
        }
        func stops(_ v: JSONElement) throws -> String {
            guard let raw = v.node.asArray else { throw fail(v, "expected the gradient's numbers") }
            let n = raw.compactMap(\.asDouble)
            guard n.count == raw.count, n.count == count * 4 || n.count == count * 6 else {
                throw fail(v, "the gradient's \(n.count) numbers are not \(count) colour stops (with or without opacity stops)")
            }
            var out: [String] = []
            for i in 0..<count {
                var color = Array(n[(i * 4 + 1)...(i * 4 + 3)])
                if n.count == count * 6 {
                    guard n[count * 4 + i * 2] == n[i * 4] else {
                        throw fail(v, "opacity stop \(i + 1) is not at its colour stop's offset, which a theme's gradient cannot say")
                    }
                    color.append(n[count * 4 + i * 2 + 1])
                }
                out.append("{\"offset\":\(JSONWriter.number(n[i * 4])),\"color\":[\(color.map(JSONWriter.number).joined(separator: ","))]}")
            }
            return "[" + out.joined(separator: ",") + "]"
        }
        if (k["a"]?.node.asInt ?? 0) == 1 {
            guard let kfs = inner.asArray else { throw fail(inner, "expected keyframes") }
            var items: [String] = []
            for kf in kfs {
                guard kf["e"] == nil, let s = kf["s"] else { throw fail(kf, "a gradient keyframe without a value \"s\" or with an end value \"e\"") }
                var f = ["\"frame\":\(JSONWriter.text(try Self.member(kf, "t", fail)))", "\"value\":\(try stops(s))"]
                if let v = kf["i"] { f.append("\"inTangent\":\(JSONWriter.text(v.node))") }
                if let v = kf["o"] { f.append("\"outTangent\":\(JSONWriter.text(v.node))") }
                if let h = kf["h"] { f.append("\"hold\":\((h.node.asDouble ?? 0) != 0 || h.node.asBool == true)") }
                items.append("{" + f.joined(separator: ",") + "}")
            }
            return "\"type\":\"Gradient\",\"keyframes\":[\(items.joined(separator: ","))]"
        }
        return "\"type\":\"Gradient\",\"value\":\(try stops(inner))"
    }
}
