import CYLTestSupport
import Foundation
import Testing

/// No command writes over its input: every command that writes (render, convert to one file and to
/// a PNG sequence, preview's -o and --sheet) exits 73 when an output would land on an input file,
/// inside an input folder or on a file a tab-bar configuration names, and leaves every file
/// byte-identical with nothing new beside them (no temporary file, no folder).
@Suite struct InputRefusalTests {
    /// A copy of sample-animations/ in a scratch folder (the commands run there, with relative
    /// paths), plus `link.gif` → `spinner.gif`, `frames-link` → `bounce-frames` and a dark variant
    /// `checkmark_dark.json` that `preview checkmark.json` finds by the naming convention.
    static func samples() throws -> ScratchDir {
        let dir = try ScratchDir()
        let fm = FileManager.default
        for name in try fm.contentsOfDirectory(atPath: CLI.repo.appendingPathComponent("sample-animations").path) {
            try fm.copyItem(atPath: CLI.sample(name), toPath: "\(dir.path)/\(name)")
        }
        try fm.createSymbolicLink(atPath: "\(dir.path)/link.gif", withDestinationPath: "spinner.gif")
        try fm.createSymbolicLink(atPath: "\(dir.path)/frames-link", withDestinationPath: "bounce-frames")
        try fm.copyItem(atPath: "\(dir.path)/checkmark.json", toPath: "\(dir.path)/checkmark_dark.json")
        return dir
    }

    /// Runs `args` in a fresh copy of the samples and checks the refusal.
    func expectRefused(_ args: [String], mentioning words: String = "input") throws {
        let dir = try Self.samples()
        let before = FileTree.snapshot(dir.path)
        let r = try CLI.run(args, in: dir.path)
        #expect(r.status == 73, "cylanim \(args.joined(separator: " ")): \(r.stderr)")
        // Notes (a dark variant found by convention) may come first; the error is the last line.
        let error = r.stderr.split(separator: "\n").last ?? ""
        #expect(error.hasPrefix("cylanim: error: ") && error.contains(words), "\(r.stderr)")
        #expect(r.stdout.isEmpty, "\(r.stdout)")
        #expect(FileTree.changes(from: before, to: FileTree.snapshot(dir.path)) == [], "cylanim \(args.joined(separator: " "))")
    }

    /// `cylanim render frames/ -o frames/f%d.png` used to overwrite the input frames silently.
    @Test(arguments: [
        ["bounce-frames", "-o", "bounce-frames/%d.png"],
        ["bounce-frames", "-o", "bounce-frames/f%d.png"],
        ["bounce-frames", "-o", "bounce-frames/new/f%d.png"],     // a folder it would create inside
        ["bounce-frames", "-o", "frames-link/%d.png"],            // through a symlink to the folder
        ["bounce-frames", "-o", "new/../bounce-frames/%d.png"],
        ["spinner.gif", "--frames", "0", "-o", "spinner.gif"],
        ["spinner.gif", "--frames", "0", "-o", "link.gif"],
        ["link.gif", "--frames", "0", "-o", "./tabbar/../spinner.gif"],
        ["checkmark.json", "--frames", "3", "-o", "checkmark.json"],
    ])
    func render(_ args: [String]) throws {
        try expectRefused(["render"] + args)
    }

    @Test(arguments: [
        ["spinner.gif", "-o", "spinner.gif"],
        ["spinner.gif", "-o", "tabbar/../link.gif"],
        ["spinner.gif", "-o", "spinner.gif", "--format", "webp"],
        ["checkmark.json", "-o", "checkmark.json", "--format", "tgs"],
        ["bounce-frames", "-o", "bounce-frames", "--format", "gif"],
        ["bounce-frames", "-o", "bounce-frames/anim.png"],         // one file inside the input folder
    ])
    func convertToOneFile(_ args: [String]) throws {
        try expectRefused(["convert"] + args)
    }

    @Test(arguments: [
        ["bounce-frames", "-o", "bounce-frames/%03d.png"],
        ["bounce-frames", "-o", "frames-link/copy/%03d.png"],
        ["bounce-frames", "-o", "out/../bounce-frames/%d.png", "--fps", "10"],
        ["bounce-frames", "-o", "bounce-frames/%d.apng", "--format", "png"],
    ])
    func convertToPNGSequence(_ args: [String]) throws {
        try expectRefused(["convert"] + args)
    }

    /// Every file the configuration names is an input: the configuration itself, the tabs'
    /// animations (a folder of frames included) and images.
    @Test(arguments: [
        ["tabbar/tabbar.json", "-o", "tabbar/me.png"],                        // a tab's image
        ["tabbar/tabbar.json", "-o", "tabbar/me-selected.png"],
        ["tabbar/tabbar.json", "-o", "bounce-frames/%04d.png"],               // a tab's frame folder
        ["tabbar/tabbar.json", "-o", "spinner.gif"],                          // a tab's GIF
        ["tabbar/tabbar.json", "--sheet", "tabbar/tabbar.json"],              // the configuration
        ["tabbar/tabbar.json", "--sheet", "badge.json"],                      // a tab's Lottie file
        ["tabbar/tabbar.json", "--sheet", "tabbar/../tabbar/me.png"],
        ["checkmark.json", "--sheet", "checkmark.json"],                      // one animation
        ["checkmark.json", "--sheet", "checkmark_dark.json"],                 // its dark variant by convention
        ["bounce-frames", "-o", "bounce-frames/preview.gif"],
        // All or nothing: the sheet is fine but the preview is not, so neither is written.
        ["tabbar/tabbar.json", "--sheet", "out/sheet.png", "-o", "tabbar/me.png"],
    ])
    func preview(_ args: [String]) throws {
        try expectRefused(["preview"] + args)
    }

    /// A dark file a configuration names (`CYLTabBarLottieDarkFilePath`) is an input too.
    @Test func previewRefusesTheNamedDarkFile() throws {
        let dir = try Self.samples()
        let config = """
        {"tabBarItemsAttributes": [{"CYLTabBarItemTitle": "Check", "CYLTabBarLottieFilePath": "checkmark.json",
          "CYLTabBarLottieDarkFilePath": "night/check.json"}]}
        """
        try FileManager.default.createDirectory(atPath: dir.path + "/night", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: dir.path + "/checkmark.json", toPath: dir.path + "/night/check.json")
        try dir.write("bar.json", Array(config.utf8))
        let before = FileTree.snapshot(dir.path)
        let r = try CLI.run(["preview", "bar.json", "--sheet", "night/check.json"], in: dir.path)
        #expect(r.status == 73, "\(r.stderr)")
        #expect(r.stderr.contains("night/check.json"), "\(r.stderr)")
        #expect(FileTree.changes(from: before, to: FileTree.snapshot(dir.path)) == [])
    }

    /// One run writes one file once: a sheet and a preview on the same path are refused, nothing written.
    @Test func previewSheetAndOutputOnOnePath() throws {
        try expectRefused(["preview", "checkmark.json", "--sheet", "out/x.png", "-o", "out/./x.png"], mentioning: "already writes")
    }

    /// Writing next to the inputs is still fine.
    @Test func outputsBesideTheInputsAreWritten() throws {
        let dir = try Self.samples()
        for args in [["render", "bounce-frames", "-o", "bounce-frames-copy/%d.png", "-q"],
                     ["convert", "link.gif", "-o", "spinner-copy.gif", "-q"],
                     ["preview", "tabbar/tabbar.json", "--sheet", "tabbar/sheet.png", "-q"]] {
            let r = try CLI.run(args, in: dir.path)
            #expect(r.status == 0, "cylanim \(args.joined(separator: " ")): \(r.stderr)")
        }
        #expect(dir.files("bounce-frames-copy").count == dir.files("bounce-frames").filter { $0.hasSuffix(".png") }.count)
        #expect(dir.files().contains("spinner-copy.gif"))
        #expect(dir.files("tabbar").contains("sheet.png"))
    }
}
