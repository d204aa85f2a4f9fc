import CYLImageCodecs
import CYLDocuments
import CYLTabBarItemAnimation
import Foundation
import Testing

/// The seed's tab-bar rules from the command line: the launch tab in `preview --events` and
/// `preview --terminal`, `info` on a configuration, `lint --max-warnings` and the samples' lint.
struct TabBarRulesCLITests {
    static let config = CLI.sample("tabbar/tabbar.json")

    @Test func eventsHaveNoStartForTheLaunchTab() throws {
        let r = try CLI.run(["preview", Self.config, "--events", "--script", "wait 0.5s; select tasks; wait 0.1s"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.split(separator: "\n") == [
            #"{"event":"animationDidStart","tab":2,"identifier":"sync","time":0.000}"#,    // loops while unselected
            #"{"event":"animationDidStart","tab":0,"identifier":"tasks","time":0.500}"#,   // the launch tab, tapped again
        ])
        let other = try CLI.run(["preview", Self.config, "--events", "--selected", "1", "--script", "wait 0.3s"])
        #expect(other.stdout.split(separator: "\n") == [#"{"event":"animationDidStart","tab":2,"identifier":"sync","time":0.000}"#])
    }

    /// The first frame a kitty terminal receives: PNG data in chunks of `ESC _G ... ; payload ESC \`.
    static func firstKittyImage(_ text: String) throws -> Pixmap {
        var payload = ""
        for chunk in text.components(separatedBy: "\u{1B}_G").dropFirst() {
            guard let semicolon = chunk.firstIndex(of: ";"), let end = chunk.range(of: "\u{1B}\\") else { continue }
            payload += chunk[chunk.index(after: semicolon)..<end.lowerBound]
            if chunk[..<semicolon].contains("m=0") { break }
        }
        let png = try #require(Base64.decode(Substring(payload)))
        return try PNGCodec.decode(png, name: "kitty frame")
    }

    /// In a pseudo-terminal (util-linux `script`) with kitty images: the bar appears with the
    /// launch tab on its last frame, selected.
    @Test(.enabled(if: CLI.hasPseudoTerminal))
    func terminalShowsTheLaunchTabAtItsLastFrame() throws {
        let (status, text) = try CLI.runInPseudoTerminal(
            "\(CLI.binary) preview \(Self.config) --terminal --loops 1 --graphics kitty --rate 10 --script 'wait 0.1s'")
        #expect(status == 0)
        let shown = try Self.firstKittyImage(text)
        // Drawn here with the same renderer from the states the rule gives: tab 0 (30 frames) on
        // frame 29 and selected, every other tab on frame 0 (the spinner's loop has just begun).
        let bar = try TabBar(configuration: try TabBarConfiguration.load(path: Self.config))
        let renderer = try TabBarRenderer(bar: bar)
        func drawn(tab0 frame: Int) throws -> Pixmap {
            try renderer.render(bar.tabs.indices.map { TabState(frame: $0 == 0 ? frame : 0, selected: $0 == 0) }, appearance: .light)
        }
        #expect(shown == (try drawn(tab0: 29)))
        #expect(shown != (try drawn(tab0: 0)), "the launch tab does not start at frame 0")
    }

    @Test func infoOnAConfigurationShowsTheRoutingData() throws {
        let dir = try ScratchDir()
        try dir.write("bar.json", Array("""
        {"tabBarItemsAttributes": [
          {"CYLTabBarItemIdentifier": "tasks", "CYLTabBarLottieFilePath": "\(CLI.sample("checkmark.json"))", "CYLTabBarItemWidth": 120,
           "CYLTabBarItemPageIdentifier": "app://tasks", "CYLTabBarItemPageParameters": {"filter": "open", "page": 2},
           "CYLTabBarItemGestureReselect": "doubleTap"},
          {"CYLTabBarItemIdentifier": "me", "CYLTabBarItemImage": "\(CLI.sample("tabbar/me.png"))"}]}
        """.utf8))
        let text = try CLI.run(["info", "\(dir.path)/bar.json"])
        #expect(text.status == 0, "\(text.stderr)")
        let lines = text.stdout.split(separator: "\n").map(String.init)
        for line in ["tab 0         \"tasks\"", "  width       120 pt", "  reselect    doubleTap", "  page        app://tasks",
                     "  parameters  {\"filter\":\"open\",\"page\":2}", "  shows       images, original colours: me.png",
                     "launch tab    tab 0 \"tasks\" shows its last frame when the bar appears, without playing; tapping it again replays it"] {
            #expect(lines.contains(line), "\(line) in:\n\(text.stdout)")
        }
        let json = try CLI.run(["info", "\(dir.path)/bar.json", "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let tabs = try #require(object["tabs"] as? [[String: Any]])
        #expect(tabs[0]["pageIdentifier"] as? String == "app://tasks" && tabs[1]["pageIdentifier"] is NSNull)
        let parameters = try #require(tabs[0]["pageParameters"] as? [String: Any])
        #expect(parameters.count == 2 && parameters["filter"] as? String == "open" && parameters["page"] as? Double == 2)
        #expect(tabs[0]["width"] as? Double == 120 && tabs[0]["reselectGesture"] as? String == "doubleTap" && tabs[0]["playback"] as? String == "playOnceOnSelect")
        #expect(object["launchAnimates"] as? Bool == false)
    }

    static let lintExample = CLI.sample("lint-examples/spinner-fps-too-low-and-content-in-margin.gif")

    /// As ESLint's: more warnings than `--max-warnings N` is exit 1, N or fewer exit 0.
    @Test(arguments: [(nil, Int32(0)), ("2", 0), ("1", 1), ("0", 1)])
    func maxWarnings(_ limit: String?, _ status: Int32) throws {
        let r = try CLI.run(["lint", Self.lintExample] + (limit.map { ["--max-warnings", $0] } ?? []))
        #expect(r.status == status, "\(r.stdout)\(r.stderr)")
        #expect(r.stdout.contains("0 errors, 2 warnings"))
        #expect(r.stderr == (status == 0 ? "" : "cylanim: error: 2 warnings, more than --max-warnings \(limit!) allows\n"))
    }

    @Test func maxWarningsUsage() throws {
        let r = try CLI.run(["lint", Self.lintExample, "--max-warnings", "-1"])
        #expect(r.status == 64 && r.stderr.hasPrefix("Error: Invalid value '-1' for '--max-warnings': expected a whole number 0 or more."), "\(r.stderr)")
    }

    /// The samples are examples to copy: the only findings are the lint examples', each named after
    /// exactly the rules it fires, and each printed once although configurations share files.
    @Test func samplesLintCleanExceptTheLintExamples() throws {
        let r = try CLI.run(["lint", "sample-animations", "--profile", "tab-icon", "--json"])
        #expect(r.status == 0, "\(r.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        let findings = try #require(object["findings"] as? [[String: Any]])
        var rulesByFile: [String: Set<String>] = [:]
        for f in findings {
            let file = try #require(f["file"] as? String), rule = try #require(f["rule"] as? String)
            #expect(file.hasPrefix("sample-animations/lint-examples/"), "\(file): \(rule)")
            rulesByFile[file, default: []].insert(rule)
        }
        let examples = try FileManager.default.contentsOfDirectory(atPath: CLI.sample("lint-examples")).filter { !$0.hasSuffix(".md") }
        #expect(Set(rulesByFile.keys) == Set(examples.map { "sample-animations/lint-examples/" + $0 }))
        for (file, rules) in rulesByFile {
            let named = Set(LintRule.all.map(\.id).filter { FilePath.lastComponent(of: file).contains($0) })
            #expect(rules == named, "\(file) fires \(rules.sorted()), its name says \(named.sorted())")
        }
        let text = try CLI.run(["lint", "sample-animations"])
        #expect(text.stdout.split(separator: "\n").count == findings.count + 1, "one line per finding, then the summary")
        // What a strict CI pipeline runs on the examples to copy.
        #expect(try CLI.run(["lint", "sample-animations/tabbar", "--max-warnings", "0"]).status == 0)
    }
}
