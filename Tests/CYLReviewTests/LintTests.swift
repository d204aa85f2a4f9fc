import CYLImageCodecs
import CYLDocuments
import CYLTabBarItemAnimation
import Foundation
import Testing

/// Each lint rule fires on a document made to show its problem and stays quiet on a clean icon.
@Suite struct LintTests {
    typealias F = LottieFixture

    /// A clean tab icon: square canvas, 1 s at 30 fps, a light 60-unit square (20% margins) that
    /// grows from 80% to full size, light enough for the dark bar.
    static func clean() -> LottieFixture {
        var f = LottieFixture()
        f.layers = [F.layer(F.rect(0, 0, 60, 60, color: [0.3, 0.6, 1, 1]), position: F.value([50, 50]),
                            scale: F.animated([(0, [80, 80]), (29, [100, 100])]))]
        return f
    }

    /// Rule ids found for `paths`.
    static func rules(_ paths: [String], _ configure: (inout LintJob) -> Void = { _ in }) throws -> [String] {
        var job = LintJob(inputs: paths)
        configure(&job)
        return try job.run(registry: .standard).findings.map(\.rule.id)
    }

    @Test func cleanIconHasNoFindings() throws {
        let dir = try Scratch()
        let report = try LintJob(inputs: [try Self.clean().write("icon.json", in: dir)]).run(registry: .standard)
        #expect(report.findings.map(\.line) == [])
        #expect(report.linted.count == 1)
        #expect(!report.hasErrors)
    }

    @Test func canvasNotSquare() throws {
        let dir = try Scratch()
        var f = Self.clean()
        f.width = 120
        #expect(try Self.rules([try f.write("wide.json", in: dir)]) == ["canvas-not-square"])
    }

    @Test func contentCutByTheEdgeButNotContentWhollyOutside() throws {
        let dir = try Scratch()
        var cut = Self.clean()
        cut.layers.append(F.layer(F.rect(95, 50, 30, 20, color: [0.3, 0.6, 1, 1])))   // 80...110: crosses x = 100
        let cutRules = try Self.rules([try cut.write("cut.json", in: dir)])
        // Both fire: part of the rectangle is cut by the edge, and the resting icon touches it.
        #expect(cutRules == ["content-outside-canvas", "content-in-margin"])
        var away = Self.clean()
        away.layers.append(F.layer(F.rect(160, 50, 20, 20, color: [0.3, 0.6, 1, 1])))  // 150...170: never shows
        #expect(try Self.rules([try away.write("away.json", in: dir)]) == [])
        // A background bleeding past every edge loses nothing to the clip (but fills the margin).
        var bleed = Self.clean()
        bleed.layers.append(F.layer(F.rect(50, 50, 110, 110, color: [0.3, 0.6, 1, 1])))
        #expect(try Self.rules([try bleed.write("bleed.json", in: dir)]) == ["content-in-margin"])
    }

    @Test func contentInMargin() throws {
        let dir = try Scratch()
        var f = LottieFixture()
        f.layers = [F.layer(F.rect(50, 50, 94, 94, color: [0.3, 0.6, 1, 1]))]   // 3% from each edge
        let report = try LintJob(inputs: [try f.write("big.json", in: dir)]).run(registry: .standard)
        #expect(report.findings.map(\.rule.id) == ["content-in-margin"])
        #expect(report.findings.first?.location == "frame 0")
    }

    @Test func strokeThinnerThanOnePixelAtOneX() throws {
        let dir = try Scratch()
        // A 300-unit canvas at 30 pt: 10 units make 1 px at @1x.
        var thin = LottieFixture()
        thin.width = 300; thin.height = 300
        thin.layers = [F.layer(F.line(60, 150, 240, 150, width: 2) + F.rect(150, 110, 150, 40, color: [0.3, 0.6, 1, 1]))]
        let report = try LintJob(inputs: [try thin.write("thin.json", in: dir)]).run(registry: .standard)
        #expect(report.findings.map(\.rule.id) == ["stroke-too-thin"])
        #expect(report.findings.first?.message.contains("0.20 pt") == true, "\(report.findings.map(\.message))")
        var thick = thin
        thick.layers = [F.layer(F.line(60, 150, 240, 150, width: 12) + F.rect(150, 110, 150, 40, color: [0.3, 0.6, 1, 1]))]
        #expect(try Self.rules([try thick.write("thick.json", in: dir)]) == [])
    }

    @Test func timing() throws {
        let dir = try Scratch()
        var long = Self.clean()
        long.frames = 60   // 2 s at 30 fps
        #expect(try Self.rules([try long.write("long.json", in: dir)]) == ["play-once-too-long"])
        // Looping forever it is not a play-once (but it grows, then jumps back to its smaller start).
        #expect(try Self.rules([try long.write("long.json", in: dir)]) { $0.policy = .loop } == ["loop-jump"])
        var fast = Self.clean()
        fast.fps = 120; fast.frames = 120
        #expect(try Self.rules([try fast.write("fast.json", in: dir)]) == ["fps-too-high"])
        var slow = Self.clean()
        slow.fps = 10; slow.frames = 10
        #expect(try Self.rules([try slow.write("slow.json", in: dir)]) == ["fps-too-low"])
    }

    @Test func emptyFirstAndLastFrames() throws {
        let dir = try Scratch()
        var lastEmpty = LottieFixture()
        lastEmpty.layers = [F.layer(F.rect(50, 50, 60, 60, color: [0.3, 0.6, 1, 1]), op: 20)]
        #expect(try Self.rules([try lastEmpty.write("gone.json", in: dir)]) == ["last-frame-empty"])
        var firstEmpty = LottieFixture()
        firstEmpty.layers = [F.layer(F.rect(50, 50, 60, 60, color: [0.3, 0.6, 1, 1]), ip: 5)]
        #expect(try Self.rules([try firstEmpty.write("late.json", in: dir)]) == ["first-frame-empty"])
        // Errors make the run fail.
        #expect(try LintJob(inputs: [dir.file("late.json")]).run(registry: .standard).hasErrors)
        // A loop has no resting frame 0.
        #expect(try Self.rules([dir.file("late.json")]) { $0.policy = .loopsWhenUnselected } == [])
    }

    @Test func firstFrameNotAtRest() throws {
        let dir = try Scratch()
        var f = LottieFixture()
        f.layers = [F.layer(F.rect(0, 0, 60, 60, color: [0.3, 0.6, 1, 1]), position: F.value([50, 50]),
                            scale: F.animated([(0, [10, 10]), (29, [100, 100])]))]
        let report = try LintJob(inputs: [try f.write("grow.json", in: dir)]).run(registry: .standard)
        #expect(report.findings.map(\.rule.id) == ["first-frame-not-at-rest"])
        #expect(report.findings.first?.message.hasPrefix("frame 0 covers 1.") == true, "\(report.findings.map(\.message))")
    }

    @Test func loopThatJumpsBackToItsStart() throws {
        let dir = try Scratch()
        var jump = LottieFixture()
        jump.layers = [F.layer(F.rect(0, 0, 30, 30, color: [0.3, 0.6, 1, 1]), position: F.animated([(0, [30, 50]), (29, [70, 50])]))]
        let path = try jump.write("slide.json", in: dir)
        #expect(try Self.rules([path]) { $0.policy = .loopsWhenUnselected } == ["loop-jump"])
        #expect(try Self.rules([path]) { $0.policy = .loop } == ["loop-jump"])
        #expect(try Self.rules([path]) == [], "a play-once does not loop, and plays nothing else wrong")
        var smooth = jump
        smooth.layers = [F.layer(F.rect(0, 0, 30, 30, color: [0.3, 0.6, 1, 1]),
                                 position: F.animated([(0, [30, 50]), (15, [70, 50]), (30, [30, 50])]))]
        #expect(try Self.rules([try smooth.write("swing.json", in: dir)]) { $0.policy = .loop } == [])
    }

    @Test func unsupportedAndUnportableFeatures() throws {
        let dir = try Scratch()
        var text = Self.clean()
        // Text on a path is drawn on a straight line: a feature not drawn as the file asks.
        text.layers.append(#"{"ty":5,"ind":2,"ip":0,"op":30,"st":0,"ks":{},"t":{"d":{"k":[{"s":{"t":"Hi","s":20,"f":"Arial"},"t":0}]},"p":{"m":0}}}"#)
        text.frames = 30
        let textReport = try LintJob(inputs: [try text.write("text.json", in: dir)]).run(registry: .standard)
        // Besides notes about the font (which depend on the fonts installed), exactly this finding.
        let textFindings = textReport.findings.filter { $0.rule.id != "input-warning" }
        #expect(textFindings.map { "\($0.rule.id) \($0.location)" } == ["unsupported-feature layers[1].t.p"], "\(textReport.findings.map(\.line))")
        #expect(textReport.findings.filter { $0.rule.id == "input-warning" }.allSatisfy { $0.message.contains("Arial") })
        var expression = LottieFixture()
        expression.layers = [F.layer(F.rect(50, 50, 60, 60, color: [0.3, 0.6, 1, 1]),
                                     position: #"{"a":0,"k":[0,0],"x":"wiggle(2, 10)"}"#)]
        let report = try LintJob(inputs: [try expression.write("wiggle.json", in: dir)]).run(registry: .standard)
        #expect(report.findings.map(\.rule.id) == ["unportable-feature"])
        #expect(report.findings.first?.location.hasSuffix(".p.x") == true, "\(report.findings.map(\.location))")
    }

    @Test func textLayersAreDrawnSoTheirFramesAreNotEmpty() throws {
        // Text is drawn (here with DejaVu Sans: no font of the file's is installed), so a frame
        // with only text is not empty; the missing font is a warning.
        let dir = try Scratch()
        var f = LottieFixture()
        f.layers = [#"{"ty":5,"ind":2,"ip":0,"op":30,"st":0,"ks":{"p":{"a":0,"k":[20,60]}},"t":{"d":{"k":[{"s":{"t":"Hi","s":40,"f":"Arial","fc":[0,0,0]},"t":0}]}}}"#]
        let report = try LintJob(inputs: [try f.write("only-text.json", in: dir)]).run(registry: .standard)
        // Not first-frame-empty, last-frame-empty or unsupported-feature: notes about the font (which
        // depend on the fonts installed) and the black text's contrast with the dark bar.
        #expect(report.findings.filter { $0.rule.id != "input-warning" }.map(\.rule.id) == ["dark-contrast"], "\(report.findings.map(\.line))")
        #expect(report.findings.filter { $0.rule.id == "input-warning" }.allSatisfy { $0.message.contains("Arial") })
    }

    @Test func darkContrastUsesTheDarkVariantWhenThereIsOne() throws {
        let dir = try Scratch()
        var black = LottieFixture()
        black.layers = [F.layer(F.rect(50, 50, 60, 60, color: [0.05, 0.05, 0.06, 1]))]
        let report = try LintJob(inputs: [try black.write("ink.json", in: dir)]).run(registry: .standard)
        #expect(report.findings.map(\.rule.id) == ["dark-contrast"])
        #expect(report.findings.first?.message.contains("#0d0d0f") == true, "\(report.findings.map(\.message))")
        // ink_dark.json beside it is its dark variant (the seed's naming convention): light, so fine.
        _ = try Self.clean().write("ink_dark.json", in: dir)
        #expect(try Self.rules([dir.file("ink.json")]) == [])
        // So are a configuration's dark colours for it.
        try FileManager.default.removeItem(atPath: dir.file("ink_dark.json"))
        try Data(##"{"tabBarItemsAttributes": [{"CYLTabBarLottieFilePath": "ink.json", "CYLTabBarLottieDarkColors": {"**": "#f2f2f7"}}]}"##.utf8)
            .write(to: URL(fileURLWithPath: dir.file("bar.json")))
        #expect(try Self.rules([dir.file("bar.json")]) == [])
        #expect(try Self.rules([dir.file("ink.json")]) == ["dark-contrast"])
    }

    @Test func embeddedImageFarLargerThanShown() throws {
        let dir = try Scratch()
        var image = try Pixmap(width: 200, height: 200)
        image.fill(RGBA8(80, 160, 255, 255))
        let png = Base64.encode(try PNGCodec.encode(image))
        var f = LottieFixture()
        f.extra = #","assets":[{"id":"img","w":200,"h":200,"e":1,"u":"","p":"data:image/png;base64,\#(png)"}]"#
        // Drawn at 30% (60 units of a 100-unit canvas): 54 px at @3x of 30 pt, 200 px stored.
        f.layers = [#"{"ty":2,"ind":1,"refId":"img","ip":0,"op":30,"st":0,"ks":{"p":{"a":0,"k":[20,20]},"s":{"a":0,"k":[30,30]}}}"#]
        let json = f.json.replacingOccurrences(of: #""assets":[],"#, with: "")
        try Data(json.utf8).write(to: URL(fileURLWithPath: dir.file("photo.json")))
        let report = try LintJob(inputs: [dir.file("photo.json")]).run(registry: .standard)
        #expect(report.findings.map(\.rule.id) == ["embedded-image-too-large"])
        #expect(report.findings.first?.message.hasPrefix("a 200×200 image is shown at most 54×54 px") == true, "\(report.findings.map(\.message))")
    }

    @Test func fileSizeProfileAndDisabledRules() throws {
        let dir = try Scratch()
        let path = try Self.clean().write("icon.json", in: dir)
        #expect(try Self.rules([path]) { $0.profile.maxFileBytes = 100 } == ["file-too-large"])
        #expect(try Self.rules([path]) { $0.profile.maxFileBytes = 100; $0.disabled = ["file-too-large"] } == [])
        #expect(throws: UsageError.self) { try Self.rules([path]) { $0.disabled = ["no-such-rule"] } }
        var big = LottieFixture()
        big.layers = [F.layer(F.rect(50, 50, 94, 94, color: [0.3, 0.6, 1, 1]))]
        // The general profile does not judge a tab icon's margins.
        #expect(try Self.rules([try big.write("big.json", in: dir)]) { $0.profile = .general } == [])
    }

    @Test func aBrokenFileIsAFindingAndTheOthersAreStillLinted() throws {
        let dir = try Scratch()
        try Data("{\"v\":\"5\",\"layers\":[".utf8).write(to: URL(fileURLWithPath: dir.file("broken.json")))
        let clean = try Self.clean().write("icon.json", in: dir)
        let report = try LintJob(inputs: [dir.file("broken.json"), clean]).run(registry: .standard)
        #expect(report.findings.map(\.rule.id) == ["open-failed"])
        #expect(report.linted.count == 2)
        #expect(report.hasErrors)
    }

    @Test func aBuildPipelineInAFolderIsSkippedNotABrokenAnimation() throws {
        let dir = try Scratch()
        try Data("{\"inputs\": [\"*.json\"], \"outputs\": [{\"format\": \"gif\", \"size\": 30}]}".utf8)
            .write(to: URL(fileURLWithPath: dir.file("pipeline.json")))
        // A JSON that is neither pipeline nor Lottie is still an animation that fails to open.
        try Data("{\"inputs\": []}".utf8).write(to: URL(fileURLWithPath: dir.file("odd.json")))
        _ = try Self.clean().write("icon.json", in: dir)
        let report = try LintJob(inputs: [dir.path]).run(registry: .standard)
        #expect(report.skipped.map { FilePath.lastComponent(of: $0) } == ["pipeline.json"])
        #expect(report.linted.map { FilePath.lastComponent(of: $0) }.sorted() == ["icon.json", "odd.json"])
        #expect(report.findings.filter { $0.rule.id == "open-failed" }.map { FilePath.lastComponent(of: $0.file) } == ["odd.json"])
    }

    @Test func foldersAreSearchedAndConfigurationsLintedTabByTab() throws {
        let report = try LintJob(inputs: [TestFiles.sample("tabbar")]).run(registry: .standard)
        // tabbar/ holds nine configurations (tabbar.json, favourites.json, toggle.json, and the skins
        // and brand samples' JSON, YAML and plist twins), a script and PNG images, which are not animations:
        // every animated tab of each configuration is linted once.
        var expected: [String] = []
        for name in ["brand.json", "brand.plist", "brand.yaml", "favourites.json", "skins.json", "skins.plist", "skins.yaml", "tabbar.json", "toggle.json"] {
            let config = try TabBarConfiguration(contentsOf: URL(fileURLWithPath: TestFiles.sample("tabbar/" + name)))
            let bar = try TabBar(configuration: config, registry: .standard)
            expected += bar.tabs.filter { !$0.isStatic }.map(\.item.label)
        }
        #expect(expected.count >= 4 + 3 * 2)
        #expect(report.linted.count == expected.count, "\(report.linted)")
        #expect(report.skipped.map { FilePath.lastComponent(of: $0) }.sorted() == [
            "home-dark.png", "home-selected-dark.png", "home-selected.png", "home.png", "make-icons.py", "me-selected.png", "me.png", "wallet.png",
        ])
        // The samples are examples to copy: nothing to say about them.
        #expect(report.findings.map(\.line) == [])
    }

    /// A finding about a file several configurations use (and the file linted alone) is reported
    /// once, listing the other places; `--max-warnings` counts it once.
    @Test func aSharedFilesFindingIsReportedOnce() throws {
        let dir = try Scratch()
        var f = LottieFixture()
        f.layers = [F.layer(F.rect(50, 50, 94, 94, color: [0.3, 0.6, 1, 1]))]   // in the margin
        try FileManager.default.createDirectory(atPath: dir.file("icons"), withIntermediateDirectories: true)
        _ = try f.write("icons/cramped.json", in: dir)
        for name in ["a.json", "b.json"] {
            try Data(#"{"tabBarItemsAttributes": [{"CYLTabBarItemIdentifier": "home", "CYLTabBarLottieFilePath": "icons/cramped.json"}]}"#.utf8)
                .write(to: URL(fileURLWithPath: dir.file(name)))
        }
        let report = try LintJob(inputs: [dir.path]).run(registry: .standard)
        #expect(report.linted.count == 3)
        #expect(report.findings.map(\.rule.id) == ["content-in-margin"])
        let finding = try #require(report.findings.first)
        #expect(finding.context == "tab 0 \"home\"" && finding.configuration == dir.file("a.json"))
        #expect(finding.alsoIn == ["tab 0 \"home\" of \(dir.file("b.json"))"], "the lone file is the same file, not another place")
        #expect(finding.line.hasPrefix("\(dir.path)/icons/cramped.json: warning [content-in-margin] (tab 0 \"home\" of \(dir.file("a.json"))) "))
        #expect(finding.line.contains(" (also tab 0 \"home\" of \(dir.file("b.json"))) — fix: "), "\(finding.line)")
        #expect(!report.fails(maxWarnings: nil) && !report.fails(maxWarnings: 1) && report.fails(maxWarnings: 0))
    }

    /// A folder of one PNG met while searching is an image a Lottie file uses, not an animation;
    /// two frames (or a manifest) make one.
    @Test func aLonePNGInAFolderIsNotAnAnimation() throws {
        let dir = try Scratch()
        let png = try PNGCodec.encode(try Pixmap(width: 8, height: 8))
        try FileManager.default.createDirectory(atPath: dir.file("images"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: dir.file("frames"), withIntermediateDirectories: true)
        for path in ["images/face.png", "frames/f0.png", "frames/f1.png"] { try Data(png).write(to: URL(fileURLWithPath: dir.file(path))) }
        let report = try LintJob(inputs: [dir.path]).run(registry: .standard)
        #expect(report.linted == [dir.file("frames")])
        #expect(report.skipped == [dir.file("images/face.png")])
    }

    @Test func gifPaletteOverflowOnTheCorpus() throws {
        guard TestFiles.corpusPresent else {
            if TestFiles.allowMissingCorpus { return }
            Issue.record("../shared/corpus is missing (set CYL_ALLOW_MISSING_CORPUS=1 to skip)")
            return
        }
        let many = TestFiles.corpus + "/gif/pillow__iss634.gif", few = TestFiles.corpus + "/gif/pillow__dispose_none.gif"
        #expect(try Self.rules([many]) { $0.profile = .general }.contains("gif-palette-overflow"))
        #expect(!(try Self.rules([few]) { $0.profile = .general }.contains("gif-palette-overflow")))
    }

    /// An expression stopped by its time limit is `expression-too-slow` at its property; a plain
    /// expression is only `unportable-feature` (control: the rule does not fire on every expression).
    @Test func slowExpressionIsReported() throws {
        let dir = try Scratch()
        func icon(_ expression: String) -> LottieFixture {
            var f = Self.clean()
            let x = String(decoding: try! JSONEncoder().encode(expression), as: UTF8.self)
            f.layers = [F.layer(F.rect(0, 0, 60, 60, color: [0.3, 0.6, 1, 1]), position: "{\"a\":0,\"k\":[50,50],\"x\":\(x)}")]
            return f
        }
        let slow = try icon("for (;;) 'ab'.repeat(2000000); value").write("slow.json", in: dir)
        let fine = try icon("value").write("fine.json", in: dir)
        var job = LintJob(inputs: [slow])
        let findings = try job.run(registry: .standard).findings.filter { $0.rule == .expressionTooSlow }
        #expect(findings.map(\.location) == ["layers[0].ks.p.x"])
        #expect(findings.first?.message.contains("Limits.maxExpressionTime") == true, "\(findings)")
        job = LintJob(inputs: [fine])
        let plain = try job.run(registry: .standard).findings.map(\.rule.id)
        #expect(!plain.contains("expression-too-slow") && plain.contains("unportable-feature"), "\(plain)")
    }

    @Test func everyRuleHasAStableIdAndAFix() {
        let ids = LintRule.all.map(\.id)
        #expect(Set(ids).count == ids.count)
        #expect(ids.allSatisfy { $0.allSatisfy { $0.isLowercase || $0 == "-" } })
        #expect(LintRule.all.allSatisfy { !$0.fix.isEmpty && !$0.summary.isEmpty })
    }
}
