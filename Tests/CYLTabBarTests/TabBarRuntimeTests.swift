import Foundation
import Testing
@testable import CYLTabBar
import CYLTabBarItemAnimation

/// `TabBarRuntime` driven as a window drives it: taps when they happen, frames asked for on the
/// display's clock. What it shows must be what `preview` shows for the same taps (issue 30: "what
/// the window shows at time t equals preview's frame at t for the same script").
struct TabBarRuntimeTests {
    static func bar(loopingSync: Bool = true) throws -> TabBar {
        var config = try TabBarConfiguration.load(path: TabBarScratch.sample("tabbar/tabbar.json"))
        if !loopingSync { for i in config.tabs.indices { config.tabs[i].loopsWhenUnselected = false } }
        return try TabBar(configuration: config)
    }

    /// A 60 Hz display with jitter (frames asked for up to 4 ms late, as a busy loop does) and taps
    /// between frames; at every 1/30 s the preview sampled, both show the same tabs at the same frames,
    /// and both report the same events.
    @Test func liveDrivingShowsWhatThePreviewShows() throws {
        let bar = try Self.bar()
        let script = "select 1; wait 1.2s; select 1; wait 1s; select 3; wait 0.7s; reselect 3; wait 1.1s"
        let preview = try ScriptedPreview(bar: bar, script: try PreviewScript(parsing: script))
        var runtime = try TabBarRuntime(bar: bar)
        // Tap times in whole milliseconds, as the script's waits are: `.seconds(1.2)` is a hair
        // before 1.2 s and would put the tap before the pass that ends at 1.2 s.
        let taps: [(Int, Int, TabBarRuntime.Gesture)] = [(0, 1, .tap), (1200, 1, .tap), (2200, 3, .tap), (2900, 3, .reselect)]
        var next = 0
        var compared = 0
        var rng = SystemRandomNumberGenerator()
        for k in 0..<Int(4.0 * 60) {
            let vsync = Double(k) / 60
            while next < taps.count, Double(taps[next].0) / 1000 <= vsync + 1e-9 {
                runtime.select(taps[next].1, gesture: taps[next].2, at: .milliseconds(taps[next].0))
                next += 1
            }
            if k % 2 == 0 {
                // On a preview sample: ask at exactly that time.
                let sampled = preview.frames[k / 2]
                let live = runtime.state(at: sampled.time)
                #expect(live == sampled, "t = \(vsync) s")
                compared += 1
            } else {
                // Between samples, a late frame: drawn, not compared (the preview has none there).
                _ = runtime.state(at: .seconds(vsync + Double.random(in: 0..<0.004, using: &rng)))
            }
        }
        #expect(compared == preview.frames.count)
        runtime.advance(to: .seconds(4))
        #expect(runtime.takeEvents() == preview.events)
        #expect(runtime.takeEvents().isEmpty, "events are taken once")
    }

    /// A window may stop redrawing when nothing moves: once the selected tab's single pass ends and
    /// no tab loops, the runtime says so; a tap makes it animate again.
    @Test func isAnimatingTurnsOffWhenEveryTabHolds() throws {
        var runtime = try TabBarRuntime(bar: try Self.bar(loopingSync: false))
        _ = runtime.state(at: .zero)
        #expect(!runtime.isAnimating, "the launch tab rests at its last frame")
        runtime.select(1, at: .seconds(0.5))
        _ = runtime.state(at: .seconds(0.6))
        #expect(runtime.isAnimating)
        let pass = runtime.bar.tabs[1].frameCount
        _ = runtime.state(at: .seconds(0.5 + Double(pass) / 30 + 0.1))
        #expect(!runtime.isAnimating, "badge.json's one pass has ended and is held")
        let looping = try TabBarRuntime(bar: try Self.bar())
        #expect(looping.isAnimating, "sync loops while unselected")
    }

    /// A tap on the selected tab replays it only when tapping is its reselect gesture (the library's
    /// default); a tab with none ignores both, and `select` says so.
    @Test func aTapTheBarIgnoresIsReported() throws {
        var runtime = try TabBarRuntime(bar: try Self.bar(loopingSync: false))
        let first = runtime.select(1, at: .seconds(0.1))
        #expect(first)
        #expect(runtime.selectedTab == 1)
        let replays = runtime.bar.tabs[1].item.reselectGesture.tapReplays
        #expect(replays, "the library's default: a tap replays")
        let again = runtime.select(1, at: .seconds(0.2))
        #expect(again == replays)
        // With no reselect gesture, neither a tap nor the reselect gesture replays.
        var config = try TabBarConfiguration.load(path: TabBarScratch.sample("tabbar/tabbar.json"))
        config.tabs[1].reselectGesture = .none
        var still = try TabBarRuntime(bar: try TabBar(configuration: config), initialTab: 1)
        let tap = still.select(1, at: .seconds(0.1)), reselect = still.select(1, gesture: .reselect, at: .seconds(0.2))
        #expect(!tap && !reselect)
        #expect(still.takeEvents().allSatisfy { $0.tab != 1 }, "nothing played on tab 1")
        #expect(runtime.selectedTab == 1)
        #expect(throws: UsageError("no tab 7 to select first")) { _ = try TabBarRuntime(bar: runtime.bar, initialTab: 7) }
    }

    /// Changing the appearance keeps every tab's playback: the frame index does not restart.
    @Test func appearanceChangesKeepThePlaybackPosition() throws {
        var runtime = try TabBarRuntime(bar: try Self.bar(loopingSync: false))
        runtime.select(1, at: .zero)
        let before = runtime.state(at: .seconds(0.4))
        runtime.appearance = .dark
        let after = runtime.state(at: .seconds(0.4))
        #expect(after.states == before.states)
        #expect(after.appearance == .dark)
        #expect(before.states[1].frame == 12, "0.4 s at 30 fps")
    }
}

extension TabBarRuntimeTests {
    /// README "Swift", the live example, line by line, against the scripted preview of the same tap.
    @Test func readmeLiveExample() throws {
        let config = try TabBarConfiguration.load(path: TabBarScratch.sample("tabbar/tabbar.json"))
        let bar = try TabBar(configuration: config)
        var runtime = try TabBarRuntime(bar: bar)
        let renderer = try TabBarRenderer(bar: bar)
        runtime.select(1, at: .milliseconds(250))
        let now = runtime.state(at: .milliseconds(400))
        let pixels = try renderer.render(now.states, appearance: now.appearance)
        let happened = runtime.takeEvents()
        // The preview of "wait 0.25s; select 1; wait 0.25s" at 30 fps samples 0.4 s as frame 12.
        let preview = try ScriptedPreview(bar: bar, script: try PreviewScript(parsing: "wait 0.25s; select 1; wait 0.25s"))
        let k = preview.frameIndex(at: .milliseconds(400))
        #expect(preview.frames[k].time == .seconds(Double(12) / 30))
        #expect(now.states == preview.frames[k].states)
        #expect(pixels == (try preview.render(frame: k, renderer: renderer)))
        #expect(happened.map(\.jsonLine) == [
            #"{"event":"animationDidStart","tab":2,"identifier":"sync","time":0.000}"#,
            #"{"event":"animationDidStart","tab":1,"identifier":"alerts","time":0.250}"#,
        ])
        #expect(runtime.isAnimating, "sync loops while unselected")
    }
}
