import Foundation
import Testing
import CYLTestSupport
@testable import CYLTabBar
import CYLTabBarItemAnimation

/// The same configuration in every format reaches the same typed configuration and draws the same
/// pixels: the sample's skins.json and its YAML and XML plist twins (what `make demo` previews),
/// a binary plist made from the XML one by Foundation, and JSONC/JSON5 variants.
struct ConfigFormatTests {
    static let dir = TabBarScratch.sample("tabbar")

    static func load(_ name: String) throws -> TabBarConfiguration {
        try TabBarConfiguration(contentsOf: URL(fileURLWithPath: "\(dir)/\(name)"))
    }

    /// Everything typed about a configuration, for comparing formats (not the file or format).
    static func summary(_ c: TabBarConfiguration) -> String {
        // Foundation's plist writer orders a dictionary's keys its own way: dark colours compare as a set.
        let tabs = c.tabs.map { t -> TabItem in
            var t = t
            t.animation?.darkColors.sort { "\($0.keypath)" < "\($1.keypath)" }
            return t
        }
        return "\(tabs) \(c.skippedTabs) \(c.speed) \(c.iconSize) \(c.scale) \(c.light) \(c.dark) \(c.theme ?? "-") \(c.themes) \(c.darkTheme ?? "-")"
    }

    /// What the preview shows: every skin's sheet rows, and the scripted bar at a few times in
    /// both appearances.
    static func pictures(_ config: TabBarConfiguration) throws -> [Pixmap] {
        let preview = try TabBarPreview(configuration: config, script: try PreviewScript(parsing: "select 0; wait 0.5s; select me; wait 0.5s; dark; wait 0.3s"))
        var out = [try preview.contactSheet(options: ContactSheetOptions(frameCount: 3, scales: [1]), allThemes: true)]
        for t in [0.0, 0.3, 0.7, 1.2] {
            out.append(try preview.render(at: .seconds(t)))
            out.append(try preview.render(at: .seconds(t), appearance: .dark, theme: "festival"))
        }
        return out
    }

    @Test func sampleTwinsReadTheSameConfiguration() throws {
        let json = try Self.load("skins.json"), yaml = try Self.load("skins.yaml"), plist = try Self.load("skins.plist")
        #expect(json.format == .json && yaml.format == .yaml && plist.format == .xmlPropertyList)
        #expect(Self.summary(yaml) == Self.summary(json))
        #expect(Self.summary(plist) == Self.summary(json))
        // What the sample shows off, read the same way from each.
        #expect(json.themes == ["default", "festival", "night"] && json.theme == "default" && json.darkTheme == "night")
        #expect(json.tabs.map(\.identifier) == ["tasks", "alerts", "sync", "bounce", "me"])
        #expect(json.skippedTabs == [SkippedTab(index: 5, identifier: "wallet", reason: .platform(shownOn: [.android], previewing: .ios))])
        #expect(json.tabs[0].selectedTitle == "Done" && json.tabs[0].selectedTitleFont == TitleFont(name: "DejaVuSans-Bold", size: 10))
        #expect(json.tabs[4].image == "\(Self.dir)/me.png" && json.tabs[4].selectedTitleColor == RGBA8(0xff, 0x2d, 0x55, 255))
        #expect(json.tabs[3].animation?.options.speed == 1.5 && json.tabs[3].minimumAppVersion == AppVersion("5.3"))
        #expect(json.warnings.map(\.description) == ["note: tab 5 \"wallet\": skipped: only on android (previewing ios)"])
    }

    @Test func sampleTwinsRenderIdentically() throws {
        let reference = try Self.pictures(try Self.load("skins.json"))
        for twin in ["skins.yaml", "skins.plist"] {
            let pictures = try Self.pictures(try Self.load(twin))
            #expect(pictures.count == reference.count)
            for (a, b) in zip(pictures, reference) { #expect(a == b, "\(twin) draws other pixels than skins.json") }
        }
    }

    @Test func binaryPropertyListTwin() throws {
        let xml = try Data(contentsOf: URL(fileURLWithPath: "\(Self.dir)/skins.plist"))
        let object = try PropertyListSerialization.propertyList(from: xml, options: [], format: nil)
        let binary = try PropertyListSerialization.data(fromPropertyList: object, format: .binary, options: 0)
        let config = try TabBarConfiguration.parse([UInt8](binary), name: "skins-binary.plist", baseDirectory: Self.dir)
        #expect(config.format == .binaryPropertyList)
        // Foundation writes dictionary keys in its own order, so only the order of skins (and
        // which is first) can differ; this file names its default skin `default`.
        let json = try Self.load("skins.json")
        #expect(Self.summary(config).replacingOccurrences(of: "\(config.themes)", with: "") == Self.summary(json).replacingOccurrences(of: "\(json.themes)", with: ""))
        #expect(Set(config.themes) == Set(json.themes))
        let a = try TabBarPreview(configuration: config).render(at: .seconds(0.4), appearance: .dark)
        let b = try TabBarPreview(configuration: json).render(at: .seconds(0.4), appearance: .dark)
        #expect(a == b)
    }

    @Test func jsoncAndJSON5Twins() throws {
        let json = try String(contentsOfFile: "\(Self.dir)/skins.json", encoding: .utf8)
        // JSONC: comments and trailing commas.
        let jsonc = "// skins, with comments\n" + json
            .replacingOccurrences(of: "\"CYLTabBarScale\": 2,", with: "\"CYLTabBarScale\": 2, /* pixels per point */")
            .replacingOccurrences(of: "\"me.png\"\n    }\n  ]", with: "\"me.png\",\n    },\n  ],")
        // JSON5: keys without quotes, strings in single quotes.
        let json5 = json.replacingOccurrences(of: #""(CYL[A-Za-z]+|tabBarItemsAttributes|default|festival|night|accent|avatar|speed)":"#,
                                              with: "$1:", options: .regularExpression)
            .replacingOccurrences(of: "\"", with: "'")
        let reference = Self.summary(try Self.load("skins.json"))
        for (name, text) in [("skins.jsonc", jsonc), ("skins.json5", json5)] {
            #expect(text != json)
            let c = try TabBarConfiguration.parse(Array(text.utf8), name: name, baseDirectory: Self.dir)
            #expect(Self.summary(c) == reference, "\(name)")
        }
    }

    /// The content decides; the extension only breaks ties.
    @Test func contentDecidesTheFormat() throws {
        let yaml = try [UInt8](Data(contentsOf: URL(fileURLWithPath: "\(Self.dir)/skins.yaml")))
        let plist = try [UInt8](Data(contentsOf: URL(fileURLWithPath: "\(Self.dir)/skins.plist")))
        #expect(try TabBarConfiguration.parse(yaml, name: "named-as.json", baseDirectory: Self.dir).format == .yaml)
        #expect(try TabBarConfiguration.parse(plist, name: "named-as.json", baseDirectory: Self.dir).format == .xmlPropertyList)
        // `{` in a .yaml file is YAML's flow style.
        let flow = #"{tabBarItemsAttributes: [{CYLTabBarItemImage: me.png}]}"#
        #expect(try TabBarConfiguration.parse(Array(flow.utf8), name: "flow.yaml", baseDirectory: Self.dir).format == .yaml)
        let json5 = #"{tabBarItemsAttributes: [{CYLTabBarItemImage: 'me.png'}]}"#
        #expect(try TabBarConfiguration.parse(Array(json5.utf8), name: "flow.json5", baseDirectory: Self.dir).format == .json)
    }

    @Test func configurationsAreRecognisedInEveryFormat() throws {
        for name in ["skins.json", "skins.yaml", "skins.plist", "tabbar.json"] {
            #expect(TabBarConfiguration.looksLikeConfiguration(path: "\(Self.dir)/\(name)"), "\(name)")
        }
        let scratch = try TabBarScratch()
        let xml = try Data(contentsOf: URL(fileURLWithPath: "\(Self.dir)/skins.plist"))
        let binary = try PropertyListSerialization.data(fromPropertyList: try PropertyListSerialization.propertyList(from: xml, format: nil),
                                                        format: .binary, options: 0)
        try binary.write(to: URL(fileURLWithPath: "\(scratch.path)/bar.bin"))
        #expect(TabBarConfiguration.looksLikeConfiguration(path: "\(scratch.path)/bar.bin"))
        #expect(!TabBarConfiguration.looksLikeConfiguration(path: TabBarScratch.sample("checkmark.json")))
    }

    /// Errors keep their line:column in every text format, and name the tab and key the same way.
    @Test func errorsHaveTheSamePlaceInEveryFormat() {
        let cases: [(String, String, String)] = [
            ("bar.json", "{\"tabBarItemsAttributes\": [\n  {\"CYLTabBarItemImage\": 5}\n]}",
             "bar.json:2:26: tab 0: CYLTabBarItemImage: expected a path, found a number"),
            ("bar.yaml", "tabBarItemsAttributes:\n  - CYLTabBarItemImage: 5\n",
             "bar.yaml:2:25: tab 0: CYLTabBarItemImage: expected a path, found a number"),
            ("bar.plist", "<plist><dict><key>tabBarItemsAttributes</key><array>\n<dict><key>CYLTabBarItemImage</key><integer>5</integer></dict></array></dict></plist>",
             "bar.plist:2:36: tab 0: CYLTabBarItemImage: expected a path, found a number"),
        ]
        for (name, text, message) in cases {
            do {
                _ = try TabBarConfiguration.parse(Array(text.utf8), name: name, baseDirectory: ".")
                Issue.record("\(name): expected an error")
            } catch {
                #expect(error.description == message)
            }
        }
    }
}
