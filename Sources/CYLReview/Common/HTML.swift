import CYLDocuments
import CYLConvert

/// Text for HTML pages: embedded data (escaping is `TextEscaping.html`). Every page this module writes is one file
/// with nothing fetched from elsewhere, so images travel as `data:` URIs and data as JSON inside
/// a script element.
enum HTML {
    /// A `data:` URI holding `bytes` of type `mime`.
    static func dataURI(_ bytes: [UInt8], mime: String) -> String {
        "data:\(mime);base64," + Base64.encode(bytes)
    }

    /// The length of `dataURI(bytes, mime:)` without building it.
    static func dataURILength(byteCount: Int, mime: String) -> Int {
        "data:\(mime);base64,".utf8.count + (byteCount + 2) / 3 * 4
    }

    /// JSON text safe inside `<script type="application/json">`: `<` is written `\u003c`, so no
    /// `</script>` or `<!--` in a file name or title can end the element early.
    static func scriptJSON(_ value: JSONOutput) -> String {
        value.text.replacingOccurrences(of: "<", with: "\\u003c")
    }

    /// The page's fixed head: charset, a policy that forbids loading anything from anywhere (the
    /// page needs nothing outside itself, and a browser then refuses any accidental reference),
    /// an empty icon so the browser does not ask for /favicon.ico, and the style sheet.
    /// `scriptSource` adds a source scripts may come from (`review --watch`'s `file:` check).
    static func head(title: String, style: String, scriptSource: String? = nil) -> String {
        """
        <!doctype html>
        <html lang="en"><head><meta charset="utf-8">
        <meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src data:; style-src 'unsafe-inline'; script-src 'unsafe-inline'\(scriptSource.map { " " + $0 } ?? "")">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <link rel="icon" href="data:,">
        <title>\(TextEscaping.html(title))</title>
        <style>\(style)</style>
        </head>
        """
    }
}

/// Byte counts as people read them: 812 B, 14.2 KB, 3.1 MB (powers of 1000).
enum ByteCountText {
    static func text(_ n: Int) -> String {
        if n < 1000 { return "\(n) B" }
        if n < 1_000_000 { return one(Double(n) / 1000) + " KB" }
        return one(Double(n) / 1_000_000) + " MB"
    }

    static func one(_ v: Double) -> String {
        let t = (v * 10).rounded()
        return t.truncatingRemainder(dividingBy: 10) == 0 ? "\(Int(t / 10))" : "\(Int(t) / 10).\(Int(t) % 10)"
    }
}
