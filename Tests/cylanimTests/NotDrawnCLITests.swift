import Foundation
import Testing

/// Commands that only write frames warn about content the frames lack, and lint reports each
/// kind (issue 28): a corpus Rive file whose transition conditions are scripts. Text is drawn
/// now, so a file of text runs renders without such a warning.
@Suite struct NotDrawnCLITests {
    static let corpus = CLI.repo.deletingLastPathComponent().appendingPathComponent("shared/corpus/rive")
    static let scripted = corpus.appendingPathComponent("unit__scripted_transition_condition.riv").path
    static let text = corpus.appendingPathComponent("unit__new_text.riv").path

    @Test func renderAndLintSayWhatIsNotDrawn() throws {
        guard FileManager.default.fileExists(atPath: Self.scripted) else {
            if ProcessInfo.processInfo.environment["CYL_ALLOW_MISSING_CORPUS"] != "1" { Issue.record("corpus missing at \(Self.scripted)") }
            return
        }
        let dir = try ScratchDir()
        let r = try CLI.run(["render", Self.scripted, "--frames", "0", "-o", "x.png"], in: dir.path)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("warning: \(Self.scripted): byte 1217: ScriptedTransitionCondition conditions are not supported; they never hold"), "\(r.stderr)")
        let quiet = try CLI.run(["render", Self.scripted, "--frames", "0", "-o", "y.png", "--quiet"], in: dir.path)
        #expect(quiet.status == 0 && quiet.stderr.isEmpty, "\(quiet.stderr)")
        let lint = try CLI.run(["lint", Self.scripted])
        let findings = lint.stdout.split(separator: "\n").filter { $0.contains("[unsupported-feature]") }
        #expect(findings.count == 1 && findings[0].contains("ScriptedTransitionCondition"), "\(lint.stdout)")
    }

    @Test func textIsDrawnSoItIsNotReported() throws {
        guard FileManager.default.fileExists(atPath: Self.text) else {
            if ProcessInfo.processInfo.environment["CYL_ALLOW_MISSING_CORPUS"] != "1" { Issue.record("corpus missing at \(Self.text)") }
            return
        }
        let dir = try ScratchDir()
        let r = try CLI.run(["render", Self.text, "--frames", "0", "-o", "x.png"], in: dir.path)
        #expect(r.status == 0 && r.stderr.isEmpty, "\(r.stderr)")
        let lint = try CLI.run(["lint", Self.text])
        #expect(!lint.stdout.contains("[unsupported-feature]"), "\(lint.stdout)")
    }
}
