/// What is wrong with a file of settings the tool reads: a tab-bar configuration (`ConfigError`)
/// or a build pipeline (`PipelineError`). Both readers report this one classification, so what a
/// problem means (for the exit status, for tests) is decided once.
public enum SettingsProblem: Sendable, Equatable {
    /// Not a readable document: syntax, nesting too deep, NaN/Infinity, empty, not text.
    case syntax
    /// The file is larger than its limit.
    case tooLarge
    /// A value of the wrong type.
    case wrongType
    /// A value of the right type that is not acceptable (out of range, unknown name, a bad
    /// colour), or an unknown key.
    case invalidValue
    /// A required key is absent, or a tab has nothing to show.
    case missing
    /// A file the settings name (an animation, an image, an input) does not exist or cannot be read.
    case missingFile
    /// The settings file itself is missing or unreadable.
    case unreadable
    /// Configurations: a named animation exists but could not be opened.
    case badAnimation
    /// Configurations: something the seed library supports that this tool does not yet.
    case unsupported
    /// Configurations: a skin is missing, or a `"@name"` reference names a value no skin has.
    case theme
    /// Pipelines: more jobs than the limit.
    case tooManyJobs

    /// Whether the problem is a file that is not there or cannot be read (the settings file or
    /// one it names) rather than bad content: sysexits' "no input" (66), not "data error" (65).
    public var isMissingInput: Bool { self == .unreadable || self == .missingFile }
}
