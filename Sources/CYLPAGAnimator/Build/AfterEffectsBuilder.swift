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
    /// The fonts of the file's text, loaded once.
    private let text: TextBuilder

    init(_ pag: PAGFile, bytes: [UInt8], file: String, limits: Limits) {
        self.pag = pag
        self.bytes = bytes
        self.file = file
        self.limits = limits
        for (i, c) in pag.compositions.enumerated() where byID[c.id] == nil { byID[c.id] = i }
        text = TextBuilder(pag)
        for message in text.notes { notes.append(PAGNote(byte: 0, message: message, feature: .approximated)) }
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
            if let m = try compositionModel(c, images: &images) { precomps[key(c.id)] = m }
        }
        guard let rootModel = try compositionModel(root, images: &images) else {
            throw PAGError(file: file, byte: root.offset, "the root composition (a \(root.kindName)) cannot be drawn")
        }
        let rate = root.frameRate.isFinite && root.frameRate > 0 ? root.frameRate : 30
        // The timeline's clock turns frames into durations: a rate of a frame a century, or more
        // frames than the limit, would overflow it (FuzzPAG) or draw for ever.
        guard FrameTiming.fpsRange.contains(rate) else {
            throw PAGError(file: file, byte: root.offset, "the root composition's frame rate \(rate) is not from 1/3600 (one frame an hour) to 1000")
        }
        guard root.duration <= limits.maxFrames else {
            throw PAGError(file: file, byte: root.offset,
                           "the root composition has \(root.duration) frames, more than the limit of \(limits.maxFrames) (\(Limit.maxFrames))")
        }
        var model = AnimationModel.make(name: "", width: Double(max(1, root.width)), height: Double(max(1, root.height)), frameRate: rate,
                              inPoint: 0, outPoint: Double(max(1, root.duration)), root: rootModel, precomps: precomps,
                              images: images, markers: [])
        model.fonts = text.fonts
        model.imageScaleRanges = ImageAssetScales.ranges(root: rootModel, precomps: precomps)
        model.dashMeasure = .libpag
        // libpag clips a composition of layers to its bounds, anti-aliased; a bitmap or video
        // composition's frames it draws unclipped, their own edges anti-aliased.
        if case .vector = root.content { model.boxEdges = .antialiased } else { model.boxEdges = .unclipped }
        return model
    }

    private func key(_ id: UInt32) -> String { "\(id)" }

    /// A sequence composition: one layer of its frames. It has no end: past its duration libpag
    /// shows the last frame (`Sequence::toSequenceFrame` clamps), which a layer starting the
    /// composition long before it shows it sees (video_composition_filter.pag starts its video 552
    /// frames early, 24 frames long).
    private mutating func sequenceModel<F: FrameImages>(_ c: PAGComposition, _ frames: Result<F, PAGBuildNote>,
                                                        kind: String) -> CompositionModel? {
        switch frames {
        case .success(let frames):
            return CompositionModel.make([LayerModel.make(name: "", content: .frames(frames), transform: .identity, inPoint: 0,
                                                          outPoint: .infinity, startTime: 0)])
        case .failure(let why):
            note(c.offset, "\(kind) composition \(c.id) is not drawn: \(why.message)", .notDrawn)
            return nil
        }
    }

    /// The model of composition `c`: its layers, or its bitmap sequence's frames; nil (noted)
    /// for content not drawn.
    private mutating func compositionModel(_ c: PAGComposition, images: inout [String: LottieImage]) throws(PAGError) -> CompositionModel? {
        switch c.content {
        case .vector(let layers):
            return try composition(layers, in: c, images: &images)
        case .bitmap(let sequences):
            return sequenceModel(c, BitmapSequenceFrames.make(c, sequences, file: file, bytes: bytes, limits: limits), kind: "bitmap")
        case .video(let sequences):
            return sequenceModel(c, VideoSequenceFrames.make(c, sequences, file: file, bytes: bytes, limits: limits), kind: "video")
        }
    }

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
            // Auto-orient is recorded but not drawn: libpag's renderer never reads it (the
            // exporter bakes the rotation into the keyframes).
            m.hidden = !layer.isActive
            m.blendMode = layer.blendMode
            m.masks = layer.masks
            m.effects = mapLayersPlaced(layer, layers, positionOf)
            m.styles = layer.styles
            m.snapshotsContent = Self.cachesContent(layer)
            // Motion blur smears a snapshot of the content (every layer with it has one).
            m.motionBlur = layer.motionBlur && m.snapshotsContent
            switch layer.content {
            case .none: m.content = .null
            case .text(let source):
                var animators = layer.textAnimators
                if animators.contains(where: { $0.properties.fillColor != nil || $0.properties.strokeColor != nil }) {
                    // libpag's text animators move, scale, turn, fade and space characters; the
                    // colours the format also holds are never drawn (its renders keep the
                    // document's colours).
                    for i in animators.indices {
                        animators[i].properties.fillColor = nil
                        animators[i].properties.strokeColor = nil
                    }
                    note(layer.offset, "text animator colours are not drawn (libpag's renderer draws the document's colours)", .approximated)
                }
                m.content = .text(text.text(source, animators: animators))
            case .shapes(let items): m.content = .shapes(items)
            case let .solid(color, w, h): m.content = .solid(color: color, width: Double(w), height: Double(h))
            case let .composition(id, start):
                if let j = byID[id], j != pag.compositions.count - 1 {
                    let child = pag.compositions[j]
                    m.content = .precomp(id: key(id), width: Double(child.width), height: Double(child.height))
                    m.startTime = start
                    if child.frameRate > 0 && comp.frameRate > 0 && child.frameRate != comp.frameRate {
                        m.stretch = comp.frameRate / child.frameRate
                    }
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
        // Each layer's scales through its parents (no cycles, checked above).
        let own = out.map { Self.keyedScale($0.transform.scale) }
        for i in out.indices {
            var range = own[i], p = out[i].parent
            while let at = p { range = range.within(own[at]); p = out[at].parent }
            out[i].keyedScale = range
        }
        return CompositionModel.make(out)
    }

    /// The layer's effects with each displacement map's layer id replaced by its position in the
    /// composition (libpag looks it up there; −1 when it is not found or has no rectangle of its
    /// own to draw the map in: nothing is displaced).
    private mutating func mapLayersPlaced(_ layer: PAGLayer, _ layers: [PAGLayer], _ positionOf: [UInt32: Int]) -> [EffectModel] {
        var effects = layer.effects
        for i in effects.indices where effects[i].kind == .displacementMap && !effects[i].params.isEmpty {
            let id = UInt32(clamping: Int(effects[i].params[0].value.value(at: 0).first ?? 0))
            var position = -1
            if let p = positionOf[id] {
                switch layers[p].type {
                case .preCompose, .image, .solid: position = p
                default: note(layer.offset, "layer \(layer.id)'s displacement map reads \(layers[p].type.name) layer \(id), which is not drawn as a map", .notDrawn)
                }
            } else if id != 0 {
                note(layer.offset, "layer \(layer.id)'s displacement map reads layer \(id), which is not in its composition; nothing is displaced", .approximated)
            }
            effects[i].params[0].value = .fixed([Double(position)])
        }
        return effects
    }

    /// The smallest and largest |scale| a scale property takes at its keys, per axis, as ratios
    /// (libpag reads the first key's start and every key's end; between keys a scale may
    /// overshoot, which it does not count).
    static func keyedScale(_ p: VectorProperty) -> ScaleRange {
        func ratio(_ v: [Double]?) -> Point? {
            guard let v, !v.isEmpty else { return nil }
            let x = abs(v[0]) / 100, y = abs(v.count > 1 ? v[1] : v[0]) / 100
            return x.isFinite && y.isFinite ? Point(x, y) : nil
        }
        switch p {
        case .fixed(let v):
            let s = ratio(v) ?? Point(1, 1)
            return ScaleRange(smallest: s, largest: s)
        case .keyframed(let keys):
            let first = ratio(keys.first?.start) ?? Point(1, 1)
            var range = ScaleRange(smallest: first, largest: first)
            for k in keys {
                guard let e = ratio(k.end) else { continue }
                range.smallest = Point(min(range.smallest.x, e.x), min(range.smallest.y, e.y))
                range.largest = Point(max(range.largest.x, e.x), max(range.largest.y, e.y))
            }
            return range
        case .expression(_, let base): return keyedScale(base)  // PAG has no expressions
        }
    }

    /// Whether libpag caches the layer's content as a snapshot (`ContentSnapshot`): a layer with
    /// effects, layer styles or motion blur, and a shape layer whose items never change, shown for
    /// more than a frame (its ContentCache). Text is drawn straight unless effects, styles or
    /// motion blur send it through libpag's filter pass (`ContentSnapshot.Grid.filterPass`):
    /// its content cache, laid out otherwise, is not one drawn text matches.
    static func cachesContent(_ layer: PAGLayer) -> Bool {
        switch layer.content {
        case .shapes(let items) where layer.duration > 1 && items.allSatisfy(\.isStatic): return true
        default: return !layer.effects.isEmpty || !layer.styles.isEmpty || layer.motionBlur
        }
    }

    /// Image `id` decoded (WebP, PNG or JPEG, by content), placed as libpag places it: scaled by
    /// 1 / its scale factor, its origin moved by minus its anchor (images whose transparent border
    /// the exporter stripped). Nil, with a note, when it cannot be drawn.
    private mutating func decodeImage(_ id: UInt32, for layer: PAGLayer) -> LottieImage? {
        guard let stored = pag.images[id], !stored.range.isEmpty else {
            note(layer.offset, "layer \(layer.id) shows image \(id), which the file lacks; it draws nothing", .approximated)
            return nil
        }
        let replacement = pag.replacedImages[id]
        let name = replacement == nil ? "\(file):byte \(stored.offset)" : "the --slot image for image \(id)"
        let bytes = replacement ?? Array(self.bytes[stored.range])
        let pixels: Pixmap
        do {
            guard let p = try Self.decode(bytes, name: name, limits: limits) else {
                note(stored.offset, "image \(id) is not WebP, PNG or JPEG; it is not drawn", .notDrawn)
                return nil
            }
            pixels = p
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
        var w = Double(pixels.width) / s, h = Double(pixels.height) / s
        var offset = Point(Double(-stored.anchorX), Double(-stored.anchorY))
        if replacement != nil {
            // Letterboxed into the box of the image it replaces (libpag's default scale mode).
            let box = originalSize(stored) ?? (w, h)
            let fit = min(box.0 / Double(pixels.width), box.1 / Double(pixels.height))
            w = Double(pixels.width) * fit
            h = Double(pixels.height) * fit
            offset = offset + Point((box.0 - w) / 2, (box.1 - h) / 2)
        }
        return LottieImage.make(pixels, width: w, height: h, offset: offset, sampling: .libpag)
    }

    /// The size (units) an embedded image is shown at: its pixel size over its scale factor.
    private func originalSize(_ stored: PAGImageBytes) -> (Double, Double)? {
        guard let p = try? Self.decode(Array(bytes[stored.range]), name: file, limits: limits) else { return nil }
        return (Double(p.width) / stored.scaleFactor, Double(p.height) / stored.scaleFactor)
    }

    /// An image decoded by its content (PNG, JPEG or WebP); nil when it is none of them.
    private static func decode(_ bytes: [UInt8], name: String, limits: Limits) throws -> Pixmap? {
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return try PNGCodec.decode(bytes, name: name, maxPixels: limits.maxCanvasPixels) }
        if JPEGCodec.isJPEG(bytes) { return try JPEGCodec.decode(bytes, name: name, maxPixels: limits.maxCanvasPixels) }
        if WebPDecoder.isWebP(bytes) { return try WebPDecoder.decode(bytes, name: name, maxPixels: limits.maxCanvasPixels) }
        return nil
    }

    private mutating func note(_ byte: Int, _ message: String, _ feature: PAGFeature, key: String? = nil) {
        guard noted.insert(key ?? message).inserted else { return }
        notes.append(PAGNote(byte: byte, message: message, feature: feature))
    }
}
