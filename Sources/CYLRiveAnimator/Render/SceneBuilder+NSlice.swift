import CYLGeometry
import CYLRaster

extension SceneBuilder {
    /// An N-sliced image: each patch (or tile) is the whole image mapped so that the patch's
    /// source pixels land on the patch, kept to the patch. Sampling the whole image, as the
    /// runtime's mesh samples its texture, blends across a slice line the way it does.
    ///
    /// Kept to the patch how: when the patch reaches the pixels unrotated and unskewed, by a group
    /// clip, which the renderer rounds to whole pixels. Neighbours share their slice line
    /// exactly, so the rounded clips tile the pixels, each drawn once, with no anti-aliased seam
    /// and no overlap. Where a patch ends at the image's own edge the clip reaches past it and the
    /// image's anti-aliased edge shows. Otherwise (turned or skewed) by a mask of the patch's
    /// quad, grown by half a pixel where it meets a neighbour (as mesh triangles are) so that the
    /// two anti-aliased edges leave no gap. Overlaps (a slicer shrunk below its corners folds its
    /// patches over each other) draw in the runtime's order, row by row.
    mutating func draw(_ slicer: RNSlicer, _ pixels: Pixmap, _ image: RImage, _ imageTransform: Transform) throws {
        let w = Double(pixels.width), h = Double(pixels.height)
        let patches = slicer.patches(width: w, height: h, scaleX: image.scaleX, scaleY: image.scaleY)
        guard !patches.isEmpty else { return }
        let onScreen = placement * imageTransform
        let axisAligned = onScreen.b == 0 && onScreen.c == 0
        // Artboard units a pixel spans, for the masks' growth (0 when the pixel grid is unknown).
        let pixel = device.map { 1 / max(($0 * placement).maxScale, 1e-9) } ?? 0
        // Patches may overlap (grown masks, folded patches): opacity applies to them together.
        let began = beginBlendGroup(image.blendMode, opacity: image.renderOpacity)
        for patch in patches {
            try draw(patch, pixels, image, imageTransform, size: Point(w, h), axisAligned: axisAligned, pixel: pixel)
            try checkBudget(nil)
        }
        if began { list.endGroup() }
    }

    private mutating func draw(_ patch: NSlicePatch, _ pixels: Pixmap, _ image: RImage, _ imageTransform: Transform,
                               size: Point, axisAligned: Bool, pixel: Double) throws {
        guard let x = Self.span(patch.x0, patch.x1, source: patch.u0, patch.u1, size: size.x),
              let y = Self.span(patch.y0, patch.y1, source: patch.v0, patch.v1, size: size.y) else { return }
        // Image pixels → the image's own space (the patch), then on to the artboard.
        let local = Transform(a: x.scale, b: 0, c: 0, d: y.scale, tx: patch.x0 - patch.u0 * x.scale, ty: patch.y0 - patch.v0 * y.scale)
        let map = imageTransform * local
        guard map.isFinite else { return }
        let bounds: Rect
        if axisAligned {
            // Past the image's own edge there is nothing of this image to keep out: reach a whole
            // image further, so the rounded clip does not cut its anti-aliased edge.
            let r = Rect(minX: x.min - (x.minIsEdge ? size.x : 0), minY: y.min - (y.minIsEdge ? size.y : 0),
                         maxX: x.max + (x.maxIsEdge ? size.x : 0), maxY: y.max + (y.maxIsEdge ? size.y : 0))
            bounds = Self.bounds(of: r, imageTransform)
            list.beginGroup(transform: .identity, clip: bounds)
        } else {
            let gx = Self.growth(pixel, imageTransform.applyVector(Point(1, 0)).length)
            let gy = Self.growth(pixel, imageTransform.applyVector(Point(0, 1)).length)
            let r = Rect(minX: x.min - (x.minIsEdge ? 0 : gx), minY: y.min - (y.minIsEdge ? 0 : gy),
                         maxX: x.max + (x.maxIsEdge ? 0 : gx), maxY: y.max + (y.maxIsEdge ? 0 : gy))
            bounds = Self.bounds(of: r, imageTransform)
            guard let quad = list.makePath({ $0.append(Path.rect(r).transformed(by: imageTransform)) }) else { return }
            list.beginGroup(transform: .identity, clip: bounds.insetBy(-pixel))
            list.addMask(path: quad, mode: .add)
        }
        let (drawn, placed) = reduce(pixels, map, ObjectIdentifier(image), image.assetID ?? -1)
        list.addImage(drawn, transform: placed, opacity: 1)
        list.endGroup()
    }

    /// One axis of a patch: its extent in the image's space, the scale from source pixels to it,
    /// and which of its ends are the image's own edge (the source and the patch both start at 0
    /// or both end at the image's size). Nil when the patch has no extent. A source of no extent
    /// (a scalable segment of zero pixels given room by the runtime's fallback) shows its one
    /// line of pixels stretched, read a thousandth of a pixel wide.
    struct PatchSpan {
        var min: Double, max: Double
        var scale: Double
        var minIsEdge: Bool, maxIsEdge: Bool
    }

    static func span(_ a: Double, _ b: Double, source s0: Double, _ s1: Double, size: Double) -> PatchSpan? {
        guard a != b, a.isFinite, b.isFinite else { return nil }
        var ds = s1 - s0
        if abs(ds) < 1e-9 { ds = s0 < size ? 1e-3 : -1e-3 }
        func isEdge(_ v: Double, _ s: Double) -> Bool { (v == 0 && s == 0) || (v == size && s == size) }
        let forward = a < b
        return PatchSpan(min: forward ? a : b, max: forward ? b : a, scale: (b - a) / ds,
                         minIsEdge: forward ? isEdge(a, s0) : isEdge(b, s1), maxIsEdge: forward ? isEdge(b, s1) : isEdge(a, s0))
    }

    /// Half a pixel in the image's space along an axis that `length` artboard units span.
    private static func growth(_ pixel: Double, _ length: Double) -> Double {
        length > 1e-12 ? pixel / 2 / length : 0
    }

    /// The artboard bounds of `r` (the image's space) under `t`.
    private static func bounds(of r: Rect, _ t: Transform) -> Rect {
        let corners = [Point(r.minX, r.minY), Point(r.maxX, r.minY), Point(r.maxX, r.maxY), Point(r.minX, r.maxY)].map { t * $0 }
        let xs = corners.map(\.x), ys = corners.map(\.y)
        return Rect(minX: xs.min()!, minY: ys.min()!, maxX: xs.max()!, maxY: ys.max()!)
    }
}
