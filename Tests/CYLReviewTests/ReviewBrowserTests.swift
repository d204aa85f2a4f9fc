import CYLTabBarItemAnimation
import Foundation
import Testing

/// The review page in a real browser (Debian's headless Chromium over the DevTools pipe): it
/// loads with no console errors and no requests, the scrubber shows frame N with that frame's
/// pixels, "select" plays the icon to its last frame and holds it, and the tab bar is clickable.
@Suite(.serialized) struct ReviewBrowserTests {
    /// Whether the browser is there; when it is not, the test fails saying how to install it
    /// (or is skipped with a printed reason under CYL_ALLOW_MISSING_CHROMIUM=1).
    static func chromiumAvailable() -> Bool {
        guard let message = Chromium.missingMessage else { return true }
        if Chromium.allowMissing { print("SKIPPED browser test (CYL_ALLOW_MISSING_CHROMIUM=1): \(message)") } else { Issue.record(Comment(rawValue: message)) }
        return false
    }

    /// Writes a review page of `inputs` and returns its path.
    static func page(_ inputs: [String], in dir: Scratch) throws -> String {
        let out = dir.file("review.html")
        _ = try ReviewJob(inputs: inputs, output: out).run(registry: .standard)
        return out
    }

    /// Per-channel differences between a screenshot and our own render composited the same way.
    /// Returns the largest difference and how many pixels differ by more than 2.
    static func compare(_ shot: Pixmap, _ expected: Pixmap) -> (max: Int, over2: Int) {
        var worst = 0, over = 0
        for y in 0..<expected.height {
            for x in 0..<expected.width {
                let a = shot[x, y], e = expected[x, y]
                let d = max(abs(Int(a.r) - Int(e.r)), abs(Int(a.g) - Int(e.g)), abs(Int(a.b) - Int(e.b)), abs(Int(a.a) - Int(e.a)))
                worst = max(worst, d)
                if d > 2 { over += 1 }
            }
        }
        return (worst, over)
    }

    static let light = TabBarConfiguration.BarColors.defaultLight.background

    @Test func scrubberShowsFrameNWithThatFramesPixels() throws {
        guard Self.chromiumAvailable() else { return }
        let dir = try Scratch()
        let input = TestFiles.sample("checkmark.json")
        let path = try Self.page([input], in: dir)
        let timeline = try AnimatorRegistry.standard.timeline(forPath: input)
        let browser = try Chromium()
        defer { browser.close() }
        for n in [0, 12, 29] {
            let page = try BrowserPage(browser, url: "file://\(path)#frame=\(n)")
            try page.waitUntil("document.body.dataset.ready === '1' && document.querySelector('#icon-0').dataset.frame === '\(n)'")
            #expect(try page.evaluate("document.querySelector('#icon-0 [data-role=scrub]').value") as? String == "\(n)")
            #expect(try page.evaluate("document.querySelector('#icon-0 [data-role=label]').textContent") as? String
                    == "frame \(n) / 29 · \(String(format: "%.3f", Double(n) / 30)) s")
            let shot = try page.screenshot("#icon-0 canvas[data-bg=light][data-scale='3']")
            #expect(shot.size == PixelSize(90, 90))
            let expected = try timeline.render(frame: n, size: PixelSize(90, 90)).over(Self.light)
            // Tolerance 2 per channel: the browser decodes the sheet's straight alpha and premultiplies
            // it again before blending, two roundings our own composite does not make.
            let d = Self.compare(shot, expected)
            #expect(d.max <= 2, "frame \(n): screenshot differs from our render by up to \(d.max) (\(d.over2) pixels over 2)")
            // The check can fail: a neighbouring frame's render is far from this screenshot.
            let other = try timeline.render(frame: n == 29 ? 5 : n + 9, size: PixelSize(90, 90)).over(Self.light)
            #expect(Self.compare(shot, other).over2 > 50, "frames \(n) and its neighbour look different")
            #expect(try page.problems() == [])
        }
    }

    @Test func selectPlaysOnceToTheLastFrameAndHolds() throws {
        guard Self.chromiumAvailable() else { return }
        let dir = try Scratch()
        let input = TestFiles.sample("badge.json")
        let path = try Self.page([input], in: dir)
        let timeline = try AnimatorRegistry.standard.timeline(forPath: input)
        let last = timeline.frameCount - 1
        let browser = try Chromium()
        defer { browser.close() }
        let page = try BrowserPage(browser, url: "file://\(path)")
        try page.waitUntil("document.body.dataset.ready === '1'")
        #expect(try page.evaluate("document.querySelector('#icon-0').dataset.state") as? String == "resting")
        try page.click("#icon-0 button[data-action=select]")
        var seen: [Int] = []
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline {
            let v = try page.evaluate("[document.querySelector('#icon-0').dataset.frame, document.querySelector('#icon-0').dataset.state]") as? [String] ?? []
            if let f = Int(v.first ?? ""), seen.last != f { seen.append(f) }
            if v.last == "holding" { break }
            usleep(5_000)
        }
        #expect(try page.evaluate("document.querySelector('#icon-0').dataset.state") as? String == "holding", "frames seen: \(seen)")
        #expect(seen.last == last, "frames seen: \(seen)")
        #expect(seen == seen.sorted(), "a play-once only moves forward: \(seen)")
        // It played through frames rather than jumping (polled every few milliseconds over 1.2 s;
        // three distinct frames leave room for a busy machine).
        #expect(Set(seen).count >= 3, "frames seen: \(seen)")
        // It holds: still the last frame a moment later, with the last frame's pixels.
        usleep(300_000)
        #expect(try page.evaluate("document.querySelector('#icon-0').dataset.frame") as? String == "\(last)")
        let shot = try page.screenshot("#icon-0 canvas[data-bg=light][data-scale='2']")
        let d = Self.compare(shot, try timeline.render(frame: last, size: PixelSize(60, 60)).over(Self.light))
        #expect(d.max <= 2, "held frame differs by up to \(d.max)")
        #expect(try page.problems() == [])
    }

    @Test func darkVariantBesideTheLightOneAndStepButtons() throws {
        guard Self.chromiumAvailable() else { return }
        let dir = try Scratch()
        let config = TestFiles.sample("tabbar/tabbar.json")
        let path = try Self.page([config], in: dir)
        let bar = try TabBar(configuration: try TabBarConfiguration.load(path: config))
        let alerts = bar.tabs[1]   // badge.json with dark colour overrides
        let browser = try Chromium()
        defer { browser.close() }
        let page = try BrowserPage(browser, url: "file://\(path)#frame=10")
        try page.waitUntil("document.body.dataset.ready === '1' && document.querySelector('#icon-1').dataset.frame === '10'")
        let dark = TabBarConfiguration.BarColors.defaultDark.background
        let size = PixelSize(60, 60)
        for (variant, appearance) in [("light", Appearance.light), ("dark", Appearance.dark)] {
            let shot = try page.screenshot("#icon-1 canvas[data-variant=\(variant)][data-bg=dark][data-scale='2']")
            let expected = try alerts.icon(frame: 10, selected: true, appearance: appearance, size: size, tint: .black).over(dark)
            let d = Self.compare(shot, expected)
            #expect(d.max <= 2, "\(variant) variant on the dark bar differs by up to \(d.max)")
        }
        // The two variants really differ (the dark one is recoloured).
        let light = try alerts.icon(frame: 10, selected: true, appearance: .light, size: size, tint: .black).over(dark)
        let recoloured = try alerts.icon(frame: 10, selected: true, appearance: .dark, size: size, tint: .black).over(dark)
        #expect(Self.compare(light, recoloured).over2 > 100)
        try page.click("#icon-1 button[data-action=next]")
        try page.waitUntil("document.querySelector('#icon-1').dataset.frame === '11'", timeout: 5)
        try page.click("#icon-1 button[data-action=prev]")
        try page.click("#icon-1 button[data-action=prev]")
        try page.waitUntil("document.querySelector('#icon-1').dataset.frame === '9'", timeout: 5)
        #expect(try page.evaluate("document.querySelector('#icon-1 [data-role=label]').textContent") as? String == "frame 9 / 35 · 0.300 s")
        #expect(try page.problems() == [])
    }

    @Test func tabBarIsDrawnWholeAndClickable() throws {
        guard Self.chromiumAvailable() else { return }
        let dir = try Scratch()
        let config = TestFiles.sample("tabbar/tabbar.json")
        let path = try Self.page([config], in: dir)
        let bar = try TabBar(configuration: try TabBarConfiguration.load(path: config))
        let browser = try Chromium()
        defer { browser.close() }
        let page = try BrowserPage(browser, url: "file://\(path)")
        try page.waitUntil("document.body.dataset.ready === '1'")
        #expect(try page.evaluate("document.querySelectorAll('section[data-icon]').length") as? Int == bar.tabs.count)
        // Tap tab 1 (an alert bell that plays once): it becomes the selected tab and plays to its end;
        // tab 0 goes back to its resting frame.
        let layout = TabBarLayout(iconPoints: 30, scale: 2, tabCount: bar.tabs.count, hasTitles: true)
        try page.click("#bar-0 canvas", at: (Double(layout.itemWidth) * 1.5, Double(layout.height) / 2))
        try page.waitUntil("document.querySelector('#bar-0').dataset.selected === '1'", timeout: 5)
        let lastOfTab1 = bar.tabs[1].frameCount - 1
        try page.waitUntil("document.querySelector('#bar-0').dataset.frames.split(',')[1] === '\(lastOfTab1)'", timeout: 10)
        let frames = try page.evaluate("document.querySelector('#bar-0').dataset.frames") as? String ?? ""
        #expect(frames.split(separator: ",").first == "0", "tab 0 rests after another tab is selected: \(frames)")
        // The held icon in the bar has the pixels of our render of that frame on the bar.
        let shot = try page.screenshot("#bar-0 canvas")
        var expected = try Pixmap(size: layout.iconSize)
        expected.fill(TabBarConfiguration.BarColors.defaultLight.background.premultiplied)
        expected.composite(try bar.tabs[1].icon(frame: lastOfTab1, selected: true, appearance: .light, size: layout.iconSize, tint: .black))
        var crop = try Pixmap(size: layout.iconSize)
        for y in 0..<crop.height { for x in 0..<crop.width { crop[x, y] = shot[layout.iconLeft(1) + x, layout.iconTop + y] } }
        let d = Self.compare(crop, expected)
        #expect(d.max <= 2, "tab 1's icon in the bar differs by up to \(d.max)")
        #expect(try page.problems() == [])
    }

    /// The bar appears with its first tab on its last frame, not playing; a tap on it replays it;
    /// `CYLTabBarItemWidth` widens its cell (clicks land by the cells' real edges); a tab whose
    /// reselect gesture is a double tap ignores a second tap and replays on a double click.
    @Test func barLaunchWidthsAndReselectGestures() throws {
        guard Self.chromiumAvailable() else { return }
        let dir = try Scratch()
        let check = TestFiles.sample("checkmark.json")
        let config = dir.file("bar.json")
        // A quarter speed: each play lasts 4 s, so every state below is seen whatever the machine's load.
        try Data("""
        {"CYLTabBarControllerTabBarItemAnimationSpeed": 0.25, "tabBarItemsAttributes": [
          {"CYLTabBarLottieFilePath": "\(check)", "CYLTabBarItemWidth": 120},
          {"CYLTabBarLottieFilePath": "\(check)", "CYLTabBarItemGestureReselect": "doubleTap"},
          {"CYLTabBarItemImage": "\(TestFiles.sample("tabbar/me.png"))"}]}
        """.utf8).write(to: URL(fileURLWithPath: config))
        let path = try Self.page([config], in: dir)
        let browser = try Chromium()
        defer { browser.close() }
        let page = try BrowserPage(browser, url: "file://\(path)")
        try page.waitUntil("document.body.dataset.ready === '1' && document.querySelector('#bar-0').dataset.states !== undefined")
        func state(_ tab: Int) throws -> String { (try page.evaluate("document.querySelector('#bar-0').dataset.states.split(',')[\(tab)]") as? String) ?? "" }
        #expect(try state(0) == "holding")
        #expect(try page.evaluate("document.querySelector('#bar-0').dataset.frames.split(',')[0]") as? String == "29")
        // 120 pt at 2x: tab 0's cell is 240 px wide, the others share the remaining 210 px.
        let layout = TabBarLayout(iconPoints: 30, scale: 2, tabCount: 3, hasTitles: false, widths: [120])
        #expect(layout.cellWidth(0) == 240 && layout.cellLeft(1) == 240)
        let y = Double(layout.height) / 2
        try page.click("#bar-0 canvas", at: (200, y))          // inside tab 0: equal cells would make it tab 1
        try page.waitUntil("document.querySelector('#bar-0').dataset.states.split(',')[0] === 'playing'", timeout: 3)
        #expect(try page.evaluate("document.querySelector('#bar-0').dataset.selected") as? String == "0")
        try page.click("#bar-0 canvas", at: (Double(layout.cellLeft(1)) + 20, y))
        try page.waitUntil("document.querySelector('#bar-0').dataset.selected === '1'", timeout: 3)
        try page.waitUntil("document.querySelector('#bar-0').dataset.states.split(',')[1] === 'holding'", timeout: 20)
        try page.click("#bar-0 canvas", at: (Double(layout.cellLeft(1)) + 20, y))
        try page.settle()
        #expect(try state(1) == "holding", "a tap does not replay a tab that replays on a double tap")
        try page.click("#bar-0 canvas", at: (Double(layout.cellLeft(1)) + 20, y), clicks: 2)
        try page.waitUntil("document.querySelector('#bar-0').dataset.states.split(',')[1] === 'playing'", timeout: 3)
        #expect(try page.problems() == [])
    }
}
