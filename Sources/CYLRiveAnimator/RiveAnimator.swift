import CYLRaster
import CYLTimeline

/// The Rive back-end: recognises `.riv` files by their `RIVE` magic bytes and plays an artboard's
/// state machine or linear animation as a frame timeline, stepped at a fixed rate (`OpenOptions.fps`,
/// default 60: a state machine has no frame rate of its own) and drawn on demand.
public struct RiveAnimator: CYLTabBarItemAnimator {
    public var formatName: String { "Rive" }

    public init() {}

    public func canOpen(_ probe: ContentProbe) -> Bool {
        !probe.isDirectory && probe.starts(with: RiveReader.magic)
    }

    public func timeline(for probe: ContentProbe, options: OpenOptions) throws -> FrameTimeline {
        let bytes = try InputFile.read(probe.path, limits: options.limits)
        return try RiveDocument(bytes: bytes, name: probe.path, options: options).timeline()
    }
}

extension RiveDocument {
    /// The scene as a timeline: `frameCount` frames `1 / fps` apart.
    public func timeline() -> FrameTimeline {
        let w = max(1, Int(artboard.width.rounded())), h = max(1, Int(artboard.height.rounded()))
        var loop = LoopHint.once
        if case .animation(let i) = plan.choice, artboard.animations[i].loop != .oneShot { loop = .forever }
        var t = FrameTimeline(format: "Rive", file: name, canvasSize: PixelSize(w, h), frameCount: plan.frameCount,
                              timing: .fps(1 / plan.step), loop: loop, suggestedPolicy: .playOnceOnSelect,
                              hasTransparency: true, diagnostics: diagnostics,
                              capabilities: TimelineCapabilities(isVector: true),
                              source: RiveFrameSource(self))
        t.contents = contents
        return t
    }

    /// A new scene positioned at frame 0 of the timeline.
    func makeScene() -> RiveScene {
        let scene = RiveScene(file: model, artboard: plan.artboard, choice: plan.choice, limits: options.limits)
        scene.advance(0)
        for _ in 0..<plan.restSteps { scene.advance(plan.step) }
        if let s = plan.selection { scene.select(s) }
        return scene
    }
}

/// Draws frames of a `RiveDocument`: the scene is stepped forward from the last frame drawn, and
/// replayed from the start when an earlier frame is asked for (a state machine's pose depends on
/// its whole history). Not thread-safe.
final class RiveFrameSource: FrameSource {
    let document: RiveDocument
    private var scene: RiveScene?
    private var position = 0
    private var builder: SceneBuilder
    private let renderer: DisplayListRenderer

    init(_ document: RiveDocument) {
        self.document = document
        builder = SceneBuilder(limits: document.options.limits, file: document.name)
        renderer = DisplayListRenderer(maxPathPoints: document.options.limits.maxPathPoints)
    }

    /// A source with its own scene: it steps from frame 0 as this one does, so it reaches the
    /// same pose at every frame (state machines included).
    func makeWorker() -> (any FrameSource)? { RiveFrameSource(document) }

    /// The scene at frame `index`.
    func scene(at index: Int) -> RiveScene {
        if scene == nil || index < position {
            scene = document.makeScene()
            position = 0
        }
        while position < index {
            scene!.advance(document.plan.step)
            position += 1
        }
        return scene!
    }

    /// The display list of frame `index` (for tests and tools that inspect what is drawn).
    func displayList(frame index: Int) throws -> DisplayList {
        try builder.build(scene(at: index).artboard, frame: index)
        return builder.list
    }

    func render(frame index: Int, into target: inout Pixmap) throws {
        let artboard = scene(at: index).artboard
        target.clearTransparent()
        guard artboard.root.width > 0, artboard.root.height > 0 else { return }
        // Fitted and centred; only the artboard's own clip (when it has one) limits what shows.
        let fit = DisplayListRenderer.fit(width: artboard.root.width, height: artboard.root.height, into: target.size)
        builder.device = fit.transform
        try builder.build(artboard, frame: index)
        let list = builder.list
        do {
            try renderer.render(list, transform: fit.transform, clip: IntRect(x: 0, y: 0, width: target.width, height: target.height),
                                into: &target)
        } catch {
            throw RenderError(file: document.name, frame: index, "\(error)")
        }
    }
}
