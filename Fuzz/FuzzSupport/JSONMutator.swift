/// Structure-aware mutations of a JSON document: the changes a hostile or broken exporter makes
/// (absurd numbers, duplicated layers, swapped references, missing or mistyped keys) applied to
/// real documents, so the fuzzer spends its time past the JSON parser, in the model and renderer.
public struct JSONMutator: Sendable {
    /// Keys worth inserting (the format's own: `ty`, `ks`, `refId`, ...).
    public var keys: [String]
    /// Largest tree (in nodes) mutated structurally; bigger inputs are left to byte mutations.
    public var maxNodes = 50_000

    public init(keys: [String]) { self.keys = keys }

    /// Numbers that have broken parsers and renderers: signs, zero, powers of two at integer
    /// widths, values that overflow `Int` when converted, and the finite extremes.
    public static let interestingNumbers: [String] = [
        "0", "-0", "1", "-1", "0.5", "2", "3", "100", "255", "256", "-100", "1000", "65535", "65536",
        "2147483647", "2147483648", "-2147483649", "4294967296", "9007199254740993",
        "9223372036854775807", "9223372036854775808", "-9223372036854775809", "1e18", "-1e18", "1e19",
        "1e30", "1e300", "-1e300", "1.7976931348623157e308", "-1.7976931348623157e308", "1e-300",
        "4.9e-324", "1e-9", "0.0001", "99999", "1e6", "1e9", "-1e9", "3.4e38", "1e39",
    ]

    /// One step from the root: an array index or an object member's position.
    enum Step { case index(Int), member(Int) }

    /// A mutated copy of `tree`; `other` (another corpus input) donates subtrees when given.
    public func mutate(_ tree: JSONTree, other: JSONTree? = nil, rng: inout SplitMix64) -> JSONTree {
        var paths: [[Step]] = []
        JSONMutator.collect(tree, [], into: &paths, limit: maxNodes)
        guard !paths.isEmpty else { return tree }
        var out = tree
        let rounds = 1 + rng.below(3)
        for _ in 0..<rounds {
            paths.removeAll(keepingCapacity: true)
            JSONMutator.collect(out, [], into: &paths, limit: maxNodes)
            let path = paths[rng.below(paths.count)]
            guard let node = JSONMutator.node(out, at: path[...]) else { continue }
            let replacement = mutateNode(node, in: out, other: other, paths: paths, rng: &rng)
            out = JSONMutator.replacing(out, at: path[...], with: replacement)
        }
        return out
    }

    func mutateNode(_ node: JSONTree, in root: JSONTree, other: JSONTree?, paths: [[Step]], rng: inout SplitMix64) -> JSONTree {
        switch rng.below(10) {
        case 0, 1:
            if case .number(let s) = node { return .number(perturb(s, rng: &rng)) }
            return .number(JSONMutator.interestingNumbers[rng.below(JSONMutator.interestingNumbers.count)])
        case 2:
            // Splice: a subtree of this document (or of the other input) replaces this node.
            let donor = other.flatMap { rng.below(2) == 0 ? $0 : nil } ?? root
            return JSONMutator.randomSubtree(donor, rng: &rng) ?? node
        case 3:
            // Fan-out: duplicate an element of an array several times (layers, shapes, keyframes).
            guard case .array(var items) = node, !items.isEmpty else { return node }
            let k = rng.below(items.count), copies = 1 + rng.below(rng.below(4) == 0 ? 64 : 4)
            items.insert(contentsOf: repeatElement(items[k], count: copies), at: k)
            return .array(items)
        case 4:
            switch node {
            case .array(var items) where !items.isEmpty: items.remove(at: rng.below(items.count)); return .array(items)
            case .object(var members) where !members.isEmpty: members.remove(at: rng.below(members.count)); return .object(members)
            default: return .null
            }
        case 5:
            // Insert or overwrite a known key with a plausible value.
            guard case .object(var members) = node, !keys.isEmpty else { return node }
            let key = keys[rng.below(keys.count)]
            let value = randomValue(root, rng: &rng)
            if let i = members.firstIndex(where: { $0.0 == key }) { members[i].1 = value } else { members.append((key, value)) }
            return .object(members)
        case 6:
            // References: a string becomes another string of the document (refId, id, nm, layer names).
            guard case .string = node else { return randomValue(root, rng: &rng) }
            var strings: [String] = []
            JSONMutator.strings(in: root, into: &strings, limit: 2000)
            return strings.isEmpty ? node : .string(strings[rng.below(strings.count)])
        case 7:
            let simple: [JSONTree] = [.null, .bool(true), .bool(false), .array([]), .object([]), .string(""), .number("0"),
                                      .array([.number("0"), .number("0")]), .string("x")]
            return simple[rng.below(simple.count)]
        case 8:
            if rng.below(2) == 0 { return .array([node]) }
            return .object([(keys.isEmpty ? "k" : keys[rng.below(keys.count)], node)])
        default:
            // Arrays of numbers (vectors, colours, bezier vertices) change length.
            guard case .array(var items) = node else { return node }
            if rng.below(2) == 0, !items.isEmpty { items.removeLast(1 + rng.below(items.count)) } else {
                for _ in 0...rng.below(4) { items.append(.number(JSONMutator.interestingNumbers[rng.below(JSONMutator.interestingNumbers.count)])) }
            }
            return .array(items)
        }
    }

    func perturb(_ s: String, rng: inout SplitMix64) -> String {
        guard let v = Double(s), v.isFinite else { return "0" }
        let factors: [Double] = [-1, 2, 10, 1000, 1e6, 0.5, 0.001, 1e-6]
        let r: Double
        switch rng.below(3) {
        case 0: r = v * factors[rng.below(factors.count)]
        case 1: r = v + Double(rng.below(5)) - 2
        default: r = v.rounded()
        }
        guard r.isFinite else { return s }
        return r == r.rounded() && abs(r) < 1e15 ? String(Int64(r)) : String(r)
    }

    func randomValue(_ root: JSONTree, rng: inout SplitMix64) -> JSONTree {
        switch rng.below(4) {
        case 0: return .number(JSONMutator.interestingNumbers[rng.below(JSONMutator.interestingNumbers.count)])
        case 1: return .number(String(rng.below(8)))
        case 2:
            var strings: [String] = []
            JSONMutator.strings(in: root, into: &strings, limit: 2000)
            return strings.isEmpty ? .string("x") : .string(strings[rng.below(strings.count)])
        default: return JSONMutator.randomSubtree(root, rng: &rng) ?? .null
        }
    }

    static func collect(_ t: JSONTree, _ path: [Step], into out: inout [[Step]], limit: Int) {
        guard out.count < limit else { return }
        out.append(path)
        switch t {
        case .array(let items): for (i, v) in items.enumerated() { collect(v, path + [.index(i)], into: &out, limit: limit) }
        case .object(let members): for (i, m) in members.enumerated() { collect(m.1, path + [.member(i)], into: &out, limit: limit) }
        default: break
        }
    }

    static func strings(in t: JSONTree, into out: inout [String], limit: Int) {
        guard out.count < limit else { return }
        switch t {
        case .string(let s): out.append(s)
        case .array(let items): for v in items { strings(in: v, into: &out, limit: limit) }
        case .object(let members): for m in members { strings(in: m.1, into: &out, limit: limit) }
        default: break
        }
    }

    static func randomSubtree(_ t: JSONTree, rng: inout SplitMix64) -> JSONTree? {
        var paths: [[Step]] = []
        collect(t, [], into: &paths, limit: 50_000)
        guard !paths.isEmpty else { return nil }
        return node(t, at: paths[rng.below(paths.count)][...])
    }

    static func node(_ t: JSONTree, at path: ArraySlice<Step>) -> JSONTree? {
        guard let first = path.first else { return t }
        switch (t, first) {
        case (.array(let items), .index(let i)) where i < items.count: return node(items[i], at: path.dropFirst())
        case (.object(let members), .member(let i)) where i < members.count: return node(members[i].1, at: path.dropFirst())
        default: return nil
        }
    }

    static func replacing(_ t: JSONTree, at path: ArraySlice<Step>, with new: JSONTree) -> JSONTree {
        guard let first = path.first else { return new }
        switch (t, first) {
        case (.array(var items), .index(let i)) where i < items.count:
            items[i] = replacing(items[i], at: path.dropFirst(), with: new)
            return .array(items)
        case (.object(var members), .member(let i)) where i < members.count:
            members[i].1 = replacing(members[i].1, at: path.dropFirst(), with: new)
            return .object(members)
        default: return t
        }
    }
}

/// A small deterministic generator (SplitMix64), seeded from libFuzzer's seed so runs repeat.
public struct SplitMix64 {
    var state: UInt64
    public init(seed: UInt64) { state = seed }
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    /// A value in `0 ..< n` (n > 0).
    public mutating func below(_ n: Int) -> Int { Int(next() % UInt64(max(1, n))) }
}
