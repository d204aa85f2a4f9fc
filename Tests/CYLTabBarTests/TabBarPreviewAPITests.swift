import Foundation
import Testing
@testable import CYLTabBar
import CYLTabBarItemAnimation

/// The small public API (README "Swift") and the README's table of keys.
struct TabBarPreviewAPITests {
    /// The README's example, step by step, checked against the lower-level pieces it wraps.
    @Test func readmeExample() throws {
        let config = try TabBarConfiguration(contentsOf: URL(fileURLWithPath: TabBarScratch.sample("tabbar/skins.yaml")))
        let preview = try TabBarPreview(configuration: config, script: try PreviewScript(parsing: "select me; wait 1s"))
        let image = try preview.render(at: .seconds(0.5), appearance: .dark, theme: "festival")
        let events = try preview.events()
        #expect(config.skippedTabs.map(\.index) == [5])
        #expect(preview.themes == ["default", "festival", "night"])

        // The same frame through the pieces: the festival skin's bar, its scripted preview, frame 15 of 30 fps.
        let bar = try TabBar(configuration: try config.resolved(theme: "festival"))
        let scripted = try ScriptedPreview(bar: bar, script: try PreviewScript(parsing: "select me; wait 1s"), fps: 30, appearance: .dark)
        #expect(image == (try scripted.render(frame: 15, renderer: try TabBarRenderer(bar: bar))))
        #expect(events == (try ScriptedPreview(bar: try TabBar(configuration: config), script: try PreviewScript(parsing: "select me; wait 1s"))).events)
        #expect(events.map(\.jsonLine) == [#"{"event":"animationDidStart","tab":2,"identifier":"sync","time":0.000}"#])
    }

    @Test func sheetOfEverySkinNeedsSkins() throws {
        let plain = try TabBarConfiguration.load(path: TabBarScratch.sample("tabbar/tabbar.json"))
        #expect(throws: UsageError("--all-themes: the configuration defines no skins (CYLTabBarControllerThemes)")) {
            _ = try TabBarPreview(configuration: plain).contactSheet(allThemes: true)
        }
    }

    /// README's table lists every key the reader knows, with whose it is.
    @Test func readmeTableListsTheLibrarysKeysAndOurs() throws {
        let readme = try String(contentsOfFile: TabBarScratch.repo + "/README.md", encoding: .utf8)
        // The key table's section only: other tables (Architecture) also start rows with a name.
        let section = try #require(readme.components(separatedBy: "\n## Tab-bar configuration\n").dropFirst().first)
            .components(separatedBy: "\n## ").first ?? ""
        var rows: [String: String] = [:]
        for line in section.split(separator: "\n") where line.hasPrefix("| `") {
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count >= 2 else { continue }
            rows[cells[0].trimmingCharacters(in: CharacterSet(charactersIn: "`"))] = cells[1]
        }
        let library = ConfigKey.libraryTopLevel + ConfigKey.libraryPerTab
        let ours = ConfigKey.ourTopLevel + ConfigKey.ourPerTab
        let deprecated = ConfigKey.deprecated.map(\.old)
        #expect(Set(rows.keys) == Set(library + ours + deprecated), "README rows vs known keys")
        for key in library { #expect(rows[key] == "library", "\(key)") }
        for key in ours { #expect(rows[key] == "ours", "\(key)") }
        for key in deprecated { #expect(rows[key] == "ours, deprecated", "\(key)") }
        // DESIGN.md §4 names every library key (with `X` / `URL` for the URL forms).
        let design = try String(contentsOfFile: TabBarScratch.repo + "/../shared/DESIGN.md", encoding: .utf8)
        for key in library where !key.hasSuffix("URL") || key == ConfigKey.imageURL || key == ConfigKey.riveURL || key == ConfigKey.animationURL {
            #expect(design.contains("`\(key)`") || design.contains("`\(key)` /"), "\(key) is not in DESIGN.md §4")
        }
    }
}
