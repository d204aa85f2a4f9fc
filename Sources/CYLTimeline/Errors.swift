import CYLDocuments

/// A failure while rendering a frame of an already opened timeline.
public struct RenderError: Error, Sendable, CustomStringConvertible {
    public var file: String
    public var frame: Int?
    public var message: String

    public init(file: String, frame: Int? = nil, _ message: String) {
        self.file = file
        self.frame = frame
        self.message = message
    }

    public var description: String {
        if let frame { return "\(file):frame \(frame): \(message)" }
        return "\(file): \(message)"
    }
}

/// A failure to open an input: nothing recognised it, it is missing, or a back-end rejected it.
public struct OpenError: Error, Sendable, CustomStringConvertible {
    /// `unknownName`: the input is fine, but an option names something it does not have (a
    /// dotLottie theme); a usage mistake, and the message lists what the input has.
    public enum Kind: Sendable, Equatable { case notFound, unreadable, unrecognized, invalid, unknownName }
    public var file: String
    public var kind: Kind
    /// Where in the file (a JSON path, line:column, byte offset, frame); empty for the whole file.
    public var location: SourceLocation
    public var message: String

    public init(file: String, _ kind: Kind, _ message: String, location: SourceLocation = SourceLocation()) {
        self.file = file
        self.kind = kind
        self.message = message
        self.location = location
    }

    public var description: String { location.isEmpty ? "\(file): \(message)" : "\(file):\(location): \(message)" }
}
