import CYLTabBarItemAnimation
import Foundation
import Testing

/// Scripted previews drawn on several threads: every tab of the sample bar (Lottie, a GIF, PNG
/// frames, still images) splits into workers, and the file is the one a single thread writes.
@Suite struct TabBarThreadTests {
    @Test func thePreviewOnThreeThreadsIsTheFileOfOne() throws {
        let dir = try TabBarScratch()
        var outputs: [[UInt8]] = []
        for threads in [1, 3] {
            var job = PreviewJob(input: TabBarScratch.sample("tabbar/tabbar.json"))
            job.output = "\(dir.path)/p\(threads).webp"
            job.script = try PreviewScript(parsing: "select 1; wait 0.5s; select 2; wait 0.4s; select 1; wait 0.3s")
            job.scale = 1
            job.threads = threads
            let result = try job.run(registry: .standard)
            #expect(result.bar.worker() != nil, "every tab of the sample bar splits")
            outputs.append([UInt8](try Data(contentsOf: URL(fileURLWithPath: job.output!))))
        }
        #expect(outputs[0] == outputs[1])
    }

    /// Drawing the same bar state again reuses each tab's icons: no tab draws twice.
    @Test func redrawingABarStateHitsTheIconCache() throws {
        let path = TabBarScratch.sample("tabbar/tabbar.json")
        let config = try TabBarConfiguration.parse([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))), name: path,
                                                   baseDirectory: (path as NSString).deletingLastPathComponent)
        let bar = try TabBar(configuration: config, registry: .standard)
        let renderer = try TabBarRenderer(bar: bar, scale: 1)
        let states = bar.tabs.indices.map { TabState(frame: min(3, bar.tabs[$0].frameCount - 1), selected: $0 == 1) }
        let first = try renderer.render(states, appearance: .light)
        let misses = bar.tabs.map { $0.iconCacheCounts.misses }
        let again = try renderer.render(states, appearance: .light)
        #expect(first.bytes == again.bytes)
        #expect(bar.tabs.map { $0.iconCacheCounts.misses } == misses, "no icon drawn again")
        #expect(bar.tabs.allSatisfy { $0.iconCacheCounts.hits >= 1 })
    }
}
