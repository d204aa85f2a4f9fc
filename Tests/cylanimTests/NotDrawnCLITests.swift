import Foundation
import Testing

/// Commands that only write frames warn about content the frames lack, and lint reports each
/// kind (issue 28): a corpus Rive file whose text is not drawn.
@Suite struct NotDrawnCLITests {
    static let file = CLI.repo.deletingLastPathComponent().appendingPathComponent("shared/corpus/rive/unit__new_text.riv").path

    @Test func renderAndLintSayTheTextIsNotDrawn() throws {
        guard FileManager.default.fileExists(atPath: Self.file) else {
            if ProcessInfo.processInfo.environment["CYL_ALLOW_MISSING_CORPUS"] != "1" { Issue.record("corpus missing at \(Self.file)") }
            return
        }
        let dir = try ScratchDir()
        let r = try CLI.run(["render", Self.file, "--frames", "0", "-o", "x.png"], in: dir.path)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("warning: \(Self.file): artboard \"New Artboard\": text (\"Text\") is not drawn"), "\(r.stderr)")
        let quiet = try CLI.run(["render", Self.file, "--frames", "0", "-o", "y.png", "--quiet"], in: dir.path)
        #expect(quiet.status == 0 && quiet.stderr.isEmpty, "\(quiet.stderr)")
        let lint = try CLI.run(["lint", Self.file])
        // One finding per text run: grouped, one would hide the other.
        let findings = lint.stdout.split(separator: "\n").filter { $0.contains("[unsupported-feature]") && $0.contains("is not drawn") }
        #expect(findings.count == 2 && findings.contains { $0.contains("text (\"Text\") is not drawn") }, "\(lint.stdout)")
    }
}
