import Foundation
import Testing
@testable import CYLTabBar
import CYLTabBarItemAnimation

/// `CYLTabBarPAGFilePath` / `CYLTabBarPAGURL` open their `.pag` through the registry and play by
/// the same rules as a Lottie tab: once on select, the last frame held, again on reselect.
struct PAGTabTests {
    /// A 48x48 PAG, 10 frames at 30 fps: one shape layer, a 48x48 red square whose opacity goes
    /// from 0 at frame 0 to 255 at frame 9, linearly. Laid out as libpag's format has it (the PAG
    /// back-end's tests build such files bit by bit with their PAGWriter; this one is small
    /// enough to spell out): a tag is a 16-bit header, code << 6 | length, then its body.
    static let redSquare: [UInt8] = {
        func tag(_ code: UInt16, _ body: [UInt8]) -> [UInt8] {
            precondition(body.count < 63)
            let h = code << 6 | UInt16(body.count)
            return [UInt8(h & 0xff), UInt8(h >> 8)] + body
        }
        let end: [UInt8] = [0, 0]
        let f48: [UInt8] = [0, 0, 0x40, 0x42], f24: [UInt8] = [0, 0, 0xc0, 0x41], f30: [UInt8] = [0, 0, 0xf0, 0x41]
        // Transform2D: only the opacity, animated; 1 keyframe, linear, frames 0 to 9, values 0 and
        // 255 packed 8 bits wide, easing 1 bit wide.
        let opacity = tag(13, [0xc0, 1, 0x01, 0, 9, 0x07, 0xe0, 0x1f, 0x00])
        let rectangle = tag(16, [0x0a] + f48 + f48 + f24 + f24)      // size 48x48 at (24, 24)
        let fill = tag(20, [0x08, 255, 0, 0])                         // colour given, red
        let layerAttributes = tag(6, [0x01, 10])                     // active; 10 frames
        let layer = tag(5, [4, 1] + layerAttributes + opacity + rectangle + fill + end)  // a shape layer, id 1
        let compositionAttributes = tag(3, [96, 96, 10] + f30 + [0, 0, 0])  // 48x48, 10 frames, 30 fps
        let composition = tag(2, [1] + compositionAttributes + layer + end)
        let body = composition + end
        return Array("PAG".utf8) + [1, UInt8(body.count), 0, 0, 0, UInt8(ascii: "U")] + body
    }()

    static let red = RGBA8(255, 0, 0, 255)

    static func count(_ p: Pixmap, _ color: RGBA8) -> Int {
        var n = 0
        for y in 0..<p.height { for x in 0..<p.width where p[x, y] == color { n += 1 } }
        return n
    }

    /// A scratch folder holding `square.pag` and `bar.json` with a Lottie tab and the PAG tab
    /// (`pagTab`: the JSON of its entry).
    static func configuration(_ pagTab: String, in dir: TabBarScratch) throws -> TabBarConfiguration {
        try Data(redSquare).write(to: URL(fileURLWithPath: dir.path + "/square.pag"))
        let path = try dir.write("bar.json", """
        {"tabBarItemsAttributes": [
          {"CYLTabBarItemTitle": "Tasks", "CYLTabBarLottieFilePath": "\(TabBarScratch.sample("checkmark.json"))"},
          \(pagTab)
        ]}
        """)
        return try TabBarConfiguration.load(path: path)
    }

    @Test(arguments: ["CYLTabBarPAGFilePath", "CYLTabBarPAGURL"])
    func aPAGTabPlaysOnceOnSelectHoldsItsLastFrameAndReplaysOnReselect(_ key: String) throws {
        let dir = try TabBarScratch()
        let config = try Self.configuration("{\"CYLTabBarItemTitle\": \"Live\", \"\(key)\": \"square.pag\"}", in: dir)
        #expect(config.tabs[1].animation?.kind == .pag)
        #expect(config.tabs[1].animation?.path == dir.path + "/square.pag")
        #expect(config.tabs[1].policy == .playOnceOnSelect)
        let bar = try TabBar(configuration: config)
        let tab = bar.tabs[1]
        let timeline = try #require(tab.timeline)
        #expect(timeline.format == "PAG" && timeline.frameCount == 10)
        var player = try tab.makePlayer(speed: 1)
        #expect(player.frameIndex(at: .seconds(1)) == 0)
        player.select(at: .seconds(1))
        #expect(player.frameIndex(at: .seconds(1.16)) == 4)           // 30 fps: frame 4 spans 133-167 ms
        #expect(player.frameIndex(at: .seconds(3)) == 9)              // held
        player.select(at: .seconds(3))                                 // reselect: again from frame 0
        #expect(player.frameIndex(at: .seconds(3)) == 0)
        #expect(player.frameIndex(at: .seconds(3.16)) == 4)
        player.deselect(at: .seconds(4))
        #expect(player.frameIndex(at: .seconds(4.1)) == 0)
        // Frame 0 is transparent, frame 9 the opaque square filling the icon.
        let size = PixelSize(48, 48)
        let first = try tab.icon(frame: 0, selected: true, appearance: .light, size: size, tint: RGBA8(0, 0, 0, 255))
        let last = try tab.icon(frame: 9, selected: true, appearance: .light, size: size, tint: RGBA8(0, 0, 0, 255))
        #expect(Self.count(first, RGBA8(0, 0, 0, 0)) == 48 * 48)
        #expect(Self.count(last, Self.red) == 48 * 48)
    }

    @Test func theLoopOptionLoopsAPAGTab() throws {
        let dir = try TabBarScratch()
        let config = try Self.configuration("{\"CYLTabBarPAGFilePath\": \"square.pag\", \"CYLTabBarAnimationOptions\": {\"loop\": true}}", in: dir)
        #expect(config.tabs[1].policy == .loop)
        var player = try TabBar(configuration: config).tabs[1].makePlayer(speed: 1)
        // Looping from the start whatever the selection: 10 frames a third of a second.
        #expect(player.frameIndex(at: .seconds(0.16)) == 4)
        #expect(player.frameIndex(at: .seconds(0.5)) == 5)
    }

    /// A bar mixing a Lottie tab and a PAG tab previews in both appearances: the PAG square,
    /// selected and played to its end, is in both images; the bars around it differ.
    @Test func aBarMixingLottieAndPAGTabsPreviewsInLightAndDark() throws {
        let dir = try TabBarScratch()
        let config = try Self.configuration("{\"CYLTabBarItemTitle\": \"Live\", \"CYLTabBarPAGFilePath\": \"square.pag\"}", in: dir)
        let preview = try TabBarPreview(configuration: config, script: try PreviewScript(parsing: "select 1; wait 1s"))
        let light = try preview.render(at: .seconds(0.9), appearance: .light)
        let dark = try preview.render(at: .seconds(0.9), appearance: .dark)
        #expect(light != dark)
        let redLight = Self.count(light, Self.red), redDark = Self.count(dark, Self.red)
        #expect(redLight > 100 && redLight == redDark, "\(redLight) red pixels in light, \(redDark) in dark")
        // Before the selection the square rests at frame 0: nothing red.
        #expect(Self.count(try preview.render(at: .zero, appearance: .light), Self.red) == 0)
    }
}
