import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif
@testable import cylanim
import CYLTabBarItemAnimation

/// `cylanim play` in a real window on a virtual X server (Xvfb), driven as a person drives it:
/// clicks and keys from xdotool, pixels read back from the X server with xwd, never from our own
/// buffer. `make test` installs xvfb, xdotool and x11-apps (xwd); a missing tool fails the test.
@Suite(.serialized) struct PlayWindowTests {
    /// A bar where nothing loops, so that once a pass ends the window shows a frame that no
    /// longer depends on when the screenshot is taken: tasks (checkmark.json), alerts (badge.json),
    /// bounce (a PNG frame folder), at 1x so the window is small.
    static func steadyConfig(_ dir: ScratchDir) throws -> String {
        let path = dir.path + "/steady.json"
        let json = """
        {"CYLTabBarScale": 1, "tabBarItemsAttributes": [
          {"CYLTabBarItemIdentifier": "tasks", "CYLTabBarItemTitle": "Tasks", "CYLTabBarLottieFilePath": "\(CLI.sample("checkmark.json"))"},
          {"CYLTabBarItemIdentifier": "alerts", "CYLTabBarItemTitle": "Alerts", "CYLTabBarLottieFilePath": "\(CLI.sample("badge.json"))"},
          {"CYLTabBarItemIdentifier": "bounce", "CYLTabBarItemTitle": "Bounce", "CYLTabBarAnimationURL": "\(CLI.sample("bounce-frames"))"}
        ]}
        """
        try json.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// The issue's scenario: click a tab, switch to dark, press a number key, quit. After each step
    /// the window's pixels equal what `TabBarRenderer` draws for the state the runtime is in.
    @Test(.timeLimit(.minutes(2))) func clicksAndKeysDriveTheWindow() throws {
        let dir = try ScratchDir()
        let config = try Self.steadyConfig(dir)
        let x = try XServer()
        let play = try x.launch(["play", config, "--events", "--scale", "1", "--exit-after", "60s"], eventsTo: dir.path + "/events.txt")
        let window = try x.window(named: "cylanim play: steady.json", launchedBy: play)

        // What each state should look like, drawn independently of the window.
        let bar = try TabBar(configuration: try TabBarConfiguration.load(path: config), registry: .standard)
        let renderer = try TabBarRenderer(bar: bar)
        func expected(selected tab: Int, _ appearance: Appearance) throws -> Pixmap {
            var runtime = try TabBarRuntime(bar: bar)
            if tab != 0 { runtime.select(tab, at: .zero) }
            return try renderer.render(runtime.state(at: .seconds(60)).states, appearance: appearance)
        }
        // The window is mapped before its first frame is drawn: wait for the picture.
        try x.waitFor("launch: tasks at rest on its last frame") { try x.capture(window) == (try expected(selected: 0, .light)) }

        // A click in the middle of the second cell plays alerts once; it then holds its last frame.
        let layout = renderer.layout
        try x.xdotool(["mousemove", "--window", window, "\(layout.cellLeft(1) + layout.cellWidth(1) / 2)", "\(layout.height / 2)", "click", "1"])
        try play.waitForEvent(#""event":"animationDidFinish","tab":1"#)
        try x.waitFor("alerts played and held") { try x.capture(window) == (try expected(selected: 1, .light)) }

        try x.xdotool(["key", "--window", window, "d"])
        try x.waitFor { try x.capture(window) == (try expected(selected: 1, .dark)) }
        #expect(try x.windowName(window).contains("(dark)"), "the title says what is shown")

        try x.xdotool(["key", "--window", window, "3"])
        try play.waitForEvent(#""event":"animationDidFinish","tab":2"#)
        try x.waitFor("key 3: bounce played and held, still dark") { try x.capture(window) == (try expected(selected: 2, .dark)) }

        try x.pressQuitKey("q", in: window)
        let status = try play.waitForExit(within: .seconds(10))
        #expect(status == 0)
        let events = try play.events()
        #expect(events.map { $0.replacingOccurrences(of: #","time":[0-9.]+"#, with: "", options: .regularExpression) } == [
            #"{"event":"animationDidStart","tab":1,"identifier":"alerts"}"#,
            #"{"event":"animationDidFinish","tab":1,"identifier":"alerts","completed":true}"#,
            #"{"event":"animationDidStart","tab":2,"identifier":"bounce"}"#,
            #"{"event":"animationDidFinish","tab":2,"identifier":"bounce","completed":true}"#,
        ])
    }

    /// `--script` and `--exit-after` make a run repeatable: its events are preview's for the same
    /// script, times included, and at the end the window shows preview's last frame.
    @Test(.timeLimit(.minutes(2))) func aScriptedRunIsPreviewsRun() throws {
        let dir = try ScratchDir()
        let config = try Self.steadyConfig(dir)
        let script = "select 1; wait 1.2s; select 2; wait 0.3s; select 2; wait 1s"
        let x = try XServer()
        let play = try x.launch(["play", config, "--events", "--scale", "1", "--script", script, "--exit-after", "30s"],
                                eventsTo: dir.path + "/events.txt")
        let window = try x.window(named: "cylanim play: steady.json", launchedBy: play)
        try play.waitForEvent(#""event":"animationDidFinish","tab":2,"identifier":"bounce","time":2.000"#)
        let shown = try x.capture(window)
        try x.pressQuitKey("Escape", in: window)
        #expect(try play.waitForExit(within: .seconds(10)) == 0)

        let preview = try CLI.run(["preview", config, "--events", "--script", script])
        #expect(preview.status == 0, "\(preview.stderr)")
        #expect(try play.events() == preview.stdout.split(separator: "\n").map(String.init))
        // The bar once everything has settled: preview's frame at the script's end.
        let bar = try TabBar(configuration: try TabBarConfiguration.load(path: config), registry: .standard)
        let scripted = try ScriptedPreview(bar: bar, script: try PreviewScript(parsing: script))
        #expect(shown == (try scripted.render(frame: scripted.frames.count - 1, renderer: try TabBarRenderer(bar: bar))))
    }

    /// `--watch`: a save is on screen at once with the selection kept; a broken save shows its
    /// error over the bar (in the title and events too) while the last good bar plays on above
    /// it; the next good save clears it.
    @Test(.timeLimit(.minutes(2))) func watchReloadsSavesAndSurvivesBrokenOnes() throws {
        let dir = try ScratchDir()
        let config = try Self.steadyConfig(dir)
        let original = try String(contentsOfFile: config, encoding: .utf8)
        func save(_ text: String) throws {
            // As an editor saves: a new file renamed over the old one.
            try text.write(toFile: config, atomically: true, encoding: .utf8)
        }
        func expected(_ text: String, selected tab: Int) throws -> Pixmap {
            let path = dir.path + "/expected.json"
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            let bar = try TabBar(configuration: try TabBarConfiguration.load(path: path), registry: .standard)
            var runtime = try TabBarRuntime(bar: bar)
            if tab != 0 { runtime.select(tab, at: .zero) }
            return try TabBarRenderer(bar: bar).render(runtime.state(at: .seconds(60)).states, appearance: .light)
        }
        let x = try XServer()
        let play = try x.launch(["play", config, "--events", "--watch", "--scale", "1", "--exit-after", "60s"], eventsTo: dir.path + "/events.txt")
        let window = try x.window(named: "cylanim play: steady.json", launchedBy: play)
        try x.xdotool(["key", "--window", window, "2"])
        try play.waitForEvent(#""event":"animationDidFinish","tab":1"#)

        let renamed = original.replacingOccurrences(of: #""Alerts""#, with: #""Alarms""#)
        try save(renamed)
        try play.waitForEvent(#""event":"reloaded""#)
        try x.waitFor { try x.capture(window) == (try expected(renamed, selected: 1)) }

        try save(#"{"tabBarItemsAttributes": ["#)
        try play.waitForEvent(#""event":"reloadFailed""#)
        try x.waitFor { try x.windowName(window).hasSuffix("- reload failed") }
        let broken = try x.capture(window), good = try expected(renamed, selected: 1)
        // The band covers the bottom 20 rows at 1x (ErrorBanner: twice 10 pt); above it the last
        // good bar is untouched.
        func rows(_ p: Pixmap, _ ys: Range<Int>) -> [RGBA8] { ys.flatMap { y in (0..<p.width).map { p[$0, y] } } }
        #expect(broken.size == good.size)
        #expect(rows(broken, 0..<(good.height - 20)) == rows(good, 0..<(good.height - 20)))
        // ErrorBanner's red (B0 1E 1E at alpha F0) over the bar's light grey: red, not grey.
        let band = broken[1, good.height - 2]
        #expect(band.r > 150 && band.g < 80 && band.b < 80, "\(band)")
        #expect(play.stderr().contains("(still playing the last version that opened)"), "\(play.stderr())")

        try save(original)
        try x.waitFor { try x.capture(window) == (try expected(original, selected: 1)) }
        #expect(try !x.windowName(window).contains("reload failed"))
        try x.pressQuitKey("q", in: window)
        #expect(try play.waitForExit(within: .seconds(10)) == 0)
        let reloads = try play.events().filter { $0.contains("reload") }
        #expect(reloads.count == 3, "\(reloads)")
        #expect(reloads.allSatisfy { $0.contains(#""files":[""#) || $0.contains(#""error":"\#(config):"#) }, "\(reloads)")
    }

    /// The README's `play` commands open their window and end cleanly; a command without
    /// `--exit-after` is given one (a person would close the window), the rest run as written.
    @Test(.timeLimit(.minutes(2))) func readmeCommandsPlay() throws {
        let commands = try ReadmeCommandTests.readmeCommands(section: "### Playing in a window")
        #expect(commands.count >= 3)
        let x = try XServer()
        let dir = try ScratchDir()
        for (i, command) in commands.enumerated() {
            // Long enough for the window to be found under load (it must stay put for 200 ms).
            let args = command.contains("--exit-after") ? command : command + ["--exit-after", "4s"]
            let events = dir.path + "/events-\(i).txt"
            let play = try x.launch(args, eventsTo: events)
            let name = FilePath.lastComponent(of: args[1])
            _ = try x.window(named: "cylanim play: \(name)", launchedBy: play)
            #expect(try play.waitForExit(within: .seconds(20)) == 0, "cylanim \(args.joined(separator: " ")): \(play.stderr())")
        }
    }

    /// No display: one clear line and exit 69, whether no display is named or the one named is
    /// not there (where Debian's SDL would otherwise fall back to an invisible offscreen window
    /// that plays until killed).
    @Test(.timeLimit(.minutes(1))) func withoutADisplayItSaysSo() throws {
        let r = try CLI.run(["play", CLI.sample("checkmark.json")],
                            environment: ["DISPLAY": "", "WAYLAND_DISPLAY": "", "SDL_VIDEODRIVER": ""])
        #expect(r.status == 69)
        #expect(r.stderr == "cylanim: error: cannot open a window: neither DISPLAY nor WAYLAND_DISPLAY is set (`play` needs a desktop, or Xvfb)\n")
        // SDL is loaded here: under AddressSanitizer leaks are not looked for (see `XServer.environment`).
        var absent = ["DISPLAY": ":9999", "WAYLAND_DISPLAY": "", "SDL_VIDEODRIVER": ""]
        if CLI.underAddressSanitizer { absent["ASAN_OPTIONS"] = (ProcessInfo.processInfo.environment["ASAN_OPTIONS"].map { $0 + ":" } ?? "") + "detect_leaks=0" }
        let gone = try CLI.run(["play", CLI.sample("checkmark.json")], environment: absent)
        #expect(gone.status == 69)
        #expect(gone.stderr.contains("cylanim: error: cannot open a window: "), "\(gone.stderr)")
        #expect(gone.stderr.contains("needs a desktop, or Xvfb"), "\(gone.stderr)")
    }

    @Test func badOptionsAreUsageErrors() throws {
        let r = try CLI.run(["play", CLI.sample("checkmark.json"), "--exit-after", "soon"])
        #expect(r.status == 64)
        #expect(r.stderr.contains("Invalid value 'soon' for '--exit-after'"), "\(r.stderr)")
        let s = try CLI.run(["play", CLI.sample("checkmark.json"), "--scale", "9"])
        #expect(s.status == 64)
    }
}

/// A private X server for one test, and the X tools that drive it.
final class XServer {
    let display: String
    private let server: pid_t
    private var clients: [Process] = []

    /// Starts Xvfb with posix_spawn rather than Foundation's Process: the test runner's threads
    /// block SIGTERM and Process passes that mask on, so an Xvfb started that way never sees the
    /// SIGTERM that should stop it (and waiting for it hangs). Here the child gets an empty mask.
    init() throws {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { throw XError("pipe failed") }
        var actions = posix_spawn_file_actions_t()
        var attributes = posix_spawnattr_t()
        posix_spawn_file_actions_init(&actions)
        posix_spawnattr_init(&attributes)
        defer {
            posix_spawn_file_actions_destroy(&actions)
            posix_spawnattr_destroy(&attributes)
        }
        posix_spawn_file_actions_adddup2(&actions, fds[1], 1)
        posix_spawn_file_actions_addclose(&actions, fds[0])
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGTERM)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        // -displayfd: the server picks a free display and writes its number when it is ready.
        let args = ["/usr/bin/Xvfb", "-displayfd", "1", "-screen", "0", "1024x768x24", "-nolisten", "tcp"]
        var argv = args.map { strdup($0) } + [nil]
        defer { for a in argv { free(a) } }
        var pid = pid_t()
        let spawned = posix_spawn(&pid, args[0], &actions, &attributes, &argv, environ)
        close(fds[1])
        defer { close(fds[0]) }
        guard spawned == 0 else { throw XError("cannot start /usr/bin/Xvfb: \(String(cString: strerror(spawned)))") }
        server = pid
        var text = ""
        var byte: UInt8 = 0
        var poller = pollfd(fd: fds[0], events: Int16(POLLIN), revents: 0)
        while !text.hasSuffix("\n") {
            guard poll(&poller, 1, 20_000) == 1, read(fds[0], &byte, 1) == 1 else {
                kill(pid, SIGKILL)
                var status: Int32 = 0
                waitpid(pid, &status, 0)
                throw XError("Xvfb did not announce its display")
            }
            text.append(Character(UnicodeScalar(byte)))
        }
        display = ":" + text.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    deinit {
        // The clients inherit the runner's blocked SIGTERM too; they are done with anyway.
        for c in clients where c.isRunning {
            kill(c.processIdentifier, SIGKILL)
            c.waitUntilExit()
        }
        kill(server, SIGTERM)
        var status: Int32 = 0
        waitpid(server, &status, 0)
    }

    struct XError: Error, CustomStringConvertible {
        let description: String
        init(_ d: String) { description = d }
    }

    var environment: [String: String] {
        var env = ProcessInfo.processInfo.environment
        env["DISPLAY"] = display
        env["WAYLAND_DISPLAY"] = nil
        env["SDL_VIDEODRIVER"] = "x11"
        // Under AddressSanitizer (make test-asan) leaks are not looked for in the window process:
        // SDL_Quit unloads the X libraries SDL opened itself, so LeakSanitizer sees their
        // allocations kept until exit in "<unknown module>" and no suppression can name them.
        // ASan's other checks still run there, and leaks are still looked for in every other command.
        if CLI.underAddressSanitizer { env["ASAN_OPTIONS"] = (env["ASAN_OPTIONS"].map { $0 + ":" } ?? "") + "detect_leaks=0" }
        return env
    }

    /// A running cylanim whose standard output goes to `eventsPath`.
    final class Client {
        let process: Process
        let eventsPath: String
        let errPath: String
        init(process: Process, eventsPath: String, errPath: String) { self.process = process; self.eventsPath = eventsPath; self.errPath = errPath }

        func events() throws -> [String] {
            ((try? String(contentsOfFile: eventsPath, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
        }

        /// Waits (at most 15 s) until an event line containing `fragment` has been printed.
        func waitForEvent(_ fragment: String) throws {
            let deadline = Date().addingTimeInterval(15)
            while Date() < deadline {
                if try events().contains(where: { $0.contains(fragment) }) { return }
                guard process.isRunning else { break }
                usleep(20_000)
            }
            let err = (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? ""
            throw XError("no event with \(fragment); events: \(try events()); stderr: \(err)")
        }

        func stderr() -> String { (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? "" }

        func waitForExit(within limit: Duration) throws -> Int32 {
            let deadline = Date().addingTimeInterval(limit.seconds)
            while process.isRunning && Date() < deadline { usleep(20_000) }
            guard !process.isRunning else { throw XError("cylanim play did not exit within \(limit)") }
            return process.terminationStatus
        }
    }

    func launch(_ args: [String], eventsTo path: String) throws -> Client {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: CLI.binary)
        p.arguments = args
        p.environment = environment
        p.currentDirectoryURL = CLI.repo
        _ = FileManager.default.createFile(atPath: path, contents: nil)
        _ = FileManager.default.createFile(atPath: path + ".err", contents: nil)
        p.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        p.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: path + ".err"))
        p.standardInput = FileHandle.nullDevice
        try p.run()
        clients.append(p)
        return Client(process: p, eventsPath: path, errPath: path + ".err")
    }

    /// Runs an X tool against this display; its standard output.
    @discardableResult
    func tool(_ path: String, _ args: [String]) throws -> Data {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: path)
        p.arguments = args
        p.environment = environment
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        try p.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        let message = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        guard p.terminationStatus == 0 else {
            throw XError("\(path) \(args.joined(separator: " ")) failed (\(p.terminationStatus)): \(String(decoding: message, as: UTF8.self))")
        }
        return data
    }

    @discardableResult
    func xdotool(_ args: [String]) throws -> String {
        String(decoding: try tool("/usr/bin/xdotool", args), as: UTF8.self)
    }

    /// The id of the window whose title starts with `title`, once it is mapped (at most 45 s:
    /// under `make test`'s whole parallel load on two cores a window once took more than 20 s to
    /// appear, on a fresh clone on 2026-12-06; alone it appears within a second).
    ///
    /// The id must be the same in two searches 200 ms apart: SDL can destroy the window it first
    /// maps and make another (to match a renderer's visual), and an id taken in between is gone
    /// by the time xwd or xdotool uses it (BadWindow; seen once under `make test-asan`).
    func window(named title: String, launchedBy client: Client? = nil) throws -> String {
        let deadline = Date().addingTimeInterval(45)
        var candidate: String? = nil
        while Date() < deadline {
            if let ids = try? xdotool(["search", "--onlyvisible", "--name", "^" + NSRegularExpression.escapedPattern(for: title)]),
               let id = ids.split(separator: "\n").first.map(String.init) {
                if id == candidate { return id }
                candidate = id
                usleep(200_000)
                continue
            }
            candidate = nil
            if let client, !client.process.isRunning {
                throw XError("cylanim exited (\(client.process.terminationStatus)) before a window titled \(title) stayed on \(display); stderr: \(client.stderr())")
            }
            usleep(50_000)
        }
        let state = client.map { $0.process.isRunning ? "; cylanim still running" : "; cylanim exited (\($0.process.terminationStatus))" } ?? ""
        throw XError("no window titled \(title) appeared on \(display)\(state)\(client.map { "; stderr: " + $0.stderr() } ?? "")")
    }

    /// Presses a key that closes the window. The window can be gone before xdotool sends the key's
    /// release, which xdotool then reports as BadWindow: that error is the key having worked.
    func pressQuitKey(_ key: String, in window: String) throws {
        do {
            try xdotool(["key", "--window", window, key])
        } catch let e as XError where e.description.contains("BadWindow") {}
    }

    func windowName(_ id: String) throws -> String { try xdotool(["getwindowname", id]).trimmingCharacters(in: .newlines) }

    /// Retries `check` for up to 5 s (a key press reaches the window and is drawn asynchronously).
    func waitFor(_ what: String = "the expected picture", _ check: () throws -> Bool,
                 sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        let deadline = Date().addingTimeInterval(5)
        repeat {
            if try check() { return }
            usleep(50_000)
        } while Date() < deadline
        #expect(try check(), "the window never showed \(what)", sourceLocation: sourceLocation)
    }

    /// The window's pixels as the X server holds them (xwd's dump, parsed here): an opaque Pixmap.
    func capture(_ id: String) throws -> Pixmap {
        try XWD.parse([UInt8](try tool("/usr/bin/xwd", ["-id", id, "-silent"])))
    }
}

/// X Window Dump files (X11's XWDFile.h): a header of big-endian 32-bit fields, the window name,
/// a colour map, then the pixels as the server stores them. Only 24/32-bit true colour, which is
/// what Xvfb's 24-bit screen gives.
enum XWD {
    static func parse(_ b: [UInt8]) throws -> Pixmap {
        func field(_ i: Int) throws -> Int {
            guard b.count >= 4 * i + 4 else { throw XServer.XError("xwd: dump of \(b.count) bytes ends in its header") }
            return Int(b[4 * i]) << 24 | Int(b[4 * i + 1]) << 16 | Int(b[4 * i + 2]) << 8 | Int(b[4 * i + 3])
        }
        let headerSize = try field(0), width = try field(4), height = try field(5), byteOrder = try field(7)
        let bitsPerPixel = try field(11), bytesPerLine = try field(12)
        let masks = (r: try field(14), g: try field(15), b: try field(16)), colours = try field(19)
        guard bitsPerPixel == 32, masks == (0xFF0000, 0xFF00, 0xFF) else {
            throw XServer.XError("xwd: \(bitsPerPixel)-bit pixels with masks \(masks); expected 32-bit 8:8:8 true colour")
        }
        let start = headerSize + colours * 12
        guard b.count >= start + bytesPerLine * height else { throw XServer.XError("xwd: pixels cut short") }
        var rgba = [UInt8](repeating: 255, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let p = start + y * bytesPerLine + 4 * x
                // LSBFirst (0): the 32-bit value's low byte first, so blue, green, red in memory.
                let v = byteOrder == 0 ? Int(b[p]) | Int(b[p + 1]) << 8 | Int(b[p + 2]) << 16
                                       : Int(b[p + 3]) | Int(b[p + 2]) << 8 | Int(b[p + 1]) << 16
                rgba[(y * width + x) * 4] = UInt8(v >> 16 & 0xFF)
                rgba[(y * width + x) * 4 + 1] = UInt8(v >> 8 & 0xFF)
                rgba[(y * width + x) * 4 + 2] = UInt8(v & 0xFF)
            }
        }
        return try Pixmap(width: width, height: height, straightRGBA: rgba)
    }
}
