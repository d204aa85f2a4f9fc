import CYLRaster
import CYLTimeline

/// The one way an After Effects model (`AnimationModel`, from Lottie JSON or from a PAG file)
/// becomes a frame timeline: frame N is composition frame `ip + N`, drawn on demand by a
/// `LottieRenderer`, played once on select as a tab icon.
package enum AfterEffectsTimeline {
    /// A timeline drawing `model` with plain renderers (no expressions: PAG files have none).
    package static func make(model: AnimationModel, format: String, file: String, limits: Limits,
                             diagnostics: [Diagnostic], inputs: [String]) -> FrameTimeline {
        make(model: model, format: format, file: file, diagnostics: diagnostics, inputs: inputs) {
            LottieRenderer(model: model, name: file, limits: limits)
        }
    }

    /// `makeRenderer` makes each renderer the timeline draws with (the Lottie document's hold its
    /// expression state): one for frames, and one per display list, which may be asked for from
    /// any thread.
    static func make(model: AnimationModel, format: String, file: String, diagnostics: [Diagnostic], inputs: [String],
                     makeRenderer: @escaping @Sendable () -> LottieRenderer) -> FrameTimeline {
        let w = max(1, Int(model.width.rounded())), h = max(1, Int(model.height.rounded()))
        var t = FrameTimeline(format: format, file: file, canvasSize: PixelSize(w, h), frameCount: model.frameCount,
                              timing: .fps(model.frameRate), loop: .forever, suggestedPolicy: .playOnceOnSelect,
                              hasTransparency: true, diagnostics: diagnostics,
                              capabilities: TimelineCapabilities(isVector: true, displayList: { time in
                                  try makeRenderer().displayList(atTimelineTime: time)
                              }),
                              inputs: inputs, source: makeRenderer())
        t.markers = model.timelineMarkers
        return t
    }
}
