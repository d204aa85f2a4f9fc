import CYLTimeline

/// A parsed `.riv` file: its artboards (each with components, linear animations and state
/// machines), file assets and view models. Immutable once read; shared by every renderer.
///
/// Components keep their setup values as (property key, value) pairs: the format identifies a
/// property by its key everywhere (files, animations, data binding), so the runtime applies setup
/// values and animated values through the same typed setters (`Runtime/`). Everything else —
/// animations, keyframes, interpolators, state machines, inputs, view models — is typed here.
public struct RiveFileModel: Sendable {
    public var majorVersion: Int
    public var minorVersion: Int
    public var fileID: UInt64
    public var artboards: [ArtboardModel]
    /// File assets in file order (an asset id indexes this list).
    var assets: [FileAssetModel]
    var viewModels: [ViewModelModel]
    /// View-model instances defined at file level, in file order.
    var viewModelInstances: [ViewModelInstanceModel]
    var dataEnums: [DataEnumModel]
    /// Data converters in file order (a binding's converter id indexes this list).
    var dataConverters: [DataConverterModel]
    public var diagnostics: [Diagnostic]
}

/// A value keyed on a component: the typed counterpart of the file's field types.
enum PropertyValue: Sendable, Equatable {
    case double(Double)
    case uint(UInt64)
    case color(UInt32)
    case bool(Bool)
    case string(String)
    case bytes([UInt8])

    var double: Double? {
        switch self {
        case .double(let d): return d
        case .uint(let u): return Double(u)
        case .bool(let b): return b ? 1 : 0
        default: return nil
        }
    }
    var uint: UInt64? {
        switch self {
        case .uint(let u): return u
        case .bool(let b): return b ? 1 : 0
        case .double(let d): return d.isFinite && d >= 0 && d < 1.8e19 ? UInt64(d) : nil
        default: return nil
        }
    }
    /// An object index (ids are stored as unsigned integers; the all-ones value means none).
    var index: Int? {
        guard let u = uint, u < UInt64(Int32.max) else { return nil }
        return Int(u)
    }
    var bool: Bool? {
        switch self {
        case .bool(let b): return b
        case .uint(let u): return u != 0
        case .double(let d): return d != 0
        default: return nil
        }
    }
    var color: UInt32? {
        switch self {
        case .color(let c): return c
        case .uint(let u): return UInt32(truncatingIfNeeded: u)
        default: return nil
        }
    }
}

/// One property's setup value on a component.
struct ComponentValue: Sendable {
    var key: Int
    var value: PropertyValue
}

/// One object of an artboard's object list (the index space of `parentId`, `objectId`,
/// `targetId` and other references).
struct ComponentModel: Sendable {
    let typeKey: Int
    /// Where the object starts in the file, for messages.
    let offset: Int
    var name: String
    /// Index of the parent in the artboard's object list (the artboard itself has none).
    var parentID: Int?
    var values: [ComponentValue]

    var typeName: String { RiveDefinitions.typeName(of: typeKey) ?? "type \(typeKey)" }
    func isType(_ ancestor: Int) -> Bool { RiveDefinitions.isType(typeKey, kindOf: ancestor) }

    /// The setup value of `key`, if the file sets one.
    func value(_ key: Int) -> PropertyValue? { values.last { $0.key == key }?.value }
    func double(_ key: Int, _ fallback: Double) -> Double { value(key)?.double ?? fallback }
    func uint(_ key: Int, _ fallback: UInt64) -> UInt64 { value(key)?.uint ?? fallback }
    func index(_ key: Int) -> Int? { value(key)?.index }
    func bool(_ key: Int, _ fallback: Bool) -> Bool { value(key)?.bool ?? fallback }
    func bytes(_ key: Int) -> [UInt8]? {
        if case .bytes(let b)? = value(key) { return b }
        return nil
    }
}

/// An artboard: its object list (index 0 is the artboard itself; nil marks objects this reader
/// does not know or that failed validation, which still take their slot), animations and state
/// machines.
public struct ArtboardModel: Sendable {
    public var name: String
    var objects: [ComponentModel?]
    public var animations: [LinearAnimationModel]
    public var stateMachines: [StateMachineModel]
    var dataBinds: [DataBindModel]

    var artboard: ComponentModel { objects[0]! }
    public var width: Double { artboard.double(RivePropertyKey.layoutComponentWidth, 0) }
    public var height: Double { artboard.double(RivePropertyKey.layoutComponentHeight, 0) }
    /// The state machine the file marks as the artboard's default, if it names a valid one.
    public var defaultStateMachineIndex: Int? {
        guard let i = artboard.index(RivePropertyKey.artboardDefaultStateMachineId), i < stateMachines.count else { return nil }
        return i
    }
    /// The view model the artboard binds by default, if any.
    var viewModelIndex: Int? { artboard.index(RivePropertyKey.artboardViewModelId) }
}

/// A file asset (image, font, audio, ...): its id, name and embedded bytes when the file has them.
struct FileAssetModel: Sendable {
    let typeKey: Int
    var name: String
    var assetID: UInt64
    var width: Double
    var height: Double
    /// The embedded contents (`FileAssetContents`), nil when the asset is hosted elsewhere.
    var contents: [UInt8]?
    var cdnUUID: [UInt8]?
    var isImage: Bool { RiveDefinitions.isType(typeKey, kindOf: RiveTypeKey.imageAsset) }
    var isFont: Bool { RiveDefinitions.isType(typeKey, kindOf: RiveTypeKey.fontAsset) }
}
