@testable import CYLLottieAnimator
import Testing

/// `ShapeItem.isStatic`: content with no keyframed property anywhere in it, groups and
/// repeaters included (what decides whether libpag caches a PAG shape layer).
@Suite struct StaticContentTests {
    // Computed, not stored: a stored static enum keeps its payload behind a tagged pointer that
    // LeakSanitizer does not recognise as a root, and `make test-asan` reports it as a leak.
    static var keyed: VectorProperty {
        .keyframed([Keyframe(time: 0, start: [0], end: [100], hold: false, easings: [], spatial: nil),
                    Keyframe(time: 10, start: [100], end: nil, hold: true, easings: [], spatial: nil)])
    }
    static var rect: ShapeItem { .rect(position: .fixed([0, 0]), size: .fixed([10, 10]), roundness: .fixed([0]), reversed: false) }

    @Test func aKeyAnywhereMakesContentChange() {
        let fill = ShapeItem.fill(color: .fixed([1, 0, 0, 1]), opacity: .fixed([100]), rule: .nonZero)
        #expect(ShapeItem.group(name: "", items: [Self.rect, fill], transform: nil).isStatic)
        let fading = ShapeItem.fill(color: .fixed([1, 0, 0, 1]), opacity: Self.keyed, rule: .nonZero)
        #expect(!ShapeItem.group(name: "", items: [Self.rect, fading], transform: nil).isStatic)
        var turning = TransformModel()
        turning.rotation = Self.keyed
        #expect(!ShapeItem.group(name: "", items: [Self.rect, fill], transform: turning).isStatic)
        var fadingGroup = TransformModel()
        fadingGroup.opacity = Self.keyed
        #expect(!ShapeItem.group(name: "", items: [Self.rect, fill], transform: fadingGroup).isStatic)
        #expect(!ShapeItem.trim(start: .fixed([0]), end: Self.keyed, offset: .fixed([0]), sequential: false).isStatic)
    }
}
