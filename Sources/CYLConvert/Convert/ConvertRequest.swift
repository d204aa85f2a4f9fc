import CYLImageCodecs
import CYLRaster
import CYLTimeline

/// What `cylanim convert` writes.
public enum OutputFormat: String, Sendable, CaseIterable {
    case gif
    /// Animated PNG (a plain PNG when there is one frame).
    case apng
    case webp
    /// One PNG file per frame, from a `%d` pattern.
    case pngSequence = "png-sequence"
    /// gzipped Lottie JSON (a Telegram sticker); Lottie input only.
    case tgs

    /// The format an output path implies: `.gif`, `.png` (APNG, or a sequence with `%d`), `.webp`,
    /// `.tgs`. Nil when the extension says nothing we write.
    public static func inferred(from path: String) -> OutputFormat? {
        let lower = path.lowercased()
        if lower.hasSuffix(".gif") { return .gif }
        if lower.hasSuffix(".webp") { return .webp }
        if lower.hasSuffix(".tgs") { return .tgs }
        if lower.hasSuffix(".png") || lower.hasSuffix(".apng") {
            return ((try? OutputPattern(path))?.isNumbered ?? false) ? .pngSequence : .apng
        }
        return nil
    }

    /// The format written to `output` ("-" is standard output): `named` when given (`png` with a
    /// `%d` pattern is a PNG sequence), else what the extension implies.
    public static func forOutput(_ output: String, named: OutputFormat? = nil) throws(UsageError) -> OutputFormat {
        if let named {
            return named == .apng && output != "-" && inferred(from: output) == .pngSequence ? .pngSequence : named
        }
        guard output != "-" else { throw UsageError("Writing to standard output needs --format (gif, png, webp or tgs).") }
        guard let format = inferred(from: output) else {
            throw UsageError("Cannot tell the format from '\(output)': use a .gif, .png, .webp or .tgs name, a %d.png pattern, or --format.")
        }
        return format
    }

    /// The names `--format` accepts.
    public static func parse(_ text: String) -> OutputFormat? {
        switch text.lowercased() {
        case "gif": return .gif
        case "png", "apng": return .apng
        case "webp": return .webp
        case "png-sequence", "pngs", "frames": return .pngSequence
        case "tgs": return .tgs
        default: return nil
        }
    }
}

/// Where the output goes.
public enum ConvertDestination: Sendable, Equatable {
    case file(String)
    /// Standard output (`-o -`): the bytes are written only once the whole file is encoded.
    case standardOutput

    /// `-` is standard output, anything else a file path.
    public init(_ output: String) { self = output == "-" ? .standardOutput : .file(output) }
}

/// Everything a conversion needs besides the input.
public struct ConvertRequest: Sendable {
    public var format: OutputFormat
    public var destination: ConvertDestination
    public var frames: FrameSelection = .all
    /// Converts the frames of this marker instead of `frames` (see `FrameTimeline.frames(ofMarker:)`).
    public var marker: String? = nil
    public var size: OutputSize = .native
    /// Output frame rate: frames are resampled by time. Nil keeps the source's frames and delays.
    public var fps: Double? = nil
    /// Plays `speed` times as fast (0.5 = half speed).
    public var speed: Double = 1
    /// Straight-alpha colour flattened behind every frame (no transparency left when opaque).
    public var background: RGBA8? = nil
    /// GIF: blend soft edges onto this colour; only fully transparent pixels stay transparent.
    public var matte: RGBA8? = nil
    /// GIF without a matte: alpha at or above this is opaque, below it transparent.
    public var alphaThreshold: UInt8 = 128
    /// Loop behaviour; nil: what the input says (inputs with no loop information loop forever).
    public var loop: LoopHint? = nil
    /// WebP: lossy quality 0-100 (implies lossy unless `lossless` is set, then it is the effort).
    public var quality: Double? = nil
    /// WebP: force lossless (the default unless a quality is given).
    public var lossless: Bool? = nil
    public var dither: DitherMode = .none
    /// 0-9: zlib level for PNG/APNG (default 1, no row filters), effort for WebP.
    public var compressionLevel: Int? = nil
    /// GIF palette size (2-256, including the transparent entry).
    public var maxColors: Int = 256
    /// Threads that draw frames (default: every core). The output is the same for any count.
    public var threads: Int = FrameThreads.standard

    public init(format: OutputFormat, destination: ConvertDestination) {
        self.format = format
        self.destination = destination
    }
}

/// What a conversion wrote.
public struct ConvertResult: Sendable {
    public var format: OutputFormat
    /// Files written (one, or one per frame for a sequence; empty for standard output).
    public var paths: [String]
    public var byteCount: Int
    public var size: PixelSize
    /// Frames in the output after merging unchanged ones.
    public var frameCount: Int
    /// The output's total duration as it will play.
    public var duration: Duration
    public var warnings: [String]
}
