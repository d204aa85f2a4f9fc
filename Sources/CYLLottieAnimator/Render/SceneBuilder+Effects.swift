#if canImport(Glibc)
import Glibc
#endif
import CYLGeometry
import CYLRaster

// Layer effects and styles as display-list effects, in After Effects' units: blurriness and
// softness become a gaussian σ of 0.3 times their value (what ThorVG and lottie-web use to match
// After Effects), shadow directions are degrees clockwise from up, opacities as the format keeps
// them (0-255 for the drop shadow effect, 0-1 for fill and stroke, percent for styles).

extension LottieSceneBuilder {
    static let blurrinessToSigma = 0.3

    /// Adds the drawing effects, then the styles, of `layer` (at `pos` of `comp`) to the open
    /// group (its content is added).
    mutating func addEffects(_ layer: LayerModel, of comp: CompositionModel, at pos: Int, time t: Double, depth: Int,
                             into list: inout DisplayList) throws(SceneLimitError) {
        for e in layer.effects where e.enabled {
            switch e.kind {
            case .control, .unsupported: continue
            case .fill:
                list.addEffect(.fill(color(e.value(2, at: t, [1, 0, 0, 1])), opacity: e.scalar(6, at: t, 1)))
            case .tint:
                let amount = e.scalar(2, at: t, 100) / 100
                if amount > 0 {
                    list.addEffect(.tint(black: color(e.value(0, at: t, [0, 0, 0])), white: color(e.value(1, at: t, [1, 1, 1])),
                                         amount: amount))
                }
            case .tritone:
                list.addEffect(.tritone(dark: color(e.value(2, at: t, [0, 0, 0])), mid: color(e.value(1, at: t, [0.5, 0.5, 0.5])),
                                        bright: color(e.value(0, at: t, [1, 1, 1])), original: e.scalar(3, at: t, 0) / 100))
            case .dropShadow:
                var c = color(e.value(0, at: t, [0, 0, 0]))
                c.a = min(max(e.scalar(1, at: t, 127.5) / 255, 0), 1)
                let direction = e.scalar(2, at: t, 135) * .pi / 180, distance = e.scalar(3, at: t, 5)
                let offset = Point(sin(direction) * distance, -cos(direction) * distance)
                list.addEffect(.dropShadow(DropShadow(color: c, offset: offset, sigma: max(0, e.scalar(4, at: t, 0)) * Self.blurrinessToSigma,
                                                      shadowOnly: e.scalar(5, at: t, 0) != 0)))
            case .gaussianBlur:
                let sigma = max(0, e.scalar(0, at: t, 0)) * Self.blurrinessToSigma
                let direction = Int(e.scalar(1, at: t, 1))
                if sigma > 0 {
                    list.addEffect(.blur(sigmaX: direction == 3 ? 0 : sigma, sigmaY: direction == 2 ? 0 : sigma))
                }
            case .stroke:
                addStrokeEffect(e, layer, t, &list)
            case .levels:
                list.addEffect(.colorTables(Self.levelTables(e, at: t)))
            case .motionTile:
                // Tiles repeat the content's rectangle: layers without a fixed one (shapes, text) are left as they are.
                guard let bounds = contentBounds(layer, at: t) else { continue }
                let c = e.value(0, at: t, [0, 0])
                list.addEffect(.motionTile(MotionTile(
                    bounds: bounds, center: Point(c.count > 0 ? c[0] : 0, c.count > 1 ? c[1] : 0),
                    tileWidth: e.scalar(1, at: t, 100) / 100, tileHeight: e.scalar(2, at: t, 100) / 100,
                    outputWidth: e.scalar(3, at: t, 100) / 100, outputHeight: e.scalar(4, at: t, 100) / 100,
                    mirrorEdges: e.scalar(5, at: t, 0) != 0, phase: e.scalar(6, at: t, 0), horizontalPhase: e.scalar(7, at: t, 0) != 0)))
            case .cornerPin:
                // The content's rectangle is what is pinned: layers without a fixed one are left as they are.
                guard let bounds = contentBounds(layer, at: t) else { continue }
                list.addEffect(.cornerPin(CornerPin(bounds: bounds, upperLeft: point(e.value(0, at: t, [0, 0])),
                                                    upperRight: point(e.value(1, at: t, [1280, 0])),
                                                    lowerLeft: point(e.value(2, at: t, [0, 720])),
                                                    lowerRight: point(e.value(3, at: t, [1280, 720])))))
            case .bulge:
                // Flat or without area, libpag skips it.
                let rx = e.scalar(0, at: t, 50), ry = e.scalar(1, at: t, 50), height = e.scalar(3, at: t, 1)
                guard height != 0, rx != 0, ry != 0, let bounds = contentBounds(layer, at: t) else { continue }
                list.addEffect(.bulge(Bulge(bounds: bounds, center: point(e.value(2, at: t, [640, 360])), horizontalRadius: rx,
                                            verticalRadius: ry, height: height, pinning: e.scalar(4, at: t, 0) != 0)))
            case .glow:
                // libpag draws it only while the threshold is below 1.
                let threshold = e.scalar(0, at: t, 1)
                if threshold < 1 { list.addEffect(.glowFilter(Glow(threshold: threshold, radius: e.scalar(1, at: t, 100)))) }
            case .displacementMap:
                if let map = try displacementMap(e, layer, of: comp, at: pos, time: t, depth: depth) { list.addEffect(.displacementMap(map)) }
            case .radialBlur:
                guard let bounds = contentBounds(layer, at: t) else { continue }
                // libpag: amount × 0.00625, at most 0.25.
                let amount = min(max(e.scalar(0, at: t, 10), 0) * 0.00625, 0.25)
                if amount > 0 {
                    list.addEffect(.radialBlur(RadialBlur(bounds: bounds, center: point(e.value(1, at: t, [640, 360])), amount: amount)))
                }
            }
        }
        for s in layer.styles {
            var c = color(s.color.value(at: t))
            c.a = min(max(s.opacity.scalar(at: t) / 100, 0), 1)
            // Parent units into the layer's: divided by the layer's own scale along each axis.
            var unitX = 1.0, unitY = 1.0
            if s.inParentUnits {
                let m = layer.transform.matrix(at: t)
                let sx = (m.a * m.a + m.b * m.b).squareRoot(), sy = (m.c * m.c + m.d * m.d).squareRoot()
                if sx > 1e-9 && sy > 1e-9 && sx.isFinite && sy.isFinite { unitX = 1 / sx; unitY = 1 / sy }
            }
            let size = max(0, s.size.scalar(at: t)) * (unitX * unitY).squareRoot(), choke = min(max(s.choke.scalar(at: t) / 100, 0), 1)
            switch s.kind {
            case .stroke:
                if size > 0 { list.addEffect(.outline(color: c, width: size)) }
            case .dropShadow:
                // The light's angle: 0 from the right, counter-clockwise; the shadow falls opposite.
                let a = s.angle.scalar(at: t) * .pi / 180, d = s.distance.scalar(at: t)
                // Spread (choke) keeps that part of the size solid: the coverage grows by it and
                // the rest blurs (libpag's DropShadowFilter; After Effects' spread). libpag places
                // the shadow exactly (styles in parent units are PAG's); ThorVG, for Lottie, on
                // whole pixels (measured: a Lottie shadow placed exactly is 1.1% of pixels off
                // ThorVG's, rounded 0.1%).
                // libpag spreads by its solid stroke filter, a second ring from 12 units on
                // (STROKE_SPREAD_MIN_THICK_SIZE).
                list.addEffect(.dropShadow(DropShadow(color: c, offset: Point(-cos(a) * d * unitX, sin(a) * d * unitY),
                                                      sigma: size * (1 - choke) / 2, spread: size * choke,
                                                      placement: s.inParentUnits ? .exact : .wholePixels,
                                                      spreadShape: s.inParentUnits ? .sampledRing(thick: size * choke >= 12) : .disc)))
            case .outerGlow:
                list.addEffect(.glow(color: c, spread: size * choke, sigma: size * (1 - choke) / 2))
            }
        }
    }

    /// What a displacement map effect draws with at `t`, once it is known to move anything.
    private struct DisplacementMapSettings {
        /// Where the map goes, by the layer's box in the composition (the effect's values).
        enum Placement: Int { case centred = 0, stretched = 1, tiled = 2 }
        var mapPosition: Int
        var bounds: Rect
        var mapWidth: Int, mapHeight: Int
        var placement: Placement
        var horizontal: DisplacementMap.Source, vertical: DisplacementMap.Source
        var maxHorizontal: Double, maxVertical: Double
    }

    /// The settings of displacement map `e` of `layer` at `t`; nil when libpag draws nothing for
    /// it then (no map layer, or one not shown at `t`, or nothing that moves), or it has no
    /// rectangle to work in.
    private func displacementMapSettings(_ e: EffectModel, _ layer: LayerModel, of comp: CompositionModel,
                                         time t: Double) -> DisplacementMapSettings? {
        func source(_ i: Int, _ fallback: Double) -> DisplacementMap.Source {
            DisplacementMap.Source(rawValue: Int(e.scalar(i, at: t, fallback))) ?? .half
        }
        let mapPosition = Int(e.scalar(0, at: t, -1))
        guard mapPosition >= 0, mapPosition < comp.layers.count, let bounds = contentBounds(layer, at: t),
              let mapBounds = contentBounds(comp.layers[mapPosition], at: t),
              LayerTime.isVisible(comp.layers[mapPosition], at: t) else { return nil }
        // (Sizes past the canvas limit are refused when the map is drawn.)
        guard mapBounds.width >= 1, mapBounds.height >= 1, mapBounds.width < 1e9, mapBounds.height < 1e9 else { return nil }
        let settings = DisplacementMapSettings(
            mapPosition: mapPosition, bounds: bounds, mapWidth: Int(mapBounds.width), mapHeight: Int(mapBounds.height),
            placement: .init(rawValue: Int(e.scalar(5, at: t, 0))) ?? .centred, horizontal: source(1, 0), vertical: source(3, 1),
            maxHorizontal: e.scalar(2, at: t, 5), maxVertical: e.scalar(4, at: t, 5))
        guard DisplacementMap.movesContent(settings.horizontal, settings.maxHorizontal, settings.vertical, settings.maxVertical) else { return nil }
        return settings
    }

    /// Whether `layer` draws a displacement map at `t` (libpag then sends it through its filter pass).
    func drawsDisplacementMap(_ layer: LayerModel, of comp: CompositionModel, time t: Double) -> Bool {
        layer.effects.contains { $0.enabled && $0.kind == .displacementMap && displacementMapSettings($0, layer, of: comp, time: t) != nil }
    }

    /// libpag's displacement map: the map layer's content drawn one pixel per unit, placed in the
    /// composition by the layer's rectangle there (centred on it, stretched over it, or tiled from
    /// the composition's origin); nil when it moves nothing.
    private mutating func displacementMap(_ e: EffectModel, _ layer: LayerModel, of comp: CompositionModel, at pos: Int,
                                          time t: Double, depth: Int) throws(SceneLimitError) -> DisplacementMap? {
        guard let m = displacementMapSettings(e, layer, of: comp, time: t) else { return nil }
        // The layer's rectangle in the composition, and the map's pixels.
        let toComposition = worldMatrix(comp, pos, time: t)
        let size = toComposition.apply(Rect(x: 0, y: 0, width: m.bounds.width, height: m.bounds.height))
        let placed: Transform
        switch m.placement {
        case .stretched: placed = .scale(size.width / Double(m.mapWidth), size.height / Double(m.mapHeight))
        case .tiled: placed = .identity
        case .centred: placed = .translation((size.width - Double(m.mapWidth)) / 2, (size.height - Double(m.mapHeight)) / 2)
        }
        guard let fromComposition = placed.inverted else { return nil }
        // A tiled map is drawn only within the layer's rectangle as the composition places it.
        let clip = m.placement == .tiled ? toComposition.apply(m.bounds) : nil
        guard let image = try contentImage(comp, m.mapPosition, time: t, size: (m.mapWidth, m.mapHeight), clip: clip, depth: depth) else {
            return nil
        }
        return DisplacementMap(bounds: m.bounds, map: image, toMap: toComposition.then(fromComposition),
                               horizontal: m.horizontal, maxHorizontal: m.maxHorizontal, vertical: m.vertical, maxVertical: m.maxVertical,
                               tilesMap: m.placement == .tiled, wrapsEdges: e.scalar(6, at: t, 0) != 0, expandsOutput: e.scalar(7, at: t, 1) != 0)
    }

    /// The stroke effect strokes the layer's masks (one, by its 1-based index, or all), trimmed to
    /// its start and end, with round caps and joins; the brush size is half the width.
    private func addStrokeEffect(_ e: EffectModel, _ layer: LayerModel, _ t: Double, _ list: inout DisplayList) {
        let all = e.scalar(1, at: t, 0) != 0
        let index = Int(e.scalar(0, at: t, 1).rounded()) - 1
        let start = e.scalar(7, at: t, 0) / 100, end = e.scalar(8, at: t, 100) / 100
        var first: Int? = nil, count = 0
        for (i, mask) in layer.masks.enumerated() where all || i == index {
            let shape = mask.shape.value(at: t)
            var path = Path()
            shape.append(to: &path, transform: nil)
            if start > 0 || end < 1 { path = path.trimmed(start: start, end: end) }
            guard let p = list.makePath({ $0.append(path) }) else { continue }
            if first == nil { first = p }
            count += 1
        }
        guard let first else { return }
        var c = color(e.value(3, at: t, [1, 1, 1]))
        c.a = min(max(e.scalar(6, at: t, 1), 0), 1)
        let style = StrokeStyle(width: max(0, e.scalar(4, at: t, 2)) * 2, cap: .round, join: .round)
        let mode: StrokeEffectMode = [2: .alone, 3: .revealOriginal][Int(e.scalar(10, at: t, 1))] ?? .overOriginal
        list.addEffect(.stroke(paths: first..<(first + count), color: c, style: style, mode: mode))
    }

    /// Levels as tables: each channel through its own levels, then the composite's (libpag's
    /// LevelsIndividualFilter, on premultiplied values): x = (v − in black) / (in white − in black),
    /// p = x^(1/gamma) clamped to 0...1 (0 below black), out = out black + p × (out white − out black).
    static func levelTables(_ e: EffectModel, at t: Double) -> ColorTables {
        func levels(_ base: Int) -> (Double) -> Double {
            let inBlack = e.scalar(base, at: t, 0), inWhite = e.scalar(base + 1, at: t, 255), gamma = e.scalar(base + 2, at: t, 1)
            let outBlack = e.scalar(base + 3, at: t, 0), outWhite = e.scalar(base + 4, at: t, 255)
            return { v in
                let x = (v - inBlack) / (inWhite - inBlack), y = 1 / gamma
                var p = 0.0
                if !(x < 0 || (x == 0 && y <= 0)) { p = min(max(pow(x, y), 0), 1) }
                let out = p * (outWhite - outBlack) + outBlack
                return out.isFinite ? out : 0
            }
        }
        let composite = levels(0)
        func table(_ base: Int) -> [UInt8] {
            let channel = levels(base)
            return (0..<256).map { v in UInt8(min(max(composite(channel(Double(v))), 0), 255).rounded()) }
        }
        return ColorTables(red: table(5), green: table(10), blue: table(15))
    }

    /// The rectangle a layer's content fills in its own units, when it has a fixed one.
    func contentBounds(_ layer: LayerModel, at t: Double) -> Rect? {
        switch layer.content {
        case let .solid(_, w, h): return Rect(x: 0, y: 0, width: w, height: h)
        case let .precomp(_, w?, h?): return Rect(x: 0, y: 0, width: w, height: h)
        case .image(let id):
            guard let image = model.images[id] else { return nil }
            return Rect(x: image.offset.x, y: image.offset.y, width: image.width, height: image.height)
        case .frames(let source):
            guard let image = source.image(at: t) else { return nil }
            return Rect(x: image.offset.x, y: image.offset.y, width: image.width, height: image.height)
        default: return nil
        }
    }

    private func point(_ v: [Double]) -> Point {
        Point(v.count > 0 ? v[0] : 0, v.count > 1 ? v[1] : 0)
    }

    private func color(_ v: [Double]) -> Color {
        Color(v.count > 0 ? v[0] : 0, v.count > 1 ? v[1] : 0, v.count > 2 ? v[2] : 0, 1)
    }
}
