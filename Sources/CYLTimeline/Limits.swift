/// Every bound the pipeline enforces on untrusted input, with documented defaults.
///
/// A file that exceeds one is rejected with an error naming the limit and the CLI flag that raises
/// it; nothing is allocated before the check. Back-ends pass the relevant fields to the codecs.
public struct Limits: Sendable, Equatable {
    /// Largest canvas or output image, in pixels (`--max-pixels`). Default 16 Mpx (4096 x 4096).
    public static let defaultMaxCanvasPixels = 16_777_216
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
    /// (`--max-decoded-bytes`). Default 256 MiB; beyond it frames are decoded again on demand.
    public static let defaultMaxDecodedBytes = 256 << 20

    /// Largest JSON document parsed (`--max-json-bytes`). Default 32 MiB: parsed trees cost about
    /// 50 bytes per byte of a structure-heavy file, and real Lottie icons are well under 1 MiB.
    public static let defaultMaxJSONBytes = 32 << 20
    /// Most layers, shapes, masks and mattes drawn for one frame, after precomps are expanded and
    /// repeaters copied (`--max-draws`). Default 100 000: real icons draw a few hundred, while a
    /// few kilobytes of nested precomps or repeaters can ask for billions.
    public static let defaultMaxDrawsPerFrame = 100_000
    /// Largest input file read into memory (`--max-file-bytes`). Default 256 MiB.
    public static let defaultMaxFileBytes = 256 << 20
    /// Memory one Lottie expression engine may hold (`--max-expression-memory`). Default 32 MiB:
    /// the engine with its API takes about 1 MiB, real expressions a few kilobytes more.
    public static let defaultMaxExpressionMemory = 32 << 20
    /// Bytecode steps one expression evaluation may run (`--max-expression-steps`), checked every
    /// 262 144 steps. Default 10 000 000 (a tenth of a second or so); real expressions run a few
    /// thousand. An expression that runs out is disabled and its property keeps its keyframes.
    /// The expressions of one frame together may run four times this; past it the frame's other
    /// expressions keep their keyframes for that frame.
    public static let defaultMaxExpressionSteps = 10_000_000

    public var maxCanvasPixels: Int
    public var maxFrames: Int
    public var maxJSONDepth: Int
    public var maxPrecompDepth: Int
    public var maxPathPoints: Int
    public var maxDecodedBytes: Int
    public var maxFileBytes: Int
    public var maxDrawsPerFrame: Int
    public var maxJSONBytes: Int
    public var maxExpressionMemory: Int = Limits.defaultMaxExpressionMemory
    public var maxExpressionSteps: Int = Limits.defaultMaxExpressionSteps

    public init(maxCanvasPixels: Int = Limits.defaultMaxCanvasPixels,
                maxFrames: Int = Limits.defaultMaxFrames,
                maxJSONDepth: Int = Limits.defaultMaxJSONDepth,
                maxPrecompDepth: Int = Limits.defaultMaxPrecompDepth,
                maxPathPoints: Int = Limits.defaultMaxPathPoints,
                maxDecodedBytes: Int = Limits.defaultMaxDecodedBytes,
                maxFileBytes: Int = Limits.defaultMaxFileBytes,
                maxDrawsPerFrame: Int = Limits.defaultMaxDrawsPerFrame,
                maxJSONBytes: Int = Limits.defaultMaxJSONBytes) {
        self.maxCanvasPixels = maxCanvasPixels
        self.maxFrames = maxFrames
        self.maxJSONDepth = maxJSONDepth
        self.maxPrecompDepth = maxPrecompDepth
        self.maxPathPoints = maxPathPoints
        self.maxDecodedBytes = maxDecodedBytes
        self.maxFileBytes = maxFileBytes
        self.maxDrawsPerFrame = maxDrawsPerFrame
        self.maxJSONBytes = maxJSONBytes
    }

    public static let standard = Limits()
}
