import CYLGeometry
import CYLLimits
import CYLLottieAnimator
import CYLRaster

// Shape layers' contents: the same items as After Effects' (and Lottie's) shape layers, read into
// the shared model's `ShapeItem`s.

extension PAGReader {
    /// One shape item from its tag; nil for an item that draws nothing here (noted).
    mutating func readShape(_ tag: inout Tag, _ code: TagCode) throws(PAGError) -> ShapeItem? {
        let name = "the \(code.name) tag"
        var s = tag.body
        defer { tag.body = s }
        switch code {
        case .shapeGroup:
            var b = try AttributeBlock([.value, .spatialProperty, .spatialProperty, .multiDimensionProperty, .simpleProperty,
                                        .simpleProperty, .simpleProperty, .simpleProperty, .custom], tag: name, &s)
            let blend = try b.value(&s, 0) { (s: inout PAGStream) throws(PAGError) in try s.uint8("the blend mode") }
            if blend != 0 { note(tag.offset, "blend modes of shape groups are not drawn", .approximated) }
            var t = TransformModel.make(anchor: try b.property(&s, .spatialPoint, [0, 0], "the anchor point").vector,
                                   position: try b.property(&s, .spatialPoint, [0, 0], "the position").vector,
                                   scale: try b.property(&s, .scale, [100, 100], "the scale").vector,
                                   rotation: .fixed([0]), opacity: .fixed([100]))
            t.skew = try b.property(&s, .float, [0], "the skew").vector
            t.skewAxis = try b.property(&s, .float, [0], "the skew axis").vector
            t.rotation = try b.property(&s, .float, [0], "the rotation").vector
            t.opacity = try b.property(&s, .opacity, [100], "the opacity").vector
            var items: [ShapeItem] = []
            if b.custom() {
                depth += 1
                defer { depth -= 1 }
                guard depth <= limits.maxJSONDepth else {
                    throw s.error(at: tag.offset, "shape groups nest more than \(limits.maxJSONDepth) deep (\(Limit.maxJSONDepth))")
                }
                try s.readTags { (t: inout Tag) throws(PAGError) in
                    guard let code = t.code else { return unknown(t) }
                    if let item = try readShape(&t, code) { Self.append(item, to: &items) }
                }
            }
            return .group(name: "", items: items, transform: t)
        case .rectangle:
            var b = try AttributeBlock([.bitFlag, .multiDimensionProperty, .spatialProperty, .simpleProperty], tag: name, &s)
            let reversed = b.bitFlag()
            let size = try b.property(&s, .point, [100, 100], "the size").vector
            let position = try b.property(&s, .spatialPoint, [0, 0], "the position").vector
            let roundness = try b.property(&s, .float, [0], "the roundness").vector
            return .rect(position: position, size: size, roundness: roundness, reversed: reversed)
        case .ellipse:
            var b = try AttributeBlock([.bitFlag, .multiDimensionProperty, .spatialProperty], tag: name, &s)
            let reversed = b.bitFlag()
            let size = try b.property(&s, .point, [100, 100], "the size").vector
            let position = try b.property(&s, .spatialPoint, [0, 0], "the position").vector
            return .ellipse(position: position, size: size, reversed: reversed)
        case .polyStar:
            var b = try AttributeBlock([.bitFlag, .value, .simpleProperty, .spatialProperty, .simpleProperty, .simpleProperty,
                                        .simpleProperty, .simpleProperty, .simpleProperty], tag: name, &s)
            let reversed = b.bitFlag()
            let type = try b.value(&s, 0) { (s: inout PAGStream) throws(PAGError) in try s.uint8("the star type") }
            let points = try b.property(&s, .float, [5], "the points").vector
            let position = try b.property(&s, .spatialPoint, [0, 0], "the position").vector
            let rotation = try b.property(&s, .float, [0], "the rotation").vector
            let inner = try b.property(&s, .float, [50], "the inner radius").vector
            let outer = try b.property(&s, .float, [100], "the outer radius").vector
            let innerRound = try b.property(&s, .float, [0], "the inner roundness").percent
            let outerRound = try b.property(&s, .float, [0], "the outer roundness").percent
            return .star(StarModel.make(isStar: type == 0, position: position, points: points, rotation: rotation, outerRadius: outer,
                                   outerRoundness: outerRound, innerRadius: inner, innerRoundness: innerRound, reversed: reversed))
        case .shapePath:
            var b = try AttributeBlock([.simpleProperty], tag: name, &s)
            let contours = try b.property(&s, .path, [], "the path").contours
            if contours.count == 1 { return .path(contours[0], reversed: false) }
            // Several contours are one item: a group without a transform keeps them together.
            return .group(name: "", items: contours.map { .path($0, reversed: false) }, transform: nil)
        case .fill:
            var b = try AttributeBlock([.value, .value, .value, .simpleProperty, .simpleProperty], tag: name, &s)
            try paintOrder(&b, &s, tag)
            let rule = try b.value(&s, 0) { (s: inout PAGStream) throws(PAGError) in try s.uint8("the fill rule") }
            let color = try b.property(&s, .color, [1, 0, 0], "the colour").vector
            let opacity = try b.property(&s, .opacity, [100], "the opacity").vector
            return .fill(color: color, opacity: opacity, rule: rule == 1 ? .evenOdd : .nonZero)
        case .stroke:
            var b = try AttributeBlock([.value, .value, .value, .value, .simpleProperty, .simpleProperty, .simpleProperty,
                                        .simpleProperty, .custom], tag: name, &s)
            try paintOrder(&b, &s, tag)
            let cap = try b.value(&s, 0) { (s: inout PAGStream) throws(PAGError) in try s.uint8("the line cap") }
            let join = try b.value(&s, 0) { (s: inout PAGStream) throws(PAGError) in try s.uint8("the line join") }
            let miter = try b.property(&s, .float, [4], "the miter limit")
            let color = try b.property(&s, .color, [1, 1, 1], "the colour").vector
            let opacity = try b.property(&s, .opacity, [100], "the opacity").vector
            let width = try b.property(&s, .float, [2], "the stroke width").vector
            let dashes = b.custom() ? try readDashes(&s) : []
            return .stroke(color: color, opacity: opacity, strokeModel(width, cap, join, miter, dashes))
        case .gradientFill:
            var b = try AttributeBlock([.value, .value, .value, .value, .spatialProperty, .spatialProperty, .simpleProperty,
                                        .simpleProperty], tag: name, &s)
            try paintOrder(&b, &s, tag)
            let rule = try b.value(&s, 0) { (s: inout PAGStream) throws(PAGError) in try s.uint8("the fill rule") }
            let (gradient, opacity) = try readGradient(&b, &s, tag)
            return .gradientFill(gradient, opacity: opacity, rule: rule == 1 ? .evenOdd : .nonZero)
        case .gradientStroke:
            var b = try AttributeBlock([.value, .value, .value, .spatialProperty, .spatialProperty, .simpleProperty,
                                        .simpleProperty, .simpleProperty, .value, .value, .simpleProperty, .custom], tag: name, &s)
            try paintOrder(&b, &s, tag)
            let (gradient, opacity) = try readGradient(&b, &s, tag)
            let width = try b.property(&s, .float, [2], "the stroke width").vector
            let cap = try b.value(&s, 0) { (s: inout PAGStream) throws(PAGError) in try s.uint8("the line cap") }
            let join = try b.value(&s, 0) { (s: inout PAGStream) throws(PAGError) in try s.uint8("the line join") }
            let miter = try b.property(&s, .float, [4], "the miter limit")
            let dashes = b.custom() ? try readDashes(&s) : []
            return .gradientStroke(gradient, opacity: opacity, strokeModel(width, cap, join, miter, dashes))
        case .mergePaths:
            var b = try AttributeBlock([.fixedValue], tag: name, &s)
            let mode = try b.value(&s, 1) { (s: inout PAGStream) throws(PAGError) in try s.uint8("the merge mode") }
            let modes: [MergeMode] = [.merge, .add, .subtract, .intersect, .excludeIntersections]
            guard Int(mode) < modes.count else {
                note(tag.offset, "merge mode \(mode) is not known; drawn as add", .approximated)
                return .mergePaths(.add)
            }
            return .mergePaths(modes[Int(mode)])
        case .trimPaths:
            var b = try AttributeBlock([.simpleProperty, .simpleProperty, .simpleProperty, .value], tag: name, &s)
            // Fractions of the path (the model's are percent); an absent end is the whole path.
            let start = try b.property(&s, .float, [0], "the start").percent
            let end = try b.property(&s, .float, [1], "the end").percent
            let offset = try b.property(&s, .float, [0], "the offset").vector
            let type = try b.value(&s, 0) { (s: inout PAGStream) throws(PAGError) in try s.uint8("the trim type") }
            return .trim(start: start, end: end, offset: offset, sequential: type == 1)
        case .repeater:
            var b = try AttributeBlock([.value, .simpleProperty, .simpleProperty, .spatialProperty, .spatialProperty,
                                        .multiDimensionProperty, .simpleProperty, .simpleProperty, .simpleProperty], tag: name, &s)
            let order = try b.value(&s, 0) { (s: inout PAGStream) throws(PAGError) in try s.uint8("the repeater order") }
            let copies = try b.property(&s, .float, [3], "the copies").vector
            let offset = try b.property(&s, .float, [0], "the offset").vector
            let t = TransformModel.make(anchor: try b.property(&s, .spatialPoint, [0, 0], "the anchor point").vector,
                                   position: try b.property(&s, .spatialPoint, [100, 100], "the position").vector,
                                   scale: try b.property(&s, .scale, [100, 100], "the scale").vector,
                                   rotation: try b.property(&s, .float, [0], "the rotation").vector, opacity: .fixed([100]))
            let startOpacity = try b.property(&s, .opacity, [100], "the start opacity").vector
            let endOpacity = try b.property(&s, .opacity, [100], "the end opacity").vector
            // The items it copies are attached when it is added to its list (`append(_:to:)`).
            return .repeater(RepeaterModel.make(copies: copies, offset: offset, above: order == 1, transform: t,
                                           startOpacity: startOpacity, endOpacity: endOpacity), content: [])
        case .roundCorners:
            var b = try AttributeBlock([.simpleProperty], tag: name, &s)
            return .roundCorners(try b.property(&s, .float, [10], "the radius").vector)
        default:
            return nil
        }
    }

    /// Adds `item` to a shape list; a repeater takes the items before it, which it copies.
    static func append(_ item: ShapeItem, to items: inout [ShapeItem]) {
        switch item {
        case .repeater(let r, _): items = [.repeater(r, content: items)]
        case .mergePaths:
            // libpag's merge paths clears its group down to the merged path (`ApplyMergePaths`):
            // the paints before it, in its group and in the groups before it, draw nothing.
            stripPaints(&items)
            items.append(item)
        default: items.append(item)
        }
    }

    /// Makes the fills and strokes of `items` draw nothing (their paths kept), back to the last
    /// merge paths: those before it were stripped when it came, so each item is visited once.
    static func stripPaints(_ items: inout [ShapeItem]) {
        var i = items.count
        while i > 0 {
            if case .mergePaths = items[i - 1] { return }
            items[i - 1] = withoutPaints(items[i - 1])
            i -= 1
        }
    }

    /// `item` with its fills and strokes (its groups' too) drawing nothing; its paths kept.
    static func withoutPaints(_ item: ShapeItem) -> ShapeItem {
        switch item {
        case .fill, .stroke, .gradientFill, .gradientStroke: return .ignored
        case let .group(name, items, transform): return .group(name: name, items: items.map(withoutPaints), transform: transform)
        case .repeater(let r, var content):
            stripPaints(&content)
            return .repeater(r, content: content)
        default: return item
        }
    }

    /// A paint's blend mode and composite order (which libpag draws; noted when not the default).
    private mutating func paintOrder(_ b: inout AttributeBlock, _ s: inout PAGStream, _ tag: Tag) throws(PAGError) {
        let blend = try b.value(&s, 0) { (s: inout PAGStream) throws(PAGError) in try s.uint8("the blend mode") }
        let composite = try b.value(&s, 0) { (s: inout PAGStream) throws(PAGError) in try s.uint8("the composite order") }
        if blend != 0 { note(tag.offset, "blend modes of fills and strokes are not drawn", .approximated) }
        if composite != 0 { note(tag.offset, "paints drawn above the previous paint of their group are drawn below it", .approximated) }
    }

    private mutating func readGradient(_ b: inout AttributeBlock, _ s: inout PAGStream, _ tag: Tag) throws(PAGError) -> (GradientModel, VectorProperty) {
        let type = try b.value(&s, 0) { (s: inout PAGStream) throws(PAGError) in try s.uint8("the gradient type") }
        if type > 1 { note(tag.offset, "gradient type \(type) (angle, reflected or diamond) is drawn as linear", .approximated) }
        let start = try b.property(&s, .spatialPoint, [0, 0], "the gradient start").vector
        let end = try b.property(&s, .spatialPoint, [100, 0], "the gradient end").vector
        let colors = try b.property(&s, .gradient, PAGGradient(colors: [], alphas: []), "the gradient colours")
        let opacity = try b.property(&s, .opacity, [100], "the opacity").vector
        let g = GradientModel(linear: type != 1, colorCount: colors.initialValue.colors.count, stops: colors.stops,
                              start: start, end: end, highlightLength: .fixed([0]), highlightAngle: .fixed([0]))
        return (g, opacity)
    }

    /// Dashes: from the next byte, 3 bits holding the count minus one, then the offset's and each
    /// dash's property flags, then their values.
    private func readDashes(_ s: inout PAGStream) throws(PAGError) -> [DashModel] {
        s.alignToByte()
        let n = Int(try s.ubits(3, "the number of dashes")) + 1
        var b = try AttributeBlock(Array(repeating: .simpleProperty, count: n + 1), tag: "the dashes", &s)
        var out = [DashModel.make(.offset, try b.property(&s, .float, [0], "the dash offset").vector)]
        for i in 0..<n {
            out.append(DashModel.make(i % 2 == 0 ? .dash : .gap, try b.property(&s, .float, [10], "a dash").vector))
        }
        return out
    }

    private func strokeModel(_ width: VectorProperty, _ cap: UInt8, _ join: UInt8, _ miter: PAGProperty<[Double]>,
                             _ dashes: [DashModel]) -> StrokeModel {
        StrokeModel.make(width: width, cap: cap == 1 ? .round : cap == 2 ? .square : .butt,
                    join: join == 1 ? .round : join == 2 ? .bevel : .miter,
                    miterLimit: miter.initialValue.first ?? 4, dashes: dashes)
    }
}
