// Convenient typed access for readers built on JSON (the Lottie parser, manifests, configs).

extension JSONValue {
    /// "null", "a boolean", "a number", "a string", "an array", "an object": for messages.
    public var typeDescription: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
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
    public var asInt: Int? {
        guard let d = asDouble, d.rounded() == d, d >= -9.2e18, d <= 9.2e18 else { return nil }
        return Int(d)
    }
}

/// A node together with where it is (JSON path, line and column), so that every accessor can
/// throw an error that says exactly which value was wrong.
public struct JSONElement: Sendable {
    public let node: JSONNode
    /// What every element reached from one root shares, in one object: an element is then a node
    /// and one reference, so making and dropping one (the Lottie parser makes one per value it
    /// reads) retains and releases two objects instead of four.
    private let context: Context
    public var source: JSONSource { context.source }

    /// The path is worked out only when asked for (errors, diagnostics), so that walking a
    /// document allocates nothing: an element keeps the path it was made with (`base`) and the
    /// node that path names (`top`); its own path is that path plus the steps from that node down
    /// to this value, found again by byte offset (every value starts at a different byte).
    private final class Context: Sendable {
        let source: JSONSource
        let base: JSONPath
        let top: JSONNode
        init(source: JSONSource, base: JSONPath, top: JSONNode) { self.source = source; self.base = base; self.top = top }
    }

    public init(node: JSONNode, path: JSONPath, source: JSONSource) {
        self.node = node
        context = Context(source: source, base: path, top: node)
    }

    private init(node: JSONNode, context: Context) {
        self.node = node; self.context = context
    }

    @inline(__always) private func child(_ node: JSONNode) -> JSONElement {
        JSONElement(node: node, context: context)
    }

    /// Where this value is: `layers[3].ks.o`.
    public var path: JSONPath {
        var components = context.base.components
        var at = context.top
        let target = node.offset
        while at.offset != target {
            // The child whose subtree holds `target` is the one starting last at or before it.
            var best: (JSONPath.Component, JSONNode)? = nil
            switch at.value {
            case let .array(items):
                for (i, e) in items.enumerated() where e.offset <= target && e.offset > (best?.1.offset ?? -1) {
                    best = (.index(i), e)
                }
            case let .object(members):
                for m in members where m.value.offset <= target && m.value.offset > (best?.1.offset ?? -1) {
                    best = (.key(m.key), m.value)
                }
            default: break
            }
            guard let (c, n) = best, n.offset > at.offset else { break }
            components.append(c)
            at = n
        }
        return JSONPath(components)
    }

    public var value: JSONValue { node.value }
    public var offset: Int { node.offset }
    public var lineColumn: (line: Int, column: Int) { source.lineColumn(node.offset) }

    /// An error located at this value, for readers that find a value unacceptable.
    public func error(_ message: String, kind: JSONError.Kind = .invalidValue) -> JSONError {
        source.error(kind, at: node.offset, path: path, message)
    }

    private func wrongType(_ expected: String) -> JSONError {
        error("expected \(expected), found \(node.value.typeDescription)",
              kind: .wrongType(expected: expected, found: node.value.typeDescription))
    }

    // MARK: Members and elements

    /// The member `key`, or nil when absent (or when this is not an object).
    public subscript(key: String) -> JSONElement? {
        node[key].map { child($0) }
    }

    /// Element `index`, or nil when out of range (or when this is not an array).
    public subscript(index: Int) -> JSONElement? {
        node[index].map { child($0) }
    }

    /// The member `key`; throws when this is not an object or the member is absent.
    public func member(_ key: String) throws(JSONError) -> JSONElement {
        guard case .object = node.value else { throw wrongType("an object") }
        guard let m = self[key] else {
            throw error("missing required key \"\(key)\"", kind: .missingKey(key))
        }
        return m
    }

    /// Element `index`; throws when this is not an array or the index is out of range.
    public func element(_ index: Int) throws(JSONError) -> JSONElement {
        guard case let .array(items) = node.value else { throw wrongType("an array") }
        guard let e = self[index] else {
            throw error("index \(index) is out of range (the array has \(items.count) elements)",
                        kind: .indexOutOfRange(index: index, count: items.count))
        }
        return e
    }

    // MARK: Typed values

    public var isNull: Bool { node.isNull }

    public func double() throws(JSONError) -> Double {
        guard let d = node.asDouble else { throw wrongType("a number") }
        return d
    }

    /// A whole number (1.0 is accepted, 1.5 is not).
    public func int() throws(JSONError) -> Int {
        guard let d = node.asDouble else { throw wrongType("a number") }
        guard let i = node.asInt else { throw error("expected a whole number, found \(d)") }
        return i
    }

    public func bool() throws(JSONError) -> Bool {
        guard let b = node.asBool else { throw wrongType("a boolean") }
        return b
    }

    public func string() throws(JSONError) -> String {
        guard let s = node.asString else { throw wrongType("a string") }
        return s
    }

    public func array() throws(JSONError) -> [JSONElement] {
        guard case let .array(items) = node.value else { throw wrongType("an array") }
        return items.map { child($0) }
    }

    public func object() throws(JSONError) -> [(key: String, value: JSONElement)] {
        guard case let .object(members) = node.value else { throw wrongType("an object") }
        return members.map { ($0.key, child($0.value)) }
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

