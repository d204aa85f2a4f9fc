import CYLDocuments

/// One addressable thing in a Lottie document: a layer, a group or a shape item, named by the
/// names from the root down joined with `.` (what dark-mode colour overrides match, with `*` for
/// one name and `**` for any number).
public struct LottieKeypath: Sendable, Equatable, CustomStringConvertible {
    public var keypath: String
    /// "shape layer", "precomp layer", "group", "fill", "stroke", "gradient fill", "path", ...
    public var kind: String
    /// Whether the item has a colour an override can replace (fills, strokes, solids, text).
    public var hasColor: Bool

    public var description: String { "\(keypath)  (\(kind))" }
}

extension LottieParser {
    static let layerKinds = [0: "precomp layer", 1: "solid layer", 2: "image layer", 3: "null layer", 4: "shape layer", 5: "text layer"]
    static let shapeKinds = ["gr": "group", "sh": "path", "rc": "rectangle", "el": "ellipse", "sr": "polystar",
                             "fl": "fill", "st": "stroke", "gf": "gradient fill", "gs": "gradient stroke", "tm": "trim paths",
                             "rd": "rounded corners", "rp": "repeater", "mm": "merge paths", "op": "offset path",
                             "pb": "pucker/bloat", "tw": "twist", "zz": "zig-zag", "tr": "transform"]

    /// Every layer, group and shape item keypath, in document order; precomp layers list their
    /// content below their own name (to the precomp depth limit).
    static func keypaths(_ root: JSONElement, maxDepth: Int) -> [LottieKeypath] {
        var assets: [String: JSONElement] = [:]
        if let list = root["assets"]?.asArray {
            for a in list {
                guard let id = a["id"]?.asString ?? a["id"]?.asInt.map(String.init) else { continue }
                if a["layers"] != nil { assets[id] = a }
            }
        }
        var out: [LottieKeypath] = []
        func name(_ el: JSONElement, _ fallback: String) -> String {
            let n = el["nm"]?.asString ?? fallback
            return n.isEmpty ? fallback : n
        }
        func shapes(_ list: JSONElement?, _ prefix: String) {
            guard let list, let items = list.asArray else { return }
            for (i, s) in items.enumerated() {
                guard let ty = s["ty"]?.asString, ty != "tr" else { continue }
                let path = prefix + "." + name(s, "\(shapeKinds[ty] ?? ty) \(i + 1)")
                out.append(LottieKeypath(keypath: path, kind: shapeKinds[ty] ?? "unknown (\(ty))",
                                         hasColor: ["fl", "st"].contains(ty)))
                if ty == "gr" { shapes(s["it"], path) }
            }
        }
        func layers(_ list: JSONElement?, _ prefix: String, _ depth: Int) {
            guard let list, let items = list.asArray, depth <= maxDepth else { return }
            for (i, l) in items.enumerated() {
                let ty = l["ty"]?.asInt ?? -1
                let n = name(l, "Layer \(i + 1)")
                let path = prefix.isEmpty ? n : prefix + "." + n
                out.append(LottieKeypath(keypath: path, kind: layerKinds[ty] ?? "layer (ty \(ty))", hasColor: ty == 1 || ty == 5))
                if ty == 4 { shapes(l["shapes"], path) }
                if ty == 0, let ref = l["refId"]?.asString, let a = assets[ref] { layers(a["layers"], path, depth + 1) }
            }
        }
        layers(root["layers"], "", 0)
        return out
    }
}
