import Foundation
import Testing

/// What `lint` says about a dotLottie file's state machines and the way a tab plays them.
/// `sample-animations/lint-examples/star-state-machine-reference.lottie` is toggle-star.lottie with
/// its "on" state playing marker "pop" (the star has no markers) and its "off" state showing
/// animation "sparkle" (the file has only "star"); tools/dev/make-dotlottie-samples.py writes it.
@Suite struct DotLottieLintCLITests {
    static let machineExample = CLI.sample("lint-examples/star-state-machine-reference.lottie")

    /// `lint --json`'s findings as (rule, location, message) triples.
    static func findings(_ args: [String]) throws -> [(rule: String, location: String, message: String)] {
        let r = try CLI.run(["lint"] + args + ["--json"])
        #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        let list = try #require(object["findings"] as? [[String: Any]])
        return list.map { ($0["rule"] as? String ?? "", $0["location"] as? String ?? "", $0["message"] as? String ?? "") }
    }

    /// Each place a state machine names what the file lacks is its own finding, with the state's
    /// JSON path, not one `unsupported-feature` finding "(2 places)".
    @Test func eachMissingReferenceIsOneStateMachineReferenceFinding() throws {
        let all = try Self.findings([Self.machineExample])
        let machine = all.filter { $0.rule == "state-machine-reference" }
        #expect(machine.count == 2, "\(all)")
        #expect(machine.map(\.location) == ["s/toggle.json: states[1].segment", "s/toggle.json: states[2].animation"], "\(machine)")
        #expect(machine[0].message.contains("state \"on\" plays marker \"pop\", which animation \"star\" does not have"), "\(machine[0].message)")
        #expect(machine[1].message.contains("state \"off\" shows animation \"sparkle\", which the file does not have (its animations: star)"),
                "\(machine[1].message)")
        #expect(!all.contains { $0.rule == "unsupported-feature" }, "\(all)")
        // A rule of its own: it can be turned off, and the general profile keeps it.
        #expect(try Self.findings([Self.machineExample, "--disable", "state-machine-reference"]).allSatisfy { $0.rule != "state-machine-reference" })
        #expect(try Self.findings([Self.machineExample, "--profile", "general"]).filter { $0.rule == "state-machine-reference" }.count == 2)
        // The same machine naming only what the file has is clean.
        #expect(try Self.findings([CLI.sample("toggle-star.lottie")]).allSatisfy { $0.rule != "state-machine-reference" })
    }

    /// toggle-star.lottie as a tab plays it is 47 frames at 30 fps: selecting plays frames 0-23
    /// (0.8 s), deselecting the way back, 24-46. `play-once-too-long` measures only the first part,
    /// so the whole 1.567 s does not fire it, and at half speed the selection's 1.6 s does.
    @Test func playOnceTooLongMeasuresOnlyWhatSelectingPlays() throws {
        for file in [CLI.sample("toggle-star.lottie"), Self.machineExample] {
            let all = try Self.findings([file])
            #expect(!all.contains { $0.rule == "play-once-too-long" }, "\(file): \(all)")
        }
        let dir = try ScratchDir()
        try dir.write("slow.json", Array("""
            {"CYLTabBarControllerTabBarItemAnimationSpeed": 0.5,
             "tabBarItemsAttributes": [{"CYLTabBarItemTitle": "Fav", "CYLTabBarLottieFilePath": "\(CLI.sample("toggle-star.lottie"))"}]}
            """.utf8))
        let info = try CLI.run(["info", dir.path + "/slow.json"])
        #expect(info.stdout.contains("deselecting plays frames 24-46, then frame 0"), "\(info.stdout)")
        let slow = try Self.findings([dir.path + "/slow.json"]).filter { $0.rule == "play-once-too-long" }
        #expect(slow.map(\.message) == ["selecting the tab plays 1.600 s (24 frames) at speed 0.5"], "\(slow)")
    }
}
