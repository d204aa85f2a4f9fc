import CYLDocuments
import CYLRaster
import CYLTimeline

/// A PAG file's editable content, what apps replace at run time: its text layers (`text0`,
/// `text1`, … in file order: compositions as stored, layers top to bottom) and its images
/// (`image0`, … each embedded image once, in the order layers first show it). `--slot` values
/// replace them by that id or by a layer's name: text by a string, an image by an image file
/// (PNG, JPEG or WebP), fitted into the replaced image's box as libpag fits it (letterbox).
struct EditableSlots {
    struct TextSlot {
        var composition: Int
        var layer: Int
        var name: String
        var text: String
    }

    struct ImageSlot {
        var imageID: UInt32
        var layerNames: [String]
    }

    private(set) var texts: [TextSlot] = []
    private(set) var images: [ImageSlot] = []

    init(_ pag: PAGFile) {
        for (ci, c) in pag.compositions.enumerated() {
            guard case .vector(let layers) = c.content else { continue }
            for (li, l) in layers.enumerated() {
                switch l.content {
                case .text(let source):
                    texts.append(TextSlot(composition: ci, layer: li, name: l.name, text: source.initialValue.text))
                case .image(let id):
                    if let k = images.firstIndex(where: { $0.imageID == id }) {
                        if !l.name.isEmpty { images[k].layerNames.append(l.name) }
                    } else {
                        images.append(ImageSlot(imageID: id, layerNames: l.name.isEmpty ? [] : [l.name]))
                    }
                default: break
                }
            }
        }
    }

    /// The slot ids, for `info` and messages: `text0 "Title" = "Hello"`, `image0 "Avatar"`.
    var descriptions: [String] {
        texts.enumerated().map { i, t in "text\(i)\(t.name.isEmpty ? "" : " \"\(t.name)\"") = \"\(t.text)\"" }
            + images.enumerated().map { i, m in "image\(i)" + (m.layerNames.first.map { " \"\($0)\"" } ?? "") + " (image \(m.imageID))" }
    }

    private var ids: String {
        let all = texts.indices.map { "text\($0)" } + images.indices.map { "image\($0)" }
        return all.isEmpty ? "it has no editable text or image" : "its slots: \(all.joined(separator: ", "))"
    }

    /// Applies `slots` to `pag`: texts replaced in every document of their layer, image files read
    /// (under `limits`) into `pag.replacedImages`. Returns the warnings (an id the file lacks, a
    /// value of the wrong kind) and the image files read.
    func apply(_ slots: [SlotOverride], to pag: inout PAGFile, limits: Limits) throws -> (warnings: [String], files: [String]) {
        var warnings: [String] = [], files: [String] = []
        for slot in slots {
            let textIndex = Self.index(slot.id, prefix: "text") ?? texts.firstIndex { $0.name == slot.id && !$0.name.isEmpty }
            let imageIndex = Self.index(slot.id, prefix: "image") ?? images.firstIndex { $0.layerNames.contains(slot.id) }
            if let i = textIndex, i < texts.count {
                guard let text = Self.text(slot.value) else {
                    warnings.append("--slot \(slot.id): a text slot takes text, not an image path or JSON that is not a string")
                    continue
                }
                replaceText(texts[i], with: text, in: &pag)
            } else if let i = imageIndex, i < images.count {
                guard case .file(let path) = slot.value else {
                    warnings.append("--slot \(slot.id): an image slot takes the path of a PNG, JPEG or WebP file")
                    continue
                }
                pag.replacedImages[images[i].imageID] = try InputFile.read(path, limits: limits)
                files.append(path)
            } else {
                warnings.append("--slot \(slot.id): the file has no editable text or image \"\(slot.id)\" (\(ids))")
            }
        }
        return (warnings, files)
    }

    /// `text3` → 3 for prefix `text`.
    private static func index(_ id: String, prefix: String) -> Int? {
        guard id.hasPrefix(prefix) else { return nil }
        return Int(id.dropFirst(prefix.count))
    }

    /// A slot value as text: written as is, or a JSON string.
    private static func text(_ value: SlotOverride.Value) -> String? {
        switch value {
        case .file(let s): return s
        case .number(let d): return d == d.rounded() && abs(d) < 1e15 ? String(Int64(d)) : "\(d)"
        case .color(let c): return hex(c)
        case .json(let j):
            guard let e = try? JSONDocument.parseElement(Array(j.utf8), name: "--slot"), let s = try? e.string() else { return nil }
            return s
        }
    }

    /// `#rrggbb`, as the colour was written (a text that looks like a colour is still text).
    private static func hex(_ c: RGBA8) -> String {
        "#" + [c.r, c.g, c.b].map { v in let s = String(v, radix: 16); return s.count == 1 ? "0" + s : s }.joined()
    }

    private func replaceText(_ slot: TextSlot, with text: String, in pag: inout PAGFile) {
        guard case .vector(var layers) = pag.compositions[slot.composition].content,
              case .text(let source) = layers[slot.layer].content else { return }
        layers[slot.layer].content = .text(source.map { d in var d = d; d.text = text; return d })
        pag.compositions[slot.composition].content = .vector(layers)
    }
}
