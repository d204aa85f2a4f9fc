/// Why an encoder setting cannot be used: which option and what is wrong, explained the same way
/// to every front end. Each front end puts its own location around the explanation: `cylanim
/// convert` the flag (`Invalid value '300' for '--colors': ...`), a pipeline file its line:column
/// and JSON path.
public struct EncoderSettingsError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Problem: Sendable, Equatable {
        /// The output's format does not take the option.
        case notTaken(by: OutputFormat)
        /// Outside the option's range, or not a number at all.
        case outOfRange
        /// A fraction for an option that counts.
        case notWhole
        /// A name the option does not know.
        case unknownName
        /// A matte colour that is not opaque.
        case notOpaque
    }

    public var option: EncoderOption
    public var problem: Problem
    /// The value as a message shows it (`300`, `"fast"`), when the check had one.
    public var value: String?

    public init(_ option: EncoderOption, _ problem: Problem, value: String? = nil) {
        self.option = option
        self.problem = problem
        self.value = value
    }

    /// What is wrong, without the value or where it was given; `name` is the option as the front
    /// end spells it (`'--matte'`, `"matte"`), used where the sentence names it.
    public func explanation(naming name: String) -> String {
        let accepted = option.accepted ?? ""
        switch problem {
        case .notTaken(let format):
            guard let names = option.formatNames else {
                return format == .lottie
                    ? "a .lottie file carries the Lottie document itself, not pixels; \(name) does not apply to it"
                    : "a .tgs sticker is the Lottie document itself; \(name) does not apply to it"
            }
            return "\(name) applies to \(names) output only, and this output is \(format.rawValue)"
        case .outOfRange, .notOpaque: return "\(option.subject) must be \(accepted)"
        case .notWhole: return "\(option.subject) must be a whole number"
        case .unknownName: return "expected \(accepted)"
        }
    }

    /// The explanation with the option under its canonical name and the value, for callers of
    /// the library that built the settings in code.
    public var description: String {
        explanation(naming: "\"\(option.rawValue)\"") + (value.map { " (got \($0))" } ?? "")
    }
}
