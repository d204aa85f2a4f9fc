import CYLDocuments
import CYLGeometry
import CYLRaster
import CYLTimeline

// Shape items: groups, paths, primitives, fills, strokes, gradients, trims, repeaters.

extension LottieParser {
    // MARK: Shapes

    mutating func parseShapeList(_ el: JSONElement?) throws(LottieError) -> [ShapeItem] {
        guard let el else { return [] }
        guard let list = try? el.array() else { note(el, "expected an array of shapes; ignored"); return [] }
        var items: [ShapeItem] = []
        let parentState = overrideState
        defer { overrideState = parentState }
        beginContent()
        defer { endContent() }
        for (i, s) in list.enumerated() {
            guard s.isObject else { note(s, "a shape is not an object; ignored"); continue }
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
            addContent(s, ty, item)
            items.append(item)
        }
        return items
    }


    mutating func parseShape(_ s: JSONElement, _ ty: String) throws(LottieError) -> ShapeItem {
        func v(_ key: String, _ fallback: [Double]) throws(LottieError) -> VectorProperty {
            guard let e = s[key] else { return .fixed(fallback) }
            return try parseVector(e)
        }
        // "d" is the path direction on shapes but the dash list on strokes: only a number is a direction.
        let reversed = s["d"]?.asDouble == 3
        switch ty {
        case "gr":
            let items = try parseShapeList(s["it"])
            var tr: TransformModel? = nil
            if let list = s["it"]?.asArray, let trEl = list.last(where: { $0["ty"]?.isString("tr") == true }) {
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
            let modes: [Int: MergeMode] = [1: .merge, 2: .add, 3: .subtract, 4: .intersect, 5: .excludeIntersections]
            let raw = int(s, "mm") ?? 1
            guard let mode = modes[raw] else {
                note(s["mm"], "unknown merge mode \(raw) (1-5 are known); the paths are merged without a boolean operation",
                     key: "merge mode \(raw)")
                return .mergePaths(.merge)
            }
            return .mergePaths(mode)
        case "op":
            let join: LineJoin = [1: .miter, 2: .round, 3: .bevel][int(s, "lj") ?? 1] ?? .miter
            return .offsetPath(amount: try v("a", [0]), join: join, miterLimit: try v("ml", [4]))
        case "pb": return .puckerBloat(try v("a", [0]))
        case "tw":
            // The centre is "c" in the files After Effects exports, "p" in some other writers'.
            return .twist(angle: try v("a", [0]), center: try v(s["c"] != nil ? "c" : "p", [0, 0]))
        case "zz":
            return .zigZag(size: try v("s", [0]), ridges: try v("r", [0]), pointType: try v("pt", [1]))
        case "no": return .ignored
        default:
            note(s["ty"] ?? s, "unknown shape type \"\(ty)\"; ignored", key: "shape type \(ty)", feature: .shapeType)
            return .ignored
        }
    }

    mutating func color(_ el: JSONElement?) throws(LottieError) -> VectorProperty {
        guard let el else { return .fixed([0, 0, 0, 1]) }
        return normalizedColor(try parseVector(el))
    }

    /// Colours are 0-1; some exporters write 0-255.
    func normalizedColor(_ p: VectorProperty) -> VectorProperty {
        func maxOf(_ v: [Double]) -> Double { v.prefix(3).max() ?? 0 }
        switch p {
        case let .expression(ref, base):
            return .expression(ref, normalizedColor(base))
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
        // A gradient slot names the whole `g` ({"p": stops, "k": property}), as ThorVG reads it.
        let g = s["g"].map { slotted($0) }
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

}
