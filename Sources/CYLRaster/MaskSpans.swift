import CRasterKernels

extension Mask {
    /// Combines a mask path's coverage, given as spans (sorted by row then x, inside this mask),
    /// into this accumulated mask with `mode` (`.add`, `.subtract` or `.intersect`), exactly as
    /// `combine(_:mode:opacity:in: area)` would with the spans written into an empty mask, but
    /// touching only the pixels that change: the spans (within `area`) for add and subtract (a
    /// pixel no span covers has coverage 0, which leaves the value as it is), and `live` for
    /// intersect (outside the spans the value becomes 0). `live` (inside `area`) is where this
    /// mask may be non-zero; the result is the new one. Masks over a large layer then cost the
    /// mask's size, not the layer's.
    public mutating func combine(spans: [Span], mode: Mode, opacity: Double, live: IntRect, area: IntRect) -> IntRect {
        precondition(mode == .add || mode == .subtract || mode == .intersect, "span combine covers add, subtract, intersect")
        let op = UInt32(min(max(opacity.isNaN ? 0 : opacity, 0), 1) * 255 + 0.5)
        let w = width
        // The spans' bounds within `area` (empty when none reaches into it).
        var minX = Int.max, maxX = Int.min, minY = Int.max, maxY = Int.min
        for s in spans where Int(s.y) >= area.y && Int(s.y) < area.maxY {
            let x0 = max(Int(s.x), area.x), x1 = min(Int(s.x + s.length), area.maxX)
            if x1 <= x0 { continue }
            minX = min(minX, x0); maxX = max(maxX, x1); minY = min(minY, Int(s.y)); maxY = max(maxY, Int(s.y) + 1)
        }
        let bounds = minX < maxX ? IntRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY) : IntRect.none
        bytes.withUnsafeMutableBufferPointer { mb in
            let base = mb.baseAddress!
            switch mode {
            case .add, .subtract:
                // In C: one call for all the spans, long interior runs vectorised or filled.
                spans.withUnsafeBufferPointer { sp in
                    guard let first = sp.baseAddress else { return }
                    UnsafeRawPointer(first).withMemoryRebound(to: cyl_span.self, capacity: sp.count) { c in
                        cyl_mask_combine_spans(base, w, c, sp.count, Int32(area.x), Int32(area.y), Int32(area.maxX),
                                               Int32(area.maxY), op, mode == .add ? Int32(CYL_MASK_ADD.rawValue) : Int32(CYL_MASK_SUBTRACT.rawValue))
                    }
                }
            default:
                // Row by row through `live`: the gaps between spans become 0, the spans scale.
                var k = 0
                for y in live.y..<live.maxY {
                    let row = base + y * w
                    while k < spans.count && Int(spans[k].y) < y { k += 1 }
                    var x = live.x
                    while k < spans.count && Int(spans[k].y) == y {
                        let s = spans[k]
                        let x0 = max(Int(s.x), live.x), x1 = min(Int(s.x + s.length), live.maxX)
                        k += 1
                        if x1 <= x0 { continue }
                        if x0 > x { (row + x).update(repeating: 0, count: x0 - x) }
                        var c = UInt32(s.coverage)
                        if op != 255 { c = (c * op + 127) / 255 }
                        cyl_mask_row(row + x0, x1 - x0, c, Int32(CYL_MASK_INTERSECT.rawValue))
                        x = x1
                    }
                    if live.maxX > x { (row + x).update(repeating: 0, count: live.maxX - x) }
                }
            }
        }
        switch mode {
        case .add: return live.union(bounds)
        case .subtract: return live
        default: return live.intersection(bounds)
        }
    }
}
