import CYLTimeline

extension RiveImporter {
    mutating func importViewModelObject(_ object: RawObject) {
        let t = object.typeKey
        func isA(_ k: Int) -> Bool { RiveDefinitions.isType(t, kindOf: k) }
        switch t {
        case RiveTypeKey.viewModel:
            viewModels.append(ViewModelModel(name: string(object, RivePropertyKey.viewModelComponentName), properties: [], instances: []))
        case _ where isA(RiveTypeKey.viewModelProperty):
            guard !viewModels.isEmpty else { return note(object.offset, "a view-model property outside any view model is ignored") }
            viewModels[viewModels.count - 1].properties.append(ViewModelPropertyModel(
                name: string(object, RivePropertyKey.viewModelComponentName), kind: Self.propertyKind(t),
                referencedViewModel: t == RiveTypeKey.viewModelPropertyViewModel
                    ? id(object, RivePropertyKey.viewModelPropertyViewModelViewModelReferenceId) : nil,
                enumIndex: t == RiveTypeKey.viewModelPropertyEnumCustom ? id(object, RivePropertyKey.viewModelPropertyEnumCustomEnumId) : nil))
        case RiveTypeKey.viewModelInstance:
            let vm = id(object, RivePropertyKey.viewModelInstanceViewModelId) ?? 0
            viewModelInstances.append(ViewModelInstanceModel(name: string(object, RivePropertyKey.componentName), viewModel: vm, values: []))
            if vm < viewModels.count { viewModels[vm].instances.append(viewModelInstances.count - 1) }
            // Inside an artboard an instance is also one of its objects (it takes an index there).
            if !artboards.isEmpty { addComponent(object) }
        case _ where isA(RiveTypeKey.viewModelInstanceValue):
            guard !viewModelInstances.isEmpty else { return note(object.offset, "a view-model value outside any instance is ignored") }
            let property = id(object, RivePropertyKey.viewModelInstanceValueViewModelPropertyId) ?? -1
            viewModelInstances[viewModelInstances.count - 1].values.append(
                ViewModelValueModel(property: property, value: instanceValue(object)))
            if !artboards.isEmpty { addComponent(object) }
        case _ where isA(RiveTypeKey.dataEnum):
            dataEnums.append(DataEnumModel(name: string(object, RivePropertyKey.dataEnumCustomName), values: []))
        case RiveTypeKey.dataEnumValue:
            guard !dataEnums.isEmpty else { return }
            dataEnums[dataEnums.count - 1].values.append(string(object, RivePropertyKey.dataEnumValueKey))
        default:
            return
        }
    }

    static func propertyKind(_ t: Int) -> ViewModelPropertyKind {
        switch t {
        case RiveTypeKey.viewModelPropertyNumber: return .number
        case RiveTypeKey.viewModelPropertyString: return .string
        case RiveTypeKey.viewModelPropertyBoolean: return .bool
        case RiveTypeKey.viewModelPropertyColor: return .color
        case RiveTypeKey.viewModelPropertyTrigger: return .trigger
        case RiveTypeKey.viewModelPropertyList: return .list
        case RiveTypeKey.viewModelPropertyViewModel: return .viewModel
        case RiveTypeKey.viewModelPropertyAssetImage: return .image
        // A new instance's font is no value (not "no font"): bound styles keep the file's font,
        // as the runtime keeps a style's font when a binding sets none.
        case RiveTypeKey.viewModelPropertyAssetFont: return .font
        case RiveTypeKey.viewModelPropertyArtboard: return .artboard
        case _ where RiveDefinitions.isType(t, kindOf: RiveTypeKey.viewModelPropertyEnum): return .enumType
        default: return .other
        }
    }

    func instanceValue(_ object: RawObject) -> ViewModelValue {
        switch object.typeKey {
        case RiveTypeKey.viewModelInstanceNumber: return .number(double(object, RivePropertyKey.viewModelInstanceNumberPropertyValue, 0))
        case RiveTypeKey.viewModelInstanceString: return .string(string(object, RivePropertyKey.viewModelInstanceStringPropertyValue))
        case RiveTypeKey.viewModelInstanceBoolean: return .bool(bool(object, RivePropertyKey.viewModelInstanceBooleanPropertyValue, false))
        case RiveTypeKey.viewModelInstanceColor:
            return .color(raw(object, RivePropertyKey.viewModelInstanceColorPropertyValue)?.asColor ?? 0xFF00_0000)
        case RiveTypeKey.viewModelInstanceEnum: return .enumValue(id(object, RivePropertyKey.viewModelInstanceEnumPropertyValue) ?? 0)
        case RiveTypeKey.viewModelInstanceTrigger: return .trigger(uint(object, RivePropertyKey.viewModelInstanceTriggerPropertyValue, 0))
        case RiveTypeKey.viewModelInstanceViewModel:
            return .instance(id(object, RivePropertyKey.viewModelInstanceViewModelPropertyValue) ?? -1)
        case RiveTypeKey.viewModelInstanceAssetImage, RiveTypeKey.viewModelInstanceAssetFont:
            return .asset(id(object, RivePropertyKey.viewModelInstanceAssetPropertyValue) ?? -1)
        case RiveTypeKey.viewModelInstanceArtboard: return .artboard(id(object, RivePropertyKey.viewModelInstanceArtboardPropertyValue) ?? -1)
        default: return .other
        }
    }

    /// The value a state machine's bindable property holds until a binding sets it.
    func bindableValue(_ object: RawObject) -> ViewModelValue? {
        switch object.typeKey {
        case RiveTypeKey.bindablePropertyNumber: return .number(double(object, RivePropertyKey.bindablePropertyNumberPropertyValue, 0))
        case RiveTypeKey.bindablePropertyBoolean: return .bool(bool(object, RivePropertyKey.bindablePropertyBooleanPropertyValue, false))
        case RiveTypeKey.bindablePropertyString: return .string(string(object, RivePropertyKey.bindablePropertyStringPropertyValue))
        case RiveTypeKey.bindablePropertyColor:
            return .color(raw(object, RivePropertyKey.bindablePropertyColorPropertyValue)?.asColor ?? 0xFF1D_1D1D)
        case RiveTypeKey.bindablePropertyEnum: return .enumValue(id(object, RivePropertyKey.bindablePropertyEnumPropertyValue) ?? 0)
        case RiveTypeKey.bindablePropertyTrigger: return .trigger(uint(object, RivePropertyKey.bindablePropertyIntegerPropertyValue, 0))
        case RiveTypeKey.bindablePropertyInteger: return .number(Double(uint(object, RivePropertyKey.bindablePropertyIntegerPropertyValue, 0)))
        default: return nil
        }
    }

    /// A data bind connects the object just before it (a component here) to a view-model property.
    mutating func importDataBind(_ object: RawObject) {
        if lastWasBindableProperty {
            // Binds a state machine's bindable property: conditions read the view model there.
            let bind = BindablePropertyModel.Bind(
                path: bytesValue(object, RivePropertyKey.dataBindContextSourcePathIds).map(Self.decodePath) ?? [],
                flags: Int(clamping: uint(object, RivePropertyKey.dataBindFlags, 0)),
                converter: id(object, RivePropertyKey.dataBindConverterId))
            bindable?.binds.append(bind)
            return
        }
        guard let target = lastBindable else {
            note(object.offset, "data binding on objects other than components is not supported; ignored", key: "bind non-component")
            return
        }
        let path = bytesValue(object, RivePropertyKey.dataBindContextSourcePathIds).map(Self.decodePath) ?? []
        artboards[target.artboard].dataBinds.append(DataBindModel(
            target: target.index, propertyKey: Int(clamping: uint(object, RivePropertyKey.dataBindPropertyKey, 0)),
            flags: Int(clamping: uint(object, RivePropertyKey.dataBindFlags, 0)), sourcePath: path,
            converter: id(object, RivePropertyKey.dataBindConverterId)))
    }
}
