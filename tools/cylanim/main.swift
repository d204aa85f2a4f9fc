#if canImport(Glibc)
import Glibc
#endif
import CYLText
import CYLTabBarItemAnimation

/// Exit codes from sysexits.h, as DESIGN.md §5 lists them.
enum ExitCode {
    static let usage: Int32 = 64, dataError: Int32 = 65, noInput: Int32 = 66
    /// EX_UNAVAILABLE: `play` found no display, or no libSDL2, to open its window with.
    static let unavailable: Int32 = 69
    static let cannotCreate: Int32 = 73, ioError: Int32 = 74
}

let version = "0.1.0"

/// glibc serves blocks above its mmap threshold (128 KiB at first) with mmap and unmaps them when
/// freed, so every frame's pixmaps and libwebp's per-frame buffers were faulted in again on the
/// next frame: 180,000 page faults and 0.26 s of system time for a 60-frame 512x512 WebP, 21,000
/// and 0.03 s with these thresholds (peak RSS unchanged, 106 MB). Blocks up to 32 MiB now come from
/// the heap and stay for reuse; the heap is trimmed once 64 MiB at its top are free. (`mallopt` is
/// declared in <malloc.h>, which Glibc's Swift module leaves out: it is looked up by name.)
func tuneMalloc() {
    typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
    guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return }
    let mallopt = unsafeBitCast(symbol, to: Mallopt.self)
    let mmapThreshold: Int32 = -3, trimThreshold: Int32 = -1  // M_MMAP_THRESHOLD, M_TRIM_THRESHOLD
    _ = mallopt(mmapThreshold, 32 << 20)
    _ = mallopt(trimThreshold, 64 << 20)
}
tuneMalloc()
/// Every subcommand: its spec (for help and parsing) and what runs it. A new command is one entry.
let table: [(spec: CommandSpec, run: (ParsedArguments) throws -> Int32)] = [
    (InfoCommand.spec, InfoCommand.run),
    (RenderCommand.spec, RenderCommand.run),
    (KeypathsCommand.spec, KeypathsCommand.run),
    (ConvertCommand.spec, ConvertCommand.run),
    (PreviewCommand.spec, PreviewCommand.run),
    (PlayCommand.spec, PlayCommand.run),
    (BenchCommand.spec, BenchCommand.run),
    (BuildCommand.spec, BuildCommand.run),
    (ReviewCommand.spec, ReviewCommand.run),
    (DiffCommand.spec, DiffCommand.run),
    (LintCommand.spec, LintCommand.run),
]
let commands = table.map(\.spec)

/// Errors quote file content (keys, names, paths): control characters are escaped so each stays one line.
/// A limit the library names is told as the flag that raises it.
func printError(_ text: String) { Terminal.writeError("cylanim: error: \(LimitFlag.explain(text).escapingControlCharacters)\n") }

func printUsageError(_ e: CLIUsageError) {
    var text = "Error: \(LimitFlag.explain(e.message))\n"
    if let c = e.command {
        text += "Usage: \(c.usage)\n  See 'cylanim \(c.name) --help' for more information.\n"
    } else {
        text += "Usage: cylanim <subcommand>\n  See 'cylanim --help' for more information.\n"
    }
    Terminal.writeError(text)
}

@MainActor
func run(_ argv: [String]) -> Int32 {
    guard let first = argv.first else {
        Terminal.writeError(Help.root(commands: commands))
        return ExitCode.usage
    }
    if first == "-h" || first == "--help" { print(Help.root(commands: commands), terminator: ""); return 0 }
    if first == "--version" { print(version); return 0 }
    if first == "--generate-manual" { print(ManPage.roff(commands: commands, version: version), terminator: ""); return 0 }
    if first == "--generate-completion-script" {
        guard argv.count == 2, let script = Completions.script(for: argv[1], commands: commands) else {
            printUsageError(CLIUsageError(message: "--generate-completion-script takes one shell: bash or zsh.", command: nil))
            return ExitCode.usage
        }
        print(script, terminator: "")
        return 0
    }
    if first == "help" {
        guard argv.count > 1 else { print(Help.root(commands: commands), terminator: ""); return 0 }
        guard let c = commands.first(where: { $0.name == argv[1] }) else {
            printUsageError(CLIUsageError(message: "Unknown subcommand '\(argv[1])'.", command: nil))
            return ExitCode.usage
        }
        print(Help.text(for: c), terminator: "")
        return 0
    }
    guard let (command, runCommand) = table.first(where: { $0.spec.name == first }) else {
        var message = first.hasPrefix("-") ? "Unknown option '\(first)'." : "Unknown subcommand '\(first)'."
        if let guess = ArgumentParser.suggestion(for: first, among: commands.map(\.name)) { message += " Did you mean '\(guess)'?" }
        printUsageError(CLIUsageError(message: message, command: nil))
        return ExitCode.usage
    }
    // Ctrl-C, SIGTERM and SIGHUP remove staged outputs that are not committed yet (render stages
    // every frame before renaming any). `preview --terminal` installs its own handler later.
    OutputWriter.installSignalCleanup()
    do {
        let args = try ArgumentParser.parse(Array(argv.dropFirst()), for: command)
        if args.helpRequested { print(Help.text(for: command), terminator: ""); return 0 }
        return try runCommand(args)
    } catch {
        let status = report(error, command: command)
        return command.errorExit ?? status
    }
}

/// Prints `error` the way DESIGN.md §5 says and returns its exit code. A library `UsageError` is a
/// usage mistake of the command that ran (its usage is printed, exit 64).
func report(_ error: any Error, command: CommandSpec) -> Int32 {
    switch error {
    case let e as CLIUsageError:
        printUsageError(e)
        return ExitCode.usage
    case let e as UsageError:
        printUsageError(CLIUsageError(message: e.message, command: command))
        return ExitCode.usage
    case let e as OpenError where e.kind == .unknownName:
        printUsageError(CLIUsageError(message: e.description, command: command))
        return ExitCode.usage
    case let e as OpenError:
        printError(e.description)
        switch e.kind {
        case .notFound, .unreadable: return ExitCode.noInput
        case .unrecognized, .invalid, .unknownName: return ExitCode.dataError
        }
    case let e as OutputError:
        printError(e.description)
        return e.kind == .cannotCreate ? ExitCode.cannotCreate : ExitCode.ioError
    case let e as ConfigError:
        printError(e.description)
        return e.kind.isMissingInput ? ExitCode.noInput : ExitCode.dataError
    case let e as PipelineError:
        printError(e.description)
        return e.kind.isMissingInput ? ExitCode.noInput : ExitCode.dataError
    case let e as MergeError:
        printError(e.description)
        return ExitCode.dataError
    case let e as WindowError:
        printError(e.description)
        return ExitCode.unavailable
    case let e as FontError:
        printError(e.description)
        return ExitCode.noInput
    default:
        // Codec, render and pixmap errors: the input's data is bad. Each describes its file and place.
        printError("\(error)")
        return ExitCode.dataError
    }
}

exit(run(Array(CommandLine.arguments.dropFirst())))
