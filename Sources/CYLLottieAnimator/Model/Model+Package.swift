import CYLGeometry
import CYLRaster
import CYLTimeline

// The After Effects model is shared with the PAG back-end (PAG is also an After Effects export):
// it builds these values from its own tags and this module evaluates and draws them. Swift gives
// memberwise initialisers internal access only, so the ones another module needs are `make`
// functions here, which call them (an initialiser of the same signature would call itself).

extension TransformModel {
    /// No movement: anchor and position at the origin, 100% scale and opacity, no rotation or skew.
    package static var identity: TransformModel { TransformModel() }

    package static func make(anchor: VectorProperty, position: VectorProperty, scale: VectorProperty,
                             rotation: VectorProperty, opacity: VectorProperty) -> TransformModel {
        TransformModel(anchor: anchor, position: position, scale: scale, rotation: rotation, opacity: opacity)
    }
}

extension DashModel {
    package static func make(_ kind: Kind, _ value: VectorProperty) -> DashModel { DashModel(kind: kind, value: value) }
}

extension StrokeModel {
    package static func make(width: VectorProperty, cap: LineCap, join: LineJoin, miterLimit: Double,
                             dashes: [DashModel]) -> StrokeModel {
        StrokeModel(width: width, cap: cap, join: join, miterLimit: miterLimit, dashes: dashes)
    }
}

extension StarModel {
    package static func make(isStar: Bool, position: VectorProperty, points: VectorProperty, rotation: VectorProperty,
                             outerRadius: VectorProperty, outerRoundness: VectorProperty, innerRadius: VectorProperty,
                             innerRoundness: VectorProperty, reversed: Bool) -> StarModel {
        StarModel(isStar: isStar, position: position, points: points, rotation: rotation, outerRadius: outerRadius,
                  outerRoundness: outerRoundness, innerRadius: innerRadius, innerRoundness: innerRoundness, reversed: reversed)
    }
}

extension RepeaterModel {
    package static func make(copies: VectorProperty, offset: VectorProperty, above: Bool, transform: TransformModel,
                             startOpacity: VectorProperty, endOpacity: VectorProperty) -> RepeaterModel {
        RepeaterModel(copies: copies, offset: offset, above: above, transform: transform, startOpacity: startOpacity,
                      endOpacity: endOpacity)
    }
}

extension MaskModel {
    package static func make(mode: Mask.Mode?, shape: ShapeProperty, opacity: VectorProperty, inverted: Bool,
                             expansion: VectorProperty, feather: VectorProperty) -> MaskModel {
        MaskModel(mode: mode, shape: shape, opacity: opacity, inverted: inverted, expansion: expansion, feather: feather)
    }
}

extension TrackMatte {
    package static func make(_ mode: MatteMode, source: Int) -> TrackMatte { TrackMatte(mode: mode, source: source) }
}

extension LayerModel {
    /// A layer drawn from `inPoint` to `outPoint` (composition frames) with nothing else set:
    /// no masks, matte, effects, parent or time remapping, normal blending, stretch 1.
    package static func make(name: String, content: LayerContent, transform: TransformModel, inPoint: Double,
                             outPoint: Double, startTime: Double) -> LayerModel {
        LayerModel(name: name, content: content, transform: transform, autoOrient: false, inPoint: inPoint,
                   outPoint: outPoint, startTime: startTime, stretch: 1, timeRemap: nil, masks: [], matteMode: nil,
                   isMatteSource: false, blendMode: .normal, hidden: false)
    }
}

extension CompositionModel {
    package static func make(_ layers: [LayerModel]) -> CompositionModel { CompositionModel(layers: layers) }
}

extension Keyframe {
    package static func make(time: Double, start: V, end: V?, hold: Bool, easings: [Easing], spatial: SpatialSegment?) -> Keyframe {
        Keyframe(time: time, start: start, end: end, hold: hold, easings: easings, spatial: spatial)
    }
}

extension AnimationModel {
    /// An animation of `width` x `height` at `frameRate`, playing frames `inPoint ..< outPoint`.
    package static func make(name: String, width: Double, height: Double, frameRate: Double, inPoint: Double, outPoint: Double,
                             root: CompositionModel, precomps: [String: CompositionModel], images: [String: LottieImage],
                             markers: [(name: String, time: Double, duration: Double)]) -> AnimationModel {
        AnimationModel(name: name, width: width, height: height, frameRate: frameRate, inPoint: inPoint, outPoint: outPoint,
                       root: root, precomps: precomps, images: images, markers: markers)
    }

    /// `op - ip`, rounded, at least 1: the timeline's frame count.
    package var frameCount: Int { max(1, Int((outPoint - inPoint).rounded())) }

    /// The markers in frames counted from the timeline's frame 0 (composition frame `ip`).
    package var timelineMarkers: [Marker] {
        markers.map { Marker(name: $0.name, startFrame: $0.time - inPoint, durationFrames: $0.duration) }
    }
}

extension LottieImage {
    /// `pixels` shown in a `width` x `height` box whose origin sits at `offset` in the layer,
    /// sampled by `sampling` when reduced.
    package static func make(_ pixels: Pixmap, width: Double, height: Double, offset: Point,
                             sampling: ImageSampling = .bilinear) -> LottieImage {
        var image = LottieImage(pixels, width: width, height: height)
        image.offset = offset
        image.sampling = sampling
        return image
    }
}

extension EffectModel {
    /// A Gaussian blur as Lottie's effect stores it: blurriness (σ = 0.3 × it), dimensions (1 both,
    /// 2 horizontal, 3 vertical).
    package static func gaussianBlur(blurriness: VectorProperty, dimensions: Int) -> EffectModel {
        EffectModel(name: "Gaussian Blur", matchName: "ADBE Gaussian Blur 2", kind: .gaussianBlur, enabled: true,
                    params: [EffectParam(name: "Blurriness", matchName: "ADBE Gaussian Blur 2-0001", type: 0, value: blurriness),
                             EffectParam(name: "Blur Dimensions", matchName: "ADBE Gaussian Blur 2-0002", type: 7,
                                         value: .fixed([Double(dimensions)]))])
    }
}

extension EffectModel {
    /// PAG's LevelsIndividual effect: the composite's, red's, green's and blue's input black,
    /// input white, gamma, output black and output white, in that order (20 values).
    package static func levels(_ values: [VectorProperty]) -> EffectModel {
        EffectModel(name: "Levels (Individual Controls)", matchName: "ADBE Pro Levels2", kind: .levels, enabled: true,
                    params: values.enumerated().map { EffectParam(name: "\($0.offset)", matchName: "", type: 0, value: $0.element) })
    }
}

extension EffectModel {
    /// PAG's motion tile: centre, tile width, tile height, output width, output height (percent),
    /// mirror edges (0/1), phase (degrees), horizontal phase shift (0/1).
    package static func motionTile(_ values: [VectorProperty]) -> EffectModel {
        EffectModel(name: "Motion Tile", matchName: "ADBE Tile", kind: .motionTile, enabled: true,
                    params: values.enumerated().map { EffectParam(name: "\($0.offset)", matchName: "", type: 0, value: $0.element) })
    }
}

extension EffectModel {
    /// PAG's corner pin: upper left, upper right, lower left, lower right.
    package static func cornerPin(_ values: [VectorProperty]) -> EffectModel { pag("Corner Pin", "ADBE Corner Pin", .cornerPin, values) }
    /// PAG's bulge: horizontal radius, vertical radius, centre, height, pinning (0/1).
    package static func bulge(_ values: [VectorProperty]) -> EffectModel { pag("Bulge", "ADBE Bulge", .bulge, values) }
    /// PAG's glow: threshold (a fraction), radius, intensity.
    package static func glow(_ values: [VectorProperty]) -> EffectModel { pag("Glow", "ADBE Glo2", .glow, values) }
    /// PAG's radial blur: amount, centre.
    package static func radialBlur(_ values: [VectorProperty]) -> EffectModel { pag("Radial Blur", "ADBE Radial Blur", .radialBlur, values) }
    /// PAG's displacement map: the map layer (its position in the composition), horizontal
    /// source, largest horizontal move, vertical source, largest vertical move, placement,
    /// wrapped edges, expanded output.
    package static func displacementMap(_ values: [VectorProperty]) -> EffectModel {
        pag("Displacement Map", "ADBE Displacement Map", .displacementMap, values)
    }

    private static func pag(_ name: String, _ matchName: String, _ kind: EffectKind, _ values: [VectorProperty]) -> EffectModel {
        EffectModel(name: name, matchName: matchName, kind: kind, enabled: true,
                    params: values.enumerated().map { EffectParam(name: "\($0.offset)", matchName: "", type: 0, value: $0.element) })
    }
}

extension LayerStyleModel {
    package static func make(_ kind: Kind, color: VectorProperty, opacity: VectorProperty, size: VectorProperty,
                             angle: VectorProperty, distance: VectorProperty, choke: VectorProperty) -> LayerStyleModel {
        LayerStyleModel(kind: kind, color: color, opacity: opacity, size: size, angle: angle, distance: distance, choke: choke)
    }

    /// The style with distance and size in the layer's parent's units (libpag's rule).
    package func measuredInParentUnits() -> LayerStyleModel {
        var s = self
        s.inParentUnits = true
        return s
    }
}

extension TextDocument {
    /// An empty document (10 px, left, no fill or stroke), to be filled in.
    package static var blank: TextDocument { TextDocument() }
}

extension TextLayerModel {
    /// Text whose document changes at `keyframes` (held until the next), changed per character
    /// by `animators`.
    package static func make(keyframes: [(time: Double, document: TextDocument)], animators: [TextAnimator]) -> TextLayerModel {
        TextLayerModel(documents: TextDocumentTrack(keyframes: keyframes), animators: animators)
    }
}

extension FontGlyphs {
    /// The glyphs of installed fonts for each request (a name to file them under, the family and
    /// style to find, the characters to draw), as the Lottie parser loads fonts without glyph
    /// data: the font fontconfig finds for the family, else DejaVu Sans, with per-character
    /// fallbacks; and what could not be found, as messages. `hinting`: the glyphs also carry
    /// their hinted outlines, to be drawn as glyph bitmaps are (`GlyphModel.hinted`).
    package static func installed(_ requests: [(name: String, family: String, style: String, characters: Set<String>)],
                                  hinting: Bool = false) -> (fonts: [String: FontGlyphs], notes: [String]) {
        var loader = TextGlyphLoader(glyphData: [:], hinting: hinting)
        let fonts = loader.load(requests.map {
            TextFontRequest(name: $0.name, family: $0.family, style: $0.style, ascent: nil, characters: $0.characters)
        })
        return (fonts, loader.notes.map { $0.1 })
    }
}

extension TextRangeSelector {
    /// All characters, fully (start 0%, end 100%, amount 100%, square, by characters).
    package static var all: TextRangeSelector { TextRangeSelector() }
}

extension TextAnimatorProperties {
    /// Nothing changed: properties are set one by one.
    package static var none: TextAnimatorProperties { TextAnimatorProperties() }
}

extension TextAnimator {
    /// An animator whose selectors are `selectors`, or one selecting everything if there are none.
    package static func make(_ selectors: [TextRangeSelector], _ properties: TextAnimatorProperties) -> TextAnimator {
        TextAnimator(selectors: selectors.isEmpty ? [.all] : selectors, properties: properties)
    }
}
