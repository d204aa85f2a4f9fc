import CYLGeometry
#if canImport(Glibc)
import Glibc
#endif

/// What a modifier range counts in.
enum TextRangeUnits: UInt64, FormatEnum {
    case characters = 0, charactersExcludingSpaces = 1, words = 2, lines = 3
    static let unknown = TextRangeUnits.characters
}

/// How a range's from/to/falloff values are read: a share of the units or unit indices.
enum TextRangeType: UInt64, FormatEnum {
    case percentage = 0, unitIndex = 1
    static let unknown = TextRangeType.percentage
}

/// How a range's coverage combines with the ranges before it in the group.
enum TextRangeMode: UInt64, FormatEnum {
    case add = 0, subtract = 1, multiply = 2, min = 3, max = 4, difference = 5
    static let unknown = TextRangeMode.add
}

/// A text modifier group: moves, turns, scales and fades the glyphs its ranges select, each by
/// how much they are selected (its coverage, 0...1 per character).
final class RTextModifierGroup: RContainer {
    var flags: UInt64 = 0
    var originX = 0.0, originY = 0.0
    var opacity = 1.0
    var x = 0.0, y = 0.0
    var rotation = 0.0
    var scaleX = 1.0, scaleY = 1.0
    var ranges: [RTextModifierRange] = []
    unowned(unsafe) var text: RText?
    /// Coverage of each character of the text this frame.
    var coverage: [Double] = []

    var modifiesOrigin: Bool { flags & 1 != 0 }
    var modifiesTranslation: Bool { flags & 4 != 0 }
    var modifiesRotation: Bool { flags & 8 != 0 }
    var modifiesScale: Bool { flags & 16 != 0 }
    var modifiesOpacity: Bool { flags & 32 != 0 }
    var invertsOpacity: Bool { flags & 64 != 0 }
    var modifiesTransform: Bool { modifiesTranslation || modifiesRotation || modifiesScale }

    override func unlink() {
        super.unlink()
        ranges.removeAll()
    }

    override func set(_ key: Int, _ value: PropertyValue) -> Bool {
        switch key {
        case RivePropertyKey.textModifierGroupModifierFlags: flags = value.uint ?? flags
        case RivePropertyKey.textModifierGroupOriginX: originX = value.double ?? originX
        case RivePropertyKey.textModifierGroupOriginY: originY = value.double ?? originY
        case RivePropertyKey.textModifierGroupOpacity: opacity = value.double ?? opacity
        case RivePropertyKey.textModifierGroupX: x = value.double ?? x
        case RivePropertyKey.textModifierGroupY: y = value.double ?? y
        case RivePropertyKey.textModifierGroupRotation: rotation = value.double ?? rotation
        case RivePropertyKey.textModifierGroupScaleX: scaleX = value.double ?? scaleX
        case RivePropertyKey.textModifierGroupScaleY: scaleY = value.double ?? scaleY
        default: return super.set(key, value)
        }
        text?.needsLayout = true
        return true
    }

    override func double(_ key: Int) -> Double? {
        switch key {
        case RivePropertyKey.textModifierGroupOriginX: return originX
        case RivePropertyKey.textModifierGroupOriginY: return originY
        case RivePropertyKey.textModifierGroupOpacity: return opacity
        case RivePropertyKey.textModifierGroupX: return x
        case RivePropertyKey.textModifierGroupY: return y
        case RivePropertyKey.textModifierGroupRotation: return rotation
        case RivePropertyKey.textModifierGroupScaleX: return scaleX
        case RivePropertyKey.textModifierGroupScaleY: return scaleY
        default: return super.double(key)
        }
    }

    override func link(_ artboard: ArtboardInstance) {
        guard let t = parent as? RText else { return }
        text = t
        t.modifierGroups.append(self)
    }

    /// Recomputes `coverage` for a text of `count` characters: every range in order.
    func computeCoverage(_ units: TextUnits) {
        coverage.removeAll(keepingCapacity: true)
        coverage.append(contentsOf: repeatElement(0, count: units.scalars.count))
        for r in ranges { r.apply(to: &coverage, units) }
    }

    /// The coverage of a glyph: the mean of its characters'.
    func glyphCoverage(_ index: Int, count: Int) -> Double {
        guard index >= 0, index < coverage.count else { return 0 }
        var c = 0.0
        let end = min(index + max(count, 1), coverage.count)
        for i in index..<end { c += coverage[i] }
        return c / Double(end - index)
    }

    /// `ctm` (a glyph's transform about the middle of its advance) moved, turned and scaled by
    /// `amount` of the group's values, about the group's origin when it sets one.
    func transform(_ amount: Double, _ ctm: Transform) -> Transform {
        guard amount != 0, modifiesTransform else { return ctm }
        var tx = 0.0, ty = 0.0, sx = 1.0, sy = 1.0, r = 0.0
        if modifiesTranslation { tx = x * amount; ty = y * amount }
        if modifiesScale { sx = (1 - amount) + scaleX * amount; sy = (1 - amount) + scaleY * amount }
        if modifiesRotation { r = rotation * amount }
        let c = cos(r), s = sin(r)
        let m = Transform(a: c * sx, b: s * sx, c: -s * sy, d: c * sy, tx: tx, ty: ty)
        guard modifiesOrigin else { return m * ctm }
        let shifted = Transform(a: ctm.a, b: ctm.b, c: ctm.c, d: ctm.d, tx: ctm.tx + originX, ty: ctm.ty + originY)
        let out = m * shifted
        return Transform(a: out.a, b: out.b, c: out.c, d: out.d, tx: out.tx - originX, ty: out.ty - originY)
    }

    /// A glyph's opacity after this group, from `current` and its coverage `t`.
    func opacity(_ current: Double, _ t: Double) -> Double {
        invertsOpacity ? current * (1 - t) + opacity * t : current * opacity * t
    }
}

/// A range of a modifier group: which characters, words or lines it selects, with falloff at
/// its ends, shaped by an optional cubic curve child.
final class RTextModifierRange: RContainer {
    var modifyFrom = 0.0, modifyTo = 1.0
    var strength = 1.0
    var units = TextRangeUnits.characters
    var type = TextRangeType.percentage
    var mode = TextRangeMode.add
    var clamp = false
    var falloffFrom = 0.0, falloffTo = 1.0
    var offset = 0.0
    var runID: Int?
    unowned(unsafe) var run: RTextValueRun?
    unowned(unsafe) var group: RTextModifierGroup?
    var curve: (solver: CubicSolver, y1: Double, y2: Double)?

    override func set(_ key: Int, _ value: PropertyValue) -> Bool {
        switch key {
        case RivePropertyKey.textModifierRangeModifyFrom: modifyFrom = value.double ?? modifyFrom
        case RivePropertyKey.textModifierRangeModifyTo: modifyTo = value.double ?? modifyTo
        case RivePropertyKey.textModifierRangeStrength: strength = value.double ?? strength
        case RivePropertyKey.textModifierRangeUnitsValue: units = value.decoded(units)
        case RivePropertyKey.textModifierRangeTypeValue: type = value.decoded(type)
        case RivePropertyKey.textModifierRangeModeValue: mode = value.decoded(mode)
        case RivePropertyKey.textModifierRangeClamp: clamp = value.bool ?? clamp
        case RivePropertyKey.textModifierRangeFalloffFrom: falloffFrom = value.double ?? falloffFrom
        case RivePropertyKey.textModifierRangeFalloffTo: falloffTo = value.double ?? falloffTo
        case RivePropertyKey.textModifierRangeOffset: offset = value.double ?? offset
        case RivePropertyKey.textModifierRangeRunId: runID = value.index
        default: return super.set(key, value)
        }
        group?.text?.needsLayout = true
        return true
    }

    override func double(_ key: Int) -> Double? {
        switch key {
        case RivePropertyKey.textModifierRangeModifyFrom: return modifyFrom
        case RivePropertyKey.textModifierRangeModifyTo: return modifyTo
        case RivePropertyKey.textModifierRangeStrength: return strength
        case RivePropertyKey.textModifierRangeFalloffFrom: return falloffFrom
        case RivePropertyKey.textModifierRangeFalloffTo: return falloffTo
        case RivePropertyKey.textModifierRangeOffset: return offset
        default: return super.double(key)
        }
    }

    override func resolve(_ artboard: ArtboardInstance) {
        run = runID.flatMap { artboard.object($0) as? RTextValueRun }
    }

    override func link(_ artboard: ArtboardInstance) {
        guard let g = parent as? RTextModifierGroup else { return }
        group = g
        g.ranges.append(self)
        if let c = children.first(where: { $0 is RCubicInterpolatorComponent }) as? RCubicInterpolatorComponent {
            curve = (CubicSolver(x1: c.x1, x2: c.x2), c.y1, c.y2)
        }
    }

    /// The selection at unit position `t` (a unit's middle): 1 inside, ramping over the falloffs,
    /// 0 outside.
    func selection(at t: Double, from: Double, to: Double, falloffFrom ff: Double, falloffTo ft: Double) -> Double {
        guard to >= from, t >= from, t <= to else { return 0 }
        var c: Double
        if t < ff {
            let range = max(0, ff - from)
            c = range == 0 ? 1 : max(0, t - from) / range
        } else if t > ft {
            let range = max(0, to - ft)
            c = range == 0 ? 1 : 1 - min(1, (t - ft) / range)
        } else {
            return 1
        }
        if let curve { c = CubicSolver.bezier(curve.solver.t(forX: c), curve.y1, curve.y2) }
        return c
    }

    /// Combines this range's selection into `coverage` (one value a character).
    func apply(to coverage: inout [Double], _ text: TextUnits) {
        var start = 0, end = text.scalars.count
        if runID != nil {
            // A range limited to a run that is gone (or empty) selects nothing.
            guard let run, let span = text.runSpans[ObjectIdentifier(run)] else { return }
            start = span.lowerBound; end = span.upperBound
        }
        let mapped = text.units(units, start: start, end: end)
        let count = mapped.count
        let scale = type == .percentage ? Double(count) : 1
        let from = (modifyFrom + offset) * scale, to = (modifyTo + offset) * scale
        let ff = (falloffFrom + offset) * scale, ft = (falloffTo + offset) * scale
        for (u, unit) in mapped.enumerated() {
            let c = strength * selection(at: Double(u) + 0.5, from: from, to: to, falloffFrom: ff, falloffTo: ft)
            for i in unit where i >= 0 && i < coverage.count {
                var v = coverage[i]
                switch mode {
                case .add: v += c
                case .subtract: v -= c
                case .max: v = Swift.max(v, c)
                case .min: v = Swift.min(v, c)
                case .multiply: v *= c
                case .difference: v = abs(v - c)
                }
                coverage[i] = clamp ? Swift.max(0, Swift.min(1, v)) : v
            }
            // Characters between this unit and the next (or the end) are not selected.
            let next = u + 1 < count ? mapped[u + 1].lowerBound : end
            for i in unit.upperBound..<max(unit.upperBound, next) where i < coverage.count { coverage[i] = 0 }
        }
    }
}

/// A cubic curve shaping a modifier range's falloff.
final class RCubicInterpolatorComponent: RComponent {
    var x1 = 0.42, y1 = 0.0, x2 = 0.58, y2 = 1.0

    override func set(_ key: Int, _ value: PropertyValue) -> Bool {
        switch key {
        case RivePropertyKey.cubicInterpolatorComponentX1: x1 = value.double ?? x1
        case RivePropertyKey.cubicInterpolatorComponentY1: y1 = value.double ?? y1
        case RivePropertyKey.cubicInterpolatorComponentX2: x2 = value.double ?? x2
        case RivePropertyKey.cubicInterpolatorComponentY2: y2 = value.double ?? y2
        default: return super.set(key, value)
        }
        return true
    }
}

/// The text a layout shaped, read as the units modifier ranges count: characters (glyph
/// clusters, so a ligature stays whole), characters without spaces, words, lines.
struct TextUnits {
    var scalars: [UInt32] = []
    /// For each character, the glyph (in logical order over the whole text) it belongs to.
    var glyphOf: [Int] = []
    /// Each line's characters.
    var lines: [Range<Int>] = []
    /// Each run's characters, by run.
    var runSpans: [ObjectIdentifier: Range<Int>] = [:]

    /// How many characters from `i` share its glyph.
    func clusterLength(_ i: Int) -> Int {
        var n = 1
        while i + n < glyphOf.count && glyphOf[i + n] == glyphOf[i] { n += 1 }
        return n
    }

    func units(_ kind: TextRangeUnits, start: Int, end: Int) -> [Range<Int>] {
        var out: [Range<Int>] = []
        let end = min(end, scalars.count)
        guard start < end else { return out }
        switch kind {
        case .characters, .charactersExcludingSpaces:
            var i = start
            while i < end {
                if kind == .charactersExcludingSpaces && ParagraphGlyphs.isWhiteSpace(scalars[i]) { i += 1; continue }
                let n = min(clusterLength(i), end - i)
                out.append(i..<(i + n))
                i += n
            }
        case .words:
            var i = 0
            while i < scalars.count {
                guard !ParagraphGlyphs.isWhiteSpace(scalars[i]) else { i += 1; continue }
                var e = i
                while e < scalars.count && !ParagraphGlyphs.isWhiteSpace(scalars[e]) { e += 1 }
                let s = max(i, start), t = min(e, end)
                if t > s { out.append(s..<t) }
                i = e
            }
        case .lines:
            for l in lines {
                let s = max(l.lowerBound, start), t = min(l.upperBound, end)
                if t > s { out.append(s..<t) }
            }
        }
        return out
    }
}
