import CYLImageCodecs
import CYLRaster
import CYLTimeline

/// Where the output goes.
public enum ConvertDestination: Sendable, Equatable {
    case file(String)
    /// Standard output (`-o -`): the bytes are written only once the whole file is encoded.
    case standardOutput

    /// `-` is standard output, anything else a file path.
    public init(_ output: String) { self = output == "-" ? .standardOutput : .file(output) }
}

/// Everything a conversion needs besides the input.
///
/// The encoder's options are one `EncoderSettings` (`encoder`), read and written through the
/// request as well (`request.quality = 80`): the request holds them, it does not declare them again.
@dynamicMemberLookup
public struct ConvertRequest: Sendable {
    public var format: OutputFormat
    public var destination: ConvertDestination
    public var frames: FrameSelection = .all
    /// Converts the frames of this marker instead of `frames` (see `FrameTimeline.frames(ofMarker:)`).
    public var marker: String? = nil
    public var size: OutputSize = .native
    /// Frame rate, speed, colours, matte, quality, compression, loop...: checked against `format`
    /// (`EncoderSettings.validate(for:)`) before anything is drawn.
    public var encoder = EncoderSettings()
    /// Threads that draw frames (default: every core). The output is the same for any count.
    public var threads: Int = FrameThreads.standard
    /// `.lottie` output only: keypath colours that become the file's `dark` theme (slots on the
    /// matched colours, one theme rule each), so one file carries both appearances.
    public var darkColors: [ColorOverride] = []
    /// `.lottie` output only: a dark variant file (`icon_dark.json`) whose differing values become
    /// the file's `dark` theme.
    public var darkVariant: String? = nil

    public init(format: OutputFormat, destination: ConvertDestination) {
        self.format = format
        self.destination = destination
    }

    /// `encoder`'s fields, as if they were the request's.
    public subscript<Value>(dynamicMember field: WritableKeyPath<EncoderSettings, Value>) -> Value {
        get { encoder[keyPath: field] }
        set { encoder[keyPath: field] = newValue }
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
