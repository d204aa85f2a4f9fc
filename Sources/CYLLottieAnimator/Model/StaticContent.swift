/// Whether content changes over time: what decides if libpag caches a layer's content (a shape
/// layer whose items never change is drawn once, as a snapshot).

extension ShapeItem {
    /// Whether none of the item's properties (nor its children's) is keyframed.
    package var isStatic: Bool {
        switch self {
        case let .group(_, items, transform):
            return (transform.map { $0.isStatic && $0.opacity.isStatic } ?? true) && items.allSatisfy(\.isStatic)
        case let .path(shape, _):
            return shape.isStatic
        case let .rect(position, size, roundness, _):
            return position.isStatic && size.isStatic && roundness.isStatic
        case let .ellipse(position, size, _):
            return position.isStatic && size.isStatic
        case let .star(s):
            return [s.position, s.points, s.rotation, s.outerRadius, s.outerRoundness, s.innerRadius, s.innerRoundness]
                .allSatisfy(\.isStatic)
        case let .fill(color, opacity, _):
            return color.isStatic && opacity.isStatic
        case let .stroke(color, opacity, stroke):
            return color.isStatic && opacity.isStatic && stroke.isStatic
        case let .gradientFill(g, opacity, _):
            return g.isStatic && opacity.isStatic
        case let .gradientStroke(g, opacity, stroke):
            return g.isStatic && opacity.isStatic && stroke.isStatic
        case let .trim(start, end, offset, _):
            return start.isStatic && end.isStatic && offset.isStatic
        case let .roundCorners(r), let .puckerBloat(r):
            return r.isStatic
        case let .offsetPath(amount, _, miterLimit):
            return amount.isStatic && miterLimit.isStatic
        case let .zigZag(size, ridges, pointType):
            return size.isStatic && ridges.isStatic && pointType.isStatic
        case let .twist(angle, center):
            return angle.isStatic && center.isStatic
        case .mergePaths, .ignored:
            return true
        case let .repeater(r, content):
            return r.copies.isStatic && r.offset.isStatic && r.transform.isStatic && r.transform.opacity.isStatic
                && r.startOpacity.isStatic && r.endOpacity.isStatic && content.allSatisfy(\.isStatic)
        }
    }
}

extension StrokeModel {
    package var isStatic: Bool { width.isStatic && dashes.allSatisfy { $0.value.isStatic } }
}

extension GradientModel {
    package var isStatic: Bool {
        stops.isStatic && start.isStatic && end.isStatic && highlightLength.isStatic && highlightAngle.isStatic
    }
}
