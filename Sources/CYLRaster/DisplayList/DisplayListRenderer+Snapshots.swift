import CYLGeometry

/// Groups drawn through a snapshot (`ContentSnapshot`), as libpag draws the layers it caches:
/// the content drawn on a bitmap grid of its own starting at its bounds as Skia measures them,
/// then resampled where it goes, and smeared along the layer's motion when it has motion blur.
extension DisplayListRenderer {
    /// Draws a group's children mapped by `m`, through its snapshot if it has one: drawn into a
    /// bitmap at the snapshot's scale whose pixel (0, 0) is the corner of their bounds, which is
    /// then drawn bilinearly (`ContentSnapshot`).
    func drawChildren(_ group: DisplayList.Group, _ list: DisplayList, _ m: Transform, _ clip: IntRect,
                      _ target: inout Pixmap) throws {
        guard let snapshot = group.snapshot else { return try draw(list, group.children, m, clip, &target) }
        let bounds = snapshotBounds(group, list)
        if let blur = snapshot.motionBlur, try drawMotionBlurred(group, list, bounds, m, clip, snapshot, blur, &target) {
            return
        }
        guard let (toBitmap, w, h) = snapshot.bitmapMapping(bounds: bounds, m),
              let back = toBitmap.inverted?.then(m), var bitmap = try? Pixmap(width: w, height: h)
        else { return try draw(list, group.children, m, clip, &target) }
        let outer = drawn
        try draw(list, group.children, toBitmap, IntRect(x: 0, y: 0, width: w, height: h), &bitmap)
        drawn = outer
        try canvas.drawImage(bitmap, transform: back, clip: clip, sampling: snapshot.mipmapped ? .trilinear : .unreduced, into: &target)
        trackSpans()
    }

    /// A group drawn as libpag's filter pass draws it (`ContentSnapshot.Grid.filterPass`): the
    /// children into the snapshot's bitmap, grown by what the effects reach; the effects applied
    /// there, at the bitmap's scale; the bitmap drawn where the group goes, bilinearly. False
    /// (nothing drawn) when the group is not such a snapshot with only effects that spread by a
    /// known margin (drop shadows, glows, outlines), or masks, a matte, opacity or a blend mode
    /// would also apply: the caller then draws it as any other.
    func drawFilterPass(_ group: DisplayList.Group, _ list: DisplayList, _ m: Transform, _ clip: IntRect,
                        _ target: inout Pixmap) throws -> Bool {
        guard let snapshot = group.snapshot, case .filterPass = snapshot.grid, snapshot.motionBlur == nil,
              !group.effects.isEmpty, group.masks.isEmpty, group.matte == nil, group.opacity >= 1,
              group.blendMode == .normal, group.blur == 0,
              let (toContent, w0, h0) = snapshot.bitmapMapping(bounds: snapshotBounds(group, list), m)
        else { return false }
        // How far the effects reach beyond the content, in the bitmap's pixels.
        let scale = abs(toContent.determinant).squareRoot()
        var reach = 0.0
        for k in group.effects {
            switch list.effects[k] {
            case .dropShadow(let d):
                let o = (d.offset.x * d.offset.x + d.offset.y * d.offset.y).squareRoot()
                reach = max(reach, (o + max(d.spread, 0) + 3 * max(d.sigma, 0)) * scale + 2)
            case let .glow(_, spread, sigma): reach = max(reach, (max(spread, 0) + 3 * max(sigma, 0)) * scale + 2)
            case let .outline(_, width): reach = max(reach, max(width, 0) * scale + 2)
            case .displacementMap(let d):
                if d.expandsOutput { reach = max(reach, max(abs(d.maxHorizontal), abs(d.maxVertical)) * scale + 2) }
            default: return false
            }
        }
        guard reach.isFinite, reach < Double(ContentSnapshot.maxPixels) else { return false }
        let pad = Int(reach.rounded(.up)), w = w0 + 2 * pad, h = h0 + 2 * pad
        guard w * h <= ContentSnapshot.maxPixels else { return false }
        let toBitmap = toContent.then(.translation(Double(pad), Double(pad)))
        guard let back = toBitmap.inverted?.then(m), var bitmap = try? Pixmap(width: w, height: h) else { return false }
        let outer = drawn
        drawn = .none
        let whole = IntRect(x: 0, y: 0, width: w, height: h)
        try draw(list, group.children, toBitmap, whole, &bitmap)
        let area = drawn.intersection(whole)
        if !area.isEmpty { _ = try applyEffects(list, group.effects, toBitmap, area, whole, &bitmap) }
        drawn = outer
        try canvas.drawImage(bitmap, transform: back, clip: clip, sampling: .unreduced, into: &target)
        trackSpans()
        return true
    }

    /// A snapshot smeared along the layer's motion (`ContentSnapshot.MotionBlur`), as libpag's
    /// filter pass draws it: the content into a bitmap over its bounds rounded out and cut to what
    /// is visible (the clip in the content's space, grown 1.2x about its centre and rounded out),
    /// then a bitmap over the bounds grown 1.2x (rounded out, cut alike), each texel blurred along
    /// the motion (`MotionBlurKernel`), drawn where the layer goes. Nothing visible: drawn plainly,
    /// as libpag does. False when it cannot be drawn so: the caller draws the snapshot as it is.
    /// `raw` is the content's `snapshotBounds`.
    private func drawMotionBlurred(_ group: DisplayList.Group, _ list: DisplayList, _ raw: Rect, _ m: Transform,
                                   _ clip: IntRect, _ snapshot: ContentSnapshot, _ blur: ContentSnapshot.MotionBlur,
                                   _ target: inout Pixmap) throws -> Bool {
        guard !raw.isEmpty, raw.minX.isFinite, raw.maxX.isFinite, raw.minY.isFinite, raw.maxY.isFinite,
              let toContent = m.inverted else { return false }
        func roundedOut(_ r: Rect) -> Rect {
            Rect(minX: r.minX.rounded(.down), minY: r.minY.rounded(.down), maxX: r.maxX.rounded(.up), maxY: r.maxY.rounded(.up))
        }
        func grown(_ r: Rect) -> Rect {
            let k = (ContentSnapshot.MotionBlur.growth - 1) / 2
            return roundedOut(Rect(minX: r.minX - r.width * k, minY: r.minY - r.height * k,
                                   maxX: r.maxX + r.width * k, maxY: r.maxY + r.height * k))
        }
        let b = roundedOut(raw)
        var visible = Rect.empty
        for (x, y) in [(clip.x, clip.y), (clip.x + clip.width, clip.y), (clip.x, clip.y + clip.height),
                       (clip.x + clip.width, clip.y + clip.height)] {
            visible.include(toContent.apply(Point(Double(x), Double(y))))
        }
        visible = grown(visible)
        let input = b.intersection(visible), output = grown(b).intersection(visible)
        guard b.width > 0, b.height > 0 else { return false }
        guard !input.isEmpty, !output.isEmpty else {
            try draw(list, group.children, m, clip, &target)
            return true
        }
        guard let (toInput, iw, ih) = snapshot.bitmapMapping(bounds: input, m),
              let (toOutput, ow, oh) = snapshot.bitmapMapping(bounds: output, m),
              let fromOutput = toOutput.inverted,
              var source = try? Pixmap(width: iw, height: ih), var blurred = try? Pixmap(width: ow, height: oh)
        else { return false }
        let outer = drawn
        try draw(list, group.children, toInput, IntRect(x: 0, y: 0, width: iw, height: ih), &source)
        drawn = outer
        // The shader's texture coordinates span the input bitmap, whole texels: past the cut
        // bounds by the rest of the last texel, whose coverage it keeps.
        guard let fromInput = toInput.inverted else { return false }
        let inputExtent = fromInput.apply(Rect(x: 0, y: 0, width: Double(iw), height: Double(ih)))
        MotionBlurKernel.apply(blur, input: source, inputFromContent: toInput, inputBounds: inputExtent, bounds: b,
                               contentFromOutput: fromOutput, into: &blurred)
        try canvas.drawImage(blurred, transform: fromOutput.then(m), clip: clip,
                             sampling: snapshot.mipmapped ? .trilinear : .unreduced, into: &target)
        trackSpans()
        return true
    }

    /// The bounds of a snapshot's content as libpag measures it, which places the bitmap's pixel
    /// grid: those the back-end measured for a filter pass; otherwise filled paths by all their
    /// points, control points included (Skia's `getBounds`; their curves' bounds put
    /// nulllayer.pag's letters a fraction of a texel off, 2.1% of pixels against 0.7-0.8%),
    /// strokes by their outlines as the stroker makes them (miter spikes and square caps
    /// included).
    private func snapshotBounds(_ group: DisplayList.Group, _ list: DisplayList) -> Rect {
        if case .filterPass(let bounds, _) = group.snapshot?.grid { return bounds }
        var outline = Path()
        return list.drawnBounds(of: group.children, transform: .identity, fillBounds: .controlPoints) { path, style in
            (try? self.canvas.stroker.stroke(path, style: style, into: &outline)) != nil ? outline.bounds : .empty
        }
    }
}
