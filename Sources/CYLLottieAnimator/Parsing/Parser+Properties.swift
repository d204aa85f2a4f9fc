import CYLDocuments
import CYLGeometry
import CYLRaster
import CYLTimeline

// Properties: static values, keyframes, easing, spatial tangents, bezier paths.

extension LottieParser {
    // MARK: Properties

    /// A number or vector property's value: `{"a": 0, "k": value}` or `{"a": 1, "k": [keyframes]}`
    /// (its expression, if any, is read by `parseVector`).
    mutating func parseVectorValue(_ property: JSONElement, spatial: Bool = false) throws(LottieError) -> VectorProperty {
        let el = slotted(property)
        if let direct = el.asDouble { return .fixed([direct]) }
        guard let k = el["k"] else {
            if el.isArray, let nums = el.asNumbers { return .fixed(nums) }
            note(el, "property without a value \"k\"; using 0")
            return .fixed([0])
        }
        if let d = k.asDouble { return .fixed([d]) }
        guard let arr = k.asArray else {
            note(k, "expected a number, an array or keyframes, found \(k.typeDescription); using 0")
            return .fixed([0])
        }
        if arr.isEmpty { return .fixed([0]) }
        if !arr[0].isObject {
            if let nums = k.asNumbers { return .fixed(nums) }
            note(k, "expected an array of numbers; using 0")
            return .fixed([0])
        }
        var kfs: [Keyframe<[Double]>] = []
        var pending: (to: [Double], ti: [Double])? = nil
        for kf in arr {
            guard kf.isObject else { continue }
            let t = double(kf, "t", kfs.last?.time ?? 0)
            var start = kf["s"]?.asNumbers
            let end = kf["e"]?.asNumbers
            if start == nil {
                // The old format's last keyframe has only a time: it holds the previous segment's end.
                start = kfs.last?.end ?? kfs.last?.start ?? [0]
            }
            let hold = bool(kf, "h")
            let easings = parseEasings(kf)
            var k1 = Keyframe(time: t, start: start!, end: end, hold: hold, easings: easings, spatial: nil)
            if spatial, let to = kf["to"]?.asNumbers, let ti = kf["ti"]?.asNumbers {
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

    /// Per-dimension easing from `o` (out of this keyframe) and `i` (into the next).
    func parseEasings(_ kf: JSONElement) -> [Easing] {
        guard let o = kf["o"], let i = kf["i"] else { return [.linear] }
        let ox = o["x"]?.asNumbers ?? [0]
        let oy = o["y"]?.asNumbers ?? [0]
        let ix = i["x"]?.asNumbers ?? [1]
        let iy = i["y"]?.asNumbers ?? [1]
        let n = max(ox.count, oy.count, ix.count, iy.count, 1)
        func at(_ a: [Double], _ j: Int) -> Double { a.isEmpty ? 0 : a[min(j, a.count - 1)] }
        return (0..<n).map { Easing(at(ox, $0), at(oy, $0), at(ix, $0), at(iy, $0)) }
    }

    /// A bezier path property's value (`ks` of a path, `pt` of a mask; its expression, if any, is
    /// read by `parseShapeProperty`).
    mutating func parseShapeValue(_ property: JSONElement) throws(LottieError) -> ShapeProperty {
        let el = slotted(property)
        guard let k = el["k"] else {
            if el["v"] != nil { return .fixed(try parseBezier(el)) }
            note(el, "path without a value \"k\"; drawn empty")
            return .fixed(.empty)
        }
        if k.isObject { return .fixed(try parseBezier(k)) }
        guard let arr = k.asArray, !arr.isEmpty else { return .fixed(.empty) }
        if arr[0]["t"] == nil {
            // Some files wrap a static path in an array.
            return .fixed(try parseBezier(arr[0]))
        }
        var kfs: [Keyframe<BezierShape>] = []
        for kf in arr {
            let t = double(kf, "t", kfs.last?.time ?? 0)
            func shape(_ key: String) throws(LottieError) -> BezierShape? {
                guard let s = kf[key] else { return nil }
                if s.isArray { return try s[0].map { (x) throws(LottieError) in try parseBezier(x) } }
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
        func points(_ key: String) -> [Point] {
            (el[key]?.asPairs ?? []).map { Point($0.0, $0.1) }
        }
        let v = points("v")
        guard v.count <= limits.maxPathPoints else {
            throw error(el, "path has \(v.count) vertices, more than the limit of \(limits.maxPathPoints) (\(Limit.maxPathPoints))")
        }
        var i = points("i"), o = points("o")
        if i.count < v.count { i += Array(repeating: .zero, count: v.count - i.count) }
        if o.count < v.count { o += Array(repeating: .zero, count: v.count - o.count) }
        return BezierShape(closed: bool(el, "c"), vertices: v, inTangents: i, outTangents: o)
    }
}
