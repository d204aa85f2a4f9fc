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
        // Frames render: what selecting changes is the ring's colour and the dot's size and colour.
        let rest = try timeline.render(frame: 0, size: PixelSize(48, 48))
        let selected = try timeline.render(frame: timeline.frameCount - 1, size: PixelSize(48, 48))
        var changed = 0, unchanged = 0
        for y in 0..<48 {
            for x in 0..<48 {
                let (before, after) = (rest[x, y], selected[x, y])
                switch Toggle.region(x, y) {
                case .ring, .dot:
                    changed += 1
                    #expect(before == Toggle.grey && after == Toggle.blue, "pixel (\(x), \(y)): \(before) -> \(after)")
                case .grownDot:
                    changed += 1
                    #expect(before.a == 0 && after == Toggle.blue, "pixel (\(x), \(y)): \(before) -> \(after)")
                case .empty:
                    unchanged += 1
                    #expect(before.a == 0 && after.a == 0, "pixel (\(x), \(y)): \(before) -> \(after)")
                case .edge:
                    break
                }
            }
        }
        // The regions hold what their areas say, less the pixels an edge crosses: the ring's
        // interior about 2 * pi * 18 * (4 - 1.41) = 293 pixels, the dot's pi * 8.74^2 less its old
        // edge's 2 * pi * 7 * 1.41 = 178, the empty ones 48^2 - pi * 20.71^2 + pi * (15.29^2 -
        // 10.16^2) = 1367 (452 and 1348 counted; the bounds leave room for pixel rounding only).
        #expect(changed > 400 && unchanged > 1200, "\(changed) changed, \(unchanged) unchanged")
    }
}

/// The geometry of sample-animations/toggle.riv (tools/dev/make-rive-sample.py writes it): a 48x48
/// artboard, drawn here at one pixel a unit, with a ring (a circle 36 across stroked 4 wide) and a
/// dot 14 across, both centred at (24, 24). Selecting turns both from grey to blue and scales the
/// dot to 1.35.
enum Toggle {
    static let centre = 24.0
    static let ringInner = 18.0 - 2, ringOuter = 18.0 + 2
    static let restingDot = 7.0, selectedDot = 7.0 * 1.35
    static let grey = RGBA8(0x8E, 0x8E, 0x93, 0xFF), blue = RGBA8(0x00, 0x7A, 0xFF, 0xFF)

    /// The ring; the dot at rest (which grows); the part the grown dot adds; neither.
    enum Region { case ring, dot, grownDot, empty, edge }

    /// Where pixel (x, y) lies. A pixel is wholly on one side of an edge when its centre is more
    /// than half its diagonal (0.71) from it; a pixel an edge crosses is partly covered, its
    /// value depends on anti-aliasing, and it is `edge`: nothing is asserted about it.
    static func region(_ x: Int, _ y: Int) -> Region {
        let dx = Double(x) + 0.5 - centre, dy = Double(y) + 0.5 - centre
        let d = (dx * dx + dy * dy).squareRoot()
        let half = 0.5.squareRoot()
        if d + half < restingDot { return .dot }
        if d - half > restingDot && d + half < selectedDot { return .grownDot }
        if d - half > ringInner && d + half < ringOuter { return .ring }
        if (d - half > selectedDot && d + half < ringInner) || d - half > ringOuter { return .empty }
        return .edge
    }
}
