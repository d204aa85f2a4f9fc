import CYLConvert
import CYLDocuments
import CYLRaster
import CYLTabBar
import CYLTimeline

/// One icon as the review page shows it: a tab of a bar, or a lone animation. Its frames live in
/// sprite sheets (one per appearance and scale, indices into the page's table); the rest is
/// what the page prints about it and what its player needs.
struct ReviewIcon {
    var heading: String
    var file: String
    /// Label and value rows: format, canvas, frames, timing, duration, loop, playback, dark variant.
    var facts: [(String, String)]
    var diagnostics: [Diagnostic]
    /// Static images: cell 0 is the normal image, cell 1 the selected one, and there is one frame.
    var isStatic: Bool
    /// Frame start times in milliseconds, `frameCount + 1` of them (the last is the length).
    var starts: [Double]
    /// The first frame of the deselection part, when deselecting plays a way back
    /// (`FrameTimeline.deselectionStart`).
    var deselectionStart: Int?
    var policy: PlaybackPolicy
    /// The gesture that replays the selected tab in the page's bar (`CYLTabBarItemGestureReselect`).
    var reselect: ReselectGesture
    var speed: Double
    /// Scale → sheet index, for the light icon and (when it differs) for dark mode.
    var light: [Int: Int]
    var dark: [Int: Int]?
    var title: String?
    var titleColor: RGBA8?
    var selectedTitleColor: RGBA8?
    var colors: (light: TabBarConfiguration.BarColors, dark: TabBarConfiguration.BarColors)

    var frameCount: Int { starts.count - 1 }
}

extension ReviewIcon {
    /// Everything about `tab` of `bar` except its sheets (`light` and `dark` are left empty).
    init(tab: OpenedTab, of bar: TabBar, heading: String) {
        let config = bar.configuration
        self.heading = heading
        self.title = tab.item.title
        self.titleColor = tab.item.titleColor
        self.selectedTitleColor = tab.item.selectedTitleColor
        self.colors = (bar.configuration(for: .light).colors(.light), bar.configuration(for: .dark).colors(.dark))
        self.speed = config.speed
        self.policy = tab.policy
        self.reselect = tab.item.reselectGesture
        self.light = [:]
        self.dark = nil
        switch tab.light {
        case .animation(let light):
            file = light.file
            isStatic = false
            starts = Self.starts(of: light)
            deselectionStart = light.deselectionStart
            diagnostics = light.diagnostics
            facts = Self.facts(of: light, policy: tab.policy, speed: config.speed)
            facts.append(("Dark variant", Self.darkVariantText(tab, light: light, dark: tab.dark.timeline ?? light)))
        case .loopingImage(let t):
            file = t.file
            isStatic = false
            starts = Self.starts(of: t)
            diagnostics = t.diagnostics
            facts = Self.facts(of: t, policy: .loop, speed: config.speed)
        case .images:
            file = tab.item.image ?? ""
            isStatic = true
            starts = [0, 0]
            diagnostics = []
            facts = [("Format", "static image (\(tab.item.renderingMode.rawValue))"),
                     ("Images", [tab.item.image, tab.item.selectedImage, tab.item.darkImage, tab.item.selectedDarkImage]
                        .compactMap { $0.map(FilePath.lastComponent(of:)) }.joined(separator: ", "))]
        }
    }

    /// Whether the tab's dark mode shows something other than its light frames.
    static func hasDarkVariant(_ tab: OpenedTab) -> Bool {
        switch tab.light {
        case .animation(let light): return tab.dark.timeline.map { $0.source !== light.source } ?? true
        case .images: return true   // templated or dark images: tinted per appearance
        case .loopingImage: return false
        }
    }

    static func starts(of t: FrameTimeline) -> [Double] {
        (0...t.frameCount).map { $0 == t.frameCount ? t.duration.seconds * 1000 : t.startTime(ofFrame: $0).seconds * 1000 }
    }

    static func facts(of t: FrameTimeline, policy: PlaybackPolicy, speed: Double) -> [(String, String)] {
        var rows: [(String, String)] = [
            ("Format", t.format),
            ("Canvas", "\(t.canvasSize.width)×\(t.canvasSize.height) \(t.capabilities.isVector ? "pt" : "px")"),
            ("Frames", "\(t.frameCount)"),
            ("Timing", timingText(t.timing)),
            ("Duration", seconds(t.duration.seconds) + (speed == 1 ? "" : " (\(seconds(t.duration.seconds / speed)) at speed \(speed.compactText))")),
            ("Loop", t.loop.description + (t.capabilities.declaresLoop ? " (declared by the file)" : " (the file declares none)")),
            ("Playback", policyText(policy, t)),
        ]
        if !t.markers.isEmpty { rows.append(("Markers", t.markers.map(\.name).joined(separator: ", "))) }
        return rows
    }

    static func darkVariantText(_ tab: OpenedTab, light: FrameTimeline, dark: FrameTimeline) -> String {
        // The same timeline (no variant, or a theme the light icon is already drawn with).
        guard dark.source !== light.source else { return "none: the light icon shows on the dark bar" }
        switch tab.darkVariant ?? .none {
        case .none: return "none: the light icon shows on the dark bar"
        case .file(let path, let byConvention):
            return FilePath.lastComponent(of: path) + (byConvention ? " (found by the _dark naming convention)" : "")
        case .theme(let name, let named):
            return "theme \"\(name)\" of \(FilePath.lastComponent(of: light.file))" + (named ? " (\(ConfigKey.darkThemeOption))" : "")
        case .colors(let overrides):
            return "colour overrides (\(overrides.count) keypath\(overrides.count == 1 ? "" : "s"))"
        }
    }

    static func policyText(_ p: PlaybackPolicy, _ t: FrameTimeline? = nil) -> String {
        switch p {
        case .playOnceOnSelect: return "plays once on select and holds the last frame; \(t?.deselectionText ?? "frame 0 when deselected"); replays on reselect"
        case .loopsWhenUnselected: return "loops while unselected; plays once on select and holds; replays on reselect"
        case .loop: return "loops forever whatever the selection"
        }
    }

    /// "30 fps", or the delays of a GIF grouped: "100 ms × 9, 500 ms × 1".
    static func timingText(_ timing: FrameTiming) -> String {
        switch timing {
        case .fps(let fps): return "\(fps.compactText) fps"
        case .durations(let d):
            var order: [Double] = [], counts: [Double: Int] = [:]
            for x in d {
                let ms = (x.seconds * 1000 * 10).rounded() / 10
                if counts[ms] == nil { order.append(ms) }
                counts[ms, default: 0] += 1
            }
            let parts = order.prefix(6).map { "\($0.compactText) ms × \(counts[$0]!)" }
            return "delays " + parts.joined(separator: ", ") + (order.count > 6 ? ", …" : "")
        }
    }

    static func seconds(_ s: Double) -> String {
        let ms = Int((s * 1000).rounded())
        let frac = ms % 1000
        return "\(ms / 1000).\(frac < 10 ? "00" : frac < 100 ? "0" : "")\(frac) s"
    }
}
