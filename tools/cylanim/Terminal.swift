#if canImport(Glibc)
import Glibc
#endif

/// Writing to the terminal: progress lines rewritten in place, warnings and errors on standard
/// error, raw escape text on standard output.
enum Terminal {
    /// Writes `text` to file descriptor `fd` directly, retrying short writes (the C `stderr` global
    /// is not concurrency-safe in Swift 6).
    static func write(_ text: String, to fd: Int32) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let n = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            if n <= 0 { if n < 0 && errno == EINTR { continue }; return }
            bytes = bytes.dropFirst(n)
        }
    }

    static func writeError(_ text: String) { write(text, to: 2) }

    /// `cylanim: warning: ...` on standard error, on one line whatever the file's text holds.
    /// A limit the library names is told as the flag that raises it.
    static func warn(_ text: String) { writeError("cylanim: warning: \(LimitFlag.explain(text).escapingControlCharacters)\n") }

    /// Whether to show progress: not when asked to be quiet, and only on a terminal.
    static func showsProgress(quiet: Bool) -> Bool { !quiet && isatty(2) != 0 }

    /// Rewrites the progress line in place; nil clears it.
    static func progress(_ text: String?) {
        let line = text.map { "\r\($0)\u{1B}[K" } ?? "\r\u{1B}[K"
        Terminal.writeError(line)
    }
}
