import CYLDocuments
import Foundation
import Testing

/// `cylanim convert -o x.lottie`: what the command line says and writes.
@Suite struct ConvertDotLottieCLITests {
    @Test func convertWritesADotLottieThatInfoReads() throws {
        let dir = try ScratchDir()
        let r = try CLI.run(["convert", CLI.sample("badge.json"), "-o", dir.path + "/badge.lottie"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.hasPrefix("wrote \(dir.path)/badge.lottie (lottie, "), "\(r.stdout)")
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: dir.path + "/badge.lottie")))
        let file = try DotLottieFile(bytes: bytes, name: "badge.lottie", maxEntryBytes: 1 << 24)
        #expect(file.animationIDs == ["badge"])
        let info = try CLI.run(["info", dir.path + "/badge.lottie"])
        #expect(info.status == 0 && info.stdout.contains("dotLottie"), "\(info.stdout)\(info.stderr)")
    }

    @Test func rasterOptionsAreAUsageError() throws {
        let dir = try ScratchDir()
        let r = try CLI.run(["convert", CLI.sample("badge.json"), "-o", dir.path + "/b.lottie", "--size", "27"])
        #expect(r.status == 64)
        #expect(r.stderr.contains("a .lottie file carries the Lottie document itself, not pixels; '--size' does not apply to it"), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.path + "/b.lottie"))
    }

    @Test func aGIFCannotBecomeADotLottie() throws {
        let dir = try ScratchDir()
        let r = try CLI.run(["convert", CLI.sample("spinner.gif"), "-o", dir.path + "/s.lottie"])
        #expect(r.status != 0)
        #expect(r.stderr.contains("lottie output needs a Lottie input (.json, .lottie or .tgs)"), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.path + "/s.lottie"))
    }
}

/// `convert --dark-color`: the written file's dark theme draws what `render` draws with the same
/// overrides given as a tab bar's dark colours would.
@Suite struct ConvertDarkColorCLITests {
    @Test func darkColorBecomesTheDarkTheme() throws {
        let dir = try ScratchDir()
        let keypaths = try CLI.run(["keypaths", CLI.sample("checkmark.json")])
        #expect(keypaths.status == 0)
        // Recolour every fill and stroke: `**` reaches each item of the sample.
        let r = try CLI.run(["convert", CLI.sample("checkmark.json"), "-o", dir.path + "/c.lottie", "--dark-color", "**=#ff8000"])
        #expect(r.status == 0, "\(r.stderr)")
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: dir.path + "/c.lottie")))
        let file = try DotLottieFile(bytes: bytes, name: "c.lottie", maxEntryBytes: 1 << 24)
        #expect(file.themeIDs == ["dark"])
        let info = try CLI.run(["info", dir.path + "/c.lottie"])
        #expect(info.stdout.contains("dark"), "\(info.stdout)")
    }

    @Test func darkColorNeedsALottieOutputAndAColour() throws {
        let dir = try ScratchDir()
        let gif = try CLI.run(["convert", CLI.sample("checkmark.json"), "-o", dir.path + "/c.gif", "--dark-color", "**=#ff8000"])
        #expect(gif.status == 64 && gif.stderr.contains("'--dark-color' applies to .lottie output only"), "\(gif.stderr)")
        let bad = try CLI.run(["convert", CLI.sample("checkmark.json"), "-o", dir.path + "/c.lottie", "--dark-color", "Check=blurple"])
        #expect(bad.status == 64 && bad.stderr.contains("'blurple' is not a colour"), "\(bad.stderr)")
        let none = try CLI.run(["convert", CLI.sample("checkmark.json"), "-o", dir.path + "/c.lottie", "--dark-color", "Nope=#000000"])
        #expect(none.status != 0 && none.stderr.contains("no keypath (Nope) matches"), "\(none.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.path + "/c.lottie"))
    }
}
