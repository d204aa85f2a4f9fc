import CYLTimeline

/// Turns the flat object stream into the typed file model. Objects attach to what came before
/// them, as the format defines: components to the latest artboard, keyed objects to the latest
/// animation, states to the latest layer, and so on. Unknown objects keep their slot where the
/// format says they do. Malformed structure (references out of range, cycles, layers without
/// their system states) is an error naming the byte where the object starts; things the runtime
/// merely skips become diagnostics.
///
/// This file holds the dispatch and the artboard objects; `Importer+Animation`,
/// `Importer+StateMachine` and `Importer+ViewModel` hold the rest.
struct RiveImporter {
    let bytes: [UInt8]
    let file: String
    let limits: Limits
    var diagnostics: [Diagnostic] = []
    private var noteCounts: [String: Int] = [:]
    private var noteIndex: [String: Int] = [:]

    var artboards: [ArtboardBuilder] = []
    var assets: [FileAssetModel] = []
    var viewModels: [ViewModelModel] = []
    var viewModelInstances: [ViewModelInstanceModel] = []
    var dataEnums: [DataEnumModel] = []
    var dataConverters: [DataConverterModel] = []

    /// Where an object of a type this reader does not know takes its slot: the latest of these
    /// contexts to be opened (the format's import stack).
    enum Context { case artboard, keyedProperty, stateMachine, layer }
    var contextOrder: [Context] = []
    /// The latest object that data binds attach to: (artboard, object index) when it is a component.
    var lastBindable: (artboard: Int, index: Int)?
    /// The binding path of the latest bindable property (what view-model comparators read).
    /// The latest state-machine bindable property and the data binds that follow it.
    var bindable: BindablePropertyModel?
    var lastWasBindableProperty = false
    /// Whether the latest state-machine layer component was a transition (else a state).
    var lastLayerComponentIsTransition = false

    init(bytes: [UInt8], file: String, limits: Limits) {
        self.bytes = bytes
        self.file = file
        self.limits = limits
    }

    // MARK: Messages

    func error(_ object: RawObject, _ message: String) -> RiveError {
        RiveError(file: file, byte: object.offset, "\(object.typeName): \(message)")
    }

    mutating func note(_ offset: Int?, _ message: String, key: String? = nil, feature: Diagnostic.Feature? = nil) {
        let k = key ?? message
        noteCounts[k, default: 0] += 1
        if noteCounts[k]! > 1 { return }
        noteIndex[k] = diagnostics.count
        diagnostics.append(Diagnostic(.warning, at: offset.map { "byte \($0)" } ?? "", message, feature: feature))
    }

    /// Objects that run a script (Luau) the file carries: nothing here runs scripts, so what
    /// they draw or decide is missing from the frames.
    static let scriptedTypes: Set<Int> = [
        RiveTypeKey.scriptedDrawable, RiveTypeKey.scriptedDataConverter, RiveTypeKey.scriptedLayout, RiveTypeKey.scriptedPathEffect,
        RiveTypeKey.scriptedListenerAction, RiveTypeKey.scriptedTransitionCondition, RiveTypeKey.scriptedInterpolator,
    ]

    /// `.notDrawn` for a scripted object, so commands that render say the frames lack it.
    static func feature(ofType typeKey: Int) -> Diagnostic.Feature? { scriptedTypes.contains(typeKey) ? .notDrawn : nil }

    mutating func finishNotes() {
        for (k, n) in noteCounts where n > 1 {
            if let i = noteIndex[k] { diagnostics[i].message += " (and \(n - 1) more like it)" }
        }
    }

    // MARK: Values

    func value(_ raw: RiveValue, key: Int) -> PropertyValue {
        switch raw {
        case .uint(let u): return .uint(u)
        case .float(let d): return .double(d)
        case .color(let c): return .color(c)
        case .bool(let b): return .bool(b)
        case .bytes(let r):
            if RiveDefinitions.isBinary(key) { return .bytes(Array(bytes[r])) }
            return .string(String(decoding: bytes[r], as: UTF8.self))
        }
    }

    func string(_ object: RawObject, _ key: Int) -> String {
        guard let p = object.properties.last(where: { $0.key == key }), case .bytes(let r) = p.value else { return "" }
        return String(decoding: bytes[r], as: UTF8.self)
    }

    func bytesValue(_ object: RawObject, _ key: Int) -> [UInt8]? {
        guard let p = object.properties.last(where: { $0.key == key }), case .bytes(let r) = p.value else { return nil }
        return Array(bytes[r])
    }

    func raw(_ object: RawObject, _ key: Int) -> RiveValue? { object.properties.last { $0.key == key }?.value }
    func double(_ object: RawObject, _ key: Int, _ fallback: Double) -> Double { raw(object, key)?.asDouble ?? fallback }
    func uint(_ object: RawObject, _ key: Int, _ fallback: UInt64) -> UInt64 { raw(object, key)?.asUInt ?? fallback }
    func bool(_ object: RawObject, _ key: Int, _ fallback: Bool) -> Bool { raw(object, key)?.asBool ?? fallback }
    /// An id property: nil when absent or the "none" value (all ones).
    func id(_ object: RawObject, _ key: Int) -> Int? {
        guard let u = raw(object, key)?.asUInt, u < UInt64(Int32.max) else { return nil }
        return Int(u)
    }

    // MARK: Import

    mutating func importFile(_ stream: ObjectStream) throws(RiveError) -> RiveFileModel {
        for object in stream.objects {
            try importObject(object)
        }
        var boards: [ArtboardModel] = []
        for i in artboards.indices {
            boards.append(try finishArtboard(i))
        }
        guard !boards.isEmpty else {
            throw RiveError(file: file, byte: nil, "the file has no artboard")
        }
        finishNotes()
        return RiveFileModel(majorVersion: stream.header.majorVersion, minorVersion: stream.header.minorVersion,
                             fileID: stream.header.fileID, artboards: boards, assets: assets, viewModels: viewModels,
                             viewModelInstances: viewModelInstances, dataEnums: dataEnums,
                             dataConverters: dataConverters, diagnostics: diagnostics)
    }

    mutating func open(_ context: Context) {
        contextOrder.removeAll { $0 == context }
        contextOrder.append(context)
    }

    mutating func importObject(_ object: RawObject) throws(RiveError) {
        let t = object.typeKey
        // Abstract types cannot be instantiated: like unknown ones they only keep a slot.
        guard RiveDefinitions.typeName(of: t) != nil, !RiveDefinitions.isAbstract(t) else {
            importUnknown(object)
            return
        }
        if t != RiveTypeKey.dataBind && !RiveDefinitions.isType(t, kindOf: RiveTypeKey.dataBind) {
            lastBindable = nil
            lastWasBindableProperty = RiveDefinitions.isType(t, kindOf: RiveTypeKey.bindableProperty)
            if lastWasBindableProperty { bindable = BindablePropertyModel(value: bindableValue(object), binds: []) }
        }
        func isA(_ k: Int) -> Bool { RiveDefinitions.isType(t, kindOf: k) }
        switch t {
        case RiveTypeKey.backboard:
            return
        case RiveTypeKey.artboard:
            artboards.append(ArtboardBuilder(name: string(object, RivePropertyKey.componentName), offset: object.offset))
            open(.artboard)
            addComponent(object)
        case _ where isA(RiveTypeKey.dataBind):
            importDataBind(object)
        case _ where isA(RiveTypeKey.viewModel) || isA(RiveTypeKey.viewModelProperty)
            || isA(RiveTypeKey.viewModelInstance) || isA(RiveTypeKey.viewModelInstanceValue)
            || isA(RiveTypeKey.dataEnum) || t == RiveTypeKey.dataEnumValue || t == RiveTypeKey.viewModelInstanceListItem:
            importViewModelObject(object)
        case _ where isA(RiveTypeKey.keyFrameInterpolator):
            // Interpolators live in the artboard's object list (keyframes refer to them by index);
            // outside an artboard they belong to the file (data converters use those).
            if !artboards.isEmpty { addComponent(object) }
        case _ where isA(RiveTypeKey.component) || isA(RiveTypeKey.userInput):
            guard !artboards.isEmpty else {
                note(object.offset, "\(object.typeName) outside any artboard is ignored")
                return
            }
            addComponent(object)
        case _ where isA(RiveTypeKey.fileAsset):
            assets.append(FileAssetModel(typeKey: t, name: string(object, RivePropertyKey.assetName),
                                         assetID: uint(object, RivePropertyKey.fileAssetAssetId, 0),
                                         width: double(object, RivePropertyKey.drawableAssetWidth, 0),
                                         height: double(object, RivePropertyKey.drawableAssetHeight, 0),
                                         contents: nil, cdnUUID: bytesValue(object, RivePropertyKey.fileAssetCdnUuid)))
        case RiveTypeKey.fileAssetContents:
            guard !assets.isEmpty else {
                note(object.offset, "asset contents without an asset are ignored")
                return
            }
            assets[assets.count - 1].contents = bytesValue(object, RivePropertyKey.fileAssetContentsBytes)
        default:
            try importAnimationOrStateMachineObject(object)
        }
    }

    /// An object whose type the format's definitions do not list (written by a newer editor).
    mutating func importUnknown(_ object: RawObject) {
        let what = RiveDefinitions.typeName(of: object.typeKey).map { "object type \(object.typeKey) (\($0), which files do not contain in this format version)" }
            ?? "unknown object type \(object.typeKey)"
        note(object.offset, "\(what) is ignored", key: "unknown type \(object.typeKey)")
        lastBindable = nil
        switch contextOrder.last {
        case .artboard?:
            artboards[artboards.count - 1].objects.append(nil)
        case .stateMachine?:
            if let sm = currentStateMachineIndex { artboards[artboards.count - 1].stateMachines[sm].inputs.append(nil) }
        case .layer?:
            appendState(StateModel(kind: .other, speed: 1, flags: 0, transitions: [], actions: []))
        case .keyedProperty?, nil:
            break
        }
    }

    mutating func addComponent(_ object: RawObject) {
        var values: [ComponentValue] = []
        values.reserveCapacity(object.properties.count)
        var parent: Int?
        for p in object.properties {
            switch p.key {
            case RivePropertyKey.componentName: continue
            case RivePropertyKey.componentParentId:
                if let u = p.value.asUInt, u < UInt64(Int32.max) { parent = Int(u) } else { parent = -1 }
            default:
                values.append(ComponentValue(key: p.key, value: value(p.value, key: p.key)))
            }
        }
        let a = artboards.count - 1
        let index = artboards[a].objects.count
        artboards[a].objects.append(ComponentModel(typeKey: object.typeKey, offset: object.offset,
                                                   name: string(object, RivePropertyKey.componentName),
                                                   parentID: object.typeKey == RiveTypeKey.artboard ? nil : (parent ?? 0),
                                                   values: values))
        lastBindable = (a, index)
    }
}

/// An artboard while its objects are being read.
struct ArtboardBuilder {
    var name: String
    var offset: Int
    var objects: [ComponentModel?] = []
    var animations: [LinearAnimationModel] = []
    var stateMachines: [StateMachineModel] = []
    var dataBinds: [DataBindModel] = []
    /// Keyframes and transitions waiting for their interpolator (an object index) to be resolved.
    var pendingKeyFrameInterpolators: [(animation: Int, object: Int, property: Int, keyframe: Int, id: Int)] = []
    var pendingTransitionInterpolators: [(machine: Int, layer: Int, state: Int, transition: Int, id: Int)] = []
}
