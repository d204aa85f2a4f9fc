import Foundation
import Testing
@testable import CYLTabBar
import CYLTabBarItemAnimation

/// The tab selected when the bar appears (DESIGN.md §4 "launch", the seed's #389): it shows its
/// last frame, held, with no `animationDidStart`; tapping another tab plays that one; tapping the
/// launch tab again replays it from frame 0. `CYLTabBarLaunchAnimates` keeps the old behaviour.
struct LaunchRuleTests {
    /// tabbar.json: tab 0 "tasks" is checkmark.json (30 frames at 30 fps), tab 1 "alerts" badge.json,
    /// tab 2 "sync" loops while unselected.
    static func preview(_ script: String, launchAnimates: Bool = false, initialTab: Int = 0) throws -> (TabBar, ScriptedPreview) {
        var config = try TabBarConfiguration.load(path: TabBarScratch.sample("tabbar/tabbar.json"))
        config.launchAnimates = launchAnimates
        let bar = try TabBar(configuration: config)
        return (bar, try ScriptedPreview(bar: bar, script: try PreviewScript(parsing: script), initialTab: initialTab))
    }

    static func at(_ p: ScriptedPreview, _ t: Double) -> PreviewFrame { p.frames[p.frameIndex(at: .seconds(t))] }

    @Test func launchTabHoldsItsLastFrameThenReplaysWhenTappedAgain() throws {
        let (bar, p) = try Self.preview("wait 1s; select tasks; wait 0.5s")
        let last = bar.tabs[0].frameCount - 1
        #expect(last == 29)
        for t in [0.0, 0.5, 0.96] { #expect(Self.at(p, t).states[0] == TabState(frame: last, selected: true), "\(t) s") }
        #expect(Self.at(p, 1.0).states[0].frame == 0, "tapped again: from frame 0")
        #expect(Self.at(p, 1.2).states[0].frame == 6)
        #expect(p.events.map(\.jsonLine) == [
            #"{"event":"animationDidStart","tab":2,"identifier":"sync","time":0.000}"#,   // loops while unselected
            #"{"event":"animationDidStart","tab":0,"identifier":"tasks","time":1.000}"#,  // no start at launch, one on the tap
        ])
    }

    @Test func tappingAnotherTabPlaysItAndRestsTheLaunchTab() throws {
        let (bar, p) = try Self.preview("wait 0.5s; select alerts; wait 0.5s", initialTab: 0)
        #expect(Self.at(p, 0.4).states[0].frame == bar.tabs[0].frameCount - 1)
        #expect(Self.at(p, 0.6).states[0] == TabState(frame: 0, selected: false))
        #expect(Self.at(p, 0.9).states[1] == TabState(frame: 12, selected: true))   // 0.4 s at 30 fps
        #expect(p.events.filter { $0.tab != 2 }.map(\.jsonLine) == [#"{"event":"animationDidStart","tab":1,"identifier":"alerts","time":0.500}"#])
    }

    /// A tap at time 0 is a tap: on another tab it plays that tab, on the launch tab it replays it.
    @Test func aSelectAtTimeZeroIsATap() throws {
        let (_, other) = try Self.preview("select alerts; wait 0.2s")
        #expect(other.events.filter { $0.tab != 2 }.map(\.jsonLine) == [#"{"event":"animationDidStart","tab":1,"identifier":"alerts","time":0.000}"#])
        #expect(Self.at(other, 0).states[0] == TabState(frame: 0, selected: false))
        let (_, same) = try Self.preview("select tasks; wait 0.2s")
        #expect(Self.at(same, 0).states[0] == TabState(frame: 0, selected: true))
        #expect(same.events.filter { $0.tab == 0 }.map(\.time) == [.zero])
    }

    @Test func launchAnimatesKeepsThePlayOnSelectLaunch() throws {
        let (_, p) = try Self.preview("wait 0.5s", launchAnimates: true)
        #expect(Self.at(p, 0.2).states[0].frame == 6)
        #expect(p.events.filter { $0.tab == 0 }.map(\.jsonLine) == [#"{"event":"animationDidStart","tab":0,"identifier":"tasks","time":0.000}"#])
        // Read from the file, and settable by a skin like every bar setting.
        let tabs = "tabBarItemsAttributes: [{CYLTabBarItemImage: \(TabBarScratch.sample("tabbar/me.png"))}]\n"
        func read(_ text: String) throws(ConfigError) -> TabBarConfiguration {
            try TabBarConfiguration.parse(Array((text + tabs).utf8), name: "bar.yaml", baseDirectory: "/")
        }
        #expect(try read("CYLTabBarLaunchAnimates: true\n").launchAnimates)
        #expect(try !read("").launchAnimates)
        #expect(try read("CYLTabBarControllerThemes: {default: {CYLTabBarLaunchAnimates: true}}\n").launchAnimates)
        do {
            _ = try read("CYLTabBarLaunchAnimates: yes\n")
            Issue.record("expected an error")
        } catch {
            #expect(error.description == "bar.yaml:1:26: CYLTabBarLaunchAnimates: expected a boolean, found the text \"yes\" (write true or false: YAML 1.2 reads yes as text)")
        }
    }

    /// Without a script the bar appears at rest, every other tab plays in turn, and the launch tab
    /// is tapped last (its replay).
    @Test func previewWithoutAScriptStartsAtRest() throws {
        let bar = try TabBar(configuration: try TabBarConfiguration.load(path: TabBarScratch.sample("tabbar/tabbar.json")))
        let script = PreviewScript.eachTabInTurn(bar, launchTab: 1)
        #expect(script.commands.compactMap { if case .select(let n) = $0 { return n }; return nil } == ["0", "2", "3", "4", "1"])
        guard case .wait = script.commands.first else { Issue.record("starts with a wait: \(script.commands)"); return }
        let events = try TabBarPreview(configuration: bar.configuration, registry: .standard, initialTab: 1).events()
        let starts = events.filter { $0.kind == .didStart && $0.tab == 1 }
        #expect(starts.count == 1 && starts[0].time > .zero, "the launch tab starts only when tapped at the end: \(starts)")
    }
}
