import CYLGeometry
import CYLScript

/// The handles the expression API refers to by number: compositions, layers, effects, shape
/// content and properties. A handle, once given, names the same thing for the engine's life.
struct HostTables {
    /// `d` truncated to an Int (as `Int(d)`), or nil when it is not finite or beyond any index an
    /// expression can mean: an expression may ask for `layer(1e300)`, and `Int(_:)` traps there.
    static func whole(_ d: Double) -> Int? { d.isFinite && abs(d) < 1e15 ? Int(d) : nil }

    private(set) var compIDs: [String] = []
    private(set) var comps: [CompositionModel] = []
    private var compIndex: [String: Int] = [:]
    private(set) var layers: [(comp: Int, position: Int)] = []
    private var layerIndex: [Int: Int] = [:]
    private(set) var props: [(value: PropertyValue, layer: Int)] = []
    private var propIndex: [String: Int] = [:]
    private(set) var effects: [(layer: Int, effect: Int)] = []
    private var effectIndex: [Int: Int] = [:]
    private(set) var contents: [(layer: Int, node: ContentNode)] = []
    private var contentIndex: [String: Int] = [:]

    mutating func setUp(_ model: AnimationModel) {
        compIDs = [""] + model.precomps.keys.sorted()
        comps = compIDs.map { $0.isEmpty ? model.root : model.precomps[$0]! }
        for (i, id) in compIDs.enumerated() { compIndex[id] = i }
    }

    func compRef(_ id: String) -> Int { compIndex[id] ?? 0 }

    func layer(_ ref: Int) -> LayerModel? {
        guard ref >= 0, ref < layers.count else { return nil }
        let (c, p) = layers[ref]
        return comps[c].layers[p]
    }

    /// The handle of layer `position` of composition `comp` (-1 for none).
    mutating func layerRef(comp: String, position: Int) -> Int {
        guard let c = compIndex[comp] else { return -1 }
        return layerRef(compRef: c, position: position)
    }

    mutating func layerRef(compRef c: Int, position: Int) -> Int {
        guard c >= 0, c < comps.count, position >= 0, position < comps[c].layers.count else { return -1 }
        let key = c << 32 | position
        if let known = layerIndex[key] { return known }
        layers.append((c, position))
        layerIndex[key] = layers.count - 1
        return layers.count - 1
    }

    mutating func propRef(_ key: String, _ make: () -> PropertyValue?, layer: Int) -> Int {
        if let known = propIndex[key] { return known }
        guard let value = make() else { return -1 }
        props.append((value, layer))
        propIndex[key] = props.count - 1
        return props.count - 1
    }

    /// The handle of an expression's own property, with its keyframed value.
    mutating func expressionProperty(_ i: Int, _ base: PropertyValue, layer: Int) -> Int {
        propRef("x\(i)", { base }, layer: layer)
    }

    mutating func effectRef(layer: Int, effect: Int) -> Int {
        let key = layer << 20 | effect
        if let known = effectIndex[key] { return known }
        effects.append((layer, effect))
        effectIndex[key] = effects.count - 1
        return effects.count - 1
    }

    mutating func contentRef(layer: Int, parent: Int, index: Int, node: ContentNode) -> Int {
        let key = "\(layer)/\(parent)/\(index)"
        if let known = contentIndex[key] { return known }
        contents.append((layer, node))
        contentIndex[key] = contents.count - 1
        return contents.count - 1
    }

    // MARK: Values as script values

    static func scriptValue(_ v: [Double]) -> ScriptValue { v.count == 1 ? .number(v[0]) : .numbers(v) }

    static func scriptValue(_ s: BezierShape) -> ScriptValue {
        func list(_ p: [Point]) -> ScriptValue { .array(p.map { .numbers([$0.x, $0.y]) }) }
        return .object(["v": list(s.vertices), "i": list(s.inTangents), "o": list(s.outTangents), "c": .bool(s.closed)])
    }

    /// The keyframed value (no expression) at `frame`.
    static func scriptValue(_ p: PropertyValue, at frame: Double) -> ScriptValue {
        switch p {
        case .vector(let v): return scriptValue(v.value(at: frame))
        case .path(let s): return scriptValue(s.value(at: frame))
        case let .split(x, y): return .numbers([x.scalar(at: frame), y.scalar(at: frame)])
        }
    }
}

/// Why a host call was refused (becomes a JavaScript Error).
struct HostError: Error, CustomStringConvertible {
    var description: String
}

extension ExpressionRuntime {
    /// Answers `__host(op, ...)` from the prelude.
    func answer(_ args: [ScriptValue]) throws -> ScriptValue {
        guard let raw = args.first?.number, let op = HostOperation(rawValue: Int(exactly: raw) ?? -1) else {
            throw HostError(description: "unknown host operation \(args.first.map { "\($0)" } ?? "(none)")")
        }
        func int(_ i: Int) -> Int? {
            guard i < args.count, let d = args[i].number, d.isFinite, abs(d) < 1e9 else { return nil }
            return Int(d)
        }
        func number(_ i: Int) -> Double { i < args.count ? (args[i].number ?? 0) : 0 }
        func key(_ i: Int) -> ScriptValue { i < args.count ? args[i] : .undefined }
        let fps = model.frameRate
        switch op {
        case .value, .base:
            guard let ref = int(1), ref >= 0, ref < tables.props.count else { throw HostError(description: "no such property") }
            let frame = number(2) * fps
            let p = tables.props[ref].value
            return op == .value ? currentValue(p, frame) : HostTables.scriptValue(p, at: frame)
        case .keys:
            guard let ref = int(1), ref >= 0, ref < tables.props.count else { return .array([]) }
            return keys(tables.props[ref].value)
        case .layer:
            guard let c = int(1) else { return .number(-1) }
            return .number(Double(findLayer(compRef: c, key(2))))
        case .layerInfo:
            return layerInfo(int(1) ?? -1)
        case .compInfo:
            return compInfo(int(1) ?? 0)
        case .compNamed:
            let name = key(1).string ?? ""
            if name == model.name { return .number(0) }
            return .number(Double(tables.compIDs.firstIndex(of: name) ?? -1))
        case .prop:
            guard let l = int(1), let path = key(2).string else { return propAnswer(-1) }
            return propAnswer(layerProperty(l, path))
        case .effect:
            return effect(int(1) ?? -1, key(2))
        case .param:
            return param(int(1) ?? -1, key(2))
        case .mask:
            return .number(Double(mask(int(1) ?? -1, key(2))))
        case .content:
            return content(int(1) ?? -1, parent: int(2) ?? -1, key(3))
        case .contentProp:
            guard let c = int(1), c >= 0, c < tables.contents.count, let name = key(2).string else { return propAnswer(-1) }
            let entry = tables.contents[c]
            let value = Self.contentProperties(entry.node).first { $0.0 == name }?.1
            return propAnswer(tables.propRef("c\(c).\(name)", { value }, layer: entry.layer), isPath: value.map(Self.isPath) ?? false)
        case .toComp, .fromComp:
            guard let l = int(1), tables.layer(l) != nil, let xy = key(2).array, xy.count >= 2,
                  let x = xy[0].number, let y = xy[1].number else { throw HostError(description: "\(op) needs a layer and a point") }
            var m = worldMatrix(l, frame: number(3) * fps)
            if op == .fromComp { m = m.inverted ?? .identity }
            let p = m.apply(Point(x, y))
            return xy.count > 2 ? .numbers([p.x, p.y, xy[2].number ?? 0]) : .numbers([p.x, p.y])
        }
    }

    private func propAnswer(_ ref: Int, isPath: Bool = false) -> ScriptValue {
        let path = ref >= 0 ? Self.isPath(tables.props[ref].value) : isPath
        return .object(["ref": .number(Double(ref)), "isPath": .bool(path)])
    }

    static func isPath(_ p: PropertyValue) -> Bool { if case .path = p { return true }; return false }

    /// A property's value after its expression, at `frame`.
    func currentValue(_ p: PropertyValue, _ frame: Double) -> ScriptValue {
        switch p {
        case .vector(let v): return HostTables.scriptValue(vector(v, frame))
        case .path(let s):
            if case let .expression(r, base) = s { return HostTables.scriptValue(path(r, base: base, at: frame)) }
            return HostTables.scriptValue(s.value(at: frame))
        case let .split(x, y):
            return .numbers([vector(x, frame).first ?? 0, vector(y, frame).first ?? 0])
        }
    }

    func vector(_ v: VectorProperty, _ frame: Double) -> [Double] {
        if case let .expression(r, base) = v { return value(r, base: base, at: frame) }
        return v.value(at: frame)
    }

    private func keys(_ p: PropertyValue) -> ScriptValue {
        let fps = model.frameRate
        switch p {
        case .vector(let v), .split(let v, _):
            guard case .keyframed(let kfs) = v.keyframedValue else { return .array([]) }
            return .array(kfs.map { kf in
                let value: ScriptValue
                if case let .split(_, y) = p { value = .numbers([kf.start.first ?? 0, y.scalar(at: kf.time)]) }
                else { value = HostTables.scriptValue(kf.start) }
                return .array([.number(kf.time / fps), value])
            })
        case .path(let s):
            guard case .keyframed(let kfs) = s.keyframedValue else { return .array([]) }
            return .array(kfs.map { .array([.number($0.time / fps), HostTables.scriptValue($0.start)]) })
        }
    }

    // MARK: Layers and compositions

    private func findLayer(compRef c: Int, _ key: ScriptValue) -> Int {
        guard c >= 0, c < tables.comps.count else { return -1 }
        let layers = tables.comps[c].layers
        var position: Int? = nil
        if let n = key.number, n.isFinite {
            position = HostTables.whole(n).flatMap { i in layers.indices.first { (layers[$0].index ?? $0 + 1) == i } }
        } else if let name = key.string {
            position = layers.firstIndex { $0.name == name }
        }
        guard let position else { return -1 }
        return tables.layerRef(compRef: c, position: position)
    }

    private func layerInfo(_ ref: Int) -> ScriptValue {
        guard let layer = tables.layer(ref) else { return .null }
        let (c, position) = tables.layers[ref]
        let fps = model.frameRate
        var w = model.width, h = model.height
        switch layer.content {
        case let .solid(_, sw, sh): w = sw; h = sh
        case let .precomp(_, pw?, ph?): w = pw; h = ph
        default: break
        }
        let parent = layer.parent.map { tables.layerRef(compRef: c, position: $0) } ?? -1
        func seconds(_ f: Double) -> Double { f.isFinite && abs(f) < 1e8 ? f / fps : 0 }
        return .object([
            "name": .string(layer.name), "index": .number(Double(layer.index ?? position + 1)),
            "inPoint": .number(seconds(layer.inPoint)), "outPoint": .number(seconds(layer.outPoint)),
            "startTime": .number(seconds(layer.startTime)), "width": .number(w), "height": .number(h),
            "parent": .number(Double(parent)), "comp": .number(Double(c)),
        ])
    }

    private func compInfo(_ ref: Int) -> ScriptValue {
        let c = min(max(ref, 0), tables.comps.count - 1)
        let fps = model.frameRate
        return .object([
            "name": .string(c == 0 ? model.name : tables.compIDs[c]), "width": .number(model.width),
            "height": .number(model.height), "numLayers": .number(Double(tables.comps[c].layers.count)),
            "frameDuration": .number(1 / fps), "duration": .number((model.outPoint - model.inPoint) / fps),
        ])
    }

    /// A layer's property by the API's path (`transform.position`, `timeRemap`, `mask.0.path`).
    private func layerProperty(_ l: Int, _ path: String) -> Int {
        guard let layer = tables.layer(l) else { return -1 }
        let t = layer.transform
        let value: PropertyValue?
        switch path {
        case "transform.anchorPoint": value = .vector(t.anchor)
        case "transform.position":
            if let x = t.positionX, let y = t.positionY { value = .split(x: x, y: y) } else { value = .vector(t.position) }
        case "transform.xPosition": value = t.positionX.map { .vector($0) }
        case "transform.yPosition": value = t.positionY.map { .vector($0) }
        case "transform.scale": value = .vector(t.scale)
        case "transform.rotation", "transform.zRotation": value = .vector(t.rotation)
        case "transform.opacity": value = .vector(t.opacity)
        case "transform.skew": value = .vector(t.skew)
        case "transform.skewAxis": value = .vector(t.skewAxis)
        case "timeRemap": value = layer.timeRemap.map { .vector($0) }
        default:
            let parts = path.split(separator: ".")
            if parts.count == 3, parts[0] == "mask", let i = Int(parts[1]), i >= 0, i < layer.masks.count {
                let m = layer.masks[i]
                switch parts[2] {
                case "path": value = .path(m.shape)
                case "opacity": value = .vector(m.opacity)
                case "expansion": value = .vector(m.expansion)
                case "feather": value = .vector(m.feather)
                default: value = nil
                }
            } else {
                value = nil
            }
        }
        return tables.propRef("l\(l).\(path)", { value }, layer: l)
    }

    private func effect(_ l: Int, _ key: ScriptValue) -> ScriptValue {
        guard let layer = tables.layer(l) else { return .object(["ref": .number(-1)]) }
        var found: Int? = nil
        if let n = key.number.flatMap(HostTables.whole), n >= 1, n <= layer.effects.count { found = n - 1 }
        else if let name = key.string {
            found = layer.effects.firstIndex { $0.name == name } ?? layer.effects.firstIndex { $0.matchName == name }
        }
        guard let i = found else { return .object(["ref": .number(-1)]) }
        let e = layer.effects[i]
        return .object(["ref": .number(Double(tables.effectRef(layer: l, effect: i))), "name": .string(e.name),
                        "matchName": .string(e.matchName), "enabled": .bool(e.enabled),
                        "count": .number(Double(e.params.count))])
    }

    private func param(_ e: Int, _ key: ScriptValue) -> ScriptValue {
        guard e >= 0, e < tables.effects.count, let layer = tables.layer(tables.effects[e].layer) else {
            return .object(["ref": .number(-1)])
        }
        let effect = layer.effects[tables.effects[e].effect]
        var found: Int? = nil
        if let n = key.number.flatMap(HostTables.whole), n >= 1, n <= effect.params.count { found = n - 1 }
        else if let name = key.string {
            found = effect.params.firstIndex { $0.name == name } ?? effect.params.firstIndex { $0.matchName == name }
        }
        guard let i = found else { return .object(["ref": .number(-1)]) }
        let p = effect.params[i]
        let ref = tables.propRef("e\(e).\(i)", { .vector(p.value) }, layer: tables.effects[e].layer)
        return .object(["ref": .number(Double(ref)), "type": .number(Double(p.type))])
    }

    /// A mask by 1-based number or by the default name "Mask N"; its 0-based position or -1.
    private func mask(_ l: Int, _ key: ScriptValue) -> Int {
        guard let layer = tables.layer(l) else { return -1 }
        var n: Int? = nil
        if let d = key.number { n = HostTables.whole(d) }
        else if let s = key.string, s.hasPrefix("Mask "), let d = Int(s.dropFirst(5)) { n = d }
        guard let n, n >= 1, n <= layer.masks.count else { return -1 }
        return n - 1
    }

    private func content(_ l: Int, parent: Int, _ key: ScriptValue) -> ScriptValue {
        guard let layer = tables.layer(l) else { return .object(["ref": .number(-1)]) }
        let nodes: [ContentNode]
        if parent >= 0, parent < tables.contents.count { nodes = tables.contents[parent].node.children } else { nodes = layer.namedContent }
        var found: Int? = nil
        if let n = key.number.flatMap(HostTables.whole), n >= 1, n <= nodes.count { found = n - 1 }
        else if let name = key.string {
            found = nodes.firstIndex { $0.name == name } ?? nodes.firstIndex { $0.matchName == name }
        }
        guard let i = found else { return .object(["ref": .number(-1)]) }
        let node = nodes[i]
        let ref = tables.contentRef(layer: l, parent: parent, index: i, node: node)
        var names = Self.contentProperties(node).map(\.0).filter { !$0.hasPrefix("transform.") }
        if node.type == "gr" { names.removeAll() }
        return .object(["ref": .number(Double(ref)), "name": .string(node.name), "matchName": .string(node.matchName),
                        "count": .number(Double(node.children.count)), "isGroup": .bool(node.type == "gr"),
                        "properties": .array(names.map { .string($0) })])
    }

    /// The properties a shape item shows to expressions, by their After Effects names.
    static func contentProperties(_ node: ContentNode) -> [(String, PropertyValue)] {
        func transform(_ t: TransformModel?) -> [(String, PropertyValue)] {
            let t = t ?? TransformModel()
            var out: [(String, PropertyValue)] = [("transform.anchorPoint", .vector(t.anchor)), ("transform.scale", .vector(t.scale)),
                                                  ("transform.rotation", .vector(t.rotation)), ("transform.opacity", .vector(t.opacity)),
                                                  ("transform.skew", .vector(t.skew)), ("transform.skewAxis", .vector(t.skewAxis))]
            if let x = t.positionX, let y = t.positionY { out.append(("transform.position", .split(x: x, y: y))) }
            else { out.append(("transform.position", .vector(t.position))) }
            return out
        }
        switch node.item {
        case let .group(_, _, tr): return transform(tr)
        case let .path(p, _): return [("path", .path(p))]
        case let .rect(p, s, r, _): return [("position", .vector(p)), ("size", .vector(s)), ("roundness", .vector(r))]
        case let .ellipse(p, s, _): return [("position", .vector(p)), ("size", .vector(s))]
        case let .star(m):
            return [("position", .vector(m.position)), ("points", .vector(m.points)), ("rotation", .vector(m.rotation)),
                    ("outerRadius", .vector(m.outerRadius)), ("innerRadius", .vector(m.innerRadius)),
                    ("outerRoundness", .vector(m.outerRoundness)), ("innerRoundness", .vector(m.innerRoundness))]
        case let .fill(c, o, _): return [("color", .vector(c)), ("opacity", .vector(o))]
        case let .stroke(c, o, s): return [("color", .vector(c)), ("opacity", .vector(o)), ("strokeWidth", .vector(s.width))]
        case let .gradientFill(g, o, _):
            return [("startPoint", .vector(g.start)), ("endPoint", .vector(g.end)), ("opacity", .vector(o))]
        case let .gradientStroke(g, o, s):
            return [("startPoint", .vector(g.start)), ("endPoint", .vector(g.end)), ("opacity", .vector(o)),
                    ("strokeWidth", .vector(s.width))]
        case let .trim(s, e, o, _): return [("start", .vector(s)), ("end", .vector(e)), ("offset", .vector(o))]
        case let .roundCorners(r): return [("radius", .vector(r))]
        case let .puckerBloat(a): return [("amount", .vector(a))]
        case let .offsetPath(a, _, ml): return [("amount", .vector(a)), ("miterLimit", .vector(ml))]
        case let .zigZag(s, r, pt): return [("size", .vector(s)), ("ridgesPerSegment", .vector(r)), ("points", .vector(pt))]
        case let .twist(a, c): return [("angle", .vector(a)), ("center", .vector(c))]
        case let .repeater(rep, _): return [("copies", .vector(rep.copies)), ("offset", .vector(rep.offset))]
        case .ignored, .mergePaths: return []
        }
    }

    /// Layer space to composition space at `frame`, through the parents, with expressions applied.
    func worldMatrix(_ l: Int, frame: Double) -> Transform {
        guard l >= 0, l < tables.layers.count else { return .identity }
        let (c, position) = tables.layers[l]
        let layers = tables.comps[c].layers
        var layer = layers[position]
        var m = resolve(layer.transform, frame).matrix(at: frame)
        var steps = 0
        while let p = layer.parent, steps < layers.count {
            layer = layers[p]
            m = m.then(resolve(layer.transform, frame).matrix(at: frame))
            steps += 1
        }
        return m
    }
}
