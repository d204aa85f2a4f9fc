import CYLCodecs
import CYLGIFAnimator
import CYLFrameSequenceAnimator
import CYLLottieAnimator

/// Lottie-specific conversion helpers: `.tgs` output (gzipped Lottie JSON) and the registry that
/// opens a chosen animation of a dotLottie file.
public enum LottieSource {
    /// The standard registry; `animation` picks an animation of a dotLottie input.
    public static func registry(gifRole: GIFRole = .animation, animation: String? = nil) -> AnimatorRegistry {
        var animators = AnimatorRegistry.standard(gifRole: gifRole).animators
        if let animation {
            // The chosen animation's reader is asked first; everything else is unchanged.
            animators.insert(DotLottieAnimator(animationID: animation), at: 0)
        }
        return AnimatorRegistry(animators)
    }

    /// A `.tgs` (gzipped Lottie JSON) from a Lottie input: `.json` is gzipped, `.tgs` checked and
    /// kept. Other inputs are refused: a GIF or PNG frames have no vector form to put in a sticker.
    public static func tgs(fromInputAt path: String, limits: Limits = .standard, animation: String? = nil) throws -> [UInt8] {
        let bytes = try InputFile.read(path, limits: limits)
        if Gzip.isGzip(bytes) {
            let json = try Gzip.inflate(bytes, name: path, maxBytes: limits.maxFileBytes)
            try checkJSON(json, path: path, limits: limits)
            return bytes
        }
        if let first = bytes.first(where: { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }), first == UInt8(ascii: "{") {
            try checkJSON(bytes, path: path, limits: limits)
            return GzipWriter.compress(bytes)
        }
        if bytes.starts(with: [0x50, 0x4B, 0x03, 0x04]) {
            let json = try DotLottieFile(bytes: bytes, name: path, maxEntryBytes: limits.maxFileBytes).animationJSON(id: animation)
            return GzipWriter.compress(json)
        }
        throw UsageError("tgs output needs a Lottie input (.json, .lottie or .tgs); '\(path)' is not one")
    }

    static func checkJSON(_ json: [UInt8], path: String, limits: Limits) throws {
        _ = try JSONDocument.parse(json, name: path, maxDepth: limits.maxJSONDepth, maxBytes: limits.maxJSONBytes)
    }
}
