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
    /// A dotLottie version 2 file (a zip of the Lottie JSON, its images and themes); Lottie input only.
    case lottie

    /// The formats that carry the Lottie document itself, not pixels: no raster option (size,
    /// frames, palette) applies to them.
    public var isDocument: Bool { self == .tgs || self == .lottie }

    /// The format an output path implies: `.gif`, `.png` (APNG, or a sequence with `%d`), `.webp`,
    /// `.tgs`. Nil when the extension says nothing we write.
    public static func inferred(from path: String) -> OutputFormat? {
        let lower = path.lowercased()
        if lower.hasSuffix(".gif") { return .gif }
        if lower.hasSuffix(".webp") { return .webp }
        if lower.hasSuffix(".tgs") { return .tgs }
        if lower.hasSuffix(".lottie") { return .lottie }
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
        guard output != "-" else { throw UsageError("Writing to standard output needs --format (gif, png, webp, tgs or lottie).") }
        guard let format = inferred(from: output) else {
            throw UsageError("Cannot tell the format from '\(output)': use a .gif, .png, .webp, .tgs or .lottie name, a %d.png pattern, or --format.")
        }
        return format
    }

    /// The names `--format` and a pipeline's `"format"` accept.
    public static func parse(_ text: String) -> OutputFormat? {
        switch text.lowercased() {
        case "gif": return .gif
        case "png", "apng": return .apng
        case "webp": return .webp
        case "png-sequence", "pngs", "frames": return .pngSequence
        case "tgs": return .tgs
        case "lottie", "dotlottie": return .lottie
        default: return nil
        }
    }

    /// The names a misspelt format is compared with for a did-you-mean (`parse`'s, without its
    /// short aliases for PNG frames).
    public static let suggestedNames = ["gif", "png", "apng", "webp", "png-sequence", "tgs", "lottie"]

    /// Why a format name was not one `parse` takes: what every front end says after its own
    /// location and the name.
    public static let expectedNames = "expected gif, png (animated PNG), webp, png-sequence, tgs or lottie (dotLottie)"

    /// How messages and help name the format: "GIF", "APNG", "WebP", "PNG" (frames), ".tgs", ".lottie".
    public var displayName: String {
        switch self {
        case .gif: return "GIF"
        case .apng: return "APNG"
        case .webp: return "WebP"
        case .pngSequence: return "PNG"
        case .tgs: return ".tgs"
        case .lottie: return ".lottie"
        }
    }
}
