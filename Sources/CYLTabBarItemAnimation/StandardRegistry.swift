@_exported import CYLConvert
@_exported import CYLFrameSequenceAnimator
@_exported import CYLGIFAnimator
@_exported import CYLLottieAnimator
@_exported import CYLPAGAnimator
@_exported import CYLPipeline
@_exported import CYLRaster
@_exported import CYLReview
@_exported import CYLRiveAnimator
@_exported import CYLTabBar
@_exported import CYLTimeline

extension AnimatorRegistry {
    /// Every back-end this package ships: Lottie (JSON, gzip `.tgs`, zipped `.lottie`), PAG (`.pag`),
    /// Rive (`.riv`), GIF and PNG frame sequences. GIFs open as tab animations (play once on select).
    public static var standard: AnimatorRegistry { standard(gifRole: .animation) }

    /// The standard registry with GIFs opened in the given role: `.image` makes them loop forever,
    /// as a GIF set as a tab's plain image does.
    public static func standard(gifRole: GIFRole) -> AnimatorRegistry {
        AnimatorRegistry([GIFAnimator(role: gifRole), LottieAnimator(), DotLottieAnimator(), PAGAnimator(),
                          RiveAnimator(), FrameSequenceAnimator()])
    }
}

extension TabBar {
    /// Opens every tab of `configuration` with the standard registry (GIFs in `gifRole`).
    public convenience init(configuration: TabBarConfiguration, options: OpenOptions = OpenOptions(),
                            gifRole: GIFRole = .animation) throws {
        try self.init(configuration: configuration, options: options, registry: .standard(gifRole: gifRole))
    }
}

/// How a tab bar uses a GIF: as its animation (plays once on select) or its plain image (loops).
public typealias GIFRole = GIFAnimator.Role

extension TabBarPreview {
    /// A preview of `configuration` whose animations the standard registry opens (GIFs in `gifRole`).
    public convenience init(configuration: TabBarConfiguration, options: OpenOptions = OpenOptions(), gifRole: GIFRole = .animation,
                            script: PreviewScript? = nil, fps: Double = 30) throws {
        try self.init(configuration: configuration, registry: .standard(gifRole: gifRole), options: options, script: script, fps: fps)
    }
}
