import CYLGeometry

/// One object of an artboard instance: the runtime state of a component (its current property
/// values and what is computed from them). Subclasses mirror the format's type hierarchy; each
/// takes the property keys it declares through `set` (setup values, animation, data binding) and
/// leaves the rest to its superclass.
class RComponent {
    let index: Int
    let typeKey: Int
    let name: String
    /// Index of the parent in the artboard's object list.
    let parentID: Int?
    unowned(unsafe) var parent: RContainer?
    /// Components that must update after this one (the format's dependency graph).
    var dependents: [RComponent] = []
    /// Hidden by a solo that selects another child (and everything under it).
    var isCollapsed = false
    /// Position in the artboard's update order (nil: not updated each frame).
    var graphOrder: Int?

    init(_ model: ComponentModel, index: Int) {
        self.index = index
        self.typeKey = model.typeKey
        self.name = model.name
        self.parentID = model.parentID
    }

    func isType(_ ancestor: Int) -> Bool { RiveDefinitions.isType(typeKey, kindOf: ancestor) }

    /// Applies a value of property `key`; false when this component has no such property (or
    /// this reader does not use it).
    func set(_ key: Int, _ value: PropertyValue) -> Bool { false }
    /// The current value of a number property, for mixing animations.
    func double(_ key: Int) -> Double? { nil }
    /// The current value of a colour property, for mixing animations.
    func color(_ key: Int) -> UInt32? { nil }

    /// Resolves references to other objects by index (all objects exist now).
    func resolve(_ artboard: ArtboardInstance) {}
    /// Links what needs resolved references of other objects (their parents are set).
    func link(_ artboard: ArtboardInstance) {}
    /// Declares which components update after this one.
    func buildDependencies(_ artboard: ArtboardInstance) {}
    /// Recomputes what this component derives from its properties (called in dependency order).
    func update(_ artboard: ArtboardInstance) {}

    /// Drops every strong reference this component holds to other components. The graph has
    /// cycles (dependents, constraints and their chains, draw-order links), so the artboard
    /// instance that owns every component calls this on each when it goes.
    func unlink() {
        dependents.removeAll()
        dependentIDs.removeAll()
    }

    func addDependent(_ c: RComponent) {
        if dependentIDs.insert(ObjectIdentifier(c)).inserted { dependents.append(c) }
    }
    /// `dependents` as a set: the artboard gains one dependent per component, so checking the
    /// list itself made opening a file quadratic (500 000 objects: 470 s).
    private var dependentIDs: Set<ObjectIdentifier> = []

    /// Visits this component and everything under it.
    func forAll(_ body: (RComponent) -> Void) { body(self) }

    /// Sets the collapse flag on this component (and, for containers, its subtree).
    func collapse(_ value: Bool) { isCollapsed = value }
}

/// A component with children.
class RContainer: RComponent {
    override func unlink() {
        super.unlink()
        children.removeAll()
    }

    var children: [RComponent] = []

    override func forAll(_ body: (RComponent) -> Void) {
        body(self)
        for c in children { c.forAll(body) }
    }

    override func collapse(_ value: Bool) {
        isCollapsed = value
        for c in children { c.collapse(value) }
    }
}

/// A component with a world transform and an opacity its children inherit.
class RTransformComponent: RContainer {
    var x = 0.0, y = 0.0
    var rotation = 0.0, scaleX = 1.0, scaleY = 1.0
    var opacity = 1.0
    /// The local transform (from the properties, or rewritten by an IK solve).
    var transform = Transform.identity
    var worldTransform = Transform.identity
    /// Opacity times the parent's render opacity.
    var renderOpacity = 1.0
    unowned(unsafe) var parentTransform: RTransformComponent?
    var constraints: [RConstraint] = []

    override func unlink() {
        super.unlink()
        constraints.removeAll()
    }

    override func set(_ key: Int, _ value: PropertyValue) -> Bool {
        switch key {
        case RivePropertyKey.nodeX, RivePropertyKey.nodeXArtboard: x = value.double ?? x
        case RivePropertyKey.nodeY, RivePropertyKey.nodeYArtboard: y = value.double ?? y
        case RivePropertyKey.transformComponentRotation: rotation = value.double ?? rotation
        case RivePropertyKey.transformComponentScaleX: scaleX = value.double ?? scaleX
        case RivePropertyKey.transformComponentScaleY: scaleY = value.double ?? scaleY
        case RivePropertyKey.worldTransformComponentOpacity: opacity = value.double ?? opacity
        default: return super.set(key, value)
        }
        return true
    }

    override func double(_ key: Int) -> Double? {
        switch key {
        case RivePropertyKey.nodeX, RivePropertyKey.nodeXArtboard: return x
        case RivePropertyKey.nodeY, RivePropertyKey.nodeYArtboard: return y
        case RivePropertyKey.transformComponentRotation: return rotation
        case RivePropertyKey.transformComponentScaleX: return scaleX
        case RivePropertyKey.transformComponentScaleY: return scaleY
        case RivePropertyKey.worldTransformComponentOpacity: return opacity
        default: return super.double(key)
        }
    }

    override func link(_ artboard: ArtboardInstance) {
        parentTransform = parent as? RTransformComponent
    }

    override func buildDependencies(_ artboard: ArtboardInstance) {
        parent?.addDependent(self)
    }

    /// The translation used by the local transform (a bone sits at its parent's tip).
    var localX: Double { x }
    var localY: Double { y }

    /// The opacity children inherit.
    var childOpacity: Double { renderOpacity }

    func updateTransform() {
        transform = .riveLocal(x: localX, y: localY, rotation: rotation, scaleX: scaleX, scaleY: scaleY)
    }

    func composeWorldTransform() {
        worldTransform = parentTransform.map { $0.worldTransform * transform } ?? transform
    }

    func updateWorldTransform() {
        composeWorldTransform()
        for c in constraints { c.constrain(self) }
    }

    override func update(_ artboard: ArtboardInstance) {
        updateTransform()
        updateWorldTransform()
        renderOpacity = opacity * (parentTransform?.childOpacity ?? 1)
    }

    var worldTranslation: Point { worldTransform.translation }

    /// Bounds a transform constraint's origin is relative to (empty for most components).
    var constraintBounds: Rect { Rect(minX: 0, minY: 0, maxX: 0, maxY: 0) }
}

/// A plain group (the format's Node) and the base of everything positioned in an artboard.
class RNode: RTransformComponent {}

/// Shows only one of its children (the active one); the others collapse.
final class RSolo: RNode {
    var activeComponentID: Int = 0

    override func set(_ key: Int, _ value: PropertyValue) -> Bool {
        if key == RivePropertyKey.soloActiveComponentId {
            activeComponentID = value.index ?? activeComponentID
            propagateCollapse(isCollapsed)
            return true
        }
        return super.set(key, value)
    }

    override func link(_ artboard: ArtboardInstance) {
        super.link(artboard)
        propagateCollapse(isCollapsed)
    }

    override func collapse(_ value: Bool) {
        isCollapsed = value
        propagateCollapse(value)
    }

    /// Constraints and clipping shapes are properties of the solo, not options of it.
    static func isOption(_ c: RComponent) -> Bool {
        !(c is RConstraint || c is RClippingShape)
    }

    func propagateCollapse(_ collapse: Bool) {
        for child in children {
            if !Self.isOption(child) {
                child.collapse(collapse)
            } else {
                child.collapse(collapse || child.index != activeComponentID)
            }
        }
    }
}

/// A custom property: a named value animations and bindings read and write (number, boolean,
/// colour, string, enum).
final class RCustomProperty: RComponent {
    var number = 0.0
    var flag = false
    var colorValue: UInt32 = 0xFF1D_1D1D
    var text = ""
    var enumValue: UInt64 = 0
    /// A trigger property counts its firings until the frame ends.
    var triggerCount: UInt64 = 0
    var isTrigger: Bool { typeKey == RiveTypeKey.customPropertyTrigger }

    func fire() { if isTrigger { triggerCount += 1 } }

    override func set(_ key: Int, _ value: PropertyValue) -> Bool {
        switch key {
        case RivePropertyKey.customPropertyNumberPropertyValue: number = value.double ?? number
        case RivePropertyKey.customPropertyBooleanPropertyValue: flag = value.bool ?? flag
        case RivePropertyKey.customPropertyColorPropertyValue: colorValue = value.color ?? colorValue
        case RivePropertyKey.customPropertyStringPropertyValue: if case .string(let t) = value { text = t }
        case RivePropertyKey.customPropertyEnumPropertyValue: enumValue = value.uint ?? enumValue
        case RivePropertyKey.customPropertyTriggerPropertyValue: triggerCount = value.uint ?? triggerCount
        default: return super.set(key, value)
        }
        return true
    }

    override func double(_ key: Int) -> Double? {
        key == RivePropertyKey.customPropertyNumberPropertyValue ? number : super.double(key)
    }

    override func color(_ key: Int) -> UInt32? {
        key == RivePropertyKey.customPropertyColorPropertyValue ? colorValue : super.color(key)
    }
}

/// An event: animations and listeners report it; listeners hear it.
final class REvent: RContainer {}
