import CYLGeometry
import CYLTimeline

/// A playable copy of an artboard: every component's current values and what follows from them
/// (world transforms, paths, draw order). Animations and state machines write properties; `update`
/// recomputes the rest in dependency order. Not thread-safe.
final class ArtboardInstance {
    let model: ArtboardModel
    let file: RiveFileModel
    let limits: Limits
    /// The artboard's objects by index (nil for unknown or invalid ones).
    private(set) var objects: [RComponent?]
    let root: RArtboard
    /// Components in update order (parents before children, targets before what they move).
    private(set) var updateOrder: [RComponent] = []
    /// Drawables in file order (the first is drawn on top).
    private(set) var drawables: [RDrawable] = []
    private(set) var drawTargets: [RDrawTarget] = []
    /// Notes made while building or playing (unsupported content), each once.
    private(set) var notes: [ArtboardNote] = []

    /// How many nested artboards deep this instance is (0 for the one a scene plays).
    let depth: Int
    /// Nested artboards, in file order (their animations advance with this artboard).
    private(set) var nested: [RNestedArtboard] = []

    /// The view-model instances bindings and conditions read (nil: nothing is bound).
    let context: DataContext?
    /// The state machines playing on this artboard: events of artboards nested in it reach
    /// their listeners.
    var machines: [WeakMachine] = []
    struct WeakMachine { weak var machine: StateMachinePlayer? }

    /// Decoded image assets (shared with nested artboards).
    let images: ImageCache
    /// Opened font assets and the text shaper (shared with nested artboards).
    let fonts: FontCache
    /// Components the scene may still instantiate (shared with nested artboards).
    let budget: InstanceBudget

    /// Components hold each other strongly, and that graph has cycles by design (a constraint
    /// depends on its target and its parent depends on the constraint; an IK chain's bones hold
    /// the constraint that holds them; a file can add any cycle). The instance owns every
    /// component, so it cuts their links when it goes.
    deinit {
        // A swapped-out nested artboard's paths no longer count against the scene's.
        for case let p as RPath in objects { _ = budget.repath(from: p.rawPath.points.count, to: 0) }
        for case let c? in objects { c.unlink() }
        // A nested artboard's share was taken by the component that made it.
        if depth > 0 { budget.giveBack(model.objects.count) }
    }

    init(_ model: ArtboardModel, file: RiveFileModel, limits: Limits, depth: Int = 0, context: DataContext? = nil,
         images: ImageCache = ImageCache(), fonts: FontCache = FontCache(), budget: InstanceBudget? = nil) {
        self.images = images
        self.fonts = fonts
        // The scene's own artboard always fits: the reader bounded the file by the same limit.
        let budget = budget ?? InstanceBudget(limit: limits.maxObjects, pathPointLimit: limits.maxFramePathPoints)
        if depth == 0 { _ = budget.take(model.objects.count) }
        self.budget = budget
        self.model = model
        self.file = file
        self.limits = limits
        self.depth = depth
        self.context = context
        var objects: [RComponent?] = []
        objects.reserveCapacity(model.objects.count)
        var unsupported: Set<String> = [], partly: Set<String> = []
        for (i, m) in model.objects.enumerated() {
            guard let m else { objects.append(nil); continue }
            let c = Self.make(m, index: i)
            for v in m.values { _ = c.set(v.key, v.value) }
            if let content = Self.unsupportedContent(m) { unsupported.insert(content) }
            if let partial = Self.partlyApplied(m) { partly.insert(partial) }
            objects.append(c)
        }
        self.objects = objects
        root = objects[0] as? RArtboard ?? RArtboard(model.objects[0]!, index: 0)
        self.objects[0] = root
        for kind in unsupported.sorted() { noteOnce(kind, feature: .notDrawn) }
        for kind in partly.sorted() { noteOnce(kind) }
        link()
    }

    func object(_ index: Int) -> RComponent? { index >= 0 && index < objects.count ? objects[index] : nil }

    func noteOnce(_ message: String, feature: Diagnostic.Feature? = nil) {
        let note = ArtboardNote(message: message, feature: feature)
        if !notes.contains(note) { notes.append(note) }
    }

    // MARK: Building

    static func make(_ m: ComponentModel, index i: Int) -> RComponent {
        switch m.typeKey {
        case RiveTypeKey.artboard: return RArtboard(m, index: i)
        case RiveTypeKey.node: return RNode(m, index: i)
        case RiveTypeKey.solo: return RSolo(m, index: i)
        case RiveTypeKey.shape: return RShape(m, index: i)
        case RiveTypeKey.pointsPath: return RPointsPath(m, index: i)
        case RiveTypeKey.rectangle: return RRectangle(m, index: i)
        case RiveTypeKey.ellipse: return REllipse(m, index: i)
        case RiveTypeKey.polygon: return RPolygon(m, index: i)
        case RiveTypeKey.star: return RStar(m, index: i)
        case RiveTypeKey.triangle: return RTriangle(m, index: i)
        case RiveTypeKey.straightVertex: return RStraightVertex(m, index: i)
        case RiveTypeKey.cubicMirroredVertex: return RCubicMirroredVertex(m, index: i)
        case RiveTypeKey.cubicAsymmetricVertex: return RCubicAsymmetricVertex(m, index: i)
        case RiveTypeKey.cubicDetachedVertex: return RCubicDetachedVertex(m, index: i)
        case RiveTypeKey.fill: return RFill(m, index: i)
        case RiveTypeKey.stroke: return RStroke(m, index: i)
        case RiveTypeKey.solidColor: return RSolidColor(m, index: i)
        case RiveTypeKey.linearGradient: return RLinearGradient(m, index: i)
        case RiveTypeKey.radialGradient: return RRadialGradient(m, index: i)
        case RiveTypeKey.gradientStop: return RGradientStop(m, index: i)
        case RiveTypeKey.trimPath: return RTrimPath(m, index: i)
        case RiveTypeKey.dashPath: return RDashPath(m, index: i)
        case RiveTypeKey.dash: return RDash(m, index: i)
        case RiveTypeKey.groupEffect: return RGroupEffect(m, index: i)
        case RiveTypeKey.targetEffect: return RTargetEffect(m, index: i)
        case RiveTypeKey.scriptedPathEffect: return RScriptedPathEffect(m, index: i)
        case RiveTypeKey.feather: return RFeather(m, index: i)
        case RiveTypeKey.clippingShape: return RClippingShape(m, index: i)
        case RiveTypeKey.drawRules: return RDrawRules(m, index: i)
        case RiveTypeKey.drawTarget: return RDrawTarget(m, index: i)
        case RiveTypeKey.bone: return RBone(m, index: i)
        case RiveTypeKey.rootBone: return RRootBone(m, index: i)
        case RiveTypeKey.skin: return RSkin(m, index: i)
        case RiveTypeKey.tendon: return RTendon(m, index: i)
        case RiveTypeKey.weight: return RWeight(m, index: i)
        case RiveTypeKey.cubicWeight: return RCubicWeight(m, index: i)
        case RiveTypeKey.iKConstraint: return RIKConstraint(m, index: i)
        case RiveTypeKey.distanceConstraint: return RDistanceConstraint(m, index: i)
        case RiveTypeKey.transformConstraint: return RTransformConstraint(m, index: i)
        case RiveTypeKey.translationConstraint: return RTranslationConstraint(m, index: i)
        case RiveTypeKey.rotationConstraint: return RRotationConstraint(m, index: i)
        case RiveTypeKey.scaleConstraint: return RScaleConstraint(m, index: i)
        case RiveTypeKey.followPathConstraint: return RFollowPathConstraint(m, index: i)
        case RiveTypeKey.image: return RImage(m, index: i)
        case RiveTypeKey.text: return RText(m, index: i)
        case RiveTypeKey.textStylePaint: return RTextStylePaint(m, index: i)
        case RiveTypeKey.textValueRun: return RTextValueRun(m, index: i)
        case RiveTypeKey.textStyleFeature: return RTextStyleFeature(m, index: i)
        case RiveTypeKey.textStyleAxis: return RTextStyleAxis(m, index: i)
        case RiveTypeKey.textModifierGroup: return RTextModifierGroup(m, index: i)
        case RiveTypeKey.textModifierRange: return RTextModifierRange(m, index: i)
        case RiveTypeKey.cubicInterpolatorComponent: return RCubicInterpolatorComponent(m, index: i)
        case RiveTypeKey.joystick: return RJoystick(m, index: i)
        case RiveTypeKey.nestedArtboard, RiveTypeKey.nestedArtboardLeaf, RiveTypeKey.nestedArtboardLayout:
            return RNestedArtboard(m, index: i)
        case RiveTypeKey.nestedStateMachine: return RNestedStateMachine(m, index: i)
        case RiveTypeKey.nestedSimpleAnimation: return RNestedSimpleAnimation(m, index: i)
        case RiveTypeKey.nestedRemapAnimation: return RNestedRemapAnimation(m, index: i)
        case RiveTypeKey.nestedBool, RiveTypeKey.nestedNumber, RiveTypeKey.nestedTrigger: return RNestedInput(m, index: i)
        case RiveTypeKey.componentOrigin: return RComponentOrigin(m, index: i)
        case RiveTypeKey.mesh: return RMesh(m, index: i)
        case RiveTypeKey.nSlicer: return RNSlicer(m, index: i)
        case RiveTypeKey.nSlicedNode: return RNSlicedNode(m, index: i)
        case RiveTypeKey.axisX, RiveTypeKey.axisY: return RAxis(m, index: i)
        case RiveTypeKey.nSlicerTileMode: return RNSlicerTileMode(m, index: i)
        case RiveTypeKey.meshVertex, RiveTypeKey.contourMeshVertex: return RMeshVertex(m, index: i)
        case RiveTypeKey.viewModelInstance: return RViewModelInstance(m, index: i)
        case _ where m.isType(RiveTypeKey.viewModelInstanceValue): return RViewModelInstanceValue(m, index: i)
        case RiveTypeKey.customPropertyNumber, RiveTypeKey.customPropertyBoolean, RiveTypeKey.customPropertyColor,
             RiveTypeKey.customPropertyString, RiveTypeKey.customPropertyEnum, RiveTypeKey.customPropertyTrigger:
            return RCustomProperty(m, index: i)
        default:
            if m.isType(RiveTypeKey.event) { return REvent(m, index: i) }
            if m.isType(RiveTypeKey.drawable) { return RDrawable(m, index: i) }
            if m.isType(RiveTypeKey.transformComponent) { return RNode(m, index: i) }
            if m.isType(RiveTypeKey.vertex) { return RVertex(m, index: i) }
            if m.isType(RiveTypeKey.containerComponent) { return RContainer(m, index: i) }
            return RComponent(m, index: i)
        }
    }

    /// The kind of content named in a diagnostic when this reader cannot draw it.
    /// What the renderer leaves out of `m`, said as a warning (nil: nothing). Frames lack it, so
    /// every command that draws says so (`Diagnostic.Feature.notDrawn`).
    static func unsupportedContent(_ m: ComponentModel) -> String? {
        switch m.typeKey {
        case RiveTypeKey.textInput: return "text input (\"\(m.name)\") is not drawn"
        case RiveTypeKey.layoutComponent: return "layout (\"\(m.name)\") is not applied; its content keeps the positions the file stores"
        case RiveTypeKey.audioEvent: return "audio event (\"\(m.name)\") is not played"
        default:
            if m.isType(RiveTypeKey.drawable) && m.typeKey != RiveTypeKey.shape && m.typeKey != RiveTypeKey.artboard
                && m.typeKey != RiveTypeKey.image && m.typeKey != RiveTypeKey.text && !m.isType(RiveTypeKey.nestedArtboard) {
                return "\(m.typeName) (\"\(m.name)\") is not supported; it is not drawn"
            }
            return nil
        }
    }

    /// What the renderer applies only in part, said as a note (the content is still drawn).
    static func partlyApplied(_ m: ComponentModel) -> String? {
        switch m.typeKey {
        case RiveTypeKey.textVariationModifier: return "text variation modifiers are not applied; their glyphs keep the font's default axes"
        case RiveTypeKey.textFollowPathModifier: return "text follow-path modifiers are not applied; their glyphs stay on their lines"
        case RiveTypeKey.textStyleBackground: return "text style backgrounds are not drawn; the glyphs are"
        default: return nil
        }
    }

    private func link() {
        for c in objects.dropFirst() {
            guard let c, let p = c.parentID, let parent = object(p) as? RContainer else { continue }
            c.parent = parent
            parent.children.append(c)
        }
        for c in objects { c?.resolve(self) }
        for c in objects { c?.link(self) }
        for c in objects { c?.buildDependencies(self) }
        nested = objects.compactMap { $0 as? RNestedArtboard }
        sortDependencies()

        // Draw rules apply to the drawables under the rules' parent (the nearest rules win).
        var rulesByParent: [ObjectIdentifier: RDrawRules] = [:]
        for c in objects {
            if let r = c as? RDrawRules, let p = r.parent { rulesByParent[ObjectIdentifier(p)] = r }
        }
        for c in objects.dropFirst() {
            guard let d = c as? RDrawable else { continue }
            drawables.append(d)
            var node: RComponent? = d
            while let n = node {
                if let r = rulesByParent[ObjectIdentifier(n)] { d.drawRules = r; break }
                node = n.parent
            }
        }
        sortDrawTargets(rulesByParent)
        for n in images.notes { noteOnce(n.message, feature: n.feature) }
        // Texts lay out once here so their fonts' notes are known before anything plays.
        for case let t as RText in objects { t.layOut(self) }
        for n in fonts.notes { noteOnce(n.message, feature: n.feature) }
        // The default view-model instance is bound before anything plays.
        bindings = DataBindings(self)
        bindings?.pushToTargets(self)
    }

    /// Depth-first from the artboard: each component comes before everything that depends on it.
    private func sortDependencies() {
        var permanent = Set<ObjectIdentifier>(), temporary = Set<ObjectIdentifier>()
        var order: [RComponent] = []
        var cycle = false
        func visit(_ c: RComponent) {
            let id = ObjectIdentifier(c)
            if permanent.contains(id) { return }
            if temporary.contains(id) { cycle = true; return }
            temporary.insert(id)
            for d in c.dependents { visit(d) }
            permanent.insert(id)
            order.append(c)
        }
        visit(root)
        if cycle { noteOnce("the artboard's dependencies form a cycle; some parts may lag a frame") }
        updateOrder = order.reversed()
        for (i, c) in updateOrder.enumerated() { c.graphOrder = i }
    }

    /// Orders draw targets so a target whose drawable is itself placed by other rules comes after
    /// those rules' targets.
    private func sortDrawTargets(_ rulesByParent: [ObjectIdentifier: RDrawRules]) {
        var rulesList: [RDrawRules] = []
        for c in objects {
            if let c, let r = rulesByParent[ObjectIdentifier(c)] { rulesList.append(r) }
        }
        let allTargets = objects.compactMap { $0 as? RDrawTarget }
        var rootDependents: [RDrawTarget] = []
        for rules in rulesList {
            for case let target as RDrawTarget in rules.children {
                if !rootDependents.contains(where: { $0 === target }) { rootDependents.append(target) }
                if let dependentRules = target.drawable?.drawRules {
                    for t in allTargets where t.parent === dependentRules {
                        if !t.targetDependents.contains(where: { $0 === target }) { t.targetDependents.append(target) }
                    }
                }
            }
        }
        var seen = Set<ObjectIdentifier>(), temporary = Set<ObjectIdentifier>()
        var order: [RDrawTarget] = []
        func visit(_ t: RDrawTarget) {
            let id = ObjectIdentifier(t)
            if seen.contains(id) || temporary.contains(id) { return }
            temporary.insert(id)
            for d in t.targetDependents { visit(d) }
            seen.insert(id)
            order.append(t)
        }
        for t in rootDependents { visit(t) }
        drawTargets = order.reversed()
    }

    // MARK: Each frame

    /// Bindings to the artboard's default view-model instance (nil when it binds none).
    private(set) var bindings: DataBindings?

    /// Recomputes transforms, opacities, paths and constraints from the current properties,
    /// after changed view-model values reach their targets (and before targets write back).
    func update() {
        bindings?.pushToTargets(self)
        // Joysticks apply their animations before the update, or after it when they follow a
        // handle (whose position the update computes), then the artboard updates again.
        let beforeOnly = joysticks.allSatisfy(\.appliesBeforeUpdate)
        if beforeOnly { for j in joysticks { j.apply(self) } }
        for c in updateOrder where !c.isCollapsed { c.update(self) }
        if !beforeOnly {
            for j in joysticks { j.apply(self) }
            for c in updateOrder where !c.isCollapsed { c.update(self) }
        }
        bindings?.pullToSources()
        bindings?.pushToTargets(self)
    }

    private(set) lazy var joysticks: [RJoystick] = objects.compactMap { $0 as? RJoystick }
    private lazy var triggerProperties: [RCustomProperty] = objects.compactMap { ($0 as? RCustomProperty).flatMap { $0.isTrigger ? $0 : nil } }

    /// Ends one pass of a frame: trigger properties fall back to 0, view-model changes are
    /// forgotten (here, in the view models this artboard binds, and in nested artboards).
    func endFramePass() {
        var visited = Set<ObjectIdentifier>()
        endFramePass(&visited, depth: 0)
    }

    private func endFramePass(_ visited: inout Set<ObjectIdentifier>, depth: Int) {
        guard depth < 64 else { return }
        for t in triggerProperties { t.triggerCount = 0 }
        var context = self.context
        while let c = context {
            for i in c.instances { i.endPass(&visited) }
            context = c.parent
        }
        for n in nested { n.instance?.endFramePass(&visited, depth: depth + 1) }
    }

    /// Advances what plays inside the artboard on its own (nested artboards' animations and state
    /// machines); returns whether any of it may still change. `newFrame` is false for the extra
    /// passes within one frame, where nested state machines only take pending transitions.
    func advanceNested(_ seconds: Double, newFrame: Bool = true) -> Bool {
        var keepGoing = false
        for n in nested where n.advance(seconds, newFrame: newFrame) { keepGoing = true }
        return keepGoing
    }

    /// Applies a property value to object `index`, as an animation or binding does.
    @discardableResult
    func set(_ index: Int, _ key: Int, _ value: PropertyValue) -> Bool {
        guard let c = object(index) else { return false }
        return c.set(key, value)
    }

    /// The drawables in the order they are painted (back to front), draw rules applied.
    func paintOrder() -> [RDrawable] {
        for t in drawTargets { t.first = nil; t.last = nil }
        // Linked list in file order; rules move drawables next to their target.
        var next: [ObjectIdentifier: RDrawable] = [:], prev: [ObjectIdentifier: RDrawable] = [:]
        func link(_ a: RDrawable?, _ b: RDrawable?) {
            if let a { if let b { next[ObjectIdentifier(a)] = b } else { next[ObjectIdentifier(a)] = nil } }
            if let b { if let a { prev[ObjectIdentifier(b)] = a } else { prev[ObjectIdentifier(b)] = nil } }
        }
        var head: RDrawable? = nil, tail: RDrawable? = nil
        for d in drawables {
            if let target = d.drawRules?.activeTarget {
                if target.first == nil {
                    target.first = d; target.last = d
                    prev[ObjectIdentifier(d)] = nil; next[ObjectIdentifier(d)] = nil
                } else {
                    link(target.last, d)
                    target.last = d
                    next[ObjectIdentifier(d)] = nil
                }
            } else {
                prev[ObjectIdentifier(d)] = tail
                next[ObjectIdentifier(d)] = nil
                if let t = tail { next[ObjectIdentifier(t)] = d } else { head = d }
                tail = d
            }
        }
        for rule in drawTargets {
            guard let first = rule.first, let last = rule.last, let target = rule.drawable else { continue }
            if rule.placement == .before {
                // Before the target in the list: drawn above it.
                if let p = prev[ObjectIdentifier(target)] {
                    next[ObjectIdentifier(p)] = first
                    prev[ObjectIdentifier(first)] = p
                }
                if target === head { head = first }
                prev[ObjectIdentifier(target)] = last
                next[ObjectIdentifier(last)] = target
            } else {
                if let n = next[ObjectIdentifier(target)] {
                    prev[ObjectIdentifier(n)] = last
                    next[ObjectIdentifier(last)] = n
                }
                if target === tail { tail = last }
                next[ObjectIdentifier(target)] = first
                prev[ObjectIdentifier(first)] = target
            }
        }
        _ = head
        // Painted from the list's end backwards: the first drawable in the file ends on top.
        var order: [RDrawable] = []
        var d = tail
        var guardCount = 0
        while let cur = d, guardCount <= drawables.count {
            order.append(cur)
            d = prev[ObjectIdentifier(cur)]
            guardCount += 1
        }
        return order
    }
}

/// A note an artboard makes while it is built or played, with the feature it concerns (content
/// not drawn, an image that cannot be read) so tools can tell them apart without reading text.
struct ArtboardNote: Equatable {
    var message: String
    var feature: Diagnostic.Feature?
}
