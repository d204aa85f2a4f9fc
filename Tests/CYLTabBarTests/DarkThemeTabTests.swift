import CYLDocuments
import Foundation
import Testing
@testable import CYLTabBar
import CYLTabBarItemAnimation

/// A tab whose `.lottie` has themes, in dark appearance: what `DarkVariant.choose` picks reaches
/// the icons the contact sheet, the scripted preview and the review page draw (`OpenedTab.icon`,
/// `TabBarRenderer`). `sample-animations/star.lottie` (tools/dev/make-dotlottie-samples.py): a
/// #3a3a3c star (slot "ink") and a #ff9500 spark (slot "spark"); theme "dark" sets ink to
/// #f2f2f7, theme "midnight" ink #64d2ff and spark #ffd60a.
struct DarkThemeTabTests {
    static let star = TabBarScratch.sample("star.lottie")
    static let size = PixelSize(60, 60)

    /// A bar of the tabs `tabs` (JSON objects), written to a scratch folder.
    static func bar(_ tabs: String, options: OpenOptions = OpenOptions(), in dir: TabBarScratch) throws -> TabBar {
        let path = try dir.write("bar.json", "{\"tabBarItemsAttributes\": [\(tabs)]}")
        return try TabBar(configuration: try TabBarConfiguration.load(path: path), options: options, registry: .standard)
    }

    /// The star as `cylanim render --theme NAME` draws it (nil: no theme).
    static func rendered(_ theme: String?, frame: Int, path: String = star) throws -> Pixmap {
        try AnimatorRegistry.standard.timeline(forPath: path, options: OpenOptions(theme: theme)).render(frame: frame, size: size)
    }

    static func icon(_ tab: OpenedTab, _ appearance: Appearance, frame: Int) throws -> Pixmap {
        try tab.icon(frame: frame, selected: true, appearance: appearance, size: size, tint: RGBA8(0, 0, 0, 255))
    }

    /// Pixels (x, y) where `a` and `b` differ.
    static func differences(_ a: Pixmap, _ b: Pixmap) -> [(Int, Int)] {
        var out: [(Int, Int)] = []
        for y in 0..<a.height { for x in 0..<a.width where a[x, y] != b[x, y] { out.append((x, y)) } }
        return out
    }

    @Test func darkTabDrawsTheFilesThemeNamedDark() throws {
        let dir = try TabBarScratch()
        let tab = try Self.bar("{\"CYLTabBarLottieFilePath\": \"\(Self.star)\"}", in: dir).tabs[0]
        #expect(tab.darkVariant == .theme("dark", named: false))
        // Byte for byte what the renderer draws with the theme: both are our renderer's pixels.
        for frame in [0, 6, 14, 23] {
            #expect(try Self.icon(tab, .dark, frame: frame) == Self.rendered("dark", frame: frame), "frame \(frame)")
            #expect(try Self.icon(tab, .light, frame: frame) == Self.rendered(nil, frame: frame), "frame \(frame)")
        }
        let dark = try Self.icon(tab, .dark, frame: 0), light = try Self.icon(tab, .light, frame: 0)
        // At 60 px (0.6 px a unit) the resting star (centre 50,52; outer radius 34) covers x from
        // 9.6 to 50.4 and y from 10.8 to 51.6; the spark is a disc of radius 3.6 px at (48.6, 11.4),
        // 18 px from the star's nearest point. The theme recolours the star only: every changed
        // pixel is in the star's box, none within 4.5 px (the disc and its anti-aliased rim) of the spark.
        let changed = Self.differences(dark, light)
        #expect(changed.allSatisfy { (9...51).contains($0.0) && (10...52).contains($0.1) })
        #expect(!changed.contains { p in
            let dx = Double(p.0) + 0.5 - 48.6, dy = Double(p.1) + 0.5 - 11.4
            return dx * dx + dy * dy <= 4.5 * 4.5
        })
        // The star's area, 5·34·15·sin 36° = 1499 units², is 540 px at 0.36 px² a unit: every
        // pixel it covers changes but for edge pixels whose coverage rounds to no colour.
        #expect(changed.count >= 480, "\(changed.count) pixels changed")
        // Its middle: #3a3a3c in light, the theme's #f2f2f7 (0.949 → 241.995, rounded) in dark.
        #expect(light[30, 31] == RGBA8(0x3a, 0x3a, 0x3c, 255) && dark[30, 31] == RGBA8(0xf2, 0xf2, 0xf7, 255))
        #expect(light[48, 11] == dark[48, 11] && light[48, 11] == RGBA8(0xff, 0x95, 0x00, 255), "the spark keeps its colour")
    }

    @Test func optionsNameAnotherTheme() throws {
        let dir = try TabBarScratch()
        let bar = try Self.bar("""
            {"CYLTabBarLottieFilePath": "\(Self.star)"},
            {"CYLTabBarLottieFilePath": "\(Self.star)", "CYLTabBarAnimationOptions": {"darkTheme": "midnight"}}
            """, in: dir)
        let named = bar.tabs[1]
        #expect(named.item.animation?.options.darkTheme == "midnight")
        #expect(named.darkVariant == .theme("midnight", named: true))
        #expect(try Self.icon(named, .dark, frame: 9) == Self.rendered("midnight", frame: 9))
        #expect(try Self.icon(named, .dark, frame: 9) != Self.icon(bar.tabs[0], .dark, frame: 9))
        #expect(try Self.icon(named, .light, frame: 9) == Self.icon(bar.tabs[0], .light, frame: 9), "light appearance has no theme")
        #expect(bar.diagnostics.isEmpty, "\(bar.diagnostics)")
    }

    @Test func aThemeTheFileLacksIsAnErrorNamingFileKeyAndThemes() throws {
        let dir = try TabBarScratch()
        let path = try dir.write("bar.json", """
            {"tabBarItemsAttributes": [{"CYLTabBarItemIdentifier": "night", "CYLTabBarLottieFilePath": "\(Self.star)",
              "CYLTabBarAnimationOptions": {"darkTheme": "midnigth"}}]}
            """)
        let config = try TabBarConfiguration.load(path: path)
        let error = try #require(throws: ConfigError.self) { try TabBar(configuration: config, registry: .standard) }
        #expect(error.file == path && error.key == "CYLTabBarAnimationOptions.darkTheme" && error.tabIndex == 0)
        #expect(error.description == "\(path): tab 0 \"night\": CYLTabBarAnimationOptions.darkTheme: \(Self.star) has no theme \"midnigth\"; its themes: dark, midnight")
    }

    /// The scripted preview's frames (`TabBarRenderer`) in dark appearance equal a bar whose tab
    /// is given the theme's result as an explicit dark file: the animation with its "ink" slot
    /// set to the dark theme's colour, the slot value dotlottie-rs makes of a Color rule.
    @Test func darkBarEqualsTheSameBarWithTheThemeWrittenOut() throws {
        let dir = try TabBarScratch()
        let archive = try DotLottieFile(bytes: [UInt8](Data(contentsOf: URL(fileURLWithPath: Self.star))), name: Self.star, maxBytes: 1 << 20)
        let json = String(decoding: try archive.animationJSON(), as: UTF8.self)
        let ink = #""ink":{"p":{"a":0,"k":[0.227,0.227,0.235,1]}}"#
        #expect(json.contains(ink), "the sample's ink slot")
        let written = try dir.write("star-dark.json", json.replacingOccurrences(of: ink, with: #""ink":{"p":{"a":0,"k":[0.949,0.949,0.969]}}"#))
        let plain = try dir.write("star-plain.json", json)
        let themed = try Self.bar("{\"CYLTabBarLottieFilePath\": \"\(Self.star)\"}", in: dir)
        let explicit = try Self.bar("{\"CYLTabBarLottieFilePath\": \"\(Self.star)\", \"CYLTabBarLottieDarkFilePath\": \"\(written)\"}", in: dir)
        let none = try Self.bar("{\"CYLTabBarLottieFilePath\": \"\(plain)\"}", in: dir)
        #expect(none.tabs[0].darkVariant == DarkVariant.none)
        for frame in [0, 14] {
            let states = [TabState(frame: frame, selected: true)]
            let a = try TabBarRenderer(bar: themed, scale: 2).render(states, appearance: .dark)
            #expect(a == (try TabBarRenderer(bar: explicit, scale: 2).render(states, appearance: .dark)), "frame \(frame)")
            #expect(a != (try TabBarRenderer(bar: none, scale: 2).render(states, appearance: .dark)), "frame \(frame)")
        }
    }

    /// A lone `.lottie` (`preview icon.lottie`, `lint icon.lottie`): its theme "dark" in dark
    /// appearance; `--theme NAME` is the light appearance's, as a skin is.
    @Test func aLoneLottieUsesItsDarkTheme() throws {
        let lone = try TabBar(configuration: .single(animationPath: Self.star), registry: .standard)
        #expect(lone.tabs[0].darkVariant == .theme("dark", named: false))
        #expect(try Self.icon(lone.tabs[0], .dark, frame: 0) == Self.rendered("dark", frame: 0))
        let chosen = try TabBar(configuration: .single(animationPath: Self.star), options: OpenOptions(theme: "midnight"), registry: .standard)
        #expect(try Self.icon(chosen.tabs[0], .light, frame: 0) == Self.rendered("midnight", frame: 0))
        #expect(try Self.icon(chosen.tabs[0], .dark, frame: 0) == Self.rendered("dark", frame: 0))
        // A file without themes: nothing for dark, the light icon on the dark bar.
        let plain = try TabBar(configuration: .single(animationPath: TabBarScratch.sample("checkmark.json")), registry: .standard)
        #expect(plain.tabs[0].darkVariant == DarkVariant.none)
        #expect(plain.tabs[0].dark.timeline?.source === plain.tabs[0].light.timeline?.source)
    }
}
