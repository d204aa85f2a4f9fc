import CYLTabBarItemAnimation
import Foundation
import Testing

/// `review --watch`'s page in a real browser (headless Chromium): it loads the script beside it
/// that names the newest page, stays put while that is itself, and reloads itself, keeping
/// `#frame=N`, once a newer page has been written; a page written without a token loads nothing.
@Suite(.serialized) struct ReviewWatchBrowserTests {
    static func write(_ inputs: [String], to output: String, token: String?) throws {
        var job = ReviewJob(inputs: inputs, output: output)
        job.options.watchToken = token
        _ = try job.run(registry: .standard)
    }

    @Test func aWatchedPageReloadsItselfWhenANewerPageIsWritten() throws {
        guard ReviewBrowserTests.chromiumAvailable() else { return }
        let dir = try Scratch()
        let out = dir.file("review.html")
        try Self.write([TestFiles.sample("checkmark.json")], to: out, token: "one")
        #expect(try String(contentsOfFile: out + ".watch.js", encoding: .utf8) == "cylReviewWatch(\"one\");\n")
        let browser = try Chromium()
        defer { browser.close() }
        let page = try BrowserPage(browser, url: "file://\(out)#frame=12")
        try page.waitUntil("document.body.dataset.watchState === 'current'")
        #expect(try page.evaluate("document.querySelectorAll('section.icon').length") as? Int == 1)

        // A new page (another input added) with a new token: the open page becomes it.
        try Self.write([TestFiles.sample("checkmark.json"), TestFiles.sample("badge.json")], to: out, token: "two")
        // While the page reloads there is no body, or no page to ask: those answers are "not yet".
        let deadline = Date().addingTimeInterval(20)
        let reloaded = "!!document.body && document.body.dataset.watch === 'two' && document.body.dataset.watchState === 'current'"
        while (try? page.evaluate(reloaded)) as? Bool != true && Date() < deadline { usleep(20_000) }
        try page.waitUntil(reloaded, timeout: 1)
        #expect(try page.evaluate("document.querySelectorAll('section.icon').length") as? Int == 2)
        #expect(try page.evaluate("location.hash") as? String == "#frame=12")
        // Its only requests are the page and the watch script.
        #expect(try page.problems().filter { !$0.contains("review.html.watch.js") } == [])
    }

    @Test func anUnwatchedPageLoadsNothing() throws {
        let dir = try Scratch()
        let out = dir.file("review.html")
        try Self.write([TestFiles.sample("checkmark.json")], to: out, token: nil)
        let html = try String(contentsOfFile: out, encoding: .utf8)
        #expect(!html.contains("data-watch"))
        #expect(html.contains("script-src 'unsafe-inline'\">"), "the policy allows no script file")
        #expect(!FileManager.default.fileExists(atPath: out + ".watch.js"))
    }
}
