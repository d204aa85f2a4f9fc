import CYLTabBarItemAnimation

/// The options `render` and `convert` share for choosing frames (`--frames`, `--marker`) and the
/// output size (`--size`, `--width`, `--height`, `--scale`), parsed one way for both.
enum FrameOptions {
    /// Option specs; `verb` words the help ("Render", "Convert").
    static func specs(verb: String) -> [OptionSpec] {
        [
            .value("frames", "list", help: "Frames to \(verb.lowercased()), counted from 0: 0-9,12 or 5- (default: all)."),
            .value("marker", "name", help: "\(verb) the frames of this marker (a named segment of a Lottie file; `cylanim info` lists them)."),
            .value("size", "WxH", help: "Fit into WxH pixels, centred (N alone means NxN)."),
            .value("width", "W", help: "Width in pixels; the height follows the aspect ratio."),
            .value("height", "H", help: "Height in pixels; the width follows the aspect ratio."),
            .value("scale", "S", help: "Scale factor, e.g. 2 or 0.5."),
        ]
    }

    /// `--threads`, shared by every command that draws many frames.
    static let threadsSpec = OptionSpec.value(
        "threads", "N", help: "Threads that draw and encode frames, 1-\(FrameThreads.maximum) (default: every core this process may use). The output is the same for any count.")

    /// The `--threads` count, or the default (every core) when not given.
    static func threads(_ args: ParsedArguments, _ command: CommandSpec) throws(CLIUsageError) -> Int {
        guard let text = args.value("threads") else { return FrameThreads.standard }
        guard let n = Int(text), (1...FrameThreads.maximum).contains(n) else {
            throw CLIUsageError(message: "Invalid value '\(text)' for '--threads': expected 1-\(FrameThreads.maximum).", command: command)
        }
        return n
    }

    /// The requested output size, or nil when none of the size options was given.
    static func size(_ args: ParsedArguments, _ command: CommandSpec) throws(CLIUsageError) -> OutputSize? {
        func usage(_ message: String) -> CLIUsageError { CLIUsageError(message: message, command: command) }
        let given = ["size", "width", "height", "scale"].filter { args.value($0) != nil }
        guard given.count <= 1 else {
            throw usage("Give only one of --size, --width, --height and --scale (got --\(given.joined(separator: " and --"))).")
        }
        if let text = args.value("size") {
            do { return .box(try OutputSize.parseBox(text)) } catch { throw usage(error.message) }
        }
        if let text = args.value("width") { return .width(try positiveInt(text, "width", command)) }
        if let text = args.value("height") { return .height(try positiveInt(text, "height", command)) }
        if let text = args.value("scale") {
            guard let s = Double(text), s > 0, s.isFinite, s <= 64 else {
                throw usage("Invalid value '\(text)' for '--scale': expected a number above 0 and at most 64.")
            }
            return .scale(s)
        }
        return nil
    }

    /// The `--frames` selection (nil when not given); `--frames` and `--marker` exclude each other.
    static func frames(_ args: ParsedArguments, _ command: CommandSpec) throws(CLIUsageError) -> FrameSelection? {
        if args.value("frames") != nil && args.value("marker") != nil {
            throw CLIUsageError(message: "Give either --frames or --marker, not both.", command: command)
        }
        guard let text = args.value("frames") else { return nil }
        do { return try FrameSelection(parsing: text) } catch { throw CLIUsageError(message: error.message, command: command) }
    }

    static func positiveInt(_ text: String, _ name: String, _ command: CommandSpec) throws(CLIUsageError) -> Int {
        guard let n = Int(text), n > 0 else {
            throw CLIUsageError(message: "Invalid value '\(text)' for '--\(name)': expected a positive whole number.", command: command)
        }
        return n
    }
}
