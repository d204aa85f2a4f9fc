// Convenient typed access for readers built on JSON (the Lottie parser, manifests, configs).

extension JSONValue {
    /// `d` as an `Int` when it is a whole number within `Int`'s range.
    static func wholeNumber(_ d: Double) -> Int? {
        guard d.rounded() == d, d >= -9.2e18, d <= 9.2e18 else { return nil }
        return Int(d)
    }

    /// "null", "a boolean", "a number", "a string", "an array", "an object": for messages.
    public var typeDescription: String {
        switch self {
        case .null: return JSONTape.Kind.null.typeDescription
        case .bool: return JSONTape.Kind.bool.typeDescription
        case .number: return JSONTape.Kind.number.typeDescription
        case .string: return JSONTape.Kind.string.typeDescription
        case .array: return JSONTape.Kind.array.typeDescription
        case .object: return JSONTape.Kind.object.typeDescription
        }
    }
}

extension JSONNode {
    /// The member `key` of an object (a key written twice is one member with the value written last); nil otherwise.
    public subscript(key: String) -> JSONNode? {
        guard case let .object(members) = value else { return nil }
        for m in members where m.key == key { return m.value }
        return nil
    }

    /// Element `index` of an array; nil when out of range or not an array.
    public subscript(index: Int) -> JSONNode? {
        guard case let .array(items) = value, index >= 0, index < items.count else { return nil }
        return items[index]
    }

    public var isNull: Bool { if case .null = value { return true }; return false }
    public var asDouble: Double? { if case let .number(d) = value { return d }; return nil }
    public var asBool: Bool? { if case let .bool(b) = value { return b }; return nil }
    public var asString: String? { if case let .string(s) = value { return s }; return nil }
    public var asArray: [JSONNode]? { if case let .array(a) = value { return a }; return nil }
    public var asObject: [(key: String, value: JSONNode)]? { if case let .object(o) = value { return o }; return nil }
    /// A number that is a whole number within `Int`'s range.
    public var asInt: Int? { asDouble.flatMap(JSONValue.wholeNumber) }
}

/// A value of a parsed document together with where it is (JSON path, line and column), so that
/// every accessor can throw an error that says exactly which value was wrong.
///
/// An element is a place on its document's tape (`JSONTape`): reading a member or a number reads
/// the tape in place and allocates nothing; `node` and `value` build a tree of the value on demand.
public struct JSONElement: Sendable {
    let tape: JSONTape
    let index: Int

    public var source: JSONSource { tape.source }

    /// An element for a tree of values, located in `source` at `path` (for values that did not come
    /// from reading a document, or that come from another document's tree).
    public init(node: JSONNode, path: JSONPath, source: JSONSource) {
        tape = JSONTape(node: node, path: path, source: source)
        index = 0
    }

    init(tape: JSONTape, index: Int) {
        self.tape = tape; self.index = index
    }

    @inline(__always) private var entry: JSONTape.Entry { tape[index] }
    @inline(__always) private var kind: JSONTape.Kind { entry.kind }

    /// The value as a tree (built on demand: reading through the element's own accessors is cheaper).
    public var node: JSONNode { tape.node(index) }
    public var value: JSONValue { node.value }
    public var offset: Int { Int(entry.offset) }
    public var lineColumn: (line: Int, column: Int) { source.lineColumn(offset) }

    /// Where this value is: `layers[3].ks.o`, found by walking down from the root to the child
    /// whose subtree holds this value's entry.
    public var path: JSONPath {
        var components = tape.basePath.components
        var at = 0
        while at != index {
            let e = tape[at]
            guard e.kind == .array || e.kind == .object, index < e.end else { break }
            var c = at + 1
            if e.kind == .array {
                var k = 0
                while tape.next(after: c) <= index { c = tape.next(after: c); k += 1 }
                components.append(.index(k))
                at = c
            } else {
                while tape.next(after: c + 1) <= index { c = tape.next(after: c + 1) }
                components.append(.key(tape.string(c)))
                at = c + 1
            }
        }
        return JSONPath(components)
    }

    /// An error located at this value, for readers that find a value unacceptable.
    public func error(_ message: String, kind: JSONError.Kind = .invalidValue) -> JSONError {
        source.error(kind, at: offset, path: path, message)
    }

    /// "null", "a boolean", "a number", "a string", "an array", "an object": for messages.
    public var typeDescription: String { kind.typeDescription }

    private func wrongType(_ expected: String) -> JSONError {
        error("expected \(expected), found \(typeDescription)", kind: .wrongType(expected: expected, found: typeDescription))
    }

    // MARK: What the value is, without errors

    public var isNull: Bool { kind == .null }
    public var isObject: Bool { kind == .object }
    public var isArray: Bool { kind == .array }
    public var asDouble: Double? { kind == .number ? Double(bitPattern: entry.word) : nil }
    public var asBool: Bool? { kind == .bool ? entry.word != 0 : nil }
    public var asString: String? { kind == .string ? tape.string(index) : nil }
    /// A number that is a whole number within `Int`'s range.
    public var asInt: Int? { asDouble.flatMap(JSONValue.wholeNumber) }
    /// Elements of an array or members of an object; nil for other values.
    public var count: Int? { kind == .array || kind == .object ? entry.count : nil }
    /// The elements of an array; nil for other values.
    public var asArray: [JSONElement]? { isArray ? try? array() : nil }
    /// A number as one value, or an array of numbers; nil for anything else (read from the tape
    /// without making an element per number).
    public var asNumbers: [Double]? {
        let e = entry
        if e.kind == .number { return [Double(bitPattern: e.word)] }
        guard e.kind == .array else { return nil }
        var out: [Double] = []
        out.reserveCapacity(e.count)
        for c in (index + 1)..<e.end {
            let x = tape[c]
            guard x.kind == .number else { return nil }
            out.append(Double(bitPattern: x.word))
        }
        return out
    }
    /// For an array of points (`[[x, y], …]`): the first two numbers of each element, 0 for
    /// any missing; an element that is a number gives (it, 0), one that is not a number or an array
    /// of numbers (0, 0). Nil when this is not an array. Read from the tape in place.
    public var asPairs: [(Double, Double)]? {
        let e = entry
        guard e.kind == .array else { return nil }
        var out: [(Double, Double)] = []
        out.reserveCapacity(e.count)
        var c = index + 1
        while c < e.end {
            let x = tape[c]
            switch x.kind {
            case .number: out.append((Double(bitPattern: x.word), 0))
            case .array:
                var v = (0.0, 0.0), k = 0
                for j in (c + 1)..<x.end {
                    let y = tape[j]
                    guard y.kind == .number else { v = (0, 0); break }
                    if k == 0 { v.0 = Double(bitPattern: y.word) } else if k == 1 { v.1 = Double(bitPattern: y.word) }
                    k += 1
                }
                out.append(v)
            default: out.append((0, 0))
            }
            c = tape.next(after: c)
        }
        return out
    }

    /// Whether this is the string `text`.
    public func isString(_ text: String) -> Bool { kind == .string && tape.stringEquals(index, text) }

    // MARK: Members and elements

    /// The member `key`, or nil when absent (or when this is not an object). A key written twice
    /// gives the value written last.
    public subscript(key: String) -> JSONElement? {
        let e = entry
        guard e.kind == .object else { return nil }
        var key = key
        let found = key.withUTF8 { k -> Int in
            var found = -1
            var c = index + 1
            while c < e.end {
                if tape.textEquals(c, k) { found = c + 1 }
                c = tape.next(after: c + 1)
            }
            return found
        }
        return found < 0 ? nil : JSONElement(tape: tape, index: found)
    }

    /// Element `index`, or nil when out of range (or when this is not an array). Found by
    /// stepping over the elements before it: to visit every element, use `array()` or `asArray`.
    public subscript(index: Int) -> JSONElement? {
        let e = entry
        guard e.kind == .array, index >= 0, index < e.count else { return nil }
        var c = self.index + 1
        for _ in 0..<index { c = tape.next(after: c) }
        return JSONElement(tape: tape, index: c)
    }

    /// The member `key`; throws when this is not an object or the member is absent.
    public func member(_ key: String) throws(JSONError) -> JSONElement {
        guard isObject else { throw wrongType("an object") }
        guard let m = self[key] else {
            throw error("missing required key \"\(key)\"", kind: .missingKey(key))
        }
        return m
    }

    /// Element `index`; throws when this is not an array or the index is out of range.
    public func element(_ index: Int) throws(JSONError) -> JSONElement {
        guard isArray else { throw wrongType("an array") }
        guard let e = self[index] else {
            throw error("index \(index) is out of range (the array has \(entry.count) elements)",
                        kind: .indexOutOfRange(index: index, count: entry.count))
        }
        return e
    }

    // MARK: Typed values

    public func double() throws(JSONError) -> Double {
        guard let d = asDouble else { throw wrongType("a number") }
        return d
    }

    /// A whole number (1.0 is accepted, 1.5 is not).
    public func int() throws(JSONError) -> Int {
        guard let d = asDouble else { throw wrongType("a number") }
        guard let i = JSONValue.wholeNumber(d) else { throw error("expected a whole number, found \(d)") }
        return i
    }

    public func bool() throws(JSONError) -> Bool {
        guard let b = asBool else { throw wrongType("a boolean") }
        return b
    }

    public func string() throws(JSONError) -> String {
        guard let s = asString else { throw wrongType("a string") }
        return s
    }

    public func array() throws(JSONError) -> [JSONElement] {
        let e = entry
        guard e.kind == .array else { throw wrongType("an array") }
        var out: [JSONElement] = []
        out.reserveCapacity(e.count)
        var c = index + 1
        while c < e.end { out.append(JSONElement(tape: tape, index: c)); c = tape.next(after: c) }
        return out
    }

    /// Members in file order; a key written twice appears once, where it was first written, with
    /// the value written last.
    public func object() throws(JSONError) -> [(key: String, value: JSONElement)] {
        let e = entry
        guard e.kind == .object else { throw wrongType("an object") }
        var out: [(key: String, value: JSONElement)] = []
        out.reserveCapacity(e.count)
        var c = index + 1
        while c < e.end { out.append((tape.string(c), JSONElement(tape: tape, index: c + 1))); c = tape.next(after: c + 1) }
        if out.count > 1 { JSONReader.mergeDuplicateKeys(&out) }
        return out
    }

    /// Numbers in an array (`[1, 2.5, 3]`).
    public func doubles() throws(JSONError) -> [Double] {
        var out: [Double] = []
        for e in try array() { out.append(try e.double()) }
        return out
    }

    // Optional members of a given type: nil when absent or null, an error when present with another type.
    public func optionalDouble(_ key: String) throws(JSONError) -> Double? {
        guard let m = self[key], !m.isNull else { return nil }
        return try m.double()
    }
    public func optionalInt(_ key: String) throws(JSONError) -> Int? {
        guard let m = self[key], !m.isNull else { return nil }
        return try m.int()
    }
    public func optionalString(_ key: String) throws(JSONError) -> String? {
        guard let m = self[key], !m.isNull else { return nil }
        return try m.string()
    }
    public func optionalBool(_ key: String) throws(JSONError) -> Bool? {
        guard let m = self[key], !m.isNull else { return nil }
        return try m.bool()
    }
}

