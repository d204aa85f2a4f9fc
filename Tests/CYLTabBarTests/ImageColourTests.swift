import Foundation
import Testing
@testable import CYLTabBar
import CYLTabBarItemAnimation

/// Images named in a configuration keep their own colours, as CYLTabBarController loads them
/// (`imageWithRenderingMode:UIImageRenderingModeAlwaysOriginal`), in light and dark, selected or
/// not; template tinting is opt-in per tab or in a skin. The hand-written `tabbar/brand` sample
/// (JSON, YAML and plist twins) is previewed and its pixels are checked against the colours
/// written in its files and in `make-icons.py`, which drew its images.
struct ImageColourTests {
    static func rgb(_ hex: UInt32) -> RGBA8 { RGBA8(UInt8(hex >> 16), UInt8((hex >> 8) & 0xFF), UInt8(hex & 0xFF), 255) }

    // The images' colours (make-icons.py) and the skins' values (brand.json).
    static let home = rgb(0x636366), homeSelected = rgb(0x0A60FF), homeDark = rgb(0xAEAEB2), homeSelectedDark = rgb(0xFF9F0A)
    static let wallet = rgb(0x34C759)
    struct Skin { var paper: RGBA8; var brand: RGBA8; var unselected: RGBA8; var highlightAlpha: Int }
    static let day = Skin(paper: rgb(0xFBFAF7), brand: rgb(0x0A60FF), unselected: rgb(0x636366), highlightAlpha: 0x1F)
    static let night = Skin(paper: rgb(0x1C1B1A), brand: rgb(0xFF9F0A), unselected: rgb(0xAEAEB2), highlightAlpha: 0x33)

    /// Points of the 60x60 icons (30 pt at 2x, drawn unscaled) that the shapes cover completely:
    /// the house's body, the coin's centre, the person's head ring (me.png) and filled head
    /// (me-selected.png).
    static let houseBody = (30, 40), coinCentre = (30, 30), ring = (30, 10), head = (30, 19)

    /// `colour` with straight alpha `alpha` over the opaque `base`, rounded.
    static func over(_ colour: RGBA8, alpha: Int, _ base: RGBA8) -> RGBA8 {
        func mix(_ c: UInt8, _ b: UInt8) -> UInt8 { UInt8((Double(Int(c) * alpha + Int(b) * (255 - alpha)) / 255).rounded()) }
        return RGBA8(mix(colour.r, base.r), mix(colour.g, base.g), mix(colour.b, base.b), 255)
    }

    /// Within `tolerance` per channel. The icons are opaque where they are sampled and drawn
    /// unscaled, so they are compared exactly (tolerance 0); a translucent cell fill is ±1, the
    /// rounding of a premultiplied composite.
    static func near(_ a: RGBA8, _ b: RGBA8, _ tolerance: Int) -> Bool {
        max(abs(Int(a.r) - Int(b.r)), abs(Int(a.g) - Int(b.g)), abs(Int(a.b) - Int(b.b)), abs(Int(a.a) - Int(b.a))) <= tolerance
    }

    /// The preview of `file` at 10 fps: home (the launch tab), then wallet, then me selected,
    /// 0.1 s each, in `appearance`.
    static func frames(_ file: String, _ appearance: Appearance, platform: TabPlatform = .ios) throws -> (TabBarLayout, [Pixmap]) {
        var options = ConfigOptions()
        options.platform = platform
        let config = try TabBarConfiguration.load(path: TabBarScratch.sample("tabbar/" + file), options: options)
        let script = platform == .ios ? "wait 0.1s; select wallet; wait 0.1s; select me; wait 0.1s" : "wait 0.1s; select me; wait 0.1s"
        let preview = try TabBarPreview(configuration: config, script: try PreviewScript(parsing: script), fps: 10)
        let layout = try TabBarRenderer(bar: preview.bar).layout
        let count = platform == .ios ? 3 : 2
        return (layout, try (0..<count).map { try preview.render(at: .seconds(Double($0) / 10 + 0.05), appearance: appearance) })
    }

    @Test(arguments: ["brand.json", "brand.yaml", "brand.plist"], [Appearance.light, .dark])
    func brandSampleKeepsItsColours(_ file: String, _ appearance: Appearance) throws {
        let (layout, shots) = try Self.frames(file, appearance)
        let skin = appearance == .light ? Self.day : Self.night
        func icon(_ image: Pixmap, tab: Int, _ point: (Int, Int)) -> RGBA8 { image[layout.iconLeft(tab) + point.0, layout.iconTop + point.1] }
        func cell(_ image: Pixmap, tab: Int) -> RGBA8 { image[tab * layout.itemWidth + 3, layout.height - 3] }
        let highlight = Self.over(skin.brand, alpha: skin.highlightAlpha, skin.paper)
        let (homeNormal, homeChosen) = appearance == .light ? (Self.home, Self.homeSelected) : (Self.homeDark, Self.homeSelectedDark)
        #expect(layout.tabCount == 3)
        for (step, image) in shots.enumerated() {
            let label = "\(file) \(appearance) step \(step)"
            // The house in its own colours: the selected image while selected, the dark images in dark.
            #expect(icon(image, tab: 0, Self.houseBody) == (step == 0 ? homeChosen : homeNormal), "\(label)")
            // The iOS-only coin keeps its green whether selected or not.
            #expect(icon(image, tab: 1, Self.coinCentre) == Self.wallet, "\(label)")
            // Me opts in to template: its mask takes the skin's tints.
            #expect(step == 2 ? icon(image, tab: 2, Self.head) == skin.brand : icon(image, tab: 2, Self.ring) == skin.unselected, "\(label)")
            // "@highlight" fills the selected cell; the others show the skin's bar colour.
            for tab in 0..<3 {
                let expected = tab == step ? highlight : skin.paper
                #expect(Self.near(cell(image, tab: tab), expected, tab == step ? 1 : 0), "\(label) tab \(tab): \(cell(image, tab: tab)) vs \(expected)")
            }
        }
    }

    /// The three formats draw the same pixels, and Android leaves the iOS-only tab out.
    @Test func twinsDrawTheSamePixelsAndFilterThePlatformOnlyTab() throws {
        for appearance in Appearance.allCases {
            let (_, json) = try Self.frames("brand.json", appearance)
            for twin in ["brand.yaml", "brand.plist"] {
                let (_, other) = try Self.frames(twin, appearance)
                #expect(other == json, "\(twin) \(appearance) draws other pixels than brand.json")
            }
        }
        var android = ConfigOptions()
        android.platform = .android
        let config = try TabBarConfiguration.load(path: TabBarScratch.sample("tabbar/brand.yaml"), options: android)
        #expect(config.tabs.map(\.identifier) == ["home", "me"])
        #expect(config.skippedTabs.map(\.description) == ["tab 1 \"wallet\": skipped: only on ios (previewing android)"])
        let (layout, shots) = try Self.frames("brand.yaml", .light, platform: .android)
        #expect(shots[1][layout.iconLeft(1) + Self.head.0, layout.iconTop + Self.head.1] == Self.day.brand, "me is the second tab shown")
    }

    /// A black mask (me.png) shows black unless the tab or its skin asks for template rendering.
    @Test func tintingIsOptInPerTabOrInASkin() throws {
        let dir = try TabBarScratch()
        let me = TabBarScratch.sample("tabbar/me.png"), tint = Self.rgb(0xD1001F)
        func ring(_ text: String, _ appearance: Appearance) throws -> RGBA8 {
            let bar = try TabBar(configuration: try TabBarConfiguration.load(path: try dir.write("bar.yaml", text)))
            let renderer = try TabBarRenderer(bar: bar, scale: 2)
            let image = try renderer.render([TabState(frame: 0, selected: true)], appearance: appearance)
            return image[renderer.layout.iconLeft(0) + Self.ring.0, renderer.layout.iconTop + Self.ring.1]
        }
        let plain = "CYLTabBarTintColor: \"#d1001f\"\nCYLTabBarDarkTintColor: \"#d1001f\"\ntabBarItemsAttributes:\n  - CYLTabBarItemImage: \(me)\n"
        for appearance in Appearance.allCases {
            #expect(try ring(plain, appearance) == .black, "the image's own colour by default (\(appearance))")
            #expect(try ring(plain + "    CYLTabBarItemImageRenderingMode: template\n", appearance) == tint, "per tab (\(appearance))")
            let skinned = "CYLTabBarControllerThemes:\n  default: {CYLTabBarItemImageRenderingMode: template}\n" + plain
            #expect(try ring(skinned, appearance) == tint, "in a skin (\(appearance))")
            #expect(try ring(skinned + "    CYLTabBarItemImageRenderingMode: original\n", appearance) == .black,
                    "a tab's own mode wins over its skin's (\(appearance))")
        }
    }
}
