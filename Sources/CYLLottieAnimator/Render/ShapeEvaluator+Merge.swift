import CYLGeometry

extension ShapeEvaluator {
    /// Merge paths: the paths collected before the item in its group (`paths`, nested groups'
    /// transforms applied) become one path in the group's space, which replaces them for every
    /// later item of the group and for the styles of enclosing groups; styles before the item
    /// keep painting the originals (they hold the old indices).
    ///
    /// Mode `merge` puts the shapes together unchanged (curves stay curves). The boolean modes
    /// flatten each path (within `Flattener.defaultTolerance` pixels at `pixelScale`) and fold
    /// them in order with `PathBoolean`: the first path is the start, each next one is combined
    /// with the running result. A single path stays as it is. When the geometry is too complex
    /// for `PathBoolean` (or does not flatten), the paths are merged without a boolean operation,
    /// as mode `merge` does, rather than failing the frame.
    mutating func merge(_ paths: [Int], mode: MergeMode, transform: Transform) -> [Int] {
        guard !paths.isEmpty else { return [] }
        // A group scaled to nothing shows nothing; its paths cannot be mapped into its space.
        guard let inverse = transform.inverted else { return [add([], transform)] }
        var operands: [[BezierShape]] = []
        operands.reserveCapacity(paths.count)
        for i in paths {
            let g = geo[i]
            if g.transform == transform {
                operands.append(g.shapes)
            } else {
                let rel = g.transform.then(inverse)
                operands.append(g.shapes.map { $0.transformed(by: rel) })
            }
        }
        let together = operands.flatMap { $0 }
        guard operands.count > 1, let op = Self.operation(mode) else { return [add(together, transform)] }
        let scale = transform.maxScale * pixelScale
        let tolerance = Flattener.defaultTolerance / (scale.isFinite && scale > 1e-9 ? scale : 1)
        do {
            var result: [[Point]] = []
            for (k, shapes) in operands.enumerated() {
                var path = Path()
                for s in shapes { s.append(to: &path, transform: nil) }
                let contours = try PathBoolean.contours(of: path, tolerance: tolerance, maxPoints: maxPathPoints)
                if k == 0 { result = contours } else { result = try PathBoolean.combine(result, contours, op) }
            }
            let shapes = result.map { c in
                BezierShape(closed: true, vertices: c, inTangents: Array(repeating: .zero, count: c.count),
                            outTangents: Array(repeating: .zero, count: c.count))
            }
            return [add(shapes, transform)]
        } catch {
            return [add(together, transform)]
        }
    }

    static func operation(_ mode: MergeMode) -> BooleanOperation? {
        switch mode {
        case .merge: return nil
        case .add: return .union
        case .subtract: return .subtract
        case .intersect: return .intersect
        case .excludeIntersections: return .xor
        }
    }
}

extension BezierShape {
    /// The shape with every vertex mapped by `t` and its handles by `t`'s linear part.
    func transformed(by t: Transform) -> BezierShape {
        BezierShape(closed: closed, vertices: vertices.map { t.apply($0) },
                    inTangents: inTangents.map { t.applyVector($0) }, outTangents: outTangents.map { t.applyVector($0) })
    }
}
