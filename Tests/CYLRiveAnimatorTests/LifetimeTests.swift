import CYLRaster
import CYLTimeline
import Foundation
import Testing
@testable import CYLRiveAnimator

/// A scene's objects point at each other (parents and children, dependents, constraints and their
/// targets); when the scene goes, all of it must go: `cylanim build` opens hundreds of files in
/// one process, and the fuzzer's leak check stops at the first leaked scene.
@Suite struct LifetimeTests {
    static let sample = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("sample-animations/toggle.riv")

    static let regressions = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("FuzzRegressions")

    /// The sample, and what FuzzRive found leaking: a mutated sample whose follow-path
    /// constraint and shapes depend on each other in a cycle.
    @Test(arguments: [sample, regressions.appendingPathComponent("leak-follow-path-cycle.riv")])
    func aDroppedSceneFreesItsArtboardAndComponents(_ url: URL) throws {
        weak var artboard: ArtboardInstance?
        struct Weak { weak var component: RComponent? }
        var components: [Weak] = []
        try {
            var options = OpenOptions()
            options.playsSelection = true   // as a tab opens it: rest pose, then the selection
            let document = try RiveDocument(bytes: [UInt8](try Data(contentsOf: url)), name: url.lastPathComponent, options: options)
            // Drawn the way every command draws: through the timeline's frame source.
            let timeline = document.timeline()
            var target = try Pixmap(width: 24, height: 24)
            for frame in [0, timeline.frameCount / 2, timeline.frameCount - 1] { try timeline.source.render(frame: frame, into: &target) }
            let scene = try #require(timeline.source as? RiveFrameSource).scene(at: timeline.frameCount - 1)
            artboard = scene.artboard
            components = scene.artboard.objects.compactMap { $0.map { Weak(component: $0) } }
            #expect(artboard != nil && components.count > 3)
        }()
        #expect(artboard == nil, "the artboard instance outlived its scene")
        let alive = components.compactMap(\.component).map { String(describing: type(of: $0)) }
        #expect(alive.isEmpty, "components outlived their scene: \(alive)")
    }
}
