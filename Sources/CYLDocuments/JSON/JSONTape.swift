#if canImport(Glibc)
import Glibc
#endif

/// A parsed JSON document as one flat array of values in document order (a "tape"), which
/// `JSONElement` reads in place.
///
/// Why not a tree: a tree of `JSONNode`s allocates an array per container and a string per key and
/// text value, and frees them all again; building and dropping it was three fifths of opening a
/// Lottie icon. A tape is two allocations that grow by doubling, 16 bytes a value and the text of
/// its strings, which become `String`s only when someone asks.
///
/// Invariants (the reader and `init(node:)` establish them; nothing mutates a tape afterwards):
/// - `entries[0]` is the root. A container's children follow it directly, each child's own
///   subtree before the next child; `end` of a container is the index just past its subtree, so
///   a child's next sibling is at `end` (containers) or `index + 1` (scalars).
/// - An object's subtree is key, value, key, value, …: each key a string entry. A key written
///   twice stays twice; lookups take the value written last (see `JSONElement`).
/// - A string entry's text is valid UTF-8 with escapes decoded, a range of the tape's text (every
///   string and key of the document, one after another).
/// - `offset` of each entry is the byte where its value starts in the document; offsets of
///   distinct values differ except for values made by `init(node:)` (which keep the node's).
final class JSONTape: @unchecked Sendable {
    // Owned, immutable after init, freed in deinit (hence @unchecked Sendable): raw storage so that
    // reading an entry or a key retains nothing (arrays here cost a retain and release per read,
    // two fifths of reading a Lottie model).
    private let entryBase: UnsafeMutablePointer<Entry>
    let count: Int
    private let textBase: UnsafeMutablePointer<UInt8>
    let source: JSONSource
    /// The path of the root value (not `$` for a tape made from a node inside another document).
    let basePath: JSONPath

    enum Kind: UInt8 {
        case null, bool, number, string, array, object

        /// "null", "a boolean", "a number", "a string", "an array", "an object": for messages.
        var typeDescription: String {
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

    /// 16 bytes: what a value is, where it starts, and its payload in `word`: a number's bits, a
    /// boolean (0 or 1), a string's start and length in the text, or a container's end index and
    /// child count.
    struct Entry {
        var word: UInt64
        var offset: Int32
        /// The kind's raw value.
        var info: UInt32

        var kind: Kind { Kind(rawValue: UInt8(truncatingIfNeeded: info))! }
        var isContainer: Bool { info >= UInt32(Kind.array.rawValue) }
        /// Containers: the index after the subtree.
        var end: Int { Int(UInt32(truncatingIfNeeded: word)) }
        /// Containers: members (objects) or elements (arrays).
        var count: Int { Int(UInt32(truncatingIfNeeded: word >> 32)) }
        /// Strings: where the UTF-8 starts in the text and how long it is.
        var textStart: Int { Int(UInt32(truncatingIfNeeded: word >> 32)) }
        var textLength: Int { Int(UInt32(truncatingIfNeeded: word)) }

        static func scalar(_ kind: Kind, _ word: UInt64, at offset: Int) -> Entry {
            Entry(word: word, offset: Int32(truncatingIfNeeded: offset), info: UInt32(kind.rawValue))
        }
        static func string(start: Int, length: Int, at offset: Int) -> Entry {
            Entry(word: UInt64(start) << 32 | UInt64(length), offset: Int32(truncatingIfNeeded: offset), info: UInt32(Kind.string.rawValue))
        }
        static func container(object: Bool, end: Int, count: Int, at offset: Int) -> Entry {
            Entry(word: UInt64(count) << 32 | UInt64(end), offset: Int32(truncatingIfNeeded: offset),
                  info: UInt32((object ? Kind.object : Kind.array).rawValue))
        }
    }

    /// The growing storage a tape is written into; `JSONTape.init(_:…)` takes it over. Freed here
    /// if nobody does (a document that fails to parse).
    final class Builder {
        private(set) var entries: UnsafeMutablePointer<Entry>
        private(set) var count = 0
        private var capacity: Int
        private(set) var text: UnsafeMutablePointer<UInt8>
        private(set) var textCount = 0
        private var textCapacity: Int

        init(entries: Int, text: Int) {
            capacity = max(16, entries)
            self.entries = .allocate(capacity: capacity)
            textCapacity = max(64, text)
            self.text = .allocate(capacity: textCapacity)
        }

        deinit {
            entries.deallocate()
            text.deallocate()
        }

        @inline(__always) func append(_ e: Entry) {
            if count == capacity { growEntries() }
            (entries + count).initialize(to: e)
            count += 1
        }

        @inline(__always) subscript(i: Int) -> Entry {
            get { entries[i] }
            set { entries[i] = newValue }
        }

        @inline(__always) func appendText(_ bytes: UnsafeBufferPointer<UInt8>) {
            if textCount + bytes.count > textCapacity { growText(to: textCount + bytes.count) }
            if let b = bytes.baseAddress { (text + textCount).update(from: b, count: bytes.count) }
            textCount += bytes.count
        }

        @inline(__always) func appendText(_ byte: UInt8) {
            if textCount == textCapacity { growText(to: textCount + 1) }
            text[textCount] = byte
            textCount += 1
        }

        private func growEntries() {
            let grown = UnsafeMutablePointer<Entry>.allocate(capacity: capacity * 2)
            grown.moveInitialize(from: entries, count: count)
            entries.deallocate()
            entries = grown
            capacity *= 2
        }

        private func growText(to needed: Int) {
            var c = textCapacity * 2
            while c < needed { c *= 2 }
            let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: c)
            grown.moveInitialize(from: text, count: textCount)
            text.deallocate()
            text = grown
            textCapacity = c
        }

        /// Hands the storage to a tape; the builder is left empty.
        fileprivate func take() -> (UnsafeMutablePointer<Entry>, Int, UnsafeMutablePointer<UInt8>) {
            let taken = (entries, count, text)
            capacity = 1
            entries = .allocate(capacity: 1)
            count = 0
            textCapacity = 1
            text = .allocate(capacity: 1)
            textCount = 0
            return taken
        }
    }

    /// Takes over what `builder` wrote (at least the root entry).
    init(_ builder: Builder, source: JSONSource, basePath: JSONPath) {
        (entryBase, count, textBase) = builder.take()
        self.source = source
        self.basePath = basePath
    }

    deinit {
        entryBase.deallocate()
        textBase.deallocate()
    }

    @inline(__always) subscript(i: Int) -> Entry {
        precondition(i >= 0 && i < count, "an element's index lies on its tape")
        return entryBase[i]
    }

    /// A tape holding a copy of `node`'s tree (its strings go to `text`).
    convenience init(node: JSONNode, path: JSONPath, source: JSONSource) {
        let b = Builder(entries: 16, text: 64)
        func add(_ n: JSONNode) {
            switch n.value {
            case .null: b.append(.scalar(.null, 0, at: n.offset))
            case let .bool(v): b.append(.scalar(.bool, v ? 1 : 0, at: n.offset))
            case let .number(d): b.append(.scalar(.number, d.bitPattern, at: n.offset))
            case let .string(s): addString(s, at: n.offset)
            case let .array(items):
                let at = b.count
                b.append(.scalar(.null, 0, at: 0))
                for e in items { add(e) }
                b[at] = .container(object: false, end: b.count, count: items.count, at: n.offset)
            case let .object(members):
                let at = b.count
                b.append(.scalar(.null, 0, at: 0))
                for m in members {
                    addString(m.key, at: m.value.offset)
                    add(m.value)
                }
                b[at] = .container(object: true, end: b.count, count: members.count, at: n.offset)
            }
        }
        func addString(_ s: String, at offset: Int) {
            var s = s
            let start = b.textCount
            s.withUTF8 { b.appendText($0) }
            b.append(.string(start: start, length: b.textCount - start, at: offset))
        }
        add(node)
        self.init(b, source: source, basePath: path)
    }

    /// The index after the subtree of the value at `i`.
    @inline(__always) func next(after i: Int) -> Int {
        let e = self[i]
        return e.isContainer ? e.end : i + 1
    }

    /// The UTF-8 of the string at `i`, valid while the tape lives.
    @inline(__always) func text(_ i: Int) -> UnsafeBufferPointer<UInt8> {
        let e = self[i]
        return UnsafeBufferPointer(start: textBase + e.textStart, count: e.textLength)
    }

    /// The string at `i` (validated UTF-8 when read).
    func string(_ i: Int) -> String {
        String(decoding: text(i), as: UTF8.self)
    }

    /// Whether the string at `i` is `key`, byte for byte.
    @inline(__always) func stringEquals(_ i: Int, _ key: String) -> Bool {
        var key = key
        return key.withUTF8 { textEquals(i, $0) }
    }

    /// Whether the string at `i` is the UTF-8 `k`.
    @inline(__always) func textEquals(_ i: Int, _ k: UnsafeBufferPointer<UInt8>) -> Bool {
        let t = text(i)
        guard t.count == k.count else { return false }
        // Lottie keys are one to three bytes: a loop beats a call to memcmp there.
        if k.count <= 8 {
            for j in 0..<k.count where t[j] != k[j] { return false }
            return true
        }
        return memcmp(t.baseAddress!, k.baseAddress!, k.count) == 0
    }

    /// The value at `i` as a tree (objects with duplicate keys merged, as `JSONValue` documents).
    func node(_ i: Int) -> JSONNode {
        let e = self[i]
        let offset = Int(e.offset)
        switch e.kind {
        case .null: return JSONNode(value: .null, offset: offset)
        case .bool: return JSONNode(value: .bool(e.word != 0), offset: offset)
        case .number: return JSONNode(value: .number(Double(bitPattern: e.word)), offset: offset)
        case .string: return JSONNode(value: .string(string(i)), offset: offset)
        case .array:
            var items: [JSONNode] = []
            items.reserveCapacity(e.count)
            var c = i + 1
            while c < e.end { items.append(node(c)); c = next(after: c) }
            return JSONNode(value: .array(items), offset: offset)
        case .object:
            var members: [(key: String, value: JSONNode)] = []
            members.reserveCapacity(e.count)
            var c = i + 1
            while c < e.end { members.append((string(c), node(c + 1))); c = next(after: c + 1) }
            if members.count > 1 { JSONReader.mergeDuplicateKeys(&members) }
            return JSONNode(value: .object(members), offset: offset)
        }
    }
}
