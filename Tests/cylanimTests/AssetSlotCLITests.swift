import CYLImageCodecs
import CYLRaster
import Foundation
import Testing

/// `--assets` and `--slot` on the command line: image files beside the JSON, another folder,
/// warnings for what is missing, and usage errors (exit 64) for malformed values.
@Suite struct AssetSlotCLITests {
    /// A 40x40 Lottie whose image layer draws `images/img_0.png` (20x10) at (10, 10), at opacity slot "fade".
    static let icon = """
    {"v":"5.7.0","fr":10,"ip":0,"op":2,"w":40,"h":40,"slots":{"fade":{"p":{"a":0,"k":100}}},
     "assets":[{"id":"img","w":20,"h":10,"u":"images/","p":"img_0.png","e":0}],
     "layers":[{"ty":2,"refId":"img","ind":1,"ip":0,"op":2,"st":0,
                "ks":{"o":{"a":0,"k":100,"sid":"fade"},"a":{"a":0,"k":[0,0]},"p":{"a":0,"k":[10,10]}}}]}
    """

    static func png(_ r: UInt8, _ g: UInt8, _ b: UInt8) throws -> Data {
        let px = try Pixmap(width: 20, height: 10, straightRGBA: [UInt8]((0..<200).flatMap { _ in [r, g, b, 255] }))
        return Data(try PNGCodec.encode(px))
    }

    static func scene() throws -> ScratchDir {
        let dir = try ScratchDir()
        try FileManager.default.createDirectory(atPath: dir.path + "/images", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: dir.path + "/alt", withIntermediateDirectories: true)
        try Data(icon.utf8).write(to: URL(fileURLWithPath: dir.path + "/icon.json"))
        try png(255, 0, 0).write(to: URL(fileURLWithPath: dir.path + "/images/img_0.png"))
        try png(0, 0, 255).write(to: URL(fileURLWithPath: dir.path + "/alt/img_0.png"))
        return dir
    }

    /// Pixel (15, 15) of the PNG at `path` (premultiplied, as decoded): inside the image's rectangle.
    static func centre(_ path: String) throws -> RGBA8 {
        let p = try PNGCodec.decode([UInt8](Data(contentsOf: URL(fileURLWithPath: path))), name: path)
        return p[15, 15]
    }

    @Test func renderReadsTheImageBesideTheJSONOrUnderAssets() throws {
        let dir = try Self.scene()
        var r = try CLI.run(["render", "icon.json", "--frames", "0", "-o", "out.png"], in: dir.path)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.isEmpty, "\(r.stderr)")
        #expect(try Self.centre(dir.path + "/out.png") == RGBA8(255, 0, 0, 255))
        r = try CLI.run(["render", "icon.json", "--frames", "0", "-o", "alt.png", "--assets", "alt"], in: dir.path)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try Self.centre(dir.path + "/alt.png") == RGBA8(0, 0, 255, 255))
        // The image is an input: writing over it is refused (exit 73).
        r = try CLI.run(["render", "icon.json", "--frames", "0", "-o", "images/img_0.png"], in: dir.path)
        #expect(r.status == 73, "\(r.stderr)")
    }

    @Test func missingImageIsAWarningNotAFailure() throws {
        let dir = try Self.scene()
        try FileManager.default.removeItem(atPath: dir.path + "/images/img_0.png")
        let r = try CLI.run(["convert", "icon.json", "-o", "out.gif"], in: dir.path)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("cylanim: warning: icon.json: assets[0]: image asset \"img\": images/img_0.png: no such file"), "\(r.stderr)")
    }

    @Test func slotOverridesOnTheCommandLine() throws {
        let dir = try Self.scene()
        let r = try CLI.run(["render", "icon.json", "--frames", "0", "-o", "half.png", "--slot", "fade=50", "--slot", "nope=1"], in: dir.path)
        #expect(r.status == 0, "\(r.stderr)")
        // Red at 50% opacity, premultiplied: red and alpha both 127.5, ±1 for rounding.
        let c = try Self.centre(dir.path + "/half.png")
        #expect(abs(Int(c.r) - 128) <= 1 && c.g == 0 && c.b == 0 && abs(Int(c.a) - 128) <= 1, "\(c)")
        #expect(r.stderr.contains("--slot nope: the file has no slot \"nope\" (its slots: fade)"), "\(r.stderr)")
    }

    @Test func lintCallsAnUndefinedSlotAnInputWarning() throws {
        let dir = try Self.scene()
        let text = Self.icon.replacingOccurrences(of: "\"slots\":{\"fade\":{\"p\":{\"a\":0,\"k\":100}}},", with: "")
        try Data(text.utf8).write(to: URL(fileURLWithPath: dir.path + "/icon.json"))
        let r = try CLI.run(["lint", "icon.json"], in: dir.path)
        #expect(r.stdout.contains("[input-warning]") && r.stdout.contains("slot \"fade\""), "\(r.stdout)")
        #expect(!r.stdout.contains("[unsupported-feature]"), "\(r.stdout)")
    }

    @Test(arguments: [
        (["--slot", "fade"], "Invalid value 'fade' for '--slot': expected 'id=value'"),
        (["--slot", "=3"], "missing the slot id"),
        (["--slot", "tint=#12345"], "is not #rrggbb or #rrggbbaa"),
        (["--slot", "tint={\"k\":"], "the JSON value for slot 'tint' does not parse"),
        (["--assets", "no-such-folder"], "Invalid value 'no-such-folder' for '--assets': not a folder."),
    ])
    func malformedValuesAreUsageErrors(_ extra: [String], _ message: String) throws {
        let dir = try Self.scene()
        let r = try CLI.run(["render", "icon.json", "--frames", "0", "-o", "x.png"] + extra, in: dir.path)
        #expect(r.status == 64, "\(r.stderr)")
        #expect(r.stderr.contains(message), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.path + "/x.png"))
    }
}
