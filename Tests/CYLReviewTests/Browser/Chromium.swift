#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// Debian's headless Chromium driven over the DevTools protocol through a pipe
/// (`--remote-debugging-pipe`: the browser reads commands on its fd 3 and writes replies and
/// events on its fd 4, one JSON message per NUL-terminated chunk). No port, no WebSocket, no
/// Python: the tests talk to the browser directly.
final class Chromium {
    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ text: String) { description = text }
    }

    /// Where the browser is: `CYL_CHROMIUM`, else Debian's `chromium` (installed by `make deps`).
    static func locate() -> String? {
        if let p = ProcessInfo.processInfo.environment["CYL_CHROMIUM"], access(p, X_OK) == 0 { return p }
        return ["/usr/bin/chromium", "/usr/lib/chromium/chromium", "/usr/bin/chromium-browser"].first { access($0, X_OK) == 0 }
    }

    /// Why a test that needs the browser cannot run, or nil when it can: the test fails with this
    /// message (Debian's `chromium` package is in the Makefile's DEB_PACKAGES, so `make test`
    /// installs it) unless `CYL_ALLOW_MISSING_CHROMIUM=1` asks to skip deliberately.
    static var missingMessage: String? {
        locate() == nil ? "headless Chromium is not installed (Debian package 'chromium'; `make deps` installs it as root)" : nil
    }

    static var allowMissing: Bool { ProcessInfo.processInfo.environment["CYL_ALLOW_MISSING_CHROMIUM"] == "1" }

    let pid: pid_t
    private let toBrowser: Int32
    private let fromBrowser: Int32
    private let profile: String
    private var buffer: [UInt8] = []
    private var nextID = 1
    /// Events not yet taken, oldest first.
    private(set) var events: [[String: Any]] = []
    private var closed = false

    /// Starts the browser (headless, device scale 1, sRGB, no network services) on about:blank.
    init(windowWidth: Int = 1280, windowHeight: Int = 1600) throws {
        guard let exe = Self.locate() else { throw Failure(Self.missingMessage ?? "no chromium") }
        profile = NSTemporaryDirectory() + "cyl-chromium-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: profile, withIntermediateDirectories: true)
        var commands: [Int32] = [0, 0], replies: [Int32] = [0, 0]
        guard pipe(&commands) == 0, pipe(&replies) == 0 else { throw Failure("pipe failed: \(errno)") }
        // Every end moves above the range the child's 3 and 4 use and is closed on exec, so no
        // other process the tests start inherits them (and holds a pipe open).
        func high(_ fd: Int32) -> Int32 { let h = fcntl(fd, F_DUPFD_CLOEXEC, 64); Glibc.close(fd); return h }
        let childReads = high(commands[0]), parentWrites = high(commands[1])
        let parentReads = high(replies[0]), childWrites = high(replies[1])
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, childReads, 3)
        posix_spawn_file_actions_adddup2(&actions, childWrites, 4)
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let args = [exe, "--headless", "--no-sandbox", "--disable-gpu", "--remote-debugging-pipe",
                    "--user-data-dir=\(profile)", "--no-first-run", "--no-default-browser-check", "--disable-extensions",
                    "--disable-background-networking", "--disable-component-update", "--disable-sync",
                    "--disable-dev-shm-usage", "--force-device-scale-factor=1", "--force-color-profile=srgb",
                    "--hide-scrollbars", "--mute-audio", "--window-size=\(windowWidth),\(windowHeight)", "about:blank"]
        var argv: [UnsafeMutablePointer<CChar>?] = args.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var child: pid_t = 0
        let rc = posix_spawn(&child, exe, &actions, nil, &argv, environ)
        Glibc.close(childReads); Glibc.close(childWrites)
        guard rc == 0 else { Glibc.close(parentReads); Glibc.close(parentWrites); throw Failure("cannot start \(exe): error \(rc)") }
        pid = child
        toBrowser = parentWrites
        fromBrowser = parentReads
    }

    deinit { close() }

    /// Closes the browser (politely, then by force) and removes its profile.
    func close() {
        guard !closed else { return }
        closed = true
        _ = try? send("Browser.close", [:], session: nil)
        Glibc.close(toBrowser)
        var status: Int32 = 0
        for _ in 0..<100 where waitpid(pid, &status, WNOHANG) == 0 { usleep(50_000) }
        if waitpid(pid, &status, WNOHANG) == 0 { kill(pid, SIGKILL); waitpid(pid, &status, 0) }
        Glibc.close(fromBrowser)
        try? FileManager.default.removeItem(atPath: profile)
    }

    /// Sends a command and returns its result; events that arrive meanwhile are kept.
    @discardableResult
    func call(_ method: String, _ params: [String: Any] = [:], session: String? = nil, timeout: Double = 30) throws -> [String: Any] {
        let id = try send(method, params, session: session)
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            let message = try receive(until: deadline, waitingFor: method)
            if let mid = message["id"] as? Int, mid == id {
                if let error = message["error"] as? [String: Any] { throw Failure("\(method): \(error["message"] ?? error)") }
                return message["result"] as? [String: Any] ?? [:]
            }
            if message["method"] != nil { events.append(message) }
        }
    }

    /// Waits for an event named `method` (for `session`), taking it from the queue.
    @discardableResult
    func waitForEvent(_ method: String, session: String?, timeout: Double = 30) throws -> [String: Any] {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            if let i = events.firstIndex(where: { $0["method"] as? String == method && $0["sessionId"] as? String == session }) {
                return events.remove(at: i)
            }
            let message = try receive(until: deadline, waitingFor: method)
            if message["method"] != nil { events.append(message) }
        }
    }

    /// Reads whatever events have arrived without waiting.
    func drainEvents() throws {
        while try readAvailable(timeoutMs: 0) {}
        while let message = takeMessage() { if message["method"] != nil { events.append(message) } }
    }

    private func send(_ method: String, _ params: [String: Any], session: String?) throws -> Int {
        let id = nextID
        nextID += 1
        var message: [String: Any] = ["id": id, "method": method, "params": params]
        if let session { message["sessionId"] = session }
        var bytes = [UInt8](try JSONSerialization.data(withJSONObject: message))
        bytes.append(0)
        var done = 0
        while done < bytes.count {
            let n = bytes[done...].withUnsafeBytes { write(toBrowser, $0.baseAddress, $0.count) }
            if n < 0 { if errno == EINTR { continue }; throw Failure("the browser's command pipe closed (\(method))") }
            done += n
        }
        return id
    }

    private func receive(until deadline: Date, waitingFor what: String) throws -> [String: Any] {
        while true {
            if let message = takeMessage() { return message }
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else { throw Failure("timed out waiting for \(what)") }
            _ = try readAvailable(timeoutMs: Int32(min(left, 1) * 1000) + 1)
        }
    }

    /// Reads into the buffer when data arrives within `timeoutMs`; whether anything was read.
    private func readAvailable(timeoutMs: Int32) throws -> Bool {
        var fds = pollfd(fd: fromBrowser, events: Int16(POLLIN), revents: 0)
        let ready = poll(&fds, 1, timeoutMs)
        guard ready > 0 else { return false }
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        let n = chunk.withUnsafeMutableBytes { read(fromBrowser, $0.baseAddress, $0.count) }
        if n < 0 && errno == EINTR { return true }
        guard n > 0 else { throw Failure("the browser closed its reply pipe (it crashed or exited)") }
        buffer += chunk[..<n]
        return true
    }

    private func takeMessage() -> [String: Any]? {
        guard let end = buffer.firstIndex(of: 0) else { return nil }
        let body = Data(buffer[..<end])
        buffer.removeSubrange(...end)
        return (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] ?? [:]
    }
}
