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
