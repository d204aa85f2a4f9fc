import CYLCodecs
import CYLTimeline

/// The dotLottie back-end (`.lottie`): a zip (magic `PK\x03\x04`) holding `manifest.json` and
/// `animations/<id>.json`. Plays the manifest's first animation, or `OpenOptions.animationID`,
/// through the Lottie back-end. Images packed in the archive are not resolved yet (image layers
/// render as missing).
public struct DotLottieAnimator: CYLTabBarItemAnimator {
    public var formatName: String { "dotLottie" }

    public init() {}

    public func canOpen(_ probe: ContentProbe) -> Bool {
        !probe.isDirectory && probe.starts(with: [0x50, 0x4B, 0x03, 0x04])
    }

    public func timeline(for probe: ContentProbe, options: OpenOptions) throws -> FrameTimeline {
        let bytes = try InputFile.read(probe.path, limits: options.limits)
        let json: [UInt8]
        let id: String
        do {
            let file = try DotLottieFile(bytes: bytes, name: probe.path, maxEntryBytes: options.limits.maxFileBytes)
            id = options.animationID ?? file.animationIDs[0]
            json = try file.animationJSON(id: id)
        } catch {
            throw OpenError(file: probe.path, .invalid, "dotLottie: \(error.message)")
        }
        let name = "\(probe.path):animations/\(id).json"
        var t = try LottieAnimator.reportingPlace(in: name) {
            try LottieAnimator().timeline(fromJSON: json, name: name, options: options)
        }
        t.format = "dotLottie"
        t.file = probe.path
        return t
    }
}
