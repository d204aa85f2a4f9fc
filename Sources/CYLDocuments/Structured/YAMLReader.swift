import CYAML

/// Reads one YAML document with libyaml's event parser into a `StructuredNode` tree.
///
/// Plain scalars are typed by the YAML 1.2 core schema (`true`, `false`, `null`, `~`, decimal,
/// `0x`/`0o` integers, floats); `yes`/`no`/`on`/`off` stay text, as YAML 1.2 reads them. Quoted and
/// block scalars are text. Anchors and aliases are resolved, each use of an alias counting its
/// whole value against `StructuredLimits.maxValues` (what stops a "billion laughs" file); merge
/// keys (`<<: *base`) copy the members a map does not set itself. One document per file.
public enum YAMLReader {
    public static func read(_ bytes: [UInt8], name: String, limits: StructuredLimits = StructuredLimits()) throws(StructuredError) -> StructuredNode {
        try bytes.withUnsafeBufferPointer { (buf) throws(StructuredError) -> StructuredNode in
            let events = try YAMLEventStream(buf, name: name)
            var builder = YAMLTreeBuilder(name: name, limits: limits)
            return try builder.build(events)
        }
    }
}

/// One libyaml event, copied out of C memory.
enum YAMLEvent {
    case streamStart, streamEnd
    case documentStart(SourcePosition), documentEnd
    case mappingStart(anchor: String?, tag: String?, SourcePosition)
    case mappingEnd
    case sequenceStart(anchor: String?, tag: String?, SourcePosition)
    case sequenceEnd
    case scalar(String, anchor: String?, tag: String?, plain: Bool, SourcePosition)
    case alias(String, SourcePosition)
}

/// Owns libyaml's parser (allocated here, `yaml_parser_delete`d and freed in deinit) and each
/// event while it is copied into a `YAMLEvent`. The input buffer must outlive it.
final class YAMLEventStream {
    private let parser: UnsafeMutablePointer<yaml_parser_t>
    private let name: String
    private let lines: LineTable

    init(_ input: UnsafeBufferPointer<UInt8>, name: String) throws(StructuredError) {
        self.name = name
        lines = LineTable(input)
        parser = .allocate(capacity: 1)
        guard yaml_parser_initialize(parser) != 0 else {
            parser.deallocate()
            throw StructuredError(name: name, .syntax, at: nil, "libyaml could not start (out of memory)")
        }
        // libyaml reads from the pointer lazily; `YAMLReader.read` keeps the buffer alive meanwhile.
        yaml_parser_set_input_string(parser, input.baseAddress ?? UnsafePointer(bitPattern: 1)!, input.count)
        yaml_parser_set_encoding(parser, YAML_UTF8_ENCODING)
    }

    deinit {
        yaml_parser_delete(parser)
        parser.deallocate()
    }

    private func position(_ mark: yaml_mark_t) -> SourcePosition {
        SourcePosition(line: Int(mark.line) + 1, column: Int(mark.column) + 1, offset: Int(mark.index))
    }

    private static func text(_ p: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        p.map { String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self)) }
    }

    /// The next event, or the parser's error with its position.
    func next() throws(StructuredError) -> YAMLEvent {
        var event = yaml_event_t()
        guard yaml_parser_parse(parser, &event) != 0 else { throw error() }
        defer { yaml_event_delete(&event) }
        let at = position(event.start_mark)
        switch event.type {
        case YAML_STREAM_START_EVENT: return .streamStart
        case YAML_STREAM_END_EVENT: return .streamEnd
        case YAML_DOCUMENT_START_EVENT: return .documentStart(at)
        case YAML_DOCUMENT_END_EVENT: return .documentEnd
        case YAML_MAPPING_START_EVENT:
            let m = event.data.mapping_start
            return .mappingStart(anchor: Self.text(m.anchor), tag: Self.text(m.tag), at)
        case YAML_MAPPING_END_EVENT: return .mappingEnd
        case YAML_SEQUENCE_START_EVENT:
            let s = event.data.sequence_start
            return .sequenceStart(anchor: Self.text(s.anchor), tag: Self.text(s.tag), at)
        case YAML_SEQUENCE_END_EVENT: return .sequenceEnd
        case YAML_SCALAR_EVENT:
            let s = event.data.scalar
            let value = s.value.map { String(decoding: UnsafeBufferPointer(start: $0, count: s.length), as: UTF8.self) } ?? ""
            return .scalar(value, anchor: Self.text(s.anchor), tag: Self.text(s.tag), plain: s.style == YAML_PLAIN_SCALAR_STYLE, at)
        case YAML_ALIAS_EVENT:
            return .alias(Self.text(event.data.alias.anchor) ?? "", at)
        default:
            throw StructuredError(name: name, .syntax, at: at, "libyaml returned an unknown event")
        }
    }

    private func error() -> StructuredError {
        let p = parser.pointee
        let problem = p.problem.map { String(cString: $0) } ?? "not valid YAML"
        switch p.error {
        case YAML_READER_ERROR:
            let what = problem == "invalid leading UTF-8 octet" || problem.contains("UTF-8") ? "invalid UTF-8 (a configuration is UTF-8 text)" : problem
            return StructuredError(name: name, .syntax, at: lines.position(min(Int(p.problem_offset), lines.bytes.count)), what)
        case YAML_MEMORY_ERROR:
            return StructuredError(name: name, .limit, at: nil, "libyaml ran out of memory")
        default:
            var message = problem
            if let context = p.context.map({ String(cString: $0) }) {
                message += " (\(context) at \(position(p.context_mark)))"
            }
            return StructuredError(name: name, .syntax, at: position(p.problem_mark), message)
        }
    }
}

/// Builds the tree from events with an explicit stack (no recursion, however deep the input).
struct YAMLTreeBuilder {
    let name: String
    var budget: ValueBudget
    var anchors: [String: StructuredNode] = [:]

    init(name: String, limits: StructuredLimits) {
        self.name = name
        budget = ValueBudget(limits, name: name)
    }

    enum Frame {
        case map(SourcePosition, anchor: String?, members: [StructuredMember], merges: [StructuredMember], key: (String, SourcePosition, merge: Bool)?)
        case list(SourcePosition, anchor: String?, items: [StructuredNode])
    }

    func fail(_ at: SourcePosition?, _ message: String, _ kind: StructuredError.Kind = .syntax) -> StructuredError {
        StructuredError(name: name, kind, at: at, message)
    }

    mutating func build(_ events: YAMLEventStream) throws(StructuredError) -> StructuredNode {
        var stack: [Frame] = []
        var root: StructuredNode?
        var documents = 0
        while true {
            let event = try events.next()
            switch event {
            case .streamStart, .documentEnd: continue
            case .streamEnd:
                guard let root else { throw fail(SourcePosition(line: 1, column: 1, offset: 0), "the document is empty", .notADocument) }
                return root
            case .documentStart(let at):
                documents += 1
                if documents > 1 { throw fail(at, "a second YAML document starts here; a configuration is one document") }
            case .mappingStart(let anchor, let tag, let at):
                try checkTag(tag, expected: "tag:yaml.org,2002:map", what: "map", at: at)
                try budget.checkDepth(stack.count + 1, at: at)
                try budget.spend(1, at: at)
                stack.append(.map(at, anchor: anchor, members: [], merges: [], key: nil))
            case .sequenceStart(let anchor, let tag, let at):
                try checkTag(tag, expected: "tag:yaml.org,2002:seq", what: "list", at: at)
                try budget.checkDepth(stack.count + 1, at: at)
                try budget.spend(1, at: at)
                stack.append(.list(at, anchor: anchor, items: []))
            case .mappingEnd, .sequenceEnd:
                guard let frame = stack.popLast() else { throw fail(nil, "libyaml closed a collection that was never opened") }
                let (node, anchor) = try close(frame)
                if let anchor { anchors[anchor] = node }
                try add(node, to: &stack, root: &root, plainKey: false)
            case .scalar(let text, let anchor, let tag, let plain, let at):
                try budget.spend(1, at: at)
                let node = try scalar(text, tag: tag, plain: plain, at: at)
                if let anchor { anchors[anchor] = node }
                try add(node, to: &stack, root: &root, plainKey: plain && tag == nil)
            case .alias(let anchor, let at):
                guard var node = anchors[anchor] else { throw fail(at, "unknown alias *\(anchor); an alias refers to an &anchor written before it") }
                try budget.spend(node.weight, at: at)
                node.position = at
                try add(node, to: &stack, root: &root, plainKey: false)
            }
        }
    }

    func checkTag(_ tag: String?, expected: String, what: String, at: SourcePosition) throws(StructuredError) {
        guard let tag, tag != expected else { return }
        throw fail(at, "unsupported YAML tag \(tag.replacingCore) on a \(what); a configuration uses plain maps, lists and values", .unsupported)
    }

    /// A finished map (merge keys applied) or list.
    func close(_ frame: Frame) throws(StructuredError) -> (StructuredNode, String?) {
        switch frame {
        case .list(let at, let anchor, let items):
            return (StructuredNode(.array(items), at: at), anchor)
        case .map(let at, let anchor, var members, let merges, let key):
            if let key { throw fail(key.1, "the key \"\(key.0)\" has no value") }
            // Merged members come after the map's own and only where it sets no value itself.
            var own = Set(members.map(\.key))
            for m in merges where !own.contains(m.key) {
                members.append(m)
                own.insert(m.key)
            }
            return (StructuredNode(.object(members), at: at), anchor)
        }
    }

    mutating func add(_ node: StructuredNode, to stack: inout [Frame], root: inout StructuredNode?, plainKey: Bool) throws(StructuredError) {
        guard let top = stack.popLast() else {
            root = node
            return
        }
        switch top {
        case .list(let at, let anchor, var items):
            items.append(node)
            stack.append(.list(at, anchor: anchor, items: items))
        case .map(let at, let anchor, var members, var merges, let key):
            if let (k, keyAt, merge) = key {
                if merge {
                    merges += try mergeMembers(node)
                } else {
                    members.append(StructuredMember(key: k, keyPosition: keyAt, value: node))
                }
                stack.append(.map(at, anchor: anchor, members: members, merges: merges, key: nil))
            } else {
                let text: String
                switch node.value {
                case .string(let s): text = s
                case .number, .bool, .null: text = Self.keyText(node)
                default: throw fail(node.position, "a key must be a plain value, not \(node.value.typeDescription)")
                }
                stack.append(.map(at, anchor: anchor, members: members, merges: merges, key: (text, node.position, plainKey && text == "<<")))
            }
        }
    }

    /// The members `<<` merges: one map, or a list of maps (earlier ones win).
    func mergeMembers(_ node: StructuredNode) throws(StructuredError) -> [StructuredMember] {
        if case .object(let m) = node.value { return m }
        if case .array(let maps) = node.value {
            var out: [StructuredMember] = []
            for map in maps {
                guard case .object(let m) = map.value else {
                    throw fail(map.position, "<< merges maps; this list holds \(map.value.typeDescription)")
                }
                out += m
            }
            return out
        }
        throw fail(node.position, "<< merges a map (an alias such as *base) or a list of maps, not \(node.value.typeDescription)")
    }

    /// A number, boolean or null used as a key, written back as text (`1: x` has the key "1").
    static func keyText(_ node: StructuredNode) -> String {
        switch node.value {
        case .number(let d): return d.compactText
        case .bool(let b): return b ? "true" : "false"
        default: return "null"
        }
    }

    // MARK: Scalars (YAML 1.2 core schema)

    func scalar(_ text: String, tag: String?, plain: Bool, at: SourcePosition) throws(StructuredError) -> StructuredNode {
        let core = "tag:yaml.org,2002:"
        guard let tag else {
            return StructuredNode(plain ? try resolvePlain(text, at: at) : .string(text), at: at)
        }
        switch tag {
        case "!", core + "str": return StructuredNode(.string(text), at: at)
        case core + "int", core + "float":
            let v = try resolvePlain(text, at: at)
            guard case .number = v else { throw fail(at, "\"\(text.prefix(40))\" is not a number (tagged \(tag.replacingCore))") }
            return StructuredNode(v, at: at)
        case core + "bool":
            guard case .bool(let b) = try resolvePlain(text, at: at) else { throw fail(at, "\"\(text.prefix(40))\" is not true or false") }
            return StructuredNode(.bool(b), at: at)
        case core + "null": return StructuredNode(.null, at: at)
        default:
            throw fail(at, "unsupported YAML tag \(tag.replacingCore); a configuration uses plain maps, lists and values", .unsupported)
        }
    }

    func resolvePlain(_ text: String, at: SourcePosition) throws(StructuredError) -> StructuredValue {
        switch text {
        case "", "~", "null", "Null", "NULL": return .null
        case "true", "True", "TRUE": return .bool(true)
        case "false", "False", "FALSE": return .bool(false)
        case ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF", "-.inf", "-.Inf", "-.INF", ".nan", ".NaN", ".NAN":
            throw fail(at, "\(text) is not a finite number (write a finite number)", .nonFiniteNumber)
        default: break
        }
        let u = Array(text.utf8)
        guard let first = u.first, first == 0x2B || first == 0x2D || first == 0x2E || (first >= 0x30 && first <= 0x39) else {
            return .string(text)
        }
        if u.count > 2, u[0] == 0x30, u[1] == 0x78 || u[1] == 0x6F {
            let digits = String(text.dropFirst(2))
            guard let v = UInt64(digits, radix: u[1] == 0x78 ? 16 : 8) else { return .string(text) }
            return .number(Double(v))
        }
        guard Self.isCoreNumber(u) else { return .string(text) }
        let cleaned = text.hasPrefix("+") ? String(text.dropFirst()) : text
        guard let v = Double(cleaned.hasSuffix(".") ? cleaned + "0" : cleaned) else { return .string(text) }
        guard v.isFinite else { throw fail(at, "\(text.prefix(40)) is too large for a Double", .nonFiniteNumber) }
        return .number(v)
    }

    /// `[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?`
    static func isCoreNumber(_ u: [UInt8]) -> Bool {
        var i = 0
        func digits() -> Int { let from = i; while i < u.count && u[i] >= 0x30 && u[i] <= 0x39 { i += 1 }; return i - from }
        if i < u.count && (u[i] == 0x2B || u[i] == 0x2D) { i += 1 }
        let whole = digits()
        var fraction = 0
        if i < u.count && u[i] == 0x2E { i += 1; fraction = digits() }
        guard whole + fraction > 0 else { return false }
        if i < u.count && (u[i] == 0x65 || u[i] == 0x45) {
            i += 1
            if i < u.count && (u[i] == 0x2B || u[i] == 0x2D) { i += 1 }
            guard digits() > 0 else { return false }
        }
        return i == u.count
    }
}

extension String {
    /// `tag:yaml.org,2002:set` → `!!set`, as it is written.
    var replacingCore: String { hasPrefix("tag:yaml.org,2002:") ? "!!" + dropFirst(18) : self }
}
