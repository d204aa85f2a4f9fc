import CYLConvert
import CYLDocuments
import CYLTabBar
import CYLTimeline

/// `index.html` beside the outputs: one self-contained page (thumbnails as data URIs, no
/// scripts, no external files) with a row per input and its outputs, so a build can be looked at
/// from a CI artifact. Each input shows one animated thumbnail per appearance (its smallest
/// image output, on a light or dark tile) and a linked list of all its outputs: embedding every
/// output made the corpus's page 21 MB.
public struct IndexPage {
    public static let fileName = "index.html"
    /// Outputs larger than this are linked, not embedded.
    public static let maxEmbeddedBytes = 1 << 20

    let manifest: BuildManifest
    let outputDirectory: String

    public init(manifest: BuildManifest, outputDirectory: String) {
        self.manifest = manifest
        self.outputDirectory = outputDirectory
    }

    /// The page. It depends only on the manifest's outputs and their files (no times), so two
    /// builds of the same outputs write the same page.
    public var html: String {
        var inputs: [String] = []
        var byInput: [String: [ManifestEntry]] = [:]
        for e in manifest.entries {
            if byInput[e.input] == nil { inputs.append(e.input) }
            byInput[e.input, default: []].append(e)
        }
        inputs.sort()
        let built = manifest.entries.filter { $0.status != .failed }.count
        let title = TextEscaping.html(FilePath.lastComponent(of: manifest.pipeline))
        var out = """
        <!DOCTYPE html>
        <html lang="en"><head><meta charset="utf-8"><title>\(title): build</title>
        <style>
        body{font:14px system-ui,sans-serif;margin:24px;color:#1c1c1e}
        table{border-collapse:collapse}td,th{border:1px solid #d1d1d6;padding:6px 8px;vertical-align:top;text-align:left}
        .out{display:inline-block;margin:4px;padding:6px;border-radius:6px;text-align:center;font-size:11px;max-width:180px;word-break:break-all}
        .light{background:#f2f2f7}.dark{background:#1c1c1e;color:#f2f2f7}.failed{background:#ffd7d5;color:#8a1c14;text-align:left}
        .out img{display:block;margin:0 auto 4px;max-width:96px;max-height:96px;image-rendering:auto}
        </style></head><body>
        <h1>\(title)</h1>
        <p>\(built) of \(manifest.entries.count) outputs from \(inputs.count) inputs (cylanim \(TextEscaping.html(manifest.toolVersion)))</p>
        <table><tr><th>input</th><th>outputs</th></tr>

        """
        for input in inputs {
            let entries = byInput[input] ?? []
            out += "<tr><td>\(TextEscaping.html(input))<br>"
            for appearance in Appearance.allCases {
                let images = entries.filter { $0.appearance == appearance && $0.status != .failed && Self.mimeType(format: $0.format) != nil }
                if let smallest = images.min(by: { ($0.files.first?.bytes ?? 0) < ($1.files.first?.bytes ?? 0) }) {
                    out += thumbnail(smallest)
                }
            }
            out += "</td><td>"
            for e in entries { out += cell(e) }
            out += "</td></tr>\n"
        }
        return out + "</table></body></html>\n"
    }

    /// The output itself, embedded, on a tile of its appearance.
    func thumbnail(_ e: ManifestEntry) -> String {
        guard let first = e.files.first, let mime = Self.mimeType(format: e.format), first.bytes <= Self.maxEmbeddedBytes,
              let bytes = FileSystem.read(FileSystem.join(outputDirectory, first.path)) else { return "" }
        return "<div class=\"out \(e.appearance.rawValue)\"><img alt=\"\(TextEscaping.html(e.output))\" src=\"data:\(mime);base64,\(Base64.encode(bytes))\"></div>"
    }

    func cell(_ e: ManifestEntry) -> String {
        guard e.status != .failed else {
            return "<div class=\"out failed\"><b>\(TextEscaping.html(e.output))</b><br>\(TextEscaping.html(e.error ?? "failed"))</div>"
        }
        let href = TextEscaping.html(Self.percentEncode(e.files.first?.path ?? e.output))
        return "<div class=\"out \(e.appearance.rawValue)\"><a href=\"\(href)\">\(TextEscaping.html(e.output))</a><br>"
            + "\(e.frames) frame\(e.frames == 1 ? "" : "s"), \(e.bytes) bytes</div>"
    }

    static func mimeType(format: OutputFormat) -> String? {
        switch format {
        case .gif: return "image/gif"
        case .apng, .pngSequence: return "image/png"
        case .webp: return "image/webp"
        case .tgs, .lottie: return nil   // a Lottie document, not an image
        }
    }

    /// A relative URL for a path: bytes outside unreserved characters and `/` percent-encoded.
    static func percentEncode(_ path: String) -> String {
        var out = ""
        for b in path.utf8 {
            let c = Character(UnicodeScalar(b))
            if (b >= 0x30 && b <= 0x39) || (b | 0x20 >= 0x61 && b | 0x20 <= 0x7A) || "-._~/@".contains(c) {
                out.append(c)
            } else {
                out += "%" + (b < 16 ? "0" : "") + String(b, radix: 16, uppercase: true)
            }
        }
        return out
    }
}
