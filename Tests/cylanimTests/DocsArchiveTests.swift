import Foundation
import Testing

/// `make docs` (README): symbol graphs from the debug build's modules and the toolchain's docc make
/// one archive holding every library module, with the doc comments as written and no broken links.
/// The test runs the archive step on the build it is part of (`make docs` builds first).
struct DocsArchiveTests {
    @Test(.timeLimit(.minutes(5))) func archiveOfThePublicAPI() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/make")
        process.arguments = ["-s", "docs-archive"]
        process.currentDirectoryURL = CLI.repo
        let out = Pipe()
        process.standardOutput = out
        process.standardError = out
        try process.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(text)")
        #expect(!text.contains("warning:"), "\(text)")
        let data = CLI.repo.appendingPathComponent(".build/docs/CYLTabBarItemAnimation.doccarchive/data/documentation")
        let modules = try FileManager.default.contentsOfDirectory(atPath: data.path).filter { $0.hasSuffix(".json") }.sorted()
        #expect(["cylimagecodecs.json", "cyldocuments.json", "cyltext.json", "cyltabbar.json", "cyltabbaritemanimation.json", "cyltimeline.json"].allSatisfy(modules.contains), "\(modules)")
        // A public API's doc comment, as written in the source.
        let render = try String(contentsOf: data.appendingPathComponent("cyltabbar/tabbarpreview/render(at:appearance:theme:).json"), encoding: .utf8)
        #expect(render.contains("The whole bar at "), "\(render.prefix(400))")
        let contentsOf = try String(contentsOf: data.appendingPathComponent("cyltabbar/tabbarconfiguration/init(contentsof:options:).json"), encoding: .utf8)
        #expect(contentsOf.contains("Reads the configuration file at "))
    }
}
