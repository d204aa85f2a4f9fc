import Foundation
import Testing
@testable import CYLTabBar
import CYLTabBarItemAnimation

/// Skins (`CYLTabBarControllerThemes`, `"@name"`, the dark skin) and tab filters (platforms,
/// minimum app version).
struct SkinAndFilterTests {
    static let me = TabBarScratch.sample("tabbar/me.png"), meSelected = TabBarScratch.sample("tabbar/me-selected.png")

    static func parse(_ text: String, _ configure: (inout ConfigOptions) -> Void = { _ in }) throws(ConfigError) -> TabBarConfiguration {
        var o = ConfigOptions()
        configure(&o)
        return try TabBarConfiguration.parse(Array(text.utf8), name: "bar.json", baseDirectory: "/", options: o)
    }

    static let skins = """
    {"CYLTabBarControllerThemes": {
       "festival": {"accent": "#0000ff", "CYLTabBarBackgroundColor": "#fff4e0"},
       "default": {"accent": "#ff0000", "avatar": "\(me)", "CYLTabBarItemTitleColor": "#333333", "CYLTabBarTintColor": "#007aff"},
       "night": {"accent": "#ff00ff", "CYLTabBarBackgroundColor": "#000000", "CYLTabBarDarkTintColor": "#0a84ff"}},
     "CYLTabBarControllerDarkThemeIdentifier": "night",
     "CYLTabBarDarkBackgroundColor": "#161617",
     "tabBarItemsAttributes": [
       {"CYLTabBarItemTitle": "@@home", "CYLTabBarItemImage": "@avatar", "CYLTabBarItemSelectedTitleColor": "@accent"},
       {"CYLTabBarItemTitle": "Me", "CYLTabBarItemImage": "\(me)", "CYLTabBarItemTitleColor": "#00ff00"}
     ]}
    """

    @Test func referencesLookInTheSkinThenTheDefault() throws {
        let base = try Self.parse(Self.skins)
        #expect(base.theme == "default" && base.themes == ["festival", "default", "night"] && !base.themeWasChosen)
        #expect(base.tabs[0].selectedTitleColor == RGBA8(255, 0, 0, 255) && base.tabs[0].image == Self.me && base.tabs[0].title == "@home")
        let festival = try base.resolved(theme: "festival")
        #expect(festival.theme == "festival" && festival.themeWasChosen)
        #expect(festival.tabs[0].selectedTitleColor == RGBA8(0, 0, 255, 255))
        #expect(festival.tabs[0].image == Self.me)          // not in "festival": the default skin's
        let chosen = try Self.parse(Self.skins) { $0.theme = "night" }
        #expect(chosen.tabs[0].selectedTitleColor == RGBA8(255, 0, 255, 255))
    }

    @Test func reservedNamesStyleTheWholeBar() throws {
        let base = try Self.parse(Self.skins)
        // The skin's colours style both appearances; the top level's dark form is overridden too.
        #expect(base.light.tint == RGBA8(0, 0x7a, 0xff, 255) && base.dark.tint == RGBA8(0, 0x7a, 0xff, 255))
        #expect(base.dark.background == RGBA8(0x16, 0x16, 0x17, 255))
        let night = try base.resolved(theme: "night")
        #expect(night.light.background == RGBA8(0, 0, 0, 255) && night.dark.background == RGBA8(0, 0, 0, 255))
        #expect(night.dark.tint == RGBA8(0x0a, 0x84, 0xff, 255) && night.light.tint == RGBA8(0, 0x7a, 0xff, 255))
        // A per-tab style in a skin applies to tabs that set none.
        #expect(base.tabs[0].titleColor == RGBA8(0x33, 0x33, 0x33, 255) && base.tabs[1].titleColor == RGBA8(0, 255, 0, 255))
    }

    /// Dark appearance shows the dark skin, whatever skin light appearance shows.
    @Test func darkAppearanceUsesTheDarkSkin() throws {
        let base = try Self.parse(Self.skins)
        let bar = try TabBar(configuration: base)
        #expect(bar.darkConfiguration.theme == "night" && bar.configuration(for: .light).theme == "default")
        let renderer = try TabBarRenderer(bar: bar, scale: 1)
        let states = [TabState(frame: 0, selected: true), TabState(frame: 0, selected: false)]
        let bottom = renderer.layout.height - 1
        #expect(try renderer.render(states, appearance: .dark)[2, bottom] == RGBA8(0, 0, 0, 255))
        #expect(try renderer.render(states, appearance: .light)[2, bottom] == RGBA8(0xF9, 0xF9, 0xF9, 255))
        let festivalBar = try TabBar(configuration: try base.resolved(theme: "festival"))
        #expect(festivalBar.darkConfiguration.theme == "night")
        #expect(try TabBarRenderer(bar: festivalBar, scale: 1).render(states, appearance: .light)[2, bottom] == RGBA8(0xff, 0xf4, 0xe0, 255))
        #expect(try TabBarRenderer(bar: festivalBar, scale: 1).render(states, appearance: .dark)[2, bottom] == RGBA8(0, 0, 0, 255))
        // Without a dark skin, the chosen skin shows in both (its colours style both appearances).
        let noDark = try Self.parse(Self.skins.replacingOccurrences(of: "\"CYLTabBarControllerDarkThemeIdentifier\": \"night\",", with: ""))
        let plainBar = try TabBar(configuration: try noDark.resolved(theme: "festival"))
        #expect(try TabBarRenderer(bar: plainBar, scale: 1).render(states, appearance: .dark)[2, bottom] == RGBA8(0xff, 0xf4, 0xe0, 255))
    }

    @Test func skinErrorsNameTheSkinsSearched() {
        #expect(throws: ConfigError.self) { _ = try Self.parse(Self.skins) { $0.theme = "winter" } }
        do { _ = try Self.parse(Self.skins) { $0.theme = "winter" } } catch {
            #expect(error.kind == .theme && error.description == "bar.json: no skin \"winter\" (skins: \"festival\", \"default\", \"night\")")
        }
        let missing = Self.skins.replacingOccurrences(of: "\"CYLTabBarItemImage\": \"@avatar\"", with: "\"CYLTabBarItemImage\": \"@portrait\"")
        do { _ = try Self.parse(missing) { $0.theme = "festival" } } catch {
            #expect(error.description == "bar.json:8:59: tab 0 \"@home\": CYLTabBarItemImage: \"@portrait\": no skin defines \"portrait\" (searched \"festival\", then \"default\"); write \"@@portrait\" for text starting with @")
        }
        let single = TabBarConfiguration.single(animationPath: TabBarScratch.sample("spinner.gif"))
        #expect(throws: ConfigError.self) { _ = try single.resolved(theme: "night") }
    }

    // MARK: Filters

    @Test func appVersionsCompareNumberByNumber() {
        #expect(AppVersion("5.2") == AppVersion("5.2.0"))
        #expect(AppVersion("5.2.0")! < AppVersion("5.10")!)
        #expect(AppVersion("5.10")! < AppVersion("6")!)
        #expect(!(AppVersion("6.0.0.0")! < AppVersion("6")!))
        for bad in ["", "5.", ".5", "5..2", "v5", "5.2.0.1.2", "5.-1", "1234567", "五"] { #expect(AppVersion(bad) == nil, "\(bad)") }
    }

    static let filtered = """
    {"tabBarItemsAttributes": [
      {"CYLTabBarItemIdentifier": "home", "CYLTabBarItemImage": "\(me)"},
      {"CYLTabBarItemIdentifier": "wallet", "CYLTabBarItemImage": "missing-android-asset.png", "CYLTabBarItemPlatforms": "Android"},
      {"CYLTabBarItemIdentifier": "wallet", "CYLTabBarItemImage": "\(me)", "CYLTabBarItemPlatforms": ["ios"]},
      {"CYLTabBarItemIdentifier": "vip", "CYLTabBarItemImage": "\(meSelected)", "CYLTabBarItemMinimumAppVersion": "5.3"}
    ]}
    """

    @Test func platformAndVersionFilters() throws {
        let ios = try Self.parse(Self.filtered)
        // The Android tab's file is not checked, and the two "wallet" tabs never show together.
        #expect(ios.tabs.map(\.index) == [0, 2, 3])
        #expect(ios.skippedTabs.map(\.description) == ["tab 1 \"wallet\": skipped: only on android (previewing ios)"])
        let old = try Self.parse(Self.filtered) { $0.appVersion = AppVersion("5.2.0") }
        #expect(old.tabs.map(\.index) == [0, 2])
        #expect(old.skippedTabs.map(\.description) == ["tab 1 \"wallet\": skipped: only on android (previewing ios)",
                                                       "tab 3 \"vip\": skipped: needs app version 5.3 or later (previewing 5.2.0)"])
        #expect(try Self.parse(Self.filtered) { $0.appVersion = AppVersion("5.3.0") }.tabs.count == 3)
        let android = try Self.parse(Self.filtered.replacingOccurrences(of: "missing-android-asset.png", with: Self.meSelected)) { $0.platform = .android }
        #expect(android.tabs.map(\.index) == [0, 1, 3])
    }

    @Test func skippedTabsInEventsAndScripts() throws {
        let dir = try TabBarScratch()
        let path = try dir.write("bar.json", Self.filtered)
        var job = PreviewJob(input: path)
        job.playsScript = true
        job.configOptions.appVersion = AppVersion("5.2.0")
        job.script = try PreviewScript(parsing: "select 1; wait 0.1s")
        let result = try job.run(registry: .standard)
        #expect(result.eventLines == [
            #"{"event":"tabSkipped","item":1,"identifier":"wallet","reason":"only on android (previewing ios)"}"#,
            #"{"event":"tabSkipped","item":3,"identifier":"vip","reason":"needs app version 5.3 or later (previewing 5.2.0)"}"#,
        ])
        // "select 1" is the second tab shown: file position 2.
        #expect(result.bar.tabs[1].item.index == 2 && result.preview?.frames.first?.selectedTab == 1)
    }
}

/// Files named through skins, URLs or the dark skin are inputs too: no output may replace them.
struct SkinInputTests {
    @Test func outputsNeverReplaceAFileASkinNames() throws {
        let dir = try TabBarScratch()
        try dir.copy("tabbar/me.png", to: "day.png")
        try dir.copy("tabbar/me-selected.png", to: "night.png")
        try dir.copy("tabbar/me.png", to: "festival.png")
        let path = try dir.write("bar.yaml", """
        CYLTabBarControllerDarkThemeIdentifier: night
        CYLTabBarControllerThemes:
          default: {icon: day.png}
          festival: {icon: festival.png}
          night: {icon: "night.png"}
        tabBarItemsAttributes:
          - CYLTabBarItemImageURL: "@icon"
        """)
        for (target, allThemes) in [("day.png", false), ("night.png", false), ("festival.png", true)] {
            var job = PreviewJob(input: path)
            job.sheet = "\(dir.path)/\(target)"
            job.allThemes = allThemes
            let before = try Data(contentsOf: URL(fileURLWithPath: "\(dir.path)/\(target)"))
            #expect(throws: OutputError.self, "\(target)") { _ = try job.run(registry: .standard) }
            #expect(try Data(contentsOf: URL(fileURLWithPath: "\(dir.path)/\(target)")) == before)
        }
        // A name no skin uses is free.
        var job = PreviewJob(input: path)
        job.sheet = "\(dir.path)/sheet.png"
        job.allThemes = true
        #expect(try job.run(registry: .standard).files.count == 1)
    }
}
