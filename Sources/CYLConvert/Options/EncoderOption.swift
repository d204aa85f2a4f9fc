import CYLDocuments
import CYLImageCodecs
import Foundation

/// One output option of `EncoderSettings`, by its canonical name: the key a pipeline file and the
/// build manifest write. Front ends map their own spelling onto it (`--alpha-threshold` is
/// `alphaThreshold`); what each option accepts and which formats take it is said here once.
public enum EncoderOption: String, Sendable, CaseIterable {
    /// The output's size (`--size`, `--width`, `--height`, `--scale`; a pipeline's `size` and
    /// `scales`). Each front end holds its own kind of size, so `EncoderSettings` has no field for
    /// it; it is here because a .tgs sticker takes none.
    case size
    // The rest in the order of the canonical form.
    case matte, background, fps, speed, quality, lossless, colors, dither, alphaThreshold, loop, compression

    /// The formats that take the option, when only some do; nil when every format but the document formats (.tgs, .lottie) does.
    private var onlyFor: [OutputFormat]? {
        switch self {
        case .matte, .colors, .dither, .alphaThreshold: return [.gif]
        case .quality, .lossless: return [.webp]
        case .compression: return [.pngSequence, .apng, .webp]
        case .size, .background, .fps, .speed, .loop: return nil
        }
    }

    /// The formats that take the option. A .tgs sticker and a .lottie file are the
    /// Lottie document itself: no option changes them.
    public var formats: [OutputFormat] {
        onlyFor ?? OutputFormat.allCases.filter { !$0.isDocument }
    }

    /// The formats that take the option as messages and help name them: "GIF", "WebP", "PNG,
    /// APNG and WebP"; nil when every format but .tgs takes it.
    public var formatNames: String? {
        guard let only = onlyFor else { return nil }
        let names = only.map(\.displayName)
        return names.count == 1 ? names[0] : names.dropLast().joined(separator: ", ") + " and " + names.last!
    }

    /// What the option is called in a sentence about its value ("the GIF palette size").
    var subject: String {
        switch self {
        case .size: return "the size"
        case .matte: return "the matte colour"
        case .background: return "the background"
        case .fps: return "the frame rate"
        case .speed: return "the speed"
        case .quality: return "the WebP quality"
        case .lossless: return "lossless"
        case .colors: return "the GIF palette size"
        case .dither: return "the dither"
        case .alphaThreshold: return "the alpha threshold"
        case .loop: return "the loop count"
        case .compression: return "the compression level"
        }
    }

    /// The values the option takes, written from the named ranges of `EncoderSettings` ("2-256",
    /// "none, ordered or fs"); nil for the options whose every value of their type is taken.
    public var accepted: String? {
        func span(_ r: ClosedRange<Int>) -> String { "\(r.lowerBound)-\(r.upperBound)" }
        switch self {
        case .fps:
            // 1/3600 has no short decimal: it is written rounded, and as the fraction it is.
            let low = EncoderSettings.fpsRange.lowerBound
            return "from " + String(format: "%.4f", low) + " (1/\(Int((1 / low).rounded())), one frame an hour) to "
                + EncoderSettings.fpsRange.upperBound.compactText
        case .speed: return "above 0 (0.5 = half speed) and at most \(EncoderSettings.maxSpeed.compactText)"
        case .quality:
            return "\(EncoderSettings.qualityRange.lowerBound.compactText)-\(EncoderSettings.qualityRange.upperBound.compactText)"
        case .colors: return span(EncoderSettings.colorsRange)
        case .alphaThreshold: return span(EncoderSettings.alphaThresholdRange)
        case .compression: return span(EncoderSettings.compressionRange)
        case .loop: return "\(EncoderSettings.loopRange.lowerBound) (forever) to \(EncoderSettings.loopRange.upperBound)"
        case .dither: return DitherMode.allCases.map(\.rawValue).dropLast().joined(separator: ", ") + " or " + DitherMode.allCases.last!.rawValue
        case .matte: return "opaque (it is the backdrop the GIF is shown on)"
        case .size, .background, .lossless: return nil
        }
    }
}
