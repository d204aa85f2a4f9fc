import Foundation
import Testing
@testable import CYLPipeline
import CYLTabBarItemAnimation

/// `build`'s `lottie` format: one dotLottie file per input, drawing what the input draws.
struct PipelineDotLottieTests {
    static func expectSameFrames(_ a: FrameTimeline, _ b: FrameTimeline, _ label: String) throws {
        #expect(a.frameCount == b.frameCount && a.canvasSize == b.canvasSize, "\(label)")
        for f in 0..<min(a.frameCount, b.frameCount) {
            #expect(try a.render(frame: f, size: a.canvasSize) == b.render(frame: f, size: a.canvasSize), "\(label): frame \(f)")
        }
    }

    @Test func aLottieOutputIsOneFilePerInputWithItsImages() throws {
        let dir = try Scratch()
        try dir.copy("badge.json", to: "icons/badge.json")
        try dir.copy("photo-tab", to: "icons/photo-tab")
        let pipeline = try dir.write("p.json", """
            {"inputs": ["icons/badge.json", "icons/photo-tab/photo-tab.json"], "outputDirectory": "out",
             "outputs": [{"format": "lottie"}]}
            """)
        let plan = try BuildPlan(pipeline: try Pipeline.load(path: pipeline), registry: .standard)
        #expect(plan.jobs.map(\.key).sorted() == ["badge.lottie", "photo-tab.lottie"])
        let report = try build(pipeline)
        #expect(report.failures.isEmpty && report.count(.built) == 2, "\(report.failures)")
        for name in ["badge", "photo-tab"] {
            let source = try AnimatorRegistry.standard.timeline(forPath: dir.path + (name == "badge" ? "/icons/badge.json" : "/icons/photo-tab/photo-tab.json"))
            let written = try AnimatorRegistry.standard.timeline(forPath: dir.path + "/out/\(name).lottie")
            #expect(written.format == "dotLottie")
            try Self.expectSameFrames(source, written, name)
        }
    }

    /// An input's dark colours become the file's dark theme: one job, one file, both appearances.
    @Test func darkColoursBecomeTheDarkTheme() throws {
        let dir = try Scratch()
        try dir.copy("checkmark.json", to: "checkmark.json")
        let pipeline = try dir.write("p.json", """
            {"inputs": [{"path": "checkmark.json", "darkColors": {"**": "#ff8000"}}], "outputDirectory": "out",
             "outputs": [{"format": "lottie", "appearances": ["light", "dark"]}]}
            """)
        let plan = try BuildPlan(pipeline: try Pipeline.load(path: pipeline), registry: .standard)
        #expect(plan.jobs.map(\.key) == ["checkmark.lottie"])
        #expect(plan.jobs.first?.settingsText.contains("darkColors") == true, "the colours are in the settings, so changing them rebuilds")
        let report = try build(pipeline)
        #expect(report.failures.isEmpty, "\(report.failures)")
        let source = dir.path + "/checkmark.json", written = dir.path + "/out/checkmark.lottie"
        let dark = [ColorOverride(keypath: "**", color: RGBA8(255, 128, 0, 255))]
        try Self.expectSameFrames(try AnimatorRegistry.standard.timeline(forPath: source),
                                  try AnimatorRegistry.standard.timeline(forPath: written), "light")
        let darkSource = try AnimatorRegistry.standard.timeline(forPath: source, options: OpenOptions(colorOverrides: dark))
        let themed = try AnimatorRegistry.standard.timeline(forPath: written, options: OpenOptions(theme: "dark"))
        #expect(try darkSource.render(frame: darkSource.frameCount - 1, size: darkSource.canvasSize)
                != AnimatorRegistry.standard.timeline(forPath: source).render(frame: darkSource.frameCount - 1, size: darkSource.canvasSize))
        try Self.expectSameFrames(darkSource, themed, "dark")
    }

    /// `x_dark.json` beside `x.json` becomes the dark theme of the one `x.lottie`; changing the
    /// dark file rebuilds it.
    @Test func aDarkFileBecomesTheDarkTheme() throws {
        let dir = try Scratch()
        let light = #"{"v":"5.7.0","fr":10,"ip":0,"op":5,"w":20,"h":20,"layers":[{"ty":4,"ip":0,"op":5,"st":0,"ks":{},"shapes":[{"ty":"rc","p":{"a":0,"k":[10,10]},"s":{"a":0,"k":[10,10]},"r":{"a":0,"k":0}},{"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}}]}]}"#
        try dir.write("icon.json", light)
        try dir.write("icon_dark.json", light.replacingOccurrences(of: "[1,0,0,1]", with: "[0,0.5,1,1]"))
        let pipeline = try dir.write("p.json", """
            {"inputs": ["*.json"], "outputDirectory": "out", "outputs": [{"format": "lottie", "appearances": ["light", "dark"]}]}
            """)
        let plan = try BuildPlan(pipeline: try Pipeline.load(path: pipeline), registry: .standard)
        #expect(plan.jobs.map(\.key) == ["icon.lottie"])
        var report = try build(pipeline)
        #expect(report.failures.isEmpty && report.count(.built) == 1, "\(report.failures)")
        let themed = try AnimatorRegistry.standard.timeline(forPath: dir.path + "/out/icon.lottie", options: OpenOptions(theme: "dark"))
        try Self.expectSameFrames(try AnimatorRegistry.standard.timeline(forPath: dir.path + "/icon_dark.json"), themed, "dark")
        try Self.expectSameFrames(try AnimatorRegistry.standard.timeline(forPath: dir.path + "/icon.json"),
                                  try AnimatorRegistry.standard.timeline(forPath: dir.path + "/out/icon.lottie"), "light")
        report = try build(pipeline)
        #expect(report.count(.built) == 0, "nothing changed")
        try dir.write("icon_dark.json", light.replacingOccurrences(of: "[1,0,0,1]", with: "[0,0.25,1,1]"))
        report = try build(pipeline)
        #expect(report.count(.built) == 1, "the dark file changed")
    }

    @Test func aLottieOutputOfAGIFFailsSayingWhy() throws {
        let dir = try Scratch()
        try dir.copy("spinner.gif", to: "spinner.gif")
        let pipeline = try dir.write("p.json", """
            {"inputs": ["spinner.gif"], "outputDirectory": "out", "outputs": [{"format": "lottie"}]}
            """)
        let report = try build(pipeline)
        #expect(report.failures.count == 1)
        #expect(report.failures.first?.message.contains("lottie output needs a Lottie input") == true, "\(report.failures)")
        #expect(!dir.exists("out/spinner.lottie"))
    }

    @Test func rasterSettingsAreRefusedForLottie() throws {
        let dir = try Scratch()
        let pipeline = try dir.write("p.json", """
            {"inputs": ["a.json"], "outputs": [{"format": "lottie", "size": 27}]}
            """)
        #expect(throws: PipelineError.self) { _ = try Pipeline.load(path: pipeline) }
    }
}
