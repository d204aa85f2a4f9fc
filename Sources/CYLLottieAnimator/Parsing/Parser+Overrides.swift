import CYLDocuments
import CYLGeometry
import CYLRaster
import CYLTimeline

// Colour overrides while parsing: keypath names and override colours.

extension LottieParser {
    // MARK: Colour overrides

    /// A layer's or shape item's name in a keypath: its `nm`, or the fallback `cylanim keypaths` prints.
    func keypathName(_ el: JSONElement, _ fallback: String) -> String {
        let n = el["nm"]?.asString ?? fallback
        return n.isEmpty ? fallback : n
    }

    /// The override colour for the colour item being parsed (its state is `overrideState`), noting
    /// every override that matches it.
    mutating func overrideColor(property: String) -> RGBA8? {
        guard let matcher, let state = overrideState else { return nil }
        let hits = matcher.matching(state, property: property)
        usedOverrides.formUnion(hits)
        return matcher.color(hits)
    }

}
