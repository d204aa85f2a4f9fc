import CYLImageCodecs
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
    /// Frames, scales and icon size of the contact sheet.
    public var sheetOptions = ContactSheetOptions()
    /// One group of sheet rows per skin (`--all-themes`) instead of the chosen skin's.
    public var allThemes = false
    /// Where to write the scripted preview: `.gif`, `.png` (APNG), `.webp` or a `%d.png` pattern.
    public var output: String?
    /// Whether to run the script even without an `output` (for events or terminal playback).
    public var playsScript = false
    /// What happens over time; nil selects every tab in turn (`PreviewScript.eachTabInTurn(_:launchTab:)`).
    public var script: PreviewScript?
    /// The appearance the scripted preview starts in.
    public var appearance: Appearance = .light
    /// Overrides of the configuration's pixels per point and icon size.
    public var scale: Int?
    public var iconSize: Double?
    /// Frames per second the script is sampled at.
    public var fps: Double = 30
    /// The tab selected when the bar appears (default 0): it shows its last frame without playing,
    /// unless the configuration sets `CYLTabBarLaunchAnimates`.
    public var initialTab: Int?
    /// Limits and options for opening the animations.
    public var openOptions = OpenOptions()
    /// Bounds, and the skin (`--theme`), platform and app version the bar is shown for.
    public var configOptions = ConfigOptions()
    /// Threads that draw the preview's frames (default: every core). The output is the same for any count.
    public var threads = FrameThreads.standard

    /// A job previewing `input`; set the outputs and options, then `run(registry:diagnostics:)`.
    public init(input: String) { self.input = input }

    /// What a preview job did.
    public struct Result {
        /// The opened bar (in the chosen or default skin).
        public let bar: TabBar
        /// The scripted preview, when one was run (for its events and terminal playback).
        public let preview: ScriptedPreview?
        /// One line per file written ("wrote contact sheet ... to sheet.png").
        public var summaries: [String] = []
        /// Encoder warnings (frames too short for a GIF, ...).
        public var warnings: [String] = []
        /// The files written, in order.
        public var files: [OutputWriter.WrittenFile] = []

        /// What `--events` prints: a `tabSkipped` line per filtered-out tab, then every player
        /// event, as JSON lines.
        public var eventLines: [String] {
            bar.skippedTabs.map(\.jsonLine) + (preview?.events.map(\.jsonLine) ?? [])
        }
    }

    /// Runs the job: animations are opened by `registry`; `diagnostics` hears the bar's notes as
    /// soon as it is open, before anything is drawn. Throws `ConfigError`, `OpenError`,
    /// `UsageError` (a bad option for this bar), `OutputError` and render errors.
    public func run(registry: AnimatorRegistry, diagnostics: (Diagnostic) -> Void = { _ in }) throws -> Result {
        let format = try output.map { output throws(UsageError) -> OutputFormat in
            guard let format = OutputFormat.inferred(from: output), !format.isDocument else {
                throw UsageError("Cannot tell the output format of '\(output)': use .gif, .png (animated PNG), .webp or a frames/%04d.png pattern.")
            }
            return format
        }
        let configuration = try TabBarConfiguration.forInput(input, options: configOptions)
        if allThemes && configuration.themes.isEmpty {
            throw UsageError("--all-themes shows each skin of a configuration, but \(input) defines none (\(ConfigKey.themes))")
        }
        if let initialTab, initialTab >= configuration.tabs.count {
            throw UsageError("Invalid value '\(initialTab)' for '--selected': the tab bar has tabs 0-\(configuration.tabs.count - 1).")
        }
        // `--theme` names a configuration's skin; only a lone animation takes it as its own theme.
        var openOptions = openOptions
        if TabBarConfiguration.looksLikeConfiguration(path: input) { openOptions.theme = nil }
        let previewer = try TabBarPreview(configuration: configuration, registry: registry, options: openOptions, script: script,
                                          fps: fps, initialTab: initialTab ?? 0, iconSize: iconSize, scale: scale)
        let bar = previewer.bar
        bar.diagnostics.forEach(diagnostics)
        var inputs = bar.inputs
        if allThemes {
            // Every skin is opened before anything is written, its own notes said once.
            var said = bar.diagnostics
            for theme in previewer.themes {
                let skinBar = try previewer.bar(theme: theme)
                inputs += skinBar.inputs
                for d in skinBar.diagnostics where !said.contains(d) { diagnostics(d); said.append(d) }
            }
        }
        let writer = OutputWriter(inputs: inputs)
        // Refused before anything is drawn (a pattern's own frames are checked again as staged).
        for path in [sheet, output].compactMap({ $0 }) { try writer.check(path) }
        var summaries: [String] = [], warnings: [String] = []
        if let sheet {
            let image = try previewer.contactSheet(options: sheetOptions, allThemes: allThemes, limits: openOptions.limits)
            // Adaptive filters: sheets are mostly flat colour and text.
            try writer.stage(try PNGCodec.encode(image, compressionLevel: 6, filter: .adaptive), to: sheet)
            let skins = allThemes ? ", \(previewer.themes.count) skins" : ""
            summaries.append("wrote contact sheet \(image.width)x\(image.height) (\(bar.tabs.count) tab\(bar.tabs.count == 1 ? "" : "s")\(skins)) to \(sheet)")
        }
        var preview: ScriptedPreview?
        if output != nil || playsScript {
            preview = try previewer.scriptedPreview(appearance: appearance)
        }
        if let output, let format, let preview {
            let renderer = try TabBarRenderer(bar: bar)
            var request = ConvertRequest(format: format, destination: .file(output))
            request.loop = .forever
            request.threads = threads
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
    /// What a preview plays without a script: the bar as it appears (`launchTab` selected), every
    /// other tab selected in turn, then the launch tab tapped again (which replays it), each shown
    /// for its pass plus a moment (at least 1 s, at most 10 s).
    public static func eachTabInTurn(_ bar: TabBar, launchTab: Int = 0) -> PreviewScript {
        func shown(_ tab: OpenedTab) -> Duration {
            guard let t = tab.timeline else { return .seconds(1) }
            let pass = t.duration / (bar.configuration.speed * tab.speed) + .milliseconds(500)
            return min(max(pass, .seconds(1)), .seconds(10))
        }
        var commands: [PreviewScript.Command] = [.wait(shown(bar.tabs[launchTab]))]
        for i in bar.tabs.indices.filter({ $0 != launchTab }) + [launchTab] {
            commands.append(.select(String(i)))
            commands.append(.wait(shown(bar.tabs[i])))
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
        let probe = try ContentProbe.read(path: path)
        // For one animation `--theme` is a dotLottie theme (a zip), which its back-end applies.
        if let theme = options.theme, !probe.starts(with: [0x50, 0x4B, 0x03, 0x04]) {
            throw UsageError("--theme \(theme): \(path) is one animation, not a configuration with skins (\(ConfigKey.themes)) or a .lottie with themes")
        }
        return single(animationPath: path)
    }
}
