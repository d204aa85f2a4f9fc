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

/// `convert --dark FILE` and the `NAME_dark.json` convention.
@Suite struct ConvertDarkVariantCLITests {
    static let light = #"{"v":"5.7.0","fr":10,"ip":0,"op":5,"w":20,"h":20,"layers":[{"ty":4,"ip":0,"op":5,"st":0,"ks":{},"shapes":[{"ty":"rc","p":{"a":0,"k":[10,10]},"s":{"a":0,"k":[10,10]},"r":{"a":0,"k":0}},{"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}}]}]}"#

    static func pixel(_ path: String, theme: String?) throws -> String {
        var args = ["render", path, "--frames", "0-4", "--size", "20x20", "-o", path + (theme ?? "") + "-%d.png", "-q"]
        if let theme { args += ["--theme", theme] }
        let r = try CLI.run(args)
        #expect(r.status == 0, "\(r.stderr)")
        return try (0...4).map { try Data(contentsOf: URL(fileURLWithPath: path + (theme ?? "") + "-\($0).png")).base64EncodedString() }.joined(separator: " ")
    }

    @Test func aDarkFileBesideTheInputIsTheDarkTheme() throws {
        let dir = try ScratchDir()
        try dir.write("icon.json", Array(Self.light.utf8))
        try dir.write("icon_dark.json", Array(Self.light.replacingOccurrences(of: "[1,0,0,1]", with: "[0,0.5,1,1]").utf8))
        let r = try CLI.run(["convert", dir.path + "/icon.json", "-o", dir.path + "/icon.lottie"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try Self.pixel(dir.path + "/icon.lottie", theme: "dark") == Self.pixel(dir.path + "/icon_dark.json", theme: nil))
        #expect(try Self.pixel(dir.path + "/icon.lottie", theme: nil) == Self.pixel(dir.path + "/icon.json", theme: nil))
    }

    @Test func darkNamesTheFileAndAStructuralDifferenceIsAnError() throws {
        let dir = try ScratchDir()
        try dir.write("icon.json", Array(Self.light.utf8))
        try dir.write("night.json", Array(Self.light.replacingOccurrences(of: #"{"ty":"rc""#, with: #"{"ty":"el""#).utf8))
        let r = try CLI.run(["convert", dir.path + "/icon.json", "-o", dir.path + "/icon.lottie", "--dark", dir.path + "/night.json"])
        #expect(r.status != 0)
        #expect(r.stderr.contains("icon.json:layers[0].shapes[0]: the type \"ty\" is \"rc\" here and \"el\" in the dark variant \(dir.path)/night.json"), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.path + "/icon.lottie"))
        let gif = try CLI.run(["convert", dir.path + "/icon.json", "-o", dir.path + "/icon.gif", "--dark", dir.path + "/night.json"])
        #expect(gif.status == 64 && gif.stderr.contains("'--dark' applies to .lottie output only"), "\(gif.stderr)")
    }
}
