import CYLTabBarItemAnimation

/// The `--max-…` flags: one row per field of `Limits`, giving the flag, its help, how its value is
/// read and stored, and so how a message's `Limits.<field>` is told to a user.
struct LimitFlag: Sendable {
    /// How the flag's text becomes the field's value.
    enum Field: Sendable {
        case count(WritableKeyPath<Limits, Int> & Sendable)
        case duration(WritableKeyPath<Limits, Duration> & Sendable)
    }

    let limit: Limit
    /// The long name without dashes ("max-pixels").
    let name: String
    let field: Field
    let help: String

    static let all: [LimitFlag] = [
        LimitFlag(limit: .maxCanvasPixels, name: "max-pixels", field: .count(\.maxCanvasPixels),
                  help: "Largest canvas or output in pixels (default \(Limits.defaultMaxCanvasPixels))."),
        LimitFlag(limit: .maxFrames, name: "max-frames", field: .count(\.maxFrames),
                  help: "Most frames an input may have (default \(Limits.defaultMaxFrames))."),
        LimitFlag(limit: .maxFileBytes, name: "max-file-bytes", field: .count(\.maxFileBytes),
                  help: "Largest input file read (default \(Limits.defaultMaxFileBytes))."),
        LimitFlag(limit: .maxJSONDepth, name: "max-json-depth", field: .count(\.maxJSONDepth),
                  help: "Deepest JSON nesting accepted (default \(Limits.defaultMaxJSONDepth))."),
        LimitFlag(limit: .maxJSONBytes, name: "max-json-bytes", field: .count(\.maxJSONBytes),
                  help: "Largest JSON document parsed (default \(Limits.defaultMaxJSONBytes))."),
        LimitFlag(limit: .maxJSONValues, name: "max-json-values", field: .count(\.maxJSONValues),
                  help: "Most values in one JSON document; bounds its memory (default \(Limits.defaultMaxJSONValues))."),
        LimitFlag(limit: .maxPrecompDepth, name: "max-precomp-depth", field: .count(\.maxPrecompDepth),
                  help: "Deepest nesting of Lottie precompositions and track mattes (default \(Limits.defaultMaxPrecompDepth))."),
        LimitFlag(limit: .maxPathPoints, name: "max-path-points", field: .count(\.maxPathPoints),
                  help: "Most points in one flattened shape (default \(Limits.defaultMaxPathPoints))."),
        LimitFlag(limit: .maxDrawsPerFrame, name: "max-draws", field: .count(\.maxDrawsPerFrame),
                  help: "Most layers, shapes, masks and mattes drawn for one frame once precomps and repeaters are expanded (default \(Limits.defaultMaxDrawsPerFrame))."),
        LimitFlag(limit: .maxWorkPixels, name: "max-work", field: .count(\.maxWorkPixels),
                  help: "Most pixels one command renders: output width x height x frames (default \(Limits.defaultMaxWorkPixels))."),
        LimitFlag(limit: .maxOutputBytes, name: "max-output-bytes", field: .count(\.maxOutputBytes),
                  help: "Largest output file built in memory before it is written (default \(Limits.defaultMaxOutputBytes))."),
        LimitFlag(limit: .maxObjects, name: "max-objects", field: .count(\.maxObjects),
                  help: "Most objects a Rive file may hold, nested artboard copies included (default \(Limits.defaultMaxObjects))."),
        LimitFlag(limit: .maxDecodedBytes, name: "max-decoded-bytes", field: .count(\.maxDecodedBytes),
                  help: "Decoded pixels kept in memory before frames are decoded again on demand (default \(Limits.defaultMaxDecodedBytes))."),
        LimitFlag(limit: .maxExpressionMemory, name: "max-expression-memory", field: .count(\.maxExpressionMemory),
                  help: "Bytes a Lottie expression engine may hold (default \(Limits.defaultMaxExpressionMemory))."),
        LimitFlag(limit: .maxExpressionSteps, name: "max-expression-steps", field: .count(\.maxExpressionSteps),
                  help: "Script steps one Lottie expression evaluation may run before it is stopped and its keyframes used; one frame's expressions together may run four times that (default \(Limits.defaultMaxExpressionSteps))."),
        LimitFlag(limit: .maxExpressionTime, name: "max-expression-time", field: .duration(\.maxExpressionTime),
                  help: "CPU time one frame's Lottie expressions may use together, e.g. 100ms or 0.5s; the expression running past it keeps its keyframes and is not run again (default 100ms)."),
        LimitFlag(limit: .maxExpressionTotalTime, name: "max-expression-total-time", field: .duration(\.maxExpressionTotalTime),
                  help: "CPU time one file's Lottie expressions may use over the whole command; past it they are turned off and keyframes used (default 2s)."),
    ]

    /// The flags as options of the commands that open inputs.
    static var specs: [OptionSpec] {
        all.map { flag in
            switch flag.field {
            case .count: .value(flag.name, "N", help: flag.help)
            case .duration: .value(flag.name, "DURATION", help: flag.help)
            }
        }
    }

    /// `Limits` with every flag given in `args` applied; a value that is not a positive count or
    /// duration is a usage error naming the flag.
    static func limits(_ args: ParsedArguments, _ command: CommandSpec) throws(CLIUsageError) -> Limits {
        var limits = Limits()
        for flag in all {
            guard let text = args.value(flag.name) else { continue }
            switch flag.field {
            case .count(let path):
                guard let n = Int(text), n > 0 else {
                    throw CLIUsageError(message: "Invalid value '\(text)' for '--\(flag.name)': expected a positive whole number.", command: command)
                }
                limits[keyPath: path] = n
            case .duration(let path):
                guard let d = Duration(parsing: text), d > .zero else {
                    throw CLIUsageError(message: "Invalid value '\(text)' for '--\(flag.name)': expected a time above zero such as 100ms, 0.5s or 2 (seconds, at most 3600).",
                                        command: command)
                }
                limits[keyPath: path] = d
            }
        }
        return limits
    }

    /// `text` as the command line tells it: each `Limits.<field>` a library message names becomes
    /// "raise it with --<flag>". Names that are not a limit are left as they are.
    static func explain(_ text: String) -> String {
        guard text.contains(Limit.prefix) else { return text }
        var out = ""
        var rest = Substring(text)
        while let start = rest.range(of: Limit.prefix) {
            out += rest[..<start.lowerBound]
            let name = rest[start.upperBound...].prefix { $0.isLetter || $0.isNumber }
            if let flag = all.first(where: { $0.limit.rawValue == name }) {
                out += "raise it with --\(flag.name)"
            } else {
                out += rest[start.lowerBound..<start.upperBound] + name
            }
            rest = rest[start.upperBound...].dropFirst(name.count)
        }
        return out + rest
    }
}
