import Foundation
import Testing
import CYLImageCodecs
import CYLRaster

/// `cylanim preview` with the configuration's skins, filters and formats.
struct PreviewConfigCLITests {
    static let skins = CLI.sample("tabbar/skins.yaml")

    @Test func themesFiltersAndEvents() throws {
        let r = try CLI.run(["preview", Self.skins, "--theme", "festival", "--app-version", "5.2.0", "--events",
                             "--script", "select me; wait 0.2s; select tasks; wait 0.2s"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.split(separator: "\n") == [
            #"{"event":"tabSkipped","item":3,"identifier":"bounce","reason":"needs app version 5.3 or later (previewing 5.2.0)"}"#,
            #"{"event":"tabSkipped","item":5,"identifier":"wallet","reason":"only on android (previewing ios)"}"#,
            #"{"event":"animationDidStart","tab":2,"identifier":"sync","time":0.000}"#,
            #"{"event":"animationDidStart","tab":0,"identifier":"tasks","accessibilityLabel":"Task list","time":0.200}"#,
        ])
        #expect(r.stderr == """
        cylanim: note: \(Self.skins): tab 3 "bounce": skipped: needs app version 5.3 or later (previewing 5.2.0)
        cylanim: note: \(Self.skins): tab 5 "wallet": skipped: only on android (previewing ios)

        """)
    }

    @Test func androidShowsItsOwnTabs() throws {
        let r = try CLI.run(["preview", Self.skins, "--platform", "android", "--events", "--script", "select wallet; wait 0.1s", "-q"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(!r.stdout.contains("tabSkipped") && r.stderr.isEmpty)
    }

    @Test func sheetWithEverySkin() throws {
        let dir = try ScratchDir()
        let r = try CLI.run(["preview", Self.skins, "--sheet", "\(dir.path)/all.png", "--all-themes", "--scales", "1", "--count", "2"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("(5 tabs, 3 skins)"), "\(r.stdout)")
        let one = try CLI.run(["preview", Self.skins, "--sheet", "\(dir.path)/one.png", "--scales", "1", "--count", "2", "-q"])
        #expect(one.status == 0)
        let all = try PNGCodec.decode([UInt8](Data(contentsOf: URL(fileURLWithPath: "\(dir.path)/all.png"))), name: "all")
        let single = try PNGCodec.decode([UInt8](Data(contentsOf: URL(fileURLWithPath: "\(dir.path)/one.png"))), name: "one")
        #expect(all.height > 3 * single.height - 100 && all.width >= single.width, "\(all.width)x\(all.height) vs \(single.width)x\(single.height)")
    }

    @Test func theThreeSampleFormatsWriteTheSameSheet() throws {
        let dir = try ScratchDir()
        var sheets: [Data] = []
        for ext in ["json", "yaml", "plist"] {
            let r = try CLI.run(["preview", CLI.sample("tabbar/skins.\(ext)"), "--sheet", "\(dir.path)/\(ext).png", "--all-themes", "--scales", "1", "-q"])
            #expect(r.status == 0, "\(r.stderr)")
            sheets.append(try Data(contentsOf: URL(fileURLWithPath: "\(dir.path)/\(ext).png")))
        }
        #expect(sheets[0] == sheets[1] && sheets[0] == sheets[2])
    }

    @Test(arguments: [
        (["--events", "--platform", "windows"], "Invalid value 'windows' for '--platform': expected 'ios' or 'android'."),
        (["--events", "--app-version", "5.x"], "Invalid value '5.x' for '--app-version': expected a version such as 5.2.0."),
        (["--events", "--all-themes"], "--all-themes puts every skin on the contact sheet; give --sheet <png> too."),
    ])
    func usageErrors(_ extra: [String], _ message: String) throws {
        let r = try CLI.run(["preview", Self.skins] + extra)
        #expect(r.status == 64)
        #expect(r.stderr.hasPrefix("Error: \(message)\nUsage: cylanim preview"), "\(r.stderr)")
    }

    @Test func unknownSkinIsADataError() throws {
        let r = try CLI.run(["preview", Self.skins, "--theme", "winter", "--events"])
        #expect(r.status == 65)
        #expect(r.stderr == "cylanim: error: \(Self.skins): no skin \"winter\" (skins: \"default\", \"festival\", \"night\")\n")
    }

    @Test func skinsNeedAConfiguration() throws {
        let dir = try ScratchDir()
        var r = try CLI.run(["preview", CLI.sample("spinner.gif"), "--theme", "night", "--events"])
        #expect(r.status == 64 && r.stderr.hasPrefix("Error: --theme night: \(CLI.sample("spinner.gif")) is one animation, not a configuration with skins"), "\(r.stderr)")
        r = try CLI.run(["preview", CLI.sample("tabbar/tabbar.json"), "--sheet", "\(dir.path)/s.png", "--all-themes"])
        #expect(r.status == 64 && r.stderr.hasPrefix("Error: --all-themes shows each skin of a configuration, but"), "\(r.stderr)")
        #expect(dir.files().isEmpty)
    }

    /// A PAG tab opens its file through the registry like any animation: a broken one is the
    /// file's own error, naming its byte.
    @Test func aPAGTabWithABrokenFileIsThatFilesError() throws {
        let dir = try ScratchDir()
        try dir.write("bar.yaml", Array("tabBarItemsAttributes:\n  - CYLTabBarItemIdentifier: live\n    CYLTabBarPAGURL: live.pag\n".utf8))
        try dir.write("live.pag", PAGCLITests.truncated)
        let r = try CLI.run(["preview", "\(dir.path)/bar.yaml", "-o", "\(dir.path)/out.gif"])
        #expect(r.status == 65)
        #expect(r.stderr.hasPrefix("cylanim: error: ") && r.stderr.contains("\(dir.path)/live.pag:byte 9: the VectorCompositionBlock tag claims 40 bytes"),
                "\(r.stderr)")
        #expect(dir.files() == ["bar.yaml", "live.pag"])
    }
}
