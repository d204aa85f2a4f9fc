import CYLCodecs
import CYLConvert
import CYLRaster
import CYLTimeline

/// What `cylanim preview` does, as one call: open a tab bar (or a one-tab bar around a single
/// animation), write a contact sheet and/or a scripted preview through one `OutputWriter` (all or
/// nothing, never over a file the bar was drawn from), and hand back what to print and play.
public struct PreviewJob {
    /// A tab-bar configuration, or one animation (a Lottie file, a GIF, a folder of PNG frames).
    public var input: String
    /// Where to write a contact sheet PNG.
    public var sheet: String?
    public var sheetOptions = ContactSheetOptions()
    /// Where to write the scripted preview: `.gif`, `.png` (APNG), `.webp` or a `%d.png` pattern.
    public var output: String?
    /// Whether to run the script even without an `output` (for events or terminal playback).
    public var playsScript = false
    /// What happens over time; nil selects every tab in turn (`PreviewScript.eachTabInTurn`).
    public var script: PreviewScript?
    public var appearance: Appearance = .light
    /// Overrides of the configuration's pixels per point and icon size.
    public var scale: Int?
    public var iconSize: Double?
    /// Frames per second the script is sampled at.
    public var fps: Double = 30
    /// The tab selected at time 0 when the script does not start with a select.
    public var initialTab: Int?
    public var openOptions = OpenOptions()
    public var configOptions = ConfigOptions()

    public init(input: String) { self.input = input }

    /// What a preview job did.
    public struct Result {
        public let bar: TabBar
        /// The scripted preview, when one was run (for its events and terminal playback).
        public let preview: ScriptedPreview?
        /// One line per file written ("wrote contact sheet ... to sheet.png").
        public var summaries: [String] = []
        /// Encoder warnings (frames too short for a GIF, ...).
        public var warnings: [String] = []
        public var files: [OutputWriter.WrittenFile] = []
    }

    /// Runs the job: animations are opened by `registry`; `diagnostics` hears the bar's notes as
    /// soon as it is open, before anything is drawn. Throws `ConfigError`, `OpenError`,
    /// `UsageError` (a bad option for this bar), `OutputError` and render errors.
    public func run(registry: AnimatorRegistry, diagnostics: (Diagnostic) -> Void = { _ in }) throws -> Result {
        let format = try output.map { output throws(UsageError) -> OutputFormat in
            guard let format = OutputFormat.inferred(from: output), format != .tgs else {
                throw UsageError("Cannot tell the output format of '\(output)': use .gif, .png (animated PNG), .webp or a frames/%04d.png pattern.")
            }
            return format
        }
        var configuration = try TabBarConfiguration.forInput(input, options: configOptions)
        if let iconSize { configuration.iconSize = iconSize }
        if let scale { configuration.scale = scale }
        let bar = try TabBar(configuration: configuration, options: openOptions, registry: registry)
        bar.diagnostics.forEach(diagnostics)
        if let initialTab, initialTab >= bar.tabs.count {
            throw UsageError("Invalid value '\(initialTab)' for '--selected': the tab bar has tabs 0-\(bar.tabs.count - 1).")
        }
        let writer = OutputWriter(inputs: bar.inputs)
        // Refused before anything is drawn (a pattern's own frames are checked again as staged).
        for path in [sheet, output].compactMap({ $0 }) { try writer.check(path) }
        var summaries: [String] = [], warnings: [String] = []
        if let sheet {
            let image = try ContactSheet.render(bar, options: sheetOptions, limits: openOptions.limits)
            // Adaptive filters: sheets are mostly flat colour and text.
            try writer.stage(try PNGCodec.encode(image, compressionLevel: 6, filter: .adaptive), to: sheet)
            summaries.append("wrote contact sheet \(image.width)x\(image.height) (\(bar.tabs.count) tab\(bar.tabs.count == 1 ? "" : "s")) to \(sheet)")
        }
        var preview: ScriptedPreview?
        if output != nil || playsScript {
            preview = try ScriptedPreview(bar: bar, script: script ?? .eachTabInTurn(bar), fps: fps,
                                          appearance: appearance, initialTab: initialTab ?? 0)
        }
        if let output, let format, let preview {
            let renderer = try TabBarRenderer(bar: bar)
            var request = ConvertRequest(format: format, destination: .file(output))
            request.loop = .forever
            let result = try preview.timeline(renderer: renderer).convert(request, limits: openOptions.limits, into: writer)
            warnings += result.warnings
            summaries.append("wrote \(format.rawValue) preview \(renderer.size) with \(result.frameCount) frames, "
                             + "\(ContactSheet.formatSeconds(preview.duration.seconds)) to \(output)")
        }
        let files = try writer.commit()
        return Result(bar: bar, preview: preview, summaries: summaries, warnings: warnings, files: files)
    }
}

extension PreviewScript {
    /// Every tab selected in turn, each shown for its pass plus a moment (at least 1 s, at most
    /// 10 s): what a preview plays without a script.
    public static func eachTabInTurn(_ bar: TabBar) -> PreviewScript {
        var commands: [PreviewScript.Command] = []
        for (i, tab) in bar.tabs.enumerated() {
            var shown = Duration.seconds(1)
            if let t = tab.timeline {
                let pass = t.duration / bar.configuration.speed + .milliseconds(500)
                if pass > shown { shown = min(pass, .seconds(10)) }
            }
            commands.append(.select(String(i)))
            commands.append(.wait(shown))
        }
        return PreviewScript(commands: commands)
    }
}

extension TabBarConfiguration {
    /// The configuration for a preview's input: the file itself when it is a tab-bar
    /// configuration, otherwise a one-tab bar around the animation (`single(animationPath:)`).
    /// A missing input is an `OpenError` as every command reports it.
    public static func forInput(_ path: String, options: ConfigOptions = ConfigOptions()) throws -> TabBarConfiguration {
        if looksLikeConfiguration(path: path) { return try load(path: path, options: options) }
        _ = try ContentProbe.read(path: path)
        return single(animationPath: path)
    }
}
