import Foundation
import Testing
@testable import CYLTabBar
import CYLTabBarItemAnimation

/// A scratch directory with the sample animations' absolute paths at hand.
final class TabBarScratch {
    let path: String
    static let repo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path
    static func sample(_ name: String) -> String { "\(repo)/sample-animations/\(name)" }

    init() throws {
        path = NSTemporaryDirectory() + "cyl-tabbar-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }
    deinit { try? FileManager.default.removeItem(atPath: path) }

    @discardableResult
    func write(_ name: String, _ text: String) throws -> String {
        let p = "\(path)/\(name)"
        try FileManager.default.createDirectory(atPath: (p as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: p))
        return p
    }

    func copy(_ sample: String, to name: String) throws {
        try FileManager.default.copyItem(atPath: Self.sample(sample), toPath: "\(path)/\(name)")
    }
}

struct TabBarConfigTests {
    func parse(_ text: String, options: ConfigOptions = { var o = ConfigOptions(); o.checkFiles = false; return o }()) throws(ConfigError) -> TabBarConfiguration {
        try TabBarConfiguration.parse(Array(text.utf8), name: "bar.json", baseDirectory: "cfg", options: options)
    }

    func error(_ text: String, options: ConfigOptions? = nil) -> ConfigError? {
        do {
            if let options { _ = try parse(text, options: options) } else { _ = try parse(text) }
            return nil
        } catch { return error }
    }

    @Test func sampleTabBarParsesWithPathsRelativeToTheFile() throws {
        let config = try TabBarConfiguration.load(path: TabBarScratch.sample("tabbar/tabbar.json"))
        #expect(config.tabs.count == 5)
        #expect(config.warnings.isEmpty)
        let dir = TabBarScratch.sample("tabbar")
        #expect(config.tabs[0].animation?.path == "\(dir)/../checkmark.json")
        #expect(config.tabs[0].animation?.kind == .lottie)
        #expect(config.tabs[1].animation?.darkColors == [ColorOverride(keypath: "bell.**.bell fill", color: RGBA8(0xf2, 0xf2, 0xf7, 255)),
                                                        ColorOverride(keypath: "badge.dot.dot ring", color: RGBA8(0x16, 0x16, 0x17, 255))])
        #expect(config.tabs[2].animation?.kind == .gif)
        #expect(config.tabs[2].loopsWhenUnselected && config.tabs[2].policy == .loopsWhenUnselected)
        #expect(config.tabs[3].animation?.kind == .any)
        #expect(config.tabs[4].image == "\(dir)/me.png" && config.tabs[4].selectedImage == "\(dir)/me-selected.png")
        #expect(config.tabs[4].renderingMode == .template)
        #expect(config.tabs[4].selectedTitleColor == RGBA8(0xff, 0x2d, 0x55, 255))
        #expect(config.tabs.map(\.identifier) == ["tasks", "alerts", "sync", "bounce", "me"])
    }

    @Test func topLevelSettings() throws {
        let c = try parse("""
        {"CYLTabBarControllerTabBarItemAnimationSpeed": 0.5, "CYLTabBarItemIconSize": 24, "CYLTabBarScale": 3,
         "CYLTabBarBackgroundColor": "#fff", "CYLTabBarDarkTintColor": "#ff9500",
         "tabBarItemsAttributes": [{"CYLTabBarLottieFilePath": "a.json", "CYLTabBarItemTitleColor": "red"}]}
        """)
        #expect(c.speed == 0.5 && c.iconSize == 24 && c.scale == 3)
        #expect(c.light.background == .white && c.dark.tint == RGBA8(0xff, 0x95, 0, 255))
        #expect(c.tabs[0].animation?.path == "cfg/a.json")
        #expect(c.tabs[0].titleColor == RGBA8(255, 0, 0, 255))
    }

    @Test func emptyFile() {
        let e = error("")
        #expect(e?.kind == .syntax)
        #expect(e?.description == "bar.json:1:1: the file is empty")
        #expect(error("  \n ")?.kind == .syntax)
    }

    @Test(arguments: [
        ("[1, 2]", ConfigError.Kind.wrongType, "bar.json:1:1: a tab-bar configuration is a map with a \"tabBarItemsAttributes\" list; found a list"),
        ("{}", .missing, "bar.json:1:1: tabBarItemsAttributes: missing: a tab-bar configuration lists its tabs in a \"tabBarItemsAttributes\" list"),
        ("{\"tabBarItemsAttributes\": {}}", .wrongType, "bar.json:1:27: tabBarItemsAttributes: expected a list, found a map"),
        ("{\"tabBarItemsAttributes\": []}", .invalidValue, "bar.json:1:27: tabBarItemsAttributes: the tab bar has no tabs; give at least one"),
        ("{\"tabBarItemsAttributes\": [\"home.json\"]}", .wrongType,
         "bar.json:1:28: tab 0: each entry of tabBarItemsAttributes is a map of tab attributes; found a string"),
        ("{\"tabBarItemsAttributes\": [{\"CYLTabBarItemIdentifier\": \"home\", \"CYLTabBarItemTitle\": 7, \"CYLTabBarItemImage\": \"a.png\"}]}", .wrongType,
         "bar.json:1:86: tab 0 \"home\": CYLTabBarItemTitle: expected a string, found a number"),
        ("{\"tabBarItemsAttributes\": [{\"CYLTabBarItemTitle\": \"Home\", \"CYLTabBarLottieFilePath\": [\"a.json\"]}]}", .wrongType,
         "bar.json:1:86: tab 0 \"Home\": CYLTabBarLottieFilePath: expected a path, found a list"),
        ("{\"CYLTabBarControllerTabBarItemAnimationSpeed\": \"fast\", \"tabBarItemsAttributes\": [{\"CYLTabBarItemImage\": \"a.png\"}]}", .wrongType,
         "bar.json:1:49: CYLTabBarControllerTabBarItemAnimationSpeed: expected a number, found a string"),
        ("{\"tabBarItemsAttributes\": [{\"CYLTabBarLottieFilePath\": \"a.json\", \"CYLTabBarLottieLoopsWhenUnselected\": \"yes\"}]}", .wrongType,
         "bar.json:1:104: tab 0: CYLTabBarLottieLoopsWhenUnselected: expected a boolean, found the text \"yes\" (write true or false, without quotes)"),
        ("{\"tabBarItemsAttributes\": [{\"CYLTabBarLottieFilePath\": \"a.json\", \"CYLTabBarLottieDarkColors\": [\"#fff\"]}]}", .wrongType,
         "bar.json:1:95: tab 0: CYLTabBarLottieDarkColors: expected a map of keypath → colour, e.g. {\"**.Fill 1\": \"#ffffff\"}, found a list"),
    ])
    func wrongTypes(_ text: String, _ kind: ConfigError.Kind, _ message: String) {
        let e = error(text)
        #expect(e?.kind == kind)
        #expect(e?.description == message)
    }

    @Test(arguments: ["NaN", "-Infinity", "Infinity"])
    func nonFiniteNumbers(_ literal: String) {
        let e = error("{\"CYLTabBarControllerTabBarItemAnimationSpeed\": \(literal), \"tabBarItemsAttributes\": []}")
        #expect(e?.kind == .syntax)
        #expect(e?.description.hasPrefix("bar.json:1:49: NaN and Infinity are not finite numbers (write a finite number)") == true, "\(String(describing: e))")
    }

    @Test func lowercaseNaNIsASyntaxError() {
        let e = error("{\"CYLTabBarControllerTabBarItemAnimationSpeed\": nan, \"tabBarItemsAttributes\": []}")
        #expect(e?.kind == .syntax)
        #expect(e?.description.hasPrefix("bar.json:1:") == true)
    }

    @Test func numberTooLargeForADouble() {
        let e = error("{\"CYLTabBarControllerTabBarItemAnimationSpeed\": 1e999, \"tabBarItemsAttributes\": []}")
        #expect(e?.kind == .syntax)
        #expect(e?.message.contains("too large") == true, "\(String(describing: e))")
    }

    @Test(arguments: [(0.0, "0"), (-1.0, "-1"), (1000.0, "1000")])
    func speedOutOfRange(_ speed: Double, _ shown: String) {
        let e = error("{\"CYLTabBarControllerTabBarItemAnimationSpeed\": \(speed), \"tabBarItemsAttributes\": [{\"CYLTabBarItemImage\": \"a.png\"}]}")
        #expect(e?.kind == .invalidValue)
        #expect(e?.description.hasSuffix("CYLTabBarControllerTabBarItemAnimationSpeed: the animation speed must be from 0.001 to 100 (got \(shown))") == true,
                "\(String(describing: e))")
    }

    @Test func deepNesting() {
        let deep = String(repeating: "[", count: 200) + String(repeating: "]", count: 200)
        let e = error("{\"x\": \(deep), \"tabBarItemsAttributes\": []}")
        #expect(e?.kind == .syntax)
        #expect(e?.message == "nesting is deeper than the limit of 64 levels (Limits.maxJSONDepth)", "\(String(describing: e))")
    }

    @Test func hugeFile() throws {
        var options = ConfigOptions()
        options.maxBytes = 4096
        let padding = String(repeating: " ", count: 5000)
        let e = error("{\"tabBarItemsAttributes\": []}\(padding)", options: options)
        #expect(e?.kind == .tooLarge)
        #expect(e?.description == "bar.json: the configuration is 5029 bytes, more than the limit of 4096 for a tab-bar configuration (Limits.maxFileBytes)")

        // From a file: refused before it is read (a real default limit of 1 MiB).
        let dir = try TabBarScratch()
        let path = try dir.write("huge.json", "{\"tabBarItemsAttributes\": [" + String(repeating: "{\"CYLTabBarItemImage\": \"a.png\"},", count: 40_000) + "]}")
        do {
            _ = try TabBarConfiguration.load(path: path)
            Issue.record("expected an error")
        } catch {
            #expect(error.kind == .tooLarge)
            #expect(error.description == "\(path): the configuration file is larger than the limit of 1048576 bytes for a tab-bar configuration (Limits.maxFileBytes)")
        }
    }

    @Test func missingConfigurationFile() {
        do { _ = try TabBarConfiguration.load(path: "/nonexistent/tabbar.json"); Issue.record("expected an error") } catch {
            #expect(error.kind == .unreadable)
            #expect(error.description == "/nonexistent/tabbar.json: no such file")
        }
    }

    @Test func missingAnimationFileNamesTabAndKey() throws {
        let dir = try TabBarScratch()
        let path = try dir.write("bar.json", """
        {"tabBarItemsAttributes": [
          {"CYLTabBarItemImage": "home.png"},
          {"CYLTabBarItemIdentifier": "likes", "CYLTabBarLottieFilePath": "icons/heart.json"}
        ]}
        """)
        try dir.copy("tabbar/me.png", to: "home.png")
        do { _ = try TabBarConfiguration.load(path: path); Issue.record("expected an error") } catch {
            #expect(error.kind == .missingFile)
            #expect(error.tabIndex == 1 && error.identifier == "likes" && error.key == "CYLTabBarLottieFilePath")
            #expect(error.description == "\(path):3:67: tab 1 \"likes\": CYLTabBarLottieFilePath: no such file 'icons/heart.json' (looked for \(dir.path)/icons/heart.json; paths are relative to the configuration file)")
        }
    }

    @Test func missingImageAndDarkFiles() throws {
        let dir = try TabBarScratch()
        try dir.copy("spinner.gif", to: "spin.gif")
        let cases: [(String, String)] = [
            ("{\"CYLTabBarItemImage\": \"nope.png\"}", "CYLTabBarItemImage: no such file 'nope.png'"),
            ("{\"CYLTabBarItemImage\": \"spin.gif\", \"CYLTabBarItemSelectedImage\": \"sel.png\"}", "CYLTabBarItemSelectedImage: no such file 'sel.png'"),
            ("{\"CYLTabBarGIFFilePath\": \"spin.gif\", \"CYLTabBarLottieDarkFilePath\": \"spin_night.gif\"}", "CYLTabBarLottieDarkFilePath: no such file 'spin_night.gif'"),
            ("{\"CYLTabBarItemImage\": \".\"}", "CYLTabBarItemImage: '.' is a directory; an image is a PNG file"),
        ]
        for (tab, message) in cases {
            let path = try dir.write("bar.json", "{\"tabBarItemsAttributes\": [\(tab)]}")
            do { _ = try TabBarConfiguration.load(path: path); Issue.record("expected an error for \(tab)") } catch {
                #expect(error.kind == .missingFile)
                #expect(error.description.contains("tab 0: " + message), "\(error)")
            }
        }
    }

    @Test func unreadableAnimationIsABadAnimationError() throws {
        let dir = try TabBarScratch()
        try dir.write("broken.json", "{\"v\": \"5.7\", \"layers\": ")
        let path = try dir.write("bar.json", "{\"tabBarItemsAttributes\": [{\"CYLTabBarItemIdentifier\": \"x\", \"CYLTabBarAnimationURL\": \"file://\(dir.path)/broken.json\"}]}")
        let config = try TabBarConfiguration.load(path: path)
        #expect(throws: ConfigError.self) { _ = try TabBar(configuration: config) }
        do { _ = try TabBar(configuration: config) } catch let e as ConfigError {
            #expect(e.kind == .badAnimation && e.tabIndex == 0 && e.key == "CYLTabBarAnimationURL")
            #expect(e.description.hasPrefix("\(path): tab 0 \"x\": CYLTabBarAnimationURL: "), "\(e)")
        }
    }

    @Test func unknownKeysAreWarnings() throws {
        let c = try parse("""
        {"tabBarItemsAttributes": [{"CYLTabBarItemTitel": "Home", "CYLTabBarItemImage": "a.png", "color": 1}],
         "CYLTabBarControllerTabBarItemAnimationSpeeed": 2}
        """)
        #expect(c.speed == 1)
        #expect(c.warnings.map(\.description) == [
            "warning: 2:2: unknown key \"CYLTabBarControllerTabBarItemAnimationSpeeed\" ignored; did you mean \"CYLTabBarControllerTabBarItemAnimationSpeed\"?",
            "warning: 1:29 tab 0: unknown key \"CYLTabBarItemTitel\" ignored; did you mean \"CYLTabBarItemTitle\"?",
            "warning: 1:90 tab 0: unknown key \"color\" ignored",
        ])
    }

    @Test(arguments: [
        ("{\"CYLTabBarItemTitle\": \"Empty\"}", "tab 0 \"Empty\": the tab has nothing to show: give CYLTabBarLottieFilePath, CYLTabBarGIFFilePath, CYLTabBarAnimationURL or CYLTabBarItemImage"),
        ("{\"CYLTabBarLottieFilePath\": \"a.json\", \"CYLTabBarGIFFilePath\": \"b.gif\"}", "tab 0: CYLTabBarGIFFilePath: a tab has one animation; CYLTabBarLottieFilePath is given too"),
        ("{\"CYLTabBarItemImage\": \"a.png\", \"CYLTabBarLottieDarkFilePath\": \"b.json\"}", "tab 0: CYLTabBarLottieDarkFilePath: a dark animation needs a light one: give CYLTabBarLottieFilePath too"),
        ("{\"CYLTabBarItemImage\": \"a.png\", \"CYLTabBarItemTitleColor\": \"#12\"}", "tab 0: CYLTabBarItemTitleColor: \"#12\" is not a colour; write #rgb, #rrggbb, #rrggbbaa or a name such as white"),
        ("{\"CYLTabBarItemImage\": \"a.png\", \"CYLTabBarItemImageRenderingMode\": \"alwaysOriginal\"}", "tab 0: CYLTabBarItemImageRenderingMode: expected \"template\" or \"original\", found \"alwaysOriginal\""),
        ("{\"CYLTabBarAnimationURL\": \"https://example.com/a.json\"}", "tab 0: CYLTabBarAnimationURL: \"https://example.com/a.json\" is on the network; download it first: this tool reads no network"),
        ("{\"CYLTabBarLottieFilePath\": \"a.json\", \"CYLTabBarLottieDarkColors\": {\"a..b\": \"#fff\"}}", "tab 0: CYLTabBarLottieDarkColors: keypath \"a..b\" has an empty name; write names joined by '.', with * for one name and ** for any number"),
        ("{\"CYLTabBarLottieFilePath\": \"a.json\", \"CYLTabBarLottieDarkColors\": {\"**.Fill\": \"dark\"}}", "tab 0: CYLTabBarLottieDarkColors.**.Fill: \"dark\" is not a colour; write #rgb, #rrggbb, #rrggbbaa or a name such as white"),
        ("{\"CYLTabBarLottieFilePath\": \"\"}", "tab 0: CYLTabBarLottieFilePath: the path is empty"),
    ])
    func invalidTabs(_ tab: String, _ message: String) {
        let e = error("{\"tabBarItemsAttributes\": [\(tab)]}")
        #expect(e != nil)
        #expect(e?.description.hasSuffix(message) == true, "\(String(describing: e))")
    }

    @Test func duplicateIdentifiers() {
        let e = error("{\"tabBarItemsAttributes\": [{\"CYLTabBarItemIdentifier\": \"a\", \"CYLTabBarItemImage\": \"a.png\"}, {\"CYLTabBarItemIdentifier\": \"a\", \"CYLTabBarItemImage\": \"a.png\"}]}")
        #expect(e?.description == "bar.json:1:121: tab 1 \"a\": CYLTabBarItemIdentifier: the identifier is also used by tab 0; identifiers must be unique")
    }

    @Test func tooManyTabs() {
        let tabs = Array(repeating: "{\"CYLTabBarItemImage\": \"a.png\"}", count: 17).joined(separator: ",")
        #expect(error("{\"tabBarItemsAttributes\": [\(tabs)]}")?.message == "17 tabs is more than the 16 a preview draws")
    }

    @Test(arguments: [
        ("home.json", "home_dark.json"), ("icons/home.json", "icons/home_dark.json"), ("a.b/c", "a.b/c_dark"),
        ("bounce-frames/", "bounce-frames_dark"), (".hidden", ".hidden_dark"), ("x/spinner.gif", "x/spinner_dark.gif"),
    ])
    func darkNamingConvention(_ path: String, _ dark: String) {
        #expect(DarkVariantNaming.darkPath(for: path) == dark)
    }

    @Test func darkFileFoundByConvention() throws {
        let dir = try TabBarScratch()
        try dir.copy("spinner.gif", to: "spin.gif")
        try dir.copy("lint-examples/heart-pop-fps-too-low-and-content-in-margin.gif", to: "spin_dark.gif")
        let path = try dir.write("bar.json", "{\"tabBarItemsAttributes\": [{\"CYLTabBarGIFFilePath\": \"spin.gif\"}]}")
        let config = try TabBarConfiguration.load(path: path)
        #expect(config.tabs[0].animation?.darkPath == "\(dir.path)/spin_dark.gif")
        #expect(config.tabs[0].animation?.darkPathFromConvention == true)
        #expect(DarkVariantNaming.existingDarkPath(for: "\(dir.path)/spin_dark.gif") == nil)
        let bar = try TabBar(configuration: config)
        guard case .animation(let light) = bar.tabs[0].light, case .animation(let dark) = bar.tabs[0].dark else { Issue.record("not an animation"); return }
        #expect(light.frameCount == 24 && dark.file.hasSuffix("spin_dark.gif"))
        #expect(bar.diagnostics.map(\.description) == ["note: tab 0: dark variant \(dir.path)/spin_dark.gif found by the name_dark naming convention"])
    }

    @Test func recognisesConfigurations() throws {
        #expect(TabBarConfiguration.looksLikeConfiguration(path: TabBarScratch.sample("tabbar/tabbar.json")))
        #expect(!TabBarConfiguration.looksLikeConfiguration(path: TabBarScratch.sample("spinner.gif")))
        #expect(!TabBarConfiguration.looksLikeConfiguration(path: TabBarScratch.sample("bounce-frames")))
        let dir = try TabBarScratch()
        #expect(!TabBarConfiguration.looksLikeConfiguration(path: try dir.write("lottie.json", "{\"v\": \"5.7.0\", \"fr\": 30, \"layers\": []}")))
    }
}
