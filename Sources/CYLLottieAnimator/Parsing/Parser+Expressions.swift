import CYLDocuments
import CYLGeometry
import CYLRaster
import CYLTimeline

// Expressions (`"x"` on a property): recorded with their composition, layer and JSON path; and,
// when a file has them, the names of shape items that `content(name)` looks up.

/// The parser's bookkeeping for expressions.
struct ExpressionParseState {
    var expressions: [ExpressionModel] = []
    /// Model id of the composition being parsed ("" for the root).
    var comp = ""
    /// Position of the layer being parsed in its composition (-1: none).
    var layer = -1
    /// Whether to keep shape items by name (a second parse, once a file is known to have expressions).
    var collectsContent = false
    /// Named items of the shape lists being parsed, innermost list last.
    var contentLevels: [[ContentNode]] = []
    /// The items of the shape list parsed last.
    var lastContent: [ContentNode] = []
}

extension LottieParser {
    /// The longest expression accepted, in bytes: real ones are a few kilobytes.
    static let maxExpressionBytes = 64 << 10

    /// Records the expression on property `el`, if it has one.
    mutating func expression(on el: JSONElement, isPath: Bool) -> ExpressionRef? {
        guard let x = el["x"], let source = x.asString else { return nil }
        guard source.utf8.contains(where: { $0 > 0x20 }) else { return nil }
        guard source.utf8.count <= Self.maxExpressionBytes else {
            note(x, "expression longer than \(Self.maxExpressionBytes) bytes; the keyframed value is used", key: "long expression")
            return nil
        }
        let ref = ExpressionRef(index: expressionState.expressions.count)
        expressionState.expressions.append(ExpressionModel(source: source, path: "\(x.path)", comp: expressionState.comp,
                                                           layer: expressionState.layer, isPath: isPath))
        return ref
    }

    /// A number or vector property, with its expression if it has one.
    mutating func parseVector(_ el: JSONElement, spatial: Bool = false) throws(LottieError) -> VectorProperty {
        let value = try parseVectorValue(el, spatial: spatial)
        if let ref = expression(on: el, isPath: false) { return .expression(ref, value) }
        return value
    }

    /// A bezier path property, with its expression if it has one.
    mutating func parseShapeProperty(_ el: JSONElement) throws(LottieError) -> ShapeProperty {
        let value = try parseShapeValue(el)
        if let ref = expression(on: el, isPath: true) { return .expression(ref, value) }
        return value
    }

    // MARK: Where expressions live

    /// Parses a layer (at position `position` of the composition being parsed) with what its
    /// expressions need: its `ind`, whether it holds expressions, and its named shape items.
    mutating func parseLayerForExpressions(_ l: JSONElement, position: Int) throws(LottieError) -> LayerModel {
        let saved = expressionState.layer
        defer { expressionState.layer = saved }
        expressionState.layer = position
        let before = expressionState.expressions.count
        expressionState.lastContent = []
        var layer = try parseLayer(l)
        layer.index = int(l, "ind")
        layer.hasExpressions = expressionState.expressions.count > before
        for e in expressionState.expressions[before...] where e.layer == position && e.comp == expressionState.comp {
            layer.expressionParts.formUnion(Self.expressionPart(e.path))
        }
        if expressionState.collectsContent, int(l, "ty") == 4 { layer.namedContent = expressionState.lastContent }
        return layer
    }

    /// The layer part a JSON path (`layers[2].ks.p.x`) is in: the member after the last `layers[i].`.
    static func expressionPart(_ path: String) -> ExpressionParts {
        guard let r = path.range(of: "layers[", options: .backwards),
              let close = path[r.upperBound...].firstIndex(of: "]") else { return .all }
        let rest = path[path.index(after: close)...]
        guard rest.first == "." else { return .all }
        return ExpressionParts(layerKey: rest.dropFirst().prefix { $0 != "." && $0 != "[" })
    }

    /// Runs `body` with `comp` as the composition being parsed.
    mutating func inComposition<T>(_ comp: String, _ body: (inout LottieParser) throws(LottieError) -> T) throws(LottieError) -> T {
        let saved = (expressionState.comp, expressionState.layer)
        defer { (expressionState.comp, expressionState.layer) = saved }
        expressionState.comp = comp
        expressionState.layer = -1
        return try body(&self)
    }

    // MARK: Named shape items

    mutating func beginContent() {
        if expressionState.collectsContent { expressionState.contentLevels.append([]) }
    }

    /// Keeps the item parsed from `s` under its name; a group takes the items of its own list.
    mutating func addContent(_ s: JSONElement, _ type: String, _ item: ShapeItem) {
        guard expressionState.collectsContent, !expressionState.contentLevels.isEmpty else { return }
        let children = type == "gr" ? expressionState.lastContent : []
        expressionState.contentLevels[expressionState.contentLevels.count - 1].append(
            ContentNode(name: string(s, "nm") ?? "", matchName: string(s, "mn") ?? "", type: type, item: item, children: children))
    }

    mutating func endContent() {
        if expressionState.collectsContent, let level = expressionState.contentLevels.popLast() {
            expressionState.lastContent = level
        }
    }
}
