import CYLDocuments
import CYLImageCodecs
import CYLRaster
import CYLTimeline

/// How an animation is encoded, whoever asks: the output options of `cylanim convert` and of a
/// pipeline file's `outputs`, their ranges and defaults, which formats take which
/// (`validate(for:)`) and their canonical form in the build manifest.
///
/// Each field is nil when the option was not given: the encoder then uses its default (the
/// `default…` values here), and the canonical form leaves it out. Front ends turn their own
/// syntax into a value with the checked constructors (`colors(checking:)`, ...), so the same
/// value is refused with the same explanation (`EncoderSettingsError`) wherever it is written.
public struct EncoderSettings: Sendable, Equatable {
    /// Output frame rate: frames are resampled by time. Nil keeps the source's frames and delays.
    public var fps: Double?
    /// Plays `speed` times as fast (0.5 = half speed); nil plays at the source's rate.
    public var speed: Double?
    /// Straight-alpha colour flattened behind every frame (no transparency left when opaque).
    public var background: RGBA8?
    /// GIF: blend soft edges onto this opaque colour; only fully transparent pixels stay transparent.
    public var matte: RGBA8?
    /// GIF without a matte: alpha at or above this is opaque, below it transparent.
    public var alphaThreshold: UInt8?
    /// GIF palette size, including the transparent entry.
    public var colors: Int?
    /// GIF colour reduction.
    public var dither: DitherMode?
    /// WebP: lossy at this quality (with `lossless`, the quality is the effort).
    public var quality: Double?
    /// WebP: lossless (the default unless a quality is given).
    public var lossless: Bool?
    /// zlib level for PNG and APNG, effort for WebP.
    public var compression: Int?
    /// Loop behaviour; nil: what the input says (inputs with no loop information loop forever).
    public var loop: LoopHint?

    public init() {}

    // MARK: Ranges and defaults

    /// Output frame rates: from one frame an hour to 1000 a second (the rates inputs may declare).
    public static let fpsRange: ClosedRange<Double> = FrameTiming.fpsRange
    /// The fastest speed; a speed must also be above 0.
    public static let maxSpeed: Double = 1000
    public static let qualityRange: ClosedRange<Double> = 0...100
    public static let colorsRange: ClosedRange<Int> = 2...256
    /// 0 would make every pixel opaque: a matte or a background says that better.
    public static let alphaThresholdRange: ClosedRange<Int> = 1...255
    public static let compressionRange: ClosedRange<Int> = 0...9
    /// Repeats after the first play (0 = forever): a GIF's NETSCAPE loop count is 16 bits.
    public static let loopRange: ClosedRange<Int> = 0...65535

    public static let defaultColors = 256
    public static let defaultAlphaThreshold: UInt8 = 128
    public static let defaultDither = DitherMode.none
    /// WebP quality when lossy output is asked for by `lossless: false` alone.
    public static let defaultQuality: Double = 75
    /// PNG/APNG: fast, no row filters (level 5 and above add them).
    public static let defaultPNGCompression = 1
    /// libwebp's method 0-6; `compression` 0-9 is scaled onto it.
    public static let defaultWebPMethod = 4

    // MARK: Checked values

    /// `value` as an output frame rate.
    public static func fps(checking value: Double) throws(EncoderSettingsError) -> Double {
        try number(value, .fps, in: fpsRange)
    }

    /// `value` as a speed: above 0, at most `maxSpeed`.
    public static func speed(checking value: Double) throws(EncoderSettingsError) -> Double {
        guard value > 0 else { throw EncoderSettingsError(.speed, .outOfRange, value: value.compactText) }
        return try number(value, .speed, in: 0...maxSpeed)
    }

    /// `value` as a WebP quality.
    public static func quality(checking value: Double) throws(EncoderSettingsError) -> Double {
        try number(value, .quality, in: qualityRange)
    }

    /// `value` as a GIF palette size.
    public static func colors(checking value: Double) throws(EncoderSettingsError) -> Int {
        try whole(value, .colors, in: colorsRange)
    }

    /// `value` as a GIF alpha threshold.
    public static func alphaThreshold(checking value: Double) throws(EncoderSettingsError) -> UInt8 {
        UInt8(try whole(value, .alphaThreshold, in: alphaThresholdRange))
    }

    /// `value` as a compression level.
    public static func compression(checking value: Double) throws(EncoderSettingsError) -> Int {
        try whole(value, .compression, in: compressionRange)
    }

    /// A number of repeats after the first play as a loop: 0 loops forever.
    public static func loop(checkingCount value: Double) throws(EncoderSettingsError) -> LoopHint {
        let n = try whole(value, .loop, in: loopRange)
        return n == 0 ? .forever : .repeats(n)
    }

    /// The dither called `name` (any case).
    public static func dither(named name: String) throws(EncoderSettingsError) -> DitherMode {
        guard let d = DitherMode(rawValue: name.lowercased()) else {
            throw EncoderSettingsError(.dither, .unknownName, value: "\"\(name)\"")
        }
        return d
    }

    /// `color` as a matte: it must be opaque, being the backdrop the GIF is shown on.
    public static func matte(checking color: RGBA8) throws(EncoderSettingsError) -> RGBA8 {
        guard color.a == 255 else { throw EncoderSettingsError(.matte, .notOpaque, value: color.hexDescription) }
        return color
    }

    private static func number(_ value: Double, _ option: EncoderOption,
                               in range: ClosedRange<Double>) throws(EncoderSettingsError) -> Double {
        // NaN is in no range; the CLI passes it for text that is not a number.
        guard range.contains(value) else { throw EncoderSettingsError(option, .outOfRange, value: value.compactText) }
        return value
    }

    private static func whole(_ value: Double, _ option: EncoderOption,
                              in range: ClosedRange<Int>) throws(EncoderSettingsError) -> Int {
        // The range is checked first: converting 1e300 to Int would trap.
        let v = try number(value, option, in: Double(range.lowerBound)...Double(range.upperBound))
        guard v == v.rounded() else { throw EncoderSettingsError(option, .notWhole, value: value.compactText) }
        return Int(v)
    }

    // MARK: Formats

    /// Refuses `option` for `format` when that format does not take it.
    public static func check(_ option: EncoderOption, for format: OutputFormat) throws(EncoderSettingsError) {
        guard option.formats.contains(format) else { throw EncoderSettingsError(option, .notTaken(by: format)) }
    }

    /// The options given (the fields that are not nil), in canonical order.
    public var givenOptions: [EncoderOption] {
        EncoderOption.allCases.filter { option in
            switch option {
            case .size: return false
            case .matte: return matte != nil
            case .background: return background != nil
            case .fps: return fps != nil
            case .speed: return speed != nil
            case .quality: return quality != nil
            case .lossless: return lossless != nil
            case .colors: return colors != nil
            case .dither: return dither != nil
            case .alphaThreshold: return alphaThreshold != nil
            case .loop: return loop != nil
            case .compression: return compression != nil
            }
        }
    }

    /// Checks that `format` takes every option given and that every value is in its range (the
    /// front ends check values as they read them; settings built in code are checked here).
    public func validate(for format: OutputFormat) throws(EncoderSettingsError) {
        for option in givenOptions { try Self.check(option, for: format) }
        if let fps { _ = try Self.fps(checking: fps) }
        if let speed { _ = try Self.speed(checking: speed) }
        if let quality { _ = try Self.quality(checking: quality) }
        if let colors { _ = try Self.colors(checking: Double(colors)) }
        if let alphaThreshold { _ = try Self.alphaThreshold(checking: Double(alphaThreshold)) }
        if let compression { _ = try Self.compression(checking: Double(compression)) }
        if case .repeats(let n) = loop { _ = try Self.loop(checkingCount: Double(n)) }
        if let matte { _ = try Self.matte(checking: matte) }
    }

    // MARK: Canonical form

    /// The settings given, as the members of canonical JSON: the same settings always give the
    /// same members, in `EncoderOption` order, under their canonical names. The build manifest
    /// records them and a build key hashes them, so the form must not change without a new
    /// manifest version (manifests of version 1 hold exactly this). A speed of 1 is the same
    /// output as none and is left out.
    public var canonicalMembers: [(String, JSONOutput)] {
        var m: [(String, JSONOutput)] = []
        func add(_ option: EncoderOption, _ value: JSONOutput) { m.append((option.rawValue, value)) }
        if let matte { add(.matte, .string(matte.hexDescription)) }
        if let background { add(.background, .string(background.hexDescription)) }
        if let fps { add(.fps, .double(fps)) }
        if let speed, speed != 1 { add(.speed, .double(speed)) }
        if let quality { add(.quality, .double(quality)) }
        if let lossless { add(.lossless, .bool(lossless)) }
        if let colors { add(.colors, .int(colors)) }
        if let dither { add(.dither, .string(dither.rawValue)) }
        if let alphaThreshold { add(.alphaThreshold, .int(Int(alphaThreshold))) }
        if let loop { add(.loop, .string(loop.description)) }
        if let compression { add(.compression, .int(compression)) }
        return m
    }
}
