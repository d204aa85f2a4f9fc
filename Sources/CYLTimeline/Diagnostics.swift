/// Something odd about an input that does not stop it from playing: a clamped delay, a frame
/// outside the screen, a missing trailer, an unsupported feature. `info` lists them.
public struct Diagnostic: Sendable, Equatable, CustomStringConvertible {
    public enum Severity: String, Sendable { case note, warning }
    public var severity: Severity
    /// Where in the input: "frame 3", a JSON path, a byte offset; empty for the whole file.
    public var location: String
    public var message: String
    /// The format feature the diagnostic is about when the back-end does not draw it as the file
    /// asks (an expression, an effect, a text layer); nil for anything else (odd data, clamped
    /// delays). Lets tools such as lint tell unsupported features apart without reading messages.
    public var feature: Feature?

    /// Features a back-end may meet and not draw (or draw differently from the authoring tool).
    public enum Feature: String, Sendable, CaseIterable {
        case expressions, effects, layerStyles, text, mergePaths, threeD
        /// A kind of layer or shape the back-end does not know or draw.
        case layerType, shapeType
        /// Images that are not embedded, or embedded in a format the back-end cannot decode.
        case externalImage, imageFormat
    }

    public init(_ severity: Severity = .warning, at location: String = "", _ message: String, feature: Feature? = nil) {
        self.severity = severity
        self.location = location
        self.message = message
        self.feature = feature
    }

    public var description: String {
        location.isEmpty ? "\(severity.rawValue): \(message)" : "\(severity.rawValue): \(location): \(message)"
    }
}
