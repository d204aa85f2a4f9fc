/// Every bound the pipeline enforces on untrusted input, with documented defaults.
///
/// A file that exceeds one is rejected with an error naming the limit (`Limit`, written
/// `Limits.maxFrames`; the CLI says which flag raises it); nothing is allocated before the check. Back-ends pass the relevant fields to the codecs.
///
/// The defaults keep every command under 512 MB of peak memory on the worst inputs we could build
/// (README, "Limits and memory"): the largest pixel buffers, input file, decoded-frame cache,
/// encoded output and JSON tree are each bounded here, and each costs a measured amount.
public struct Limits: Sendable, Equatable {
    /// Largest canvas or output image, in pixels (`--max-pixels`). Default 4 Mpx (2048 x 2048): a
    /// 256-point icon at 4x is 1024 pixels square. A converter holds several frames at once, and
    /// at 16 Mpx (the old default) a WebP conversion cost 1 GB.
    public static let defaultMaxCanvasPixels = 4_194_304
    /// Most frames an animation may have (`--max-frames`). Default 100 000.
    public static let defaultMaxFrames = 100_000
    /// Deepest JSON nesting accepted (`--max-json-depth`). Default 64 (json-c's own default is 32,
    /// which real Lottie files exceed).
    public static let defaultMaxJSONDepth = 64
    /// Deepest nesting of precompositions and track mattes (`--max-precomp-depth`). Default 32:
    /// each level is drawn in a layer of its own, all alive at once.
    public static let defaultMaxPrecompDepth = 32
    /// Most path points in one shape after flattening (`--max-path-points`). Default 1 000 000.
    public static let defaultMaxPathPoints = 1_000_000
    /// Most bytes of decoded pixels kept in memory at once by a raster back-end
    /// (`--max-decoded-bytes`). Default 64 MiB; beyond it frames are decoded again on demand.
    public static let defaultMaxDecodedBytes = 64 << 20

    /// Largest JSON document parsed (`--max-json-bytes`). Default 32 MiB; real Lottie icons are
    /// well under 1 MiB. Memory is bounded by the value limit below, not by this.
    public static let defaultMaxJSONBytes = 32 << 20
    /// Most values (numbers, strings, literals, arrays, objects) in one JSON document
    /// (`--max-json-values`). Default 2 000 000: the parsed document costs at most about 70 bytes a
    /// value, and a real icon has a few thousand (the largest file of the shared corpus, 50 000).
    public static let defaultMaxJSONValues = 2_000_000
    /// Most layers, shapes, masks and mattes drawn for one frame, after precomps are expanded and
    /// repeaters copied (`--max-draws`). Default 100 000: real icons draw a few hundred, while a
    /// few kilobytes of nested precomps or repeaters can ask for billions.
    public static let defaultMaxDrawsPerFrame = 100_000
    /// Most pixels one command may render: output width x height x frames drawn (`--max-work`).
    /// Default 2^32 (4.3 G): 1024 frames at 2048x2048 or 100 000 at 207x207, a minute or two of
    /// rendering; a 2048x2048 x 100 000-frame job (4.2e11) stops at once instead of running for hours.
    public static let defaultMaxWorkPixels = 1 << 32
    /// Largest output file built in memory (`--max-output-bytes`). Default 64 MiB.
    public static let defaultMaxOutputBytes = 64 << 20
    /// Largest input file read into memory (`--max-file-bytes`). Default 64 MiB.
    public static let defaultMaxFileBytes = 64 << 20
    /// Most objects a binary scene file (Rive `.riv`) may hold, and its scene may instantiate
    /// once nested artboards are copied in (`--max-objects`). Default 500 000:
    /// real files hold a few thousand; a file of 500 000 objects renders within 340 MiB, while
    /// 1 000 000 passed 512 MiB (tools/dev/measure-limits.sh).
    public static let defaultMaxObjects = 500_000
    /// Memory one Lottie expression engine may hold (`--max-expression-memory`). Default 32 MiB:
    /// the engine with its API takes about 1 MiB, real expressions a few kilobytes more.
    public static let defaultMaxExpressionMemory = 32 << 20
    /// Bytecode steps one expression evaluation may run (`--max-expression-steps`), exactly (one
    /// step more stops it). Default 10 000 000 (a tenth of a second or so); real expressions run a few
    /// thousand. An expression that runs out is disabled and its property keeps its keyframes.
    /// The expressions of one frame together may run four times this; past it the frame's other
    /// expressions keep their keyframes for that frame.
    public static let defaultMaxExpressionSteps = 10_000_000
    /// CPU time one frame's Lottie expressions may use together (`--max-expression-time`).
    /// Default 100 ms; real expressions take microseconds. Steps alone do not bound time: a step
    /// that calls a native method (building, joining or sorting a large string or array) can cost
    /// milliseconds. The expression running past it stops, keeps its keyframes and is not run
    /// again; the frame's other expressions keep their keyframes for that frame. CPU time, not wall
    /// time, so a busy machine stops at the same place; only a file near the limit can land on
    /// either side of it (a few milliseconds), and then only its expressions' values change.
    public static let defaultMaxExpressionTime = Duration.milliseconds(100)
    /// CPU time one file's Lottie expressions may use over a whole command
    /// (`--max-expression-total-time`). Default 2 s; past it, the file's expressions are turned
    /// off for the rest of the command and its properties keep their keyframes.
    public static let defaultMaxExpressionTotalTime = Duration.seconds(2)

    public var maxCanvasPixels: Int
    public var maxFrames: Int
    public var maxJSONDepth: Int
    public var maxPrecompDepth: Int
    public var maxPathPoints: Int
    public var maxDecodedBytes: Int
    public var maxFileBytes: Int
    public var maxDrawsPerFrame: Int
    public var maxJSONBytes: Int
    public var maxJSONValues: Int
    public var maxWorkPixels: Int
    public var maxOutputBytes: Int
    public var maxObjects: Int
    public var maxExpressionMemory: Int = Limits.defaultMaxExpressionMemory
    public var maxExpressionSteps: Int = Limits.defaultMaxExpressionSteps
    public var maxExpressionTime: Duration = Limits.defaultMaxExpressionTime
    public var maxExpressionTotalTime: Duration = Limits.defaultMaxExpressionTotalTime

    public init(maxCanvasPixels: Int = Limits.defaultMaxCanvasPixels,
                maxFrames: Int = Limits.defaultMaxFrames,
                maxJSONDepth: Int = Limits.defaultMaxJSONDepth,
                maxPrecompDepth: Int = Limits.defaultMaxPrecompDepth,
                maxPathPoints: Int = Limits.defaultMaxPathPoints,
                maxDecodedBytes: Int = Limits.defaultMaxDecodedBytes,
                maxFileBytes: Int = Limits.defaultMaxFileBytes,
                maxDrawsPerFrame: Int = Limits.defaultMaxDrawsPerFrame,
                maxJSONBytes: Int = Limits.defaultMaxJSONBytes,
                maxJSONValues: Int = Limits.defaultMaxJSONValues,
                maxWorkPixels: Int = Limits.defaultMaxWorkPixels,
                maxOutputBytes: Int = Limits.defaultMaxOutputBytes,
                maxObjects: Int = Limits.defaultMaxObjects) {
        self.maxCanvasPixels = maxCanvasPixels
        self.maxFrames = maxFrames
        self.maxJSONDepth = maxJSONDepth
        self.maxPrecompDepth = maxPrecompDepth
        self.maxPathPoints = maxPathPoints
        self.maxDecodedBytes = maxDecodedBytes
        self.maxFileBytes = maxFileBytes
        self.maxDrawsPerFrame = maxDrawsPerFrame
        self.maxJSONBytes = maxJSONBytes
        self.maxJSONValues = maxJSONValues
        self.maxWorkPixels = maxWorkPixels
        self.maxOutputBytes = maxOutputBytes
        self.maxObjects = maxObjects
    }

    public static let standard = Limits()

    /// How many `--max-path-points` one frame's paths may hold together. A path painted by many
    /// fills, or many huge polygons in a few bytes of file, would otherwise multiply the one-path
    /// bound (found by fuzzing: a star of 2^63 points under 60 fills asked for 5.7 GB); eight
    /// times it (128 MB of points at the default) is far above real files.
    public static let framePathPointFactor = 8

    /// Most characters (Unicode scalars) one text object shapes and lays out; the rest is cut,
    /// with a warning. Default 10 000: a tab icon's label is a word or two, and 10 000 is pages
    /// of text whose shaping (HarfBuzz keeps about 40 bytes a character) and glyph paths stay
    /// bounded, where a 64 MiB string in a file would ask for gigabytes.
    public static let maxTextCharacters = 10_000
    /// Font sizes, line heights, letter and paragraph spacing and text box sizes are clamped to
    /// ±this (in pixels): far past any canvas, small enough that products of them stay finite.
    public static let maxTextMagnitude = 1_000_000.0

    /// Most path points one frame's paths hold together: `framePathPointFactor` x `maxPathPoints`.
    public var maxFramePathPoints: Int {
        let (limit, overflow) = maxPathPoints.multipliedReportingOverflow(by: Self.framePathPointFactor)
        return overflow ? Int.max : limit
    }

    /// The error text for a frame past `maxFramePathPoints`.
    public var framePathPointsMessage: String {
        "one frame's paths hold more than \(maxFramePathPoints) points (\(Self.framePathPointFactor) times the one-path limit; \(Limit.maxPathPoints))"
    }
}
