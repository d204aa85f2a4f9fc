#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CYLRaster
import CYLTimeline

/// One output file on its way to its path: a temporary file beside the target, or, for a
/// device, the bytes held until commit. `OutputWriter` is the only user: it decides where files
/// may go (never over an input) and commits or discards them together.
///
/// Bytes go to a temporary file in the target's directory (same file system, so the rename is
/// atomic), and only a complete file is renamed over the target. A failure at any point removes the
/// temporary file and leaves an existing target untouched.
struct StagedFile {
    enum Pending {
        /// A complete temporary file and its slot in the signal-cleanup table (-1: none).
        case temporary(path: String, slot: Int)
        /// An existing character device or FIFO, written through at commit.
        case device([UInt8])
    }

    /// Where the file will end up.
    let path: String
    let pending: Pending

    /// Writes `bytes` to a new temporary file beside `path`.
    ///
    /// When `path` already exists and is a character device or a FIFO (`/dev/stdout`, `/dev/null`,
    /// a pipe), the bytes are kept and written straight to it at commit instead: renaming over it
    /// would replace the device node with a regular file (`-o /dev/full` as root used to do exactly
    /// that). Block devices and sockets are refused.
    static func stage(_ bytes: [UInt8], for path: String) throws(OutputError) -> StagedFile {
        var st = stat()
        if stat(path, &st) == 0 {
            switch st.st_mode & S_IFMT {
            case S_IFREG, S_IFDIR: break   // a directory fails at rename with a clear message
            case S_IFCHR, S_IFIFO: return StagedFile(path: path, pending: .device(bytes))
            default:
                throw OutputError(file: path, .cannotCreate, "'\(path)' exists and is not a regular file, a character device or a pipe")
            }
        }
        let dir = FilePath.parentDirectory(of: path)
        let base = path.split(separator: "/").last.map(String.init) ?? path
        var template = Array("\(dir)/.\(base).XXXXXX".utf8CString)
        // Creating the file and recording it happen with the termination signals held back: a
        // Ctrl-C between the two would otherwise leave a temporary file the handler does not know.
        let (fd, temp, slot) = PendingTemporaries.withTerminationSignalsDeferred { () -> (Int32, String, Int) in
            let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
            guard fd >= 0 else { return (fd, "", -1) }
            let temp = String(cString: template.withUnsafeBufferPointer { $0.baseAddress! })
            return (fd, temp, PendingTemporaries.register(temp))
        }
        guard fd >= 0 else {
            throw OutputError(file: path, .cannotCreate, "cannot create a file in '\(dir)': \(errnoText())")
        }
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
        return StagedFile(path: path, pending: .temporary(path: temp, slot: slot))
    }

    /// Writes all of `bytes` to `fd`, retrying short writes and EINTR; the error, if any.
    static func writeAll(_ bytes: [UInt8], to fd: Int32, path: String) -> OutputError? {
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

    /// Whether commit writes through to a device rather than renaming a temporary file.
    var isDevice: Bool { if case .device = pending { return true }; return false }

    /// Renames the staged file into place, or writes the held bytes to the device.
    func commit() throws(OutputError) {
        switch pending {
        case .device(let bytes):
            try Self.writeThrough(bytes, to: path)
        case .temporary(let temp, let slot):
            defer { PendingTemporaries.release(slot) }
            guard rename(temp, path) == 0 else {
                let message = errnoText()
                unlink(temp)
                throw OutputError(file: path, .cannotCreate, "cannot move the finished file into place: \(message)")
            }
        }
    }

    /// Removes the staged file without touching the target.
    func discard() {
        guard case .temporary(let temp, let slot) = pending else { return }
        unlink(temp)
        PendingTemporaries.release(slot)
    }

    /// Creates `dir` and its parents when missing, appending each directory it creates to
    /// `created` (outermost first, also when it fails part-way) so a discarded write can remove them.
    static func makeDirectories(_ dir: String, recording created: inout [String]) throws(OutputError) {
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
            if mkdir(path, 0o777) == 0 {
                created.append(path)
            } else if errno != EEXIST {
                throw OutputError(file: dir, .cannotCreate, "cannot create directory '\(path)': \(errnoText())")
            }
        }
    }
}

func errnoText() -> String { String(cString: strerror(errno)) }

/// Temporary files that exist but are not committed yet, in C memory a signal handler can read:
/// a fixed table of `strdup`ed paths. Registering and releasing take a lock, so worker threads
/// (`cylanim build --jobs N`) may stage files at once; the signal handler reads without it
/// (it cannot wait), at worst missing a file registered in that instant.
enum PendingTemporaries {
    static let capacity = 4096
    nonisolated(unsafe) static let slots: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?> = {
        let p = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: capacity)
        p.initialize(repeating: nil, count: capacity)
        return p
    }()
    /// How many slots hold a path; taking it is what guards the table.
    private static let used = Locked(0)

    /// Records `path`; returns its slot (-1 when the table is full: that file is then not
    /// removed on a signal, though every other guarantee holds).
    static func register(_ path: String) -> Int {
        guard let copy = strdup(path) else { return -1 }
        let address = Int(bitPattern: copy)
        let slot = used.withLock { used -> Int in
            guard used < capacity else { return -1 }
            for i in 0..<capacity where slots[i] == nil {
                slots[i] = UnsafeMutablePointer(bitPattern: address)
                used += 1
                return i
            }
            return -1
        }
        if slot < 0 { free(copy) }
        return slot
    }

    /// Frees a slot once its file is committed or removed.
    static func release(_ slot: Int) {
        guard slot >= 0 else { return }
        let address = used.withLock { used -> Int in
            let p = slots[slot]
            slots[slot] = nil
            if p != nil { used -= 1 }
            return Int(bitPattern: p)
        }
        free(UnsafeMutablePointer<CChar>(bitPattern: address))
    }

    /// The signals whose handler removes pending temporaries.
    static let terminationSignals = [SIGINT, SIGTERM, SIGHUP]

    /// Runs `body` with the termination signals blocked on this thread; one that arrives meanwhile
    /// is delivered (and cleans up) as soon as they are unblocked. `errno` is kept from `body`.
    static func withTerminationSignalsDeferred<T>(_ body: () -> T) -> T {
        var block = sigset_t(), previous = sigset_t()
        sigemptyset(&block)
        for sig in terminationSignals { sigaddset(&block, sig) }
        pthread_sigmask(SIG_BLOCK, &block, &previous)
        let result = body()
        let saved = errno
        pthread_sigmask(SIG_SETMASK, &previous, nil)
        errno = saved
        return result
    }

    static func installHandlers() {
        signal(SIGXFSZ, SIG_IGN)
        // A parent may start us with these signals blocked (Foundation's Process does); blocked,
        // they would stay pending and the cleanup below would never run.
        var blocked = sigset_t()
        sigemptyset(&blocked)
        for sig in terminationSignals { sigaddset(&blocked, sig) }
        sigprocmask(SIG_UNBLOCK, &blocked, nil)
        for sig in terminationSignals {
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
