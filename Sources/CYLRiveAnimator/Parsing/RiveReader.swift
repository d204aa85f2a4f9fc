import CYLTimeline

/// Reads `.riv` bytes into the file model: the one entry point of `Parsing/`.
enum RiveReader {
    /// The magic bytes every Rive runtime file starts with.
    static let magic: [UInt8] = Array("RIVE".utf8)

    static func read(_ bytes: [UInt8], name: String, limits: Limits) throws(RiveError) -> RiveFileModel {
        let stream = try ObjectStream(bytes: bytes, file: name, maxObjects: limits.maxObjects)
        var importer = RiveImporter(bytes: bytes, file: name, limits: limits)
        return try importer.importFile(stream)
    }
}
