import Foundation
import Testing

/// What `lint` says about a dotLottie file's state machines and the way a tab plays them.
/// `sample-animations/lint-examples/star-state-machine-reference.lottie` is toggle-star.lottie with
/// its "on" state playing marker "pop" (the star has no markers) and its "off" state showing
/// animation "sparkle" (the file has only "star"); tools/dev/make-dotlottie-samples.py writes it.
@Suite struct DotLottieLintCLITests {
    static let machineExample = CLI.sample("lint-examples/star-state-machine-reference.lottie")

    /// `lint --json`'s findings as (rule, location, message) triples; `errors`: the run may find
    /// errors (exit 1).
    static func findings(_ args: [String], errors: Bool = false) throws -> [(rule: String, location: String, message: String)] {
        let r = try CLI.run(["lint"] + args + ["--json"])
        #expect(r.status == 0 || (errors && r.status == 1), "\(r.stdout)\(r.stderr)")
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

    static let shared = CLI.repo.deletingLastPathComponent().appendingPathComponent("shared")
    static let corpus = shared.appendingPathComponent("corpus/dotlottie").path

    /// theme-rule-unmatched over the shared corpus's eight .lottie files, judged across all of each
    /// file's animations and themes. test.lottie's manifest gives its one animation the themes list
    /// ["test_theme"], so its theme global_theme is drawn by nothing (the corpus README says so):
    /// its one finding. The others' themes all apply and match their slots (multi_anim_theme's
    /// over both animations). Skipped, with the reason, only where /work/shared is absent.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: shared.path), "the shared corpus (../shared) is absent"))
    func themeFindingsOverTheCorpus() throws {
        let expected = [
            "multi_anim_theme": 0, "multi_themes": 0, "pigeon": 0, "set_random": 0, "sm-tween": 0, "test": 1, "themed": 0, "tween_poses": 0,
        ]
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.corpus).filter { $0.hasSuffix(".lottie") }.sorted()
        #expect(files.count == 8, "\(files)")
        for name in files {
            let stem = String(name.dropLast(".lottie".count).split(separator: "__").last ?? "")
            let path = Self.corpus + "/" + name
            // Other rules find things in these files (long plays, margins; pigeon's state machine is
            // an older format a tab cannot play, an open-failed error): only theme findings count here.
            let themed = try Self.findings([path], errors: true).filter { $0.rule == "theme-rule-unmatched" }
            #expect(themed.count == expected[stem], "\(name): \(themed)")
            // `info` opens the file without playing a state machine, so it reaches pigeon's themes too.
            let info = try CLI.run(["info", path])
            #expect(info.status == 0, "\(name): \(info.stderr)")
            let themeWarnings = info.stdout.split(separator: "\n").filter { $0.contains("warning: t/") }
            #expect(themeWarnings.count == expected[stem], "\(name): \(themeWarnings)")
            if stem == "test" {
                #expect(themed.first?.location == "t/global_theme.json", "\(themed)")
                #expect(themed.first?.message.hasPrefix("theme \"global_theme\" is taken by no animation") == true, "\(themed)")
                #expect(themed.first?.message.contains("animation \"animation\" takes test_theme") == true, "\(themed)")
                #expect(themeWarnings.first?.contains("warning: t/global_theme.json: theme \"global_theme\" is taken by no animation") == true, "\(info.stdout)")
            }
        }
    }
}
