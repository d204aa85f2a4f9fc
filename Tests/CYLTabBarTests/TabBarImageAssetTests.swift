import CYLImageCodecs
import CYLTabBarItemAnimation
import Foundation
import Testing

/// A tab whose Lottie icon keeps its image beside the JSON, as the seed library's example icons
/// do ("PNG images kept beside the JSON"): the image is found next to the Lottie file, not next to
/// the configuration, and is one of the bar's inputs.
@Suite struct TabBarImageAssetTests {
    /// A 40x40 animation whose one image layer covers the canvas with `images/fill.png`.
    static let icon = """
    {"v":"5.7.0","fr":10,"ip":0,"op":2,"w":40,"h":40,
     "assets":[{"id":"fill","w":40,"h":40,"u":"images/","p":"fill.png","e":0}],
     "layers":[{"ty":2,"refId":"fill","ind":1,"ip":0,"op":2,"st":0,"ks":{"a":{"a":0,"k":[0,0]},"p":{"a":0,"k":[0,0]}}}]}
    """

    @Test func lottieTabReadsTheImageBesideItsJSON() throws {
        let dir = try TabBarScratch()
        try dir.write("icons/home.json", Self.icon)
        try FileManager.default.createDirectory(atPath: "\(dir.path)/icons/images", withIntermediateDirectories: true)
        let green = try Pixmap(width: 40, height: 40, straightRGBA: [UInt8]((0..<1600).flatMap { _ in [0, 200, 0, 255] as [UInt8] }))
        try Data(try PNGCodec.encode(green)).write(to: URL(fileURLWithPath: "\(dir.path)/icons/images/fill.png"))
        let config = try TabBarConfiguration.load(path: try dir.write("bar.json", """
            {"tabBarItemsAttributes": [{"CYLTabBarItemTitle": "Home", "CYLTabBarLottieFilePath": "icons/home.json"}]}
            """))
        let bar = try TabBar(configuration: config)
        let timeline = try #require(bar.tabs[0].timeline)
        #expect(!timeline.diagnostics.contains { $0.feature == .externalImage }, "\(timeline.diagnostics)")
        // The whole canvas is the image: its centre is the PNG's colour exactly (an unscaled image).
        #expect(try timeline.render(frame: 0, size: PixelSize(40, 40))[20, 20] == RGBA8(0, 200, 0, 255))
        #expect(bar.inputs.contains { $0.hasSuffix("icons/images/fill.png") }, "\(bar.inputs)")
    }

    @Test func aMissingImageIsTheBarsWarningNamingTheAnimation() throws {
        let dir = try TabBarScratch()
        try dir.write("icons/home.json", Self.icon)
        let config = try TabBarConfiguration.load(path: try dir.write("bar.json", """
            {"tabBarItemsAttributes": [{"CYLTabBarItemTitle": "Home", "CYLTabBarLottieFilePath": "icons/home.json"}]}
            """))
        let bar = try TabBar(configuration: config)
        let warnings = bar.diagnostics.filter { $0.feature == .externalImage }
        #expect(warnings.count == 1, "\(bar.diagnostics)")
        let message = warnings.first?.message ?? ""
        #expect(message.contains("icons/home.json") && message.contains("icons/images/fill.png: no such file"), "\(message)")
    }
}
