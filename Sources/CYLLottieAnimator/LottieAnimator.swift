#if canImport(Glibc)
import Glibc
#endif
import CYLDocuments
import CYLRaster
import CYLTimeline

/// The Lottie back-end: recognises Lottie JSON (content starting with `{` or `[` after whitespace
/// or a byte-order mark) and gzip-compressed Lottie (`.tgs`, magic `1f 8b`), and plays it as a
/// frame timeline drawn on demand by our rasterizer.
///
/// Frame N of the timeline is composition frame `ip + N`; there are `op - ip` frames (rounded).
public struct LottieAnimator: CYLTabBarItemAnimator {
    public var formatName: String { "Lottie" }

    public init() {}

    public func canOpen(_ probe: ContentProbe) -> Bool {
        guard !probe.isDirectory else { return false }
        if Gzip.isGzip(probe.head) { return true }
        return LottieAnimator.looksLikeJSON(probe.head)
    }

    /// The image files the JSON at `probe.path` refers to (`u` + `p`, resolved as when opening),
    /// whether or not they exist; empty when the file cannot be read or parsed (opening it says why).
    public func companionFiles(for probe: ContentProbe, options: OpenOptions) -> [String] {
        guard var bytes = try? InputFile.read(probe.path, limits: options.limits) else { return [] }
        if Gzip.isGzip(bytes) {
            guard let json = try? Gzip.inflate(bytes, name: probe.path, maxBytes: Self.inflatedJSONLimit(options.limits).bytes) else { return [] }
            bytes = json
        }
        guard let root = try? JSONDocument.parseElement(bytes, name: probe.path, maxDepth: options.limits.maxJSONDepth,
                                                        maxBytes: options.limits.maxJSONBytes, maxValues: options.limits.maxJSONValues)
        else { return [] }
        let source = LottieDocument.imageFolder(name: probe.path, options: options)
        return LottieParser.imageFileReferences(root).compactMap { source.path(folder: $0.folder, name: $0.name) }
    }

    /// Whether `head` starts with `{` or `[` after an optional UTF-8 byte-order mark and whitespace.
    static func looksLikeJSON(_ head: [UInt8]) -> Bool {
        var i = 0
        if head.count >= 3 && head[0] == 0xEF && head[1] == 0xBB && head[2] == 0xBF { i = 3 }
        while i < head.count, head[i] == 0x20 || head[i] == 0x0A || head[i] == 0x0D || head[i] == 0x09 { i += 1 }
        return i < head.count && (head[i] == UInt8(ascii: "{") || head[i] == UInt8(ascii: "["))
    }

    public func timeline(for probe: ContentProbe, options: OpenOptions) throws -> FrameTimeline {
        try timeline(bytes: try InputFile.read(probe.path, limits: options.limits), name: probe.path, options: options)
    }

    /// Opens a whole Lottie file already in memory: JSON, or gzip-compressed JSON (`.tgs`).
    /// Errors are `OpenError`s naming `name` and the place in the document.
    public func timeline(bytes: [UInt8], name: String, options: OpenOptions) throws -> FrameTimeline {
        var json = bytes
        let gzipped = Gzip.isGzip(bytes)
        if gzipped {
            // The inflated JSON must fit the JSON limit anyway: stop inflating there, not at 256 MiB.
            let limit = Self.inflatedJSONLimit(options.limits)
            do {
                json = try Gzip.inflate(bytes, name: name, maxBytes: limit.bytes)
            } catch {
                if case .tooLarge = error.kind {
                    throw OpenError(file: name, .invalid, "the gzip (.tgs) data inflates to more than \(limit.bytes) bytes (\(limit.name))")
                }
                throw OpenError(file: name, .invalid, "cannot inflate the gzip (.tgs) data: \(error.message)")
            }
        }
        var t = try Self.reportingPlace(in: name) { try timeline(fromJSON: json, name: name, options: options) }
        if gzipped { t.format = "Lottie (gzip, .tgs)" }
        return t
    }

    /// The most bytes compressed Lottie JSON (.tgs, .lottie) may inflate to, and which limit that is.
    static func inflatedJSONLimit(_ limits: Limits) -> (bytes: Int, name: Limit) {
        limits.maxJSONBytes <= limits.maxFileBytes ? (limits.maxJSONBytes, .maxJSONBytes) : (limits.maxFileBytes, .maxFileBytes)
    }

    /// Runs `body`, turning Lottie and JSON errors into `OpenError`s that keep the place in the
    /// document (JSON path, line:column, byte) as their location.
    static func reportingPlace<T>(in file: String, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let e as LottieError {
            throw OpenError(file: file, .invalid, e.message, location: e.location)
        } catch let e as JSONError {
            throw OpenError(file: file, .invalid, e.message, location: e.location)
        }
    }

    /// Opens Lottie JSON already in memory (the dotLottie reader calls this for each animation).
    /// Throws `JSONError` for malformed JSON and `LottieError` for a document that is not a usable
    /// Lottie animation; both name `name` and the place in the document.
    public func timeline(fromJSON bytes: [UInt8], name: String, options: OpenOptions) throws -> FrameTimeline {
        try timeline(fromJSON: bytes, name: name, options: options, images: LottieDocument.imageFolder(name: name, options: options))
    }

    /// Opens Lottie JSON whose image files are read from `images` (a folder, a dotLottie archive).
    func timeline(fromJSON bytes: [UInt8], name: String, options: OpenOptions, images: ImageAssetSource) throws -> FrameTimeline {
        let document = try LottieDocument(bytes: bytes, name: name, options: options, images: images)
        var t = document.timeline()
        t.capabilities.lottieJSON = { bytes }
        let exporter = DotLottieExporter(json: bytes, name: name, id: DotLottieExporter.animationID(forFile: name),
                                         images: images, limits: options.limits)
        t.capabilities.dotLottie = { colors, variant in try exporter.export(darkColors: colors, darkVariant: variant) }
        if let theme = options.theme {
            // A warning, not an error: `lint --theme dark icons/` meets plain Lottie files too.
            t.addDiagnostics([Diagnostic(.warning, "--theme \(theme): only dotLottie (.lottie) files have themes; drawn without",
                                            feature: .slots)])
        }
        return t
    }
}

/// A parsed Lottie animation: its model, what the parser noticed, and ways to render it.
public final class LottieDocument: @unchecked Sendable {
    let model: AnimationModel
    /// The CPU time this file's expressions may still use in the command, shared by the
    /// expression check and every renderer (`Limits.maxExpressionTotalTime`).
    let expressionTime: ExpressionTimeBudget
    public let name: String
    public let options: OpenOptions
    /// What the parser noticed, then what the expression check found.
    public var diagnostics: [Diagnostic] { parseDiagnostics + (expressionCheck?.value ?? []) }
    let parseDiagnostics: [Diagnostic]
    /// Runs every expression once and reports those that fail (`ExpressionRuntime.check`), the
    /// first time diagnostics are read: opening a file to draw it does not pay for it (it
    /// starts a JavaScript engine and compiles every expression: over half of opening a file with two
    /// expressions), and the renderers run the expressions anyway. nil without expressions.
    let expressionCheck: DeferredDiagnostics?
    /// Slot ids the file's `slots` define, and those some property or image asset names (`sid`).
    let slotIDs: (defined: Set<String>, named: Set<String>)

    /// Parses Lottie JSON, or gzip-compressed Lottie JSON (`.tgs`), inflated first.
    public convenience init(contentsOf bytes: [UInt8], name: String, options: OpenOptions = OpenOptions()) throws {
        var data = bytes
        if Gzip.isGzip(bytes) { data = try Gzip.inflate(bytes, name: name, maxBytes: LottieAnimator.inflatedJSONLimit(options.limits).bytes) }
        try self.init(bytes: data, name: name, options: options)
    }

    /// Every layer, group and shape item keypath of the Lottie JSON (or gzip-compressed JSON)
    /// `bytes` (see `LottieKeypath`), for `cylanim keypaths`. The file is opened as a document
    /// first, so it fails with the same errors; a document does not keep them, because opening a
    /// file to draw it has no use for them (walking the JSON for them was 5% of opening an icon).
    public static func keypaths(contentsOf bytes: [UInt8], name: String, options: OpenOptions = OpenOptions()) throws -> [LottieKeypath] {
        var data = bytes
        if Gzip.isGzip(bytes) { data = try Gzip.inflate(bytes, name: name, maxBytes: LottieAnimator.inflatedJSONLimit(options.limits).bytes) }
        _ = try LottieDocument(bytes: data, name: name, options: options)
        let root = try JSONDocument.parseElement(data, name: name, maxDepth: options.limits.maxJSONDepth,
                                                 maxBytes: options.limits.maxJSONBytes, maxValues: options.limits.maxJSONValues)
        return LottieParser.keypaths(root, maxDepth: options.limits.maxPrecompDepth)
    }

    /// Parses Lottie JSON (not gzip; see `init(contentsOf:name:options:)`). Image assets that are
    /// files are read from `options.assetsDirectory`, else from the folder of the path `name`.
    public convenience init(bytes: [UInt8], name: String, options: OpenOptions = OpenOptions()) throws {
        try self.init(bytes: bytes, name: name, options: options, images: Self.imageFolder(name: name, options: options))
    }

    /// Whether the bytes hold `"x"` followed by `:` and a string (an expression: the key "x" with
    /// a text value; easing handles also have an "x", with numbers), searched as bytes before parsing.
    static func mayHaveExpressions(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { b in
            func isSpace(_ c: UInt8) -> Bool { c == 0x20 || c == 0x0A || c == 0x0D || c == 0x09 }
            guard b.count >= 5, let base = b.baseAddress else { return false }
            var i = 1
            while i < b.count - 1 {
                // memchr to the next 'x', many bytes at a time.
                guard let hit = memchr(base + i, 0x78, b.count - 1 - i) else { return false }
                i = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
                if b[i - 1] == 0x22 && b[i + 1] == 0x22 {
                    var j = i + 2
                    while j < b.count && isSpace(b[j]) { j += 1 }
                    if j < b.count && b[j] == 0x3A {
                        j += 1
                        while j < b.count && isSpace(b[j]) { j += 1 }
                        if j < b.count && b[j] == 0x22 { return true }
                    }
                }
                i += 1
            }
            return false
        }
    }

    /// Where the image files of the JSON file at `name` are read from.
    static func imageFolder(name: String, options: OpenOptions) -> ImageAssetSource {
        .folder(base: options.assetsDirectory ?? FilePath.parentDirectory(of: name), fromOption: options.assetsDirectory != nil)
    }

    /// Parses Lottie JSON whose image files are read from `images`; `themeSlots` are a dotLottie
    /// theme's slot values (below `options.slots`), `themed` the slot ids any of its themes gives.
    init(bytes: [UInt8], name: String, options: OpenOptions, images: ImageAssetSource,
         themeSlots: [String: JSONElement] = [:], themed: Set<String> = []) throws {
        let root = try JSONDocument.parseElement(bytes, name: name, maxDepth: options.limits.maxJSONDepth,
                                                 maxBytes: options.limits.maxJSONBytes, maxValues: options.limits.maxJSONValues)
        var parser = LottieParser(name: name, limits: options.limits, colorOverrides: options.colorOverrides,
                                  slots: options.slots, themeSlots: themeSlots, themed: themed, images: images)
        // Expressions look shape items up by name, which the parser then keeps. A file without a
        // string under the key "x" has no expressions and parses without the names; one with it
        // keeps them, so a file is parsed once either way.
        parser.expressionState.collectsContent = Self.mayHaveExpressions(bytes)
        var model = try parser.parseDocument(root)
        if !model.expressions.isEmpty && !parser.expressionState.collectsContent {
            // "x" written with escapes (`"\u0078"`): parse again, keeping the names.
            var named = LottieParser(name: name, limits: options.limits, colorOverrides: options.colorOverrides,
                                     slots: options.slots, themeSlots: themeSlots, themed: themed, images: images)
            named.expressionState.collectsContent = true
            model = try named.parseDocument(root)
        }
        slotIDs = (defined: Set(parser.slots.file.keys), named: parser.slots.used)
        let expressionTime = ExpressionTimeBudget(limits: options.limits)
        if model.expressions.isEmpty {
            expressionCheck = nil
        } else {
            expressionCheck = DeferredDiagnostics { [model, limits = options.limits] in
                ExpressionRuntime(model: model, limits: limits, timeBudget: expressionTime).check()
            }
        }
        self.expressionTime = expressionTime
        self.model = model
        self.name = name
        self.options = options
        parseDiagnostics = parser.diagnostics
    }

    /// The composition's size in points.
    public var size: (width: Double, height: Double) { (model.width, model.height) }
    public var frameRate: Double { model.frameRate }
    /// Composition frames `ip ..< op`.
    public var inPoint: Double { model.inPoint }
    public var outPoint: Double { model.outPoint }
    /// `op - ip`, rounded, at least 1.
    public var frameCount: Int { model.frameCount }

    /// Markers in frames counted from the timeline's frame 0.
    public var markers: [Marker] { model.timelineMarkers }

    /// A renderer with its own scratch memory (one per thread).
    public func makeRenderer() -> LottieFrameRenderer { LottieFrameRenderer(self) }

    /// Expressions, effects and layer styles this renderer draws but mobile Lottie players ignore.
    var portabilityRisks: [TimelineCapabilities.FeatureUse] {
        var out: [TimelineCapabilities.FeatureUse] = []
        if let first = model.expressions.first {
            out.append(.init(.expressions, at: first.path, count: model.expressions.count))
        }
        var effects: [String] = [], styles: [String] = []
        func visit(_ comp: CompositionModel, _ prefix: String) {
            for (i, layer) in comp.layers.enumerated() {
                let at = "\(prefix)layers[\(i)]"
                effects += layer.effects.filter { $0.enabled && $0.kind != .control && $0.kind != .unsupported }.map { _ in at }
                styles += layer.styles.map { _ in at }
            }
        }
        visit(model.root, "$.")
        for id in model.precomps.keys.sorted() { visit(model.precomps[id]!, "precomp \"\(id)\" ") }
        if let first = effects.first { out.append(.init(.effects, at: first, count: effects.count)) }
        if let first = styles.first { out.append(.init(.layerStyles, at: first, count: styles.count)) }
        return out
    }

    public func timeline() -> FrameTimeline {
        var t = AfterEffectsTimeline.make(model: model, format: "Lottie", file: name, diagnostics: parseDiagnostics,
                                          inputs: [name] + model.imageFiles) { [self] in makeRenderer().renderer }
        t.capabilities.supportsColorOverrides = true
        t.capabilities.portabilityRisks = portabilityRisks
        t.deferredDiagnostics = expressionCheck
        if !model.expressions.isEmpty {
            t.capabilities.renderingDiagnostics = { [expressionTime] in expressionTime.diagnostics }
        }
        return t
    }
}

/// Renders frames of a `LottieDocument` (fractional frames allowed). Not thread-safe: one per
/// thread, all sharing the document's immutable model.
public final class LottieFrameRenderer {
    let renderer: LottieRenderer

    init(_ document: LottieDocument) {
        renderer = LottieRenderer(model: document.model, name: document.name, limits: document.options.limits,
                                  expressionTime: document.expressionTime)
    }

    /// Draws timeline frame `frame` (0 = composition frame `ip`; fractions allowed) into `target`,
    /// fitted and centred.
    public func render(frame: Double, into target: inout Pixmap) throws {
        try renderer.render(timelineTime: frame, into: &target)
    }

    /// What timeline frame `frame` draws, as a display list (for inspection: tests, lint).
    public func displayList(frame: Double) throws -> DisplayList {
        try renderer.displayList(atTimelineTime: frame)
    }
}
