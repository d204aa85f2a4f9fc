#if canImport(Glibc)
import Glibc
#endif
import CYLTimeline

/// The one way this package writes output files: every command (render, convert, preview, build)
/// hands its bytes to a writer, which
/// - refuses any output that would land on one of its inputs: the same file (same device and
///   inode, however the path reaches it: symlinks, `..`, hard links), anywhere inside an input
///   folder (a folder of PNG frames), or a file a tab-bar configuration names;
/// - creates missing directories and stages every file beside its target (a temporary file
///   renamed into place on commit), so nothing is visible until `commit()`;
/// - commits all files together, or on any error (or when dropped uncommitted) removes what it
///   staged and the directories it created, leaving existing files untouched.
///
/// ```swift
/// let writer = OutputWriter(inputs: timeline.inputs)
/// try writer.stage(png, to: "out/f-0001.png")
/// let written = try writer.commit()
/// ```
/// Not thread-safe: stage from one thread (multi-frame commands render on a pool and write in order).
public final class OutputWriter {
    /// A file written by `commit()`.
    public struct WrittenFile: Sendable, Equatable {
        /// The path as it was given to `stage`; `OutputWriter.standardOutputName` for standard output.
        public var path: String
        public var byteCount: Int

        public init(path: String, byteCount: Int) {
            self.path = path
            self.byteCount = byteCount
        }
    }

    /// How `WrittenFile.path` names standard output.
    public static let standardOutputName = "-"

    /// An input's identity on disk (`stat`, symlinks followed).
    private struct Identity: Equatable {
        var device: UInt64
        var inode: UInt64
    }

    private let inputs: [(path: String, identity: Identity, isDirectory: Bool)]
    private var staged: [StagedFile] = []
    private var written: [WrittenFile] = []
    private var standardOutput: [UInt8]?
    /// Canonical target paths already staged, so one run cannot write one file twice.
    private var claimed: Set<String> = []
    private var createdDirectories: [String] = []

    /// A writer that refuses to write over `inputs`: the files and folders the command read
    /// (`FrameTimeline.inputs`, `TabBar.inputs`). Paths that do not exist are ignored.
    public init(inputs: [String]) {
        var known: [(String, Identity, Bool)] = []
        for path in inputs {
            guard let (identity, isDirectory) = Self.identity(of: path) else { continue }
            if !known.contains(where: { $0.1 == identity }) { known.append((path, identity, isDirectory)) }
        }
        self.inputs = known
    }

    deinit { discard() }

    /// Files staged so far, in order (standard output last when staged).
    public var stagedFiles: [WrittenFile] {
        written + (standardOutput.map { [WrittenFile(path: Self.standardOutputName, byteCount: $0.count)] } ?? [])
    }

    /// Throws when `path` may not be written: it is an input, lies inside an input folder, or was
    /// already staged by this writer. Call it before expensive work to fail early; `stage` checks too.
    public func check(_ path: String) throws(OutputError) {
        guard let target = Self.resolve(path) else { return }
        if let (identity, _) = Self.identity(of: target),
           let input = inputs.first(where: { $0.identity == identity }) {
            throw OutputError(file: path, .cannotCreate, "the output is the input \(input.isDirectory ? "folder" : "file") '\(input.path)'; choose another output path")
        }
        var dir = FilePath.parentDirectory(of: target)
        while true {
            if let (identity, _) = Self.identity(of: dir),
               let input = inputs.first(where: { $0.isDirectory && $0.identity == identity }) {
                throw OutputError(file: path, .cannotCreate,
                                  "the output would be written into the input folder '\(input.path)'; choose another folder")
            }
            if dir == "/" { break }
            dir = FilePath.parentDirectory(of: dir)
        }
        if claimed.contains(target) && !Self.isDevice(target) {
            throw OutputError(file: path, .cannotCreate, "this run already writes '\(path)'; give each output its own path")
        }
    }

    /// Checks `path` (see `check`), creates its missing directories and stages `bytes` for it.
    /// Nothing appears at `path` until `commit()`.
    public func stage(_ bytes: [UInt8], to path: String) throws(OutputError) {
        try check(path)
        try StagedFile.makeDirectories(FilePath.parentDirectory(of: path), recording: &createdDirectories)
        staged.append(try StagedFile.stage(bytes, for: path))
        written.append(WrittenFile(path: path, byteCount: bytes.count))
        if let target = Self.resolve(path) { claimed.insert(target) }
    }

    /// Holds `bytes` for standard output, written on `commit()` (before any file is renamed).
    public func stageStandardOutput(_ bytes: [UInt8]) throws(OutputError) {
        guard standardOutput == nil else {
            throw OutputError(file: "<stdout>", .cannotCreate, "this run already writes to standard output")
        }
        standardOutput = bytes
    }

    /// Writes everything staged: standard output and devices first (the writes that can still
    /// fail), then every staged file renamed into place. On a failure the files not yet renamed
    /// are discarded and the error is thrown. Returns what was written, in staging order.
    @discardableResult
    public func commit() throws(OutputError) -> [WrittenFile] {
        do throws(OutputError) {
            if let bytes = standardOutput {
                if let failure = StagedFile.writeAll(bytes, to: 1, path: "<stdout>") { throw failure }
            }
            for file in staged where file.isDevice { try file.commit() }
            for (i, file) in staged.enumerated() where !file.isDevice {
                do throws(OutputError) { try file.commit() } catch {
                    staged.removeFirst(i + 1)   // renamed already, or removed by its failed rename
                    throw error
                }
            }
            staged = []
        } catch {
            discard()
            throw error
        }
        let done = stagedFiles
        written = []
        standardOutput = nil
        createdDirectories = []
        claimed = []
        return done
    }

    /// Removes every staged file and the directories this writer created (when empty); existing
    /// files are untouched. The writer can be used again afterwards.
    public func discard() {
        for file in staged { file.discard() }
        staged = []
        written = []
        standardOutput = nil
        claimed = []
        for dir in createdDirectories.reversed() { rmdir(dir) }
        createdDirectories = []
    }

    /// Writes one file: check, stage, commit.
    public static func write(_ bytes: [UInt8], to path: String, inputs: [String]) throws(OutputError) {
        let writer = OutputWriter(inputs: inputs)
        try writer.stage(bytes, to: path)
        try writer.commit()
    }

    /// Creates `directory` and its missing parents (`mkdir -p`), for callers that keep files of
    /// their own there before any output is staged (the pipeline's journal). Not undone on discard.
    public static func makeDirectories(_ directory: String) throws(OutputError) {
        var created: [String] = []
        try StagedFile.makeDirectories(directory, recording: &created)
    }

    /// Makes Ctrl-C, SIGTERM and SIGHUP remove staged files that are not yet committed before the
    /// process dies, and turns SIGXFSZ (file size limit) into an ordinary write error. For CLIs.
    public static func installSignalCleanup() {
        PendingTemporaries.installHandlers()
    }

    // MARK: Paths on disk

    private static func identity(of path: String) -> (Identity, isDirectory: Bool)? {
        var st = stat()
        guard stat(path, &st) == 0 else { return nil }
        return (Identity(device: UInt64(st.st_dev), inode: UInt64(st.st_ino)), (st.st_mode & S_IFMT) == S_IFDIR)
    }

    private static func isDevice(_ path: String) -> Bool {
        var st = stat()
        guard stat(path, &st) == 0 else { return false }
        let type = st.st_mode & S_IFMT
        return type == S_IFCHR || type == S_IFIFO
    }

    /// The absolute path `path` will be written at, without symlinks, `.` or `..` in its directory
    /// part: the existing part of the directory is resolved by the file system (`realpath`), the
    /// missing part (directories `stage` will create) by the text, so `new/../frames/f.png` is
    /// found inside `frames`. The last component is kept as given. Nil when the working directory
    /// cannot be read.
    static func resolve(_ path: String) -> String? {
        var parts: [String]
        if path.hasPrefix("/") {
            parts = []
        } else {
            guard let cwd = canonical(".") else { return nil }
            parts = cwd.split(separator: "/").map(String.init)
        }
        var missing = 0   // trailing entries of `parts` that do not exist yet
        let directory = FilePath.parentDirectory(of: path)
        for part in directory.split(separator: "/") where part != "." {
            if part == ".." {
                if !parts.isEmpty { parts.removeLast() }
                missing = max(0, missing - 1)
                continue
            }
            if missing == 0, let real = canonical("/" + (parts + [String(part)]).joined(separator: "/")) {
                parts = real.split(separator: "/").map(String.init)
            } else {
                parts.append(String(part))
                missing += 1
            }
        }
        let name = path.hasSuffix("/") ? "" : FilePath.lastComponent(of: path)
        return "/" + (parts + [name]).joined(separator: "/")
    }

    private static func canonical(_ path: String) -> String? {
        guard let p = realpath(path, nil) else { return nil }
        defer { free(p) }
        return String(cString: p)
    }
}
