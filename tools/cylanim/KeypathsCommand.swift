import CYLLottieAnimator
import CYLTabBarItemAnimation

/// `cylanim keypaths`: every layer, group and shape item of a Lottie file, by keypath.
enum KeypathsCommand {
    static let spec = CommandSpec(
        name: "keypaths",
        abstract: "List the keypaths of a Lottie file's layers, groups and shape items.",
        discussion: """
        A keypath is the names from the top layer down to an item, joined with '.'. Dark-mode colour \
        overrides (CYLTabBarLottieDarkColors) match them, with '*' for one name and '**' for any number; \
        items marked 'colour' (fills, strokes, solid layers) are the ones an override can recolour.
        """,
        usage: "cylanim keypaths <input> [--json] [--colors-only]",
        arguments: [ArgumentSpec(name: "input", help: "A Lottie file (.json or gzip-compressed .tgs).")],
        options: [
            .flag("json", help: "Print a JSON array instead of text."),
            .flag("colors-only", help: "List only items with a colour (fills, strokes, solid layers)."),
            .value("max-file-bytes", "N", help: "Largest input file read (default \(Limits.defaultMaxFileBytes))."),
            .value("max-json-depth", "N", help: "Deepest JSON nesting accepted (default \(Limits.defaultMaxJSONDepth))."),
        ])

    static func run(_ args: ParsedArguments) throws -> Int32 {
        guard args.positionals.count == 1 else {
            throw CLIUsageError(message: args.positionals.isEmpty ? "Missing expected argument '<input>'."
                                : "Unexpected extra argument '\(args.positionals[1])'.", command: spec)
        }
        let path = args.positionals[0]
        var limits = Limits()
        for (name, apply) in [("max-file-bytes", { (n: Int) in limits.maxFileBytes = n }),
                              ("max-json-depth", { (n: Int) in limits.maxJSONDepth = n })] {
            guard let text = args.value(name) else { continue }
            guard let n = Int(text), n > 0 else {
                throw CLIUsageError(message: "Invalid value '\(text)' for '--\(name)': expected a positive whole number.", command: spec)
            }
            apply(n)
        }
        let bytes = try InputFile.read(path, limits: limits)
        let keypaths: [LottieKeypath]
        do {
            keypaths = try LottieDocument.keypaths(contentsOf: bytes, name: path, options: OpenOptions(limits: limits))
        } catch let e as LottieError {
            throw OpenError(file: path, .invalid, e.location.isEmpty ? e.message : "\(e.location): \(e.message)")
        }
        let items = keypaths.filter { !args.has("colors-only") || $0.hasColor }
        if args.has("json") {
            print(JSONOutput.array(items.map {
                .object([("keypath", .string($0.keypath)), ("kind", .string($0.kind)), ("color", .bool($0.hasColor))])
            }).text)
            return 0
        }
        for k in items { print(k.keypath.escapingControlCharacters + "  (" + k.kind + (k.hasColor ? ", colour" : "") + ")") }
        return 0
    }
}
