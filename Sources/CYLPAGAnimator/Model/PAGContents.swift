import CYLTimeline

/// What `info` says about a PAG file: each composition (kind, size, frame rate, length) with its
/// layers (type, name, time span), the root marked, and the embedded images and fonts.
enum PAGContents {
    static func fields(_ pag: PAGFile, slots: [String]) -> [InfoField] {
        let rootID = pag.compositions.last?.id
        var fields: [InfoField] = [InfoField("PAG version", .int(Int(pag.version)))]
        fields.append(InfoField("compositions", .list(pag.compositions.map { c in
            var f = [InfoField("id", .int(Int(c.id))), InfoField("kind", .string(c.kindName)),
                     InfoField("size", .string("\(c.width)x\(c.height)")),
                     InfoField("frame rate", .string(c.frameRate.compactText)), InfoField("frames", .int(Int(clamping: c.duration)))]
            if c.id == rootID { f.append(InfoField("root", .bool(true))) }
            if case .vector(let layers) = c.content {
                f.append(InfoField("layers", .list(layers.map { .string(describe($0)) })))
            }
            return .object(f)
        })))
        if !pag.images.isEmpty {
            fields.append(InfoField("images", .list(pag.images.keys.sorted().map { id in
                let image = pag.images[id]!
                return .string("image \(id): \(image.range.count) bytes, scale \(image.scaleFactor.compactText)")
            })))
        }
        if !slots.isEmpty { fields.append(InfoField("editable (--slot)", .list(slots.map { .string($0) }))) }
        if !pag.fonts.isEmpty {
            fields.append(InfoField("fonts", .list(pag.fonts.map { .string("\($0.family) \($0.style)") })))
        }
        return fields
    }

    static func describe(_ l: PAGLayer) -> String {
        var text = "\(l.type.name) \(l.id)"
        if !l.name.isEmpty { text += " \"\(l.name)\"" }
        text += ": frames \(l.startTime.compactText)-\((l.startTime + l.duration - 1).compactText)"
        switch l.content {
        case .composition(let id, _): text += ", shows composition \(id)"
        case .image(let id): text += ", shows image \(id)"
        case .shapes(let items): text += ", \(items.count) shape item\(items.count == 1 ? "" : "s")"
        default: break
        }
        if !l.masks.isEmpty { text += ", \(l.masks.count) mask\(l.masks.count == 1 ? "" : "s")" }
        if l.matte != nil { text += ", track matte" }
        if !l.isActive { text += ", hidden" }
        return text
    }
}
