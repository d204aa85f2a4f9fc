import Foundation
import Testing

/// `cylanim review`, `diff` and `lint` from the command line: what they print, write and exit with.
struct ReviewCommandsTests {
    @Test func reviewWritesOnePage() throws {
        let dir = try ScratchDir()
        let r = try CLI.run(["review", CLI.sample("tabbar/tabbar.json"), CLI.sample("spinner.gif"), "-o", "\(dir.path)/r.html"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.hasPrefix("wrote review page \(dir.path)/r.html: ") && r.stdout.contains("6 icons, 1 tab bar"), "\(r.stdout)")
        #expect(dir.files() == ["r.html"])
    }

    @Test func reviewErrors() throws {
        let dir = try ScratchDir()
        let tooBig = try CLI.run(["review", CLI.sample("checkmark.json"), "-o", "\(dir.path)/r.html", "--max-bytes", "2000"])
        #expect(tooBig.status == 73 && tooBig.stderr.contains("more than the limit of 2000 (raise it with --max-bytes"), "\(tooBig.stderr)")
        #expect(dir.files() == [])
        #expect(try CLI.run(["review", CLI.sample("checkmark.json")]).status == 64, "no -o")
        #expect(try CLI.run(["review", "\(dir.path)/missing.json", "-o", "\(dir.path)/r.html"]).status == 66)
        let overInput = try CLI.run(["review", CLI.sample("checkmark.json"), "-o", CLI.sample("checkmark.json")])
        #expect(overInput.status == 73, "\(overInput.stderr)")
    }

    @Test func diffExitStatusIsZeroWithinOneOverAndTwoOnError() throws {
        let dir = try ScratchDir()
        let same = try CLI.run(["diff", CLI.sample("checkmark.json"), CLI.sample("checkmark.json")])
        #expect(same.status == 0 && same.stdout.contains("within limits"), "\(same.stdout)\(same.stderr)")
        let other = try CLI.run(["diff", CLI.sample("checkmark.json"), CLI.sample("badge.json"), "-o", "\(dir.path)/d.png", "--html", "\(dir.path)/d.html"])
        #expect(other.status == 1 && other.stdout.contains("over limits"), "\(other.stdout)\(other.stderr)")
        #expect(dir.files() == ["d.html", "d.png"])
        #expect(try CLI.run(["diff", CLI.sample("checkmark.json"), "\(dir.path)/missing.gif"]).status == 2)
        let usage = try CLI.run(["diff", CLI.sample("checkmark.json")])
        #expect(usage.status == 2 && usage.stderr.contains("Expected two inputs"), "usage mistakes are errors too")
        #expect(try CLI.run(["diff", CLI.sample("checkmark.json"), CLI.sample("badge.json"), "--tolerance", "300"]).status == 2)
        // A loose enough limit passes the same pair.
        let loose = try CLI.run(["diff", CLI.sample("checkmark.json"), CLI.sample("badge.json"), "--max-changed-pixels", "100%", "-q"])
        #expect(loose.status == 0 && loose.stdout.isEmpty)
    }

    @Test func diffJSON() throws {
        let r = try CLI.run(["diff", CLI.sample("lint-examples/heart-pop-fps-too-low-and-content-in-margin.gif"), CLI.sample("lint-examples/heart-pop-fps-too-low-and-content-in-margin.gif"), "--json", "--size", "40x40"])
        #expect(r.status == 0, "\(r.stderr)")
        let json = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any]
        #expect(json?["passed"] as? Bool == true)
        #expect(json?["width"] as? Int == 40)
        let frames = json?["frames"] as? [[String: Any]] ?? []
        #expect(!frames.isEmpty && frames.allSatisfy { $0["changedPixels"] as? Int == 0 && $0["psnr"] is NSNull })
    }

    @Test func lintExitsOneOnlyOnErrors() throws {
        let dir = try ScratchDir()
        let samples = try CLI.run(["lint", CLI.sample("checkmark.json"), CLI.sample("lint-examples/spinner-fps-too-low-and-content-in-margin.gif")])
        #expect(samples.status == 0, "warnings only: \(samples.stdout)\(samples.stderr)")
        #expect(samples.stdout.contains("[fps-too-low]") && samples.stdout.contains("— fix: "))
        try dir.write("broken.json", Array("{\"layers\": [".utf8))
        let broken = try CLI.run(["lint", "\(dir.path)/broken.json", CLI.sample("checkmark.json")])
        #expect(broken.status == 1 && broken.stdout.contains("error [open-failed]"), "\(broken.stdout)")
        let json = try CLI.run(["lint", CLI.sample("lint-examples/spinner-fps-too-low-and-content-in-margin.gif"), "--json", "--disable", "content-in-margin"])
        let parsed = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        let findings = parsed?["findings"] as? [[String: Any]] ?? []
        #expect(findings.map { $0["rule"] as? String } == ["fps-too-low"])
        #expect(findings.first?["fix"] as? String != nil && findings.first?["severity"] as? String == "warning")
        #expect(try CLI.run(["lint", CLI.sample("spinner.gif"), "--disable", "nope"]).status == 64)
        #expect(try CLI.run(["lint", CLI.sample("spinner.gif"), "--profile", "sticker"]).status == 64)
    }
}
