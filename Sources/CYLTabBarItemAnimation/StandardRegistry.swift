@_exported import CYLRaster
@_exported import CYLTimeline
import CYLFrameSequenceAnimator
import CYLGIFAnimator
import CYLLottieAnimator

extension AnimatorRegistry {
    /// Every back-end this package ships: Lottie (JSON, gzip `.tgs`, zipped `.lottie`), GIF and PNG frame
    /// sequences. GIFs open as tab animations (play once on select).
    public static var standard: AnimatorRegistry { standard(gifRole: .animation) }

    /// The standard registry with GIFs opened in the given role: `.image` makes them loop forever,
    /// as a GIF set as a tab's plain image does.
    public static func standard(gifRole: GIFAnimator.Role) -> AnimatorRegistry {
        AnimatorRegistry([GIFAnimator(role: gifRole), LottieAnimator(), DotLottieAnimator(), FrameSequenceAnimator()])
    }
}

public typealias GIFRole = GIFAnimator.Role
