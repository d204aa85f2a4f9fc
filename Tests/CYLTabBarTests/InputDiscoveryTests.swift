import Foundation
import Testing
@testable import CYLTabBar
import CYLTabBarItemAnimation

/// `InputDiscovery`: what `build`, `lint` and `review` take a path or a folder to hold.
struct InputDiscoveryTests {
    /// A folder with one of each kind of entry. Files are named against their content where that
    /// matters: recognising them must go by content, not by the extension.
    static func tree() throws -> TabBarScratch {
        let dir = try TabBarScratch()
        for folder in ["deep/er", "frames", "images"] {
            try FileManager.default.createDirectory(atPath: dir.path + "/" + folder, withIntermediateDirectories: true)
        }
        try dir.copy("checkmark.json", to: "check.json")
        try dir.copy("checkmark.json", to: "home.json")
        try dir.copy("checkmark.json", to: "home_dark.json")      // home.json's dark variant
        try dir.copy("checkmark.json", to: "lonely_dark.json")    // no lonely.json: an animation of its own
        try dir.copy("spinner.gif", to: "spinner.anim")           // a GIF by its bytes
        try dir.copy("toggle.riv", to: "deep/er/toggle.riv")
        try dir.write("tabbar.yaml", "CYLTabBarItems:\n  - CYLTabBarItemTitle: Home\n")
        try dir.write("pipeline.json", #"{"inputs": ["check.json"], "outputs": [{"format": "gif"}]}"#)
        try dir.write("README.md", "# icons\n")
        for i in 0..<2 { try dir.copy("tabbar/me.png", to: "frames/\(i).png") }
        try dir.copy("tabbar/me.png", to: "images/img_0.png")    // a Lottie file's image, not an animation
        try dir.write(".hidden.json", "{}")
        return dir
    }

    @Test func searchFindsAnimationsByContentConfigurationsAndFrameFolders() throws {
        let dir = try Self.tree()
        let (found, skipped) = InputDiscovery(registry: .standard).search(dir.path)
        let rel = { (p: String) in String(p.dropFirst(dir.path.count + 1)) }
        #expect(found.map { rel($0.path) } == ["check.json", "frames", "home.json", "lonely_dark.json", "spinner.anim",
                                                "tabbar.yaml", "deep/er/toggle.riv"])
        #expect(found.first { $0.path.hasSuffix("tabbar.yaml") }?.kind == .configuration)
        #expect(found.filter { $0.kind == .animation }.count == 6)
        #expect(found.first { $0.path.hasSuffix("toggle.riv") }?.directory == "deep/er")
        #expect(found.first { $0.path.hasSuffix("home.json") }?.directory == "")
        #expect(Set(skipped.map(rel)) == ["README.md", "images/img_0.png", "pipeline.json"])
    }

    @Test func depthIsBoundedAndLinkedFoldersAreNotFollowed() throws {
        let dir = try Self.tree()
        let shallow = InputDiscovery(registry: .standard, maxDepth: 1).search(dir.path).found
        #expect(!shallow.contains { $0.path.hasSuffix("toggle.riv") })   // two levels down
        #expect(shallow.contains { $0.path.hasSuffix("frames") })       // one level down
        try FileManager.default.createSymbolicLink(atPath: dir.path + "/loop", withDestinationPath: dir.path)
        let found = InputDiscovery(registry: .standard).search(dir.path).found
        #expect(!found.contains { $0.path.contains("/loop/") })
        #expect(found.count == 7)
    }

    @Test func aNamedPathIsWhatItHolds() throws {
        let dir = try Self.tree()
        let discovery = InputDiscovery(registry: .standard)
        #expect(discovery.kind(of: dir.path) == .folder)
        #expect(discovery.kind(of: dir.path + "/frames") == .animation)
        // Named by the user, a folder of one frame is that animation; met in a search it is an image folder.
        #expect(discovery.kind(of: dir.path + "/images") == .animation)
        #expect(discovery.kind(of: dir.path + "/tabbar.yaml") == .configuration)
        #expect(discovery.kind(of: dir.path + "/pipeline.json") == .pipeline)
        #expect(discovery.kind(of: dir.path + "/spinner.anim") == .animation)
        #expect(discovery.kind(of: dir.path + "/README.md") == .other)
        #expect(discovery.kind(of: dir.path + "/missing.json") == .other)
        // A folder of frames that also holds something else is searched, not played.
        try dir.write("frames/notes.txt", "draft")
        #expect(discovery.kind(of: dir.path + "/frames") == .folder)
    }

    @Test func lightNameOfADarkVariant() {
        #expect(DarkVariantNaming.lightName(ofDark: "home_dark.json") == "home.json")
        #expect(DarkVariantNaming.lightName(ofDark: "frames_dark") == "frames")
        #expect(DarkVariantNaming.lightName(ofDark: "_dark.json") == nil)
        #expect(DarkVariantNaming.lightName(ofDark: "dark.json") == nil)
        #expect(DarkVariantNaming.lightName(ofDark: "home.json") == nil)
    }
}
