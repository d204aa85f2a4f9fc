import CYLRaster
import CYLTimeline
/// A failure to write an output file. `cannotCreate` maps to exit 73, `io` to 74.
public struct OutputError: Error, Sendable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable { case cannotCreate, io }
    public var file: String
    public var kind: Kind
    public var message: String

    public init(file: String, _ kind: Kind, _ message: String) {
        self.file = file
        self.kind = kind
        self.message = message
    }

    public var description: String { "\(file): \(message)" }
}
