/// What the prelude may ask the renderer through `__host(op, ...)`. The JavaScript side names them
/// only as `__op.<case>`, constants generated from this enum (``preludeConstants``), so the two
/// sides cannot drift apart by a misspelt string; a test checks every `__op.` name the prelude
/// uses is a case here.
enum HostOperation: Int, CaseIterable, Sendable {
    /// A property's value after its expression at a time: `(ref, seconds)`.
    case value
    /// A property's value before its expression: `(ref, seconds)`.
    case base
    /// A property's keyframes as `[seconds, value]` pairs: `(ref)`.
    case keys
    /// A layer of a composition by index or name: `(compRef, key)`.
    case layer
    /// A layer's attributes and its composition: `(layerRef)`.
    case layerInfo
    /// A composition's attributes: `(compRef)`.
    case compInfo
    /// A composition by name: `(name)`.
    case compNamed
    /// A layer's property by its path: `(layerRef, path)`.
    case prop
    /// An effect of a layer by index or name: `(layerRef, key)`.
    case effect
    /// A parameter of an effect: `(effectRef, key)`.
    case param
    /// A mask of a layer: `(layerRef, key)`.
    case mask
    /// A content group or shape of a layer: `(layerRef, parentRef, key)`.
    case content
    /// A property of a content item by name: `(contentRef, name)`.
    case contentProp
    /// A point from a layer's space to the composition's: `(layerRef, point, seconds)`.
    case toComp
    /// A point from the composition's space to a layer's: `(layerRef, point, seconds)`.
    case fromComp

    /// `var __op = {value: 0, ...};`: the prelude's names for the operations.
    static var preludeConstants: String {
        "var __op = {" + allCases.map { "\($0): \($0.rawValue)" }.joined(separator: ", ") + "};"
    }
}
