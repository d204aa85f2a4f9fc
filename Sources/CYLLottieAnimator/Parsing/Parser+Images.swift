import CYLDocuments
import CYLRaster
import CYLTimeline

// Image assets: embedded data URIs, files beside the JSON (or under `--assets`), entries of a
// dotLottie archive, and image slots. A missing or undecodable image is a warning naming the
// asset and the path; its layers draw nothing.

/// What the parser has read for image assets.
struct ImageParseState {
    /// Files read from disk, in the order read.
    var files: [String] = []
    /// Bytes of the decoded images so far, held to `Limits.maxDecodedBytes`.
    var decodedBytes = 0
}

extension LottieParser {
    /// The `u` and `p` of every image asset that names a file (not a data URI), without reading
    /// it: what a build cache hashes along with the JSON. Image slots are not followed.
    static func imageFileReferences(_ root: JSONElement) -> [(folder: String, name: String)] {
        guard let assets = root["assets"]?.asArray else { return [] }
        var out: [(folder: String, name: String)] = []
        for a in assets where a["layers"] == nil {
            guard let p = a["p"]?.asString, !p.hasPrefix("data:") else { continue }
            out.append((a["u"]?.asString ?? "", p))
        }
        return out
    }

    /// The pixels of image asset `a` (id `id`), or nil with a warning.
    mutating func imageAsset(_ a: JSONElement, id: String) -> LottieImage? {
        var asset = a
        if let sid = string(a, "sid") {
            switch slotImage(sid, at: a) {
            case .file(let path): return box(load(ImageAssetSource.readFile(path, limits: limits), id: id, at: a), a)
            case .element(let el): asset = el
            case nil: break
            }
        }
        guard let p = string(asset, "p") else {
            note(asset, "image asset \"\(id)\" has no file name or data \"p\"; its layers draw nothing")
            return nil
        }
        if p.hasPrefix("data:") { return box(embeddedImage(asset, id: id, p), asset, else: a) }
        let u = string(asset, "u") ?? ""
        guard let imageSource else {
            note(asset, "image asset \"\(id)\": \(u)\(p) is not loaded (no folder to read it from); its layers draw nothing",
                 feature: .externalImage)
            return nil
        }
        return box(load(imageSource.read(folder: u, name: p, limits: limits), id: id, at: asset), asset, else: a)
    }

    /// `pixels` in the box the asset gives (`w`, `h`); a slot that gives none (a file, a theme's
    /// image without a size) keeps the replaced asset's box, `original`.
    private func box(_ pixels: Pixmap?, _ asset: JSONElement, else original: JSONElement? = nil) -> LottieImage? {
        let sized = asset["w"] != nil && asset["h"] != nil ? asset : original ?? asset
        return pixels.map { LottieImage($0, width: sized["w"]?.asDouble, height: sized["h"]?.asDouble) }
    }

    /// A `data:image/...;base64,` URI's image, decoded by content (PNG, JPEG or WebP).
    private mutating func embeddedImage(_ a: JSONElement, id: String, _ p: String) -> Pixmap? {
        guard let comma = p.firstIndex(of: ",") else { note(a["p"], "embedded image without data"); return nil }
        guard p[p.startIndex..<comma].hasSuffix(";base64") else {
            note(a["p"], "embedded image \"\(id)\" is not base64-encoded; its layers draw nothing", feature: .imageFormat)
            return nil
        }
        guard let bytes = Base64.decode(p[p.index(after: comma)...]) else {
            note(a["p"], "embedded image has invalid base64 data"); return nil
        }
        return decoded(ImageAssetSource.decode(bytes, name: "\(name):\(a.path)", limits: limits), id: id, at: a["p"] ?? a)
    }

    private mutating func load(_ found: Result<ImageAssetSource.Found, ImageAssetError>, id: String, at el: JSONElement) -> Pixmap? {
        switch found {
        case .failure(let e):
            note(el, "image asset \"\(id)\": \(e.location): \(e.message); its layers draw nothing", feature: .externalImage)
            return nil
        case .success(let f):
            if let file = f.file, !imageState.files.contains(file) { imageState.files.append(file) }
            return decoded(ImageAssetSource.decode(f.bytes, name: f.location, limits: limits), id: id, at: el)
        }
    }

    private mutating func decoded(_ result: Result<Pixmap, ImageAssetError>, id: String, at el: JSONElement) -> Pixmap? {
        switch result {
        case .failure(let e):
            note(el, "image asset \"\(id)\": \(e.location) \(e.message); its layers draw nothing", feature: .imageFormat)
            return nil
        case .success(let image):
            // Every decoded image stays in memory for the document's life: bound their sum.
            let bytes = image.width.multipliedReportingOverflow(by: image.height * 4)
            guard !bytes.overflow, imageState.decodedBytes + bytes.partialValue <= limits.maxDecodedBytes else {
                note(el, "image asset \"\(id)\" (\(image.width)x\(image.height)) would bring the decoded images to more than "
                     + "\(limits.maxDecodedBytes) bytes (\(Limit.maxDecodedBytes)); its layers draw nothing")
                return nil
            }
            imageState.decodedBytes += bytes.partialValue
            return image
        }
    }
}
