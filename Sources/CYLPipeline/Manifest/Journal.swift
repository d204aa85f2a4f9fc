#if canImport(Glibc)
import Glibc
#endif

/// The journal of a running build: one manifest entry per line, appended as each job finishes,
/// so a build that is interrupted (Ctrl-C, kill, a lost CI runner) keeps what it finished and the
/// next run does only the rest. Removed once the manifest is written.
final class Journal: @unchecked Sendable {
    let path: String
    private let fd: Int32

    /// Opens (creating) the journal for appending; nil when it cannot be created, and the build
    /// then simply cannot resume.
    init?(path: String) {
        let fd = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
        guard fd >= 0 else { return nil }
        self.path = path
        self.fd = fd
    }

    deinit { close(fd) }

    /// Appends `entry` as one line. Callers serialise calls (the builder holds its lock); one
    /// `write` of a line with O_APPEND keeps lines whole even if another process appends too.
    func append(_ entry: ManifestEntry) {
        let bytes = Array((entry.json.text + "\n").utf8)
        bytes.withUnsafeBytes { raw in
            var done = 0
            while done < raw.count {
                let n = write(fd, raw.baseAddress! + done, raw.count - done)
                if n < 0 && errno == EINTR { continue }
                if n <= 0 { return }
                done += n
            }
        }
    }

    func remove() { unlink(path) }
}
