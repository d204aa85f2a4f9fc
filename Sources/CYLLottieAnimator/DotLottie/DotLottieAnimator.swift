import CYLDocuments
import CYLTimeline

/// The dotLottie back-end (`.lottie`): a zip (magic `PK\x03\x04`) holding `manifest.json` and
/// `animations/<id>.json`. Plays the manifest's first animation, or `OpenOptions.animationID`,
/// through the Lottie back-end. Image assets that are files are read from the archive's
/// `images/` entries (`u` + `p`, or `images/` + the file name).
public struct DotLottieAnimator: CYLTabBarItemAnimator {
    public var formatName: String { "dotLottie" }

    public init() {}

    public func canOpen(_ probe: ContentProbe) -> Bool {
        !probe.isDirectory && probe.starts(with: [0x50, 0x4B, 0x03, 0x04])
    }

    public func timeline(for probe: ContentProbe, options: OpenOptions) throws -> FrameTimeline {
        try timeline(bytes: try InputFile.read(probe.path, limits: options.limits), name: probe.path, options: options)
    }

    /// Opens a dotLottie file already in memory; errors are `OpenError`s naming `name`.
    public func timeline(bytes: [UInt8], name path: String, options: OpenOptions) throws -> FrameTimeline {
        let json: [UInt8]
        let id: String
        let archive: DotLottieFile
        // Entries are JSON (the manifest, the animations): they must fit the JSON limit when inflated.
        let limit = LottieAnimator.inflatedJSONLimit(options.limits)
        do {
            let file = try DotLottieFile(bytes: bytes, name: path, maxEntryBytes: limit.bytes)
            archive = file
            id = options.animationID ?? file.animationIDs[0]
            json = try file.animationJSON(id: id)
        } catch {
            let hint = error.kind == .tooLarge ? " (raise it with \(limit.flag))" : ""
            throw OpenError(file: path, .invalid, "dotLottie: \(error.message)\(hint)")
        }
        let name = "\(path):animations/\(id).json"
        var t = try LottieAnimator.reportingPlace(in: name) {
            // Images are entries, not JSON: bounded by the file limit, as a file beside the JSON would be.
            try LottieAnimator().timeline(fromJSON: json, name: name, options: options,
                                          images: .archive(archive, maxEntryBytes: options.limits.maxFileBytes))
        }
        t.format = "dotLottie"
        t.file = path
        t.inputs = [path]
        return t
    }
}
