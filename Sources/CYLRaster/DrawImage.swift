import CRasterKernels
import CYLGeometry

/// How an image drawn smaller than its size picks its texels.
public enum ImageSampling: Sendable, Hashable {
    /// Bilinear from the image, or, past 2x reduction, from the deepest halved level that still
    /// leaves a texel a pixel along the less reduced axis: the sharpest that does not alias.
    case bilinear
    /// OpenGL's LINEAR_MIPMAP_LINEAR, as libpag draws images: bilinear in the two halved levels
    /// around lod = log2(texels a pixel covers), blended by lod's fraction. Softer than
    /// `.bilinear` between 1x and 2x reduction; the same when the image is magnified.
    case trilinear
    /// As libpag draws an image layer, by the largest and smallest scales (the larger axis) the
    /// image is drawn at over the keys of every layer showing it (`ScaleRatios`; one still
    /// layer's are its scale now). Largest over 0.7x: from the image. At 0.7x or less libpag
    /// first draws the image at the largest scale into a texture of its own (a snapshot,
    /// `ceil(size × scale)`, the image at its origin), then draws the snapshot where the image
    /// goes: a layer at a fractional position is resampled twice, and comes out softer than one
    /// sampling would make it. Trilinear where libpag mipmaps: the image when the smallest scale
    /// is under 0.4, the snapshot when the smallest is under 0.4 of the largest; plain bilinear
    /// otherwise.
    case libpag
    /// `.libpag` for the one frame of a sequence whose content never changes (libpag draws it as
    /// an image asset), except that the frame itself is never sampled through halved levels:
    /// measured, RootLayerVideoFreeze.pag matches 5 of 5 frames so, 0 through them.
    case libpagStill
    /// Bilinear from the image itself however much it is reduced (OpenGL's LINEAR without
    /// mipmaps): sharp, and aliased past 2x reduction. libpag draws the frames of bitmap and video
    /// sequences so (measured against its renders: 11 of 18 bitmap frames and 7 of 20 video
    /// frames match, against 3 and 5 with halved levels or `.trilinear`).
    case unreduced
    /// `.unreduced` from a bitmap of straight (not premultiplied) colour: colour and alpha are
    /// interpolated apart and multiplied after, as libpag's shader draws a video frame from its
    /// colour and alpha halves, so where the colour around a shape is black its edge darkens.
    /// Only for bitmaps made so (`H264Decoder.Picture.straightRGBA`).
    case unreducedStraight
}

/// The smallest and largest scales an image is drawn at over the keys of the layers showing it,
/// as ratios to the scale it is drawn at now. libpag sizes an image's snapshot once for the whole
/// animation, at the largest, and mipmaps by the smallest (`ImageSampling.libpag`).
public struct ScaleRatios: Sendable, Hashable {
    public var smallest: Double, largest: Double
    /// An image drawn at one scale throughout.
    public static let constant = ScaleRatios(smallest: 1, largest: 1)
    /// Ratios that are not finite and positive count as 1 (the scale now).
    public init(smallest: Double, largest: Double) {
        self.smallest = smallest.isFinite && smallest > 0 ? smallest : 1
        self.largest = largest.isFinite && largest > 0 ? largest : 1
    }
}

extension Canvas {
    /// Draws `image` (premultiplied) with its pixel rectangle (0, 0)-(width, height) mapped by
    /// `transform`, source-over at `opacity`, clipped to `clip`.
    ///
    /// The image's rectangle is rasterized like any fill, so its edges are anti-aliased by exact
    /// coverage and the spans go through the same compositing kernel as fills; each span is shaded
    /// by bilinear sampling in 16.16 fixed point (edge texels repeat), from a halved level of the
    /// image when it is drawn at less than half its size. Transforms without rotation
    /// or skew blend each pair of texel rows once per pixel row and keep the samples for the next
    /// frame (`ImageSampleCache`). `.trilinear` `sampling` blends the samples of two levels
    /// instead (`ImageMipmapCache.trilinearSources`).
    /// `scales` matters to `.libpag` and `.libpagStill` sampling only.
    public func drawImage(_ image: Pixmap, transform: Transform, opacity: Double = 1, clip: IntRect? = nil,
                          sampling: ImageSampling = .bilinear, scales: ScaleRatios = .constant,
                          into target: inout Pixmap) throws(GeometryError) {
        paintedFromCache = false  // its spans are the rasterizer's (images are not cached as spans)
        let alpha = Color.q(opacity)
        guard alpha > 0, let toTexels = transform.inverted else { return }
        if sampling == .libpag || sampling == .libpagStill {
            try drawAsLibpag(image, transform: transform, opacity: opacity, clip: clip, scales: scales,
                             mipmapsSource: sampling == .libpag, into: &target)
            return
        }
        let bounds = IntRect(x: 0, y: 0, width: target.width, height: target.height)
        let c = clip.map { $0.intersection(bounds) } ?? bounds
        try rasterizer.rasterize(Path.rect(Rect(x: 0, y: 0, width: Double(image.width), height: Double(image.height))),
                                 transform: transform, rule: .nonZero, clip: c, maxPoints: maxPathPoints)
        let spans = rasterizer.spans
        if spans.isEmpty { return }
        if sampling == .trilinear, let levels = mipmaps.trilinearSources(for: image, inverse: toTexels) {
            drawTrilinear(spans, levels.fine, levels.fineInverse, levels.coarse, levels.coarseInverse, levels.weight,
                          alpha: alpha, into: &target)
            return
        }
        let straight = sampling == .unreducedStraight
        // Reduced more than 2x: sample a halved level instead (`ImageMipmapCache`).
        let (image, inv) = imageLevels && sampling != .unreduced && !straight ? mipmaps.source(for: image, inverse: toTexels) : (image, toTexels)
        // Without rotation or skew every pixel row reads one pair of texel rows and the samples
        // depend on the transform only, so they are computed on a grid anchored at the target's
        // origin and kept: an image layer that does not move costs a composite per frame.
        if inv.b == 0 && inv.c == 0 && axisAlignedImages && !straight {
            let samples = imageSamples.samples(of: image, inverse: inv, covering: spansBounds(spans))
            target.withUnsafeMutablePixels { dst, dpitch in
                for s in spans {
                    let coverage = alpha == 255 ? UInt32(s.coverage) : (UInt32(s.coverage) * alpha + 127) / 255
                    Kernels.overRow(dst + Int(s.y) * dpitch + Int(s.x), samples.row(Int(s.y)) + Int(s.x), Int(s.length),
                                    coverage: coverage)
                }
            }
            return
        }
        var longest = 0
        for s in spans where Int(s.length) > longest { longest = Int(s.length) }
        let row = shadeRow(capacity: longest)
        // Image coordinates of a pixel centre, minus half a texel (texel centres sit at +0.5), in
        // 16.16 fixed point; one step right adds (inv.a, inv.b).
        let one = 65536.0
        let du = Int(clamping: inv.a * one), dv = Int(clamping: inv.b * one)
        image.withUnsafePixels { src, spitch in
            target.withUnsafeMutablePixels { dst, dpitch in
                for s in spans {
                    let n = Int(s.length)
                    let p = inv.apply(Point(Double(s.x) + 0.5, Double(s.y) + 0.5))
                    let u = Int(clamping: (p.x - 0.5) * one), v = Int(clamping: (p.y - 0.5) * one)
                    Self.shadeBilinear(row, n, src, spitch, image.width - 1, image.height - 1, u, du, v, dv)
                    if straight { UnsafeMutableRawPointer(row).withMemoryRebound(to: UInt8.self, capacity: 4 * n) { cyl_premultiply_row($0, n) } }
                    let coverage = alpha == 255 ? UInt32(s.coverage) : (UInt32(s.coverage) * alpha + 127) / 255
                    Kernels.overRow(dst + Int(s.y) * dpitch + Int(s.x), row, n, coverage: coverage)
                }
            }
        }
    }

    /// `.libpag` sampling: the image, or its snapshot at the largest scale it is drawn at, drawn
    /// bilinearly, or trilinearly where libpag mipmaps (the source, if `mipmapsSource`, when the
    /// smallest scale is under 0.4; the snapshot when the smallest is under 0.4 of the largest).
    private func drawAsLibpag(_ image: Pixmap, transform: Transform, opacity: Double, clip: IntRect?, scales: ScaleRatios,
                              mipmapsSource: Bool, into target: inout Pixmap) throws(GeometryError) {
        let scale = max((transform.a * transform.a + transform.b * transform.b).squareRoot(),
                        (transform.c * transform.c + transform.d * transform.d).squareRoot())
        let largest = ImageSnapshotCache.snapshotScale(scale * scales.largest), smallest = scale * scales.smallest
        let outer = imageLevels
        imageLevels = false
        defer { imageLevels = outer }
        let mipmappedSource = mipmapsSource && smallest < ContentSnapshot.mipmapThreshold
        guard largest <= 0.7, largest > 0,
              let snapshot = try imageSnapshots.snapshot(of: image, scale: largest, trilinear: mipmappedSource) else {
            try drawImage(image, transform: transform, opacity: opacity, clip: clip, sampling: mipmappedSource ? .trilinear : .bilinear,
                          into: &target)
            return
        }
        try drawImage(snapshot, transform: Transform.scale(1 / largest, 1 / largest).then(transform), opacity: opacity, clip: clip,
                      sampling: smallest < ContentSnapshot.mipmapThreshold * largest ? .trilinear : .bilinear, into: &target)
    }

    /// `spans` shaded by the bilinear samples of `fine` blended with those of `coarse` (when
    /// given) by `weight`/256: `drawImage`'s two paths, for two levels.
    private func drawTrilinear(_ spans: [Span], _ fine: Pixmap, _ inv: Transform, _ coarse: Pixmap?,
                               _ coarseInv: Transform, _ weight: UInt32, alpha: UInt32, into target: inout Pixmap) {
        if inv.b == 0 && inv.c == 0 && axisAlignedImages {
            let samples = imageSamples.samples(of: fine, inverse: inv, covering: spansBounds(spans),
                                               coarse: coarse, coarseInverse: coarseInv, weight: weight)
            target.withUnsafeMutablePixels { dst, dpitch in
                for s in spans {
                    let coverage = alpha == 255 ? UInt32(s.coverage) : (UInt32(s.coverage) * alpha + 127) / 255
                    Kernels.overRow(dst + Int(s.y) * dpitch + Int(s.x), samples.row(Int(s.y)) + Int(s.x), Int(s.length),
                                    coverage: coverage)
                }
            }
            return
        }
        var longest = 0
        for s in spans where Int(s.length) > longest { longest = Int(s.length) }
        // Two rows: the finer level's samples, then the coarser's.
        let row = shadeRow(capacity: 2 * longest), row2 = row + longest
        let one = 65536.0
        let du = Int(clamping: inv.a * one), dv = Int(clamping: inv.b * one)
        let du2 = Int(clamping: coarseInv.a * one), dv2 = Int(clamping: coarseInv.b * one)
        let other = coarse ?? fine
        fine.withUnsafePixels { src, spitch in
            other.withUnsafePixels { src2, spitch2 in
                target.withUnsafeMutablePixels { dst, dpitch in
                    for s in spans {
                        let n = Int(s.length)
                        let centre = Point(Double(s.x) + 0.5, Double(s.y) + 0.5)
                        let p = inv.apply(centre)
                        let u = Int(clamping: (p.x - 0.5) * one), v = Int(clamping: (p.y - 0.5) * one)
                        Self.shadeBilinear(row, n, src, spitch, fine.width - 1, fine.height - 1, u, du, v, dv)
                        if coarse != nil {
                            let q = coarseInv.apply(centre)
                            let u2 = Int(clamping: (q.x - 0.5) * one), v2 = Int(clamping: (q.y - 0.5) * one)
                            Self.shadeBilinear(row2, n, src2, spitch2, other.width - 1, other.height - 1, u2, du2, v2, dv2)
                            Self.blendRow(row, row2, n, weight)
                        }
                        let coverage = alpha == 255 ? UInt32(s.coverage) : (UInt32(s.coverage) * alpha + 127) / 255
                        Kernels.overRow(dst + Int(s.y) * dpitch + Int(s.x), row, n, coverage: coverage)
                    }
                }
            }
        }
    }

    /// `a[k] = a[k] + (b[k] − a[k])·w/256` for `n` pixels (`lerpPixel`, w in 0...256).
    @inline(__always)
    static func blendRow(_ a: UnsafeMutablePointer<UInt32>, _ b: UnsafePointer<UInt32>, _ n: Int, _ w: UInt32) {
        for k in 0..<n { a[k] = lerpPixel(a[k], b[k], w) }
    }

    /// The bounding box of a non-empty span list.
    private func spansBounds(_ spans: [Span]) -> IntRect {
        var x0 = Int.max, x1 = Int.min
        for s in spans { x0 = min(x0, Int(s.x)); x1 = max(x1, Int(s.x) + Int(s.length)) }
        let y0 = Int(spans[0].y), y1 = Int(spans[spans.count - 1].y) + 1
        return IntRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// `n` pixels sampled along a line of the image from 16.16 (`u`, `v`) in steps of (`du`, `dv`).
    @inline(__always)
    static func shadeBilinear(_ row: UnsafeMutablePointer<UInt32>, _ n: Int, _ src: UnsafePointer<UInt32>, _ pitch: Int,
                              _ maxX: Int, _ maxY: Int, _ u0: Int, _ du: Int, _ v0: Int, _ dv: Int) {
        var u = u0, v = v0
        for k in 0..<n {
            row[k] = bilinear(src, pitch, u, v, maxX, maxY)
            u &+= du; v &+= dv
        }
    }

    /// A pixel's four channels in the low bytes of four 16-bit lanes.
    @inline(__always) static func spread(_ p: UInt32) -> UInt64 {
        var x = UInt64(p)
        x = (x | x << 16) & 0x0000_FFFF_0000_FFFF
        return (x | x << 8) & 0x00FF_00FF_00FF_00FF
    }

    /// The inverse of `spread`.
    @inline(__always) static func pack(_ v: UInt64) -> UInt32 {
        var x = v & 0x00FF_00FF_00FF_00FF
        x = (x | x >> 8) & 0x0000_FFFF_0000_FFFF
        return UInt32(truncatingIfNeeded: x | x >> 16)
    }

    /// `a + (b − a)·w/256` in each 16-bit lane, rounded to nearest (as `lerpPixel`).
    @inline(__always) static func lerpSpread(_ a: UInt64, _ b: UInt64, _ w: UInt64) -> UInt64 {
        ((a &* (256 - w) &+ b &* w &+ 0x0080_0080_0080_0080) >> 8) & 0x00FF_00FF_00FF_00FF
    }

    /// The premultiplied colour at 16.16 position (`u`, `v`) between texel centres, edges repeated.
    @inline(__always)
    static func bilinear(_ src: UnsafePointer<UInt32>, _ pitch: Int, _ u: Int, _ v: Int, _ maxX: Int, _ maxY: Int) -> UInt32 {
        let x = u >> 16, y = v >> 16
        let fx = UInt32(truncatingIfNeeded: (u >> 8) & 255), fy = UInt32(truncatingIfNeeded: (v >> 8) & 255)
        let x0 = min(max(x, 0), maxX), x1 = min(max(x + 1, 0), maxX)
        let y0 = min(max(y, 0), maxY), y1 = min(max(y + 1, 0), maxY)
        let r0 = src + y0 * pitch, r1 = src + y1 * pitch
        // Vertical first, as the axis-aligned path does, so both give the same values.
        return lerpPixel(lerpPixel(r0[x0], r1[x0], fy), lerpPixel(r0[x1], r1[x1], fy), fx)
    }

    /// `a + (b − a)·w/256` per channel, rounded to nearest, two channels per lane operation
    /// (a lane's sum is at most 255 × 256 + 128, so it never carries into the next).
    ///
    /// Rounded, not truncated: a bilinear sample is three of these, trilinear sampling a fourth,
    /// and `.libpag` draws an image's snapshot and then the snapshot, so truncation darkened
    /// images by 1 to 3 levels against libpag (its GPU filters and rounds once); every image file
    /// of the PAG corpus showed it.
    @inline(__always)
    static func lerpPixel(_ a: UInt32, _ b: UInt32, _ w: UInt32) -> UInt32 {
        let iw = 256 - w
        let rb = ((a & lo8) &* iw &+ (b & lo8) &* w &+ 0x0080_0080) >> 8 & lo8
        let ag = (((a >> 8) & lo8) &* iw &+ ((b >> 8) & lo8) &* w &+ 0x0080_0080) & ~lo8
        return rb | ag
    }
}
