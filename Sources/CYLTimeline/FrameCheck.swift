import CYLRaster

/// What `info` verified beyond the header: every frame drawn once through the same source that
/// `render` uses, so that what `render` would fail on (corrupt GIF LZW data, an undecodable PNG
/// frame, a Lottie frame over the draw budget) is reported by `info` too.
public struct FrameCheck: Sendable {
    /// The size every frame was drawn at. Small, because decoding and drawing are what is checked;
    /// what depends on the output size (`--max-pixels`, `--max-work`) is checked by the command
    /// that picks one.
    public static let size = PixelSize(16, 16)

    /// Frames drawn without error (all of them, unless `error` is set).
    public var framesChecked: Int
    /// The first error `render` would report, naming the frame.
    public var error: (any Error)?
}

extension FrameTimeline {
    /// Draws every frame at `FrameCheck.size` and stops at the first error.
    public func checkEveryFrame() -> FrameCheck {
        var target: Pixmap
        do { target = try Pixmap(size: FrameCheck.size) } catch { return FrameCheck(framesChecked: 0, error: error) }
        for index in 0..<frameCount {
            do {
                try source.render(frame: index, into: &target)
            } catch {
                return FrameCheck(framesChecked: index, error: error)
            }
        }
        return FrameCheck(framesChecked: frameCount, error: nil)
    }
}
