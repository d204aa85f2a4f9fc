import Foundation
import Testing
@testable import CYLPipeline
import CYLTabBarItemAnimation

/// `build`'s dark outputs of a `.lottie` with themes follow the tab bar's rule (`DarkVariant.choose`):
/// a lone `.lottie` draws its theme "dark", a tab-bar input the theme its options name.
struct PipelineDarkThemeTests {
    /// What `cylanim render --theme NAME` / `convert` makes of the sample with `theme`, for the
    /// same output request as `job`: the expected bytes of that job's output.
    static func themedOutput(_ job: BuildJob, theme: String?, in dir: Scratch) throws -> [UInt8] {
        let path = dir.path + "/expected/" + job.key
        let timeline = try AnimatorRegistry.standard.timeline(forPath: Scratch.sample("star.lottie"), options: OpenOptions(theme: theme))
        _ = try timeline.convert(job.target.request(scale: job.scale, path: path))
        return try #require(dir.read("expected/" + job.key))
    }

    @Test func aLoneLottiesDarkOutputIsItsDarkThemeDrawn() throws {
        let dir = try Scratch()
        try dir.copy("star.lottie", to: "icons/star.lottie")
        let pipeline = try dir.write("p.json", """
            {"inputs": ["icons/*.lottie"], "outputDirectory": "out",
             "outputs": [{"format": "png", "size": 27, "scales": [2], "appearances": ["light", "dark"]}]}
            """)
        let plan = try BuildPlan(pipeline: try Pipeline.load(path: pipeline), registry: .standard)
        #expect(plan.inputs.map(\.dark) == [.theme("dark", named: false)])
        #expect(plan.warnings.isEmpty, "\(plan.warnings)")
        let dark = try #require(plan.jobs.first { $0.key == "star_dark@2x.png" })
        #expect(dark.sourcePath == dir.path + "/icons/star.lottie" && dark.theme == "dark" && dark.colorOverrides.isEmpty)
        #expect(dark.settingsText.hasSuffix(",\"darkTheme\":\"dark\"}"), "\(dark.settingsText)")
        let light = try #require(plan.jobs.first { $0.key == "star@2x.png" })
        #expect(light.theme == nil && !light.settingsText.contains("darkTheme"))

        let report = try build(pipeline)
        #expect(report.failures.isEmpty && report.count(.built) == 2)
        let built = try #require(dir.read("out/star_dark@2x.png"))
        #expect(built == (try Self.themedOutput(dark, theme: "dark", in: dir)), "the dark APNG is the star drawn with theme \"dark\"")
        #expect(dir.read("out/star@2x.png") == (try Self.themedOutput(light, theme: nil, in: dir)))
        #expect(built != dir.read("out/star@2x.png"))
        // The theme is in the settings, the same every run: a second build finds both up to date.
        let again = try build(pipeline)
        #expect(again.count(.upToDate) == 2)
    }

    /// A folder with star.lottie, a one-tab configuration `bar.json` naming `darkTheme` for it,
    /// and a pipeline building that tab bar into `outputs`; the pipeline's path.
    static func tabBarProject(darkTheme: String, outputs: String, in dir: Scratch) throws -> String {
        try dir.copy("star.lottie", to: "star.lottie")
        try dir.write("bar.json", """
            {"tabBarItemsAttributes": [{"CYLTabBarItemIdentifier": "night", "CYLTabBarLottieFilePath": "star.lottie",
              "CYLTabBarAnimationOptions": {"darkTheme": "\(darkTheme)"}}]}
            """)
        return try dir.write("p.json", "{\"inputs\": [{\"tabBar\": \"bar.json\"}], \"outputDirectory\": \"out\", \"outputs\": [\(outputs)]}")
    }

    @Test func aTabBarInputsDarkOutputIsTheThemeItsOptionsName() throws {
        let dir = try Scratch()
        let pipeline = try Self.tabBarProject(darkTheme: "midnight", outputs: #"{"format": "webp", "size": 27, "scales": [2], "appearances": ["dark"]}"#, in: dir)
        let plan = try BuildPlan(pipeline: try Pipeline.load(path: pipeline), registry: .standard)
        let job = try #require(plan.jobs.first)
        #expect(plan.jobs.count == 1 && job.dark == .theme("midnight", named: true) && job.input.tab == "night")
        let report = try build(pipeline)
        #expect(report.failures.isEmpty)
        #expect(dir.read("out/" + job.key) == (try Self.themedOutput(job, theme: "midnight", in: dir)))
        #expect(dir.read("out/" + job.key) != (try Self.themedOutput(job, theme: "dark", in: dir)))
    }

    @Test func aThemeTheFileLacksIsAPipelineErrorNamingConfigurationTabKeyAndThemes() throws {
        let dir = try Scratch()
        let pipeline = try Self.tabBarProject(darkTheme: "dusk", outputs: #"{"format": "webp", "appearances": ["light", "dark"]}"#, in: dir)
        let error = try #require(throws: PipelineError.self) { try BuildPlan(pipeline: try Pipeline.load(path: pipeline), registry: .standard) }
        #expect(error.description == "\(pipeline): inputs: bar.json: tab 0 \"night\": CYLTabBarAnimationOptions.darkTheme: star.lottie has no theme \"dusk\"; its themes: dark, midnight")
        // Light outputs only: the dark theme is not used, so not looked for.
        try dir.write("p.json", #"{"inputs": [{"tabBar": "bar.json"}], "outputs": [{"format": "webp"}]}"#)
        #expect(try BuildPlan(pipeline: try Pipeline.load(path: pipeline), registry: .standard).jobs.count == 1)
    }

    /// A sticker keeps the Lottie document, which carries no theme: no dark `.tgs` from a theme.
    @Test func aTGSNeedsADarkFileNotATheme() throws {
        let dir = try Scratch()
        try dir.copy("star.lottie", to: "star.lottie")
        let pipeline = try dir.write("p.json", """
            {"inputs": ["star.lottie"], "outputs": [{"format": "tgs", "appearances": ["light", "dark"]}]}
            """)
        let plan = try BuildPlan(pipeline: try Pipeline.load(path: pipeline), registry: .standard)
        #expect(plan.jobs.map(\.key) == ["star.tgs"])
        #expect(plan.warnings.count == 1 && plan.warnings[0].contains("no dark outputs for 1 input"), "\(plan.warnings)")
    }
}
