/// How one attribute of a tag's block is stored. A block lists its attributes' flags first (bits,
/// in attribute order), then, from the next whole byte, the values of those that are present.
enum AttributeKind {
    /// Present or not (one flag bit); when present, one value.
    case value
    /// Always present, no flag bit.
    case fixedValue
    /// A property: present, then animated or not; keyframes interpolate with one easing.
    case simpleProperty
    /// A property whose keyframes all hold (no interpolation bits).
    case discreteProperty
    /// A property whose keyframes ease each dimension separately.
    case multiDimensionProperty
    /// A point property whose keyframes may move along curves; its keyframe values are packed.
    case spatialProperty
    /// A boolean that is its flag bit.
    case bitFlag
    /// One flag bit; when set, the tag's own reader reads what follows.
    case custom
}

/// What a block's flag bits say about one attribute.
struct AttributeFlag {
    var exists = false
    var animated = false
    var spatial = false
}

/// How a keyframe moves to the next one.
enum KeyframeInterpolation: UInt32 {
    case none = 0, linear = 1, bezier = 2, hold = 3
}

/// One keyframe as the file stores it: from `time` to `endTime` (frames of the composition), from
/// `start` to `end`.
struct PAGKeyframe<V> {
    var time: Double
    var endTime: Double
    var start: V
    var end: V
    var interpolation: KeyframeInterpolation
    /// Per dimension (one entry unless the property eases each dimension): the out handle of the
    /// start and the in handle of the end, as (x, y) in 0...1 of the segment.
    var easeOut: [(Double, Double)] = []
    var easeIn: [(Double, Double)] = []
    /// Curve tangents relative to the start and end points (spatial properties only).
    var spatialOut: [Double]? = nil
    var spatialIn: [Double]? = nil
}

/// A property's value as read: fixed, or keyframes (contiguous: each ends where the next starts).
enum PAGProperty<V> {
    case fixed(V)
    case keyframes([PAGKeyframe<V>])

    /// The property with each value converted by `f` (units, shapes); keyframe timing kept.
    func map<W>(_ f: (V) -> W) -> PAGProperty<W> {
        switch self {
        case .fixed(let v): return .fixed(f(v))
        case .keyframes(let ks):
            return .keyframes(ks.map {
                PAGKeyframe<W>(time: $0.time, endTime: $0.endTime, start: f($0.start), end: f($0.end),
                               interpolation: $0.interpolation, easeOut: $0.easeOut, easeIn: $0.easeIn,
                               spatialOut: $0.spatialOut, spatialIn: $0.spatialIn)
            })
        }
    }

    /// The value at the first keyframe (or the fixed value).
    var initialValue: V {
        switch self {
        case .fixed(let v): return v
        case .keyframes(let ks): return ks[0].start
        }
    }

    var isAnimated: Bool { if case .keyframes = self { return true }; return false }
}

/// How to read one type of value: alone (an attribute's value, a keyframe-less property) and as
/// the list of keyframe values, which some types pack into bits.
struct ValueCodec<V>: Sendable {
    /// How many dimensions a multi-dimension property of this type eases separately.
    var dimensions: Int
    var one: @Sendable (inout PAGStream) throws(PAGError) -> V
    var list: @Sendable (inout PAGStream, Int) throws(PAGError) -> [V]

    /// A codec whose list is its single values one after another.
    init(dimensions: Int = 1, one: @escaping @Sendable (inout PAGStream) throws(PAGError) -> V) {
        self.dimensions = dimensions
        self.one = one
        self.list = { (s: inout PAGStream, n: Int) throws(PAGError) -> [V] in
            var out: [V] = []
            out.reserveCapacity(min(n, 1 << 16))
            for _ in 0..<n { out.append(try one(&s)) }
            return out
        }
    }

    init(dimensions: Int = 1, one: @escaping @Sendable (inout PAGStream) throws(PAGError) -> V,
         list: @escaping @Sendable (inout PAGStream, Int) throws(PAGError) -> [V]) {
        self.dimensions = dimensions
        self.one = one
        self.list = list
    }
}

/// Reads one tag's attribute block: the flags when made, then each attribute in order through
/// the method matching its kind. The order of calls is the tag's layout, so a reader that calls
/// them out of order is a programming error (checked), not a file error.
struct AttributeBlock {
    /// More keyframes than this in one property is an error: a day at 60 frames per second.
    static let maxKeyframes = 5_184_000

    private let kinds: [AttributeKind]
    private var flags: [AttributeFlag] = []
    private var next = 0
    /// What the tag is, for messages ("the Fill tag").
    let tag: String

    init(_ kinds: [AttributeKind], tag: String, _ s: inout PAGStream) throws(PAGError) {
        self.kinds = kinds
        self.tag = tag
        flags.reserveCapacity(kinds.count)
        for (i, kind) in kinds.enumerated() {
            var f = AttributeFlag()
            if kind == .fixedValue {
                f.exists = true
            } else {
                f.exists = try s.bit("the flags of \(tag) (attribute \(i))")
                if f.exists && kind != .value && kind != .bitFlag && kind != .custom {
                    f.animated = try s.bit("the flags of \(tag) (attribute \(i))")
                    if f.animated && kind == .spatialProperty {
                        f.spatial = try s.bit("the flags of \(tag) (attribute \(i))")
                    }
                }
            }
            flags.append(f)
        }
        s.alignToByte()
    }

    private mutating func take(_ allowed: AttributeKind...) -> (AttributeKind, AttributeFlag) {
        precondition(next < kinds.count && allowed.contains(kinds[next]), "\(tag): attribute \(next) read out of order")
        defer { next += 1 }
        return (kinds[next], flags[next])
    }

    /// A bit-flag attribute.
    mutating func bitFlag() -> Bool { take(.bitFlag).1.exists }

    /// Whether a custom attribute is present (the caller then reads it).
    mutating func custom() -> Bool { take(.custom).1.exists }

    /// A value or fixed value: `fallback` when absent.
    mutating func value<V>(_ s: inout PAGStream, _ fallback: V,
                           _ read: (inout PAGStream) throws(PAGError) -> V) throws(PAGError) -> V {
        let (_, f) = take(.value, .fixedValue)
        return f.exists ? try read(&s) : fallback
    }

    /// A property: `fallback` when absent, its value when fixed, else its keyframes.
    mutating func property<V>(_ s: inout PAGStream, _ codec: ValueCodec<V>, _ fallback: V, _ what: String) throws(PAGError) -> PAGProperty<V> {
        let (kind, f) = take(.simpleProperty, .discreteProperty, .multiDimensionProperty, .spatialProperty)
        guard f.exists else { return .fixed(fallback) }
        guard f.animated else { return .fixed(try codec.one(&s)) }
        return .keyframes(try keyframes(&s, codec, kind: kind, spatial: f.spatial, what))
    }

    private func keyframes<V>(_ s: inout PAGStream, _ codec: ValueCodec<V>, kind: AttributeKind, spatial: Bool,
                              _ what: String) throws(PAGError) -> [PAGKeyframe<V>] {
        let start = s.offset
        let n = try s.count("the number of keyframes of \(what) in \(tag)", minBitsEach: 8)
        guard n > 0 else { throw s.error(at: start, "\(what) in \(tag) is animated but has no keyframes") }
        guard n <= Self.maxKeyframes else {
            throw s.error(at: start, "\(what) in \(tag) has \(n) keyframes, more than \(Self.maxKeyframes)")
        }
        var kinds: [KeyframeInterpolation] = []
        kinds.reserveCapacity(n)
        for _ in 0..<n {
            if kind == .discreteProperty {
                kinds.append(.hold)
            } else {
                kinds.append(KeyframeInterpolation(rawValue: try s.ubits(2, "the keyframe kinds of \(what)"))!)
            }
        }
        var times: [Double] = []
        times.reserveCapacity(n + 1)
        for _ in 0...n { times.append(Double(Int64(bitPattern: try s.encodedUInt64("a keyframe time of \(what)")))) }
        let values = try codec.list(&s, n + 1)
        var out: [PAGKeyframe<V>] = []
        out.reserveCapacity(n)
        for i in 0..<n {
            out.append(PAGKeyframe(time: times[i], endTime: times[i + 1], start: values[i], end: values[i + 1],
                                   interpolation: kinds[i]))
        }
        // Easing handles: read even when no keyframe is a curve (the bit width is always there).
        let dims = kind == .multiDimensionProperty ? codec.dimensions : 1
        let w = try s.numBits("the easing of \(what)")
        let bezierPrecision = 0.005
        for i in 0..<n where kinds[i] == .bezier {
            for _ in 0..<dims {
                let ox = Double(try s.sbits(w, "the easing of \(what)")) * bezierPrecision
                let oy = Double(try s.sbits(w, "the easing of \(what)")) * bezierPrecision
                let ix = Double(try s.sbits(w, "the easing of \(what)")) * bezierPrecision
                let iy = Double(try s.sbits(w, "the easing of \(what)")) * bezierPrecision
                out[i].easeOut.append((ox, oy))
                out[i].easeIn.append((ix, iy))
            }
        }
        if spatial {
            var has: [Bool] = []
            has.reserveCapacity(2 * n)
            for _ in 0..<(2 * n) { has.append(try s.bit("the curve flags of \(what)")) }
            let sw = try s.numBits("the curves of \(what)")
            let spatialPrecision = 0.05
            for i in 0..<n {
                for (j, isIn) in [true, false].enumerated() where has[2 * i + j] {
                    var v: [Double] = []
                    for _ in 0..<codec.dimensions { v.append(Double(try s.sbits(sw, "the curves of \(what)")) * spatialPrecision) }
                    if isIn { out[i].spatialIn = v } else { out[i].spatialOut = v }
                }
            }
        }
        return out
    }
}
