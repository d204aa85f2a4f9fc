import CYLTimeline

/// The PAG back-end: recognises Tencent libpag's `.pag` files by their `PAG` magic bytes and plays
/// the root composition as a frame timeline (frame N = composition frame N, at its frame rate),
/// drawn on demand by the renderer the Lottie back-end uses: both formats are After Effects
/// exports, and a PAG file is read into the same model (`AfterEffectsBuilder`).
public struct PAGAnimator: CYLTabBarItemAnimator {
    public var formatName: String { "PAG" }

    public init() {}

    public func canOpen(_ probe: ContentProbe) -> Bool {
        !probe.isDirectory && probe.starts(with: [0x50, 0x41, 0x47])
    }

    public func timeline(for probe: ContentProbe, options: OpenOptions) throws -> FrameTimeline {
        let bytes = try InputFile.read(probe.path, limits: options.limits)
        return try PAGDocument(bytes: bytes, name: probe.path, options: options).timeline()
    }
}
