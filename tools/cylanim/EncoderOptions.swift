import CYLImageCodecs
import CYLTabBarItemAnimation

/// `convert`'s output flags mapped onto `EncoderSettings`: the flags' names and help, and their
/// text turned into values. What each option accepts, which formats take it and why a value is
/// refused is the settings' to say; a pipeline file's `outputs` say the same through their keys.
enum EncoderOptions {
    /// Every flag that sets an encoder option (the size flags belong to `FrameOptions`; `--fps` to
    /// `CommonOptions`, which opens frame folders at that rate too).
    static let flags: [(name: String, option: EncoderOption)] = [
        ("size", .size), ("width", .size), ("height", .size), ("scale", .size),
        ("fps", .fps), ("speed", .speed), ("background", .background), ("matte", .matte),
        ("alpha-threshold", .alphaThreshold), ("loop", .loop), ("no-loop", .loop), ("dither", .dither),
        ("colors", .colors), ("quality", .quality), ("lossless", .lossless), ("compression", .compression),
    ]

    /// Help for the flags `convert` declares here, in the order `--help` lists them.
    static var specs: [OptionSpec] {
        func only(_ option: EncoderOption) -> String { option.formatNames ?? "" }
        return [
            .value("fps", "N", help: "Output frame rate: Lottie is drawn at each output frame's exact time, GIF and PNG frames are repeated or dropped (default: the source's frames and delays; a folder of PNG frames is read at this rate)."),
            .value("speed", "X", help: "Play X times as fast (0.5 = half speed)."),
            .value("background", "color", help: "Colour flattened behind every frame (then nothing is transparent)."),
            .value("matte", "color", help: "\(only(.matte)): blend soft edges onto this colour (the backdrop it will be shown on); only fully transparent pixels stay transparent."),
            .value("alpha-threshold", EncoderOption.alphaThreshold.accepted!,
                   help: "\(only(.alphaThreshold)) without --matte: alpha at or above this is opaque, below it transparent (default \(EncoderSettings.defaultAlphaThreshold))."),
            .value("loop", "N", help: "Repeat N more times after the first play; 0 loops forever (default: as the input, or forever)."),
            .flag("no-loop", help: "Play once."),
            .value("dither", DitherMode.allCases.map(\.rawValue).joined(separator: "|"),
                   help: "\(only(.dither)) colour reduction: none (default, best for flat icons), ordered (Bayer) or fs (Floyd-Steinberg)."),
            .value("colors", "N", help: "\(only(.colors)) palette size, \(EncoderOption.colors.accepted!) including transparency (default \(EncoderSettings.defaultColors))."),
            .value("quality", EncoderOption.quality.accepted!, help: "\(only(.quality)): lossy at this quality (lossless is the default)."),
            .flag("lossless", help: "\(only(.lossless)): lossless (the default; with --quality, the quality is the effort)."),
            .value("compression", EncoderOption.compression.accepted!,
                   help: "PNG/APNG zlib level (default \(EncoderSettings.defaultPNGCompression): fast, no row filters; 5+ adds row filters); WebP effort."),
        ]
    }

    /// The settings the flags give for `format`; `fps` is `--fps` as `CommonOptions` read it.
    /// Flags the format does not take are refused first, before any value is read.
    static func settings(_ args: ParsedArguments, format: OutputFormat, fps: Double?,
                         _ command: CommandSpec) throws(CLIUsageError) -> EncoderSettings {
        for (name, option) in flags where args.has(name) {
            do { try EncoderSettings.check(option, for: format) } catch { throw usage(error, flag: name, text: nil, command) }
        }
        if args.has("no-loop") && args.value("loop") != nil {
            throw CLIUsageError(message: "Give either --loop or --no-loop, not both.", command: command)
        }
        var s = EncoderSettings()
        /// `--name`'s number through `check`; text that is not a number is refused as out of range.
        func number<T>(_ name: String, _ check: (Double) throws(EncoderSettingsError) -> T) throws(CLIUsageError) -> T? {
            guard let text = args.value(name) else { return nil }
            do { return try check(Double(text) ?? .nan) } catch { throw usage(error, flag: name, text: text, command) }
        }
        s.fps = fps
        s.speed = try number("speed", EncoderSettings.speed(checking:))
        s.background = try color(args, "background", command)
        if let matte = try color(args, "matte", command) {
            do { s.matte = try EncoderSettings.matte(checking: matte) } catch {
                throw usage(error, flag: "matte", text: args.value("matte"), command)
            }
        }
        s.alphaThreshold = try number("alpha-threshold", EncoderSettings.alphaThreshold(checking:))
        if args.has("no-loop") { s.loop = .once } else { s.loop = try number("loop", EncoderSettings.loop(checkingCount:)) }
        if let text = args.value("dither") {
            do { s.dither = try EncoderSettings.dither(named: text) } catch { throw usage(error, flag: "dither", text: text, command) }
        }
        s.colors = try number("colors", EncoderSettings.colors(checking:))
        s.quality = try number("quality", EncoderSettings.quality(checking:))
        if args.has("lossless") { s.lossless = true }
        s.compression = try number("compression", EncoderSettings.compression(checking:))
        return s
    }

    /// `error` as the command line says it: the flag, and the value given when it is at fault.
    static func usage(_ error: EncoderSettingsError, flag: String, text: String?, _ command: CommandSpec) -> CLIUsageError {
        let explanation = error.explanation(naming: "'--\(flag)'")
        if case .notTaken = error.problem { return CLIUsageError(message: explanation + ".", command: command) }
        return CLIUsageError(message: "Invalid value '\(text ?? "")' for '--\(flag)': \(explanation).", command: command)
    }

    /// `--name`'s colour, nil when not given.
    static func color(_ args: ParsedArguments, _ name: String, _ command: CommandSpec) throws(CLIUsageError) -> RGBA8? {
        guard let text = args.value(name) else { return nil }
        guard let c = RGBA8(parsing: text) else {
            throw CLIUsageError(message: "Invalid value '\(text)' for '--\(name)': expected \(RGBA8.writtenForms).", command: command)
        }
        return c
    }
}
