import Foundation
import Testing
@testable import CYLPipeline
import CYLTabBarItemAnimation

/// `build`, `lint` and `review` find the same animations in the same folder (`InputDiscovery`):
/// by content, in subfolders, frame folders as one input, `x_dark` as `x`'s dark variant.
struct InputDiscoveryAgreementTests {
    static func icons() throws -> Scratch {
        let dir = try Scratch()
        try dir.copy("checkmark.json", to: "icons/home.json")
        try dir.copy("badge.json", to: "icons/home_dark.json")
        try dir.copy("spinner.gif", to: "icons/sync.anim")           // a GIF, known by its bytes
        try dir.copy("toggle.riv", to: "icons/more/toggle.riv")
        try dir.copy("bounce-frames", to: "icons/more/bounce")
        try dir.write("icons/README.md", "# the app's icons\n")
        return dir
    }

    static let expected = ["icons/home.json", "icons/more/bounce", "icons/more/toggle.riv", "icons/sync.anim"]

    @Test func buildLintAndReviewFindTheSameInputs() throws {
        let dir = try Self.icons()
        let file = try dir.write("p.json", #"{"inputs": ["icons"], "outputs": [{"format": "gif", "name": "{dir}/{name}{appearance}.gif"}]}"#)
        let plan = try BuildPlan(pipeline: try Pipeline.load(path: file), registry: .standard)
        #expect(plan.inputs.map(\.displayPath).sorted() == Self.expected)
        #expect(plan.inputs.first { $0.name == "home" }?.darkDisplayPath == "icons/home_dark.json")
        #expect(plan.inputs.first { $0.name == "toggle" }?.directory == "more")
        #expect(plan.jobs.map(\.key).contains("more/toggle.gif"))

        let lint = try LintJob(inputs: [dir.path + "/icons"]).run(registry: .standard)
        let linted = Set(lint.linted.map { String($0.dropFirst(dir.path.count + 1)) })
        #expect(linted == Set(Self.expected))   // home_dark.json is judged as home's dark side, not alone
        #expect(lint.skipped.map { String($0.dropFirst(dir.path.count + 1)) } == ["icons/README.md"])

        let review = try ReviewJob(inputs: [dir.path + "/icons"], output: dir.path + "/review.html").run(registry: .standard)
        #expect(review.iconCount == Self.expected.count)
    }

    @Test func globMatchesNoAnimatorOpensAreNamedInAWarning() throws {
        let dir = try Self.icons()
        let file = try dir.write("p.json", #"{"inputs": ["icons/*"], "outputs": [{"format": "gif"}]}"#)
        let plan = try BuildPlan(pipeline: try Pipeline.load(path: file), registry: .standard)
        #expect(plan.inputs.map(\.displayPath) == ["icons/home.json", "icons/sync.anim"])   // `icons/more` is a folder of animations, not one
        #expect(plan.warnings == ["\(file):1:13: skipped 1 file matched by \"icons/*\" that no animator opens: icons/README.md"])
    }

    @Test func anEmptyFolderIsAClearReviewError() throws {
        let dir = try Scratch()
        try dir.write("empty/notes.txt", "nothing to play")
        #expect {
            try ReviewJob(inputs: [dir.path + "/empty"], output: dir.path + "/r.html").run(registry: .standard)
        } throws: { error in
            "\(error)".contains("empty") && "\(error)".contains("no animations or tab-bar configurations in the folder")
        }
        #expect(!FileManager.default.fileExists(atPath: dir.path + "/r.html"))
    }
}
