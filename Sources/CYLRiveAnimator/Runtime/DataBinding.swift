#if canImport(Glibc)
import Glibc
#endif

/// A view-model value while a scene plays.
enum ViewModelLiveValue: Equatable {
    case number(Double)
    case string(String)
    case bool(Bool)
    case color(UInt32)
    case enumValue(Int)
    case trigger(UInt64)
    case instance(ViewModelLiveInstance)
    case asset(Int)
    case artboard(Int)
    case none

    static func == (a: ViewModelLiveValue, b: ViewModelLiveValue) -> Bool {
        switch (a, b) {
        case let (.number(x), .number(y)): return x == y
        case let (.string(x), .string(y)): return x == y
        case let (.bool(x), .bool(y)): return x == y
        case let (.color(x), .color(y)): return x == y
        case let (.enumValue(x), .enumValue(y)): return x == y
        case let (.trigger(x), .trigger(y)): return x == y
        case let (.instance(x), .instance(y)): return x === y
        case let (.asset(x), .asset(y)): return x == y
        case let (.artboard(x), .artboard(y)): return x == y
        case (.none, .none): return true
        default: return false
        }
    }
}

/// A view-model instance while a scene plays: its values by property index, each with a version
/// that changes whenever the value does (bindings reapply only what changed).
final class ViewModelLiveInstance {
    let viewModel: Int
    var values: [Int: ViewModelLiveValue] = [:]
    var versions: [Int: Int] = [:]
    /// Properties changed since the last pass of the frame ended, and the state machine layers
    /// that have used each change (a transition takes a change once per layer).
    private(set) var changed: Set<Int> = []
    private var usedBy: [Int: Set<LayerKey>] = [:]

    init(viewModel: Int) { self.viewModel = viewModel }

    /// A new instance of view model `index` with every property at its type's default (what the
    /// corpus's reference renders bind), or with `fromFile` the file's first instance of it,
    /// completed with defaults for the properties it does not set.
    static func makeDefault(_ index: Int, file: RiveFileModel, fromFile: Bool = false, depth: Int = 0) -> ViewModelLiveInstance? {
        guard index >= 0, index < file.viewModels.count, depth < 16 else { return nil }
        let vm = file.viewModels[index]
        let live = ViewModelLiveInstance(viewModel: index)
        let stored: ViewModelInstanceModel? = fromFile ? vm.instances.first.map { file.viewModelInstances[$0] } : nil
        for (p, property) in vm.properties.enumerated() {
            let value = stored?.values.last { $0.property == p }?.value
            live.values[p] = Self.live(value, property, file: file, depth: depth)
        }
        return live
    }

    /// A plain value as it plays (nil for nested instances and values of other kinds).
    static func live(_ v: ViewModelValue) -> ViewModelLiveValue? {
        switch v {
        case .number(let d): return .number(d)
        case .string(let s): return .string(s)
        case .bool(let b): return .bool(b)
        case .color(let c): return .color(c)
        case .enumValue(let e): return .enumValue(e)
        case .trigger(let t): return .trigger(t)
        case .asset(let a): return .asset(a)
        case .artboard(let a): return .artboard(a)
        case .instance, .other: return nil
        }
    }

    static func live(_ v: ViewModelValue?, _ property: ViewModelPropertyModel, file: RiveFileModel, depth: Int) -> ViewModelLiveValue {
        switch v {
        case .number(let d)?: return .number(d)
        case .string(let s)?: return .string(s)
        case .bool(let b)?: return .bool(b)
        case .color(let c)?: return .color(c)
        case .enumValue(let e)?: return .enumValue(e)
        case .trigger(let t)?: return .trigger(t)
        case .asset(let a)?: return .asset(a)
        case .artboard(let a)?: return .artboard(a)
        case .instance(let i)? where i >= 0 && i < file.viewModelInstances.count:
            let model = file.viewModelInstances[i]
            let nested = ViewModelLiveInstance(viewModel: model.viewModel)
            if model.viewModel < file.viewModels.count, depth < 16 {
                for (p, prop) in file.viewModels[model.viewModel].properties.enumerated() {
                    nested.values[p] = live(model.values.last { $0.property == p }?.value, prop, file: file, depth: depth + 1)
                }
            }
            return .instance(nested)
        default:
            switch property.kind {
            case .number: return .number(0)
            case .string: return .string("")
            case .bool: return .bool(false)
            case .color: return .color(0xFF00_0000)
            case .enumType: return .enumValue(0)
            case .trigger: return .trigger(0)
            case .image: return .asset(-1)
            case .artboard: return .artboard(-1)
            case .viewModel:
                if let r = property.referencedViewModel, let nested = makeDefault(r, file: file, depth: depth + 1) { return .instance(nested) }
                return .none
            default: return .none
            }
        }
    }

    /// The instance and property a binding path (view model, then property indices) names.
    func resolve(_ path: [Int]) -> (ViewModelLiveInstance, Int)? {
        guard path.count >= 2, path[0] == viewModel else { return nil }
        var current = self
        for id in path.dropFirst().dropLast() {
            guard case .instance(let next)? = current.values[id] else { return nil }
            current = next
        }
        return current.values[path.last!] == nil ? nil : (current, path.last!)
    }

    func set(_ property: Int, _ value: ViewModelLiveValue) {
        guard values[property] != value else { return }
        values[property] = value
        versions[property, default: 0] += 1
        changed.insert(property)
    }

    func isUsed(_ property: Int, by layer: LayerKey) -> Bool { usedBy[property]?.contains(layer) ?? false }
    func use(_ property: Int, by layer: LayerKey) { usedBy[property, default: []].insert(layer) }

    /// Ends a pass of the frame: changes are forgotten and triggers fall back to 0 (quietly:
    /// nothing bound to them hears it). Nested instances end theirs too.
    func endPass(_ visited: inout Set<ObjectIdentifier>) {
        guard visited.insert(ObjectIdentifier(self)).inserted else { return }
        changed.removeAll(keepingCapacity: true)
        usedBy.removeAll(keepingCapacity: true)
        for (p, v) in values {
            switch v {
            case .trigger(let n) where n != 0: values[p] = .trigger(0)
            case .instance(let nested): nested.endPass(&visited)
            default: break
            }
        }
    }
}

/// One layer of one playing state machine.
struct LayerKey: Hashable {
    var machine: ObjectIdentifier
    var layer: Int
}

/// The view-model instances an artboard's bindings and conditions read: its own (the scene's
/// artboard binds a new instance of its view model; a nested artboard may bind one found along a
/// path), then its host's.
final class DataContext {
    let instances: [ViewModelLiveInstance]
    let parent: DataContext?

    init(instances: [ViewModelLiveInstance], parent: DataContext?) {
        self.instances = instances
        self.parent = parent
    }

    /// The context of a scene's own artboard: a new instance of its view model, if it has one.
    static func root(_ board: ArtboardModel, file: RiveFileModel) -> DataContext? {
        guard let vm = board.viewModelIndex, let instance = ViewModelLiveInstance.makeDefault(vm, file: file) else { return nil }
        return DataContext(instances: [instance], parent: nil)
    }

    func resolve(_ path: [Int]) -> (ViewModelLiveInstance, Int)? {
        for i in instances { if let r = i.resolve(path) { return r } }
        return parent?.resolve(path)
    }

    func value(_ path: [Int]) -> ViewModelLiveValue? {
        resolve(path).flatMap { $0.0.values[$0.1] }
    }
}

/// The bindings of one artboard instance to its view-model instance: values flow from the view
/// model to component properties (and back, for bindings that write their target to the source),
/// when they change.
final class DataBindings {
    struct Binding {
        let model: DataBindModel
        let component: RComponent
        let instance: ViewModelLiveInstance
        let property: Int
        let converter: DataConverterModel?
        /// The source version last applied, or the target value last written back.
        var appliedVersion = -1
        var lastTarget: ViewModelLiveValue?

        var toTarget: Bool { model.flags & 1 == 0 || model.flags & 2 != 0 }
        var toSource: Bool { model.flags & 1 != 0 || model.flags & 2 != 0 }
    }
    private(set) var bindings: [Binding] = []

    init?(_ artboard: ArtboardInstance) {
        guard let context = artboard.context else { return nil }
        for b in artboard.model.dataBinds {
            guard let c = artboard.object(b.target), let (instance, property) = context.resolve(b.sourcePath) else { continue }
            let converter = b.converter.flatMap { $0 < artboard.file.dataConverters.count ? artboard.file.dataConverters[$0] : nil }
            bindings.append(Binding(model: b, component: c, instance: instance, property: property, converter: converter))
        }
        if bindings.isEmpty { return nil }
    }

    /// Writes changed view-model values into their targets.
    func pushToTargets(_ artboard: ArtboardInstance) {
        for i in bindings.indices where bindings[i].toTarget {
            let b = bindings[i]
            let version = b.instance.versions[b.property, default: 0]
            guard version != b.appliedVersion, let value = b.instance.values[b.property] else { continue }
            bindings[i].appliedVersion = version
            Self.apply(convert(value, b.converter, artboard), to: b.component, key: b.model.propertyKey, artboard: artboard)
            if b.toSource { bindings[i].lastTarget = Self.read(b.component, key: b.model.propertyKey, like: value) }
        }
    }

    /// Writes targets that changed back into the view model (bindings towards the source).
    func pullToSources() {
        for i in bindings.indices where bindings[i].toSource {
            let b = bindings[i]
            guard let current = b.instance.values[b.property],
                  let value = Self.read(b.component, key: b.model.propertyKey, like: current) else { continue }
            if value != b.lastTarget {
                bindings[i].lastTarget = value
                b.instance.set(b.property, value)
                // Our own write is already in the target.
                bindings[i].appliedVersion = b.instance.versions[b.property, default: 0]
            }
        }
    }

    func convert(_ v: ViewModelLiveValue, _ c: DataConverterModel?, _ artboard: ArtboardInstance) -> ViewModelLiveValue {
        c.map { Self.convertValue(v, $0, in: artboard.file.dataConverters) } ?? v
    }

    /// How deeply converter groups may nest (a group that holds itself stops here).
    static let maxConverterDepth = 8

    /// A value passed through a converter (unsupported converters pass it unchanged); a group's
    /// items are indices into `converters`, the file's list.
    static func convertValue(_ v: ViewModelLiveValue, _ c: DataConverterModel, in converters: [DataConverterModel] = [],
                             depth: Int = 0) -> ViewModelLiveValue {
        switch (c.kind, v) {
        case (.group(let items), _):
            guard depth < maxConverterDepth else { return v }
            return items.reduce(v) { value, i in
                i >= 0 && i < converters.count ? convertValue(value, converters[i], in: converters, depth: depth + 1) : value
            }
        case (.degreesToRadians, .number(let x)): return .number(x * .pi / 180)
        case (.negate, .bool(let b)): return .bool(!b)
        case (.trigger, .trigger(let n)): return .trigger(n &+ 1)
        case (.trigger, .number(let d)): return .trigger(UInt64(max(0, d)) &+ 1)
        case (.trigger, _): return .trigger(0)
        case let (.operation(op, operand), .number(x)):
            switch op {
            case 0: return .number(x + operand)
            case 1: return .number(x - operand)
            case 2: return .number(x * operand)
            case 3: return .number(operand == 0 ? x : x / operand)
            case 4: return .number(operand == 0 ? x : fmod(x, operand))
            default: return v
            }
        case let (.rangeMapper(minIn, maxIn, minOut, maxOut, flags), .number(x)):
            if minOut == maxOut { return .number(minOut) }
            var value = x
            if value < minIn && flags & 1 != 0 { value = minIn } else if value > maxIn && flags & 2 != 0 { value = maxIn }
            if (value < minIn || value > maxIn) && flags & 4 != 0 { value = abs(positiveMod(value, maxIn - minIn) + minIn) }
            var perc = maxIn == minIn ? 0 : (value - minIn) / (maxIn - minIn)
            if flags & 8 != 0 { perc = 1 - perc }
            return .number(perc * maxOut + (1 - perc) * minOut)
        default:
            return v
        }
    }

    /// Sets property `key` of `c` from a view-model value, converted to the property's field type.
    static func apply(_ v: ViewModelLiveValue, to c: RComponent, key: Int, artboard: ArtboardInstance) {
        if key == RivePropertyKey.soloActiveComponentId, let solo = c as? RSolo {
            switch v {
            case .number(let d): solo.select(index: max(0, Int(clamping: d.rounded())))
            case .enumValue(let e): solo.select(index: e)
            case .string(let s): solo.select(name: s)
            default: break
            }
            return
        }
        let value: PropertyValue?
        switch RiveDefinitions.fieldType(ofProperty: key) {
        case .float?:
            switch v {
            case .number(let d): value = .double(d)
            case .bool(let b): value = .double(b ? 1 : 0)
            case .enumValue(let e): value = .double(Double(e))
            default: value = nil
            }
        case .color?:
            if case .color(let c) = v { value = .color(c) } else { value = nil }
        case .bool?:
            switch v {
            case .bool(let b): value = .bool(b)
            case .number(let d): value = .bool(d != 0)
            default: value = nil
            }
        case .uint?:
            switch v {
            case .number(let d): value = .uint(UInt64(max(0, d.rounded())))
            case .bool(let b): value = .uint(b ? 1 : 0)
            case .enumValue(let e): value = .uint(UInt64(max(0, e)))
            case .asset(let a), .artboard(let a): value = .uint(a < 0 ? UInt64(UInt32.max) : UInt64(a))
            case .trigger(let t): value = .uint(t)
            default: value = nil
            }
        case .string?:
            if case .string(let s) = v { value = .string(s) } else { value = nil }
        default:
            value = nil
        }
        if let value, !c.set(key, value) {
            let name = RiveDefinitions.propertyName(of: key) ?? "property \(key)"
            artboard.noteOnce("binding \(name) to a view model is not supported; ignored")
        }
    }

    /// The target's current value, in the kind of the view-model value it binds.
    static func read(_ c: RComponent, key: Int, like v: ViewModelLiveValue) -> ViewModelLiveValue? {
        switch v {
        case .number: return c.double(key).map { .number($0) }
        case .color: return c.color(key).map { .color($0) }
        case .bool: return (c as? RCustomProperty).flatMap { key == RivePropertyKey.customPropertyBooleanPropertyValue ? .bool($0.flag) : nil }
        case .trigger:
            return (c as? RCustomProperty).flatMap { key == RivePropertyKey.customPropertyTriggerPropertyValue ? .trigger($0.triggerCount) : nil }
        default: return nil
        }
    }
}

extension RSolo {
    /// Activates the `index`th option (constraints and clipping shapes are not options).
    func select(index: Int) {
        let options = children.filter(Self.isOption)
        guard index >= 0, index < options.count else { return }
        _ = set(RivePropertyKey.soloActiveComponentId, .uint(UInt64(options[index].index)))
    }

    func select(name: String) {
        guard let c = children.first(where: { Self.isOption($0) && $0.name == name }) else { return }
        _ = set(RivePropertyKey.soloActiveComponentId, .uint(UInt64(c.index)))
    }
}

/// A view-model instance placed in an artboard (the state of a stateful nested artboard): its
/// values are components that bindings in the artboard can write.
final class RViewModelInstance: RContainer {
    var viewModel = 0
    private(set) var live: ViewModelLiveInstance?

    override func set(_ key: Int, _ value: PropertyValue) -> Bool {
        if key == RivePropertyKey.viewModelInstanceViewModelId { viewModel = value.index ?? viewModel; return true }
        return super.set(key, value)
    }

    override func resolve(_ artboard: ArtboardInstance) {
        // A stateful host may have built it already.
        guard live == nil else { return }
        let instance = ViewModelLiveInstance.makeDefault(viewModel, file: artboard.file) ?? ViewModelLiveInstance(viewModel: viewModel)
        for case let v as RViewModelInstanceValue in children {
            v.owner = instance
            if let value = v.value { instance.set(v.property, value) }
        }
        live = instance
    }
}

/// One value of a view-model instance placed in an artboard.
final class RViewModelInstanceValue: RComponent {
    var property = 0
    var value: ViewModelLiveValue?
    unowned(unsafe) var owner: ViewModelLiveInstance?

    override func set(_ key: Int, _ v: PropertyValue) -> Bool {
        let live: ViewModelLiveValue?
        switch key {
        case RivePropertyKey.viewModelInstanceValueViewModelPropertyId: property = v.index ?? property; return true
        case RivePropertyKey.viewModelInstanceNumberPropertyValue: live = v.double.map { .number($0) }
        case RivePropertyKey.viewModelInstanceColorPropertyValue: live = v.color.map { .color($0) }
        case RivePropertyKey.viewModelInstanceBooleanPropertyValue: live = v.bool.map { .bool($0) }
        case RivePropertyKey.viewModelInstanceEnumPropertyValue: live = v.index.map { .enumValue($0) }
        case RivePropertyKey.viewModelInstanceStringPropertyValue:
            if case .string(let t) = v { live = .string(t) } else { live = nil }
        default: return super.set(key, v)
        }
        guard let live else { return true }
        value = live
        owner?.set(property, live)
        return true
    }

    override func double(_ key: Int) -> Double? {
        if case .number(let d)? = value, key == RivePropertyKey.viewModelInstanceNumberPropertyValue { return d }
        return super.double(key)
    }

    override func color(_ key: Int) -> UInt32? {
        if case .color(let c)? = value, key == RivePropertyKey.viewModelInstanceColorPropertyValue { return c }
        return super.color(key)
    }
}
