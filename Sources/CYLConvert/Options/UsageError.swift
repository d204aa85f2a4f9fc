import CYLRaster
import CYLTimeline
/// A request that cannot be carried out as asked: a bad option value, an out-of-range frame.
/// The CLI prints it with the usage and exits 64.
public struct UsageError: Error, Sendable, Equatable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
