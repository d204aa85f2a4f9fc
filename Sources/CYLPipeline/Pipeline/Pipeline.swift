import CYLDocuments
import CYLImageCodecs
import CYLConvert
import CYLRaster
import CYLTabBar
import CYLTimeline

/// A pipeline file, read and checked: which animations go in and which files come out of each.
///
/// Every path is already resolved against the pipeline file's directory. Read one with
/// `Pipeline.load(path:)` or `Pipeline.parse(_:name:baseDirectory:)`.
public struct Pipeline: Sendable {
    /// The file it came from.
    public var file: String
    /// The directory relative paths were resolved against (the pipeline file's).
    public var baseDirectory: String
    public var inputs: [PipelineInput]
    /// Where outputs go (`outputDirectory`, default `build`), resolved.
    public var outputDirectory: String
    public var targets: [OutputTarget]

    public init(file: String, baseDirectory: String, inputs: [PipelineInput], outputDirectory: String,
                targets: [OutputTarget]) {
        self.file = file
        self.baseDirectory = baseDirectory
        self.inputs = inputs
        self.outputDirectory = outputDirectory
        self.targets = targets
    }
}

/// One entry of `inputs`: a file, a folder, a glob, or a tab-bar configuration whose icons (and
/// their dark variants) become inputs.
public struct PipelineInput: Sendable, Equatable {
    public enum Source: Sendable, Equatable {
        /// A file, a directory or a glob (`icons/*.json`, `**/*.gif`), as written.
        case path(String)
        /// A tab-bar configuration: every tab's animation.
        case tabBar(String)
    }

    public var source: Source
    /// `{name}` for this input (a single file only); default: the file name without extension.
    public var name: String?
    /// The dark variant (a single file only); default: `name_dark.ext` beside it when it exists.
    public var darkPath: String?
    /// Keypath → colour overrides for the dark appearance (vector inputs).
    public var darkColors: [ColorOverride]
    /// Lottie: the folder image files are read from instead of the animation's own (`--assets`),
    /// as written (relative to the pipeline's directory).
    public var assets: String?
    /// Lottie: slot values (`--slot id=value`); image files as written, relative to the pipeline.
    public var slots: [SlotOverride]
    /// Where the entry is in the pipeline file (`line:column`), for messages.
    public var location: SourceLocation

    public init(source: Source, name: String? = nil, darkPath: String? = nil, darkColors: [ColorOverride] = [],
                assets: String? = nil, slots: [SlotOverride] = [], location: SourceLocation = SourceLocation()) {
        self.source = source
        self.name = name
        self.darkPath = darkPath
        self.darkColors = darkColors
        self.assets = assets
        self.slots = slots
        self.location = location
    }
}

/// One entry of `outputs`: a format with its settings, made at each scale and appearance.
///
/// Its encoder options are one `EncoderSettings` (`encoder`), also read through the target
/// (`target.colors`): the pipeline reader maps the file's keys onto it.
@dynamicMemberLookup
public struct OutputTarget: Sendable, Equatable {
    /// Position in `outputs`.
    public var index: Int
    public var format: OutputFormat
    /// The box in points the animation is fitted into and centred (nil: its own canvas size).
    public var size: PointSize?
    /// Pixels per point; one output per scale.
    public var scales: [Double] = [1]
    /// One output per appearance; dark ones only for inputs that have a dark variant.
    public var appearances: [Appearance] = [.light]
    /// The output's path inside the output directory.
    public var name: NamePattern
    /// Matte, background, fps, speed, quality, colours, loop...: checked against `format`.
    public var encoder = EncoderSettings()
    /// Where the entry is in the pipeline file (`line:column`), for messages.
    public var location = SourceLocation()

    public init(index: Int, format: OutputFormat, name: NamePattern) {
        self.index = index
        self.format = format
        self.name = name
    }

    /// `encoder`'s fields, as if they were the target's.
    public subscript<Value>(dynamicMember field: WritableKeyPath<EncoderSettings, Value>) -> Value {
        get { encoder[keyPath: field] }
        set { encoder[keyPath: field] = newValue }
    }

    /// The file extension `{ext}` stands for.
    public var fileExtension: String {
        switch format {
        case .gif: return "gif"
        case .apng, .pngSequence: return "png"
        case .webp: return "webp"
        case .tgs: return "tgs"
        case .lottie: return "lottie"
        }
    }

    /// The pixel size at `scale`, or nil to keep the canvas (scaled by `scale`).
    public func pixelSize(scale: Double) -> PixelSize? {
        size.map { PixelSize(max(1, Int(($0.width * scale).rounded())), max(1, Int(($0.height * scale).rounded()))) }
    }

    /// The conversion this target asks for at `scale`, written to `path`.
    public func request(scale: Double, path: String) -> ConvertRequest {
        var r = ConvertRequest(format: format, destination: .file(path))
        if let box = pixelSize(scale: scale) { r.size = .box(box) } else if scale != 1 { r.size = .scale(scale) }
        r.encoder = encoder
        return r
    }

    /// Every setting that changes the output's bytes at `scale`, as canonical JSON: the same
    /// settings always give the same text (the build key and the manifest use it): the format,
    /// the size, scale and appearance, the encoder's canonical members, then what opening the
    /// input is given. `darkColors` are the overrides a dark output of a light file is drawn with,
    /// `darkTheme` the theme of the file it is drawn with instead (absent when nil, so outputs
    /// without one keep the build keys they had).
    /// `slots` are the input's slot values as `id=value` texts (`BuildInput.slotTexts`).
    public func settings(scale: Double, appearance: Appearance, darkColors: [ColorOverride] = [], darkTheme: String? = nil,
                         slots: [String] = []) -> JSONOutput {
        var m: [(String, JSONOutput)] = [("format", .string(format.rawValue))]
        if let box = pixelSize(scale: scale) {
            m += [("width", .int(box.width)), ("height", .int(box.height))]
        }
        m.append(("scale", .double(scale)))
        m.append(("appearance", .string(appearance.rawValue)))
        m += encoder.canonicalMembers
        if !darkColors.isEmpty {
            m.append(("darkColors", .array(darkColors.map { .array([.string($0.keypath.joined(separator: ".")), .string($0.color.hexDescription)]) })))
        }
        if let darkTheme { m.append(("darkTheme", .string(darkTheme))) }
        // An image slot's bytes are in the build key with the other files opening reads.
        if !slots.isEmpty { m.append(("slots", .array(slots.map { .string($0) }))) }
        return .object(m)
    }
}

/// A size in points (the box an icon is fitted into).
public struct PointSize: Sendable, Equatable {
    public var width: Double
    public var height: Double
    public init(_ width: Double, _ height: Double) {
        self.width = width
        self.height = height
    }
}
