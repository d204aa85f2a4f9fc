#if canImport(Glibc)
import Glibc
#endif
import CYLGeometry

/// A cubic-bezier timing curve from (0,0) to (1,1) with control points (x1,y1), (x2,y2): Lottie's
/// keyframe easing. Solved for y at a given x by Newton's method with a bisection fallback.
package struct Easing: Sendable, Equatable {
    package var x1: Double, y1: Double, x2: Double, y2: Double
    package var isLinear: Bool

    package init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        self.x1 = min(max(x1, 0), 1); self.y1 = y1; self.x2 = min(max(x2, 0), 1); self.y2 = y2
        isLinear = x1 == y1 && x2 == y2
    }
    package static let linear = Easing(0, 0, 1, 1)

    @inline(__always) private static func coord(_ t: Double, _ p1: Double, _ p2: Double) -> Double {
        // B(t) for P0 = 0, P3 = 1.
        let u = 1 - t
        return 3 * u * u * t * p1 + 3 * u * t * t * p2 + t * t * t
    }
    @inline(__always) private static func slope(_ t: Double, _ p1: Double, _ p2: Double) -> Double {
        let u = 1 - t
        return 3 * u * u * p1 + 6 * u * t * (p2 - p1) + 3 * t * t * (1 - p2)
    }

    package func value(_ x: Double) -> Double {
        if isLinear { return x }
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        var t = x
        for _ in 0..<8 {
            let err = Easing.coord(t, x1, x2) - x
            if abs(err) < 1e-7 { return Easing.coord(t, y1, y2) }
            let d = Easing.slope(t, x1, x2)
            if abs(d) < 1e-6 { break }
            t -= err / d
            if t < 0 || t > 1 { break }
        }
        var lo = 0.0, hi = 1.0
        t = x
        for _ in 0..<40 {
            let v = Easing.coord(t, x1, x2)
            if abs(v - x) < 1e-7 { break }
            if v < x { lo = t } else { hi = t }
            t = (lo + hi) / 2
        }
        return Easing.coord(t, y1, y2)
    }
}

/// One keyframe: the value from `time` until the next keyframe's time.
package struct Keyframe<V: Sendable>: Sendable {
    package var time: Double
    package var start: V
    /// The value this segment ends at (`e` in old files; otherwise the next keyframe's `s`).
    package var end: V?
    package var hold: Bool
    /// Easing per dimension (one entry when the file gives scalars).
    package var easings: [Easing]
    /// Spatial bezier (position only): arc-length table and control points, when `to`/`ti` are set.
    package var spatial: SpatialSegment?
}

/// A position segment that moves along a cubic (`to`/`ti` tangents), sampled by arc length.
package struct SpatialSegment: Sendable {
    package var p0: Point, c1: Point, c2: Point, p3: Point
    package var lengths: [Double]   // cumulative at t = i/n

    package init?(from a: [Double], to b: [Double], outTangent: [Double], inTangent: [Double]) {
        guard a.count >= 2, b.count >= 2, outTangent.count >= 2, inTangent.count >= 2 else { return nil }
        if outTangent[0] == 0 && outTangent[1] == 0 && inTangent[0] == 0 && inTangent[1] == 0 { return nil }
        p0 = Point(a[0], a[1]); p3 = Point(b[0], b[1])
        c1 = p0 + Point(outTangent[0], outTangent[1]); c2 = p3 + Point(inTangent[0], inTangent[1])
        let n = 64
        var acc = 0.0, prev = p0
        lengths = [0]
        for i in 1...n {
            let q = Bezier.cubic(p0, c1, c2, p3, Double(i) / Double(n))
            acc += prev.distance(to: q); prev = q
            lengths.append(acc)
        }
    }

    package func point(atFraction f: Double) -> Point {
        let total = lengths[lengths.count - 1]
        if total <= 0 { return p0.lerp(p3, f) }
        let d = f * total
        if d <= 0 { return f < 0 ? p0 + (c1 - p0) * 0 : p0 }
        if d >= total { return p3 }
        var lo = 0, hi = lengths.count - 1
        while hi - lo > 1 { let m = (lo + hi) / 2; if lengths[m] < d { lo = m } else { hi = m } }
        let span = lengths[hi] - lengths[lo]
        let t = (Double(lo) + (span > 0 ? (d - lengths[lo]) / span : 0)) / Double(lengths.count - 1)
        return Bezier.cubic(p0, c1, c2, p3, t)
    }
}

/// A value that interpolates with per-dimension progress.
package protocol Interpolatable: Sendable {
    func interpolated(to other: Self, progress: [Double]) -> Self
}

extension Array: Interpolatable where Element == Double {
    package func interpolated(to other: [Double], progress: [Double]) -> [Double] {
        var out = self
        let n = Swift.min(count, other.count)
        for i in 0..<n {
            let t = progress[Swift.min(i, progress.count - 1)]
            out[i] = self[i] + (other[i] - self[i]) * t
        }
        return out
    }
}

/// Which expression of `AnimationModel.expressions` drives a property.
package struct ExpressionRef: Hashable, Sendable {
    package var index: Int
}

/// A property: a fixed value or keyframes, optionally driven by an expression. The scene builder
/// replaces expression-driven properties by their evaluated value before a frame is built
/// (`ExpressionRuntime`); read directly, such a property gives its keyframed value (what an
/// expression that fails leaves).
package indirect enum Animatable<V: Interpolatable>: Sendable {
    case fixed(V)
    case keyframed([Keyframe<V>])
    case expression(ExpressionRef, Animatable<V>)

    package var isStatic: Bool { if case .fixed = self { return true }; return false }

    /// The property without its expression.
    package var keyframedValue: Animatable<V> {
        if case .expression(_, let base) = self { return base.keyframedValue }
        return self
    }

    /// Where `frame` falls: on a keyframe's value as it is, or inside a segment (the keyframe that
    /// starts it, the value it ends at, and how far along it is, 0...1 before easing).
    package enum Sample {
        case value(V)
        case segment(Keyframe<V>, end: V, x: Double)
    }

    /// Finds the keyframes around `frame` (the layer's local time, in frames).
    @inline(__always)
    package func sample(at frame: Double) -> Sample {
        switch self {
        case .expression(_, let base): return base.sample(at: frame)
        case .fixed(let v): return .value(v)
        case .keyframed(let kfs):
            return kfs.withUnsafeBufferPointer { p in
                let (j, x) = Self.locate(p, frame)
                guard let x else { return .value(p[j].start) }
                return .segment(p[j], end: p[j].end ?? p[j + 1].start, x: x)
            }
        }
    }

    /// Where `frame` falls among `kfs` (not empty): on keyframe `index`'s own value when `x` is nil
    /// (before the first keyframe, after the last, or in a hold), else `x` of the way (0...1, before
    /// easing) through the segment keyframe `index` starts, which ends at its `end` or the next
    /// keyframe's `start`. Reads the keyframes in place: a copy of one retains its arrays, and this
    /// runs for every property of every layer each frame.
    @inline(__always)
    static func locate(_ kfs: UnsafeBufferPointer<Keyframe<V>>, _ frame: Double) -> (index: Int, x: Double?) {
        if kfs.count == 1 || frame <= kfs[0].time { return (0, nil) }
        // The segment whose start is the last one at or before `frame`.
        var lo = 0, hi = kfs.count - 1
        // After the last keyframe: its value, or the previous segment's end when it has none.
        if frame >= kfs[hi].time { return (hi, nil) }
        while hi - lo > 1 { let m = (lo + hi) / 2; if kfs[m].time <= frame { lo = m } else { hi = m } }
        if kfs[lo].hold { return (lo, nil) }
        let span = kfs[lo + 1].time - kfs[lo].time
        return (lo, span > 0 ? (frame - kfs[lo].time) / span : 1)
    }

    /// The value at `frame` (the layer's local time, in frames).
    package func value(at frame: Double) -> V {
        switch sample(at: frame) {
        case .value(let v): return v
        case let .segment(k, endValue, x):
            var progress: [Double] = []
            progress.reserveCapacity(k.easings.count)
            for e in k.easings { progress.append(e.value(x)) }
            if progress.isEmpty { progress = [x] }
            if let sp = k.spatial, var v = k.start as? [Double] {
                let p = sp.point(atFraction: progress[0])
                v[0] = p.x; v[1] = p.y
                if v.count > 2, let e = endValue as? [Double], e.count > 2 { v[2] += (e[2] - v[2]) * progress[0] }
                return v as! V
            }
            return k.start.interpolated(to: endValue, progress: progress)
        }
    }
}

extension Keyframe {
    /// The eased progress of dimension `i` at `x` (the last easing serves the dimensions past it).
    @inline(__always) func progress(_ i: Int, _ x: Double) -> Double {
        easings.isEmpty ? x : easings[Swift.min(i, easings.count - 1)].value(x)
    }
}

package typealias VectorProperty = Animatable<[Double]>

extension Animatable where V == [Double] {
    package static func constant(_ v: Double) -> VectorProperty { .fixed([v]) }

    // `component` and `point` give what `value(at:)` gives, with the same arithmetic, without
    // building the value's array: they run for every property of every layer each frame.

    /// Component `i` at `frame` (0 when the value has fewer).
    package func component(_ i: Int, at frame: Double) -> Double {
        switch self {
        case .expression(_, let base): return base.component(i, at: frame)
        case .fixed(let v): return i < v.count ? v[i] : 0
        case .keyframed(let kfs):
            return kfs.withUnsafeBufferPointer { p in
                let (j, x) = Self.locate(p, frame)
                guard let x else { return i < p[j].start.count ? p[j].start[i] : 0 }
                return Self.segmentComponent(i, p, j, x)
            }
        }
    }

    /// Component `i`, `x` of the way through the segment keyframe `j` of `p` starts.
    @inline(__always)
    private static func segmentComponent(_ i: Int, _ p: UnsafeBufferPointer<Keyframe<[Double]>>, _ j: Int, _ x: Double) -> Double {
        guard i < p[j].start.count else { return 0 }
        let v = p[j].start[i]
        let hasEnd = p[j].end != nil
        let endCount = hasEnd ? p[j].end!.count : p[j + 1].start.count
        @inline(__always) func end(_ k: Int) -> Double { hasEnd ? p[j].end![k] : p[j + 1].start[k] }
        if p[j].spatial != nil {
            if i < 2 { let pt = p[j].spatial!.point(atFraction: p[j].progress(0, x)); return i == 0 ? pt.x : pt.y }
            return i == 2 && endCount > 2 ? v + (end(2) - v) * p[j].progress(0, x) : v
        }
        return i < endCount ? v + (end(i) - v) * p[j].progress(i, x) : v
    }

    /// The first component at `frame`.
    package func scalar(at frame: Double) -> Double { component(0, at: frame) }

    /// How many components the value at `frame` has (`value(at:).count`).
    package func count(at frame: Double) -> Int {
        switch self {
        case .expression(_, let base): return base.count(at: frame)
        case .fixed(let v): return v.count
        case .keyframed(let kfs): return kfs.withUnsafeBufferPointer { p in p[Self.locate(p, frame).index].start.count }
        }
    }

    package func point(at frame: Double) -> Point {
        switch self {
        case .expression(_, let base): return base.point(at: frame)
        case .fixed(let v): return Point(v.count > 0 ? v[0] : 0, v.count > 1 ? v[1] : 0)
        case .keyframed(let kfs):
            return kfs.withUnsafeBufferPointer { p in
                let (j, x) = Self.locate(p, frame)
                guard let x else { return Point(p[j].start.count > 0 ? p[j].start[0] : 0, p[j].start.count > 1 ? p[j].start[1] : 0) }
                if p[j].spatial != nil, p[j].start.count >= 2 { return p[j].spatial!.point(atFraction: p[j].progress(0, x)) }
                return Point(Self.segmentComponent(0, p, j, x), Self.segmentComponent(1, p, j, x))
            }
        }
    }
}

extension BezierShape: Interpolatable {
    package func interpolated(to other: BezierShape, progress: [Double]) -> BezierShape {
        var out = BezierShape.empty
        interpolate(to: other, progress.first ?? 0, into: &out)
        return out
    }
}

extension BezierShape {
    /// The shape `t` of the way to `other` (vertices and handles pairwise, as many as both have;
    /// handles past `other`'s stay this shape's), written into `out`, reusing its arrays.
    package func interpolate(to other: BezierShape, _ t: Double, into out: inout BezierShape) {
        let n = min(vertices.count, other.vertices.count)
        if n == 0 {
            out = self
            return
        }
        out.closed = closed
        out.vertices.removeAll(keepingCapacity: true)
        out.inTangents.removeAll(keepingCapacity: true)
        out.outTangents.removeAll(keepingCapacity: true)
        for i in 0..<n { out.vertices.append(vertices[i].lerp(other.vertices[i], t)) }
        // Handles past the other shape's keep this one's; past this one's there are none.
        for i in 0..<min(n, inTangents.count) {
            out.inTangents.append(i < other.inTangents.count ? inTangents[i].lerp(other.inTangents[i], t) : inTangents[i])
        }
        for i in 0..<min(n, outTangents.count) {
            out.outTangents.append(i < other.outTangents.count ? outTangents[i].lerp(other.outTangents[i], t) : outTangents[i])
        }
    }
}

package typealias ShapeProperty = Animatable<BezierShape>

extension Animatable where V == BezierShape {
    /// `value(at:)` written into `out`: between keyframes the path is interpolated into `out`'s
    /// arrays (the evaluator's from the last frame) instead of new ones. Returns false, writing
    /// nothing, when the value is a keyframe's or the fixed path as it is: the caller takes
    /// `value(at:)`, which costs nothing then.
    package func interpolate(at frame: Double, into out: inout BezierShape) -> Bool {
        guard case let .segment(k, end, x) = sample(at: frame) else { return false }
        k.start.interpolate(to: end, k.progress(0, x), into: &out)
        return true
    }
}
