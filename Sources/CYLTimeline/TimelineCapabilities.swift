/// What a timeline can do beyond showing frames, declared by its back-end, so that callers (convert,
/// the tab bar, review tools) decide by capability and never by comparing format names: a new
/// back-end declares what it supports and needs no change elsewhere.
public struct TimelineCapabilities: Sendable {
    /// Drawn from vectors on demand: sharp at any size and at any time between frames. Raster
    /// timelines (decoded frames) are scaled and show whole frames.
    public var isVector: Bool
    /// The file itself says how often it loops (a GIF's NETSCAPE block, a manifest's `loop`); when
    /// false, `FrameTimeline.loop` is only a default and outputs loop forever.
    public var declaresLoop: Bool
    /// The back-end honours `OpenOptions.colorOverrides` (keypath recolouring for dark mode).
    public var supportsColorOverrides: Bool
    /// The input's Lottie JSON, for outputs that carry the vector document itself (`.tgs`); nil
    /// when the input has no Lottie form.
    public var lottieJSON: (@Sendable () throws -> [UInt8])?

    public init(isVector: Bool, declaresLoop: Bool = false, supportsColorOverrides: Bool = false,
                lottieJSON: (@Sendable () throws -> [UInt8])? = nil) {
        self.isVector = isVector
        self.declaresLoop = declaresLoop
        self.supportsColorOverrides = supportsColorOverrides
        self.lottieJSON = lottieJSON
    }

    /// Decoded frames scaled on render, with no loop information of their own.
    public static let raster = TimelineCapabilities(isVector: false)
}
