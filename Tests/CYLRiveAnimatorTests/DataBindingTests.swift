import Testing
@testable import CYLRiveAnimator

/// Data binding: the artboard's view model is bound (a new instance with default values, as the
/// corpus's reference renders bind it) and values reach component properties.
@Suite struct DataBindingTests {
    typealias T = RiveTypeKey
    typealias P = RivePropertyKey

    /// A view model with a number "x" and a colour "tint", an artboard binding the shape's x and
    /// its fill colour to them (before the artboard, as editors write them).
    static func boundFile(extraBinds: (inout RiveWriter) -> Void = { _ in }) -> RiveWriter {
        var f = RiveWriter()
        f.object(T.backboard)
        f.object(T.viewModel, [(P.viewModelComponentName, .s("VM"))])
        f.object(T.viewModelPropertyNumber, [(P.viewModelComponentName, .s("x"))])
        f.object(T.viewModelPropertyColor, [(P.viewModelComponentName, .s("tint"))])
        f.object(T.viewModelInstance, [(P.viewModelInstanceViewModelId, .u(0))])
        f.object(T.viewModelInstanceNumber, [(P.viewModelInstanceValueViewModelPropertyId, .u(0)),
                                             (P.viewModelInstanceNumberPropertyValue, .d(77))])
        f.object(T.artboard, [(P.layoutComponentWidth, .d(100)), (P.layoutComponentHeight, .d(100)), (P.artboardViewModelId, .u(0))])
        f.object(T.shape, [(P.componentParentId, .u(0)), (P.nodeX, .d(30))])          // 1
        f.object(T.dataBindContext, [(P.dataBindPropertyKey, .u(UInt64(P.nodeX))), (P.dataBindContextSourcePathIds, .raw([2, 0, 0]))])
        f.object(T.rectangle, [(P.componentParentId, .u(1)), (P.parametricPathWidth, .d(10)), (P.parametricPathHeight, .d(10))])
        f.object(T.fill, [(P.componentParentId, .u(1))])                               // 3
        f.object(T.solidColor, [(P.componentParentId, .u(3)), (P.solidColorColorValue, .c(0xFFFF_0000))])  // 4
        f.object(T.dataBindContext, [(P.dataBindPropertyKey, .u(UInt64(P.solidColorColorValue))), (P.dataBindContextSourcePathIds, .raw([2, 0, 1]))])
        extraBinds(&f)
        return f
    }

    @Test func boundPropertiesTakeTheViewModelsDefaults() throws {
        let doc = try RiveDocument(bytes: Self.boundFile().bytes, name: "bound.riv")
        let scene = doc.makeScene()
        let shape = scene.artboard.object(1) as! RShape
        // A new instance: number 0 and opaque black, not the file instance's 77.
        #expect(shape.x == 0)
        #expect((scene.artboard.object(4) as! RSolidColor).colorValue == 0xFF00_0000)
        #expect(scene.artboard.bindings?.bindings.count == 2)
    }

    @Test func aViewModelValueChangeReachesItsTarget() throws {
        let doc = try RiveDocument(bytes: Self.boundFile().bytes, name: "bound.riv")
        let scene = doc.makeScene()
        let root = scene.artboard.context!.instances[0]
        root.set(0, .number(42))
        scene.advance(1.0 / 60)
        #expect((scene.artboard.object(1) as! RShape).x == 42)
        // Unchanged values are not reapplied: an animation or a direct change keeps its value.
        (scene.artboard.object(1) as! RShape).x = 5
        scene.advance(1.0 / 60)
        #expect((scene.artboard.object(1) as! RShape).x == 5)
    }

    @Test func convertersApply() {
        let negate = DataConverterModel(kind: .negate)
        let range = DataConverterModel(kind: .rangeMapper(minIn: 0, maxIn: 10, minOut: 100, maxOut: 200, flags: 3))
        let add = DataConverterModel(kind: .operation(op: 0, operand: 5))
        struct Probe { static func convert(_ v: ViewModelLiveValue, _ c: DataConverterModel) -> ViewModelLiveValue {
            DataBindings.convertValue(v, c)
        } }
        #expect(Probe.convert(.bool(true), negate) == .bool(false))
        #expect(Probe.convert(.number(5), range) == .number(150))
        #expect(Probe.convert(.number(20), range) == .number(200))  // clamped above
        #expect(Probe.convert(.number(1), add) == .number(6))
    }

    /// A group applies its items (indices into the file's converters) in order; a group that
    /// holds itself stops at the nesting limit instead of recursing forever.
    @Test func converterGroupsApplyTheirItemsInOrder() {
        let file = [DataConverterModel(kind: .operation(op: 0, operand: 90)),  // 0: + 90
                    DataConverterModel(kind: .degreesToRadians),                 // 1
                    DataConverterModel(kind: .group([0, 1])),                    // 2
                    DataConverterModel(kind: .group([3, 0]))]                    // 3: holds itself
        #expect(DataBindings.convertValue(.number(90), file[2], in: file) == .number(.pi))
        let looped = DataBindings.convertValue(.number(0), file[3], in: file)
        // Each level that is not cut off adds 90 on the way out: 8 levels deep, then the limit.
        #expect(looped == .number(90 * Double(DataBindings.maxConverterDepth)))
    }
}
