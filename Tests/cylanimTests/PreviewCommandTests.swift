import Foundation
import Testing
import CYLImageCodecs
import CYLRaster

/// `cylanim preview`: sheets, scripted previews, events, terminal refusal, configuration errors.
struct PreviewCommandTests {
    static let config = CLI.sample("tabbar/tabbar.json")

    @Test func sheetOfTheSampleTabBar() throws {
        let dir = try ScratchDir()
        let r = try CLI.run(["preview", Self.config, "--sheet", "\(dir.path)/out/sheet.png", "--count", "3", "--scales", "1,2"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.hasPrefix("wrote contact sheet ") && r.stdout.contains("(5 tabs)"))
        let png = try PNGCodec.decode([UInt8](Data(contentsOf: URL(fileURLWithPath: "\(dir.path)/out/sheet.png"))), name: "sheet")
        #expect(png.width > 200 && png.height > 500)
        #expect(dir.files("out") == ["sheet.png"])
    }

    /// A dark-colour keypath that matches nothing in the Lottie file is worth a warning: it is
    /// almost always a typo in the configuration.
    @Test func darkColourKeypathThatMatchesNothingIsReported() throws {
        let dir = try ScratchDir()
        let config = """
        {"tabBarItemsAttributes": [{"CYLTabBarItemTitle": "A", "CYLTabBarLottieFilePath": "\(CLI.sample("badge.json"))",
          "CYLTabBarLottieDarkColors": {"nothing.here": "#ffffff", "**.bell fill": "#f2f2f7"}}]}
        """
        try dir.write("bar.json", Array(config.utf8))
        let r = try CLI.run(["preview", "\(dir.path)/bar.json", "--sheet", "\(dir.path)/s.png"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("tab 0 \"A\": colour override 'nothing.here' matches no fill, stroke or gradient"), "\(r.stderr)")
        #expect(!r.stderr.contains("bell fill"), "the matching override is not reported: \(r.stderr)")
    }

    @Test func sheetOfOneAnimation() throws {
        let dir = try ScratchDir()
        let r = try CLI.run(["preview", CLI.sample("spinner.gif"), "--sheet", "\(dir.path)/s.png", "-q"])
        #expect(r.status == 0 && r.stdout.isEmpty, "\(r.stderr)")
        #expect(dir.files() == ["s.png"])
    }

    @Test func scriptedGIFWithEvents() throws {
        let dir = try ScratchDir()
        let r = try CLI.run(["preview", Self.config, "-o", "\(dir.path)/bar.gif", "--events",
                             "--script", "select 1; wait 1.2s; select 1; wait 1s; select 3; wait 2s"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.split(separator: "\n") == [
            #"{"event":"animationDidStart","tab":2,"identifier":"sync","time":0.000}"#,
            #"{"event":"animationDidStart","tab":1,"identifier":"alerts","time":0.000}"#,
            #"{"event":"animationDidFinish","tab":1,"identifier":"alerts","time":1.200,"completed":true}"#,
            #"{"event":"animationDidStart","tab":1,"identifier":"alerts","time":1.200}"#,
            #"{"event":"animationDidFinish","tab":1,"identifier":"alerts","time":2.200,"completed":false}"#,
            #"{"event":"animationDidStart","tab":3,"identifier":"bounce","time":2.200}"#,
            #"{"event":"animationDidFinish","tab":3,"identifier":"bounce","time":2.700,"completed":true}"#,
        ])
        #expect(r.stderr.contains("wrote gif preview 750x98"), "summary goes to stderr with --events: \(r.stderr)")
        let head = [UInt8](try Data(contentsOf: URL(fileURLWithPath: "\(dir.path)/bar.gif")).prefix(6))
        #expect(head == Array("GIF89a".utf8))
    }

    @Test func eventsAloneWriteNoFile() throws {
        let dir = try ScratchDir()
        let r = try CLI.run(["preview", Self.config, "--events", "--script", "select sync; wait 0.5s; select me; wait 0.1s"], in: dir.path)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.split(separator: "\n") == [
            #"{"event":"animationDidStart","tab":2,"identifier":"sync","time":0.000}"#,      // looping while unselected
            #"{"event":"animationDidFinish","tab":2,"identifier":"sync","time":0.000,"completed":false}"#,
            #"{"event":"animationDidStart","tab":2,"identifier":"sync","time":0.000}"#,      // selected: plays once
            #"{"event":"animationDidFinish","tab":2,"identifier":"sync","time":0.500,"completed":false}"#,
            #"{"event":"animationDidStart","tab":2,"identifier":"sync","time":0.500}"#,      // deselected: loops again
        ])
        #expect(dir.files().isEmpty)
    }

    @Test func darkPNGSequence() throws {
        let dir = try ScratchDir()
        let r = try CLI.run(["preview", Self.config, "-o", "\(dir.path)/frames/%03d.png", "--appearance", "dark", "--rate", "10",
                             "--script", "select 4; wait 0.3s", "--scale", "1"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(dir.files("frames") == ["000.png", "001.png", "002.png"])
        let png = try PNGCodec.decode([UInt8](Data(contentsOf: URL(fileURLWithPath: "\(dir.path)/frames/000.png"))), name: "f")
        #expect(png.size.width == 375 && png.size.height == 49)
        #expect(png[2, 30] == RGBA8(0x16, 0x16, 0x17, 255))  // the dark bar colour
    }

    @Test func terminalRefusesWhenStdoutIsNotATerminal() throws {
        let r = try CLI.run(["preview", Self.config, "--terminal"])
        #expect(r.status == 64)
        #expect(r.stdout.isEmpty)
        #expect(r.stderr == "cylanim: error: --terminal plays the preview in a terminal, but standard output is not one (a pipe or a file); use --sheet <png> or -o <file> to write images instead\n")
    }

    /// In a pseudo-terminal (util-linux `script`): half-block frames, then the cursor shown again.
    @Test(.enabled(if: CLI.hasPseudoTerminal))
    func terminalPlaybackInAPseudoTerminal() throws {
        let (status, text) = try CLI.runInPseudoTerminal(
            "\(CLI.binary) preview \(Self.config) --terminal --loops 1 --graphics half-blocks --rate 10 --script 'select 1; wait 0.2s'")
        #expect(status == 0, "\(text.suffix(300))")
        #expect(text.hasPrefix("\u{1B}[?25l"), "cursor hidden first")
        #expect(text.components(separatedBy: "\u{1B}8").count - 1 == 3, "two frames drawn at the saved position, then the end")
        #expect(text.contains("\u{1B}[38;2;") && text.contains("▀"))
        #expect(text.hasSuffix("\u{1B}[0m\u{1B}[?25h"), "cursor restored: \(text.suffix(40).debugDescription)")
    }

    @Test func configurationErrors() throws {
        let dir = try ScratchDir()
        try dir.write("missing.json", Array(#"{"tabBarItemsAttributes": [{"CYLTabBarItemIdentifier": "home", "CYLTabBarLottieFilePath": "home.json"}]}"#.utf8))
        var r = try CLI.run(["preview", "\(dir.path)/missing.json", "--sheet", "\(dir.path)/s.png"])
        #expect(r.status == 66)
        #expect(r.stderr == "cylanim: error: \(dir.path)/missing.json:1:91: tab 0 \"home\": CYLTabBarLottieFilePath: no such file 'home.json' (looked for \(dir.path)/home.json; paths are relative to the configuration file)\n")

        try dir.write("nan.json", Array(#"{"CYLTabBarControllerTabBarItemAnimationSpeed": NaN, "tabBarItemsAttributes": []}"#.utf8))
        r = try CLI.run(["preview", "\(dir.path)/nan.json", "--sheet", "\(dir.path)/s.png"])
        #expect(r.status == 65)
        #expect(r.stderr == "cylanim: error: \(dir.path)/nan.json:1:49: NaN and Infinity are not finite numbers (write a finite number)\n")
        #expect(dir.files() == ["missing.json", "nan.json"], "nothing written")
    }

    @Test func unknownKeysWarnButPreview() throws {
        let dir = try ScratchDir()
        try dir.write("bar.json", Array("""
        {"tabBarItemsAttributes": [{"CYLTabBarItemImage": "\(CLI.sample("tabbar/me.png"))", "CYLTabBarItemTitel": "Me"}]}
        """.utf8))
        let r = try CLI.run(["preview", "\(dir.path)/bar.json", "--sheet", "\(dir.path)/s.png", "--scales", "1"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.hasPrefix("cylanim: warning: \(dir.path)/bar.json: 1:"), "\(r.stderr)")
        #expect(r.stderr.hasSuffix(" tab 0: unknown key \"CYLTabBarItemTitel\" ignored; did you mean \"CYLTabBarItemTitle\"?\n"), "\(r.stderr)")
        #expect(r.stderr.split(separator: "\n").count == 1)
    }

    @Test(arguments: [
        (["--sheet"], "Missing value for '--sheet <png>'."),
        ([String](), "Nothing to do: give --sheet <png>, -o <file>, --terminal or --events."),
        (["--events", "--script", "select 9"], "script: no tab '9': give an index 0-4 or an identifier (tasks, alerts, sync, bounce, me)"),
        (["--events", "--script", "select 1; hop"], "script command 2 'hop': unknown command 'hop'; the commands are select, reselect, wait, appearance"),
        (["-o", "x.mov"], "Cannot tell the output format of 'x.mov': use .gif, .png (animated PNG), .webp or a frames/%04d.png pattern."),
        (["--events", "--appearance", "sepia"], "Invalid value 'sepia' for '--appearance': expected 'light' or 'dark'."),
    ])
    func usageErrors(_ extra: [String], _ message: String) throws {
        let r = try CLI.run(["preview", Self.config] + extra)
        #expect(r.status == 64)
        #expect(r.stderr.hasPrefix("Error: \(message)\nUsage: cylanim preview"), "\(r.stderr)")
    }
}
