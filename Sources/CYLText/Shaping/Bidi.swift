import CFriBidi

/// The Unicode bidirectional algorithm (UAX #9) through GNU FriBidi: embedding levels of a
/// paragraph (even: left to right, odd: right to left) and the visual order of a line's runs.
public enum Bidi {
    /// The resolved embedding level of each scalar of one paragraph, and the paragraph's own
    /// level. The paragraph's direction comes from its first strong character (left to right
    /// when it has none), as the Rive runtime resolves it. Scratch buffers are the caller's, so
    /// shaping many paragraphs allocates once.
    public static func levels(_ scalars: UnsafeBufferPointer<UInt32>, into levels: inout [UInt8],
                              scratch: inout BidiScratch) -> UInt8 {
        let n = scalars.count
        levels.removeAll(keepingCapacity: true)
        guard n > 0, let base = scalars.baseAddress else { return 0 }
        scratch.types.removeAll(keepingCapacity: true)
        scratch.types.append(contentsOf: repeatElement(FriBidiCharType(rawValue: 0), count: n))
        scratch.brackets.removeAll(keepingCapacity: true)
        scratch.brackets.append(contentsOf: repeatElement(0, count: n))
        scratch.levels.removeAll(keepingCapacity: true)
        scratch.levels.append(contentsOf: repeatElement(0, count: n))
        var direction = cyl_fribidi_par_on()
        let ok = scratch.types.withUnsafeMutableBufferPointer { types in
            scratch.brackets.withUnsafeMutableBufferPointer { brackets in
                scratch.levels.withUnsafeMutableBufferPointer { out in
                    fribidi_get_bidi_types(base, FriBidiStrIndex(n), types.baseAddress)
                    fribidi_get_bracket_types(base, FriBidiStrIndex(n), types.baseAddress, brackets.baseAddress)
                    return fribidi_get_par_embedding_levels_ex(types.baseAddress, brackets.baseAddress, FriBidiStrIndex(n),
                                                               &direction, out.baseAddress) != 0
                }
            }
        }
        // FriBidi fails only when it cannot allocate: everything then reads left to right.
        guard ok else {
            levels.append(contentsOf: repeatElement(0, count: n))
            return 0
        }
        levels.append(contentsOf: scratch.levels.lazy.map { UInt8(clamping: Int($0)) })
        return UInt8(clamping: Int(cyl_fribidi_level_of(direction)))
    }

    /// The visual order of runs with embedding `levels` on one line (rule L2): from the highest
    /// level down to the lowest odd one, every maximal sequence of runs at that level or above
    /// is reversed. Returns indices into `levels`, leftmost first.
    public static func visualOrder(_ levels: [UInt8]) -> [Int] {
        var order = Array(levels.indices)
        guard let highest = levels.max(), highest > 0 else { return order }
        let lowestOdd = max(levels.min()!, 1) | 1
        var level = highest
        while level >= lowestOdd {
            var i = 0
            while i < order.count {
                guard levels[order[i]] >= level else { i += 1; continue }
                var j = i
                while j < order.count && levels[order[j]] >= level { j += 1 }
                order[i..<j].reverse()
                i = j
            }
            level -= 1
        }
        return order
    }
}

/// Buffers `Bidi.levels` reuses between paragraphs.
public struct BidiScratch {
    var types: [FriBidiCharType] = []
    var brackets: [FriBidiBracketType] = []
    var levels: [FriBidiLevel] = []
    public init() {}
}
