import CYLRaster
import CYLTimeline

/// Where every colour override stands after the names of a keypath so far: which positions of
/// each pattern can still continue, and which overrides an enclosing layer or group already matched
/// (a match at a layer or group recolours everything under it, lottie-ios's rule).
///
/// Two places in a document with equal states are recoloured the same way below them, so a precomp
/// used at several places is parsed again only for the distinct states it is reached in.
struct OverrideState: Hashable {
    /// Per override, the sorted pattern positions reachable so far (a pattern of n names is
    /// matched at position n); empty when the override cannot match anything below.
    var positions: [[Int]]
    /// Overrides matched by an enclosing layer or group, or by this node itself.
    var inherited: Set<Int>

    /// Whether any override can still recolour something at or below this point.
    var isAlive: Bool { !inherited.isEmpty || positions.contains { !$0.isEmpty } }
}

/// Matches `ColorOverride` keypaths incrementally, one name at a time, with the same rules as
/// `ColorOverride.matches` (`*` one name, `**` any number including none).
struct OverrideMatcher {
    let overrides: [ColorOverride]

    init(_ overrides: [ColorOverride]) { self.overrides = overrides }

    /// The state before the first (top layer) name.
    var initial: OverrideState {
        OverrideState(positions: overrides.map { closure([0], $0.keypath) }, inherited: [])
    }

    /// The state of a node named `name` under a node in `state`; overrides whose whole pattern
    /// matches the node join `inherited`.
    func descend(_ state: OverrideState, _ name: String) -> OverrideState {
        var next = state
        for (i, o) in overrides.enumerated() {
            if state.inherited.contains(i) { next.positions[i] = []; continue }
            let p = advance(state.positions[i], name, o.keypath)
            if p.last == o.keypath.count {
                next.inherited.insert(i)
                next.positions[i] = []
            } else {
                next.positions[i] = p
            }
        }
        return next
    }

    /// The overrides that recolour a colour item whose own state is `state`: those matching it or
    /// an enclosing layer or group, and those naming its colour property (`…Fill 1.Color`, the
    /// lottie-ios form; `Colors` for gradients).
    func matching(_ state: OverrideState, property: String) -> Set<Int> {
        var out = state.inherited
        for (i, o) in overrides.enumerated() where !out.contains(i) {
            if advance(state.positions[i], property, o.keypath).last == o.keypath.count { out.insert(i) }
        }
        return out
    }

    /// The winning colour among `indices`: the last override in the list.
    func color(_ indices: Set<Int>) -> RGBA8? { indices.max().map { overrides[$0].color } }

    private func advance(_ positions: [Int], _ name: String, _ pattern: [String]) -> [Int] {
        if positions.isEmpty { return [] }
        var out: [Int] = []
        for j in positions where j < pattern.count {
            let p = pattern[j]
            if p == "**" { out.append(j) } else if p == "*" || p == name { out.append(j + 1) }
        }
        return closure(out, pattern)
    }

    /// Adds the positions reachable by letting `**` match no name; sorted, unique.
    private func closure(_ positions: [Int], _ pattern: [String]) -> [Int] {
        var set = Set(positions)
        var stack = positions
        while let j = stack.popLast() {
            if j < pattern.count, pattern[j] == "**", set.insert(j + 1).inserted { stack.append(j + 1) }
        }
        return set.sorted()
    }
}

extension Animatable where V == [Double] {
    /// Every value (keyframe starts and ends) transformed by `f`.
    func mapValues(_ f: ([Double]) -> [Double]) -> VectorProperty {
        switch self {
        case .fixed(let v): return .fixed(f(v))
        case .keyframed(var kfs):
            for i in kfs.indices {
                kfs[i].start = f(kfs[i].start)
                kfs[i].end = kfs[i].end.map(f)
            }
            return .keyframed(kfs)
        case let .expression(ref, base):
            // The expression's own results are not mapped: an override changes the keyframes.
            return .expression(ref, base.mapValues(f))
        }
    }
}

enum Recolor {
    /// An opacity property (0-100) multiplied by the override's alpha.
    static func opacity(_ o: VectorProperty, _ c: RGBA8) -> VectorProperty {
        if c.a == 255 { return o }
        let k = Double(c.a) / 255
        return o.mapValues { $0.map { $0 * k } }
    }

    static func solid(_ c: RGBA8) -> VectorProperty {
        .fixed([Double(c.r) / 255, Double(c.g) / 255, Double(c.b) / 255, 1])
    }

    /// Gradient stops with every colour stop's colour replaced; offsets and opacity stops kept.
    static func stops(_ g: GradientModel, _ c: RGBA8) -> GradientModel {
        var g = g
        let r = Double(c.r) / 255, gr = Double(c.g) / 255, b = Double(c.b) / 255
        let count = g.colorCount
        g.stops = g.stops.mapValues { raw in
            var v = raw
            let n = max(0, min(count, v.count / 4))
            for i in 0..<n {
                v[i * 4 + 1] = r; v[i * 4 + 2] = gr; v[i * 4 + 3] = b
            }
            return v
        }
        return g
    }

    /// A fill, stroke or gradient recoloured; other items unchanged.
    static func item(_ item: ShapeItem, _ c: RGBA8) -> ShapeItem {
        switch item {
        case let .fill(_, o, rule): return .fill(color: solid(c), opacity: opacity(o, c), rule: rule)
        case let .stroke(_, o, s): return .stroke(color: solid(c), opacity: opacity(o, c), s)
        case let .gradientFill(g, o, rule): return .gradientFill(stops(g, c), opacity: opacity(o, c), rule: rule)
        case let .gradientStroke(g, o, s): return .gradientStroke(stops(g, c), opacity: opacity(o, c), s)
        default: return item
        }
    }
}
