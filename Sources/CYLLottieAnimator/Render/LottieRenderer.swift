import CYLGeometry
import CYLRaster
import CYLTimeline

/// A Lottie animation as a frame source: each frame is built into a display list
/// (`LottieSceneBuilder`) and drawn by a `DisplayListRenderer`. Keeps both, and their scratch
/// memory, between frames; one per thread over a shared model.
final class LottieRenderer: FrameSource {
    let model: AnimationModel
    let name: String
    let limits: Limits
    private let expressionTime: ExpressionTimeBudget?
    private var builder: LottieSceneBuilder
    private var list = DisplayList()
    private let renderer: DisplayListRenderer

    /// `expressionTime`: the file's expression time over the command, shared by all its renderers.
    init(model: AnimationModel, name: String, limits: Limits, expressionTime: ExpressionTimeBudget? = nil) {
        self.model = model
        self.name = name
        self.limits = limits
        self.expressionTime = expressionTime
        builder = LottieSceneBuilder(model: model, limits: limits, expressionTime: expressionTime)
        renderer = DisplayListRenderer(maxPathPoints: limits.maxPathPoints)
    }

    /// Vector content: any time between frames can be drawn.
    var supportsFractionalFrames: Bool { true }

    /// A renderer over the same model with its own builder, display list and scratch memory.
    func makeWorker() -> (any FrameSource)? {
        LottieRenderer(model: model, name: name, limits: limits, expressionTime: expressionTime)
    }

    func render(frame index: Int, into target: inout Pixmap) throws {
        try render(timelineTime: Double(index), into: &target)
    }

    func render(frameTime: Double, into target: inout Pixmap) throws {
        try render(timelineTime: frameTime, into: &target)
    }

    /// The display list of timeline time `timelineTime` (frames from the timeline's frame 0,
    /// fractions allowed: composition time `ip + timelineTime`).
    func displayList(atTimelineTime timelineTime: Double) throws -> DisplayList {
        do {
            try builder.build(atCompositionTime: model.inPoint + timelineTime, into: &list)
        } catch {
            throw RenderError(file: name, frame: Int(clamping: timelineTime.rounded(.down)), error.description)
        }
        return list
    }

    /// Draws timeline time `timelineTime` into `target`, fitted and centred. Errors name the
    /// timeline frame asked for.
    func render(timelineTime: Double, into target: inout Pixmap) throws {
        guard target.width <= limits.maxCanvasPixels / target.height else {
            throw RenderError(file: name, "output of \(target.width)x\(target.height) pixels is more than the limit of \(limits.maxCanvasPixels) (\(Limit.maxCanvasPixels))")
        }
        let frame = Int(clamping: timelineTime.rounded(.down))
        // The display list is fitted into the target: the root's units per pixel, for merge paths.
        builder.outputScale = min(Double(target.width) / model.width, Double(target.height) / model.height)
        do {
            try builder.build(atCompositionTime: model.inPoint + timelineTime, into: &list)
            try renderer.render(list, into: &target)
        } catch let e as SceneLimitError {
            throw RenderError(file: name, frame: frame, e.description)
        } catch GeometryError.tooComplex(let limit) {
            throw RenderError(file: name, frame: frame, "a path flattens to more than \(limit) points (\(Limit.maxPathPoints))")
        } catch let e as GeometryError {
            throw RenderError(file: name, frame: frame, "\(e)")
        } catch let e as PixmapError {
            throw RenderError(file: name, frame: frame, "\(e)")
        }
    }
}
