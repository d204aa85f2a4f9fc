import CYLTimeline

extension ExpressionRuntime {
    /// Evaluates every expression once, each layer at its in point (root layers no earlier than
    /// the animation's), and reports each expression that failed with its JSON path. Those that
    /// cannot run at all (they do not compile, or ran out of steps or memory) are in `disabled`
    /// afterwards: renderers skip them. The whole check shares one frame's step budget, so a file
    /// of many slow expressions opens in bounded time (those past it are reported, not disabled).
    func check() -> [Diagnostic] {
        beginFrame()
        for (c, comp) in tables.comps.enumerated() {
            for layer in comp.layers where layer.hasExpressions {
                var frame = layer.inPoint.isFinite && abs(layer.inPoint) < 1e8 ? layer.inPoint : 0
                if c == 0 { frame = max(frame, model.inPoint) }
                _ = resolve(layer, frame)
            }
        }
        endFrame()
        return failures.keys.sorted().map { i in
            Diagnostic(.warning, at: model.expressions[i].path, "expression failed: \(failures[i]!); the keyframed value is used",
                       feature: limitHits.contains(i) ? .expressionLimit : nil)
        }
    }
}
