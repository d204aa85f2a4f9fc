#if canImport(Glibc)
import Glibc
#endif

/// A range selector's selection: how strongly (0-1, or down to -1 with a negative amount) each
/// character takes its animator's properties.
///
/// The selector counts units (characters, characters without spaces, words or lines, by `b`);
/// unit `k` is the cell [k, k+1). Start, end and offset are in units (`r` 2) or in percent of
/// the unit count; the range is [start + offset, end + offset] (swapped when reversed).
/// - square: the part of the cell inside the range (a hard edge that steps through partial
///   characters as start or end move);
/// - ramp up / ramp down: 0 → 1 (1 → 0) from the range's start to its end, read at the cell's
///   centre; before the range a ramp up is 0, after it 1;
/// - triangle, round, smooth: 0 at both ends of the range, 1 in its middle (linear, a half
///   circle, a raised cosine), 0 outside it.
/// The result is scaled by the amount (`a`, percent, clamped to ±100).
enum TextSelection {
    /// An animator's selection: its selectors' selections combined by their modes
    /// (`TextSelectorMode`), kept within ±1 after each, as libpag combines them.
    static func amounts(_ selectors: [TextRangeSelector], at t: Double, glyphs: [PlacedGlyph]) -> [Double] {
        var total = [Double](repeating: 1, count: glyphs.count)
        for (k, sel) in selectors.enumerated() {
            let amounts = amounts(sel, at: t, glyphs: glyphs)
            for i in total.indices {
                let old = total[i], s = amounts[i]
                let v: Double
                if k == 0 && sel.mode != .subtract { v = s } else {
                    switch sel.mode {
                    case .add: v = old + s
                    case .subtract: v = s >= 0 ? old * (1 - s) : old * (-1 - s)
                    case .intersect: v = old * s
                    case .min: v = Swift.min(old, s)
                    case .max: v = Swift.max(old, s)
                    case .difference: v = abs(old - s)
                    }
                }
                total[i] = Swift.min(Swift.max(v, -1), 1)
            }
        }
        return total
    }

    /// One selector's selection.
    static func amounts(_ sel: TextRangeSelector, at t: Double, glyphs: [PlacedGlyph]) -> [Double] {
        var units: [Int] = []   // unit of each glyph; -1: not selectable (a space, by "b" 2)
        units.reserveCapacity(glyphs.count)
        var count = 0
        switch sel.base {
        case .characters:
            for i in glyphs.indices { units.append(i) }
            count = glyphs.count
        case .charactersExcludingSpaces:
            for g in glyphs { if g.isSpace { units.append(-1) } else { units.append(count); count += 1 } }
        case .words:
            let first = glyphs.first?.word ?? 0
            for g in glyphs { units.append(g.word - first) }
            count = (glyphs.last.map { $0.word - first + 1 }) ?? 0
        case .lines:
            let first = glyphs.first?.line ?? 0
            for g in glyphs { units.append(g.line - first) }
            count = (glyphs.last.map { $0.line - first + 1 }) ?? 0
        }
        // Percent to units as value × count / 100 (exact for whole percents of small counts).
        func inUnits(_ v: Double) -> Double { sel.byIndex ? finite(v) : finite(v) * Double(count) / 100 }
        var s = inUnits(sel.start.scalar(at: t))
        var e = inUnits(sel.end.scalar(at: t))
        let o = inUnits(sel.offset.scalar(at: t))
        s += o; e += o
        if s > e { swap(&s, &e) }
        let amount = min(max(finite(sel.amount.scalar(at: t)) / 100, -1), 1)
        var out = [Double](repeating: 0, count: glyphs.count)
        for i in glyphs.indices where units[i] >= 0 {
            out[i] = weight(sel.shape, unit: Double(units[i]), start: s, end: e) * amount
        }
        return out
    }

    /// The selection of the unit cell [k, k+1) for range [s, e], before the amount.
    static func weight(_ shape: TextSelectorShape, unit k: Double, start s: Double, end e: Double) -> Double {
        switch shape {
        case .square:
            return min(max(min(e, k + 1) - max(s, k), 0), 1)
        case .rampUp, .rampDown:
            let up: Double
            if e - s <= 0 { up = k + 0.5 >= e ? 1 : 0 } else { up = min(max((k + 0.5 - s) / (e - s), 0), 1) }
            return shape == .rampUp ? up : 1 - up
        case .triangle, .round, .smooth:
            guard e - s > 0 else { return 0 }
            let u = (k + 0.5 - s) / (e - s)
            guard u >= 0, u <= 1 else { return 0 }
            switch shape {
            case .triangle: return 1 - abs(2 * u - 1)
            case .round: let d = 2 * u - 1; return (1 - d * d).squareRoot()
            default: return (1 - cos(2 * Double.pi * u)) / 2
            }
        }
    }

    private static func finite(_ v: Double) -> Double { v.isFinite ? min(max(v, -1e9), 1e9) : 0 }
}
