import CYLDocuments
import CYLGeometry
import CYLRaster
import CYLTimeline

// Precomps: the reference graph (cycles, depth) and copies parsed for colour overrides.

extension LottieParser {
    /// Rejects precomp cycles and nesting deeper than the limit, before anything is built.
    mutating func checkPrecompGraph(_ root: JSONElement, _ assets: [String: JSONElement]) throws(LottieError) {
        func refs(_ layers: JSONElement?) -> [(String, JSONElement)] {
            guard let layers, let list = try? layers.array() else { return [] }
            var out: [(String, JSONElement)] = []
            for l in list where l["ty"]?.asInt == 0 {
                if let r = l["refId"]?.asString { out.append((r, l)) }
            }
            return out
        }
        var depthOf: [String: Int] = [:]
        var visiting: Set<String> = []
        func depth(_ id: String, _ via: JSONElement) throws(LottieError) -> Int {
            if let d = depthOf[id] { return d }
            if visiting.contains(id) {
                throw LottieError(file: name, location: .path(via.path), "precomp \"\(id)\" contains itself (a precomp cycle)")
            }
            guard let a = assets[id] else { return 0 }
            visiting.insert(id)
            var d = 1
            for (r, l) in refs(a["layers"]) { d = max(d, 1 + (try depth(r, l))) }
            visiting.remove(id)
            depthOf[id] = d
            if d > limits.maxPrecompDepth {
                throw LottieError(file: name, location: .path(via.path),
                                  "precomps nest \(d) deep, more than the limit of \(limits.maxPrecompDepth) (\(Limit.maxPrecompDepth))")
            }
            return d
        }
        for (r, l) in refs(root["layers"]) {
            if assets[r] == nil { note(l["refId"], "precomp \"\(r)\" is not among the assets; the layer draws nothing") }
            _ = try depth(r, l)
        }

        // Layer instances drawn per frame once every precomp layer is expanded: a precomp used three
        // times in each of twelve levels is 3^11 draws while nesting only twelve deep.
        var instancesOf: [String: Int] = [:]
        let limit = limits.maxDrawsPerFrame
        func instances(_ layers: JSONElement?) -> Int {
            guard let layers, let list = try? layers.array() else { return 0 }
            var n = 0
            for l in list {
                n += 1
                if l["ty"]?.asInt == 0, let r = l["refId"]?.asString, let a = assets[r] {
                    if instancesOf[r] == nil { instancesOf[r] = instances(a["layers"]) }
                    n += instancesOf[r]!
                }
                if n > limit { return n }  // saturate: the exact count no longer matters
            }
            return n
        }
        let total = instances(root["layers"])
        if total > limit {
            throw LottieError(file: name, location: .path(JSONPath([.key("layers")])),
                              "precomps expand to more than \(limit) layers drawn per frame (\(Limit.maxDrawsPerFrame))")
        }
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
        specializedPrecomps[modelID] = try inComposition(modelID) { (p) throws(LottieError) in
            try p.parseComposition(el.member2("layers"))
        }
        return modelID
    }
}
