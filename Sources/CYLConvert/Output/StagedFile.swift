#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CYLRaster
import CYLTimeline

/// Output files that appear whole or not at all.
///
/// Bytes go to a temporary file in the target's directory (same file system, so the rename is
/// atomic), and only a complete file is renamed over the target. A failure at any point removes the
/// temporary file and leaves an existing target untouched.
public struct StagedFile {
    /// Where the file will end up.
    public let path: String
    /// Where it is being written (empty for a device written through).
    public let temporaryPath: String
    /// The temporary file's slot in the signal-cleanup table (-1: none).
    private let slot: Int

    /// Writes `bytes` to a new temporary file beside `path`.
    ///
    /// When `path` already exists and is a character device or a FIFO (`/dev/stdout`, `/dev/null`,
    /// a pipe), the bytes are written straight to it instead: renaming over it would replace the
    /// device node with a regular file (`-o /dev/full` as root used to do exactly that). Block
    /// devices and sockets are refused.
    public static func stage(_ bytes: [UInt8], for path: String) throws(OutputError) -> StagedFile {
        var st = stat()
        if stat(path, &st) == 0 {
            switch st.st_mode & S_IFMT {
            case S_IFREG, S_IFDIR: break   // a directory fails at rename with a clear message
            case S_IFCHR, S_IFIFO:
                try writeThrough(bytes, to: path)
                return StagedFile(path: path, temporaryPath: "", slot: -1)
            default:
                throw OutputError(file: path, .cannotCreate, "'\(path)' exists and is not a regular file, a character device or a pipe")
            }
        }
        let dir = parentDirectory(of: path)
        let base = path.split(separator: "/").last.map(String.init) ?? path
        var template = Array("\(dir)/.\(base).XXXXXX".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else {
            throw OutputError(file: path, .cannotCreate, "cannot create a file in '\(dir)': \(errnoText())")
        }
        let temp = String(cString: template.withUnsafeBufferPointer { $0.baseAddress! })
        let slot = PendingTemporaries.register(temp)
        var failure = writeAll(bytes, to: fd, path: path)
        // Files are made readable as a normal new file would be (mkstemp creates them 0600).
        let mask = umask(0); umask(mask)
        fchmod(fd, 0o666 & ~mask)
        if close(fd) != 0 && failure == nil { failure = OutputError(file: path, .io, "close failed: \(errnoText())") }
        if let failure {
            unlink(temp)
            PendingTemporaries.release(slot)
            throw failure
        }
        return StagedFile(path: path, temporaryPath: temp, slot: slot)
    }

    /// Writes all of `bytes` to `fd`, retrying short writes and EINTR; the error, if any.
    private static func writeAll(_ bytes: [UInt8], to fd: Int32, path: String) -> OutputError? {
        bytes.withUnsafeBytes { raw in
            var done = 0
            while done < raw.count {
                let n = Glibc.write(fd, raw.baseAddress! + done, raw.count - done)
                if n < 0 {
                    if errno == EINTR { continue }
                    return OutputError(file: path, .io, "write failed: \(errnoText())")
                }
                done += n
            }
            return nil
        }
    }

    /// Writes `bytes` to an existing device or FIFO (no staging is possible there).
    static func writeThrough(_ bytes: [UInt8], to path: String) throws(OutputError) {
        let fd = open(path, O_WRONLY | O_CLOEXEC)
        guard fd >= 0 else { throw OutputError(file: path, .cannotCreate, "cannot open for writing: \(errnoText())") }
        var failure = writeAll(bytes, to: fd, path: path)
        if close(fd) != 0 && failure == nil { failure = OutputError(file: path, .io, "close failed: \(errnoText())") }
        if let failure { throw failure }
    }

    /// Renames the staged file into place (nothing to do for a device written through).
    public func commit() throws(OutputError) {
        guard !temporaryPath.isEmpty else { return }
        defer { PendingTemporaries.release(slot) }
        guard rename(temporaryPath, path) == 0 else {
            let message = errnoText()
            unlink(temporaryPath)
            throw OutputError(file: path, .cannotCreate, "cannot move the finished file into place: \(message)")
        }
    }

    /// Removes the staged file without touching the target.
    public func discard() {
        guard !temporaryPath.isEmpty else { return }
        unlink(temporaryPath)
        PendingTemporaries.release(slot)
    }

    /// Makes Ctrl-C, SIGTERM and SIGHUP remove staged files that are not yet committed before the
    /// process dies, and turns SIGXFSZ (file size limit) into an ordinary write error. For CLIs.
    public static func installSignalCleanup() {
        PendingTemporaries.installHandlers()
    }

    /// Writes `bytes` to `path` atomically.
    public static func write(_ bytes: [UInt8], to path: String) throws(OutputError) {
        try stage(bytes, for: path).commit()
    }

    /// Creates `dir` and its parents when missing.
    public static func makeDirectories(_ dir: String) throws(OutputError) {
        var path = dir.hasPrefix("/") ? "" : "."
        for part in dir.split(separator: "/") {
            path += "/" + part
            var st = stat()
            if stat(path, &st) == 0 {
                guard (st.st_mode & S_IFMT) == S_IFDIR else {
                    throw OutputError(file: dir, .cannotCreate, "'\(path)' exists and is not a directory")
                }
                continue
            }
            if mkdir(path, 0o777) != 0 && errno != EEXIST {
                throw OutputError(file: dir, .cannotCreate, "cannot create directory '\(path)': \(errnoText())")
            }
        }
    }

    /// The directory part of `path` ("." for a bare name, "/" for a file at the root).
    public static func parentDirectory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        let dir = String(path[..<slash])
        return dir.isEmpty ? "/" : dir
    }
}

func errnoText() -> String { String(cString: strerror(errno)) }

/// Temporary files that exist but are not committed yet, in C memory a signal handler can read:
/// a fixed table of `strdup`ed paths. Registration happens on the writing thread only.
enum PendingTemporaries {
    static let capacity = 4096
    nonisolated(unsafe) static let slots: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?> = {
        let p = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: capacity)
        p.initialize(repeating: nil, count: capacity)
        return p
    }()
    /// Records `path`; returns its slot (-1 when the table is full: that file is then not
    /// removed on a signal, though every other guarantee holds).
    static func register(_ path: String) -> Int {
        for i in 0..<capacity where slots[i] == nil {
            slots[i] = strdup(path)
            return i
        }
        return -1
    }

    /// Frees a slot once its file is committed or removed.
    static func release(_ slot: Int) {
        guard slot >= 0, let p = slots[slot] else { return }
        slots[slot] = nil
        free(p)
    }

    static func installHandlers() {
        signal(SIGXFSZ, SIG_IGN)
        // A parent may start us with these signals blocked (Foundation's Process does); blocked,
        // they would stay pending and the cleanup below would never run.
        var blocked = sigset_t()
        sigemptyset(&blocked)
        for sig in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&blocked, sig) }
        sigprocmask(SIG_UNBLOCK, &blocked, nil)
        for sig in [SIGINT, SIGTERM, SIGHUP] {
            signal(sig) { received in
                // Only async-signal-safe calls: unlink, signal, raise.
                for i in 0..<PendingTemporaries.capacity {
                    if let p = PendingTemporaries.slots[i] { unlink(p) }
                }
                signal(received, SIG_DFL)
                raise(received)
            }
        }
    }
}
