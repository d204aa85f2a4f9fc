import CYLConvert
import CYLDocuments
import CYLRaster
import CYLTabBar
import CYLTimeline

/// What a review page shows and how big it may get.
public struct ReviewOptions: Sendable {
    /// Largest page written (`--max-bytes`). Default 64 MB: a tab bar's icons take well under
    /// 1 MB; a page past this is more than a browser tab loads comfortably.
    public static let defaultMaxBytes = 64_000_000

    /// The icon's size in points; nil: the first configuration's icon size (30 for lone animations).
    public var pointSize: Double?
    /// Pixels per point, one column each (1-4).
    public var scales: [Int] = [1, 2, 3]
    public var maxBytes: Int = ReviewOptions.defaultMaxBytes
    /// The page's title; nil: "Review: " and the inputs' names.
    public var title: String?
    /// `review --watch`: when set, the job also writes `<output>.watch.js`, a one-line script
    /// naming this token, and the page loads that script twice a second (its policy then allows
    /// `file:` scripts; the page is no longer self-contained) and reloads itself when the token
    /// there is not its own, that is, when a newer page has been written.
    public var watchToken: String?

    /// The script `watchToken` pages check, beside `output`.
    public static func watchScript(for output: String) -> String { output + ".watch.js" }

    public init() {}
}

/// `cylanim review`: one self-contained HTML page for looking at animations and tab bars.
public struct ReviewJob {
    /// Animations, tab-bar configurations and folders of them (searched as `lint` searches), in
    /// the order the page shows them.
    public var inputs: [String]
    /// The HTML file to write.
    public var output: String
    public var options = ReviewOptions()
    public var openOptions = OpenOptions()
    public var configOptions = ConfigOptions()

    public init(inputs: [String], output: String) {
        self.inputs = inputs
        self.output = output
    }

    /// What was written.
    public struct Result: Sendable {
        public var output: String
        public var byteCount: Int
        /// Bytes of embedded frames (sprite sheets) within `byteCount`.
        public var imageBytes: Int
        public var iconCount: Int
        public var barCount: Int
        public var sheetCount: Int
        /// Notes from opening the inputs (dark files found by convention, unknown keys, ...).
        public var diagnostics: [Diagnostic]
        /// Every file the page was drawn from (the inputs, what configurations name, what
        /// animations read): what `review --watch` watches.
        public var inputs: [String] = []
    }

    /// Opens every input with `registry`, renders the frames and writes the page through an
    /// `OutputWriter` (never over an input; nothing written on failure). Throws `UsageError` for
    /// bad options, `OutputError` for a page over `maxBytes`, and the inputs' open errors.
    public func run(registry: AnimatorRegistry) throws -> Result {
        guard !inputs.isEmpty else { throw UsageError("Give at least one animation, tab-bar configuration or folder to review.") }
        guard !options.scales.isEmpty, options.scales.allSatisfy({ (1...4).contains($0) }) else { throw UsageError("Review scales are 1-4.") }
        if let p = options.pointSize, !(4...256).contains(p) { throw UsageError("Invalid point size \(p): expected 4-256.") }
        var opened: [(input: String, bar: TabBar, isConfiguration: Bool)] = []
        var readPaths: [String] = []
        let discovery = InputDiscovery(registry: registry, configMaxBytes: configOptions.maxBytes)
        for input in try inputs.flatMap({ try Self.files(input: $0, discovery) }) {
            let isConfiguration = TabBarConfiguration.looksLikeConfiguration(path: input, maxBytes: configOptions.maxBytes)
            let bar = try TabBar(configuration: try TabBarConfiguration.forInput(input, options: configOptions),
                                 options: openOptions, registry: registry)
            opened.append((input, bar, isConfiguration))
            readPaths += [input] + bar.inputs
        }
        let writer = OutputWriter(inputs: readPaths)
        try writer.check(output)   // before any frame is drawn
        let pointSize = options.pointSize ?? opened.first { $0.isConfiguration }?.bar.configuration.iconSize ?? 30
        let title = options.title ?? "Review: " + inputs.map(FilePath.lastComponent(of:)).joined(separator: ", ")
        var page = ReviewPage(title: title, pointSize: pointSize, scales: options.scales, output: output,
                              maxBytes: options.maxBytes, maxPixels: openOptions.limits.maxCanvasPixels)
        for item in opened { try page.add(item.bar, input: item.input, showsBar: item.isConfiguration) }
        let watchScript = ReviewOptions.watchScript(for: output)
        if let token = options.watchToken { page.watch = (token, FilePath.lastComponent(of: watchScript)) }
        let html = page.html()
        guard html.count <= options.maxBytes else { throw page.tooLarge(atLeast: html.count) }
        try writer.stage(html, to: output)
        try writer.commit()
        if let token = options.watchToken {
            // After the page: a browser told of the new token must find the new page.
            let script = OutputWriter(inputs: readPaths)
            try script.stage(Array("cylReviewWatch(\(TextEscaping.jsonString(token)));\n".utf8), to: watchScript)
            try script.commit()
        }
        var result = Result(output: output, byteCount: html.count, imageBytes: page.embeddedBytes, iconCount: page.icons.count,
                            barCount: page.bars.count, sheetCount: page.sheets.count, diagnostics: opened.flatMap { $0.bar.diagnostics })
        result.inputs = readPaths
        return result
    }

    /// What one input stands for: itself, or for a folder that is not an animation, the
    /// animations and configurations in it as `lint` and `build` find them.
    static func files(input: String, _ discovery: InputDiscovery) throws -> [String] {
        guard discovery.kind(of: input) == .folder else { return [input] }
        let found = discovery.search(input).found
        guard !found.isEmpty else {
            throw OpenError(file: input, .unrecognized, "no animations or tab-bar configurations in the folder or its subfolders")
        }
        return found.map(\.path)
    }
}
