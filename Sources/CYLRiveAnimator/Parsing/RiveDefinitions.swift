/// How a property's value is stored in a runtime file (the format's field types).
enum RiveFieldType: Sendable, Equatable {
    /// LEB128 unsigned integer (also ids, enums, and zigzag-encoded signed integers).
    case uint
    /// Length-prefixed bytes: UTF-8 strings and binary blobs alike.
    case string
    /// 32-bit IEEE float, little endian (the definitions call it "double").
    case float
    /// 32-bit ARGB colour, little endian.
    case color
    /// One byte, 1 for true.
    case bool

    /// The field type a table-of-contents entry declares (two bits per property key).
    init(tocCode: UInt32) {
        switch tocCode & 3 {
        case 0: self = .uint
        case 1: self = .string
        case 2: self = .float
        default: self = .color
        }
    }
}

/// Facts about the format's object types and properties (see `Definitions/`, generated from the
/// format's public definitions by `tools/dev/rive-defs.py`: type keys, property keys, the type
/// hierarchy and the property table, a file each).
enum RiveDefinitions {
    /// Whether type `typeKey` is `ancestor` or extends it, directly or not.
    static func isType(_ typeKey: Int, kindOf ancestor: Int) -> Bool {
        var t: Int? = typeKey
        var steps = 0
        while let k = t, steps < 64 {
            if k == ancestor { return true }
            t = superType(of: k)
            steps += 1
        }
        return false
    }

    /// Whether objects of type `typeKey` have property `key` (declared by the type or an ancestor).
    static func type(_ typeKey: Int, hasProperty key: Int) -> Bool {
        guard let owner = owner(ofProperty: key) else { return false }
        return isType(typeKey, kindOf: owner)
    }
}
