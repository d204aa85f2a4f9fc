@testable import CYLLottieAnimator
@testable import CYLPAGAnimator
import CYLGeometry
import CYLRaster
import Testing

/// Which layers libpag caches as snapshots (`AfterEffectsBuilder.cachesContent`): those with
/// effects or layer styles, and shape layers whose items never change, shown for more than a
/// frame; text only when effects or styles send it through the filter pass.
@Suite struct ContentCacheTests {
    // Computed, not stored, for LeakSanitizer (see StaticContentTests).
    static var rect: ShapeItem { .rect(position: .fixed([0, 0]), size: .fixed([10, 10]), roundness: .fixed([0]), reversed: false) }
    static var shadow: LayerStyleModel {
        LayerStyleModel(kind: .dropShadow, color: .fixed([0, 0, 0]), opacity: .fixed([100]), size: .fixed([5]),
                        angle: .fixed([120]), distance: .fixed([5]), choke: .fixed([0]))
    }

    static func layer(_ type: PAGLayerType, _ content: PAGLayer.Content, duration: Double = 10) -> PAGLayer {
        var l = PAGLayer(type: type, offset: 0)
        l.content = content
        l.duration = duration
        return l
    }

    @Test func staticShapesAndStyledLayersAreCached() {
        #expect(AfterEffectsBuilder.cachesContent(Self.layer(.shape, .shapes([Self.rect]))))
        #expect(!AfterEffectsBuilder.cachesContent(Self.layer(.shape, .shapes([Self.rect]), duration: 1)), "one frame: nothing to reuse")
        let growing = ShapeItem.rect(position: .fixed([0, 0]), size: .keyframed([
            Keyframe(time: 0, start: [10, 10], end: [20, 20], hold: false, easings: [], spatial: nil),
            Keyframe(time: 5, start: [20, 20], end: nil, hold: true, easings: [], spatial: nil),
        ]), roundness: .fixed([0]), reversed: false)
        #expect(!AfterEffectsBuilder.cachesContent(Self.layer(.shape, .shapes([growing]))))
        var solid = Self.layer(.solid, .solid(color: .black, width: 10, height: 10))
        #expect(!AfterEffectsBuilder.cachesContent(solid))
        solid.styles = [Self.shadow]
        #expect(AfterEffectsBuilder.cachesContent(solid))
        var text = Self.layer(.text, .text(.fixed(PAGTextDocument())))
        #expect(!AfterEffectsBuilder.cachesContent(text), "text that never changes is still drawn straight")
        text.motionBlur = true
        #expect(AfterEffectsBuilder.cachesContent(text), "motion blur smears a snapshot")
        text.motionBlur = false
        text.styles = [Self.shadow]
        #expect(AfterEffectsBuilder.cachesContent(text))
    }

    /// libpag sizes a snapshot by the scales a layer's keys reach (Layer::getScaleFactor): the
    /// first key's start and every key's end, not what the curve passes between them.
    @Test func keyedScalesAreTheKeysExtremesThroughTheParents() {
        let pop = VectorProperty.keyframed([
            Keyframe(time: 0, start: [0, 0], end: [120, 120], hold: false, easings: [], spatial: nil),
            Keyframe(time: 5, start: [120, 120], end: [100, 100], hold: false, easings: [], spatial: nil),
            Keyframe(time: 8, start: [100, 100], end: nil, hold: true, easings: [], spatial: nil),
        ])
        let range = AfterEffectsBuilder.keyedScale(pop)
        #expect(range == ScaleRange(smallest: Point(0, 0), largest: Point(1.2, 1.2)))
        let parent = AfterEffectsBuilder.keyedScale(.fixed([50, -200]))
        #expect(parent == ScaleRange(smallest: Point(0.5, 2), largest: Point(0.5, 2)), "magnitudes, per axis")
        #expect(range.within(parent) == ScaleRange(smallest: Point(0, 0), largest: Point(0.6, 2.4)))
    }
}

