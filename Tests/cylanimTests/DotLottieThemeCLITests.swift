import CYLImageCodecs
import CYLRaster
import Foundation
import Testing

/// dotLottie themes on the command line: `--theme` on the commands that open inputs, `info`'s
/// listing, `lint`'s `theme-rule-unmatched`, and an unknown theme as a usage error.
/// `sample-animations/themed-check.lottie` is checkmark.json with slots "disc" and "mark" and
/// themes "dark" and "pulse" (tools/dev/make-dotlottie-samples.py).
@Suite struct DotLottieThemeCLITests {
    static let sample = CLI.sample("themed-check.lottie")

    /// Pixel (50, 85) of the PNG at `path`: inside the disc (radius 42 around (50, 50) at its full
    /// size, frame 29), below the tick.
    static func disc(_ path: String) throws -> RGBA8 {
        try PNGCodec.decode([UInt8](Data(contentsOf: URL(fileURLWithPath: path))), name: path)[50, 85]
    }

    @Test func renderDrawsWithTheTheme() throws {
        let dir = try ScratchDir()
        var r = try CLI.run(["render", Self.sample, "--frames", "29", "-o", "plain.png"], in: dir.path)
        #expect(r.status == 0 && r.stderr.isEmpty, "\(r.stderr)")
        // The file's disc [0.18, 0.72, 0.36] is (46, 184, 92); theme "dark" gives
        // [0.19, 0.82, 0.35]: 0.19·255 = 48.45, 0.82·255 = 209.1, 0.35·255 = 89.25 → (48, 209, 89).
        #expect(try Self.disc(dir.path + "/plain.png") == RGBA8(46, 184, 92, 255))
        r = try CLI.run(["render", Self.sample, "--frames", "29", "-o", "dark.png", "--theme", "dark"], in: dir.path)
        #expect(r.status == 0 && r.stderr.isEmpty, "\(r.stderr)")
        #expect(try Self.disc(dir.path + "/dark.png") == RGBA8(48, 209, 89, 255))
        // convert takes it too (a common open option).
        r = try CLI.run(["convert", Self.sample, "-o", "dark.gif", "--theme", "dark"], in: dir.path)
        #expect(r.status == 0, "\(r.stderr)")
    }

    @Test func anUnknownThemeIsAUsageErrorListingTheThemes() throws {
        let dir = try ScratchDir()
        let r = try CLI.run(["render", Self.sample, "--frames", "0", "-o", "x.png", "--theme", "night"], in: dir.path)
        #expect(r.status == 64, "\(r.stderr)")
        #expect(r.stderr.hasPrefix("Error: \(Self.sample): --theme night: animation 'check' has no theme 'night'; its themes: dark, pulse\nUsage: cylanim render"), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.path + "/x.png"))
    }

    @Test func aPlainLottieWarnsThatItHasNoThemes() throws {
        let dir = try ScratchDir()
        let r = try CLI.run(["render", CLI.sample("checkmark.json"), "--frames", "0", "-o", "x.png", "--theme", "dark"], in: dir.path)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("--theme dark: only dotLottie (.lottie) files have themes; drawn without"), "\(r.stderr)")
    }

    @Test func infoListsSlotsThemesAndRules() throws {
        let r = try CLI.run(["info", Self.sample])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("""
          themes:
            - name: dark
              rules:
                - disc: Color, fixed
                - mark: Color, fixed
              slots it leaves: none
            - name: pulse
              rules:
                - disc: Color, 2 keyframes
              slots it leaves:
                - mark
        """), "\(r.stdout)")
        #expect(!r.stdout.contains("warning"), "a sid only themes give is how dotLottie files are made: \(r.stdout)")
        let drawn = try CLI.run(["info", Self.sample, "--theme", "pulse", "--json"])
        #expect(drawn.status == 0, "\(drawn.stderr)")
        #expect(drawn.stdout.contains("\"drawn\"") && drawn.stdout.contains("disc: Color, 2 keyframes"), "\(drawn.stdout)")
        let unmatched = try CLI.run(["info", CLI.sample("lint-examples/check-theme-rule-unmatched.lottie")])
        #expect(unmatched.stdout.contains("- mrak: Color, fixed (matches no slot)"), "\(unmatched.stdout)")
    }

    @Test func lintReportsRulesThatMatchNoSlot() throws {
        let r = try CLI.run(["lint", CLI.sample("lint-examples/check-theme-rule-unmatched.lottie"), "--json"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("\"theme-rule-unmatched\"") && r.stdout.contains("t/dark.json: rules[1]") && r.stdout.contains("rule \\\"mrak\\\""), "\(r.stdout)")
        #expect(try CLI.run(["lint", Self.sample, "--max-warnings", "0"]).status == 0)
    }

    @Test func previewTakesTheThemeForALoneDotLottie() throws {
        let dir = try ScratchDir()
        var r = try CLI.run(["preview", Self.sample, "--sheet", "sheet.png", "--theme", "dark", "--count", "2", "--scales", "1"], in: dir.path)
        #expect(r.status == 0, "\(r.stderr)")
        r = try CLI.run(["preview", Self.sample, "--sheet", "sheet.png", "--theme", "night"], in: dir.path)
        #expect(r.status == 64 && r.stderr.contains("its themes: dark, pulse"), "\(r.stderr)")
        #expect(try CLI.run(["render", "--help"]).stdout.contains("--theme <name>"))
    }
}
