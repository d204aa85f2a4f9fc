import CYLDocuments
import CYLTabBarItemAnimation
import Foundation
import Testing
@testable import CYLReview

/// `lint` and `review` judge and show what dark appearance shows of a `.lottie` with themes
/// (`DarkVariant.choose`). `sample-animations/star.lottie`: a #3a3a3c star, 1.6:1 against the
/// dark bar #161617, whose theme "dark" makes it #f2f2f7 (16:1) and "midnight" #64d2ff.
@Suite struct DarkThemeReviewTests {
    static let star = TestFiles.sample("star.lottie")

    /// star.lottie with its theme "dark" renamed `name` (manifest and entry), every other byte of
    /// every entry the same: the same artwork and rules, but no theme called "dark".
    static func renamingDarkTheme(to name: String, in dir: Scratch) throws -> String {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: star)))
        let archive = try ZipArchive(bytes: bytes, name: star)
        var files: [(name: String, bytes: [UInt8])] = []
        for entry in archive.entries {
            var content = try archive.read(entry, maxBytes: 1 << 20)
            var entryName = entry.name
            if entry.name == "manifest.json" {
                let text = String(decoding: content, as: UTF8.self)
                #expect(text.contains(#"{"id":"dark"}"#))
                content = Array(text.replacingOccurrences(of: #"{"id":"dark"}"#, with: "{\"id\":\"\(name)\"}").utf8)
            }
            if entry.name == "t/dark.json" { entryName = "t/\(name).json" }
            files.append((entryName, content))
        }
        let path = dir.file("star-\(name).lottie")
        try Data(ZipWriter.archive(files)).write(to: URL(fileURLWithPath: path))
        return path
    }

    static func darkContrast(_ inputs: [String]) throws -> [LintFinding] {
        try LintJob(inputs: inputs).run(registry: .standard).findings.filter { $0.rule == .darkContrast }
    }

    @Test func darkContrastFiresWithoutTheThemeAndNotWithIt() throws {
        let dir = try Scratch()
        let renamed = try Self.renamingDarkTheme(to: "daylight", in: dir)
        let without = try Self.darkContrast([renamed])
        #expect(without.map(\.location) == ["frame 0"])
        #expect(without.first?.message.contains("#3a3a3c, has 1.6:1") == true, "\(without.map(\.message))")
        #expect(without.first?.message.contains("the icon (it has no dark variant)") == true)
        #expect(try Self.darkContrast([Self.star]).isEmpty, "its theme \"dark\" is what dark appearance shows")
        // A configuration naming the renamed theme for dark: lint judges that theme, quiet again.
        try Data("""
            {"tabBarItemsAttributes": [{"CYLTabBarLottieFilePath": "star-daylight.lottie", "CYLTabBarAnimationOptions": {"darkTheme": "daylight"}}]}
            """.utf8).write(to: URL(fileURLWithPath: dir.file("bar.json")))
        #expect(try Self.darkContrast([dir.file("bar.json")]).isEmpty)
    }

    @Test func aMissingNamedThemeIsAnOpenFailedFindingNamingIt() throws {
        let dir = try Scratch()
        try Data("""
            {"tabBarItemsAttributes": [{"CYLTabBarLottieFilePath": "\(Self.star)", "CYLTabBarAnimationOptions": {"darkTheme": "dusk"}}]}
            """.utf8).write(to: URL(fileURLWithPath: dir.file("bar.json")))
        let findings = try LintJob(inputs: [dir.file("bar.json")]).run(registry: .standard).findings
        #expect(findings.map(\.rule.id) == ["open-failed"])
        #expect(findings.first?.message == "\(dir.file("bar.json")): tab 0: CYLTabBarAnimationOptions.darkTheme: \(Self.star) has no theme \"dusk\"; its themes: dark, midnight")
    }

    /// The review page's dark columns and dark bar use the themed frames, and its facts say so.
    @Test func reviewShowsTheThemedDarkVariant() throws {
        let bar = try TabBar(configuration: try TabBarConfiguration.load(path: TestFiles.sample("tabbar/favourites.json")), registry: .standard)
        var page = ReviewPage(title: "t", pointSize: 30, scales: [2], output: "/nonexistent/review.html", maxBytes: 1 << 26, maxPixels: 1 << 24)
        try page.add(bar, input: "favourites.json", showsBar: true)
        let facts = page.icons.map { Dictionary($0.facts, uniquingKeysWith: { a, _ in a })["Dark variant"] }
        #expect(facts == ["none: the light icon shows on the dark bar", "theme \"dark\" of star.lottie",
                          "theme \"midnight\" of star.lottie (CYLTabBarAnimationOptions.darkTheme)"])
        #expect(page.icons[0].dark == nil && page.icons[1].dark != nil && page.icons[2].dark != nil)
        // Frame 14's cell of the "favourites" tab's dark sheet holds the star drawn with theme "dark".
        let expected = try AnimatorRegistry.standard.timeline(forPath: Self.star, options: OpenOptions(theme: "dark"))
            .render(frame: 14, size: PixelSize(60, 60))
        let sheet = page.sheets[try #require(page.icons[1].dark?[2])]
        let image = try ReviewPageTests.decode(sheet)
        let cell = sheet.cellOfFrame[14]
        let (cx, cy) = ((cell % sheet.columns) * 60, (cell / sheet.columns) * 60)
        // Lossless sheets: the only change is the straight-alpha round trip both formats store.
        let roundTrip = try Pixmap(width: 60, height: 60, straightRGBA: expected.straightRGBA())
        var same = true
        for y in 0..<60 { for x in 0..<60 where image[cx + x, cy + y] != roundTrip[x, y] { same = false } }
        #expect(same)
    }
}
