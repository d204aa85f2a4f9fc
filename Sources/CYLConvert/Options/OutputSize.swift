import CYLRaster
import CYLTimeline
/// How big to render: the animation's own size, an exact box (fit and centre), one side with the
/// other following the aspect ratio, or a scale factor.
public enum OutputSize: Equatable, Sendable {
    case native
    case box(PixelSize)
    case width(Int)
    case height(Int)
    case scale(Double)

    /// The pixel size for an animation whose canvas is `canvas`.
    public func resolve(canvas: PixelSize) -> PixelSize {
        switch self {
        case .native: return canvas
        case .box(let s): return s
        case .width(let w): return canvas.withWidth(w)
        case .height(let h): return canvas.withHeight(h)
        case .scale(let s): return canvas.scaled(by: s)
        }
    }

    /// Parses `WxH` (e.g. `81x81`) or a single number `N` meaning `NxN`.
    public static func parseBox(_ text: String) throws(UsageError) -> PixelSize {
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        let nums = parts.map { Int($0) }
        if parts.count == 1, let n = nums[0], n > 0 { return PixelSize(n, n) }
        guard parts.count == 2, let w = nums[0], let h = nums[1], w > 0, h > 0 else {
            throw UsageError("invalid size '\(text)': expected WxH with positive whole numbers, e.g. 81x81")
        }
        return PixelSize(w, h)
    }
}
