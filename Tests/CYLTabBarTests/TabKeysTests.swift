import Foundation
import Testing
@testable import CYLTabBar
import CYLTabBarItemAnimation

/// The seed's remaining per-tab keys: `CYLTabBarItemWidth` (layout), `CYLTabBarItemPageIdentifier`
/// and `CYLTabBarItemPageParameters` (routing data: in the events, never drawn) and
/// `CYLTabBarItemGestureReselect` (what the script's `reselect N` performs).
struct TabKeysTests {
    static let me = TabBarScratch.sample("tabbar/me.png"), checkmark = TabBarScratch.sample("checkmark.json")

    static func parse(_ text: String) throws(ConfigError) -> TabBarConfiguration {
        try TabBarConfiguration.parse(Array(text.utf8), name: "bar.json", baseDirectory: "/")
    }

    static func error(_ text: String) -> String? {
        do { _ = try parse(text); return nil } catch { return error.description }
    }

    // MARK: CYLTabBarItemWidth

    @Test func aTabWithAWidthTakesItAndTheOthersShareTheRest() throws {
        let bar = try TabBar(configuration: try Self.parse("""
        {"CYLTabBarBackgroundColor": "#ffffff", "tabBarItemsAttributes": [
          {"CYLTabBarItemImage": "\(Self.me)", "CYLTabBarItemWidth": 120, "CYLTabBarItemSelectedBackgroundColor": "#00ff00"},
          {"CYLTabBarItemImage": "\(Self.me)"},
          {"CYLTabBarItemImage": "\(Self.me)"}]}
        """))
        let renderer = try TabBarRenderer(bar: bar, scale: 2)
        let layout = renderer.layout
        // Three standard cells of 75 pt at 2x make the bar 450 px; tab 0 takes 240, the others 105 each.
        #expect(layout.size.width == 450)
        #expect((0..<3).map(layout.cellLeft) == [0, 240, 345] && (0..<3).map(layout.cellWidth) == [240, 105, 105])
        #expect((0..<3).map(layout.iconLeft) == [90, 262, 367])
        let image = try renderer.render([TabState(frame: 0, selected: true), TabState(frame: 0, selected: false), TabState(frame: 0, selected: false)],
                                        appearance: .light)
        let y = layout.height - 3, green = RGBA8(0, 255, 0, 255), white = RGBA8(255, 255, 255, 255)
        #expect(image[0, y] == green && image[239, y] == green && image[240, y] == white)
        // The icon is centred in its wider cell: the ring of me.png at (30, 10), black (its own
        // colour), where equal cells would have put the cell's background.
        #expect(image[90 + 30, layout.iconTop + 10] == .black && image[45 + 30, layout.iconTop + 10] == green)
        #expect(image[262 + 30, layout.iconTop + 10] == .black)
    }

    @Test func widthsThatNeedMoreThanTheBarWidenItAndNoCellIsNarrowerThanItsIcon() {
        let wide = TabBarLayout(iconPoints: 30, scale: 2, tabCount: 3, hasTitles: false, widths: [300, 300, nil])
        #expect((0..<3).map(wide.cellWidth) == [600, 600, 60] && wide.size.width == 1260)
        let narrow = TabBarLayout(iconPoints: 30, scale: 1, tabCount: 2, hasTitles: false, widths: [10])
        #expect((0..<2).map(narrow.cellWidth) == [30, 120], "10 pt is narrower than the 30 pt icon")
        // Shared cells split the rest exactly: 3 x 75 pt - 100 pt = 125 pt for two tabs.
        let odd = TabBarLayout(iconPoints: 30, scale: 1, tabCount: 3, hasTitles: false, widths: [nil, 100])
        #expect((0..<3).map(odd.cellWidth) == [63, 100, 62] && odd.size.width == 225)
        #expect(TabBarLayout(iconPoints: 30, scale: 2, tabCount: 4, hasTitles: true).size.width == 4 * 150)
    }

    @Test func widthErrors() {
        #expect(Self.error(#"{"tabBarItemsAttributes": [{"CYLTabBarItemIdentifier": "a", "CYLTabBarItemImage": "/x.png", "CYLTabBarItemWidth": 0}]}"#)?
                    .hasSuffix("tab 0 \"a\": CYLTabBarItemWidth: a tab's width is 1-1000 points (got 0)") == true)
        #expect(Self.error(#"{"tabBarItemsAttributes": [{"CYLTabBarItemImage": "/x.png", "CYLTabBarItemWidth": "wide"}]}"#)
                == "bar.json:1:83: tab 0: CYLTabBarItemWidth: expected a number, found a string")
    }

    // MARK: CYLTabBarItemPageIdentifier, CYLTabBarItemPageParameters

    static let routed = """
    {"CYLTabBarControllerThemes": {"default": {"filter": "open"}},
     "tabBarItemsAttributes": [
      {"CYLTabBarItemIdentifier": "tasks", "CYLTabBarLottieFilePath": "\(checkmark)",
       "CYLTabBarItemPageIdentifier": "app://tasks",
       "CYLTabBarItemPageParameters": {"filter": "@filter", "page": 2, "compact": true, "page": 3}},
      {"CYLTabBarItemIdentifier": "me", "CYLTabBarItemImage": "\(me)"}]}
    """

    @Test func pageDataIsReadAndReportedInTheEvents() throws {
        let config = try Self.parse(Self.routed)
        #expect(config.tabs[0].pageIdentifier == "app://tasks")
        #expect(config.tabs[0].pageParameters == [PageParameter(name: "filter", value: .text("open")), PageParameter(name: "compact", value: .bool(true)),
                                                  PageParameter(name: "page", value: .number(3))])
        #expect(config.warnings.isEmpty, "read, not warned about: \(config.warnings)")
        let preview = try ScriptedPreview(bar: try TabBar(configuration: config), script: try PreviewScript(parsing: "wait 0.1s; select tasks; wait 0.1s"))
        #expect(preview.events.map(\.jsonLine) == [
            #"{"event":"animationDidStart","tab":0,"identifier":"tasks","pageIdentifier":"app://tasks","pageParameters":{"filter":"open","compact":true,"page":3},"time":0.100}"#,
        ])
    }

    @Test func pageDataIsNotDrawn() throws {
        let plain = Self.routed.replacingOccurrences(of: #""CYLTabBarItemPageIdentifier": "app://tasks","#, with: "")
            .replacingOccurrences(of: #""CYLTabBarItemPageParameters": {"filter": "@filter", "page": 2, "compact": true, "page": 3}"#, with: #""CYLTabBarItemTitle": "t""#)
            .replacingOccurrences(of: #""CYLTabBarItemIdentifier": "tasks","#, with: #""CYLTabBarItemIdentifier": "tasks", "#)
        let routedBar = try TabBar(configuration: try Self.parse(Self.routed.replacingOccurrences(of: #""CYLTabBarLottieFilePath""#, with: #""CYLTabBarItemTitle": "t", "CYLTabBarLottieFilePath""#)))
        let plainBar = try TabBar(configuration: try Self.parse(plain))
        #expect(plainBar.configuration.tabs[0].pageIdentifier == nil && routedBar.configuration.tabs[0].pageIdentifier != nil)
        for appearance in Appearance.allCases {
            let states = [TabState(frame: 12, selected: true), TabState(frame: 0, selected: false)]
            #expect(try TabBarRenderer(bar: routedBar).render(states, appearance: appearance) == TabBarRenderer(bar: plainBar).render(states, appearance: appearance))
        }
    }

    @Test func pageParameterErrorsNameTheParameter() {
        #expect(Self.error(#"{"tabBarItemsAttributes": [{"CYLTabBarItemImage": "/x.png", "CYLTabBarItemPageParameters": {"ids": [1, 2]}}]}"#)
                == "bar.json:1:100: tab 0: CYLTabBarItemPageParameters.ids: expected text, a number or a boolean, found a list")
        #expect(Self.error(#"{"tabBarItemsAttributes": [{"CYLTabBarItemImage": "/x.png", "CYLTabBarItemPageParameters": "filter=open"}]}"#)?
                    .hasSuffix("CYLTabBarItemPageParameters: expected a map of parameter name → value, e.g. {\"filter\": \"unread\"}, found a string") == true)
    }

    // MARK: CYLTabBarItemGestureReselect

    /// Tab 0 replays on a tap (the default), tab 1 on a double tap, tab 2 never.
    static func gestures(_ script: String) throws -> ScriptedPreview {
        let config = try parse("""
        {"tabBarItemsAttributes": [
          {"CYLTabBarItemIdentifier": "tap", "CYLTabBarLottieFilePath": "\(checkmark)"},
          {"CYLTabBarItemIdentifier": "double", "CYLTabBarLottieFilePath": "\(checkmark)", "CYLTabBarItemGestureReselect": "doubleTap"},
          {"CYLTabBarItemIdentifier": "none", "CYLTabBarLottieFilePath": "\(checkmark)", "CYLTabBarItemGestureReselect": "none"}]}
        """)
        return try ScriptedPreview(bar: try TabBar(configuration: config), script: try PreviewScript(parsing: script))
    }

    static func starts(_ p: ScriptedPreview, tab: Int) -> [Double] {
        p.events.filter { $0.tab == tab && $0.kind == .didStart }.map { ($0.time.seconds * 1000).rounded() / 1000 }
    }

    @Test func reselectPerformsTheTabsOwnGesture() throws {
        // A tap on a tab replaying by double tap does nothing; its gesture replays it.
        let double = try Self.gestures("select double; wait 0.4s; select double; wait 0.3s; reselect double; wait 0.2s")
        #expect(Self.starts(double, tab: 1) == [0, 0.7])
        #expect(double.frames[double.frameIndex(at: .seconds(0.5))].states[1].frame == 15, "the tap at 0.4 s did not restart it")
        #expect(double.frames[double.frameIndex(at: .seconds(0.8))].states[1].frame == 3)
        // Nothing replays a tab whose gesture is none; it holds its last frame.
        let none = try Self.gestures("select none; wait 1.2s; reselect none; wait 0.1s; select none; wait 0.1s")
        #expect(Self.starts(none, tab: 2) == [0])
        #expect(none.frames.last?.states[2] == TabState(frame: 29, selected: true))
        // The default: a tap replays, and so does `reselect` (the launch tab included).
        let tap = try Self.gestures("wait 0.2s; reselect tap; wait 0.2s; select tap; wait 0.2s")
        #expect(Self.starts(tap, tab: 0) == [0.2, 0.4])
        // `reselect` on a tab that is not selected selects it, as its first touch would.
        #expect(Self.starts(try Self.gestures("reselect double; wait 0.1s"), tab: 1) == [0])
    }

    @Test(arguments: [("tap", ReselectGesture.tap), ("doubleTap", .doubleTap), ("LONGPRESS", .longPress), ("none", .none)])
    func gestureValues(_ text: String, _ gesture: ReselectGesture) throws {
        let config = try Self.parse(#"{"tabBarItemsAttributes": [{"CYLTabBarItemImage": "\#(Self.me)", "CYLTabBarItemGestureReselect": "\#(text)"}]}"#)
        #expect(config.tabs[0].reselectGesture == gesture)
    }

    @Test func gestureErrorsListTheGestures() {
        #expect(Self.error(#"{"tabBarItemsAttributes": [{"CYLTabBarItemImage": "/x.png", "CYLTabBarItemGestureReselect": "swipe"}]}"#)
                == "bar.json:1:93: tab 0: CYLTabBarItemGestureReselect: expected \"tap\", \"doubleTap\", \"longPress\", \"none\", found \"swipe\"")
        #expect(throws: UsageError("script command 1 'reselect': expected 'reselect N' with a tab index (from 0) or identifier")) {
            _ = try PreviewScript(parsing: "reselect")
        }
    }
}
