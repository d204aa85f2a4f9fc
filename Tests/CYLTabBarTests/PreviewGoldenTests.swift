import Testing
import CYLTestSupport
@testable import CYLTabBar
import CYLTabBarItemAnimation

/// Goldens of the review outputs. The bar uses only raster inputs (GIF, PNG frames, PNGs drawn
/// as templates) so that the images change only when the preview code does, not when the Lottie renderer
/// improves; titles and labels come from DejaVu Sans via FreeType. The GIFs and frames are the
/// lint examples, the samples the goldens were recorded with (kept byte for byte), copied under
/// the names they had then, which the sheet prints.
struct PreviewGoldenTests {
    /// The bar, and the folder its files are in (the bar reads them while it draws).
    static func bar() throws -> (TabBar, TabBarScratch) {
        let dir = try TabBarScratch()
        try dir.copy("lint-examples/spinner-fps-too-low-and-content-in-margin.gif", to: "spinner.gif")
        try dir.copy("lint-examples/bounce-content-in-margin", to: "bounce-frames")
        try dir.copy("lint-examples/heart-pop-fps-too-low-and-content-in-margin.gif", to: "heart-pop.gif")
        let s = TabBarScratch.sample
        let path = try dir.write("bar.json", """
        {"CYLTabBarItemIconSize": 28,
         "tabBarItemsAttributes": [
          {"CYLTabBarItemTitle": "Sync", "CYLTabBarGIFFilePath": "spinner.gif", "CYLTabBarLottieLoopsWhenUnselected": true},
          {"CYLTabBarItemTitle": "Bounce", "CYLTabBarAnimationURL": "bounce-frames"},
          {"CYLTabBarItemTitle": "Likes", "CYLTabBarItemImage": "heart-pop.gif"},
          {"CYLTabBarItemTitle": "Me", "CYLTabBarItemImage": "\(s("tabbar/me.png"))", "CYLTabBarItemSelectedImage": "\(s("tabbar/me-selected.png"))",
           "CYLTabBarItemImageRenderingMode": "template", "CYLTabBarItemSelectedTitleColor": "#ff2d55"}
         ]}
        """)
        return (try TabBar(configuration: try TabBarConfiguration.load(path: path)), dir)
    }

    @Test func contactSheet() throws {
        let (bar, dir) = try Self.bar()
        let sheet = try withExtendedLifetime(dir) { try ContactSheet.render(bar, options: ContactSheetOptions(frameCount: 4)) }
        // ±1: a different libm or FreeType build may move an anti-aliased value by one step.
        Golden.check("preview-sheet", sheet, tolerance: 1)
    }

    /// Frames 0.2 s and 0.6 s into "select 1; wait 0.4s; select 3; wait 0.4s": the bounce playing,
    /// then reset while Me is selected (filled, tinted), the spinner looping throughout.
    @Test(arguments: [Appearance.light, .dark])
    func scriptedFrames(_ appearance: Appearance) throws {
        let (bar, dir) = try Self.bar()
        let preview = try ScriptedPreview(bar: bar, script: try PreviewScript(parsing: "select 1; wait 0.4s; select 3; wait 0.4s"),
                                          fps: 10, appearance: appearance)
        let renderer = try TabBarRenderer(bar: bar, scale: 2)
        let (a, b) = try withExtendedLifetime(dir) { (try preview.render(frame: 2, renderer: renderer), try preview.render(frame: 6, renderer: renderer)) }
        var both = try Pixmap(width: a.width, height: a.height * 2)
        both.composite(a)
        both.composite(b, y: a.height)
        Golden.check("preview-\(appearance.rawValue)", both, tolerance: 1)  // ±1 as above
    }
}
