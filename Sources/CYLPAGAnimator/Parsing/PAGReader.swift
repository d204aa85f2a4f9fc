import CYLLimits
import CYLLottieAnimator
import CYLRaster
import CYLTimeline

/// Reads a PAG file's bytes into a `PAGFile`: the 9-byte header, then the file's tags, the
/// compositions' tags and the layers' tags. Values are converted to the After Effects model's
/// units here, once; every error names the byte where the data at fault starts.
struct PAGReader {
    let file: String
    let limits: Limits
    private(set) var notes: [PAGNote] = []
    private var noted: Set<String> = []
    /// How deep shape groups are nested at the moment (bounded by `Limits.maxJSONDepth`).
    var depth = 0

    init(file: String, limits: Limits) {
        self.file = file
        self.limits = limits
    }

    /// Notes `message` once per `key` (default: the message itself).
    mutating func note(_ byte: Int, _ message: String, _ feature: PAGFeature, key: String? = nil) {
        guard noted.insert(key ?? message).inserted else { return }
        notes.append(PAGNote(byte: byte, message: message, feature: feature))
    }

    /// The file's header: `PAG`, a version byte, the body's length and its compression byte.
    static let headerSize = 9

    mutating func read(_ bytes: [UInt8]) throws(PAGError) -> PAGFile {
        guard bytes.count >= Self.headerSize, bytes[0] == 0x50, bytes[1] == 0x41, bytes[2] == 0x47 else {
            throw PAGError(file: file, byte: 0, "not a PAG file: it does not start with \"PAG\"")
        }
        var header = PAGStream(bytes, file: file, start: 3)
        let version = try header.uint8("the version")
        if version == 3 {
            throw PAGError(file: file, byte: 3, "the file is encrypted (version 3); only libpag with its key can read it")
        }
        guard version <= 3 else { throw PAGError(file: file, byte: 3, "PAG version \(version) is newer than this reader knows (1-2)") }
        let bodyLength = Int(try header.uint32("the body length"))
        let compression = try header.uint8("the compression")
        switch compression {
        case UInt8(ascii: "U"): break
        case UInt8(ascii: "Z"), UInt8(ascii: "L"):
            throw PAGError(file: file, byte: 8, "the body is compressed (\(compression == UInt8(ascii: "Z") ? "zlib" : "LZMA")); libpag itself reads only uncompressed bodies")
        default:
            throw PAGError(file: file, byte: 8, "unknown compression byte 0x\(String(compression, radix: 16))")
        }
        // Like libpag, a body length past the end is cut to the data there is.
        var body = PAGStream(bytes, file: file, start: Self.headerSize, end: Self.headerSize + min(bodyLength, bytes.count - Self.headerSize))
        var result = PAGFile(version: version)
        try body.readTags { (tag: inout Tag) throws(PAGError) in try readFileTag(&tag, into: &result) }
        guard !result.compositions.isEmpty else { throw PAGError(file: file, byte: Self.headerSize, "the file has no composition") }
        result.notes = notes
        return result
    }

    private mutating func readFileTag(_ tag: inout Tag, into result: inout PAGFile) throws(PAGError) {
        guard let code = tag.code else { return unknown(tag) }
        switch code {
        case .vectorCompositionBlock:
            var c = PAGComposition(id: try tag.body.encodedUInt32("the composition id"), content: .vector([]), offset: tag.offset)
            var layers: [PAGLayer] = []
            try tag.body.readTags { (t: inout Tag) throws(PAGError) in
                if t.code == .layerBlock {
                    guard layers.count < limits.maxObjects else {
                        throw t.body.error(at: t.offset, "more than \(limits.maxObjects) layers (\(Limit.maxObjects))")
                    }
                    layers.append(try readLayer(&t))
                } else {
                    try readCompositionTag(&t, into: &c)
                }
            }
            c.content = .vector(layers)
            result.compositions.append(c)
        case .bitmapCompositionBlock:
            var c = PAGComposition(id: try tag.body.encodedUInt32("the composition id"), content: .bitmap([]), offset: tag.offset)
            var sequences: [PAGBitmapSequence] = []
            try tag.body.readTags { (t: inout Tag) throws(PAGError) in
                if t.code == .bitmapSequence { sequences.append(try readBitmapSequence(&t)) } else { try readCompositionTag(&t, into: &c) }
            }
            c.content = .bitmap(sequences)
            result.compositions.append(c)
        case .videoCompositionBlock:
            var c = PAGComposition(id: try tag.body.encodedUInt32("the composition id"), content: .video([]), offset: tag.offset)
            let hasAlpha = try tag.body.bool("whether the video has alpha")
            var sequences: [PAGVideoSequence] = []
            try tag.body.readTags { (t: inout Tag) throws(PAGError) in
                if t.code == .videoSequence { sequences.append(try readVideoSequence(&t, hasAlpha: hasAlpha)) } else { try readCompositionTag(&t, into: &c) }
            }
            c.content = .video(sequences)
            result.compositions.append(c)
        case .imageBytes, .imageBytesV2, .imageBytesV3:
            let image = try readImageBytes(&tag, code)
            result.images[image.id] = image
        case .imageTables:
            let n = try tag.body.count("the number of images", minBitsEach: 16)
            for _ in 0..<n {
                let image = try readImageBytes(&tag, .imageBytes)
                result.images[image.id] = image
            }
        case .fontTables:
            let n = try tag.body.count("the number of fonts", minBitsEach: 16)
            for _ in 0..<n {
                result.fonts.append((try tag.body.string("a font family"), try tag.body.string("a font style")))
            }
        case .fileAttributes, .timeStretchMode, .editableIndices, .imageScaleModes, .performance:
            break  // Authoring and playback hints that change nothing drawn here.
        case .encryptedData:
            throw tag.body.error(at: tag.offset, "the file holds encrypted data; only libpag with its key can read it")
        default:
            note(tag.offset, "\(tag.description) is not expected at the top of the file; skipped", .unknownTag)
        }
    }

    mutating func unknown(_ tag: Tag) {
        note(tag.offset, "tag \(tag.rawCode) is not known to this reader (a newer exporter's); skipped", .unknownTag,
             key: "tag \(tag.rawCode)")
    }

    private mutating func readCompositionTag(_ tag: inout Tag, into c: inout PAGComposition) throws(PAGError) {
        switch tag.code {
        case .compositionAttributes:
            c.width = Int(try tag.body.encodedInt32("the composition's width"))
            c.height = Int(try tag.body.encodedInt32("the composition's height"))
            c.duration = Int64(bitPattern: try tag.body.encodedUInt64("the composition's duration"))
            c.frameRate = try tag.body.float("the composition's frame rate")
        case .audioBytes:
            note(tag.offset, "audio is not played", .notDrawn)
        case .markerList, .videoSequence, .mp4Header:
            break  // Markers of audio; video is not drawn yet (noted with its composition).
        case nil:
            unknown(tag)
        default:
            note(tag.offset, "\(tag.description) is not expected in a composition; skipped", .unknownTag)
        }
    }

    /// A bitmap sequence: size, frame rate, a keyframe flag bit per frame, then each frame's
    /// patches (position and WebP bytes).
    private func readBitmapSequence(_ tag: inout Tag) throws(PAGError) -> PAGBitmapSequence {
        var s = tag.body
        defer { tag.body = s }
        var seq = PAGBitmapSequence(width: Int(try s.encodedInt32("the sequence's width")),
                                    height: Int(try s.encodedInt32("the sequence's height")),
                                    frameRate: try s.float("the sequence's frame rate"), frames: [], offset: tag.offset)
        let n = try s.count("the number of frames")
        var keys: [Bool] = []
        keys.reserveCapacity(n)
        for _ in 0..<n { keys.append(try s.bit("the keyframe flags")) }
        for i in 0..<n {
            let m = try s.count("the number of patches of frame \(i)", minBitsEach: 24)
            var patches: [PAGBitmapSequence.Patch] = []
            for _ in 0..<m {
                let x = Int(try s.encodedInt32("a patch's x")), y = Int(try s.encodedInt32("a patch's y"))
                let length = try s.count("a patch's length", minBitsEach: 8)
                patches.append(.init(x: x, y: y, range: try s.byteRange(length, "a patch's bytes")))
            }
            seq.frames.append((keys[i], patches))
        }
        return seq
    }

    /// A video sequence: size, frame rate, the alpha's place, SPS and PPS, a keyframe bit per
    /// frame, each frame's time and NAL units, then (newer files) the static time ranges.
    private func readVideoSequence(_ tag: inout Tag, hasAlpha: Bool) throws(PAGError) -> PAGVideoSequence {
        var s = tag.body
        defer { tag.body = s }
        let w = Int(try s.encodedInt32("the video's width")), h = Int(try s.encodedInt32("the video's height"))
        let rate = try s.float("the video's frame rate")
        var alpha: (Int, Int)? = nil
        if hasAlpha { alpha = (Int(try s.encodedInt32("the alpha's x")), Int(try s.encodedInt32("the alpha's y"))) }
        func nal(_ s: inout PAGStream, _ what: String) throws(PAGError) -> Range<Int> {
            let n = try s.count("the length of \(what)", minBitsEach: 8)
            return try s.byteRange(n, what)
        }
        let sps = try nal(&s, "the sequence parameter set"), pps = try nal(&s, "the picture parameter set")
        let n = try s.count("the number of video frames", minBitsEach: 17)
        var keys: [Bool] = []
        keys.reserveCapacity(n)
        for _ in 0..<n { keys.append(try s.bit("the keyframe flags")) }
        var frames: [(Bool, Int64, Range<Int>)] = []
        frames.reserveCapacity(n)
        for i in 0..<n {
            let t = Int64(bitPattern: try s.encodedUInt64("the time of video frame \(i)"))
            frames.append((keys[i], t, try nal(&s, "video frame \(i)")))
        }
        var ranges: [(Int64, Int64)] = []
        if !s.isAtEnd {
            let m = try s.count("the number of static ranges", minBitsEach: 16)
            for _ in 0..<m {
                ranges.append((Int64(bitPattern: try s.encodedUInt64("a static range")), Int64(bitPattern: try s.encodedUInt64("a static range"))))
            }
        }
        return PAGVideoSequence(width: w, height: h, frameRate: rate, alpha: alpha, sps: sps, pps: pps,
                                frames: frames.map { (isKeyframe: $0.0, frame: $0.1, range: $0.2) },
                                staticRanges: ranges.map { (start: $0.0, end: $0.1) }, offset: tag.offset)
    }

    private func readImageBytes(_ tag: inout Tag, _ code: TagCode) throws(PAGError) -> PAGImageBytes {
        let id = try tag.body.encodedUInt32("the image id")
        let n = try tag.body.count("the image's length", minBitsEach: 8)
        let range = try tag.body.byteRange(n, "the image's bytes")
        var image = PAGImageBytes(id: id, range: range, scaleFactor: 1, offset: tag.offset)
        guard n > 0 else { return image }
        if code == .imageBytesV2 || code == .imageBytesV3 {
            let scale = try tag.body.float("the image's scale factor")
            image.scaleFactor = scale.isFinite && scale > 0 ? scale : 1
        }
        if code == .imageBytesV3 {
            image.width = Int(try tag.body.encodedInt32("the image's width"))
            image.height = Int(try tag.body.encodedInt32("the image's height"))
            image.anchorX = Int(try tag.body.encodedInt32("the image's anchor"))
            image.anchorY = Int(try tag.body.encodedInt32("the image's anchor"))
        }
        return image
    }

    // MARK: Layers

    private mutating func readLayer(_ tag: inout Tag) throws(PAGError) -> PAGLayer {
        let typeByte = try tag.body.uint8("the layer type")
        var layer = PAGLayer(type: PAGLayerType(rawValue: typeByte) ?? .unknown, offset: tag.offset)
        layer.id = try tag.body.encodedUInt32("the layer id")
        var shapes: [ShapeItem] = []
        try tag.body.readTags { (t: inout Tag) throws(PAGError) in
            try readLayerTag(&t, into: &layer, shapes: &shapes)
        }
        if layer.type == .shape { layer.content = .shapes(shapes) }
        switch layer.type {
        case .text:
            if case .none = layer.content { layer.content = .text(.fixed(PAGTextDocument())) }
        case .camera:
            note(layer.offset, "camera layers (3D) are not drawn", .notDrawn)
        case .unknown:
            note(layer.offset, "layer type \(typeByte) is not known; it draws nothing", .notDrawn, key: "layer type \(typeByte)")
        default: break
        }
        return layer
    }

    private mutating func readLayerTag(_ tag: inout Tag, into layer: inout PAGLayer, shapes: inout [ShapeItem]) throws(PAGError) {
        guard let code = tag.code else { return unknown(tag) }
        switch code {
        case .layerAttributes, .layerAttributesV2, .layerAttributesV3:
            try readLayerAttributes(&tag, code, into: &layer)
        case .layerAttributesExtra:
            var b = try AttributeBlock([layer.type == .camera ? nil : AttributeKind.value, .bitFlag].compactMap { $0 },
                                       tag: "the LayerAttributesExtra tag", &tag.body)
            if layer.type != .camera { layer.name = try b.value(&tag.body, layer.name) { (s: inout PAGStream) throws(PAGError) in try s.string("the layer name") } }
            if b.bitFlag() { layer.motionBlur = true }
        case .transform2D:
            layer.transform = try readTransform2D(&tag.body)
        case .transform3D:
            note(tag.offset, "3D layer transforms are not drawn", .notDrawn)
        case .maskBlock, .maskBlockV2:
            layer.masks.append(try readMask(&tag.body, v2: code == .maskBlockV2))
        case .solidColor:
            guard layer.type == .solid else { return }
            let c = try ValueCodec<[Double]>.color.one(&tag.body)
            let w = Int(try tag.body.encodedInt32("the solid's width")), h = Int(try tag.body.encodedInt32("the solid's height"))
            layer.content = .solid(color: Color(c[0], c[1], c[2]), width: w, height: h)
        case .compositionReference:
            guard layer.type == .preCompose else { return }
            let id = try tag.body.encodedUInt32("the composition id")
            let start = Double(Int64(bitPattern: try tag.body.encodedUInt64("the composition's start time")))
            layer.content = .composition(id: id, startTime: start)
        case .imageReference:
            guard layer.type == .image else { return }
            layer.content = .image(id: try tag.body.encodedUInt32("the image id"))
        case .markerList, .cachePolicy, .imageFillRule, .imageFillRuleV2, .layerAttributesExtraV2:
            break
        case .textSource, .textSourceV2, .textSourceV3:
            guard layer.type == .text else { return }
            layer.content = .text(try readTextSource(&tag, code))
        case .textPathOption:
            note(tag.offset, "text on a path is drawn on a straight line", .approximated)
        case .textMoreOption:
            break  // Anchor point grouping: drawn per character, the default.
        case .textAnimator:
            guard layer.type == .text else { return }
            layer.textAnimators.append(try readTextAnimator(&tag))
        case .cameraOption:
            break
        case .shapeGroup, .rectangle, .ellipse, .polyStar, .shapePath, .fill, .stroke, .gradientFill, .gradientStroke,
             .mergePaths, .trimPaths, .repeater, .roundCorners:
            guard layer.type == .shape else { return }
            if let item = try readShape(&tag, code) { Self.append(item, to: &shapes) }
        default:
            if try !readEffect(&tag, code, into: &layer) {
                note(tag.offset, "\(tag.description) is not expected in a layer; skipped", .unknownTag, key: "tag \(code)")
            }
        }
    }

    private mutating func readLayerAttributes(_ tag: inout Tag, _ code: TagCode, into layer: inout PAGLayer) throws(PAGError) {
        let camera = layer.type == .camera
        var kinds: [AttributeKind] = [.bitFlag, .bitFlag]
        if code == .layerAttributesV3 && !camera { kinds.append(.bitFlag) }
        kinds += [.value, .value, .value]
        if !camera { kinds += [.value, .value] }
        kinds += [.simpleProperty, .fixedValue]
        if code != .layerAttributes { kinds.append(.value) }
        var b = try AttributeBlock(kinds, tag: "the \(code.name) tag", &tag.body)
        layer.isActive = b.bitFlag()
        layer.autoOrient = b.bitFlag()
        if code == .layerAttributesV3 && !camera && b.bitFlag() { layer.motionBlur = true }
        layer.parentID = try b.value(&tag.body, 0) { (s: inout PAGStream) throws(PAGError) in try s.encodedUInt32("the parent layer id") }
        _ = try b.value(&tag.body, 1.0) { (s: inout PAGStream) throws(PAGError) in  // stretch: baked into keyframes by the exporter
            let n = try s.encodedInt32("the stretch"), d = try s.encodedUInt32("the stretch")
            return d == 0 ? 1 : Double(n) / Double(d)
        }
        layer.startTime = try b.value(&tag.body, 0) { (s: inout PAGStream) throws(PAGError) in try ValueCodec<[Double]>.frame.one(&s)[0] }
        if !camera {
            let blend = try b.value(&tag.body, 0) { (s: inout PAGStream) throws(PAGError) in try s.uint8("the blend mode") }
            layer.blendMode = blendMode(blend, at: tag.offset)
            let matte = try b.value(&tag.body, 0) { (s: inout PAGStream) throws(PAGError) in try s.uint8("the track matte") }
            switch matte {
            case 0: layer.matte = nil
            case 1: layer.matte = .alpha
            case 2: layer.matte = .alphaInverted
            case 3: layer.matte = .luma
            case 4: layer.matte = .lumaInverted
            default: note(tag.offset, "track matte type \(matte) is not known; drawn without", .approximated)
            }
        }
        // Time remapping: exporters bake it into the content's keyframes; libpag does not apply it.
        _ = try b.property(&tag.body, .float, [0], "the time remap")
        let duration = try ValueCodec<[Double]>.frame.one(&tag.body)[0]
        layer.duration = duration > 0 ? duration : 1
        if code != .layerAttributes {
            layer.name = try b.value(&tag.body, "") { (s: inout PAGStream) throws(PAGError) in try s.string("the layer name") }
        }
    }

    /// A blend mode byte (After Effects' order, the same as the renderer's).
    mutating func blendMode(_ raw: UInt8, at byte: Int) -> BlendMode {
        let modes: [BlendMode] = [.normal, .multiply, .screen, .overlay, .darken, .lighten, .colorDodge, .colorBurn,
                                  .hardLight, .softLight, .difference, .exclusion, .hue, .saturation, .color, .luminosity, .add]
        guard Int(raw) < modes.count else {
            note(byte, "blend mode \(raw) is not known; drawn as normal", .approximated)
            return .normal
        }
        return modes[Int(raw)]
    }

    private func readTransform2D(_ s: inout PAGStream) throws(PAGError) -> TransformModel {
        var b = try AttributeBlock([.spatialProperty, .spatialProperty, .simpleProperty, .simpleProperty,
                                    .multiDimensionProperty, .simpleProperty, .simpleProperty], tag: "the Transform2D tag", &s)
        let anchor = try b.property(&s, .spatialPoint, [0, 0], "the anchor point")
        let position = try b.property(&s, .spatialPoint, [0, 0], "the position")
        let x = try b.property(&s, .float, [0], "the x position")
        let y = try b.property(&s, .float, [0], "the y position")
        var t = TransformModel.make(anchor: anchor.vector, position: position.vector,
                               scale: try b.property(&s, .scale, [100, 100], "the scale").vector,
                               rotation: try b.property(&s, .float, [0], "the rotation").vector,
                               opacity: try b.property(&s, .opacity, [100], "the opacity").vector)
        // Separate x and y replace the position when the position is not used (libpag's rule).
        let positionUsed = position.isAnimated || position.initialValue != [0, 0]
        let xyUsed = x.isAnimated || y.isAnimated || x.initialValue != [0] || y.initialValue != [0]
        if !positionUsed && xyUsed {
            t.positionX = x.vector
            t.positionY = y.vector
        }
        return t
    }

    private mutating func readMask(_ s: inout PAGStream, v2: Bool) throws(PAGError) -> MaskModel {
        let start = s.offset
        var kinds: [AttributeKind] = [.fixedValue, .bitFlag, .value, .simpleProperty]
        if v2 { kinds.append(.spatialProperty) }
        kinds += [.simpleProperty, .simpleProperty]
        var b = try AttributeBlock(kinds, tag: v2 ? "the MaskBlockV2 tag" : "the MaskBlock tag", &s)
        _ = try b.value(&s, 0) { (s: inout PAGStream) throws(PAGError) in try s.encodedUInt32("the mask id") }
        let inverted = b.bitFlag()
        let rawMode = try b.value(&s, 1) { (s: inout PAGStream) throws(PAGError) in try s.uint8("the mask mode") }
        let path = try b.property(&s, .path, [], "the mask path")
        let feather = v2 ? try b.property(&s, .spatialPoint, [0, 0], "the mask feather").vector : .fixed([0, 0])
        let opacity = try b.property(&s, .opacity, [100], "the mask opacity").vector
        let expansion = try b.property(&s, .float, [0], "the mask expansion").vector
        let mode: Mask.Mode?
        switch rawMode {
        case 0: mode = nil
        case 1, 7: mode = .add  // 7, "accumulate", is add without AE's screen blending of overlaps
        case 2: mode = .subtract
        case 3: mode = .intersect
        case 4: mode = .lighten
        case 5: mode = .darken
        case 6: mode = .difference
        default:
            note(start, "mask mode \(rawMode) is not known; drawn as add", .approximated)
            mode = .add
        }
        let contours = path.contours
        if contours.count > 1 { note(start, "a mask path of \(contours.count) contours is drawn with its first only", .approximated) }
        return MaskModel.make(mode: mode, shape: contours.first ?? .fixed(.empty), opacity: opacity, inverted: inverted,
                         expansion: expansion, feather: feather)
    }
}
