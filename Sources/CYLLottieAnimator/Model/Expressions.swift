/// An After Effects expression on a property (`"x"` beside `"k"`), with where it lives: the
/// composition and layer `thisComp` and `thisLayer` mean, and its JSON path for diagnostics.
package struct ExpressionModel: Sendable {
    package var source: String
    /// JSON path of the expression text (`layers[2].ks.p.x`).
    package var path: String
    /// The composition's model id ("" for the root; see `AnimationModel.precomps`).
    package var comp: String
    /// The layer's position in that composition's `layers` (-1 when not on a layer).
    package var layer: Int
    /// Whether the property is a bezier path (else a number or a vector).
    package var isPath: Bool
}

/// A named item of a layer's shape list, for `content(name)`: the item as parsed (with its
/// properties) and, for a group, its own named items.
package struct ContentNode: Sendable {
    package var name: String
    package var matchName: String
    /// Lottie's shape type (`gr`, `el`, `sh`, ...).
    package var type: String
    package var item: ShapeItem
    package var children: [ContentNode]
}
