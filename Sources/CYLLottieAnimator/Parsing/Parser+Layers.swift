import CYLDocuments
import CYLGeometry
import CYLRaster
import CYLTimeline

// Layers: compositions, layer types, solids, masks, mattes, blend modes, transforms.

/// The `ind` values a layer refers to, kept until every layer of its composition is parsed.
struct LayerLinks {
    /// `parent`: the parent layer's `ind`.
    var parent: Int?
    /// `tp`: the matte layer's `ind`.
    var matte: Int?
}

extension LottieParser {
    // MARK: Layers

    mutating func parseComposition(_ el: JSONElement) throws(LottieError) -> CompositionModel {
        guard let list = try? el.array() else { throw error(el, "expected an array of layers, found \(el.typeDescription)") }
        var layers: [LayerModel] = []
        var elements: [JSONElement] = []
        var links: [LayerLinks] = []
        var positionOf: [Int: Int] = [:]
        let parentState = overrideState
        defer { overrideState = parentState }
        for (i, l) in list.enumerated() {
            guard l.isObject else { note(l, "a layer is not an object; ignored"); continue }
            if let matcher, let parentState { overrideState = matcher.descend(parentState, keypathName(l, "Layer \(i + 1)")) }
            let layer = try parseLayerForExpressions(l, position: layers.count)
            if let ind = int(l, "ind") { positionOf[ind] = layers.count }
            layers.append(layer)
            elements.append(l)
            links.append(LayerLinks(parent: int(l, "parent"), matte: int(l, "tp")))
        }
        try resolveParents(&layers, elements, links, positionOf)
        try resolveMattes(&layers, elements, links, positionOf)
        return CompositionModel(layers: layers)
    }

    /// Turns each layer's `parent` (an `ind`) into the parent's position, rejecting cycles (a
    /// layer may not be its own ancestor). A parent that does not exist is ignored with a note.
    mutating func resolveParents(_ layers: inout [LayerModel], _ elements: [JSONElement], _ links: [LayerLinks],
                                 _ positionOf: [Int: Int]) throws(LottieError) {
        for pos in layers.indices {
            guard let ind = links[pos].parent else { continue }
            guard let at = positionOf[ind] else {
                note(elements[pos]["parent"], "parent layer \(ind) does not exist; ignored")
                continue
            }
            layers[pos].parent = at
        }
        for pos in layers.indices {
            var seen: Set<Int> = [pos]
            var p = layers[pos].parent
            while let at = p {
                if !seen.insert(at).inserted {
                    throw LottieError(file: name, location: .path(elements[pos].path.appending(key: "parent")), "layer parenting forms a cycle")
                }
                p = layers[at].parent
            }
        }
    }

    /// Finds each matted layer's matte source once: the layer named by `tp`, else the layer above
    /// it. A source that does not exist, a layer that is its own matte and mattes that gate each
    /// other in a cycle are errors; chains of mattes longer than the nesting limit too (each link
    /// is drawn in a layer of its own, all alive at once).
    mutating func resolveMattes(_ layers: inout [LayerModel], _ elements: [JSONElement], _ links: [LayerLinks],
                                _ positionOf: [Int: Int]) throws(LottieError) {
        for pos in layers.indices {
            guard let mode = layers[pos].matteMode else { continue }
            let source: Int
            if let tp = links[pos].matte {
                guard let at = positionOf[tp] else {
                    throw LottieError(file: name, location: .path(elements[pos].path.appending(key: "tp")), "matte layer \(tp) does not exist")
                }
                guard at != pos else {
                    throw LottieError(file: name, location: .path(elements[pos].path.appending(key: "tp")), "the layer is its own track matte")
                }
                source = at
            } else if pos > 0 {
                source = pos - 1
            } else {
                note(elements[pos]["tt"], "track matte without a layer above it to take the matte from; drawn without a matte")
                layers[pos].matteMode = nil
                continue
            }
            layers[pos].matte = TrackMatte(mode: mode, source: source)
        }
        for pos in layers.indices {
            var seen: Set<Int> = [pos]
            var link = layers[pos].matte?.source
            while let at = link {
                guard seen.insert(at).inserted else {
                    throw LottieError(file: name, location: .path(elements[pos].path.appending(key: "tp")), "track mattes gate each other in a cycle")
                }
                guard seen.count <= limits.maxPrecompDepth else {
                    throw LottieError(file: name, location: .path(elements[pos].path.appending(key: "tt")),
                                      "track mattes chain \(seen.count - 1) deep, more than the limit of \(limits.maxPrecompDepth) (\(Limit.maxPrecompDepth))")
                }
                link = layers[at].matte?.source
            }
        }
    }

    mutating func parseLayer(_ l: JSONElement) throws(LottieError) -> LayerModel {
        let ty = int(l, "ty") ?? -1
        let content: LayerContent
        switch ty {
        case 0:
            let id = try precompID(string(l, "refId") ?? "")
            content = .precomp(id: id, width: l["w"]?.asDouble, height: l["h"]?.asDouble)
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
            content = try parseTextLayer(l)
        default:
            let names = [6: "audio", 7: "video placeholder", 8: "image sequence", 9: "video", 10: "image placeholder",
                         11: "guide", 12: "adjustment", 13: "camera", 14: "light", 15: "data"]
            note(l["ty"], "\(names[ty] ?? "unknown (ty \(ty))") layer is not supported; it draws nothing", key: "layer type \(ty)", feature: .layerType)
            content = .unsupported
        }
        var transform = TransformModel()
        if let ks = l["ks"] { transform = try parseTransform(ks) } else if ty != 6 { note(l, "layer has no transform \"ks\"") }
        let effects = try parseEffects(l["ef"])
        let styles = try parseStyles(l["sy"])
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
        // Child time divides by the stretch (`LayerTime.childTime`): 0 or a non-number cannot be used.
        if sr == 0 || !sr.isFinite { note(l["sr"], "time stretch \(sr) cannot be used; the layer plays at normal speed (1)") }
        var layer = LayerModel(
            name: string(l, "nm") ?? "", content: content,
            transform: transform, autoOrient: bool(l, "ao"),
            inPoint: double(l, "ip", -1e9), outPoint: double(l, "op", 1e9), startTime: double(l, "st", 0),
            stretch: sr == 0 || !sr.isFinite ? 1 : sr, timeRemap: tm, masks: masks, matteMode: matte,
            isMatteSource: bool(l, "td"), blendMode: blend, hidden: bool(l, "hd"))
        layer.effects = effects
        layer.styles = styles
        return layer
    }

    mutating func parseHexColor(_ el: JSONElement?) -> Color {
        guard let el, let s = el.asString else { return .black }
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
        let f = try m["f"].map { (e) throws(LottieError) in try parseVector(e) } ?? .fixed([0, 0])
        return MaskModel(mode: mode, shape: shape, opacity: opacity, inverted: bool(m, "inv"), expansion: x, feather: f)
    }

    // MARK: Transforms

    mutating func parseTransform(_ ks: JSONElement) throws(LottieError) -> TransformModel {
        var t = TransformModel()
        if let a = ks["a"] { t.anchor = try parseVector(a) }
        if let p = ks["p"] {
            if bool(p, "s") || (p["x"] != nil && p["k"] == nil) {
                t.positionX = try p["x"].map { (e) throws(LottieError) in try parseVector(e) } ?? .fixed([0])
                t.positionY = try p["y"].map { (e) throws(LottieError) in try parseVector(e) } ?? .fixed([0])
                if p["z"] != nil { note(p["z"], "the z position is ignored (drawn flat)", severity: .note, feature: .threeD) }
            } else {
                t.position = try parseVector(p, spatial: true)
            }
        }
        if let s = ks["s"] { t.scale = try parseVector(s) }
        if let r = ks["r"] { t.rotation = try parseVector(r) } else if let r = ks["rz"] { t.rotation = try parseVector(r) }
        if ks["rx"] != nil || ks["ry"] != nil || ks["or"] != nil { note(ks, "3D rotation is ignored (drawn flat)", key: "3d rotation", feature: .threeD) }
        if let o = ks["o"] { t.opacity = try parseVector(o) }
        if let sk = ks["sk"] { t.skew = try parseVector(sk) }
        if let sa = ks["sa"] { t.skewAxis = try parseVector(sa) }
        return t
    }

}
