@testable import cylanim
import CYLTabBarItemAnimation
import Foundation
import Testing

/// `play`'s session without a window: reloads (what `--watch` does after a save) carry the
/// selection and every tab's place in its animation over, and tell no event twice.
@Suite struct PlaySessionTests {
    static func previewer(_ path: String) throws -> TabBarPreview {
        try TabBarPreview(configuration: try TabBarConfiguration.forInput(path, options: ConfigOptions()), registry: .standard,
                          initialTab: 0, iconSize: nil, scale: 1)
    }

    static func session(_ path: String) throws -> PlaySession {
        try PlaySession(previewer: try previewer(path), skin: nil, appearance: .light, initialTab: 0, script: nil)
    }

    /// The sample bar (a looping spinner among its tabs): alerts tapped at 0.2 s, the file reopened
    /// at 0.5 s mid-animation. Every later frame equals the frame of a session never reloaded,
    /// and the events are the same ones, each once.
    @Test func aReloadOfTheSameFilesChangesNothingOnScreen() throws {
        let path = CLI.sample("tabbar/tabbar.json")
        var reloaded = try Self.session(path), plain = try Self.session(path)
        for s in [0, 1] {
            var session = s == 0 ? reloaded : plain
            try session.handle(.tap(1, .tap), atWall: .milliseconds(200))
            _ = session.frame(atWall: .milliseconds(400))
            if s == 0 { reloaded = session } else { plain = session }
        }
        try reloaded.reload(try Self.previewer(path), atWall: .milliseconds(500))
        #expect(reloaded.runtime.selectedTab == 1)
        var eventsReloaded = reloaded.takeEvents(), eventsPlain = plain.takeEvents()
        for ms in stride(from: 500, through: 3000, by: 50) {
            let a = reloaded.frame(atWall: .milliseconds(ms)), b = plain.frame(atWall: .milliseconds(ms))
            #expect(a == b, "at \(ms) ms")
            eventsReloaded += reloaded.takeEvents()
            eventsPlain += plain.takeEvents()
        }
        #expect(eventsReloaded == eventsPlain)
        #expect(eventsReloaded.filter { $0.kind == .didFinish && $0.tab == 1 }.count == 1, "alerts finishes once")
    }

    /// A save that removes the selected tab: the launch tab is selected, the removed tab's taps
    /// are dropped, and what the new bar draws comes from the new file.
    @Test func aReloadThatRemovesTheSelectedTab() throws {
        let dir = try ScratchDir()
        let path = dir.path + "/bar.json"
        func save(_ tabs: [String]) throws {
            let items = tabs.map { #"{"CYLTabBarItemIdentifier": "\#($0)", "CYLTabBarLottieFilePath": "\#(CLI.sample($0 + ".json"))"}"# }
            try #"{"tabBarItemsAttributes": [\#(items.joined(separator: ","))]}"#.write(toFile: path, atomically: true, encoding: .utf8)
        }
        try save(["checkmark", "badge"])
        var session = try Self.session(path)
        try session.handle(.number(2), atWall: .milliseconds(100))
        #expect(session.runtime.selectedTab == 1)
        try save(["checkmark"])
        try session.reload(try Self.previewer(path), atWall: .milliseconds(300))
        #expect(session.bar.tabs.count == 1)
        #expect(session.runtime.selectedTab == 0)
        #expect(session.frame(atWall: .milliseconds(400)).states.count == 1)
    }

    /// A save that cannot be opened throws and leaves the session as it was.
    @Test func aBrokenSaveChangesNothing() throws {
        let dir = try ScratchDir()
        let path = dir.path + "/bar.json"
        let good = #"{"tabBarItemsAttributes": [{"CYLTabBarLottieFilePath": "\#(CLI.sample("checkmark.json"))"}]}"#
        try good.write(toFile: path, atomically: true, encoding: .utf8)
        var session = try Self.session(path)
        let before = session.frame(atWall: .milliseconds(100))
        try #"{"tabBarItemsAttributes": ["#.write(toFile: path, atomically: true, encoding: .utf8)
        #expect(throws: (any Error).self) { try session.reload(try Self.previewer(path), atWall: .milliseconds(200)) }
        var after = session.frame(atWall: .milliseconds(100))
        after.time = before.time
        #expect(after == before)
        #expect(session.inputs.contains(path))
    }
}
