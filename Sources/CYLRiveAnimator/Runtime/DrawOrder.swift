import CYLGeometry

/// Clips the drawables under its parent to the shapes under its source node.
final class RClippingShape: RComponent {
    override func unlink() {
        super.unlink()
        shapes.removeAll()
    }

    var sourceID: Int?
    /// Clockwise clips as non-zero, as the reference renderer does.
    var fillRule = RiveFillRule.nonZero
    var isVisible = true
    var shapes: [RShape] = []

    override func set(_ key: Int, _ value: PropertyValue) -> Bool {
        switch key {
        case RivePropertyKey.clippingShapeSourceId: sourceID = value.index
        case RivePropertyKey.clippingShapeFillRule: fillRule = value.decoded(fillRule)
        case RivePropertyKey.clippingShapeIsVisible: isVisible = value.bool ?? isVisible
        default: return super.set(key, value)
        }
        return true
    }

    override func link(_ artboard: ArtboardInstance) {
        parent?.forAll { c in
            if let d = c as? RDrawable { d.clippingShapes.append(self) }
        }
        guard let source = sourceID.flatMap({ artboard.object($0) }) as? RNode else { return }
        source.forAll { c in
            if let s = c as? RShape {
                s.needsWorldPath = true
                shapes.append(s)
            }
        }
    }

    override func buildDependencies(_ artboard: ArtboardInstance) {
        for s in shapes { s.composer.addDependent(self) }
    }

    /// The clip region in world space, or nil when every source shape is empty (nothing under
    /// the clip draws then).
    func clipPath() -> Path? {
        var out = Path()
        var any = false
        for s in shapes where !s.isEmpty {
            out.append(s.composer.worldPath)
            any = true
        }
        return any ? out : nil
    }
}

/// Draw rules: the drawables under the rules' parent are drawn at the active target's place.
final class RDrawRules: RContainer {
    var drawTargetID: Int?
    unowned(unsafe) var activeTarget: RDrawTarget?
    /// Set once resolved, so an animated target id takes effect at once.
    unowned(unsafe) var artboard: ArtboardInstance?

    override func set(_ key: Int, _ value: PropertyValue) -> Bool {
        if key == RivePropertyKey.drawRulesDrawTargetId {
            drawTargetID = value.index
            if let artboard { resolve(artboard) }
            return true
        }
        return super.set(key, value)
    }

    override func resolve(_ artboard: ArtboardInstance) {
        self.artboard = artboard
        activeTarget = drawTargetID.flatMap { artboard.object($0) as? RDrawTarget }
    }
}

/// A place in the draw order: before or after a drawable.
final class RDrawTarget: RComponent {
    override func unlink() {
        super.unlink()
        targetDependents.removeAll()
        first = nil
        last = nil
    }

    var drawableID: Int?
    var placement = DrawPlacement.before
    unowned(unsafe) var drawable: RDrawable?
    /// Draw targets that must be placed before this one.
    var targetDependents: [RDrawTarget] = []
    // Filled while sorting the draw order.
    var first: RDrawable?
    var last: RDrawable?

    override func set(_ key: Int, _ value: PropertyValue) -> Bool {
        switch key {
        case RivePropertyKey.drawTargetDrawableId: drawableID = value.index
        case RivePropertyKey.drawTargetPlacementValue: placement = value.decoded(placement)
        default: return super.set(key, value)
        }
        return true
    }

    override func resolve(_ artboard: ArtboardInstance) {
        drawable = drawableID.flatMap { artboard.object($0) as? RDrawable }
    }
}

/// The artboard itself: the root of the hierarchy, with a background painted by its own fills
/// and a clip to its bounds.
final class RArtboard: RTransformComponent {
    override func unlink() {
        super.unlink()
        paints.removeAll()
    }

    var width = 0.0, height = 0.0
    var originX = 0.0, originY = 0.0
    var clip = true
    var paints: [RShapePaint] = []
    /// The opacity a host (a nested artboard) imposes.
    var hostOpacity = 1.0
    /// Whether content is drawn with the artboard's top-left at the origin (a scene's own
    /// artboard) or with its origin point there (an artboard nested in another).
    var frameOrigin = true

    override func set(_ key: Int, _ value: PropertyValue) -> Bool {
        switch key {
        case RivePropertyKey.layoutComponentWidth: width = value.double ?? width
        case RivePropertyKey.layoutComponentHeight: height = value.double ?? height
        case RivePropertyKey.artboardOriginX: originX = value.double ?? originX
        case RivePropertyKey.artboardOriginY: originY = value.double ?? originY
        case RivePropertyKey.layoutComponentClip: clip = value.bool ?? clip
        // The artboard's position is where it sits in the editor, not part of its content.
        case RivePropertyKey.nodeX, RivePropertyKey.nodeXArtboard, RivePropertyKey.nodeY, RivePropertyKey.nodeYArtboard:
            return true
        default: return super.set(key, value)
        }
        return true
    }

    override func double(_ key: Int) -> Double? {
        switch key {
        case RivePropertyKey.layoutComponentWidth: return width
        case RivePropertyKey.layoutComponentHeight: return height
        case RivePropertyKey.artboardOriginX: return originX
        case RivePropertyKey.artboardOriginY: return originY
        default: return super.double(key)
        }
    }

    override var childOpacity: Double { renderOpacity * hostOpacity }

    /// The artboard's world transform stays the identity; its rotation and scale apply when
    /// drawing (`selfTransform`), pivoting on its origin.
    override func update(_ artboard: ArtboardInstance) {
        transform = .identity
        worldTransform = .identity
        renderOpacity = opacity
    }

    var hasSelfTransform: Bool { rotation != 0 || scaleX != 1 || scaleY != 1 }
    var selfTransform: Transform { .riveLocal(x: 0, y: 0, rotation: rotation, scaleX: scaleX, scaleY: scaleY) }

    /// The artboard's bounds in its content space (the origin is at `originX, originY` of it).
    var bounds: Rect { Rect(x: -width * originX, y: -height * originY, width: width, height: height) }
}
