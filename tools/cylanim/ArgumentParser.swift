/// A small command-line parser following swift-argument-parser's conventions: `--name value`,
/// `--name=value`, `-x value`, flags, `--` to end options, `-h/--help`, and "Did you mean" for
/// unknown options. Commands declare their options; the parser knows nothing about them.

/// One option or flag a command accepts.
struct OptionSpec {
    /// Long name without dashes ("size").
    let name: String
    /// Short name without the dash ("o"), if any.
    let short: Character?
    /// Name of the value in help ("WxH"); nil for a flag.
    let valueName: String?
    let help: String
    /// Whether the option may be given several times (`--slot a=1 --slot b=2`); its values are
    /// then read with `ParsedArguments.values(_:)`.
    var repeatable = false

    static func flag(_ name: String, short: Character? = nil, help: String) -> OptionSpec {
        OptionSpec(name: name, short: short, valueName: nil, help: help)
    }

    static func value(_ name: String, short: Character? = nil, _ valueName: String, help: String) -> OptionSpec {
        OptionSpec(name: name, short: short, valueName: valueName, help: help)
    }

    /// An option that may be given several times.
    static func repeated(_ name: String, _ valueName: String, help: String) -> OptionSpec {
        OptionSpec(name: name, short: nil, valueName: valueName, help: help, repeatable: true)
    }

    var isFlag: Bool { valueName == nil }
}

/// A positional argument, for help.
struct ArgumentSpec {
    let name: String
    let help: String
}

/// Everything the help screen and the parser need to know about one subcommand.
struct CommandSpec {
    let name: String
    let abstract: String
    let discussion: String?
    let usage: String
    let arguments: [ArgumentSpec]
    let options: [OptionSpec]
    /// The exit status for any error, usage mistakes included, when the command documents one
    /// (`diff` exits 2 so CI can tell an error from a difference); nil: DESIGN.md §5's codes.
    var errorExit: Int32? = nil
}

/// A usage mistake: printed as `Error: ...` followed by the usage, exit 64.
struct CLIUsageError: Error {
    let message: String
    let command: CommandSpec?
}

/// The result of parsing: values by long name, flags set, positionals in order.
struct ParsedArguments {
    var values: [String: String] = [:]
    /// Every value of a repeatable option, in order.
    var repeatedValues: [String: [String]] = [:]
    var flags: Set<String> = []
    var positionals: [String] = []
    var helpRequested = false

    func value(_ name: String) -> String? { values[name] }
    /// All values of a repeatable option, in command-line order.
    func values(_ name: String) -> [String] { repeatedValues[name] ?? [] }
    func has(_ name: String) -> Bool { flags.contains(name) || values[name] != nil }
}

enum ArgumentParser {
    static func parse(_ args: [String], for command: CommandSpec) throws(CLIUsageError) -> ParsedArguments {
        var result = ParsedArguments()
        var i = 0
        var onlyPositionals = false
        func fail(_ message: String) -> CLIUsageError { CLIUsageError(message: message, command: command) }
        while i < args.count {
            let arg = args[i]
            i += 1
            if onlyPositionals || arg == "-" || !arg.hasPrefix("-") {
                result.positionals.append(arg)
                continue
            }
            if arg == "--" { onlyPositionals = true; continue }
            if arg == "-h" || arg == "--help" { result.helpRequested = true; continue }

            let (spec, inlineValue) = try option(arg, in: command)
            if spec.isFlag {
                guard inlineValue == nil else { throw fail("The flag '--\(spec.name)' does not take a value.") }
                result.flags.insert(spec.name)
                continue
            }
            let value: String
            if let inlineValue {
                value = inlineValue
            } else {
                guard i < args.count, args[i] == "-" || !args[i].hasPrefix("-") || Double(args[i]) != nil else {
                    throw fail("Missing value for '--\(spec.name) <\(spec.valueName!)>'.")
                }
                value = args[i]
                i += 1
            }
            if spec.repeatable {
                result.repeatedValues[spec.name, default: []].append(value)
                result.values[spec.name] = value
                continue
            }
            if result.values[spec.name] != nil {
                throw fail("The option '--\(spec.name)' was given more than once.")
            }
            result.values[spec.name] = value
        }
        return result
    }

    /// The option `arg` names (`--name`, `--name=value`, `-x`, `-xvalue`) and its inline value.
    static func option(_ arg: String, in command: CommandSpec) throws(CLIUsageError) -> (OptionSpec, String?) {
        var name: String
        var inlineValue: String?
        let spec: OptionSpec?
        if arg.hasPrefix("--") {
            name = String(arg.dropFirst(2))
            if let eq = name.firstIndex(of: "=") {
                inlineValue = String(name[name.index(after: eq)...])
                name = String(name[..<eq])
            }
            spec = command.options.first { $0.name == name }
        } else {
            let body = arg.dropFirst()
            guard let first = body.first else { throw CLIUsageError(message: "Unknown option '\(arg)'.", command: command) }
            spec = command.options.first { $0.short == first }
            name = spec?.name ?? String(first)
            if body.count > 1 { inlineValue = String(body.dropFirst()) }  // -ofile.png
        }
        guard let spec else {
            var message = "Unknown option '\(arg.split(separator: "=").first.map(String.init) ?? arg)'."
            if let guess = suggestion(for: name, among: command.options.map(\.name)) {
                message += " Did you mean '--\(guess)'?"
            }
            throw CLIUsageError(message: message, command: command)
        }
        return (spec, inlineValue)
    }

    /// The closest known name within an edit distance that still looks like a typo.
    static func suggestion(for name: String, among names: [String]) -> String? {
        let scored = names.map { ($0, editDistance(name, $0)) }.min { $0.1 < $1.1 }
        guard let (best, distance) = scored, distance <= max(2, name.count / 3) else { return nil }
        return best
    }

    static func editDistance(_ a: String, _ b: String) -> Int {
        let x = Array(a), y = Array(b)
        if x.isEmpty { return y.count }
        var previous = Array(0...y.count)
        for i in 1...x.count {
            var current = [i] + [Int](repeating: 0, count: y.count)
            for j in 1...max(1, y.count) where !y.isEmpty {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (x[i - 1] == y[j - 1] ? 0 : 1))
            }
            previous = y.isEmpty ? [i] : current
        }
        return previous[y.count]
    }
}
