#if canImport(Glibc)
import Glibc
#endif
import CYLRaster
import CYLTabBar
import CYLTimeline

/// One animation as a tab plays it: what lint checks.
struct LintSubject {
    /// The file findings are reported against.
    var file: String
    /// Which tab of a configuration ("tab 2 \"sync\""); nil for a lone animation.
    var context: String?
    var timeline: FrameTimeline
    /// The dark variant (a second file or recoloured), nil when dark mode shows `timeline`.
    var dark: FrameTimeline?
    var policy: PlaybackPolicy
    var speed: Double
    /// The icon's size in points (the @1x pixel size).
    var pointSize: Double
    var darkBackground: RGBA8
    /// The input's size on disk (a folder: its files).
    var fileBytes: Int?
    /// Whether the input is a GIF (its content starts `GIF8`).
    var isGIF: Bool

    /// Every animated tab of `bar`; static image tabs have nothing to lint.
    static func subjects(of bar: TabBar, lone: Bool, pointSize: Double?, policy: PlaybackPolicy?) -> [LintSubject] {
        var out: [LintSubject] = []
        for tab in bar.tabs {
            let light: FrameTimeline, dark: FrameTimeline?, rule: PlaybackPolicy
            switch tab.light {
            case .animation(let l):
                light = l
                dark = tab.dark.timeline.flatMap { $0.source === l.source ? nil : $0 }
                rule = tab.policy
            case .loopingImage(let t): light = t; dark = nil; rule = .loop
            case .images: continue
            }
            out.append(LintSubject(file: light.file, context: lone ? nil : tab.item.label, timeline: light, dark: dark,
                                   policy: lone ? policy ?? rule : rule, speed: bar.configuration.speed,
                                   pointSize: pointSize ?? bar.configuration.iconSize,
                                   darkBackground: bar.configuration(for: .dark).colors(.dark).background,
                                   fileBytes: InputSize.bytes(of: light.file), isGIF: InputSize.isGIF(light.file)))
        }
        return out
    }

    /// Pixels at @1x per canvas unit: the canvas fitted into the icon's box.
    var pointScale: Double {
        pointSize / Double(max(timeline.canvasSize.width, timeline.canvasSize.height))
    }

    /// The frame rate as a viewer sees it: the declared rate, or one over the median frame
    /// duration (a GIF's long hold on one frame does not make it slow).
    var effectiveFPS: Double {
        switch timeline.timing {
        case .fps(let fps): return fps
        case .durations(let d):
            let sorted = d.map(\.seconds).sorted()
            let median = sorted[sorted.count / 2]
            return median > 0 ? 1 / median : .infinity
        }
    }

    /// Whether selecting the tab plays the animation once and holds its last frame.
    var playsOnceOnSelect: Bool { policy == .playOnceOnSelect || policy == .loopsWhenUnselected }

    /// How many frames selecting plays: all of them, or, for a timeline with a way back (a
    /// dotLottie state machine's toggle), those before `deselectionStart`; the frames after are
    /// what deselecting plays, which no check of "what selecting plays" may count.
    var selectionFrameCount: Int { timeline.deselectionStart ?? timeline.frameCount }

    /// How long selecting plays, at speed 1.
    var selectionDuration: Duration {
        timeline.deselectionStart.map { timeline.startTime(ofFrame: $0) } ?? timeline.duration
    }

    /// The frame a selected tab holds: the last frame selecting plays.
    var heldFrame: Int { selectionFrameCount - 1 }
}

/// Facts about an input file on disk.
enum InputSize {
    static func bytes(of path: String) -> Int? {
        guard let probe = try? ContentProbe.read(path: path) else { return nil }
        guard probe.isDirectory else { return fileSize(path) }
        return probe.entries.reduce(0) { $0 + (fileSize(path + "/" + $1) ?? 0) }
    }

    static func fileSize(_ path: String) -> Int? {
        var st = stat()
        guard stat(path, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG else { return nil }
        return Int(st.st_size)
    }

    static func isGIF(_ path: String) -> Bool {
        (try? ContentProbe.read(path: path))?.starts(with: Array("GIF8".utf8)) ?? false
    }
}
