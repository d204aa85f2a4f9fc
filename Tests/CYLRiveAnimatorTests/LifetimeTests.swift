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

    /// The names of the components of `bytes`' scene still alive once the scene is dropped, after
    /// drawing three frames through the timeline the way every command draws.
    static func survivors(of bytes: [UInt8], name: String) throws -> [String] {
        weak var artboard: ArtboardInstance?
        struct Weak { weak var component: RComponent? }
        var components: [Weak] = []
        try {
            var options = OpenOptions()
            options.playsSelection = true   // as a tab opens it: rest pose, then the selection
            let document = try RiveDocument(bytes: bytes, name: name, options: options)
            let timeline = document.timeline()
            var target = try Pixmap(width: 24, height: 24)
            for frame in [0, timeline.frameCount / 2, timeline.frameCount - 1] { try timeline.source.render(frame: frame, into: &target) }
            let scene = try #require(timeline.source as? RiveFrameSource).scene(at: timeline.frameCount - 1)
            artboard = scene.artboard
            components = scene.artboard.objects.compactMap { $0.map { Weak(component: $0) } }
            #expect(!components.isEmpty)
        }()
        return (artboard == nil ? [] : ["ArtboardInstance"]) + components.compactMap(\.component).map { String(describing: type(of: $0)) }
    }

    /// The sample, and what FuzzRive found leaking: mutated samples whose follow-path constraint
    /// and shapes, IK constraint and bones, or joystick and its bound animations hold each other.
    @Test(arguments: [sample, regressions.appendingPathComponent("leak-follow-path-cycle.riv"),
                      regressions.appendingPathComponent("leak-ik-chain-cycle.riv"),
                      regressions.appendingPathComponent("leak-joystick-animation-cycle.riv")])
    func aDroppedSceneFreesItsArtboardAndComponents(_ url: URL) throws {
        let alive = try Self.survivors(of: [UInt8](try Data(contentsOf: url)), name: url.lastPathComponent)
        #expect(alive.isEmpty, "components outlived their scene: \(alive)")
    }

    /// Every file of the shared corpus: constraints, bones and skins, clipping, draw targets,
    /// nested artboards, meshes and gradients all link components to each other.
    @Test func everyCorpusSceneIsFreed() throws {
        guard RiveCorpus.require() else { return }
        var leaking: [String] = []
        for entry in RiveCorpus.entries {
            guard let alive = try? Self.survivors(of: try RiveCorpus.bytes(entry), name: entry.file) else { continue }
            if !alive.isEmpty { leaking.append("\(entry.stem): \(Set(alive).sorted().joined(separator: ", "))") }
        }
        #expect(leaking.isEmpty, "scenes that outlived their timeline:\n\(leaking.joined(separator: "\n"))")
    }
}
