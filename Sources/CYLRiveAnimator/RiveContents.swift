import CYLDocuments
import CYLTimeline

extension RiveDocument {
    /// What the file holds, for `info`: artboards with their size, linear animations (fps,
    /// duration, loop, work area) and state machines (inputs with defaults), and view models.
    public var contents: [InfoField] {
        var fields = [InfoField("scene", .string(plan.summary)),
                      InfoField("artboard", .string(artboard.name))]
        fields.append(InfoField("artboards", .list(model.artboards.map(Self.info))))
        if !model.assets.isEmpty {
            fields.append(InfoField("assets", .list(zip(model.assets, assetSources).map { asset, source in
                let kind = RiveAssetFiles.typeExtensions(asset).first.map { ["png": "image", "ttf": "font", "wav": "audio"][$0] ?? "asset" } ?? "asset"
                let place: String
                switch source {
                case .embedded(let n): place = "embedded (\(n) bytes)"
                case .file(let path): place = "read from \(path)"
                case .missing(let names, let folder):
                    place = "not embedded" + (names.isEmpty ? "" : "; no \(names.joined(separator: " or ")) in \(folder)")
                        + (asset.isImage ? "" : asset.isFont ? "; its text is drawn in an installed font (\(FontCache.fallbackFamily))"
                            : " (\(kind)s beside the file are not read yet)")
                }
                return .string("\"\(asset.name)\" (\(kind), id \(asset.assetID)): \(place)")
            })))
        }
        if !model.viewModels.isEmpty {
            fields.append(InfoField("view models", .list(model.viewModels.map { vm in
                .object([InfoField("name", .string(vm.name)),
                         InfoField("properties", .list(vm.properties.map { .string("\($0.name) (\($0.kind.rawValue))") }))])
            })))
        }
        return fields
    }

    static func info(_ board: ArtboardModel) -> InfoValue {
        let animations: [InfoValue] = board.animations.map { a in
            var text = "\(a.name): \(a.fps) fps, \(a.duration) frames (\(((a.durationSeconds * 1000).rounded() / 1000).compactText) s), \(a.loop)"
            if a.speed != 1 { text += ", speed \(a.speed.compactText)" }
            if a.usesWorkArea { text += ", work area \(a.workStart!)-\(a.workEnd!)" }
            return .string(text)
        }
        let machines: [InfoValue] = board.stateMachines.enumerated().map { (i, m) in
            var fields = [InfoField("name", .string(m.name))]
            if board.defaultStateMachineIndex == i { fields.append(InfoField("default", .bool(true))) }
            fields.append(InfoField("inputs", .list(m.inputs.map { input -> InfoValue in
                switch input {
                case .bool(let n, let v)?: return .string("\(n): bool = \(v)")
                case .number(let n, let v)?: return .string("\(n): number = \(v.compactText)")
                case .trigger(let n)?: return .string("\(n): trigger")
                case nil: return .string("(an input of an unknown kind)")
                }
            })))
            fields.append(InfoField("layers", .int(m.layers.count)))
            return .object(fields)
        }
        return .object([InfoField("name", .string(board.name)),
                        InfoField("size", .string("\(board.width.compactText)x\(board.height.compactText)")),
                        InfoField("animations", .list(animations)),
                        InfoField("state machines", .list(machines))])
    }
}
