import CYLDocuments
import CYLTimeline

/// Why a `.pag` file cannot be opened: the byte offset of the offending data and what is wrong.
public struct PAGError: Error, CustomStringConvertible, Sendable {
    public var file: String
    /// Offset from the start of the file of the tag or value at fault; nil for the whole file.
    public var byteOffset: Int?
    public var message: String

    public init(file: String, byte: Int?, _ message: String) {
        self.file = file
        self.byteOffset = byte
        self.message = message
    }

    /// `byte N`, the location `cylanim` prints after the file name.
    public var location: SourceLocation { byteOffset.map(SourceLocation.byte) ?? SourceLocation() }

    public var description: String { location.isEmpty ? "\(file): \(message)" : "\(file):\(location): \(message)" }

    /// The same failure as the registry's error type, keeping the place.
    var openError: OpenError { OpenError(file: file, .invalid, message, location: location) }
}
