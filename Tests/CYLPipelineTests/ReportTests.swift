import Foundation
import Testing
@testable import CYLPipeline
import CYLDocuments
import CYLTabBarItemAnimation

struct ReportTests {
    func entry(_ output: String, status: ManifestEntry.Status = .built, appearance: Appearance = .light) -> ManifestEntry {
        var e = ManifestEntry(output: output, input: "icons/a&b.json", inputSHA256: "00", format: .gif, scale: 2,
                              appearance: appearance, settings: .object([("format", .string("gif"))]), buildKey: "k")
        e.status = status
        e.files = [ManifestEntry.File(path: output, sha256: "ab", bytes: 3)]
        e.sha256 = "ab"
        e.bytes = 3
        e.frames = 2
        e.durationMilliseconds = 100
        e.timeMilliseconds = 12.5
        if status == .failed { e.error = "icons/a&b.json:1:2: <bad>" }
        return e
    }

    @Test func manifestTextReadsBackToTheSameManifest() throws {
        var m = BuildManifest(toolVersion: "1.2", pipeline: "p.json", shard: Shard(index: 1, count: 4), plannedJobs: 9,
                              planDigest: "dd", entries: [entry("a.gif"), entry("b.gif", status: .failed)])
        var seq = entry("f/%04d.png")
        seq.format = .pngSequence
        seq.files = [ManifestEntry.File(path: "f/0000.png", sha256: "01", bytes: 1), ManifestEntry.File(path: "f/0001.png", sha256: "02", bytes: 2)]
        m.entries.append(seq)
        m.undeclared = [entry("old.gif")]
        m.elapsedMilliseconds = 42.5
        let back = try BuildManifest.parse(Array(m.text.utf8), name: "m.json")
        #expect(back.text == m.text)
        #expect(back.entries == m.entries && back.undeclared == m.undeclared && back.shard == m.shard)
        // One output per line, so a change to one output is a one-line diff.
        #expect(m.text.split(separator: "\n").filter { $0.contains("\"output\":") }.count == 4)
    }

    @Test func damagedManifestsAndJournalsAreNamed() throws {
        #expect(throws: ManifestError.self) { try BuildManifest.parse(Array("{\"manifestVersion\": 99}".utf8), name: "m") }
        do { _ = try BuildManifest.parse(Array("{\"manifestVersion\": 1, \"toolVersion\": 3}".utf8), name: "m"); Issue.record("read") } catch {
            #expect(error.description.hasPrefix("m: toolVersion (1:39"), "\(error)")
        }
        let dir = try Scratch()
        let line = entry("a.gif").json.text
        let journal = try dir.write("j", line + "\n" + line.replacingOccurrences(of: "a.gif", with: "b.gif") + "\n{\"output\":\"c.g")
        #expect(BuildManifest.readJournal(path: journal).map(\.output) == ["a.gif", "b.gif"])
    }

    @Test func indexPageEmbedsEachOutputAndEscapesText() throws {
        let dir = try Scratch()
        let gif: [UInt8] = Array("GIF89a-not-really".utf8)
        try dir.write("a.gif", gif)
        let m = BuildManifest(toolVersion: "1", pipeline: "dir/<p>.json", shard: nil, plannedJobs: 3, planDigest: "d",
                              entries: [entry("a.gif"), entry("b.gif", status: .failed), entry("c d.gif", appearance: .dark)])
        let html = IndexPage(manifest: m, outputDirectory: dir.path).html
        #expect(html.contains("<title>&lt;p&gt;.json: build</title>"))
        #expect(html.contains("<td>icons/a&amp;b.json<br>"))
        let uri = "data:image/gif;base64,"
        let start = try #require(html.range(of: uri))
        let encoded = html[start.upperBound...].prefix { $0 != "\"" }
        #expect(Base64.decode(encoded) == gif)
        #expect(html.contains("icons/a&amp;b.json:1:2: &lt;bad&gt;"))
        #expect(html.components(separatedBy: "<img ").count == 2)   // one thumbnail: c d.gif's file is missing
        #expect(html.contains("<div class=\"out dark\"><a href=\"c%20d.gif\">c d.gif</a>"))
        #expect(!html.contains("<script"))
    }

    @Test func progressBarCountsAndEstimates() {
        var p = BuildProgress(total: 40, upToDate: 10)
        p.built = 5
        p.failed = 1
        p.remaining = .seconds(83)
        #expect(p.bar(width: 10) == "[####------] 16/40  10 up to date  1 failed  1:23 left")
        p.built = 29
        #expect(p.bar(width: 10) == "[##########] 40/40  10 up to date  1 failed")
        #expect(BuildProgress.clock(.seconds(3725)) == "1:02:05")
    }

    @Test func tableListsWhatWasBuiltOrFailedAndSummarises() {
        let report = BuildReport(pipelineFile: "p.json", outputDirectory: "out", shard: Shard(index: 0, count: 2), plannedJobs: 7,
                                 entries: [entry("a.gif"), entry("b.gif", status: .failed), entry("c.gif", status: .upToDate)],
                                 failures: [], undeclared: [], pruned: [], warnings: [], manifestPath: "m", indexPath: nil,
                                 elapsed: .milliseconds(1500))
        #expect(report.table == """
        STATUS  OUTPUT  INPUT           FRAMES  BYTES    TIME
        built   a.gif   icons/a&b.json       2      3  0.01 s
        failed  b.gif   icons/a&b.json       -      -  0.01 s
        1 built, 1 up to date, 1 failed of 3 outputs (shard 0/2 of 7) in 1.50 s

        """)
    }
}
