import Foundation
import Testing
@testable import CYLTabBar
import CYLTabBarItemAnimation

/// A Rive tab plays through the same player as Lottie and GIF tabs: frame 0 is the resting pose,
/// selecting plays what the state machine does when its selection input is set.
struct RiveTabTests {
    @Test func aRiveTabPlaysItsSelectionThroughThePlayer() throws {
        let scratch = try TabBarScratch()
        try scratch.copy("toggle.riv", to: "toggle.riv")
        let config = try scratch.write("bar.json", """
        {"tabBarItemsAttributes": [
          {"CYLTabBarItemTitle": "Home", "CYLTabBarAnimationURL": "toggle.riv"},
          {"CYLTabBarItemTitle": "Me", "CYLTabBarLottieFilePath": "\(TabBarScratch.sample("checkmark.json"))"}
        ]}
        """)
        let bar = try TabBar(configuration: try TabBarConfiguration.load(path: config))
        let tab = bar.tabs[0]
        let timeline = try #require(tab.timeline)
        #expect(timeline.format == "Rive")
        #expect(timeline.contents.contains { $0.name == "scene" && $0.value.scalarText.contains("\"isActive\" is set") })
        // The selection animation lasts 24 frames; the timeline holds the rest pose plus the steps
        // until the machine settles.
        #expect((25...28).contains(timeline.frameCount))
        var player = try tab.makePlayer(speed: 1)
        #expect(player.frameIndex(at: .seconds(1)) == 0)
        player.select(at: .seconds(1))
        let mid = player.frameIndex(at: .seconds(1.2))
        #expect(mid > 0 && mid < timeline.frameCount - 1)
        #expect(player.frameIndex(at: .seconds(3)) == timeline.frameCount - 1)
        player.deselect(at: .seconds(3))
        #expect(player.frameIndex(at: .seconds(3.1)) == 0)
        // Frames render: the resting pose differs from the selected one.
        let rest = try timeline.render(frame: 0, size: PixelSize(48, 48))
        let selected = try timeline.render(frame: timeline.frameCount - 1, size: PixelSize(48, 48))
        #expect(rest != selected)
    }
}
