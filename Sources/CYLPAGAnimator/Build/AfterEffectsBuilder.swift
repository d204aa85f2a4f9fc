import CYLGeometry
import CYLImageCodecs
import CYLLimits
import CYLLottieAnimator
import CYLRaster
import CYLTimeline

/// Builds the After Effects model the Lottie renderer draws from a `PAGFile`: resolves layer,
/// composition and image ids, checks that compositions do not contain themselves, and maps PAG's
/// time rules onto the model's (see `build()`).
struct AfterEffectsBuilder {
    let pag: PAGFile
    let bytes: [UInt8]
    let file: String
    let limits: Limits
    private(set) var notes: [PAGNote] = []
    private var byID: [UInt32: Int] = [:]
    private var noted: Set<String> = []
    /// Bytes of the images decoded so far, held to `Limits.maxDecodedBytes` (each stays in memory
    /// for the document's life).
    private var decodedBytes = 0

    init(_ pag: PAGFile, bytes: [UInt8], file: String, limits: Limits) {
        self.pag = pag
        self.bytes = bytes
        self.file = file
        self.limits = limits
        for (i, c) in pag.compositions.enumerated() where byID[c.id] == nil { byID[c.id] = i }
    }

    /// The root is the file's last composition (libpag's rule). Its frames are the timeline's:
    /// frame N is composition frame N, `duration` of them, at its frame rate.
    ///
    /// PAG times are frames of the composition a layer is in, as in the shared model: a layer
    /// shows from `startTime` for `duration` frames (the model's in and out points), its keyframes
    /// are keyed in that time, and a precomposition layer shows its composition from that
    /// composition's frame 0 at `compositionStartTime` (the model's start time). A composition
    /// with another frame rate plays at its own: the model's stretch is the ratio of the rates.
    mutating func build() throws(PAGError) -> AnimationModel {
        let root = pag.compositions[pag.compositions.count - 1]
        try checkCycles(from: pag.compositions.count - 1)
        var precomps: [String: CompositionModel] = [:]
        var images: [String: LottieImage] = [:]
        for (i, c) in pag.compositions.enumerated() where i < pag.compositions.count - 1 && byID[c.id] == i {
            if case .vector(let layers) = c.content { precomps[key(c.id)] = try composition(layers, in: c, images: &images) }
        }
        guard case .vector(let rootLayers) = root.content else {
            throw PAGError(file: file, byte: root.offset, "the root composition is a \(root.kindName), which is not drawn yet")
        }
        let rootModel = try composition(rootLayers, in: root, images: &images)
        let rate = root.frameRate.isFinite && root.frameRate > 0 ? root.frameRate : 30
        return AnimationModel.make(name: "", width: Double(max(1, root.width)), height: Double(max(1, root.height)), frameRate: rate,
                              inPoint: 0, outPoint: Double(max(1, root.duration)), root: rootModel, precomps: precomps,
                              images: images, markers: [])
    }

    private func key(_ id: UInt32) -> String { "\(id)" }

    /// Compositions that show themselves, directly or through others, are an error (they would
    /// never finish drawing); nesting deeper than `Limits.maxPrecompDepth` too.
    private func checkCycles(from start: Int) throws(PAGError) {
        var state = [UInt8](repeating: 0, count: pag.compositions.count)  // 0 new, 1 on the path, 2 done
        func visit(_ i: Int, depth: Int) throws(PAGError) {
            let c = pag.compositions[i]
            guard depth <= limits.maxPrecompDepth else {
                throw PAGError(file: file, byte: c.offset, "compositions nest more than \(limits.maxPrecompDepth) deep (\(Limit.maxPrecompDepth))")
            }
            state[i] = 1
            if case .vector(let layers) = c.content {
                for layer in layers {
                    guard case .composition(let id, _) = layer.content, let j = byID[id] else { continue }
                    if state[j] == 1 {
                        throw PAGError(file: file, byte: layer.offset, "composition \(id) contains itself (through layer \(layer.id))")
                    }
                    if state[j] == 0 { try visit(j, depth: depth + 1) }
                }
            }
            state[i] = 2
        }
        try visit(start, depth: 0)
    }

    private mutating func composition(_ layers: [PAGLayer], in comp: PAGComposition,
                                      images: inout [String: LottieImage]) throws(PAGError) -> CompositionModel {
        var positionOf: [UInt32: Int] = [:]
        for (i, l) in layers.enumerated() where positionOf[l.id] == nil { positionOf[l.id] = i }
        var out: [LayerModel] = []
        out.reserveCapacity(layers.count)
        for layer in layers {
            var m = LayerModel.make(name: layer.name, content: .null, transform: layer.transform, inPoint: layer.startTime,
                               outPoint: layer.startTime + layer.duration, startTime: 0)
            m.autoOrient = layer.autoOrient
            m.hidden = !layer.isActive
            m.blendMode = layer.blendMode
            m.masks = layer.masks
            switch layer.content {
            case .none, .text: m.content = .null
            case .shapes(let items): m.content = .shapes(items)
            case let .solid(color, w, h): m.content = .solid(color: color, width: Double(w), height: Double(h))
            case let .composition(id, start):
                if let j = byID[id], case .vector = pag.compositions[j].content, j != pag.compositions.count - 1 {
                    let child = pag.compositions[j]
                    m.content = .precomp(id: key(id), width: Double(child.width), height: Double(child.height))
                    m.startTime = start
                    if child.frameRate > 0 && comp.frameRate > 0 && child.frameRate != comp.frameRate {
                        m.stretch = comp.frameRate / child.frameRate
                    }
                } else if let j = byID[id] {
                    m.content = .null
                    note(layer.offset, "layer \(layer.id) shows a \(pag.compositions[j].kindName) composition, which is not drawn yet", .notDrawn,
                         key: "composition kind \(pag.compositions[j].kindName)")
                } else {
                    note(layer.offset, "layer \(layer.id) shows composition \(id), which the file lacks; it draws nothing", .approximated)
                }
            case .image(let id):
                if images[key(id)] == nil, let image = decodeImage(id, for: layer) { images[key(id)] = image }
                m.content = images[key(id)] == nil ? .null : .image(id: key(id))
            }
            if layer.parentID != 0 {
                if let p = positionOf[layer.parentID], p != out.count {
                    m.parent = p
                } else {
                    note(layer.offset, "layer \(layer.id)'s parent \(layer.parentID) is not in its composition; ignored", .approximated)
                }
            }
            if let mode = layer.matte {
                // The matte is the layer above (libpag's rule); it is then not drawn as itself, and
                // gates even when switched off (exporters switch matte layers off, as AE hides them).
                if out.isEmpty {
                    note(layer.offset, "layer \(layer.id) has a track matte but no layer above it; drawn without", .approximated)
                } else {
                    m.matteMode = mode
                    m.matte = TrackMatte.make(mode, source: out.count - 1)
                    out[out.count - 1].isMatteSource = true
                    out[out.count - 1].hidden = false
                }
            }
            out.append(m)
        }
        // Parenting that loops would never finish placing a layer.
        for i in out.indices {
            var seen: Set<Int> = [i]
            var p = out[i].parent
            while let at = p {
                guard seen.insert(at).inserted else {
                    throw PAGError(file: file, byte: layers[i].offset, "layer \(layers[i].id)'s parents form a cycle")
                }
                p = out[at].parent
            }
        }
        return CompositionModel.make(out)
    }

    /// Image `id` decoded (WebP, PNG or JPEG, by content), placed as libpag places it: scaled by
    /// 1 / its scale factor, its origin moved by minus its anchor (images whose transparent border
    /// the exporter stripped). Nil, with a note, when it cannot be drawn.
    private mutating func decodeImage(_ id: UInt32, for layer: PAGLayer) -> LottieImage? {
        guard let stored = pag.images[id], !stored.range.isEmpty else {
            note(layer.offset, "layer \(layer.id) shows image \(id), which the file lacks; it draws nothing", .approximated)
            return nil
        }
        let name = "\(file):byte \(stored.offset)"
        let bytes = Array(self.bytes[stored.range])
        let pixels: Pixmap
        do {
            if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) {
                pixels = try PNGCodec.decode(bytes, name: name, maxPixels: limits.maxCanvasPixels)
            } else if JPEGCodec.isJPEG(bytes) {
                pixels = try JPEGCodec.decode(bytes, name: name, maxPixels: limits.maxCanvasPixels)
            } else if WebPDecoder.isWebP(bytes) {
                pixels = try WebPDecoder.decode(bytes, name: name, maxPixels: limits.maxCanvasPixels)
            } else {
                note(stored.offset, "image \(id) is not WebP, PNG or JPEG; it is not drawn", .notDrawn)
                return nil
            }
        } catch {
            note(stored.offset, "image \(id) cannot be decoded (\(error)); it is not drawn", .notDrawn)
            return nil
        }
        let size = pixels.width.multipliedReportingOverflow(by: pixels.height * 4)
        guard !size.overflow, decodedBytes + size.partialValue <= limits.maxDecodedBytes else {
            note(stored.offset, "image \(id) (\(pixels.width)x\(pixels.height)) would bring the decoded images to more than "
                 + "\(limits.maxDecodedBytes) bytes (\(Limit.maxDecodedBytes)); it is not drawn", .notDrawn)
            return nil
        }
        decodedBytes += size.partialValue
        let s = stored.scaleFactor
        return LottieImage.make(pixels, width: Double(pixels.width) / s, height: Double(pixels.height) / s,
                                offset: Point(Double(-stored.anchorX), Double(-stored.anchorY)), sampling: .libpag)
    }

    private mutating func note(_ byte: Int, _ message: String, _ feature: PAGFeature, key: String? = nil) {
        guard noted.insert(key ?? message).inserted else { return }
        notes.append(PAGNote(byte: byte, message: message, feature: feature))
    }
}
