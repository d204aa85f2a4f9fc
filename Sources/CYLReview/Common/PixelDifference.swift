import CYLRaster
import Foundation

/// How two images of one size differ, pixel by pixel, in premultiplied RGBA: what `diff` reports
/// per frame and what `lint` measures between frames (a loop's jump, a first frame in motion).
///
/// A pixel's difference is the largest of its four channel differences (0-255), so a change
/// only in transparency counts as much as one in colour.
public struct PixelDifference: Sendable, Equatable {
    public var pixelCount: Int
    /// Pixels whose difference is above the tolerance the comparison was made with.
    public var changedPixels: Int
    /// The largest difference of any pixel (0-255).
    public var maxDifference: Int
    /// Sum of squared channel differences over all four channels (for PSNR).
    public var sumOfSquares: Double
    /// Sum of the per-pixel differences (for the mean).
    public var sumOfDifferences: Double

    /// The share of pixels changed beyond the tolerance, 0...1.
    public var changedShare: Double { pixelCount == 0 ? 0 : Double(changedPixels) / Double(pixelCount) }

    /// The mean per-pixel difference, 0-255.
    public var meanDifference: Double { pixelCount == 0 ? 0 : sumOfDifferences / Double(pixelCount) }

    /// Peak signal-to-noise ratio in dB over the four channels; infinite for identical images.
    public var psnr: Double {
        let mse = sumOfSquares / Double(max(1, pixelCount * 4))
        return mse == 0 ? .infinity : 10 * log10(255 * 255 / mse)
    }

    /// Compares `a` and `b` (the same size); a pixel is changed when its difference is above
    /// `tolerance` (0-255).
    public static func compare(_ a: Pixmap, _ b: Pixmap, tolerance: Int) -> PixelDifference {
        precondition(a.size == b.size, "compared images have one size")
        let w = a.width, h = a.height
        var changed = 0, maxD: UInt32 = 0
        var squares: UInt64 = 0, sum: UInt64 = 0
        let tol = UInt32(max(0, min(255, tolerance)))
        a.withUnsafePixels { pa, pitchA in
            b.withUnsafePixels { pb, pitchB in
                for y in 0..<h {
                    let ra = pa + y * pitchA, rb = pb + y * pitchB
                    var rowSquares: UInt64 = 0
                    for x in 0..<w {
                        let u = ra[x], v = rb[x]
                        if u == v { continue }
                        var d: UInt32 = 0, sq: UInt32 = 0
                        var shift: UInt32 = 0
                        while shift < 32 {
                            let p = (u >> shift) & 0xFF, q = (v >> shift) & 0xFF
                            let c = p > q ? p - q : q - p
                            if c > d { d = c }
                            sq &+= c * c
                            shift += 8
                        }
                        rowSquares &+= UInt64(sq)
                        sum &+= UInt64(d)
                        if d > tol { changed += 1 }
                        if d > maxD { maxD = d }
                    }
                    squares &+= rowSquares
                }
            }
        }
        return PixelDifference(pixelCount: w * h, changedPixels: changed, maxDifference: Int(maxD),
                               sumOfSquares: Double(squares), sumOfDifferences: Double(sum))
    }

    /// The colour of a pixel that differs by `d` above the tolerance: yellow just above it,
    /// through orange, to red at 255.
    @inline(__always) static func heatColor(_ d: UInt32, tolerance: UInt32) -> UInt32 {
        let span = max(1, 255 - tolerance)
        let t = min(255, (d - tolerance) * 255 / span)   // 0 ... 255
        let g = 230 - t * 230 / 255
        return 0xFF00_0000 | (g << 8) | 255   // packed r | g << 8 | b << 16 | a << 24
    }

    /// An opaque picture of the differences: changed pixels in `heatColor`, pixels within the
    /// tolerance as a faint grey rendering of `a` (over white) so changes can be placed.
    public static func heatMap(_ a: Pixmap, _ b: Pixmap, tolerance: Int) throws -> Pixmap {
        precondition(a.size == b.size, "compared images have one size")
        let w = a.width, h = a.height
        let tolerance = UInt32(max(0, min(255, tolerance)))
        var out = try Pixmap(width: w, height: h)
        out.withUnsafeMutablePixels { po, pitchO in
            a.withUnsafePixels { pa, pitchA in
                b.withUnsafePixels { pb, pitchB in
                    for y in 0..<h {
                        let ra = pa + y * pitchA, rb = pb + y * pitchB, ro = po + y * pitchO
                        for x in 0..<w {
                            let u = ra[x], v = rb[x]
                            var d: UInt32 = 0
                            var shift: UInt32 = 0
                            while shift < 32 {
                                let p = (u >> shift) & 0xFF, q = (v >> shift) & 0xFF
                                d = max(d, p > q ? p - q : q - p)
                                shift += 8
                            }
                            if d > tolerance {
                                ro[x] = heatColor(d, tolerance: tolerance)
                            } else {
                                // Luma of `a` over white, squeezed into 215...255: context, not content.
                                let alpha = u >> 24
                                let luma = ((u & 0xFF) * 77 + ((u >> 8) & 0xFF) * 150 + ((u >> 16) & 0xFF) * 29) >> 8
                                let over = luma + (255 - alpha)              // premultiplied over white
                                let g = 215 + min(255, over) * 40 / 255
                                ro[x] = 0xFF00_0000 | (g << 16) | (g << 8) | g
                            }
                        }
                    }
                }
            }
        }
        return out
    }
}
