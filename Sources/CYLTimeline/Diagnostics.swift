/// Something odd about an input that does not stop it from playing: a clamped delay, a frame
/// outside the screen, a missing trailer, an unsupported feature. `info` lists them.
public struct Diagnostic: Sendable, Equatable, CustomStringConvertible {
    public enum Severity: String, Sendable { case note, warning }
    public var severity: Severity
    /// Where in the input: "frame 3", a JSON path, a byte offset; empty for the whole file.
    public var location: String
    public var message: String

    public init(_ severity: Severity = .warning, at location: String = "", _ message: String) {
        self.severity = severity
        self.location = location
        self.message = message
    }

    public var description: String {
        location.isEmpty ? "\(severity.rawValue): \(message)" : "\(severity.rawValue): \(location): \(message)"
    }
}
