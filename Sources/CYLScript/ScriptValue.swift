import CScriptDuktape

/// A JavaScript value crossing between Swift and the script engine: data only (functions and
/// other objects arrive as `.undefined`; an object's own enumerable properties are copied).
public indirect enum ScriptValue: Equatable, Sendable {
    case undefined
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([ScriptValue])
    case object([String: ScriptValue])

    /// The number, or nil for anything else.
    public var number: Double? { if case .number(let d) = self { return d }; return nil }
    /// The elements of an array, or nil.
    public var array: [ScriptValue]? { if case .array(let a) = self { return a }; return nil }
    /// The string, or nil.
    public var string: String? { if case .string(let s) = self { return s }; return nil }
    /// A member of an object, or nil.
    public subscript(key: String) -> ScriptValue? { if case .object(let o) = self { return o[key] }; return nil }

    /// An array of numbers.
    public static func numbers(_ values: [Double]) -> ScriptValue { .array(values.map { .number($0) }) }
}

/// Tapes are C-owned lists of values (see CScriptDuktape.h); these convert them.
enum Tape {
    /// Appends `value`; false when the tape could not grow.
    static func write(_ value: ScriptValue, to tape: OpaquePointer) -> Bool {
        switch value {
        case .undefined: return cyl_tape_undefined(tape) != 0
        case .null: return cyl_tape_null(tape) != 0
        case .bool(let b): return cyl_tape_bool(tape, b ? 1 : 0) != 0
        case .number(let d): return cyl_tape_number(tape, d) != 0
        case .string(let s):
            var s = s
            return s.withUTF8 { cyl_tape_string(tape, $0.baseAddress, $0.count) != 0 }
        case .array(let items):
            guard items.count <= Int(UInt32.max), cyl_tape_array(tape, UInt32(items.count)) != 0 else { return false }
            for item in items where !write(item, to: tape) { return false }
            return true
        case .object(let members):
            guard cyl_tape_object(tape, UInt32(members.count)) != 0 else { return false }
            // Sorted keys: the same value always makes the same tape.
            for key in members.keys.sorted() {
                guard write(.string(key), to: tape), write(members[key]!, to: tape) else { return false }
            }
            return true
        }
    }

    /// Every top-level value on the tape, in order.
    static func read(_ tape: OpaquePointer) -> [ScriptValue] {
        let count = cyl_tape_count(tape)
        guard count > 0, let values = cyl_tape_values(tape) else { return [] }
        let bytes = cyl_tape_bytes(tape)
        var out: [ScriptValue] = []
        var i = 0
        while i < count { out.append(value(values, bytes, count, &i)) }
        return out
    }

    /// The first value on the tape (undefined when empty).
    static func first(_ tape: OpaquePointer) -> ScriptValue {
        let count = cyl_tape_count(tape)
        guard count > 0, let values = cyl_tape_values(tape) else { return .undefined }
        var i = 0
        return value(values, cyl_tape_bytes(tape), count, &i)
    }

    private static func value(_ values: UnsafePointer<cyl_value>, _ bytes: UnsafePointer<CChar>?, _ count: Int,
                              _ i: inout Int) -> ScriptValue {
        guard i < count else { return .undefined }
        let v = values[i]
        i += 1
        switch Int(v.tag) {
        case Int(CYL_VALUE_NULL): return .null
        case Int(CYL_VALUE_BOOL): return .bool(v.count != 0)
        case Int(CYL_VALUE_NUMBER): return .number(v.number)
        case Int(CYL_VALUE_STRING): return .string(string(bytes, v))
        case Int(CYL_VALUE_ARRAY):
            var items: [ScriptValue] = []
            items.reserveCapacity(min(Int(v.count), count - i))
            for _ in 0..<Int(v.count) where i < count { items.append(value(values, bytes, count, &i)) }
            return .array(items)
        case Int(CYL_VALUE_OBJECT):
            var members: [String: ScriptValue] = [:]
            for _ in 0..<Int(v.count) where i < count {
                let key = values[i]
                i += 1
                let k = Int(key.tag) == Int(CYL_VALUE_STRING) ? string(bytes, key) : ""
                members[k] = value(values, bytes, count, &i)
            }
            return .object(members)
        default: return .undefined
        }
    }

    private static func string(_ bytes: UnsafePointer<CChar>?, _ v: cyl_value) -> String {
        guard let bytes, v.length > 0 else { return "" }
        let start = UnsafeRawPointer(bytes + Int(v.offset)).assumingMemoryBound(to: UInt8.self)
        return String(decoding: UnsafeBufferPointer(start: start, count: Int(v.length)), as: UTF8.self)
    }
}
