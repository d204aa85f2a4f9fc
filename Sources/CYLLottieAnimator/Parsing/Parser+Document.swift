import CYLDocuments
import CYLGeometry
import CYLRaster
import CYLTimeline

// The document: composition settings, assets, embedded images, markers.

extension LottieParser {
    // MARK: Document

    mutating func parseDocument(_ root: JSONElement) throws(LottieError) -> AnimationModel {
        guard root.isObject else {
            throw error(root, "a Lottie document is a JSON object, found \(root.typeDescription)")
        }
        guard let w = root["w"]?.asDouble, let h = root["h"]?.asDouble else {
            throw error(root, "missing the composition size (\"w\" and \"h\")")
        }
        guard w > 0, h > 0, w.isFinite, h.isFinite, w <= 100_000, h <= 100_000 else {
            throw error(root["w"]!, "invalid composition size \(w)x\(h)")
        }
        guard let fr = root["fr"]?.asDouble, FrameTiming.fpsRange.contains(fr) else {
            throw error(root["fr"] ?? root, "missing or invalid frame rate \"fr\" (expected a number from 1/3600 (one frame an hour) to 1000)")
        }
        guard let ip = root["ip"]?.asDouble, let op = root["op"]?.asDouble, ip.isFinite, op.isFinite else {
            throw error(root, "missing the in and out points (\"ip\" and \"op\")")
        }
        guard op > ip else { throw error(root["op"]!, "the out point \(op) is not after the in point \(ip)") }
        // op - ip of two finite numbers can still overflow to infinity (ip -1e308, op 1e308).
        let frames = (op - ip).rounded()
        guard frames <= Double(limits.maxFrames) else {
            throw error(root["op"]!, "the animation has \(Int(clamping: frames)) frames, more than the limit of \(limits.maxFrames) (\(Limit.maxFrames))")
        }
        if root["ddd"]?.asDouble == 1 || root["ddd"]?.asBool == true {
            note(root["ddd"], "3D layers are drawn flat (no camera or depth)", severity: .note, feature: .threeD)
        }
        try parseFontsAndChars(root)
        readSlots(root)

        // Assets first: precomps and images.
        var precompElements: [String: JSONElement] = [:]
        var images: [String: LottieImage] = [:]
        if let assets = root["assets"] {
            if let list = try? assets.array() {
                for a in list {
                    guard let id = idString(a) else { note(a, "asset without an \"id\"; ignored"); continue }
                    if a["layers"] != nil {
                        precompElements[id] = a
                    } else if a["p"] != nil || a["sid"] != nil {
                        if let img = imageAsset(a, id: id) { images[id] = img }
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
            precomps[id] = try inComposition(id) { (p) throws(LottieError) in try p.parseComposition(el.member2("layers")) }
        }
        guard let layersEl = root["layers"] else { throw error(root, "missing \"layers\"") }
        overrideState = matcher?.initial
        let main = try inComposition("") { (p) throws(LottieError) in try p.parseComposition(layersEl) }
        overrideState = nil
        precomps.merge(specializedPrecomps) { a, _ in a }
        if let matcher {
            for (i, o) in matcher.overrides.enumerated() where !usedOverrides.contains(i) {
                let keypath = o.keypath.joined(separator: ".")
                note(nil, "colour override '\(keypath)' matches no fill, stroke or gradient", key: "override \(i)")
            }
        }

        var markers: [(String, Double, Double)] = []
        if let ms = root["markers"]?.asArray {
            for (i, m) in ms.enumerated() {
                let n = string(m, "cm") ?? "marker \(i)"
                markers.append((n, double(m, "tm", 0), double(m, "dr", 0)))
            }
        }
        reportUnusedSlots()
        let fonts = loadTextFonts()
        finishDiagnostics()
        var model = AnimationModel(name: string(root, "nm") ?? "", width: w, height: h, frameRate: fr,
                                   inPoint: ip, outPoint: op, root: main, precomps: precomps, images: images,
                                   markers: markers)
        model.expressions = expressionState.expressions
        model.fonts = fonts
        model.imageFiles = imageState.files
        return model
    }

    func idString(_ a: JSONElement) -> String? {
        if let s = a["id"]?.asString { return s }
        if let d = a["id"]?.asInt { return String(d) }
        return nil
    }
}
