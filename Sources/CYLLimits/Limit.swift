/// One field of `Limits`, as an error message names it.
///
/// A library error that stops at a bound says which field of `Limits` it was, written
/// `Limits.maxFrames` (this type's `description`): a Swift caller knows what to raise. How a user
/// raises it is the front end's business; the `cylanim` command line turns the name into
/// "raise it with --max-frames" when it prints the message, so no library module knows a flag.
/// The cases are exactly the stored properties of `Limits` (a test holds the two together).
public enum Limit: String, CaseIterable, Sendable, CustomStringConvertible {
    case maxCanvasPixels
    case maxFrames
    case maxJSONDepth
    case maxPrecompDepth
    case maxPathPoints
    case maxDecodedBytes
    case maxFileBytes
    case maxDrawsPerFrame
    case maxJSONBytes
    case maxJSONValues
    case maxWorkPixels
    case maxOutputBytes
    case maxObjects
    case maxExpressionMemory
    case maxExpressionSteps
    case maxExpressionTime
    case maxExpressionTotalTime

    /// `Limits.<field>`: the text messages carry, and the one prefix every such name has.
    public var description: String { Self.prefix + rawValue }

    /// What every limit's name in a message starts with.
    public static let prefix = "Limits."
}
