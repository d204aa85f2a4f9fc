import Foundation
import Testing
import CYLText
@testable import CYLTabBar
import CYLTabBarItemAnimation

/// Opens anything and writes down the options each open was given.
struct RecordingAnimator: CYLTabBarItemAnimator {
    final class Log: @unchecked Sendable {
        private let lock = NSLock()
        private var entries: [(String, OpenOptions)] = []
        func add(_ path: String, _ o: OpenOptions) { lock.lock(); entries.append((path, o)); lock.unlock() }
        var all: [(String, OpenOptions)] { lock.lock(); defer { lock.unlock() }; return entries }
    }
    let log: Log
    var formatName: String { "Recorded" }
    func canOpen(_ probe: ContentProbe) -> Bool { !probe.isDirectory }
    func timeline(for probe: ContentProbe, options: OpenOptions) throws -> FrameTimeline {
        log.add(probe.path, options)
        return FrameTimeline(format: "Recorded", file: probe.path, canvasSize: PixelSize(10, 10), frameCount: 10, timing: .fps(10),
                             source: SolidAnimator.SolidSource(color: RGBA8(255, 0, 0, 255)))
    }
}

/// The library's per-tab keys do what CYLTabBarController does with them.
struct ConfigKeyTests {
    static let s = TabBarScratch.sample

    static func bar(_ tabs: String, top: String = "", registry: AnimatorRegistry? = nil) throws -> TabBar {
        let dir = try TabBarScratch()
        let path = try dir.write("bar.json", "{\(top)\"tabBarItemsAttributes\": [\(tabs)]}")
        let config = try TabBarConfiguration.load(path: path)
        return try registry.map { try TabBar(configuration: config, registry: $0) } ?? TabBar(configuration: config)
    }

    /// The bar drawn at 2x with tab `selected` selected, every animation at frame 0.
    static func draw(_ bar: TabBar, selected: Int, appearance: Appearance = .light) throws -> Pixmap {
        try TabBarRenderer(bar: bar, scale: 2).render(bar.tabs.indices.map { TabState(frame: 0, selected: $0 == selected) }, appearance: appearance)
    }

    static let me = "\"CYLTabBarItemImage\": \"\(s("tabbar/me.png"))\""

    @Test func selectedTitleShowsWhileSelected() throws {
        let both = try Self.bar("{\"CYLTabBarItemTitle\": \"Tasks\", \"CYLTabBarItemSelectedTitle\": \"Done\", \(Self.me)}, {\(Self.me)}")
        let done = try Self.bar("{\"CYLTabBarItemTitle\": \"Done\", \(Self.me)}, {\(Self.me)}")
        let tasks = try Self.bar("{\"CYLTabBarItemTitle\": \"Tasks\", \(Self.me)}, {\(Self.me)}")
        #expect(try Self.draw(both, selected: 0) == Self.draw(done, selected: 0))
        #expect(try Self.draw(both, selected: 1) == Self.draw(tasks, selected: 1))
        #expect(try Self.draw(both, selected: 0) != Self.draw(tasks, selected: 0))
    }

    /// Width of the inked title text of tab 0 (the rows below the icon), in pixels.
    static func titleInkWidth(_ image: Pixmap, bar: TabBar) throws -> Int {
        let layout = try TabBarRenderer(bar: bar, scale: 2).layout
        let background = image[1, image.height - 2]
        var minX = Int.max, maxX = -1
        for y in (layout.iconTop + layout.iconSize.height)..<image.height {
            for x in 0..<layout.itemWidth where image[x, y] != background { minX = min(minX, x); maxX = max(maxX, x) }
        }
        return maxX >= minX ? maxX - minX + 1 : 0
    }

    @Test func titleFontsAreFoundWithFontconfig() throws {
        let regular = try FontFace.standard(pixelSize: 28)
        let bold = try FontFace.standard(pixelSize: 28, bold: true)
        for (spec, expectedFile) in [("DejaVuSans-Bold 14", "DejaVuSans-Bold.ttf"), ("DejaVu Sans Bold 14", "DejaVuSans-Bold.ttf"),
                                     ("DejaVu Sans 14", "DejaVuSans.ttf")] {
            let bar = try Self.bar("{\"CYLTabBarItemTitle\": \"Home\", \(Self.me), \"CYLTabBarItemTitleFont\": \"\(spec)\"}")
            #expect(bar.diagnostics.isEmpty, "\(bar.diagnostics)")
            #expect(bar.fontFile(bar.configuration.tabs[0].titleFont)?.hasSuffix("/" + expectedFile) == true, "\(spec)")
            // 14 pt at 2x: the ink is as wide as that face measures "Home" (± the glyphs' side bearings).
            let face = expectedFile.contains("Bold") ? bold : regular
            let width = try Self.titleInkWidth(try Self.draw(bar, selected: 1), bar: bar)
            #expect(abs(width - face.measure("Home").width) <= 4, "\(spec): \(width) vs \(face.measure("Home").width)")
        }
        #expect(bold.measure("Home").width > regular.measure("Home").width + 4)
    }

    @Test func selectedTitleFontFallsBackToTheTitleFont() throws {
        let bar = try Self.bar("{\"CYLTabBarItemTitle\": \"Home\", \(Self.me), \"CYLTabBarItemTitleFont\": \"DejaVuSans-Bold 14\"}, {\(Self.me)}")
        let selected = try Self.titleInkWidth(try Self.draw(bar, selected: 0), bar: bar)
        let unselected = try Self.titleInkWidth(try Self.draw(bar, selected: 1), bar: bar)
        #expect(selected == unselected && selected > 0)
    }

    @Test func missingFontFallsBackToDejaVuNamingBoth() throws {
        let missing = try Self.bar("{\"CYLTabBarItemIdentifier\": \"home\", \"CYLTabBarItemTitle\": \"Home\", \(Self.me), \"CYLTabBarItemSelectedTitleFont\": {\"name\": \"PingFangSC-Semibold\", \"size\": 10}}")
        let system = try Self.bar("{\"CYLTabBarItemIdentifier\": \"home\", \"CYLTabBarItemTitle\": \"Home\", \(Self.me)}")
        #expect(missing.diagnostics.map(\.description) == [
            "warning: title font \"PingFangSC-Semibold\" (CYLTabBarItemSelectedTitleFont of tab 0 \"home\") is not installed; using DejaVu Sans (\(try FontFace.locateDefault()))",
        ])
        #expect(try Self.draw(missing, selected: 0) == Self.draw(system, selected: 0))
    }

    @Test(arguments: [("12", TitleFont(name: nil, size: 12)), ("\"Avenir\"", TitleFont(name: "Avenir", size: 10)),
                      ("\"Avenir Next 11.5\"", TitleFont(name: "Avenir Next", size: 11.5)), ("\"system 9\"", TitleFont(name: nil, size: 9)),
                      ("{\"size\": 13}", TitleFont(name: nil, size: 13))])
    func fontValues(_ value: String, _ font: TitleFont) throws {
        var o = ConfigOptions()
        o.checkFiles = false
        let c = try TabBarConfiguration.parse(Array("{\"tabBarItemsAttributes\": [{\"CYLTabBarItemImage\": \"a.png\", \"CYLTabBarItemTitleFont\": \(value)}]}".utf8),
                                              name: "bar.json", baseDirectory: ".", options: o)
        #expect(c.tabs[0].titleFont == font)
    }

    @Test func selectedBackgroundFillsTheSelectedCell() throws {
        let bar = try Self.bar("{\(Self.me), \"CYLTabBarItemSelectedBackgroundColor\": \"#ff000080\"}, {\(Self.me), \"CYLTabBarItemSelectedBackgroundColor\": \"#00ff00\"}",
                               top: "\"CYLTabBarBackgroundColor\": \"#ffffff\", ")
        let image = try Self.draw(bar, selected: 0)
        let layout = try TabBarRenderer(bar: bar, scale: 2).layout
        // A corner of each cell, away from icon and hairline: half-transparent red over white, then white.
        #expect(image[3, layout.height - 3] == RGBA8(255, 127, 127, 255))
        #expect(image[layout.itemWidth + 3, layout.height - 3] == RGBA8(255, 255, 255, 255))
        let other = try Self.draw(bar, selected: 1)
        #expect(other[3, layout.height - 3] == RGBA8(255, 255, 255, 255) && other[layout.itemWidth + 3, layout.height - 3] == RGBA8(0, 255, 0, 255))
    }

    @Test func accessibilityLabelInEventsAndSheet() throws {
        let bar = try Self.bar("{\"CYLTabBarItemIdentifier\": \"sync\", \"CYLTabBarItemAccessibilityLabel\": \"Sync \\\"now\\\"\", \"CYLTabBarGIFFilePath\": \"\(Self.s("spinner.gif"))\"}")
        let preview = try ScriptedPreview(bar: bar, script: try PreviewScript(parsing: "select 0; wait 0.1s"))
        #expect(preview.events.first?.jsonLine == #"{"event":"animationDidStart","tab":0,"identifier":"sync","accessibilityLabel":"Sync \"now\"","time":0.000}"#)
        #expect(ContactSheet.sectionTitle(bar.tabs[0], speed: 1).hasSuffix(" · VoiceOver \"Sync \"now\"\""))
    }

    @Test func fileAndRelativeURLs() throws {
        let dir = try TabBarScratch()
        try dir.copy("checkmark.json", to: "my icon.json")
        try dir.copy("spinner.gif", to: "spin.gif")
        let path = try dir.write("sub/bar.json", """
        {"tabBarItemsAttributes": [
          {"CYLTabBarLottieURL": "../my%20icon.json"},
          {"CYLTabBarLottieFilePath": "../my icon.json"},
          {"CYLTabBarGIFURL": "file://\(dir.path)/spin.gif"},
          {"CYLTabBarAnimationURL": "file://localhost\(dir.path)/my%20icon.json"},
          {"CYLTabBarItemImageURL": "file://\(Self.s("tabbar/me.png"))"}
        ]}
        """)
        let c = try TabBarConfiguration.load(path: path)
        #expect(c.tabs.map { $0.animation?.path ?? $0.image ?? "" } == [
            "\(dir.path)/sub/../my icon.json", "\(dir.path)/sub/../my icon.json", "\(dir.path)/spin.gif", "\(dir.path)/my icon.json", Self.s("tabbar/me.png"),
        ])
        #expect(c.tabs.map { $0.animation?.kind } == [.lottie, .lottie, .gif, .any, nil])
        _ = try TabBar(configuration: c)
    }

    @Test func animationOptionsReachTheAnimator() throws {
        let log = RecordingAnimator.Log()
        let bar = try Self.bar("""
        {"CYLTabBarRiveURL": "\(Self.s("tabbar/me.png"))",
         "CYLTabBarAnimationOptions": {"artboard": "Icon", "stateMachine": "Tab", "selectionInput": "active", "animation": "idle", "loop": true, "speed": 2}},
        {"CYLTabBarAnimationURL": "\(Self.s("tabbar/me-selected.png"))"}
        """, top: "\"CYLTabBarControllerTabBarItemAnimationSpeed\": 0.5, ", registry: AnimatorRegistry([RecordingAnimator(log: log)]))
        let opened = Dictionary(log.all.map { (FilePath.lastComponent(of: $0.0), $0.1) }, uniquingKeysWith: { a, _ in a })
        let o = try #require(opened["me.png"])
        #expect(o.artboard == "Icon" && o.stateMachine == "Tab" && o.selectionInput == "active" && o.animationID == "idle")
        let plain = try #require(opened["me-selected.png"])
        #expect(plain.artboard == nil && plain.stateMachine == nil && plain.selectionInput == nil && plain.animationID == nil)
        #expect(bar.configuration.tabs[0].animation?.kind == .rive)
        #expect(bar.tabs[0].policy == .loop && bar.tabs[1].policy == .playOnceOnSelect)
        // 10 frames at 10 fps, bar speed 0.5, tab speed 2: one second a pass.
        #expect(try bar.tabs[0].makePlayer(speed: bar.configuration.speed).passDuration == .seconds(1))
        #expect(try bar.tabs[1].makePlayer(speed: bar.configuration.speed).passDuration == .seconds(2))
    }

    /// Until a Rive back-end is registered, a `.riv` tab gets the registry's own "not recognised".
    @Test func riveURLGoesToTheRegistry() throws {
        let dir = try TabBarScratch()
        try dir.write("toggle.riv", "RIVE\u{7}\u{0}fake")
        let path = try dir.write("bar.json", #"{"tabBarItemsAttributes": [{"CYLTabBarItemIdentifier": "t", "CYLTabBarRiveURL": "toggle.riv"}]}"#)
        let registry = AnimatorRegistry([GIFAnimator(role: .animation), LottieAnimator()])
        do {
            _ = try TabBar(configuration: try TabBarConfiguration.load(path: path), registry: registry)
            Issue.record("expected an error")
        } catch let e as ConfigError {
            #expect(e.kind == .badAnimation && e.key == "CYLTabBarRiveURL")
            #expect(e.message.hasPrefix("\(dir.path)/toggle.riv: not a recognised animation: saw a file starting with bytes 52 49 56 45"), "\(e)")
        }
    }

    @Test func markerPlaysOnlyItsFrames() throws {
        let bar = try Self.bar("{\"CYLTabBarLottieFilePath\": \"\(Self.s("checkmark.json"))\", \"CYLTabBarAnimationOptions\": {\"marker\": \"draw\"}}")
        let full = try LottieAnimator().timeline(for: try ContentProbe.read(path: Self.s("checkmark.json")), options: OpenOptions())
        let segment = try #require(bar.tabs[0].timeline)
        #expect(full.frameCount == 30 && segment.frameCount == 20)
        #expect(abs(segment.duration.seconds - 20.0 / 30) < 1e-6)
        for f in [0, 7, 19] {
            #expect(try segment.render(frame: f, size: PixelSize(40, 40)) == full.render(frame: f, size: PixelSize(40, 40)))
        }
    }

    @Test func deprecatedKeyStillWorksWithAWarning() throws {
        let bar = try Self.bar("{\(Self.me), \"CYLTabBarItemDarkSelectedImage\": \"\(Self.s("tabbar/me-selected.png"))\"}")
        #expect(bar.configuration.tabs[0].selectedDarkImage == Self.s("tabbar/me-selected.png"))
        #expect(bar.diagnostics.count == 1 && bar.diagnostics[0].message.contains("write the library's \"CYLTabBarItemSelectedDarkImage\""))
        // Selected in dark appearance: the filled person, like the library's key.
        let library = try Self.bar("{\(Self.me), \"CYLTabBarItemSelectedDarkImage\": \"\(Self.s("tabbar/me-selected.png"))\"}")
        #expect(try Self.draw(bar, selected: 0, appearance: .dark) == Self.draw(library, selected: 0, appearance: .dark))
        let plain = try Self.bar("{\(Self.me)}")
        #expect(try Self.draw(bar, selected: 0, appearance: .dark) != Self.draw(plain, selected: 0, appearance: .dark))
    }
}
