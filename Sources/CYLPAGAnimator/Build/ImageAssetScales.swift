import CYLGeometry
import CYLLottieAnimator

/// The scales each image asset is drawn at over every layer that shows it, as libpag sizes an
/// image's snapshot (PAGStage::getAssetMaxScale and getAssetMinScale): one snapshot per asset,
/// at the largest scale any of its layers reaches at its keys (through its parents and the
/// precompositions above it), mipmapped by the smallest. Six layers showing one image at six
/// sizes share the snapshot made for the largest.
enum ImageAssetScales {
    /// Per image asset (an image, or a still sequence's frame), the smallest and largest scale
    /// (the same on both axes), relative to the root composition's scale. libpag takes each
    /// layer's larger axis for its largest and its smaller for its smallest; a maximum over every
    /// path through the compositions is the maximum of the per-axis maxima, so each composition
    /// is visited once (in topological order: `AfterEffectsBuilder` has refused cycles), not
    /// once per path.
    static func ranges(root: CompositionModel, precomps: [String: CompositionModel]) -> [ImageAsset: ScaleRange] {
        // Compositions reachable from the root, parents before children (a reversed post-order).
        var order: [String] = [], seen: Set<String> = []
        func visit(_ comp: CompositionModel) {
            for layer in comp.layers {
                guard case .precomp(let id, _, _) = layer.content, let child = precomps[id], seen.insert(id).inserted else { continue }
                visit(child)
                order.append(id)
            }
        }
        visit(root)
        order.reverse()
        // The range each composition is shown at, over every layer that shows it.
        var incoming: [String: ScaleRange] = [:]
        var ranges: [ImageAsset: ScaleRange] = [:]
        func note(_ asset: ImageAsset, _ r: ScaleRange) {
            let largest = max(r.largest.x, r.largest.y), smallest = min(r.smallest.x, r.smallest.y)
            let own = ScaleRange(smallest: Point(smallest, smallest), largest: Point(largest, largest))
            ranges[asset] = ranges[asset].map { $0.union(own) } ?? own
        }
        func add(_ comp: CompositionModel, _ range: ScaleRange) {
            for layer in comp.layers {
                let r = layer.keyedScale.within(range)
                switch layer.content {
                case .precomp(let id, _, _):
                    incoming[id] = incoming[id].map { $0.union(r) } ?? r
                case .image(let id):
                    note(.image(id), r)
                case .frames(let frames):
                    if let asset = frames.stillAsset { note(asset, r) }
                default:
                    break
                }
            }
        }
        add(root, .one)
        for id in order {
            if let comp = precomps[id], let range = incoming[id] { add(comp, range) }
        }
        return ranges
    }
}
