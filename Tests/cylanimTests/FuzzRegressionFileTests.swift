import Foundation
import Testing

/// Every minimised input the libFuzzer targets (Fuzz/) found, kept in FuzzRegressions/ and run
/// through the CLI as the target ran it. The file name's prefix says how: `manifest-` is the
/// manifest.json of a folder of two frames, `tabbar-` a configuration in sample-animations/tabbar/'s
/// place, anything else an input file. Each must exit 0 or 65 with one error line naming the input,
/// never crash, and leave nothing behind; what each finding was about is asserted in its own test
/// in FuzzRegressionCLITests.
struct FuzzRegressionFileTests {
    static let folder = CLI.repo.appendingPathComponent("Tests/cylanimTests/FuzzRegressions").path
    static let files: [String] = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()

    @Test func findingsAreKept() { #expect(!Self.files.isEmpty, "no files in \(Self.folder)") }

    /// Copies `file` to where its target used it; returns the path to give cylanim.
    static func place(_ file: String, in dir: ScratchDir) throws -> String {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: "\(folder)/\(file)")))
        if file.hasPrefix("manifest-") {
            try FileManager.default.createDirectory(atPath: dir.path + "/frames", withIntermediateDirectories: true)
            for f in ["f0.png", "f1.png"] { try FileManager.default.copyItem(atPath: CLI.sample("bounce-frames/\(f)"), toPath: "\(dir.path)/frames/\(f)") }
            try dir.write("frames/manifest.json", bytes)
            return dir.path + "/frames"
        }
        if file.hasPrefix("tabbar-") {
            // Paths in it are relative to sample-animations/tabbar/, as for the fuzz target.
            let text = String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: "\"../", with: "\"\(CLI.repo.path)/sample-animations/")
                .replacingOccurrences(of: "\"me", with: "\"\(CLI.repo.path)/sample-animations/tabbar/me")
            try dir.write(file, Array(text.utf8))
            return dir.path + "/" + file
        }
        try dir.write(file, bytes)
        return dir.path + "/" + file
    }

    @Test(arguments: files)
    func replays(_ file: String) throws {
        let dir = try ScratchDir()
        let input = try Self.place(file, in: dir)
        let before = dir.files()
        let commands: [[String]] = file.hasPrefix("tabbar-")
            ? [["preview", input, "-o", dir.path + "/out/p.gif", "--script", "select 0; wait 0.2s", "--scale", "1"]]
            : [["info", input], ["render", input, "-o", dir.path + "/out/f%d.png", "--size", "24x24", "-q"]]
        for args in commands {
            let r = try CLI.run(args, addressSpaceLimit: 600_000_000)
            #expect(r.status == 0 || r.status == 65, "\(args[0]) \(file): \(r.status) \(r.stderr)")
            #expect(!r.stderr.contains("Fatal error"), "\(r.stderr)")
            if r.status == 65 {
                #expect(r.stderr.hasPrefix("cylanim: error: ") && r.stderr.split(separator: "\n").count == 1, "\(file): \(r.stderr)")
                #expect(dir.files() == before, "\(file): left \(dir.files())")
            }
        }
    }
}
