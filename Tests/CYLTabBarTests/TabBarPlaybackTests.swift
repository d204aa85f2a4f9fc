import Foundation
import Testing
@testable import CYLTabBar
import CYLTabBarItemAnimation
import CYLDocuments

/// A vector-like back-end for tests: `{"test": N}` files open as N frames at 10 fps, drawn in a
/// solid colour: red, or the colour of the first override matching the keypath "shape.fill".
struct SolidAnimator: CYLTabBarItemAnimator {
    var formatName: String { "Solid" }
    func canOpen(_ probe: ContentProbe) -> Bool { probe.starts(with: Array("{\"test\"".utf8)) }
    func timeline(for probe: ContentProbe, options: OpenOptions) throws -> FrameTimeline {
        let text = String(decoding: try InputFile.read(probe.path, limits: options.limits), as: UTF8.self)
        let n = Int(text.filter(\.isNumber)) ?? 1
        let color = options.colorOverrides.first { $0.matches(["shape", "fill"]) }?.color ?? RGBA8(255, 0, 0, 255)
        return FrameTimeline(format: "Lottie", file: probe.path, canvasSize: PixelSize(10, 10), frameCount: n, timing: .fps(10),
                             source: SolidSource(color: color))
    }
    final class SolidSource: FrameSource {
        let color: RGBA8
        init(color: RGBA8) { self.color = color }
        func render(frame index: Int, into target: inout Pixmap) throws { target.fill(color.premultiplied) }
    }
}

struct TabBarPlaybackTests {
    static func sampleBar() throws -> TabBar {
        try TabBar(configuration: try TabBarConfiguration.load(path: TabBarScratch.sample("tabbar/tabbar.json")))
    }

    @Test func scriptParsing() throws {
        let s = try PreviewScript(parsing: "select 1; wait 1.2s; tap home;wait 500ms\n dark; wait 2; appearance light")
        #expect(s.commands == [.select("1"), .wait(.milliseconds(1200)), .select("home"), .wait(.milliseconds(500)),
                               .appearance(.dark), .wait(.seconds(2)), .appearance(.light)])
        #expect(s.duration == .milliseconds(3700))
    }

    @Test(arguments: [
        ("", "the script is empty; write e.g. \"select 1; wait 1.2s; select 2; wait 1s\""),
        ("select", "script command 1 'select': expected 'select N' with a tab index (from 0) or identifier"),
        ("select 1; wait soon", "script command 2 'wait soon': expected 'wait 1.2s', 'wait 500ms' or 'wait 2' (seconds)"),
        ("wait -1s", "script command 1 'wait -1s': expected 'wait 1.2s', 'wait 500ms' or 'wait 2' (seconds)"),
        ("wait nan", "script command 1 'wait nan': expected 'wait 1.2s', 'wait 500ms' or 'wait 2' (seconds)"),
        ("jump 2", "script command 1 'jump 2': unknown command 'jump'; the commands are select, reselect, wait, appearance"),
        ("appearance sepia", "script command 1 'appearance sepia': expected 'appearance light' or 'appearance dark'"),
        ("wait 3000s; wait 3000s", "the script lasts 6000.0 s, longer than the 600 s a preview renders"),
    ])
    func scriptErrors(_ text: String, _ message: String) {
        #expect(throws: UsageError(message)) { _ = try PreviewScript(parsing: text) }
    }

    /// The issue's example script, with every rule visible in the events.
    @Test func eventsFollowThePlaybackRules() throws {
        let bar = try Self.sampleBar()
        let preview = try ScriptedPreview(bar: bar, script: try PreviewScript(parsing: "select 1; wait 1.2s; select 1; wait 1s; select 3; wait 2s"))
        #expect(preview.events.map(\.jsonLine) == [
            #"{"event":"animationDidStart","tab":2,"identifier":"sync","time":0.000}"#,           // loops when unselected
            #"{"event":"animationDidStart","tab":1,"identifier":"alerts","time":0.000}"#,         // select: play once
            #"{"event":"animationDidFinish","tab":1,"identifier":"alerts","time":1.200,"completed":true}"#,
            #"{"event":"animationDidStart","tab":1,"identifier":"alerts","time":1.200}"#,         // reselect: replay
            #"{"event":"animationDidFinish","tab":1,"identifier":"alerts","time":2.200,"completed":false}"#,  // cut short by deselect
            #"{"event":"animationDidStart","tab":3,"identifier":"bounce","time":2.200}"#,
            #"{"event":"animationDidFinish","tab":3,"identifier":"bounce","time":2.700,"completed":true}"#,
        ])
        #expect(preview.frames.count == 126)   // 4.2 s at 30 fps
        #expect(preview.duration == .milliseconds(4200))
        func at(_ t: Double) -> PreviewFrame { preview.frames[preview.frameIndex(at: .seconds(t))] }
        #expect(at(0).states.map(\.frame) == [0, 0, 0, 0, 0])
        #expect(at(0.5).states[1] == TabState(frame: 15, selected: true))        // playing once
        #expect(at(1.1).states[1].frame == 33)
        #expect(at(1.3).states[1].frame == 3)                                   // replayed from the start
        #expect(at(2.5).states[1] == TabState(frame: 0, selected: false))        // reset on deselect
        #expect(at(3.5).states[3] == TabState(frame: 11, selected: true))        // holds the last frame
        #expect(at(0.5).states[2].frame == 12 && at(1.0).states[2].frame == 1)  // loops while unselected (0.96 s pass of 40 ms frames)
        #expect(at(4.0).states[4] == TabState(frame: 0, selected: false))        // static icon
    }

    /// With `CYLTabBarLaunchAnimates` the launch tab plays from time 0, as a tap would.
    @Test func speedAndInitialSelectionAndAppearanceSwitch() throws {
        var config = try TabBarConfiguration.load(path: TabBarScratch.sample("tabbar/tabbar.json"))
        config.speed = 2
        config.launchAnimates = true
        let bar = try TabBar(configuration: config)
        let preview = try ScriptedPreview(bar: bar, script: try PreviewScript(parsing: "wait 0.3s; dark; select alerts; wait 1s"), fps: 10, initialTab: 3)
        #expect(preview.events.first { $0.tab == 3 && $0.kind == .didFinish }?.time == .milliseconds(250))  // 0.5 s at double speed
        #expect(preview.frames[2].appearance == .light && preview.frames[3].appearance == .dark)
        #expect(preview.frames[2].states[3] == TabState(frame: 9, selected: true))     // 0.4 s into a 0.5 s pass
        #expect(preview.frames[3].states[3] == TabState(frame: 0, selected: false))    // reset on deselect
        #expect(preview.frames[5].states[1].frame == 12)     // 0.2 s after select at 2x = 0.4 s = frame 12
        #expect(preview.frames.count == 13)
    }

    @Test func unknownTabInScript() throws {
        let bar = try Self.sampleBar()
        #expect(throws: UsageError("script: no tab 'settings': give an index 0-4 or an identifier (tasks, alerts, sync, bounce, me)")) {
            _ = try ScriptedPreview(bar: bar, script: try PreviewScript(parsing: "select settings"))
        }
        #expect(throws: UsageError("script: no tab '5': give an index 0-4 or an identifier (tasks, alerts, sync, bounce, me)")) {
            _ = try ScriptedPreview(bar: bar, script: try PreviewScript(parsing: "select 5"))
        }
    }

    /// Keypath overrides travel from the configuration to the animator through OpenOptions, and the
    /// dark icon keeps the playback position.
    @Test func darkColorsReachTheAnimator() throws {
        let dir = try TabBarScratch()
        try dir.write("icon.json", "{\"test\": 8}")
        try dir.write("other.json", "{\"test\": 4}")
        let path = try dir.write("bar.json", """
        {"tabBarItemsAttributes": [
          {"CYLTabBarLottieFilePath": "icon.json", "CYLTabBarLottieDarkColors": {"**.fill": "#00ff00", "nothing": "#0000ff"}},
          {"CYLTabBarLottieFilePath": "icon.json", "CYLTabBarLottieDarkColors": {"*.fill": "#0000ff"}},
          {"CYLTabBarLottieFilePath": "icon.json", "CYLTabBarLottieDarkFilePath": "other.json"}
        ]}
        """)
        let bar = try TabBar(configuration: try TabBarConfiguration.load(path: path), registry: AnimatorRegistry([SolidAnimator()]))
        let size = PixelSize(4, 4)
        func color(_ tab: Int, _ appearance: Appearance) throws -> RGBA8 {
            try bar.tabs[tab].icon(frame: 0, selected: true, appearance: appearance, size: size, tint: .black)[0, 0]
        }
        #expect(try color(0, .light) == RGBA8(255, 0, 0, 255))
        #expect(try color(0, .dark) == RGBA8(0, 255, 0, 255))
        #expect(try color(1, .dark) == RGBA8(0, 0, 255, 255))
        // A dark file with fewer frames: the same point of the animation.
        #expect(bar.tabs[2].darkFrame(for: 0) == 0 && bar.tabs[2].darkFrame(for: 4) == 2 && bar.tabs[2].darkFrame(for: 7) == 3)
    }

    @Test func templateTinting() throws {
        var p = try Pixmap(width: 2, height: 1)
        p[0, 0] = RGBA8(10, 20, 30, 255)
        p[1, 0] = RGBA8(64, 0, 0, 128)       // premultiplied, half transparent
        let t = p.templated(with: RGBA8(0, 122, 255, 255))
        #expect(t[0, 0] == RGBA8(0, 122, 255, 255))
        #expect(t[1, 0] == RGBA8(0, 61, 128, 128))
    }

    @Test func sampleFramesIncludeFirstAndLast() {
        #expect(ContactSheet.sampleFrames(count: 30, n: 6) == [0, 6, 12, 17, 23, 29])
        #expect(ContactSheet.sampleFrames(count: 3, n: 6) == [0, 1, 2])
        #expect(ContactSheet.sampleFrames(count: 1, n: 6) == [0])
        #expect(ContactSheet.sampleFrames(count: 100, n: 2) == [0, 99])
        #expect(ContactSheet.formatSeconds(0.4) == "0.40s" && ContactSheet.formatSeconds(12.345) == "12.35s")
    }

    @Test func terminalProtocols() throws {
        #expect(TerminalGraphics.detect(environment: ["TERM": "xterm-kitty"]) == .kitty)
        #expect(TerminalGraphics.detect(environment: ["TERM": "xterm-256color", "TERM_PROGRAM": "iTerm.app"]) == .iterm2)
        #expect(TerminalGraphics.detect(environment: ["TERM": "xterm-256color", "TERM_PROGRAM": "WezTerm"]) == .kitty)
        #expect(TerminalGraphics.detect(environment: ["TERM": "xterm-256color", "COLORTERM": "truecolor"]) == .halfBlocks)
        #expect(TerminalGraphics.detect(environment: [:]) == .halfBlocks)

        var p = try Pixmap(width: 2, height: 3)
        p[0, 0] = RGBA8(255, 0, 0, 255); p[1, 0] = RGBA8(255, 0, 0, 255)
        p[0, 1] = RGBA8(0, 0, 255, 255); p[1, 1] = RGBA8(0, 0, 0, 0)
        p[0, 2] = RGBA8(0, 255, 0, 255)
        let text = TerminalGraphics.halfBlocks(p, background: .white)
        #expect(text == "\u{1B}[38;2;255;0;0m\u{1B}[48;2;0;0;255m▀\u{1B}[48;2;255;255;255m▀\u{1B}[0m\n"
                + "\u{1B}[38;2;0;255;0m\u{1B}[48;2;255;255;255m▀\u{1B}[38;2;255;255;255m▀\u{1B}[0m\n")
        #expect(TerminalGraphics.halfBlockLines(height: 3) == 2)

        #expect(Base64.encode(Array("Man".utf8)) == "TWFu" && Base64.encode(Array("Ma".utf8)) == "TWE=" && Base64.encode([0xff]) == "/w==")
        let png = [UInt8](repeating: 7, count: 6000)          // 8000 base64 characters: two chunks
        let kitty = TerminalGraphics.kitty(png: png)
        #expect(kitty.hasPrefix("\u{1B}_Ga=T,f=100,i=1,q=2,m=1;"))
        #expect(kitty.contains("\u{1B}\\\u{1B}_Gm=0;") && kitty.hasSuffix("\u{1B}\\"))
        #expect(TerminalGraphics.iterm2(png: [1, 2, 3], width: 4, height: 5)
                == "\u{1B}]1337;File=inline=1;size=3;width=4px;height=5px;preserveAspectRatio=1:AQID\u{07}")
    }
}
