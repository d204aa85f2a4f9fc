import CYLConvert
import CYLRaster
import CYLTimeline

/// Draws the frames of a scripted preview on demand, as a timeline the converters can encode
/// (GIF, APNG, WebP, PNG sequence) like any other animation.
final class PreviewFrameSource: FrameSource {
    let renderer: TabBarRenderer
    let frames: [PreviewFrame]

    init(renderer: TabBarRenderer, frames: [PreviewFrame]) {
        self.renderer = renderer
        self.frames = frames
    }

    func makeWorker() -> (any FrameSource)? {
        renderer.worker().map { PreviewFrameSource(renderer: $0, frames: frames) }
    }

    func render(frame index: Int, into target: inout Pixmap) throws {
        let f = frames[index]
        let image = try renderer.render(f.states, appearance: f.appearance)
        image.draw(fittedInto: &target)
    }
}

extension ScriptedPreview {
    /// When each sampled frame shows (every frame lasts 1/fps).
    public var clock: FrameClock { FrameClock(timing: .fps(fps), frameCount: max(1, frames.count)) }

    /// The preview as a timeline at its frame rate, drawn by `renderer`. Its inputs are every file
    /// the bar was drawn from, so no output of it can overwrite one.
    public func timeline(renderer: TabBarRenderer) -> FrameTimeline {
        FrameTimeline(format: "tab-bar preview", file: renderer.bar.configuration.file, canvasSize: renderer.size,
                      frameCount: max(1, frames.count), timing: .fps(fps), loop: .forever,
                      hasTransparency: false, inputs: renderer.bar.inputs,
                      source: PreviewFrameSource(renderer: renderer, frames: frames))
    }

    /// Renders output frame index `index`.
    public func render(frame index: Int, renderer: TabBarRenderer) throws -> Pixmap {
        let f = frames[index]
        return try renderer.render(f.states, appearance: f.appearance)
    }

    /// The frame index showing `time` (clamped).
    public func frameIndex(at time: Duration) -> Int { clock.frameIndex(at: time) }
}
