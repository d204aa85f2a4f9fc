import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Runs the built `cylanim` binary (it sits beside the test bundle in .build/<config>/).
enum CLI {
    struct Result {
        let status: Int32
        let stdout: String
        let stderr: String
    }

    static let repo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static let binary: String = {
        let exe = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        var dir = URL(fileURLWithPath: exe).deletingLastPathComponent()
        // The test runner may live inside an .xctest bundle directory.
        while !FileManager.default.fileExists(atPath: dir.appendingPathComponent("cylanim").path) && dir.path != "/" {
            dir = dir.deletingLastPathComponent()
        }
        return dir.appendingPathComponent("cylanim").path
    }()

    /// Whether the tests (and the cylanim beside them) are built with AddressSanitizer (`make
    /// test-asan`). ASan reserves terabytes of address space for its shadow memory, so a process
    /// under an address-space cap cannot even start.
    static let underAddressSanitizer: Bool = {
        guard let me = dlopen(nil, RTLD_NOW) else { return false }
        return dlsym(me, "__asan_init") != nil
    }()

    /// Runs cylanim with `args` in `directory` (default: the repository root). With
    /// `addressSpaceLimit` (bytes) the run is capped by prlimit, so an unbounded allocation fails
    /// the test instead of succeeding quietly; under AddressSanitizer the cap becomes ASan's own
    /// bound on one allocation (an oversized one aborts with a report) and on resident memory.
    @discardableResult
    static func run(_ args: [String], in directory: String? = nil, addressSpaceLimit: Int? = nil,
                    environment: [String: String] = [:]) throws -> Result {
        let process = Process()
        var env = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        if let limit = addressSpaceLimit, underAddressSanitizer {
            let mb = limit >> 20
            let options = "max_allocation_size_mb=\(mb):hard_rss_limit_mb=\(4 * mb + 256)"
            env["ASAN_OPTIONS"] = env["ASAN_OPTIONS"].map { "\($0):\(options)" } ?? options
            process.executableURL = URL(fileURLWithPath: binary)
            process.arguments = args
        } else if let limit = addressSpaceLimit {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/prlimit")
            process.arguments = ["--as=\(limit)", binary] + args
        } else {
            process.executableURL = URL(fileURLWithPath: binary)
            process.arguments = args
        }
        process.environment = env
        process.currentDirectoryURL = URL(fileURLWithPath: directory ?? repo.path)
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // Read both pipes before waiting so a chatty child cannot block on a full pipe.
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
                      stderr: String(decoding: errData, as: UTF8.self))
    }

    static func sample(_ name: String) -> String { repo.appendingPathComponent("sample-animations/\(name)").path }

    /// Whether util-linux `script` is there to give a command a pseudo-terminal.
    static let hasPseudoTerminal = FileManager.default.isExecutableFile(atPath: "/usr/bin/script")

    /// Runs the shell `command` in a pseudo-terminal (`script`), as on a terminal: its exit status
    /// and everything it wrote there.
    static func runInPseudoTerminal(_ command: String) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        process.arguments = ["-qec", command, "/dev/null"]
        let out = Pipe()
        process.standardOutput = out
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}

/// A scratch directory removed afterwards.
final class ScratchDir {
    let path: String
    init() throws {
        path = NSTemporaryDirectory() + "cylanim-test-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }
    deinit { try? FileManager.default.removeItem(atPath: path) }

    func files(_ sub: String = "") -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: path + "/" + sub)) ?? []).sorted()
    }

    func write(_ name: String, _ bytes: [UInt8]) throws {
        try Data(bytes).write(to: URL(fileURLWithPath: "\(path)/\(name)"))
    }
}
