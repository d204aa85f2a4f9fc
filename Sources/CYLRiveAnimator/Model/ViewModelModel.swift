/// A view model: named, typed properties that data binding connects to component properties.
struct ViewModelModel: Sendable {
    var name: String
    var properties: [ViewModelPropertyModel]
    /// Instances declared inside the view model, in file order (the first is the default).
    var instances: [Int]
}

/// A view-model property's type.
enum ViewModelPropertyKind: String, Sendable {
    case number, string, bool = "boolean", color, enumType = "enum", trigger, list, viewModel = "viewModel"
    case image, font, artboard, other
}

struct ViewModelPropertyModel: Sendable {
    var name: String
    var kind: ViewModelPropertyKind
    /// For a nested view-model property: the view model it refers to.
    var referencedViewModel: Int?
    /// For an enum property: the enum (file index).
    var enumIndex: Int?
}

/// A set of values for a view model's properties.
struct ViewModelInstanceModel: Sendable {
    var name: String
    var viewModel: Int
    var values: [ViewModelValueModel]
}

struct ViewModelValueModel: Sendable {
    /// The property's index in its view model.
    var property: Int
    var value: ViewModelValue
}

enum ViewModelValue: Sendable, Equatable {
    case number(Double)
    case string(String)
    case bool(Bool)
    case color(UInt32)
    case enumValue(Int)
    case trigger(UInt64)
    /// A nested instance (index into the file's instances).
    case instance(Int)
    /// An image asset index, or an artboard index.
    case asset(Int)
    case artboard(Int)
    case other
}

/// An enum a view model can use: value keys in order.
struct DataEnumModel: Sendable {
    var name: String
    var values: [String]
}

/// A binding between a view-model property (by path) and a component property.
struct DataBindModel: Sendable {
    /// The bound object's index in the artboard's object list.
    var target: Int
    var propertyKey: Int
    var flags: Int
    /// Path of ids into the view-model tree: the view model, then property indices.
    var sourcePath: [Int]
    /// Index of a data converter in the file's list (nil: none).
    var converter: Int?

    /// Whether the binding writes the target back to the source (two-way or target-to-source).
    var toSource: Bool { flags & 1 != 0 }
}

/// A data converter (a binding transforms values through it). Only the common, pure ones are
/// applied; the others pass values through unchanged.
struct DataConverterModel: Sendable {
    enum Kind: Sendable, Equatable {
        /// Boolean not.
        case negate
        /// value (op) operand: 0 add, 1 subtract, 2 multiply, 3 divide, 4 modulo.
        case operation(op: Int, operand: Double)
        /// Maps [minInput, maxInput] to [minOutput, maxOutput] (clamped when flags bit 0).
        case rangeMapper(minIn: Double, maxIn: Double, minOut: Double, maxOut: Double, flags: Int)
        /// A trigger count plus one: writing it fires the trigger.
        case trigger
        /// Degrees to radians.
        case degreesToRadians
        /// The converters at these indices in the file's list, applied in order.
        case group([Int])
        case unsupported(String)
    }
    var kind: Kind
}
