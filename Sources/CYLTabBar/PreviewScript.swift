import CYLDocuments
import CYLConvert
import CYLRaster
import CYLTimeline
/// A review script: what a user does to the tab bar over time.
///
/// Commands are separated by `;` or new lines: `select 1` (a tap: by 0-based index or identifier;
/// tapping the selected tab again replays it when tapping is its reselect gesture),
/// `reselect 1` (the tab's reselect gesture, `CYLTabBarItemGestureReselect`: a tap, a double tap or
/// a long press, which replays the selected tab; on another tab it selects it), `wait 1.2s` (also
/// `500ms`, or plain seconds), `appearance dark` / `appearance light` (or just `dark`, `light`; the
/// playback position is kept).
public struct PreviewScript: Sendable, Equatable {
    /// One step of a script.
    public enum Command: Sendable, Equatable {
        /// A tap on a tab (index or identifier).
        case select(String)
        /// The tab's reselect gesture (index or identifier).
        case reselect(String)
        case wait(Duration)
        case appearance(Appearance)
    }

    /// The steps, in order.
    public var commands: [Command]

    /// A script of `commands`.
    public init(commands: [Command]) { self.commands = commands }

    /// The script's whole length (the sum of its waits).
    public var duration: Duration { commands.reduce(.zero) { if case .wait(let d) = $1 { return $0 + d }; return $0 } }

    /// Longest script accepted (10 minutes): a preview is a review, not a film.
    public static let maxDuration: Duration = .seconds(600)

    /// Reads a script written as `select 1; wait 1.2s; dark`; errors name the command and say what is expected.
    public init(parsing text: String) throws(UsageError) {
        var commands: [Command] = []
        let statements = text.split(whereSeparator: { $0 == ";" || $0 == "\n" })
        for (n, raw) in statements.enumerated() {
            let words = raw.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" }).map(String.init)
            guard let verb = words.first?.lowercased() else { continue }
            func bad(_ why: String) -> UsageError {
                UsageError("script command \(n + 1) '\(words.joined(separator: " "))': \(why)")
            }
            switch verb {
            case "select", "tap":
                guard words.count == 2 else { throw bad("expected 'select N' with a tab index (from 0) or identifier") }
                commands.append(.select(words[1]))
            case "reselect":
                guard words.count == 2 else { throw bad("expected 'reselect N' with a tab index (from 0) or identifier") }
                commands.append(.reselect(words[1]))
            case "wait":
                guard words.count == 2, let d = Duration(parsing: words[1]) else {
                    throw bad("expected 'wait 1.2s', 'wait 500ms' or 'wait 2' (seconds)")
                }
                commands.append(.wait(d))
            case "appearance":
                guard words.count == 2, let a = Appearance(rawValue: words[1].lowercased()) else {
                    throw bad("expected 'appearance light' or 'appearance dark'")
                }
                commands.append(.appearance(a))
            case "light", "dark":
                guard words.count == 1 else { throw bad("'\(verb)' takes no argument") }
                commands.append(.appearance(Appearance(rawValue: verb)!))
            default:
                throw bad("unknown command '\(words[0])'; the commands are select, reselect, wait, appearance")
            }
        }
        guard !commands.isEmpty else { throw UsageError("the script is empty; write e.g. \"select 1; wait 1.2s; select 2; wait 1s\"") }
        self.commands = commands
        guard duration <= Self.maxDuration else {
            throw UsageError("the script lasts \(duration.seconds) s, longer than the \(Int(Self.maxDuration.seconds)) s a preview renders")
        }
    }
}

/// A tab's player event, as `--events` prints it: `{"event":"animationDidStart","tab":1,...}`.
public struct PreviewEvent: Sendable, Equatable {
    /// What happened.
    public enum Kind: String, Sendable, Equatable {
        case didStart = "animationDidStart"
        case didFinish = "animationDidFinish"
    }
    public var kind: Kind
    /// The tab's position among the tabs shown (from 0).
    public var tab: Int
    /// `CYLTabBarItemIdentifier`.
    public var identifier: String?
    /// `CYLTabBarItemAccessibilityLabel`, what VoiceOver announces for the tab.
    public var accessibilityLabel: String?
    /// `CYLTabBarItemPageIdentifier`: the page the app routes to for the tab.
    public var pageIdentifier: String?
    /// `CYLTabBarItemPageParameters`: that page's parameters.
    public var pageParameters: [PageParameter] = []
    /// When, from the script's start.
    public var time: Duration
    /// For didFinish: whether the last frame was reached (false: cut short by a deselect or reselect).
    public var completed: Bool?

    /// An event; see the properties.
    public init(kind: Kind, tab: Int, identifier: String?, accessibilityLabel: String? = nil, time: Duration, completed: Bool? = nil) {
        self.kind = kind
        self.tab = tab
        self.identifier = identifier
        self.accessibilityLabel = accessibilityLabel
        self.time = time
        self.completed = completed
    }

    /// An event of the tab `item`, shown at position `tab`, with its identifier, label and page.
    init(_ kind: Kind, tab: Int, _ item: TabItem, time: Duration, completed: Bool? = nil) {
        self.init(kind: kind, tab: tab, identifier: item.identifier, accessibilityLabel: item.accessibilityLabel, time: time, completed: completed)
        pageIdentifier = item.pageIdentifier
        pageParameters = item.pageParameters
    }

    /// A time as the event lines write it: seconds with millisecond precision ("1.200"), so every
    /// line a tool adds to the stream (`play`'s reloads) reads the same.
    public static func jsonTime(_ time: Duration) -> String {
        let ms = Int64((time.seconds * 1000).rounded())
        return "\(ms / 1000).\(String(repeating: "0", count: 3 - String(ms % 1000).count))\(ms % 1000)"
    }

    /// One JSON object on one line; time in seconds with millisecond precision.
    public var jsonLine: String {
        var s = "{\"event\":\"\(kind.rawValue)\",\"tab\":\(tab)"
        if let identifier { s += ",\"identifier\":\(TextEscaping.jsonString(identifier))" }
        if let accessibilityLabel { s += ",\"accessibilityLabel\":\(TextEscaping.jsonString(accessibilityLabel))" }
        if let pageIdentifier { s += ",\"pageIdentifier\":\(TextEscaping.jsonString(pageIdentifier))" }
        if !pageParameters.isEmpty { s += ",\"pageParameters\":\(pageParameters.json.text)" }
        s += ",\"time\":\(Self.jsonTime(time))"
        if let completed { s += ",\"completed\":\(completed)" }
        return s + "}"
    }
}

/// One output frame of a scripted preview: every tab's state and the appearance.
public struct PreviewFrame: Sendable, Equatable {
    /// When the frame shows, from the script's start.
    public var time: Duration
    /// One state per tab shown.
    public var states: [TabState]
    /// The appearance at that time.
    public var appearance: Appearance
    /// The selected tab.
    public var selectedTab: Int
}

/// Runs a script on a `TabBarRuntime` (DESIGN.md §4: play once on select and hold, reset on
/// deselect, replay on reselect, loop when unselected, speed) and samples the bar at a fixed
/// frame rate: the frames a live player shows for the same taps at the same times. At time 0 the bar appears with `initialTab` selected, shown at its last frame
/// without playing (the library's launch rule; `CYLTabBarLaunchAnimates` plays it instead); every
/// `select` of the script is a tap, one at time 0 included.
public struct ScriptedPreview {
    /// The sampled frames, `1 / fps` apart.
    public var frames: [PreviewFrame] = []
    /// Every player event, in time order.
    public var events: [PreviewEvent] = []
    /// The script's length.
    public var duration: Duration = .zero
    /// Frames per second the bar was sampled at: frame index `k` shows at `k / fps`.
    public let fps: Double

    /// Runs `script` on `bar`'s players, sampling at `fps`, starting in `appearance` with `initialTab`
    /// selected at launch. Throws for a tab the script names that the bar lacks.
    public init(bar: TabBar, script: PreviewScript, fps: Double = 30, appearance: Appearance = .light,
                initialTab: Int = 0) throws {
        guard fps > 0, fps <= 120, fps.isFinite else { throw UsageError("the preview frame rate must be above 0 and at most 120, not \(fps)") }
        self.fps = fps
        // Resolve every select first so that a bad tab name fails before any work.
        var commands: [(PreviewScript.Command, Int?)] = []
        for c in script.commands {
            let named: String?
            switch c {
            case .select(let name), .reselect(let name): named = name
            default: named = nil
            }
            if let name = named {
                guard let i = bar.tabIndex(named: name) else {
                    let ids = bar.tabs.compactMap { $0.item.identifier }
                    throw UsageError("script: no tab '\(name)': give an index 0-\(bar.tabs.count - 1)"
                                     + (ids.isEmpty ? "" : " or an identifier (\(ids.joined(separator: ", ")))"))
                }
                commands.append((c, i))
            } else { commands.append((c, nil)) }
        }
        var runtime = try TabBarRuntime(bar: bar, initialTab: initialTab, appearance: appearance)
        var time = Duration.zero
        let step = 1 / fps
        var k = 0
        func sample(until end: Duration, inclusive: Bool) {
            while true {
                let t = Duration.seconds(Double(k) * step)
                if inclusive ? t > end + .nanoseconds(1000) : t >= end - .nanoseconds(1000) { break }
                frames.append(runtime.state(at: t))
                k += 1
            }
        }
        var endsWithState = true
        for (command, target) in commands {
            endsWithState = true
            switch command {
            case .wait(let d):
                sample(until: time + d, inclusive: false)
                time += d
                endsWithState = d == .zero
            case .select:
                runtime.select(target!, gesture: .tap, at: time)
            case .reselect:
                runtime.select(target!, gesture: .reselect, at: time)
            case .appearance(let a):
                runtime.appearance = a
            }
        }
        // A script that does not end with a wait still shows its final state.
        if frames.isEmpty || (endsWithState && frames.last!.time < time - .nanoseconds(1000)) { sample(until: time, inclusive: true) }
        runtime.advance(to: time)
        events = runtime.takeEvents()
        duration = time
    }
}

extension SkippedTab {
    /// `{"event":"tabSkipped","item":3,"identifier":"vip","reason":"..."}`: how `--events` lists a
    /// tab the filters left out (`item` is its position in `tabBarItemsAttributes`).
    public var jsonLine: String {
        var s = "{\"event\":\"tabSkipped\",\"item\":\(index)"
        if let identifier { s += ",\"identifier\":\(TextEscaping.jsonString(identifier))" }
        return s + ",\"reason\":\(TextEscaping.jsonString(reasonText))}"
    }
}
