import CYLCodecs
import CYLGeometry
import CYLRaster
import CYLTimeline

/// Why a Lottie document cannot be opened: the JSON path of the offending value and what is wrong.
public struct LottieError: Error, CustomStringConvertible, Sendable {
    public var file: String
    /// A JSON path (`layers[3].ks.o`) or another location; empty for the whole document.
    public var location: String
    public var message: String

    public init(file: String, location: String = "", _ message: String) {
        self.file = file; self.location = location; self.message = message
    }

    public var description: String { location.isEmpty ? "\(file): \(message)" : "\(file):\(location): \(message)" }
}

/// Reads a Lottie JSON tree into the typed model. The only code that knows Lottie's JSON keys.
/// Unknown or unsupported things become diagnostics with their JSON path; values of the wrong type
/// where a default makes sense become diagnostics too, so a sloppy file still plays.
struct LottieParser {
    let name: String
    let limits: Limits
    var diagnostics: [Diagnostic] = []
    private var counts: [String: Int] = [:]
    private var firstIndex: [String: Int] = [:]

    /// Colour overrides, resolved while parsing (nil when there are none).
    private let matcher: OverrideMatcher?
    /// The override state of the layer or group whose content is being parsed (nil: recolour nothing).
    private var overrideState: OverrideState?
    /// Overrides that recoloured at least one fill, stroke, gradient or solid.
    private var usedOverrides: Set<Int> = []
    /// Precomp assets by id, for parsing them again where overrides recolour them.
    private var precompElements: [String: JSONElement] = [:]
    /// Precomps parsed for one override state, by asset id and state; their model ids.
    private var specialized: [SpecializationKey: String] = [:]
    private var specializedPrecomps: [String: CompositionModel] = [:]
    private struct SpecializationKey: Hashable { var id: String; var state: OverrideState }
    /// Set while a precomp is parsed again for overrides: its notes were made by the first parse.
    private var muted = false

    init(name: String, limits: Limits, colorOverrides: [ColorOverride] = []) {
        self.name = name
        self.limits = limits
        self.matcher = colorOverrides.isEmpty ? nil : OverrideMatcher(colorOverrides)
    }

    // MARK: Diagnostics

    /// Reports `message` at `el`; messages with the same `key` are reported once with a count later.
    mutating func note(_ el: JSONElement?, _ message: String, key: String? = nil, severity: Diagnostic.Severity = .warning) {
        if muted { return }
        let k = key ?? message
        counts[k, default: 0] += 1
        if counts[k]! > 1 { return }
        firstIndex[k] = diagnostics.count
        diagnostics.append(Diagnostic(severity, at: el.map { "\($0.path)" } ?? "", message))
    }

    func error(_ el: JSONElement, _ message: String) -> LottieError {
        LottieError(file: name, location: "\(el.path)", message)
    }

    mutating func finishDiagnostics() {
        for (k, n) in counts where n > 1 {
            if let i = firstIndex[k] { diagnostics[i].message += " (and \(n - 1) more like it)" }
        }
    }

    // MARK: Lenient scalars

    mutating func double(_ el: JSONElement?, _ key: String, _ fallback: Double) -> Double {
        guard let m = el?[key], !m.isNull else { return fallback }
        if let d = m.node.asDouble { return d }
        if let b = m.node.asBool { return b ? 1 : 0 }
        if let a = m.node.asArray, let d = a.first?.asDouble { return d }
        note(m, "expected a number for \"\(key)\", found \(m.value.typeDescription); using \(fallback)")
        return fallback
    }

    mutating func int(_ el: JSONElement?, _ key: String) -> Int? {
        guard let m = el?[key], !m.isNull else { return nil }
        if let d = m.node.asDouble, d.isFinite, abs(d) < 1e15 { return Int(d.rounded()) }
        if let b = m.node.asBool { return b ? 1 : 0 }
        note(m, "expected a number for \"\(key)\", found \(m.value.typeDescription); ignored")
        return nil
    }

    mutating func bool(_ el: JSONElement?, _ key: String) -> Bool {
        guard let m = el?[key], !m.isNull else { return false }
        if let b = m.node.asBool { return b }
        if let d = m.node.asDouble { return d != 0 }
        note(m, "expected a boolean for \"\(key)\", found \(m.value.typeDescription); using false")
        return false
    }

    func string(_ el: JSONElement?, _ key: String) -> String? { el?[key]?.node.asString }

    // MARK: Document

    mutating func parseDocument(_ root: JSONElement) throws(LottieError) -> AnimationModel {
        guard root.node.asObject != nil else {
            throw error(root, "a Lottie document is a JSON object, found \(root.value.typeDescription)")
        }
        guard let w = root["w"]?.node.asDouble, let h = root["h"]?.node.asDouble else {
            throw error(root, "missing the composition size (\"w\" and \"h\")")
        }
        guard w > 0, h > 0, w.isFinite, h.isFinite, w <= 100_000, h <= 100_000 else {
            throw error(root["w"]!, "invalid composition size \(w)x\(h)")
        }
        guard let fr = root["fr"]?.node.asDouble, fr > 0, fr.isFinite, fr <= 1000 else {
            throw error(root["fr"] ?? root, "missing or invalid frame rate \"fr\" (expected a number above 0 and at most 1000)")
        }
        guard let ip = root["ip"]?.node.asDouble, let op = root["op"]?.node.asDouble, ip.isFinite, op.isFinite else {
            throw error(root, "missing the in and out points (\"ip\" and \"op\")")
        }
        guard op > ip else { throw error(root["op"]!, "the out point \(op) is not after the in point \(ip)") }
        let frames = (op - ip).rounded()
        guard frames <= Double(limits.maxFrames) else {
            throw error(root["op"]!, "the animation has \(Int(frames)) frames, more than the limit of \(limits.maxFrames) (raise it with --max-frames)")
        }
        if root["ddd"]?.node.asDouble == 1 || root["ddd"]?.node.asBool == true {
            note(root["ddd"], "3D layers are drawn flat (no camera or depth)", severity: .note)
        }
        if let fonts = root["fonts"], let list = fonts["list"]?.node.asArray, !list.isEmpty {
            note(fonts, "fonts are not used: text layers are not supported yet")
        }
        if root["chars"] != nil { note(root["chars"], "glyph data is not used: text layers are not supported yet") }

        // Assets first: precomps and images.
        var precompElements: [String: JSONElement] = [:]
        var images: [String: Pixmap] = [:]
        if let assets = root["assets"] {
            if let list = try? assets.array() {
                for a in list {
                    guard let id = idString(a) else { note(a, "asset without an \"id\"; ignored"); continue }
                    if a["layers"] != nil {
                        precompElements[id] = a
                    } else if let p = string(a, "p") {
                        if let img = decodeImage(a, p) { images[id] = img }
                    } else {
                        note(a, "unrecognised asset; ignored")
                    }
                }
            } else {
                note(assets, "\"assets\" is not an array; ignored")
            }
        }
        try checkPrecompGraph(root, precompElements)
        self.precompElements = precompElements
        var precomps: [String: CompositionModel] = [:]
        for (id, el) in precompElements.sorted(by: { $0.key < $1.key }) {
            precomps[id] = try parseComposition(el.member2("layers"))
        }
        guard let layersEl = root["layers"] else { throw error(root, "missing \"layers\"") }
        overrideState = matcher?.initial
        let main = try parseComposition(layersEl)
        overrideState = nil
        precomps.merge(specializedPrecomps) { a, _ in a }
        if let matcher {
            for (i, o) in matcher.overrides.enumerated() where !usedOverrides.contains(i) {
                let keypath = o.keypath.joined(separator: ".")
                note(nil, "colour override '\(keypath)' matches no fill, stroke or gradient", key: "override \(i)")
            }
        }

        var markers: [(String, Double, Double)] = []
        if let ms = root["markers"]?.node.asArray {
            for (i, _) in ms.enumerated() {
                guard let m = root["markers"]?[i] else { continue }
                let n = string(m, "cm") ?? "marker \(i)"
                markers.append((n, double(m, "tm", 0), double(m, "dr", 0)))
            }
        }
        finishDiagnostics()
        return AnimationModel(name: string(root, "nm") ?? "", width: w, height: h, frameRate: fr,
                              inPoint: ip, outPoint: op, root: main, precomps: precomps, images: images,
                              markers: markers)
    }

    func idString(_ a: JSONElement) -> String? {
        if let s = a["id"]?.node.asString { return s }
        if let d = a["id"]?.node.asInt { return String(d) }
        return nil
    }

    /// Rejects precomp cycles and nesting deeper than the limit, before anything is built.
    mutating func checkPrecompGraph(_ root: JSONElement, _ assets: [String: JSONElement]) throws(LottieError) {
        func refs(_ layers: JSONElement?) -> [(String, JSONElement)] {
            guard let layers, let list = try? layers.array() else { return [] }
            var out: [(String, JSONElement)] = []
            for l in list where l["ty"]?.node.asInt == 0 {
                if let r = l["refId"]?.node.asString { out.append((r, l)) }
            }
            return out
        }
        var depthOf: [String: Int] = [:]
        var visiting: Set<String> = []
        func depth(_ id: String, _ via: JSONElement) throws(LottieError) -> Int {
            if let d = depthOf[id] { return d }
            if visiting.contains(id) {
                throw LottieError(file: name, location: "\(via.path)", "precomp \"\(id)\" contains itself (a precomp cycle)")
            }
            guard let a = assets[id] else { return 0 }
            visiting.insert(id)
            var d = 1
            for (r, l) in refs(a["layers"]) { d = max(d, 1 + (try depth(r, l))) }
            visiting.remove(id)
            depthOf[id] = d
            if d > limits.maxPrecompDepth {
                throw LottieError(file: name, location: "\(via.path)",
                                  "precomps nest \(d) deep, more than the limit of \(limits.maxPrecompDepth) (raise it with --max-precomp-depth)")
            }
            return d
        }
        for (r, l) in refs(root["layers"]) {
            if assets[r] == nil { note(l["refId"], "precomp \"\(r)\" is not among the assets; the layer draws nothing") }
            _ = try depth(r, l)
        }
    }

    mutating func decodeImage(_ a: JSONElement, _ p: String) -> Pixmap? {
        let prefix = "data:image/"
        guard p.hasPrefix(prefix) || (a["e"]?.node.asInt == 1) else {
            note(a, "external image \"\(string(a, "u") ?? "")\(p)\" is not loaded (only embedded PNG images are)")
            return nil
        }
        guard let comma = p.firstIndex(of: ",") else { note(a["p"], "embedded image without data"); return nil }
        let header = p[p.startIndex..<comma]
        guard header.contains("png") else {
            note(a["p"], "embedded \(header.dropFirst(5)) image is not supported (only PNG); drawn as nothing")
            return nil
        }
        guard let bytes = Base64.decode(p[p.index(after: comma)...]) else {
            note(a["p"], "embedded image has invalid base64 data"); return nil
        }
        do {
            return try PNGCodec.decode(bytes, name: "\(name):\(a.path)", maxPixels: limits.maxCanvasPixels)
        } catch {
            note(a["p"], "embedded PNG cannot be decoded: \(error.message)")
            return nil
        }
    }

    // MARK: Layers

    mutating func parseComposition(_ el: JSONElement) throws(LottieError) -> CompositionModel {
        guard let list = try? el.array() else { throw error(el, "expected an array of layers, found \(el.value.typeDescription)") }
        var layers: [LayerModel] = []
        var indexOf: [Int: Int] = [:]
        let parentState = overrideState
        defer { overrideState = parentState }
        for (i, l) in list.enumerated() {
            guard l.node.asObject != nil else { note(l, "a layer is not an object; ignored"); continue }
            if let matcher, let parentState { overrideState = matcher.descend(parentState, keypathName(l, "Layer \(i + 1)")) }
            let layer = try parseLayer(l)
            if let i = layer.index { indexOf[i] = layers.count }
            layers.append(layer)
        }
        // Parenting cycles are rejected (a layer may not be its own ancestor).
        for (pos, layer) in layers.enumerated() {
            var seen: Set<Int> = [pos]
            var p = layer.parent
            while let pi = p, let at = indexOf[pi] {
                if seen.contains(at) {
                    throw LottieError(file: name, location: "\(list[pos].path).parent", "layer parenting forms a cycle")
                }
                seen.insert(at)
                p = layers[at].parent
            }
            if let pi = layer.parent, indexOf[pi] == nil {
                note(list[pos]["parent"], "parent layer \(pi) does not exist; ignored")
            }
        }
        return CompositionModel(layers: layers, indexOf: indexOf)
    }

    mutating func parseLayer(_ l: JSONElement) throws(LottieError) -> LayerModel {
        let ty = int(l, "ty") ?? -1
        let content: LayerContent
        switch ty {
        case 0:
            let id = try precompID(string(l, "refId") ?? "")
            content = .precomp(id: id, width: l["w"]?.node.asDouble, height: l["h"]?.node.asDouble)
        case 1:
            var color = parseHexColor(l["sc"])
            if let c = overrideColor(property: "Color") { color = Color(c) }
            content = .solid(color: color, width: double(l, "sw", 0), height: double(l, "sh", 0))
        case 2:
            content = .image(id: string(l, "refId") ?? "")
        case 3:
            content = .null
        case 4:
            content = .shapes(try parseShapeList(l["shapes"]))
        case 5:
            note(l, "text layers are not supported yet; the layer draws nothing", key: "text layer")
            content = .unsupported
        default:
            let names = [6: "audio", 7: "video placeholder", 8: "image sequence", 9: "video", 10: "image placeholder",
                         11: "guide", 12: "adjustment", 13: "camera", 14: "light", 15: "data"]
            note(l["ty"], "\(names[ty] ?? "unknown (ty \(ty))") layer is not supported; it draws nothing", key: "layer type \(ty)")
            content = .unsupported
        }
        var transform = TransformModel()
        if let ks = l["ks"] { transform = try parseTransform(ks) } else if ty != 6 { note(l, "layer has no transform \"ks\"") }
        if let ef = l["ef"]?.node.asArray, !ef.isEmpty {
            note(l["ef"], "layer effects are not supported; drawn without them", key: "effects")
        }
        if let sy = l["sy"]?.node.asArray, !sy.isEmpty {
            note(l["sy"], "layer styles are not supported; drawn without them", key: "layer styles")
        }
        var masks: [MaskModel] = []
        if let mp = l["masksProperties"], let list = try? mp.array() {
            for m in list { masks.append(try parseMask(m)) }
        }
        var matte: MatteMode? = nil
        if let tt = int(l, "tt"), tt != 0 {
            switch tt {
            case 1: matte = .alpha
            case 2: matte = .alphaInverted
            case 3: matte = .luma
            case 4: matte = .lumaInverted
            default: note(l["tt"], "unknown track matte mode \(tt); ignored")
            }
        }
        var blend = BlendMode.normal
        if let bm = int(l, "bm"), bm != 0 {
            let modes: [BlendMode] = [.normal, .multiply, .screen, .overlay, .darken, .lighten, .colorDodge, .colorBurn,
                                      .hardLight, .softLight, .difference, .exclusion, .hue, .saturation, .color, .luminosity, .add]
            if bm > 0 && bm < modes.count { blend = modes[bm] } else { note(l["bm"], "unknown blend mode \(bm); using normal") }
        }
        var tm: VectorProperty? = nil
        if let t = l["tm"] {
            if ty == 0 { tm = try parseVector(t) } else { note(t, "time remapping on a layer that is not a precomp; ignored") }
        }
        let sr = double(l, "sr", 1)
        if bool(l, "ao") && ty != 0 { }
        return LayerModel(
            name: string(l, "nm") ?? "", index: int(l, "ind"), parent: int(l, "parent"), content: content,
            transform: transform, autoOrient: bool(l, "ao"),
            inPoint: double(l, "ip", -1e9), outPoint: double(l, "op", 1e9), startTime: double(l, "st", 0),
            stretch: sr == 0 || !sr.isFinite ? 1 : sr, timeRemap: tm, masks: masks, matteMode: matte,
            matteParent: int(l, "tp"), isMatteSource: bool(l, "td"), blendMode: blend, hidden: bool(l, "hd"))
    }

    mutating func parseHexColor(_ el: JSONElement?) -> Color {
        guard let el, let s = el.node.asString else { return .black }
        var hex = s.hasPrefix("#") ? String(s.dropFirst()) : s
        if hex.count == 3 { hex = hex.map { "\($0)\($0)" }.joined() }
        guard hex.count == 6 || hex.count == 8, let v = UInt64(hex, radix: 16) else {
            note(el, "invalid colour \"\(s)\"; using black")
            return .black
        }
        let shift = hex.count == 8 ? 8 : 0
        let r = Double((v >> (16 + shift)) & 0xff) / 255, g = Double((v >> (8 + shift)) & 0xff) / 255, b = Double((v >> shift) & 0xff) / 255
        return Color(r, g, b)
    }

    mutating func parseMask(_ m: JSONElement) throws(LottieError) -> MaskModel {
        let modeText = string(m, "mode") ?? "a"
        let mode: Mask.Mode?
        switch modeText {
        case "a": mode = .add
        case "s": mode = .subtract
        case "i": mode = .intersect
        case "l": mode = .lighten
        case "d": mode = .darken
        case "f": mode = .difference
        case "n": mode = nil
        default: note(m["mode"], "unknown mask mode \"\(modeText)\"; treated as add"); mode = .add
        }
        let shape = try m["pt"].map { (e) throws(LottieError) in try parseShapeProperty(e) } ?? .fixed(.empty)
        let opacity = try m["o"].map { (e) throws(LottieError) in try parseVector(e) } ?? .fixed([100])
        let x = try m["x"].map { (e) throws(LottieError) in try parseVector(e) } ?? .fixed([0])
        return MaskModel(mode: mode, shape: shape, opacity: opacity, inverted: bool(m, "inv"), expansion: x)
    }

    // MARK: Transforms

    mutating func parseTransform(_ ks: JSONElement) throws(LottieError) -> TransformModel {
        var t = TransformModel()
        if let a = ks["a"] { t.anchor = try parseVector(a) }
        if let p = ks["p"] {
            if bool(p, "s") || (p["x"] != nil && p["k"] == nil) {
                t.positionX = try p["x"].map { (e) throws(LottieError) in try parseVector(e) } ?? .fixed([0])
                t.positionY = try p["y"].map { (e) throws(LottieError) in try parseVector(e) } ?? .fixed([0])
                if p["z"] != nil { note(p["z"], "the z position is ignored (drawn flat)", severity: .note) }
            } else {
                t.position = try parseVector(p, spatial: true)
            }
        }
        if let s = ks["s"] { t.scale = try parseVector(s) }
        if let r = ks["r"] { t.rotation = try parseVector(r) } else if let r = ks["rz"] { t.rotation = try parseVector(r) }
        if ks["rx"] != nil || ks["ry"] != nil || ks["or"] != nil { note(ks, "3D rotation is ignored (drawn flat)", key: "3d rotation") }
        if let o = ks["o"] { t.opacity = try parseVector(o) }
        if let sk = ks["sk"] { t.skew = try parseVector(sk) }
        if let sa = ks["sa"] { t.skewAxis = try parseVector(sa) }
        return t
    }

    // MARK: Shapes

    mutating func parseShapeList(_ el: JSONElement?) throws(LottieError) -> [ShapeItem] {
        guard let el else { return [] }
        guard let list = try? el.array() else { note(el, "expected an array of shapes; ignored"); return [] }
        var items: [ShapeItem] = []
        let parentState = overrideState
        defer { overrideState = parentState }
        for (i, s) in list.enumerated() {
            guard s.node.asObject != nil else { note(s, "a shape is not an object; ignored"); continue }
            if bool(s, "hd") { continue }
            let ty = string(s, "ty") ?? ""
            if ty == "rp" {
                let rep = try parseRepeater(s)
                items = [.repeater(rep, content: items)]
                continue
            }
            if ty == "tr" { continue }  // taken by the enclosing group
            if let matcher, let parentState {
                overrideState = matcher.descend(parentState, keypathName(s, "\(Self.shapeKinds[ty] ?? ty) \(i + 1)"))
            }
            var item = try parseShape(s, ty)
            if ["fl", "st", "gf", "gs"].contains(ty), let c = overrideColor(property: ty == "gf" || ty == "gs" ? "Colors" : "Color") {
                item = Recolor.item(item, c)
            }
            items.append(item)
        }
        return items
    }

    // MARK: Colour overrides

    /// A layer's or shape item's name in a keypath: its `nm`, or the fallback `cylanim keypaths` prints.
    func keypathName(_ el: JSONElement, _ fallback: String) -> String {
        let n = el["nm"]?.node.asString ?? fallback
        return n.isEmpty ? fallback : n
    }

    /// The override colour for the colour item being parsed (its state is `overrideState`), noting
    /// every override that matches it.
    mutating func overrideColor(property: String) -> RGBA8? {
        guard let matcher, let state = overrideState else { return nil }
        let hits = matcher.matching(state, property: property)
        usedOverrides.formUnion(hits)
        return matcher.color(hits)
    }

    /// The model id of the precomp `id` as seen from the precomp layer being parsed: the asset's own
    /// parse when no override can reach inside it, otherwise a parse for this override state (shared
    /// by every place reached in the same state).
    mutating func precompID(_ id: String) throws(LottieError) -> String {
        guard let state = overrideState, state.isAlive, let el = precompElements[id] else { return id }
        let key = SpecializationKey(id: id, state: state)
        if let known = specialized[key] { return known }
        let modelID = "\(id)\u{1}\(specialized.count)"
        specialized[key] = modelID
        let wasMuted = muted
        muted = true
        defer { muted = wasMuted }
        specializedPrecomps[modelID] = try parseComposition(el.member2("layers"))
        return modelID
    }

    mutating func parseShape(_ s: JSONElement, _ ty: String) throws(LottieError) -> ShapeItem {
        func v(_ key: String, _ fallback: [Double]) throws(LottieError) -> VectorProperty {
            guard let e = s[key] else { return .fixed(fallback) }
            return try parseVector(e)
        }
        let reversed = int(s, "d") == 3
        switch ty {
        case "gr":
            let items = try parseShapeList(s["it"])
            var tr: TransformModel? = nil
            if let list = s["it"]?.node.asArray, let idx = list.lastIndex(where: { $0["ty"]?.asString == "tr" }),
               let trEl = s["it"]?[idx] {
                tr = try parseTransform(trEl)
            }
            return .group(name: string(s, "nm") ?? "", items: items, transform: tr)
        case "sh":
            guard let k = s["ks"] else { note(s, "path without \"ks\"; ignored"); return .ignored }
            return .path(try parseShapeProperty(k), reversed: reversed)
        case "rc":
            return .rect(position: try v("p", [0, 0]), size: try v("s", [0, 0]), roundness: try v("r", [0]), reversed: reversed)
        case "el":
            return .ellipse(position: try v("p", [0, 0]), size: try v("s", [0, 0]), reversed: reversed)
        case "sr":
            let isStar = int(s, "sy") != 2
            return .star(StarModel(isStar: isStar, position: try v("p", [0, 0]), points: try v("pt", [5]),
                                   rotation: try v("r", [0]), outerRadius: try v("or", [0]), outerRoundness: try v("os", [0]),
                                   innerRadius: try v("ir", [0]), innerRoundness: try v("is", [0]), reversed: reversed))
        case "fl":
            return .fill(color: try color(s["c"]), opacity: try v("o", [100]), rule: int(s, "r") == 2 ? .evenOdd : .nonZero)
        case "st":
            return .stroke(color: try color(s["c"]), opacity: try v("o", [100]), try parseStroke(s))
        case "gf":
            return .gradientFill(try parseGradient(s), opacity: try v("o", [100]), rule: int(s, "r") == 2 ? .evenOdd : .nonZero)
        case "gs":
            return .gradientStroke(try parseGradient(s), opacity: try v("o", [100]), try parseStroke(s))
        case "tm":
            return .trim(start: try v("s", [0]), end: try v("e", [100]), offset: try v("o", [0]), sequential: int(s, "m") == 2)
        case "rd":
            return .roundCorners(try v("r", [0]))
        case "mm":
            note(s, "merge paths are not supported; the paths are drawn unmerged", key: "merge paths")
            return .ignored
        case "op":
            let join: LineJoin = [1: .miter, 2: .round, 3: .bevel][int(s, "lj") ?? 1] ?? .miter
            return .offsetPath(amount: try v("a", [0]), join: join, miterLimit: try v("ml", [4]))
        case "pb": return .puckerBloat(try v("a", [0]))
        case "tw": note(s, "twist is not supported; ignored", key: "twist"); return .ignored
        case "zz": note(s, "zig-zag is not supported; ignored", key: "zig-zag"); return .ignored
        case "no": return .ignored
        default:
            note(s["ty"] ?? s, "unknown shape type \"\(ty)\"; ignored", key: "shape type \(ty)")
            return .ignored
        }
    }

    mutating func color(_ el: JSONElement?) throws(LottieError) -> VectorProperty {
        guard let el else { return .fixed([0, 0, 0, 1]) }
        let p = try parseVector(el)
        // Colours are 0-1; some exporters write 0-255.
        func maxOf(_ v: [Double]) -> Double { v.prefix(3).max() ?? 0 }
        switch p {
        case .fixed(let v):
            return .fixed(maxOf(v) > 1 ? v.enumerated().map { $0.offset < 3 ? $0.element / 255 : $0.element } : v)
        case .keyframed(var kfs):
            let big = kfs.contains { maxOf($0.start) > 1 || maxOf($0.end ?? []) > 1 }
            if big {
                for i in kfs.indices {
                    kfs[i].start = kfs[i].start.enumerated().map { $0.offset < 3 ? $0.element / 255 : $0.element }
                    kfs[i].end = kfs[i].end.map { $0.enumerated().map { $0.offset < 3 ? $0.element / 255 : $0.element } }
                }
            }
            return .keyframed(kfs)
        }
    }

    mutating func parseStroke(_ s: JSONElement) throws(LottieError) -> StrokeModel {
        let cap: LineCap = [1: .butt, 2: .round, 3: .square][int(s, "lc") ?? 2] ?? .round
        let join: LineJoin = [1: .miter, 2: .round, 3: .bevel][int(s, "lj") ?? 2] ?? .round
        var dashes: [DashModel] = []
        if let d = s["d"], let list = try? d.array() {
            for e in list {
                let n = string(e, "n") ?? "d"
                let kind: DashModel.Kind = n == "o" ? .offset : (n == "g" ? .gap : .dash)
                dashes.append(DashModel(kind: kind, value: try e["v"].map { (x) throws(LottieError) in try parseVector(x) } ?? .fixed([0])))
            }
        }
        let width = try s["w"].map { (x) throws(LottieError) in try parseVector(x) } ?? .fixed([1])
        return StrokeModel(width: width, cap: cap, join: join, miterLimit: double(s, "ml", 4), dashes: dashes)
    }

    mutating func parseGradient(_ s: JSONElement) throws(LottieError) -> GradientModel {
        let g = s["g"]
        let count = int(g, "p") ?? 0
        let stops = try g?["k"].map { (x) throws(LottieError) in try parseVector(x) } ?? .fixed([])
        func v(_ key: String, _ fallback: [Double]) throws(LottieError) -> VectorProperty {
            guard let e = s[key] else { return .fixed(fallback) }
            return try parseVector(e)
        }
        return GradientModel(linear: int(s, "t") != 2, colorCount: count, stops: stops,
                             start: try v("s", [0, 0]), end: try v("e", [0, 0]),
                             highlightLength: try v("h", [0]), highlightAngle: try v("a", [0]))
    }

    mutating func parseRepeater(_ s: JSONElement) throws(LottieError) -> RepeaterModel {
        func v(_ e: JSONElement?, _ key: String, _ fallback: [Double]) throws(LottieError) -> VectorProperty {
            guard let x = e?[key] else { return .fixed(fallback) }
            return try parseVector(x)
        }
        let tr = s["tr"]
        var t = TransformModel()
        if let tr { t = try parseTransform(tr) }
        return RepeaterModel(copies: try v(s, "c", [1]), offset: try v(s, "o", [0]), above: int(s, "m") != 2,
                             transform: t, startOpacity: try v(tr, "so", [100]), endOpacity: try v(tr, "eo", [100]))
    }

    // MARK: Properties

    /// A number or vector property: `{"a": 0, "k": value}` or `{"a": 1, "k": [keyframes]}`.
    mutating func parseVector(_ el: JSONElement, spatial: Bool = false) throws(LottieError) -> VectorProperty {
        if el["x"]?.node.asString != nil {
            note(el["x"], "expressions are not supported; the property's keyframes are used", key: "expressions")
        }
        if let direct = el.node.asDouble { return .fixed([direct]) }
        guard let k = el["k"] else {
            if el.node.asArray != nil, let nums = numbers(el.node) { return .fixed(nums) }
            note(el, "property without a value \"k\"; using 0")
            return .fixed([0])
        }
        if let d = k.node.asDouble { return .fixed([d]) }
        guard let arr = k.node.asArray else {
            note(k, "expected a number, an array or keyframes, found \(k.value.typeDescription); using 0")
            return .fixed([0])
        }
        if arr.isEmpty { return .fixed([0]) }
        if arr[0].asObject == nil {
            if let nums = numbers(k.node) { return .fixed(nums) }
            note(k, "expected an array of numbers; using 0")
            return .fixed([0])
        }
        var kfs: [Keyframe<[Double]>] = []
        var pending: (to: [Double], ti: [Double])? = nil
        for i in 0..<arr.count {
            guard let kf = k[i], kf.node.asObject != nil else { continue }
            let t = double(kf, "t", kfs.last?.time ?? 0)
            var start = kf["s"].flatMap { numbers($0.node) }
            let end = kf["e"].flatMap { numbers($0.node) }
            if start == nil {
                // The old format's last keyframe has only a time: it holds the previous segment's end.
                start = kfs.last?.end ?? kfs.last?.start ?? [0]
            }
            let hold = bool(kf, "h")
            let easings = parseEasings(kf)
            var k1 = Keyframe(time: t, start: start!, end: end, hold: hold, easings: easings, spatial: nil)
            if spatial, let to = kf["to"].flatMap({ numbers($0.node) }), let ti = kf["ti"].flatMap({ numbers($0.node) }) {
                pending = (to, ti)
            } else { pending = nil }
            if let pending { k1.spatial = nil; kfsPendingSpatial.append((kfs.count, pending.to, pending.ti)) }
            if let last = kfs.last, t < last.time {
                note(kf["t"], "keyframe times go backwards; keyframe moved to \(last.time)", key: "backwards keyframes")
                k1.time = last.time
            }
            kfs.append(k1)
        }
        // Spatial segments need the segment's end value, known only now.
        for (i, to, ti) in kfsPendingSpatial where i + 1 < kfs.count || kfs[i].end != nil {
            let endValue = kfs[i].end ?? kfs[i + 1].start
            kfs[i].spatial = SpatialSegment(from: kfs[i].start, to: endValue, outTangent: to, inTangent: ti)
        }
        kfsPendingSpatial.removeAll()
        if kfs.isEmpty { return .fixed([0]) }
        if kfs.count == 1 { return .fixed(kfs[0].start) }
        return .keyframed(kfs)
    }
    private var kfsPendingSpatial: [(Int, [Double], [Double])] = []

    func numbers(_ n: JSONNode) -> [Double]? {
        if let d = n.asDouble { return [d] }
        guard let a = n.asArray else { return nil }
        var out: [Double] = []
        out.reserveCapacity(a.count)
        for x in a {
            guard let d = x.asDouble else { return nil }
            out.append(d)
        }
        return out
    }

    /// Per-dimension easing from `o` (out of this keyframe) and `i` (into the next).
    func parseEasings(_ kf: JSONElement) -> [Easing] {
        guard let o = kf["o"], let i = kf["i"] else { return [.linear] }
        let ox = numbers(o["x"]?.node ?? JSONNode(value: .null, offset: 0)) ?? [0]
        let oy = numbers(o["y"]?.node ?? JSONNode(value: .null, offset: 0)) ?? [0]
        let ix = numbers(i["x"]?.node ?? JSONNode(value: .null, offset: 0)) ?? [1]
        let iy = numbers(i["y"]?.node ?? JSONNode(value: .null, offset: 0)) ?? [1]
        let n = max(ox.count, oy.count, ix.count, iy.count, 1)
        func at(_ a: [Double], _ j: Int) -> Double { a.isEmpty ? 0 : a[min(j, a.count - 1)] }
        return (0..<n).map { Easing(at(ox, $0), at(oy, $0), at(ix, $0), at(iy, $0)) }
    }

    /// A bezier path property (`ks` of a path, `pt` of a mask).
    mutating func parseShapeProperty(_ el: JSONElement) throws(LottieError) -> ShapeProperty {
        if el["x"]?.node.asString != nil {
            note(el["x"], "expressions are not supported; the property's keyframes are used", key: "expressions")
        }
        guard let k = el["k"] else {
            if el["v"] != nil { return .fixed(try parseBezier(el)) }
            note(el, "path without a value \"k\"; drawn empty")
            return .fixed(.empty)
        }
        if k.node.asObject != nil { return .fixed(try parseBezier(k)) }
        guard let arr = k.node.asArray, !arr.isEmpty else { return .fixed(.empty) }
        if arr[0].asObject?.contains(where: { $0.key == "t" }) != true {
            // Some files wrap a static path in an array.
            return .fixed(try parseBezier(k[0]!))
        }
        var kfs: [Keyframe<BezierShape>] = []
        for i in 0..<arr.count {
            guard let kf = k[i] else { continue }
            let t = double(kf, "t", kfs.last?.time ?? 0)
            func shape(_ key: String) throws(LottieError) -> BezierShape? {
                guard let s = kf[key] else { return nil }
                if s.node.asArray != nil { return try s[0].map { (x) throws(LottieError) in try parseBezier(x) } }
                return try parseBezier(s)
            }
            let start = try shape("s") ?? kfs.last?.end ?? kfs.last?.start ?? .empty
            let end = try shape("e")
            var k1 = Keyframe(time: t, start: start, end: end, hold: bool(kf, "h"), easings: parseEasings(kf), spatial: nil)
            if let last = kfs.last, t < last.time { k1.time = last.time }
            kfs.append(k1)
        }
        if kfs.isEmpty { return .fixed(.empty) }
        if kfs.count == 1 { return .fixed(kfs[0].start) }
        return .keyframed(kfs)
    }

    mutating func parseBezier(_ el: JSONElement) throws(LottieError) -> BezierShape {
        func points(_ key: String) throws(LottieError) -> [Point] {
            guard let a = el[key]?.node.asArray else { return [] }
            var out: [Point] = []
            out.reserveCapacity(a.count)
            for p in a {
                let n = numbers(p) ?? []
                out.append(Point(n.count > 0 ? n[0] : 0, n.count > 1 ? n[1] : 0))
            }
            return out
        }
        let v = try points("v")
        guard v.count <= limits.maxPathPoints else {
            throw error(el, "path has \(v.count) vertices, more than the limit of \(limits.maxPathPoints) (raise it with --max-path-points)")
        }
        var i = try points("i"), o = try points("o")
        if i.count < v.count { i += Array(repeating: .zero, count: v.count - i.count) }
        if o.count < v.count { o += Array(repeating: .zero, count: v.count - o.count) }
        return BezierShape(closed: bool(el, "c"), vertices: v, inTangents: i, outTangents: o)
    }
}

extension JSONElement {
    /// The member `key`, or the element itself when absent (callers check the type).
    func member2(_ key: String) -> JSONElement { self[key] ?? self }
}

/// Base64 (RFC 4648) decoding for embedded images; whitespace is skipped, padding optional.
enum Base64 {
    static func decode(_ text: Substring) -> [UInt8]? {
        var table = [Int8](repeating: -1, count: 256)
        for (i, c) in "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8.enumerated() { table[Int(c)] = Int8(i) }
        table[Int(UInt8(ascii: "-"))] = 62; table[Int(UInt8(ascii: "_"))] = 63
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count * 3 / 4)
        var acc: UInt32 = 0, bits = 0
        for c in text.utf8 {
            if c == UInt8(ascii: "=") { break }
            if c == 0x20 || c == 0x0A || c == 0x0D || c == 0x09 { continue }
            let v = table[Int(c)]
            if v < 0 { return nil }
            acc = acc << 6 | UInt32(v)
            bits += 6
            if bits >= 8 {
                bits -= 8
                out.append(UInt8(truncatingIfNeeded: acc >> UInt32(bits)))
            }
        }
        return out
    }
}
