import CYLGeometry
@testable import CYLLottieAnimator
@testable import CYLPAGAnimator
import Testing

/// libpag makes one snapshot per image asset, sized by the largest scale any layer showing it
/// reaches and mipmapped by the smallest (`ImageAssetScales`): the ranges worked out by hand.
@Suite struct ImageAssetScalesTests {
    static func layer(_ content: LayerContent, smallest: Point, largest: Point) -> LayerModel {
        var l = LayerModel.make(name: "", content: content, transform: .identity, inPoint: 0, outPoint: 10, startTime: 0)
        l.keyedScale = ScaleRange(smallest: smallest, largest: largest)
        return l
    }

    @Test func anImagesRangeSpansEveryLayerAndPathThatShowsIt() {
        // Image 1 twice in the root: at 0.5, and from 1 to 1.2.
        // Image 2 in precomp p, stretched 1.5 x 0.5; p shown at 2 and at 0.25. Per path the larger
        // axis is the largest (3 through the first, 0.375 through the second) and the smaller the
        // smallest (1 and 0.125): 3 and 0.125 over both.
        // Image 3 only in q, which nothing shows.
        let root = CompositionModel.make([
            Self.layer(.image(id: "1"), smallest: Point(0.5, 0.5), largest: Point(0.5, 0.5)),
            Self.layer(.image(id: "1"), smallest: Point(1, 1), largest: Point(1.2, 1.2)),
            Self.layer(.precomp(id: "p", width: nil, height: nil), smallest: Point(2, 2), largest: Point(2, 2)),
            Self.layer(.precomp(id: "p", width: nil, height: nil), smallest: Point(0.25, 0.25), largest: Point(0.25, 0.25)),
        ])
        let p = CompositionModel.make([Self.layer(.image(id: "2"), smallest: Point(1.5, 0.5), largest: Point(1.5, 0.5))])
        let q = CompositionModel.make([Self.layer(.image(id: "3"), smallest: Point(1, 1), largest: Point(1, 1))])
        let ranges = ImageAssetScales.ranges(root: root, precomps: ["p": p, "q": q])
        #expect(ranges[.image("1")] == ScaleRange(smallest: Point(0.5, 0.5), largest: Point(1.2, 1.2)))
        #expect(ranges[.image("2")] == ScaleRange(smallest: Point(0.125, 0.125), largest: Point(3, 3)))
        #expect(ranges[.image("3")] == nil, "a composition nothing shows is not drawn")
    }

    /// A still sequence's frame is an asset too: its composition's layers' scales count.
    @Test func aStillSequenceIsAnAssetOfItsComposition() {
        struct Still: FrameImages {
            func image(at time: Double) -> LottieImage? { nil }
            var stillAsset: ImageAsset? { .sequence("65") }
        }
        struct Playing: FrameImages { func image(at time: Double) -> LottieImage? { nil } }
        let root = CompositionModel.make([
            Self.layer(.precomp(id: "65", width: nil, height: nil), smallest: Point(0.3, 0.3), largest: Point(0.3, 0.3)),
            Self.layer(.precomp(id: "66", width: nil, height: nil), smallest: Point(1, 1), largest: Point(1, 1)),
        ])
        let still = CompositionModel.make([Self.layer(.frames(Still()), smallest: Point(1, 1), largest: Point(1, 1))])
        let playing = CompositionModel.make([Self.layer(.frames(Playing()), smallest: Point(1, 1), largest: Point(1, 1))])
        let ranges = ImageAssetScales.ranges(root: root, precomps: ["65": still, "66": playing])
        #expect(ranges == [.sequence("65"): ScaleRange(smallest: Point(0.3, 0.3), largest: Point(0.3, 0.3))])
    }

    /// A composition shown by two precompositions, themselves shown by the root at different
    /// scales, is reached along both (and visited once).
    @Test func aSharedCompositionTakesTheRangeOfEveryParent() {
        let root = CompositionModel.make([
            Self.layer(.precomp(id: "a", width: nil, height: nil), smallest: Point(1, 1), largest: Point(4, 4)),
            Self.layer(.precomp(id: "b", width: nil, height: nil), smallest: Point(0.5, 0.5), largest: Point(0.5, 0.5)),
        ])
        let a = CompositionModel.make([Self.layer(.precomp(id: "c", width: nil, height: nil), smallest: Point(1, 1), largest: Point(1, 1))])
        let b = CompositionModel.make([Self.layer(.precomp(id: "c", width: nil, height: nil), smallest: Point(0.5, 0.5), largest: Point(0.5, 0.5))])
        let c = CompositionModel.make([Self.layer(.image(id: "7"), smallest: Point(1, 1), largest: Point(1, 1))])
        let ranges = ImageAssetScales.ranges(root: root, precomps: ["a": a, "b": b, "c": c])
        #expect(ranges[.image("7")] == ScaleRange(smallest: Point(0.25, 0.25), largest: Point(4, 4)))
    }
}
