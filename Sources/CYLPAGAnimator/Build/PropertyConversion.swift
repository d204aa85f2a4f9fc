import CYLGeometry
import CYLLottieAnimator

// PAG's properties as the shared model's: keyframes from `time` to `endTime` become keyframes at
// `time` whose segment ends at `end`, plus one at the last end time holding the last value.

extension PAGProperty where V: Sendable {
    /// The keyframes of the shared model, without curves (paths, gradients).
    fileprivate func keyframes(_ ks: [PAGKeyframe<V>]) -> [Keyframe<V>] {
        var out: [Keyframe<V>] = []
        out.reserveCapacity(ks.count + 1)
        for k in ks {
            out.append(Keyframe.make(time: k.time, start: k.start, end: k.end, hold: k.interpolation == .hold,
                                easings: k.interpolation == .bezier ? k.easings : [], spatial: nil))
        }
        let last = ks[ks.count - 1]
        out.append(Keyframe.make(time: last.endTime, start: last.end, end: nil, hold: true, easings: [], spatial: nil))
        return out
    }
}

extension PAGKeyframe {
    /// One easing per dimension: the out handle of the start and the in handle of the end.
    var easings: [Easing] {
        zip(easeOut, easeIn).map { Easing($0.0.0, $0.0.1, $0.1.0, $0.1.1) }
    }
}

extension PAGProperty where V == [Double] {
    /// The property as the shared model's; point keyframes with tangents move along their curve.
    var vector: VectorProperty {
        switch self {
        case .fixed(let v): return .fixed(v)
        case .keyframes(let ks):
            var out = keyframes(ks)
            for (i, k) in ks.enumerated() where k.spatialOut != nil || k.spatialIn != nil {
                out[i].spatial = SpatialSegment(from: k.start, to: k.end, outTangent: k.spatialOut ?? [0, 0],
                                                inTangent: k.spatialIn ?? [0, 0])
            }
            return .keyframed(out)
        }
    }
}

extension PAGProperty where V == [Double] {
    /// A fraction (PAG's trims and roundness) as the model's percent.
    var percent: VectorProperty { map { $0.map { $0 * 100 } }.vector }
}

extension PAGProperty where V == PAGPath {
    /// One path property per contour (a contour missing from a keyframe's path is empty there).
    var contours: [ShapeProperty] {
        switch self {
        case .fixed(let p): return p.map { .fixed($0) }
        case .keyframes(let ks):
            let n = ks.reduce(0) { max($0, $1.start.count, $1.end.count) }
            return (0..<n).map { i in
                guard case .keyframes(let contour) = map({ i < $0.count ? $0[i] : BezierShape.empty }) else { return .fixed(.empty) }
                return .keyframed(PAGProperty<BezierShape>.keyframes(contour).keyframes(contour))
            }
        }
    }
}

extension PAGProperty where V == PAGGradient {
    /// The stops as the shared model's flat list: (position, r, g, b) per colour stop, then
    /// (position, opacity) per opacity stop. Keyframes keep their stop counts (exporters write
    /// every keyframe of a gradient with the same stops).
    var stops: VectorProperty {
        map { g -> [Double] in
            var flat: [Double] = []
            flat.reserveCapacity(g.colors.count * 4 + g.alphas.count * 2)
            for c in g.colors { flat.append(c.position); flat += c.value }
            for a in g.alphas { flat.append(a.position); flat.append(a.value[0]) }
            return flat
        }.vector
    }
}
