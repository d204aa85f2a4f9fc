import CYLRaster

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
    /// The input as a dotLottie version 2 file (`.lottie` output): the Lottie JSON as `a/<id>.json`,
    /// its image files and embedded images moved to `i/`. `darkColors` (keypath overrides, as
    /// `CYLTabBarLottieDarkColors` gives them) or the dark variant file `darkVariant` (the same
    /// animation in dark, `icon_dark.json`) become a `dark` theme of slots. Nil when the input
    /// has no Lottie form.
    public var dotLottie: (@Sendable (_ darkColors: [ColorOverride], _ darkVariant: String?) throws -> [UInt8])?
    /// The vector content at a frame time (frames from frame 0, fractions allowed) as a display
    /// list in the canvas's own coordinates, for inspection without pixels (lint: stroke widths,
    /// embedded images, content beyond the canvas); nil for raster timelines. Each call builds
    /// the list afresh, so it may be called from any thread.
    public var displayList: (@Sendable (_ frameTime: Double) throws -> DisplayList)?
    /// Features this back-end draws that other players of the format often lack (Lottie
    /// expressions and effects: lottie-ios and lottie-android ignore them), with where they are
    /// first used and how often. Diagnostics say what is *not* drawn here; this says what is
    /// drawn here but may not be elsewhere (lint's portability rule reads both).
    public var portabilityRisks: [FeatureUse]
    /// What rendering has found since the timeline was opened that opening could not (a budget
    /// for the whole command running out while frames are drawn), for commands to print once they
    /// have rendered; nil when the back-end never finds any. May be called from any thread.
    public var renderingDiagnostics: (@Sendable () -> [Diagnostic])?

    /// One feature a file uses: where first, how many times.
    public struct FeatureUse: Sendable, Equatable {
        public var feature: Diagnostic.Feature
        public var location: String
        public var count: Int
        public init(_ feature: Diagnostic.Feature, at location: String, count: Int) {
            self.feature = feature
            self.location = location
            self.count = count
        }
    }

    public init(isVector: Bool, declaresLoop: Bool = false, supportsColorOverrides: Bool = false,
                lottieJSON: (@Sendable () throws -> [UInt8])? = nil,
                displayList: (@Sendable (_ frameTime: Double) throws -> DisplayList)? = nil,
                portabilityRisks: [FeatureUse] = []) {
        self.portabilityRisks = portabilityRisks
        self.isVector = isVector
        self.declaresLoop = declaresLoop
        self.supportsColorOverrides = supportsColorOverrides
        self.lottieJSON = lottieJSON
        self.displayList = displayList
    }

    /// Decoded frames scaled on render, with no loop information of their own.
    public static let raster = TimelineCapabilities(isVector: false)
}
