/// Reads a configuration-like document in whichever format it is written: the content decides
/// (`bplist`, `<plist`, `{`), the file extension breaks ties (`{` in a `.yaml` file is YAML's flow
/// style; text that is neither JSON nor XML is YAML), and content that is no document at all (an
/// HTML page, an image, UTF-16 text, nothing) is named as what it is.
public enum StructuredDocument {
    /// The format of `bytes`; `fileExtension` is the name's extension without the dot, if any.
    public static func format(of bytes: [UInt8], name: String, fileExtension: String?) throws(StructuredError) -> StructuredFormat {
        func notADocument(_ message: String) -> StructuredError { StructuredError(name: name, .notADocument, at: nil, message) }
        let ext = fileExtension?.lowercased() ?? ""
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
            throw notADocument("the file is UTF-16 text; save the configuration as UTF-8")
        }
        if bytes.starts(with: PropertyListBinaryReader.magic) { return .binaryPropertyList }
        for (magic, what) in binaryKinds where bytes.starts(with: magic) {
            throw notADocument("the file is \(what), not a configuration")
        }
        var start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while start < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[start]) { start += 1 }
        guard start < bytes.count else { throw StructuredError(name: name, .notADocument, at: SourcePosition(line: 1, column: 1, offset: 0), "the file is empty") }
        let head = bytes[start..<min(bytes.count, start + 4096)]
        if head.contains(0) {
            let shown = bytes.prefix(8).map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }
            throw notADocument("the file is binary data (starting \(shown.joined(separator: " "))), not a configuration")
        }
        let lower = String(decoding: head, as: UTF8.self).lowercased()
        let first = bytes[start]
        if first == UInt8(ascii: "<") {
            if lower.contains("<!doctype html") || lower.contains("<html") || lower.contains("<head") || lower.contains("<body") {
                throw notADocument("the file is an HTML page, not a configuration (a web page saved in its place? save the raw file)")
            }
            if lower.contains("<plist") || lower.contains("<!doctype plist") { return .xmlPropertyList }
            throw notADocument("the file is XML without a <plist> element; a property list configuration is <plist><dict>…</dict></plist>")
        }
        // A comment, a document marker or a directive can only be YAML, whatever the name says.
        if ext == "yaml" || ext == "yml" || first == UInt8(ascii: "#") || lower.hasPrefix("---") || lower.hasPrefix("%yaml") { return .yaml }
        if ext == "plist" && (first == UInt8(ascii: "{") || first == UInt8(ascii: "(")) {
            throw StructuredError(name: name, .unsupported, at: SourcePosition(line: 1, column: 1, offset: 0),
                                  "an old-style (OpenStep) property list; convert it with 'plutil -convert xml1'")
        }
        if first == UInt8(ascii: "{") || first == UInt8(ascii: "[") || lower.hasPrefix("//") || lower.hasPrefix("/*") { return .json }
        if ["json", "jsonc", "json5"].contains(ext) { return .json }
        return .yaml
    }

    /// Magic bytes of files a configuration is sometimes confused with.
    static let binaryKinds: [([UInt8], String)] = [
        ([0x89, 0x50, 0x4E, 0x47], "a PNG image"), (Array("GIF8".utf8), "a GIF image"), ([0xFF, 0xD8, 0xFF], "a JPEG image"),
        ([0x50, 0x4B, 0x03, 0x04], "a zip archive (a .lottie file?)"), ([0x1F, 0x8B], "gzip data (a .tgs file?)"),
        (Array("%PDF".utf8), "a PDF document"), (Array("RIVE".utf8), "a Rive animation"),
    ]

    /// Reads the document in its format (see `format(of:name:fileExtension:)`).
    public static func read(_ bytes: [UInt8], name: String, fileExtension: String?,
                            limits: StructuredLimits = StructuredLimits()) throws(StructuredError) -> (StructuredNode, StructuredFormat) {
        let format = try format(of: bytes, name: name, fileExtension: fileExtension)
        switch format {
        case .json: return (try JSON5Reader.read(bytes, name: name, limits: limits), format)
        case .yaml: return (try YAMLReader.read(bytes, name: name, limits: limits), format)
        case .xmlPropertyList: return (try PropertyListXMLReader.read(bytes, name: name, limits: limits), format)
        case .binaryPropertyList: return (try PropertyListBinaryReader.read(bytes, name: name, limits: limits), format)
        }
    }
}
