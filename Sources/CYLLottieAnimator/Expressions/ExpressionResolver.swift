import CYLGeometry

/// Replaces every expression-driven property of a composition by its value at one time, so the
/// scene builder (and everything under it) reads plain values. Only layers that hold expressions
/// are copied; the model itself is never changed (renderers on other threads share it).
extension Array {
    /// Whether both arrays are views of one buffer (one is a copy of the other and neither has
    /// changed since): the identity of a value that is kept alive, with no address kept.
    func sharesStorage(with other: Array) -> Bool {
        count == other.count && withUnsafeBufferPointer { a in other.withUnsafeBufferPointer { b in a.baseAddress == b.baseAddress } }
    }
}

extension ExpressionRuntime {
    /// `comp` with its expressions evaluated at `frame` (the composition's own time, in frames).
    func resolve(_ comp: CompositionModel, frame: Double) -> CompositionModel {
        guard comp.layers.contains(where: \.hasExpressions) else { return comp }
        // Last frame's copy, moved out of the table so that it is uniquely referenced (the caller
        // let go of it when its frame ended) and the layers below are replaced in place; the
        // first time, one copy of the whole composition.
        let found = resolvedCompositions.firstIndex { $0.original.layers.sharesStorage(with: comp.layers) }
        var out = comp
        if let found { swap(&out, &resolvedCompositions[found].resolved) }
        for i in comp.layers.indices where comp.layers[i].hasExpressions {
            // From the model's layer, never last frame's (its expressions are already values).
            out.layers[i] = resolve(comp.layers[i], frame)
        }
        if let found { resolvedCompositions[found].resolved = out } else { resolvedCompositions.append((comp, out)) }
        return out
    }

    func resolve(_ layer: LayerModel, _ f: Double) -> LayerModel {
        // Only the parts that hold expressions: rebuilding a whole shape tree each frame for an
        // expression on the transform was most of a frame's retain/release traffic.
        let parts = layer.expressionParts
        var l = layer
        if parts.contains(.transform) { l.transform = resolve(l.transform, f) }
        if parts.contains(.timeRemap) { l.timeRemap = l.timeRemap.map { resolve($0, f) } }
        if parts.contains(.masks) {
            for i in l.masks.indices {
                l.masks[i].shape = resolve(l.masks[i].shape, f)
                l.masks[i].opacity = resolve(l.masks[i].opacity, f)
                l.masks[i].expansion = resolve(l.masks[i].expansion, f)
                l.masks[i].feather = resolve(l.masks[i].feather, f)
            }
        }
        if parts.contains(.content), case .shapes(let items) = l.content { l.content = .shapes(resolve(items, f)) }
        if parts.contains(.effects) {
            for e in l.effects.indices {
                for p in l.effects[e].params.indices { l.effects[e].params[p].value = resolve(l.effects[e].params[p].value, f) }
            }
        }
        if parts.contains(.styles) {
            for s in l.styles.indices {
                var st = l.styles[s]
                st.color = resolve(st.color, f); st.opacity = resolve(st.opacity, f); st.size = resolve(st.size, f)
                st.angle = resolve(st.angle, f); st.distance = resolve(st.distance, f); st.choke = resolve(st.choke, f)
                l.styles[s] = st
            }
        }
        return l
    }

    func resolve(_ p: VectorProperty, _ f: Double) -> VectorProperty {
        guard case let .expression(ref, base) = p else { return p }
        return .fixed(value(ref, base: base, at: f))
    }

    func resolve(_ p: ShapeProperty, _ f: Double) -> ShapeProperty {
        guard case let .expression(ref, base) = p else { return p }
        return .fixed(path(ref, base: base, at: f))
    }

    func resolve(_ t: TransformModel, _ f: Double) -> TransformModel {
        var t = t
        t.anchor = resolve(t.anchor, f)
        t.position = resolve(t.position, f)
        t.positionX = t.positionX.map { resolve($0, f) }
        t.positionY = t.positionY.map { resolve($0, f) }
        t.scale = resolve(t.scale, f)
        t.rotation = resolve(t.rotation, f)
        t.opacity = resolve(t.opacity, f)
        t.skew = resolve(t.skew, f)
        t.skewAxis = resolve(t.skewAxis, f)
        return t
    }

    func resolve(_ items: [ShapeItem], _ f: Double) -> [ShapeItem] {
        items.map { resolve($0, f) }
    }

    func resolve(_ item: ShapeItem, _ f: Double) -> ShapeItem {
        func v(_ p: VectorProperty) -> VectorProperty { resolve(p, f) }
        func stroke(_ s: StrokeModel) -> StrokeModel {
            var s = s
            s.width = v(s.width)
            for i in s.dashes.indices { s.dashes[i].value = v(s.dashes[i].value) }
            return s
        }
        func gradient(_ g: GradientModel) -> GradientModel {
            var g = g
            g.stops = v(g.stops); g.start = v(g.start); g.end = v(g.end)
            g.highlightLength = v(g.highlightLength); g.highlightAngle = v(g.highlightAngle)
            return g
        }
        switch item {
        case let .group(name, items, tr):
            return .group(name: name, items: resolve(items, f), transform: tr.map { resolve($0, f) })
        case let .path(p, reversed): return .path(resolve(p, f), reversed: reversed)
        case let .rect(p, s, r, reversed): return .rect(position: v(p), size: v(s), roundness: v(r), reversed: reversed)
        case let .ellipse(p, s, reversed): return .ellipse(position: v(p), size: v(s), reversed: reversed)
        case var .star(m):
            m.position = v(m.position); m.points = v(m.points); m.rotation = v(m.rotation)
            m.outerRadius = v(m.outerRadius); m.outerRoundness = v(m.outerRoundness)
            m.innerRadius = v(m.innerRadius); m.innerRoundness = v(m.innerRoundness)
            return .star(m)
        case let .fill(c, o, rule): return .fill(color: v(c), opacity: v(o), rule: rule)
        case let .stroke(c, o, s): return .stroke(color: v(c), opacity: v(o), stroke(s))
        case let .gradientFill(g, o, rule): return .gradientFill(gradient(g), opacity: v(o), rule: rule)
        case let .gradientStroke(g, o, s): return .gradientStroke(gradient(g), opacity: v(o), stroke(s))
        case let .trim(s, e, o, sequential): return .trim(start: v(s), end: v(e), offset: v(o), sequential: sequential)
        case let .roundCorners(r): return .roundCorners(v(r))
        case let .puckerBloat(a): return .puckerBloat(v(a))
        case let .offsetPath(a, join, ml): return .offsetPath(amount: v(a), join: join, miterLimit: v(ml))
        case let .zigZag(s, r, pt): return .zigZag(size: v(s), ridges: v(r), pointType: v(pt))
        case let .twist(a, c): return .twist(angle: v(a), center: v(c))
        case let .repeater(rep, content):
            var r = rep
            r.copies = v(r.copies); r.offset = v(r.offset); r.transform = resolve(r.transform, f)
            r.startOpacity = v(r.startOpacity); r.endOpacity = v(r.endOpacity)
            return .repeater(r, content: resolve(content, f))
        case .ignored, .mergePaths: return item
        }
    }
}
