#if canImport(Glibc)
import Glibc
#endif
import CYLTabBarItemAnimation

/// Plays a scripted preview on standard output in real time; Ctrl-C restores the cursor.
enum TerminalPlayback {
    /// What a signal handler writes before the process dies: show the cursor, reset colours, newline.
    nonisolated(unsafe) static let restoreBytes: UnsafeMutablePointer<UInt8> = {
        let text = Array((TerminalGraphics.resetAttributes + TerminalGraphics.showCursor + "\n").utf8)
        let p = UnsafeMutablePointer<UInt8>.allocate(capacity: text.count + 1)
        p.initialize(from: text, count: text.count)
        p[text.count] = 0
        return p
    }()

    static func write(_ text: String) { Terminal.write(text, to: 1) }

    static func terminalSize() -> (columns: Int, rows: Int) {
        var ws = winsize()
        if ioctl(1, UInt(TIOCGWINSZ), &ws) == 0, ws.ws_col > 0 { return (Int(ws.ws_col), Int(ws.ws_row)) }
        return (80, 24)
    }

    static func play(_ preview: ScriptedPreview, renderer: TabBarRenderer, graphics: TerminalGraphics,
                     loops: Int?, background: RGBA8) throws {
        _ = restoreBytes
        for sig in [SIGINT, SIGTERM, SIGHUP] {
            signal(sig) { received in
                // Async-signal-safe only: write, signal, raise.
                _ = Glibc.write(1, TerminalPlayback.restoreBytes, strlen(TerminalPlayback.restoreBytes))
                signal(received, SIG_DFL)
                raise(received)
            }
        }
        defer { write(TerminalGraphics.resetAttributes + TerminalGraphics.showCursor) }
        let (columns, rows) = terminalSize()
        var target = renderer.size
        if graphics == .halfBlocks {
            // One column per pixel and two pixel rows per line: fit the terminal.
            let maxW = max(8, columns), maxH = max(4, (rows - 2) * 2)
            let s = min(1, Double(maxW) / Double(target.width), Double(maxH) / Double(target.height))
            target = PixelSize(max(1, Int(Double(target.width) * s)), max(1, Int(Double(target.height) * s)))
        }
        // Reserve the lines the image takes, so that scrolling happens before the cursor is saved.
        let lines = graphics == .halfBlocks ? TerminalGraphics.halfBlockLines(height: target.height) : target.height / 16 + 2
        write(TerminalGraphics.hideCursor + String(repeating: "\n", count: lines) + "\u{1B}[\(lines)A" + TerminalGraphics.saveCursor)
        let frameTime = Duration.seconds(1 / preview.fps)
        let clock = ContinuousClock()
        var pass = 0
        // The second and later loops copy the frames the first one drew.
        let frames = FrameImageCache<Int>()
        while loops.map({ pass < $0 }) ?? true {
            var due = clock.now
            for i in preview.frames.indices {
                let image = try frames.image(i) {
                    let drawn = try preview.render(frame: i, renderer: renderer)
                    return drawn.size == target ? drawn : try drawn.fitted(to: target)
                }
                write(TerminalGraphics.restoreCursor + (try graphics.encode(image, background: background)))
                due += frameTime
                let wait = due - clock.now
                if wait > .zero { sleepFor(wait) }
            }
            pass += 1
        }
        write(TerminalGraphics.restoreCursor + String(repeating: "\n", count: lines))
    }

    static func sleepFor(_ d: Duration) {
        let (s, atto) = d.components
        var ts = timespec(tv_sec: Int(s), tv_nsec: Int(atto / 1_000_000_000))
        var rest = timespec()
        while nanosleep(&ts, &rest) != 0 && errno == EINTR { ts = rest }
    }
}
