import CYLDocuments
import CYLGeometry
import CYLRaster
import CYLTimeline

// Layer effects (`ef`) and layer styles (`sy`).

extension LottieParser {
    /// Lottie's effect types (`ty`) that draw, by what they draw.
    static let effectKinds: [Int: EffectKind] = [20: .tint, 21: .fill, 22: .stroke, 23: .tritone, 25: .dropShadow, 29: .gaussianBlur]
    static let effectNames: [Int: String] = [24: "Pro Levels", 26: "Radial Wipe", 27: "Displacement Map", 28: "Set Matte",
                                             30: "Mesh Warp", 31: "Wavy", 32: "Spherize", 33: "Puppet", 34: "Twirl"]

    mutating func parseEffects(_ el: JSONElement?) throws(LottieError) -> [EffectModel] {
        guard let el, let list = try? el.array() else { return [] }
        var effects: [EffectModel] = []
        for e in list {
            guard e.isObject else { note(e, "an effect is not an object; ignored"); continue }
            let ty = int(e, "ty") ?? -1
            let name = string(e, "nm") ?? "", matchName = string(e, "mn") ?? ""
            var kind = Self.effectKinds[ty] ?? .unsupported
            if ty == 5 {
                // Custom effects: expression controls (sliders, colours, layer pickers, pseudo effects)
                // draw nothing; real After Effects effects exported as custom ones are not drawn.
                let control = matchName.isEmpty || matchName.hasSuffix(" Control") || matchName.hasPrefix("Pseudo/")
                kind = control ? .control : .unsupported
            }
            // Exporters always write `en`; ThorVG and rlottie leave an effect without it off, and
            // the reference renders agree with them.
            let enabled = bool(e, "en")
            if kind == .unsupported && enabled {
                let what = Self.effectNames[ty] ?? (name.isEmpty ? "type \(ty)" : name)
                let mn = matchName.isEmpty ? "" : " (\(matchName))"
                note(e, "the \(what)\(mn) effect is not supported; the layer is drawn without it", key: "effect \(what)")
            }
            var params: [EffectParam] = []
            try parseEffectParams(e["ef"], into: &params, depth: 0)
            effects.append(EffectModel(name: name, matchName: matchName, kind: kind, enabled: enabled, params: params))
        }
        return effects
    }

    /// Appends the parameters of `el` (nested groups flattened in order).
    mutating func parseEffectParams(_ el: JSONElement?, into params: inout [EffectParam], depth: Int) throws(LottieError) {
        guard let el, let list = try? el.array(), depth < 8 else { return }
        for p in list {
            guard p.isObject else { continue }
            if p["ef"] != nil {
                try parseEffectParams(p["ef"], into: &params, depth: depth + 1)
                continue
            }
            let ty = int(p, "ty") ?? 0
            var value: VectorProperty = .fixed([0])
            if let v = p["v"] { value = ty == 2 ? try color(v) : try parseVector(v) }
            params.append(EffectParam(name: string(p, "nm") ?? "", matchName: string(p, "mn") ?? "", type: ty, value: value))
        }
    }

    mutating func parseStyles(_ el: JSONElement?) throws(LottieError) -> [LayerStyleModel] {
        guard let el, let list = try? el.array() else { return [] }
        var styles: [LayerStyleModel] = []
        let names = [2: "inner shadow", 4: "inner glow", 5: "bevel and emboss", 6: "satin", 7: "colour overlay", 8: "gradient overlay"]
        for s in list {
            guard s.isObject else { continue }
            let ty = int(s, "ty") ?? -1
            let kind: LayerStyleModel.Kind
            switch ty {
            case 0: kind = .stroke
            case 1: kind = .dropShadow
            case 3: kind = .outerGlow
            default:
                let what = names[ty] ?? "type \(ty)"
                note(s, "the \(what) layer style is not supported; the layer is drawn without it", key: "style \(what)")
                continue
            }
            func v(_ key: String, _ fallback: Double) throws(LottieError) -> VectorProperty {
                guard let e = s[key] else { return .fixed([fallback]) }
                return try parseVector(e)
            }
            // An outer glow's extent is its size where the file has one, else its range.
            let size = kind == .outerGlow && s["s"] == nil ? try v("r", 0) : try v("s", kind == .stroke ? 3 : 5)
            styles.append(LayerStyleModel(kind: kind, color: s["c"] == nil ? .fixed([0, 0, 0, 1]) : try color(s["c"]),
                                          opacity: try v("o", 100), size: size, angle: try v("a", 120),
                                          distance: try v("d", 5), choke: try v("ch", 0)))
        }
        return styles
    }
}
